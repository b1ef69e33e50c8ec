"""The Cross words combat game state (docs/rules/crosswords.md): immutable; ``apply(move)``
returns a new state.

A turn writes one unused word of the player's page across or down through one of their
own letters (the five writing rules); crossing opponent letters captures them, walling in
empty regions captures those, and both, like the marker after the word on its page, earn
extra turns, played first first before the opponent's next turn. A turn (normal or extra)
with no legal write is a pass. The game ends when both players have had ``turn_limit``
normal turns and no extra turn is left, or when nobody can write; a captured cell scores
1 for its captor.

Cross words combat has no hidden information (pages are open) and no chance:
``observation`` is the whole position and ``determinize`` the state itself (the
interface's defaults).

>>> from wordbot.engine.crosswords.game import GAME
>>> state = GAME.new(pages={"red": "An ant ate 2 hay", "green": "By my ox"})
>>> sorted(state.cells.items())[:2]
[((-4, 0), ('B', 1)), ((-4, 1), ('Y', 1))]
>>> after = state.apply(state.parse_move("write ANT 4,0 down"))
>>> after.to_move, after.extra, after.turns
('green', (), (1, 0))
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, cast

from wordbot.engine import pie
from wordbot.engine.crosswords.adapter import ENCLOSED, Window
from wordbot.engine.crosswords.moves import (
    Pass,
    TextWrite,
    Write,
    parse_json,
    parse_text,
    write_text,
)
from wordbot.engine.crosswords.pages import Extra, Page, Word, extra_turns
from wordbot.engine.crosswords.rules import STEP
from wordbot.engine.errors import IllegalMove, MoveError
from wordbot.engine.outcome import Outcome
from wordbot.engine.position import text_digest
from wordbot.engine.state import OVER, GameState

if TYPE_CHECKING:
    from collections.abc import Set

    import numpy as np
    from wordbot.engine.crosswords.legal import CrossWordsMoves
    from wordbot.engine.crosswords.position import Listing, Listings
    from wordbot.engine.crosswords.rules import Rules

TURN = "turn"
NORMAL = None  # the restriction of a normal turn: rule 3 only
ANY_WORD = Extra(any_word=True)


def next_words(
    page: Page, used: Set[tuple[int, int]], before: list[int], w: int
) -> list[int]:
    """A normal turn's usable words (indices into ``page.words``, the next unused word
    of each row) once word ``w`` is used, from the list ``before`` it was.

    >>> page = Page.from_text("An ant\\nBy")  # words AN, ANT, BY
    >>> next_words(page, {(0, 0)}, [0, 2], 0), next_words(page, {(1, 0)}, [0, 2], 2)
    ([1, 2], [0])
    """
    if w not in before:
        return before  # written out of turn: each row's next word is unchanged
    keys, end = page.keys, page.starts[page.words[w].row + 1]
    i = w + 1
    while i < end and keys[i] in used:
        i += 1
    return (
        [v for v in before if v != w] if i == end else [i if v == w else v for v in before]
    )


class CrossWordsState(GameState["CrossWordsMoves"]):
    """One position. ``cells``: (r, c) -> (letter, writer seat); ``captured``: (r, c) ->
    captor seat; ``pages`` and ``used`` (sets of (row, index)) by seat; ``extra``: the
    extra turns of the player to move (:class:`~.pages.Extra`, first first); ``turns``:
    normal turns taken by seat; ``pie_taken``: the second player took the first turn over
    (rule ``pie``: the seats' letters, captures, pages and turns were exchanged)."""

    __slots__ = (
        "players",
        "to_move",
        "phase",
        "cells",
        "captured",
        "pages",
        "used",
        "extra",
        "turns",
        "pie_taken",
        "rules",
        "seed",
        "lexicon",
        "origin",
        "_moves",
        "_window",
        "_usable",
        "_writes",
        "_listings",
    )
    CACHES = ("_moves", "_window", "_usable", "_writes", "_listings")
    cells: dict[tuple[int, int], tuple[str, int]]
    captured: dict[tuple[int, int], int]
    pages: tuple[Page, ...]
    used: tuple[Set[tuple[int, int]], ...]
    extra: tuple[Extra, ...]
    turns: tuple[int, ...]
    pie_taken: bool
    rules: Rules
    _moves: CrossWordsMoves | None
    _window: Window | None
    _writes: dict[tuple[int, Extra | None, bool], np.ndarray] | None
    _usable: dict[tuple[int, Extra | None], list[int]] | None
    _listings: Listings | None

    # -- where it stands ---------------------------------------------------------------
    @property
    def scores(self) -> dict[str, int]:
        # the captured cells' seats are 0 and 1: their sum counts the second seat's
        second = sum(self.captured.values())
        return dict(zip(self.players, (len(self.captured) - second, second)))

    @property
    def turn(self) -> int:
        """1 + the normal turns the game has had."""
        return 1 + sum(self.turns)

    def outcome(self) -> Outcome:
        """See :func:`wordbot.engine.pie.outcome` (the compensation, after a take-over
        too)."""
        return pie.outcome(self)

    @property
    def pie_offered(self) -> bool:
        """Whether the player to move may take the first turn over (rule ``pie``):
        green, at its first turn, when red's first turn and its extra turns are done."""
        return self.phase != OVER and not self.extra and pie.offered(self)

    def describe(self) -> str:
        if self.is_over:
            return "game over"
        extra = f", extra turn ({self.extra[0].describe()})" if self.extra else ""
        return f"turn {self.turn}{extra}"

    @property
    def restriction(self) -> Extra | None:
        """The restriction of the turn being played (None: a normal turn)."""
        return self.extra[0] if self.extra else NORMAL

    def owner(self, cell: tuple[int, int]) -> int | None:
        """The seat a cell belongs to: its captor, else its letter's writer."""
        if cell in self.captured:
            return self.captured[cell]
        held = self.cells.get(cell)
        return None if held is None else held[1]

    @property
    def window(self) -> Window:
        """The grid packed for the kernels (made once per state)."""
        if self._window is None:
            reach = max(len(w.text) for p in self.pages for w in p.words)
            self._window = Window(self.cells, self.captured, reach)
        return self._window

    def usable(self, seat: int, restriction: Extra | None) -> list[Word]:
        """The words ``seat`` may write in a turn with ``restriction``: unused, next in
        their row (rule 3) unless the turn lifts it, and allowed by the restriction."""
        words = self.pages[seat].words
        return [words[i] for i in self.usable_indices(seat, restriction)]

    def usable_indices(self, seat: int, restriction: Extra | None) -> list[int]:
        """:meth:`usable` as indices into the page's words (kept per state)."""
        if self._usable is None:
            self._usable = {}
        key = (seat, restriction)
        if key not in self._usable:
            self._usable[key] = self._find_usable(seat, restriction)
        return self._usable[key]

    def _find_usable(self, seat: int, restriction: Extra | None) -> list[int]:
        page, used = self.pages[seat], self.used[seat]
        keys = page.keys
        out = []
        if restriction is not None and restriction.any_word:
            out = [i for i, key in enumerate(keys) if key not in used]
        else:
            starts = page.starts
            for row in range(len(starts) - 1):
                i, end = starts[row], starts[row + 1]
                while i < end and keys[i] in used:
                    i += 1
                if i < end:
                    out.append(i)
        if restriction is not None and restriction != ANY_WORD:
            texts = page.texts
            out = [i for i in out if restriction.allows(texts[i])]
        return out

    def writes(
        self,
        seat: int | None = None,
        restriction: Extra | None = NORMAL,
        current: bool = True,
        first: bool = False,
    ):
        """The legal writes of ``seat`` (default: the player to move, in the turn being
        played): int64 rows of word index, r, c, direction (0 across, 1 down), opponent
        letters crossed, cells enclosed (kept per state: a player's evaluation asks
        for both seats' writes, for each seat it values; read-only)."""
        if current:
            seat, restriction = self.seat, self.restriction
        assert seat is not None  # given when not the current turn's
        if self._writes is None:
            self._writes = {}
        key = (seat, restriction, first)
        found = self._writes.get(key)
        if found is None:
            found = self._writes[key] = self.window.writes(
                seat,
                self.pages[seat],
                self.usable_indices(seat, restriction),
                effects=not first,
                first=first,
            )
            found.setflags(write=False)
        return found

    def can_write(self, seat: int, restriction: Extra | None) -> bool:
        return len(self.writes(seat, restriction, current=False, first=True)) > 0

    # -- moves ---------------------------------------------------------------------------
    def list_moves(self) -> CrossWordsMoves:
        from wordbot.engine.crosswords.legal import CrossWordsMoves

        return CrossWordsMoves(self)

    def word_of(self, move: Write) -> Word:
        """The page word a write names; IllegalMove when the page has no such word."""
        page = self.pages[self.seat]
        by_row = page.by_row
        if move.row >= len(by_row) or move.word >= len(by_row[move.row]):
            raise IllegalMove(
                "page", f"the page of {self.to_move} has no word [{move.row}, {move.word}]"
            )
        return by_row[move.row][move.word]

    def cells_of(self, move: Write, text: str) -> list[tuple[int, int]]:
        dr, dc = STEP[move.direction]
        return [(move.r + j * dr, move.c + j * dc) for j in range(len(text))]

    def check(self, move) -> None:
        """IllegalMove naming the rule a move breaks (nothing when it is legal)."""
        if self.is_over:
            raise IllegalMove("game_over", "the game is over")
        if isinstance(move, Pass):
            if not self.legal_moves().pass_only:
                raise IllegalMove("pass", "a pass only when no word can be written")
            return
        if isinstance(move, pie.TakeOver):
            if not self.pie_offered:
                pie.refuse(self)
            return
        if not isinstance(move, Write):
            raise MoveError(f"move: {move!r} is not a Cross words combat move")
        seat, word = self.seat, self.word_of(move)
        text = word.text
        if word.key in self.used[seat]:
            raise IllegalMove(
                "used",
                f"{text} (row {move.row}, word {move.word}) is already used",
                word=text,
            )
        restriction = self.restriction
        if not (restriction and restriction.any_word) and any(
            (word.row, k) not in self.used[seat] for k in range(word.index)
        ):
            raise IllegalMove(
                "next_word",
                f"{text} is not the next word of row {move.row} (rule 3)",
                word=text,
            )
        if restriction is not None and not restriction.allows(text):
            raise IllegalMove(
                "extra",
                f"this extra turn needs a word of {restriction.describe()}, not {text}",
                word=text,
            )
        cells = self.cells_of(move, text)
        crossed = 0
        for (r, c), ch in zip(cells, text):
            if (r, c) in self.captured:
                raise IllegalMove(
                    "captured", f"cell {r},{c} is captured (rule 2)", word=text
                )
            held = self.cells.get((r, c))
            if held is not None and held[0] != ch:
                raise IllegalMove(
                    "letters", f"cell {r},{c} holds {held[0]}, not {ch}", word=text
                )
            crossed += held is not None and held[1] != seat
        if not any((cell in self.cells and self.cells[cell][1] == seat) for cell in cells):
            raise IllegalMove(
                "own_letter", f"{text} must cross one of your letters (rule 1)", word=text
            )
        if crossed == 0:
            inside = set(cells)
            for r, c in cells:
                for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if near not in inside and self.owner(near) not in (None, seat):
                        raise IllegalMove(
                            "opponent_adjacent",
                            f"cell {r},{c} touches "
                            f"{self.players[cast(int, self.owner(near))]}'s cell "
                            f"{near[0]},{near[1]} (rule 4)",
                            word=text,
                        )
        if all(cell in self.cells for cell in cells):
            raise IllegalMove(
                "new_cell", f"{text} must fill at least one empty cell (rule 5)", word=text
            )

    def apply(self, move, check: bool = True) -> CrossWordsState:
        if isinstance(move, TextWrite):
            move = self.resolve(move)
        # a write of the legal list (when made) needs no check, and says what it encloses
        listed = None if self._moves is None else self._moves.find(move)
        if check and listed is None:
            self.check(move)
        if isinstance(move, pie.TakeOver):
            return self._taken_over()
        seat = self.seat
        queue = list(self.extra[1:]) if self.extra else []
        turns = list(self.turns)
        if not self.extra:
            turns[seat] += 1
        if isinstance(move, Pass):
            return self._next(seat, queue, turns, listings=self._listings)
        word = self.word_of(move)
        cells, captured = dict(self.cells), dict(self.captured)
        letters, captures = [], []
        for cell, ch in zip(self.cells_of(move, word.text), word.text):
            held = cells.get(cell)
            if held is None:
                cells[cell] = (ch, seat)
                letters.append((cell, ch, seat))
            elif held[1] != seat:
                captured[cell] = seat
                captures.append((cell, seat))
        crossed = len(captures)
        page = self.pages[seat]
        enclosed = (
            []
            if listed is not None and not self._moves.rows[listed, ENCLOSED]  # type: ignore[union-attr]  # a listed write is one of self._moves
            else self.window.enclosed_cells(
                seat,
                page,
                page.starts[word.row] + word.index,
                move.r,
                move.c,
                move.direction,
            )
        )
        for cell in enclosed:
            captured[cell] = seat
            captures.append((cell, seat))
        queue += [extra for extra, _ in extra_turns(word, crossed, len(enclosed))]
        used = list(self.used)
        used[seat] = used[seat] | {word.key}
        window = self.window.changed(letters, captures, seat)
        # the other player's usable words are as they were; the mover's next words of
        # a normal turn change in the word's row only
        known = self._usable or {}
        usable = {key: v for key, v in known.items() if key[0] != seat}
        if (seat, NORMAL) in known:
            usable[(seat, NORMAL)] = next_words(
                page, used[seat], known[(seat, NORMAL)], page.starts[word.row] + word.index
            )
        listings = (
            None if self._listings is None else self._listings.after(letters, captures)
        )
        return self._copy(cells=cells, captured=captured, used=tuple(used))._next(
            seat, queue, turns, window, usable, listings
        )

    def _taken_over(self) -> CrossWordsState:
        """The position once green took red's first turn over: every letter, capture,
        page and turn count of the two seats exchanged, red to move."""
        return self._copy(
            cells={cell: (ch, 1 - s) for cell, (ch, s) in self.cells.items()},
            captured={cell: 1 - s for cell, s in self.captured.items()},
            pages=pie.exchanged(self.pages),
            used=pie.exchanged(self.used),
            turns=pie.exchanged(self.turns),
            to_move=self.players[0],
            pie_taken=True,
        ).settled()

    def _next(
        self,
        seat: int,
        queue: list,
        turns: list,
        window: Window | None = None,
        usable: dict | None = None,
        listings: Listings | None = None,
    ) -> CrossWordsState:
        """The state once a move's queue and turn counts are known: whose turn, or the
        end (``window``, ``usable`` and ``listings``: the caches that still hold)."""
        nxt = seat if queue else 1 - seat
        state = self._copy(
            to_move=self.players[nxt], extra=tuple(queue), turns=tuple(turns)
        )
        state._window = window or self._window
        state._usable = self._usable if usable is None else usable
        state._listings = listings
        return state.settled()

    def settled(self) -> CrossWordsState:
        """This state, or the finished game when the end is reached (docs/rules/crosswords.md "End and
        score"): both players have had ``turn_limit`` turns and no extra turn is left,
        or nobody can write."""
        if self.phase == OVER:
            return self
        limit = self.rules.turn_limit
        done = not self.extra and min(self.turns) >= limit
        seat = self.seat
        # whether the turn has a write, not the list of them: a replay makes no list
        if not done and not self.can_write(seat, self.restriction):
            # the turn being played has no write: any later turn of either player?
            later = list(dict.fromkeys(list(self.extra[1:]) + [NORMAL]))
            done = not any(self.can_write(seat, r) for r in later) and not self.can_write(
                1 - seat, NORMAL
            )
        if not done:
            return self
        over = self._copy(phase=OVER, extra=())
        over._listings = self._listings  # the same cells
        return over

    def resolve(self, move: TextWrite) -> Write:
        """The page word a notation's write names: by its place when given, else the one
        word of that text the player may write in this turn."""
        seat = self.seat
        if move.row is not None:
            assert move.word is not None  # notation gives a word's row and index together
            write = Write(move.row, move.word, move.r, move.c, move.direction)
            word = self.word_of(write)
            if word.text != move.text:
                raise IllegalMove(
                    "page",
                    f"word [{move.row}, {move.word}] of the page is "
                    f"{word.text}, not {move.text}",
                    word=move.text,
                )
            return write
        same = [w for w in self.usable(seat, self.restriction) if w.text == move.text]
        if len(same) > 1:
            places = ", ".join(f"{move.text}@{w.row}.{w.index}" for w in same)
            raise MoveError(
                f"move: {move.text} stands in {len(same)} places ({places}): name one"
            )
        if not same:  # not writable now: name its first unused place, for check() to refuse
            page = self.pages[seat]
            same = [
                w
                for w in page.words
                if w.text == move.text and w.key not in self.used[seat]
            ] or [w for w in page.words if w.text == move.text]
        if not same:
            raise IllegalMove(
                "page",
                f"{move.text} is not a word of the page of {self.to_move}",
                word=move.text,
            )
        return Write(same[0].row, same[0].index, move.r, move.c, move.direction)

    def move_from_json(self, obj: Any):
        return parse_json(obj)

    def parse_notation(self, text: str):
        move = parse_text(text)
        return self.resolve(move) if isinstance(move, TextWrite) else move

    def notation(self, move) -> str:
        if isinstance(move, Pass):
            return "pass"
        if isinstance(move, pie.TakeOver):
            return pie.NOTATION
        word = self.word_of(move)
        same = sum(w.text == word.text for w in self.usable(self.seat, self.restriction))
        return write_text(
            word.text,
            move,
            same > 1 or word not in self.usable(self.seat, self.restriction),
        )

    # -- positions -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        from wordbot.engine.crosswords.position import position_json

        return position_json(self)

    @property
    def listings(self) -> tuple[Listing, Listing]:
        """The canonical JSON texts of the cells and captured cells (kept per state
        once asked for: the states its moves make change them by a few cells)."""
        if self._listings is None:
            from wordbot.engine.crosswords.position import Listings

            self._listings = Listings.of(self)
        return self._listings.made(self.players)

    def digest(self) -> str:
        from wordbot.engine.crosswords.position import Listings, position_text

        if self._listings is None:
            # nothing to make its text from: the position written whole (the cell
            # texts are made when the digest of a state after it asks for them)
            self._listings = Listings.of(self)
            return super().digest()
        return text_digest(position_text(self))

    def transposition_key(self) -> Hashable:
        # the fields position_json writes, each as an order-free value
        return (
            self.rules,
            self.players,
            self.to_move,
            self.phase,
            frozenset(self.cells.items()),
            frozenset(self.captured.items()),
            tuple(page.rows for page in self.pages),
            tuple(frozenset(u) for u in self.used),
            self.extra,
            self.turns,
            self.pie_taken,
        )

    def with_seed(self, seed: int) -> CrossWordsState:
        return self._copy(seed=seed)

    def record_events(self) -> dict[str, Any]:
        return {}


__all__ = ["CrossWordsState", "NORMAL", "Page", "TURN"]

"""Cross words combat's compiled core (:mod:`wordbot.engine.core`): a position as flat
arrays (:mod:`wordbot.movegen.crosswords.core_state`), whole playouts by ``random``,
``greedy`` and the game's own ``territory`` in one call
(:mod:`wordbot.movegen.crosswords.core_play`), making the Python players' choices.

Every rule option is played (``turn_limit``, ``start_gap`` and ``min_start_word`` shape
the set-up and the end, ``compensation`` the scores, ``pie`` the take-over), and every
position the engine reaches or reads: the core refuses nothing.

>>> from wordbot.engine.crosswords.game import GAME
>>> state = GAME.new(pages={"red": "An ant ate 2 hay", "green": "By my ox"})
>>> packed = CORE.pack(state)
>>> played = CORE.playout(packed, [GREEDY, GREEDY], np.array([1, 2], np.uint64))
>>> played.ended, CORE.unpack(packed).is_over
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np
from wordbot.engine import learned, pie
from wordbot.engine.core import GREEDY, RANDOM, TO_END, Core, Packed, Playout, Playouts
from wordbot.engine.crosswords.adapter import page_words
from wordbot.engine.crosswords.evaluation import GAME as GAME_NAME
from wordbot.engine.crosswords.evaluation import VALUE_WEIGHTS
from wordbot.engine.crosswords.moves import Pass, Write
from wordbot.engine.crosswords.pages import Extra, Page
from wordbot.engine.crosswords.rules import DIRECTIONS
from wordbot.engine.crosswords.state import TURN, CrossWordsState
from wordbot.engine.state import OVER
from wordbot.movegen.crosswords import core_play as play
from wordbot.movegen.crosswords import core_state as cs
from wordbot.movegen.crosswords.core_key import key_of
from wordbot.movegen.crosswords.core_territory import DEFAULTS, DENY, ROOM, THREAT
from wordbot.movegen.crosswords.core_top import greedy_top
from wordbot.movegen.crosswords.writes import enclosed_now

#: ``territory`` on its learned weights (its default) and on the hand-set ones
#: (``territory:eval=hand``): the kernels play one set a playout, :func:`settings_of`
TERRITORY = play.TERRITORY
TERRITORY_HAND = TERRITORY + 1
EVALS = {TERRITORY: "learned", TERRITORY_HAND: "hand"}
#: :meth:`CrossWordsCore._run`'s arguments where an operation reads none
NO_ROWS = np.zeros((0, cs.WIDTH), np.int64)
NO_POLICIES = np.zeros(2, np.int64)
NO_SEEDS = np.zeros(1, np.uint64)
#: the slots of ``info`` a transposition key holds (the others follow from the cells)
_KEYED = np.array(
    [cs.TO_MOVE, cs.OVER, cs.TURNS, cs.TURNS + 1, cs.PIE_TAKEN, cs.PAGE_OF, cs.PAGE_OF + 1]
)


def restriction_row(extra: Extra) -> list[int]:
    """An extra turn's restriction as a row of :mod:`.core_state`."""
    return [
        int(extra.any_word),
        -1 if extra.max_length is None else extra.max_length,
        sum(1 << n for n in extra.lengths or ()),
        0 if extra.first_letter is None else ord(extra.first_letter) - 64,
    ]


def restriction_of(row: np.ndarray) -> Extra:
    any_word, longest, lengths, first = (int(v) for v in row)
    return Extra(
        any_word=bool(any_word),
        max_length=None if longest < 0 else longest,
        lengths=tuple(n for n in range(10) if lengths >> n & 1) or None,
        first_letter=chr(64 + first) if first else None,
    )


@lru_cache(maxsize=16)
def book_of(pages: tuple[Page, Page]) -> tuple[np.ndarray, ...]:
    """The pages as the kernels read them (see :mod:`.core_state`), by page."""
    words = max(len(p.words) for p in pages)
    longest = max(len(t) for p in pages for t in p.texts)
    rows = max(len(p.starts) for p in pages)
    codes = np.zeros((2, words, longest), np.int8)
    lengths = np.zeros((2, words), np.int64)
    markers = np.zeros((2, words, 5), np.int64)
    starts = np.zeros((2, rows), np.int64)
    for k, page in enumerate(pages):
        some, sizes = page_words(page)
        codes[k, : len(page.words), : some.shape[1]] = some
        lengths[k, : len(page.words)] = sizes
        for w, word in enumerate(page.words):
            if word.marker is not None:
                markers[k, w] = [1, *restriction_row(word.marker)]
        starts[k, : len(page.starts)] = page.starts
    # writable, as the Python listing's words are: the kernels share one compiled
    # signature (a read-only array is another type to numba)
    return (codes, lengths, markers, starts)


@dataclass
class CrossWordsPacked(Packed):
    """A position's arrays (:mod:`.core_state`: ``grid``, ``used``, ``info``,
    ``extra``, ``book``), the pages by page, the compensation, and the state packed
    (its rules, seed and players)."""

    grid: np.ndarray
    used: np.ndarray
    info: np.ndarray
    extra: np.ndarray
    book: tuple[np.ndarray, ...]
    pages: tuple[Page, Page]
    compensation: float
    template: CrossWordsState

    def copy(self) -> CrossWordsPacked:
        return CrossWordsPacked(
            self.grid.copy(),
            self.used.copy(),
            self.info.copy(),
            self.extra.copy(),
            self.book,
            self.pages,
            self.compensation,
            self.template,
        )

    def arrays(self) -> tuple[Any, ...]:
        return self.grid, self.used, self.info, self.extra, self.book


class CrossWordsCore(Core):
    """See the module docstring."""

    policies: ClassVar[dict[str, int]] = {
        "random": RANDOM,
        "greedy": GREEDY,
        "territory": TERRITORY,
        "territory:eval=hand": TERRITORY_HAND,
    }
    width = cs.WIDTH
    # a packed position is a grid of rays and closing cells, dearer than two Python
    # moves of greedy: a two-move leaf packed from nothing is played in Python (one
    # packed along its branch from the root is played in the core)
    python_plies = 2

    def plays_together(self, ids: Sequence[int]) -> bool:
        """One playout plays one set of ``territory``'s weights."""
        return len(set(ids) & set(EVALS)) < 2

    def refuses(self, state: CrossWordsState) -> str | None:
        return None

    def pack(self, state: CrossWordsState) -> CrossWordsPacked:
        pages = (state.pages[0], state.pages[1])
        book = book_of(pages)
        margin = book[0].shape[2] + 2
        spots = np.array(list(state.cells) + list(state.captured), np.int64).reshape(-1, 2)
        low, high = spots.min(axis=0), spots.max(axis=0)
        origin = low - 2 * margin
        shape = high - low + 1 + 4 * margin
        grid = np.zeros((cs.PLANES, int(shape[0]), int(shape[1])), np.int8)
        # a search packs every leaf: whole planes at once, not a cell at a time
        n = len(state.cells)
        if n:
            rows, cols = (spots[:n, 0] - origin[0]), (spots[:n, 1] - origin[1])
            written = [(ord(ch) - 64, seat + 1) for ch, seat in state.cells.values()]
            letters, writers = np.array(written, np.int8).T
            grid[cs.LETTER, rows, cols] = letters
            grid[cs.WRITER, rows, cols] = grid[cs.OWNER, rows, cols] = writers
        if state.captured:
            rows, cols = (spots[n:, 0] - origin[0]), (spots[n:, 1] - origin[1])
            captors = np.array(list(state.captured.values()), np.int8) + 1
            grid[cs.CAPTOR, rows, cols] = grid[cs.OWNER, rows, cols] = captors
        cs.prepare(grid)
        info = np.zeros(cs.INFO, np.int64)
        info[cs.TO_MOVE] = state.seat
        info[cs.OVER] = state.is_over
        info[cs.TURNS : cs.TURNS + 2] = state.turns
        info[cs.PIE_TAKEN] = state.pie_taken
        info[cs.PAGE_OF : cs.PAGE_OF + 2] = (0, 1)
        info[cs.SCORES : cs.SCORES + 2] = list(state.scores.values())
        for seat in (0, 1):
            info[cs.EVERYWHERE + seat] = enclosed_now(grid[cs.OWNER], np.int8(seat + 1)) > 0
            info[cs.ROWS + seat] = len(pages[seat].starts) - 1
            info[cs.WORDS + seat] = len(pages[seat].words)
        info[cs.TURN_LIMIT] = state.rules.turn_limit
        info[cs.PIE] = state.rules.pie
        info[cs.ORIGIN : cs.ORIGIN + 2] = origin
        info[cs.WALLS : cs.WALLS + 4] = (
            low[0] - origin[0],
            high[0] - origin[0],
            low[1] - origin[1],
            high[1] - origin[1],
        )
        info[cs.MARGIN] = margin
        used = np.zeros((2, book[0].shape[1]), np.int8)
        for seat, page in enumerate(pages):
            mine = state.used[seat]
            used[seat, : len(page.keys)] = [key in mine for key in page.keys]
        room = len(state.extra) + 3 * sum(len(p.words) for p in pages) + 1
        extra = np.zeros((room, 4), np.int64)
        for k, e in enumerate(state.extra):
            extra[k] = restriction_row(e)
        info[cs.EXTRAS] = len(state.extra)
        return CrossWordsPacked(
            grid,
            used,
            info,
            extra,
            book,
            pages,
            float(state.rules.compensation),
            state,
        )

    def unpack(self, packed: Packed) -> CrossWordsState:
        packed = _own(packed)
        grid, info = packed.grid, packed.info
        r0, c0 = int(info[cs.ORIGIN]), int(info[cs.ORIGIN + 1])
        letter, writer, captor = grid[cs.LETTER], grid[cs.WRITER], grid[cs.CAPTOR]
        # whole arrays converted at once: a game's end has a thousand cells
        rows, cols = np.nonzero(letter)
        cells = dict(
            zip(
                zip((rows + r0).tolist(), (cols + c0).tolist()),
                zip(
                    map(chr, (letter[rows, cols] + 64).tolist()),
                    (writer[rows, cols] - 1).tolist(),
                ),
            )
        )
        rows, cols = np.nonzero(captor)
        captured = dict(
            zip(
                zip((rows + r0).tolist(), (cols + c0).tolist()),
                (captor[rows, cols] - 1).tolist(),
            )
        )
        page_of = [int(info[cs.PAGE_OF + s]) for s in (0, 1)]
        pages = tuple(packed.pages[p] for p in page_of)
        used = tuple(
            frozenset(
                packed.pages[p].keys[w] for w in np.flatnonzero(packed.used[p]).tolist()
            )
            for p in page_of
        )
        template = packed.template
        return template._copy(
            to_move=template.players[int(info[cs.TO_MOVE])],
            phase=OVER if info[cs.OVER] else TURN,
            cells=cells,
            captured=captured,
            pages=pages,
            used=used,
            extra=tuple(
                restriction_of(row) for row in packed.extra[: int(info[cs.EXTRAS])]
            ),
            turns=(int(info[cs.TURNS]), int(info[cs.TURNS + 1])),
            pie_taken=bool(info[cs.PIE_TAKEN]),
        )

    def _page(self, packed: Packed) -> Page:
        """The page of the player to move."""
        own = _own(packed)
        info = own.info
        return own.pages[int(info[cs.PAGE_OF + int(info[cs.TO_MOVE])])]

    def encode(self, packed: Packed, move: Any) -> np.ndarray:
        row = np.zeros(cs.WIDTH, np.int64)
        if isinstance(move, Write):
            page = self._page(packed)
            row[:] = (
                cs.WRITE,
                page.starts[move.row] + move.word,
                move.r,
                move.c,
                DIRECTIONS.index(move.direction),
            )
        elif isinstance(move, Pass):
            row[cs.KIND] = cs.PASS
        elif isinstance(move, pie.TakeOver):
            row[cs.KIND] = cs.TAKE_OVER
        else:
            raise ValueError(f"move: {move!r} is not a Cross words combat move")
        return row

    def decode(self, packed: Packed, row: np.ndarray) -> Any:
        return _decoded(self._page(packed), row)

    def turns(self, packed: Packed, rows: np.ndarray) -> list[tuple[int, Any]]:
        """Each move of ``rows`` played in turn from ``packed`` (not changed), with the
        seat that made it, from one call into the kernel."""
        own = _own(packed)
        rows = np.ascontiguousarray(rows, np.int64).reshape(-1, cs.WIDTH)
        before, _, _ = self._run(own.copy(), play.APPLY, rows)
        return _turns(own.pages, rows, before[:, :2])

    def played_turns(
        self, state: CrossWordsState, played: Playout
    ) -> list[tuple[int, Any]]:
        """The playout's moves, by the seat and page it recorded beside each."""
        if played.movers is None:
            return super().played_turns(state, played)
        return _turns(state.pages, played.moves, played.movers)  # as pack() has them

    def _run(
        self,
        packed: Packed,
        op: int,
        rows: np.ndarray = NO_ROWS,
        policies: np.ndarray = NO_POLICIES,
        rngs: np.ndarray = NO_SEEDS,
        horizon: int = TO_END,
        settings: np.ndarray | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:func:`~wordbot.movegen.crosswords.core_play.run`: (rows played, scores,
        ended); the packed grid is the one it returns. ``settings``: territory's
        (:func:`settings_of`), read by the operations that play or value it."""
        packed = _own(packed)
        packed.grid, played, scores, ended = play.run(
            *packed.arrays(),
            op,
            rows,
            policies,
            rngs,
            horizon,
            DEFAULTS if settings is None else settings,
            packed.compensation,
        )
        return played, scores, ended

    def apply(self, packed: Packed, row: np.ndarray) -> None:
        self._run(packed, play.APPLY, np.ascontiguousarray(row, np.int64).reshape(1, -1))

    def top(self, packed: Packed, k: int) -> np.ndarray:
        own = _own(packed)
        return greedy_top(*own.arrays(), k)

    def key(self, packed: Packed) -> bytes:
        """The fields the state's key holds: each letter's and captured cell's place
        (wherever the window of the grid lies), letter, writer and captor; the words
        used, by page, and which page each seat writes from; the extra turns queued;
        the turns, the take-over, the mover and whether the game is over."""
        own = _own(packed)
        return key_of(own.grid, own.used, own.info, own.extra, _KEYED)

    def _scores(self, packed: Packed) -> np.ndarray:
        """Each seat's score, the compensation to the seat that moved later."""
        own = _own(packed)
        later = 0 if own.info[cs.PIE_TAKEN] else 1
        scores = own.info[cs.SCORES : cs.SCORES + 2].astype(np.float64)
        scores[later] += own.compensation
        return scores

    def playout(
        self,
        packed: Packed,
        policies: Sequence[int],
        rngs: np.ndarray,
        horizon: int = TO_END,
    ) -> Playout:
        if not (
            isinstance(rngs, np.ndarray)
            and rngs.dtype == np.uint64
            and rngs.shape in ((1,), (2,))
            and rngs.flags.c_contiguous
            and rngs.flags.writeable
        ):
            raise ValueError("rngs: a writable uint64 array of one generator or two")
        ids, settings = _policies(policies)
        played, scores, ended = self._run(
            packed, play.PLAY, policies=ids, rngs=rngs, horizon=horizon, settings=settings
        )
        return Playout(
            scores[0, 0],
            bool(ended[0, 0]),
            played[:, : cs.WIDTH],
            played[:, play.MOVER : play.MOVER + 2],
        )

    def playouts(
        self,
        packed: Packed,
        firsts: np.ndarray,
        policies: Sequence[int],
        seeds: np.ndarray,
        horizon: int = TO_END,
        keep: bool = False,
    ) -> Playouts:
        ids, settings = _policies(policies)
        firsts = np.asarray(firsts, np.int64).reshape(-1, cs.WIDTH)
        seeds = np.asarray(seeds, np.uint64)
        if not keep:
            _, scores, ended = self._run(
                packed, play.BATCH, firsts, ids, seeds, horizon, settings
            )
            return Playouts(scores, ended)
        scores = np.zeros((len(firsts), len(seeds), 2))
        ended = np.zeros((len(firsts), len(seeds)), np.bool_)
        finals: list[list[Packed]] = []
        for i, row in enumerate(firsts):
            finals.append([])
            for j, seed in enumerate(seeds):
                one = packed.copy()
                self.apply(one, row)
                played = self.playout(one, policies, np.array([seed], np.uint64), horizon)
                scores[i, j], ended[i, j] = played.scores, played.ended
                finals[i].append(one)
        return Playouts(scores, ended, finals)

    def to_move(self, packed: Packed) -> int:
        return int(_own(packed).info[cs.TO_MOVE])

    def is_over(self, packed: Packed) -> bool:
        return bool(_own(packed).info[cs.OVER])

    def values(self, packed: Packed, policy: int) -> np.ndarray | None:
        """``territory``'s value of the position for each seat (on its learned weights
        or the hand-set ones); the others' (the players' default) the outcome's
        margin."""
        if policy in EVALS:
            return self._run(packed, play.VALUES, settings=settings_of(EVALS[policy]))[1][
                0, 0
            ]
        scores = self._scores(packed)
        return np.array([scores[0] - scores[1], scores[1] - scores[0]])


def _turns(
    pages: tuple[Page, ...], rows: np.ndarray, movers: np.ndarray
) -> list[tuple[int, Any]]:
    """(seat, engine move) of each row, ``movers`` holding the seat that made it and
    the page it wrote from (an index into ``pages``)."""
    return [
        (int(seat), _decoded(pages[int(page)], row))
        for (seat, page), row in zip(movers.tolist(), rows)
    ]


def _decoded(page: Page, row: np.ndarray) -> Any:
    """The engine's move of ``row``, made by the seat writing from ``page``."""
    kind = int(row[cs.KIND])
    if kind == cs.PASS:
        return Pass()
    if kind == cs.TAKE_OVER:
        return pie.TakeOver()
    word = page.words[int(row[cs.WORD])]
    return Write(
        word.row,
        word.index,
        int(row[cs.ROW]),
        int(row[cs.COL]),
        DIRECTIONS[int(row[cs.DIRECTION])],
    )


def _own(packed: Packed) -> CrossWordsPacked:
    if not isinstance(packed, CrossWordsPacked):
        raise TypeError(f"packed: {type(packed).__name__} is not a Cross words position")
    return packed


def settings_of(name: str) -> np.ndarray:
    """The kernels' settings of ``territory`` on the value weights ``name`` (``hand``:
    the player's defaults)."""
    slots = (THREAT, DENY, ROOM)  # VALUE_WEIGHTS' places
    return learned.settings(GAME_NAME, name, VALUE_WEIGHTS, slots, tuple(DEFAULTS))


def _policies(policies: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' policy ids of ``policies`` and the territory settings they play."""
    ids = np.asarray(policies, np.int64)
    known = {RANDOM, GREEDY, *EVALS}
    if (
        ids.shape != (2,)
        or not set(ids.tolist()) <= known
        or len(set(ids.tolist()) & set(EVALS)) > 1
    ):
        raise ValueError(
            "policies: one of random (0), greedy (1), territory (2), territory:eval=hand "
            f"(3) for each of the two seats, one territory at most, not {list(policies)}"
        )
    played = set(ids.tolist()) & set(EVALS)
    ids = np.where(ids == TERRITORY_HAND, TERRITORY, ids)
    return ids, settings_of(EVALS[played.pop()]) if played else DEFAULTS


CORE = CrossWordsCore()

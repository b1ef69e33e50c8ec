"""The First Draft game state (docs/rules/firstdraft.md): immutable; ``apply(move)`` returns a
new state.

A turn is any number of sells, row discards and inserts, then one draft, which ends it:
the coaster's price is paid onto the coasters before it, its coins gained, its letters
(and pool letters) inserted into the rows or kept in the pool (at most ``pool_limit``,
the rest discarded). Upkeep moves the line up and lays out the deck's top coaster with
tiles from the bag; when the bag cannot fill it the game ends and every row that is a
word sells.

Hidden information: the order of the bag and of the deck. :meth:`observation` leaves
them out (a reader shuffles what is missing), :meth:`determinize` samples them.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.firstdraft.game import GAME
>>> state = GAME.from_json(EXAMPLE, Lexicon.from_words(["SOFT", "EX", "SOFTEN"]))
>>> after = state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
>>> after.to_move, after.hands[0], [c.coins for c in after.line]
('p2', Hand(coins=2, rows=('SOFT', 'EX'), pool='A', discarded=0), [2, 2, 0, 0, 0])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wordbot.engine.errors import IllegalMove
from wordbot.engine.firstdraft.moves import (
    Discard,
    Draft,
    Insert,
    Sell,
    move_text,
    parse_json,
    parse_text,
)
from wordbot.engine.firstdraft.position import Coaster, Hand, position_json, sort_letters
from wordbot.engine.firstdraft.rules import ROWS, seat_points
from wordbot.engine.movelist import is_listed
from wordbot.engine.outcome import Outcome, compensated, outcome_by_score
from wordbot.engine.rng import RecordedChance, chance_of
from wordbot.engine.state import OVER, GameState

if TYPE_CHECKING:
    from wordbot.engine.firstdraft.legal import FirstDraftMoves
    from wordbot.engine.firstdraft.rules import Rules

#: the example position of docs/formats/firstdraft.md
EXAMPLE = {
    "format": "wordbot.firstdraft.position/1",
    "players": ["p1", "p2"],
    "to_move": "p1",
    "phase": "turn",
    "turn": 5,
    "line": [
        {"value": 3, "tiles": "ERT", "coins": 1},
        {"value": 1, "tiles": "A", "coins": 1},
        {"value": 2, "tiles": "OX", "coins": 1},
        {"value": 4, "tiles": "LNDE", "coins": 0},
        {"value": 3, "tiles": "IGP", "coins": 0},
    ],
    "hands": {
        "p1": {"coins": 3, "rows": ["SFT", ""], "pool": "AE", "discarded": 0},
        "p2": {"coins": 6, "rows": ["QI", "BRN"], "pool": "", "discarded": 2},
    },
    "scores": {"p1": 3, "p2": 4},
    "gone": "RUNTV",
    "deck": [2, 5],
    "discard_pile": [3, 4, 3],
}


def plural(n: int, noun: str) -> str:
    """``1 coin``, ``2 coins``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def is_subsequence(small: str, big: str) -> bool:
    """The letters of ``small`` appear in ``big`` in order."""
    it = iter(big)
    return all(ch in it for ch in small)


class FirstDraftState(GameState["FirstDraftMoves"]):
    """One First Draft position. ``line`` (:class:`Coaster`, position 1 first),
    ``hands`` (:class:`Hand` by seat), ``bag`` (draw order), ``gone`` (sorted),
    ``deck`` (top first), ``pile`` (the discard pile), ``turn`` (1 + the drafts made),
    ``rng_state`` (the generator that shuffles the pile into a new deck)."""

    __slots__ = (
        "players",
        "to_move",
        "phase",
        "turn",
        "line",
        "hands",
        "bag",
        "gone",
        "deck",
        "pile",
        "rules",
        "seed",
        "rng_state",
        "lexicon",
        "origin",
        "events",
        "_moves",
    )
    turn: int
    line: tuple[Coaster, ...]
    hands: tuple[Hand, ...]
    bag: str
    gone: str
    deck: tuple[int, ...]
    pile: tuple[int, ...]
    rules: Rules
    rng_state: int
    events: dict[str, Any]
    _moves: FirstDraftMoves | None

    def _copy(self, **changes) -> FirstDraftState:
        """A copy with ``changes``; the events of the move that made it only when given."""
        return super()._copy(**{"events": {}, **changes})

    # -- where it stands ---------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        """The hand of the player to move."""
        return self.hands[self.seat]

    @property
    def scores(self) -> dict[str, int]:
        return {p: h.score for p, h in zip(self.players, self.hands)}

    def outcome(self) -> Outcome:
        """The most points wins, each seat's ``compensation`` added (the k-th seat gets
        (k - 1) x it, or the k-th of a list)."""
        points = seat_points(self.rules.compensation, len(self.players))
        return outcome_by_score(compensated(self.scores, self.players, points))

    def describe(self) -> str:
        if self.is_over:
            return "game over"
        return f"turn {self.turn}, {len(self.bag)} tiles in the bag"

    def is_word(self, row: str) -> bool:
        """Whether a row sells: a lexicon word of a length ``payout`` pays."""
        return len(row) in self.rules.lengths and row in self.lexicon

    # -- moves --------------------------------------------------------------------------
    def list_moves(self) -> FirstDraftMoves:
        """What the generator lists (docs/rules/firstdraft.md "What the move generator lists")."""
        from wordbot.engine.firstdraft.legal import FirstDraftMoves

        return FirstDraftMoves.of(self)

    def check(self, move) -> None:
        if self.is_over:
            raise IllegalMove("game_over", "the game is over")
        hand, rules = self.hand, self.rules
        if isinstance(move, Sell):
            row = hand.rows[move.row]
            if not self.is_word(row):
                sold = ",".join(map(str, rules.lengths))
                raise IllegalMove(
                    "sell",
                    f"row {ROWS[move.row]} ({row or 'empty'}) is not a "
                    f"word of {sold} letters",
                    row or None,
                )
        elif isinstance(move, Discard):
            if not hand.rows[move.row]:
                raise IllegalMove("discard", f"row {ROWS[move.row]} is empty")
        elif isinstance(move, Insert):
            row = hand.rows[move.row]
            if move.letter not in hand.pool:
                raise IllegalMove(
                    "insert", f"{move.letter} is not in the pool ({hand.pool or 'empty'})"
                )
            if move.at > len(row):
                raise IllegalMove(
                    "insert",
                    f"row {ROWS[move.row]} has {len(row)} letters; "
                    f"index {move.at} is past its end",
                )
            if len(row) + 1 > rules.row_limit:
                raise IllegalMove(
                    "row_limit",
                    f"row {ROWS[move.row]} holds {rules.row_limit} letters at most",
                )
        elif isinstance(move, Draft):
            self._draft_discards(move)
        else:
            raise IllegalMove("move", f"{move!r} is not a First Draft move")

    def _draft_discards(self, move: Draft) -> str:
        """Check a draft; the letters it discards (sorted)."""
        hand, rules = self.hand, self.rules
        k = move.coaster
        if k > len(self.line):
            raise IllegalMove(
                "draft", f"coaster {k}: the line has {len(self.line)} coasters"
            )
        if hand.coins < k - 1:
            raise IllegalMove(
                "pay",
                f"coaster {k} costs {plural(k - 1, 'coin')}; "
                f"{self.to_move} has {hand.coins}",
            )
        inserted: Counter[str] = Counter()
        for name, old, new in zip(ROWS, hand.rows, move.rows):
            if len(new) > rules.row_limit:
                raise IllegalMove(
                    "row_limit",
                    f"row {name} would hold {len(new)} letters (at most {rules.row_limit})",
                )
            if not is_subsequence(old, new):
                raise IllegalMove(
                    "reorder",
                    f"row {name}: {old} -> {new} moves letters already in the row",
                )
            inserted += Counter(new) - Counter(old)
        available = Counter(self.line[k - 1].tiles + hand.pool)
        short = inserted - available
        if short:
            raise IllegalMove(
                "letters",
                f"{sort_letters(short.elements())} not on coaster {k} nor in the pool",
            )
        rest = available - inserted
        kept = Counter(move.pool)
        if sum(rest.values()) <= rules.pool_limit:
            if kept != rest:
                raise IllegalMove(
                    "pool",
                    f"the pool must be {sort_letters(rest.elements())} "
                    "(letters not put into a row go to the pool)",
                )
        elif sum(kept.values()) != rules.pool_limit or kept - rest:
            raise IllegalMove(
                "pool",
                f"{sum(rest.values())} letters left for the pool "
                f"({sort_letters(rest.elements())}): keep exactly "
                f"{rules.pool_limit} of them",
            )
        return sort_letters((rest - kept).elements())

    def apply(self, move, check: bool = True) -> FirstDraftState:
        # the own list's moves are legal: trusted like the generator's output
        trusted = not check or is_listed(self, move)
        if not trusted:
            self.check(move)
        hands = list(self.hands)
        hand, seat = self.hand, self.seat
        rows = list(hand.rows)
        if isinstance(move, Sell):
            word = rows[move.row]
            rows[move.row] = ""
            hands[seat] = hand._replace(
                coins=hand.coins + self.rules.pays(len(word)), rows=tuple(rows)
            )
            return self._copy(hands=tuple(hands), gone=sort_letters(self.gone + word))
        if isinstance(move, Discard):
            letters = rows[move.row]
            rows[move.row] = ""
            hands[seat] = hand._replace(
                rows=tuple(rows), discarded=hand.discarded + len(letters)
            )
            return self._copy(hands=tuple(hands), gone=sort_letters(self.gone + letters))
        if isinstance(move, Insert):
            row = rows[move.row]
            rows[move.row] = row[: move.at] + move.letter + row[move.at :]
            pool = hand.pool.replace(move.letter, "", 1)
            hands[seat] = hand._replace(rows=tuple(rows), pool=pool)
            return self._copy(hands=tuple(hands))
        dropped = self._dropped(move) if trusted else self._draft_discards(move)
        k = move.coaster
        line = list(self.line)
        for i in range(k - 1):
            line[i] = line[i]._replace(coins=line[i].coins + 1)
        taken = line.pop(k - 1)
        hands[seat] = Hand(
            hand.coins - (k - 1) + taken.coins,
            tuple(move.rows),
            move.pool,
            hand.discarded + len(dropped),
        )
        return self._copy(
            hands=tuple(hands), line=tuple(line), gone=sort_letters(self.gone + dropped)
        )._upkeep(taken)

    def _dropped(self, move: Draft) -> str:
        """The letters a (trusted) draft discards: what neither the rows nor the pool
        keep."""
        hand = self.hand
        rest = Counter(
            self.line[move.coaster - 1].tiles + hand.pool + "".join(hand.rows)
        ) - Counter("".join(move.rows) + move.pool)
        return sort_letters(rest.elements())

    def _upkeep(self, taken: Coaster) -> FirstDraftState:
        """The taken coaster to the pile, the deck's top laid out at the end of the line
        (the pile shuffled into a new deck first when the deck is empty); or the end."""
        deck, pile = list(self.deck), list(self.pile) + [taken.value]
        events: dict[str, Any] = {}
        rng_state = self.rng_state
        if not deck:
            rng = chance_of(rng_state)
            deck, pile = rng.shuffle(pile), []
            rng_state = rng.state
            events["deck"] = list(deck)
        seat = (self.seat + 1) % len(self.players)
        after = self._copy(
            deck=tuple(deck),
            pile=tuple(pile),
            rng_state=rng_state,
            to_move=self.players[seat],
            turn=self.turn + 1,
        )
        value = deck[0]
        if len(self.bag) < value:
            return after._end(events)
        coaster = Coaster(value, sort_letters(self.bag[:value]), 0)
        events["laid"] = {"value": value, "tiles": self.bag[:value]}
        after = after._copy(
            line=after.line + (coaster,),
            deck=tuple(deck[1:]),
            bag=self.bag[value:],
            events=events,
        )
        return after

    def _end(self, events: dict[str, Any]) -> FirstDraftState:
        """Game over: every row that is a word sells (seat order, row A first)."""
        hands, gone = list(self.hands), self.gone
        sold: dict[str, list[str]] = {}
        for seat, hand in enumerate(self.hands):
            rows, coins = list(hand.rows), hand.coins
            for row, word in enumerate(hand.rows):
                if self.is_word(word):
                    rows[row], coins, gone = (
                        "",
                        coins + self.rules.pays(len(word)),
                        gone + word,
                    )
                    sold.setdefault(self.players[seat], []).append(ROWS[row])
            hands[seat] = hand._replace(coins=coins, rows=tuple(rows))
        events["sold"] = sold
        return self._copy(
            hands=tuple(hands), gone=sort_letters(gone), phase=OVER, events=events
        )

    # -- text and JSON ------------------------------------------------------------------
    def move_from_json(self, obj: Any):
        return parse_json(obj)

    def parse_notation(self, text: str):
        return parse_text(text)

    def notation(self, move) -> str:
        return move_text(move)

    def to_json(self) -> dict[str, Any]:
        return position_json(self)

    def with_seed(self, seed: int) -> FirstDraftState:
        from wordbot.engine.rng import seed_state

        return self._copy(seed=seed, rng_state=seed_state(seed), events=self.events)

    # -- hidden information --------------------------------------------------------------
    def observation(self, viewer: str) -> dict[str, Any]:
        """The position without the order of the bag and of the deck (nobody sees it),
        with how many tiles and coasters they hold (``bag_size``, ``deck_size``: in
        plain sight; docs/formats/firstdraft.md)."""
        shown = self.to_json()
        del shown["bag"], shown["deck"]
        shown["bag_size"], shown["deck_size"] = len(self.bag), len(self.deck)
        return shown

    def determinize(self, viewer: str, rng: random.Random) -> FirstDraftState:
        """The bag and the deck in an order drawn from ``rng`` (their contents are
        known: the tiles and coasters seen nowhere else)."""
        bag, deck = sorted(self.bag), sorted(self.deck)  # the true order plays no part
        rng.shuffle(bag)
        rng.shuffle(deck)
        return self._copy(bag="".join(bag), deck=tuple(deck), events=self.events).with_seed(
            rng.getrandbits(63)
        )

    # -- records ---------------------------------------------------------------------------
    def record_events(self) -> dict[str, Any]:
        return dict(self.events)

    def recorded_chance(self, line: Mapping[str, Any]) -> RecordedChance:
        """The pile's new order, ``deck``, when the action shuffled it."""
        return RecordedChance(
            self.rng_state, orders=[line["deck"]] if "deck" in line else []
        )

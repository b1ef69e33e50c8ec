"""First Draft positions: their parts (the line's :class:`Coaster` s, the players'
:class:`Hand` s) and their docs/formats/firstdraft.md JSON, read with every field
checked (each error names the field) and written canonically (pools, coaster tiles and
``gone`` sorted; ``bag``, ``deck`` and ``discard_pile`` always written).

>>> from wordbot.engine.firstdraft.game import GAME
>>> from wordbot.engine.firstdraft.state import EXAMPLE
>>> from wordbot.engine.firstdraft.rules import Rules
>>> fields = read_position(EXAMPLE, Rules(), Rng(1), GAME.seating())
>>> len(fields["bag"]), fields["deck"], fields["hands"][1].discarded
(70, (2, 5), 2)
>>> read_position({**EXAMPLE, "scores": {"p1": 3, "p2": 6}}, Rules(), Rng(1), GAME.seating())
Traceback (most recent call last):
...
wordbot.engine.errors.PositionError: scores.p2: 6, but coins - discarded is 4
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from wordbot.engine.errors import PositionError
from wordbot.engine.firstdraft.rules import TURN
from wordbot.engine.position import (
    MAX_POINTS,
    check_fields,
    header_json,
    int_in,
    letters,
    player_map,
    read_header,
)
from wordbot.engine.rng import Rng
from wordbot.engine.state import OVER
from wordbot.engine.tiles import TILE_COUNTS, excess


class Coaster(NamedTuple):
    """A coaster in the line: its value, its tiles (sorted) and the coins on it."""

    value: int
    tiles: str
    coins: int


class Hand(NamedTuple):
    """A player's coins, rows A and B, pool (sorted) and count of discarded tiles."""

    coins: int
    rows: tuple[str, ...]
    pool: str
    discarded: int

    @property
    def score(self) -> int:
        return self.coins - self.discarded


def sort_letters(letters) -> str:
    return "".join(sorted(letters))


FORMAT = "wordbot.firstdraft.position/1"
REQUIRED = ("format", "players", "to_move", "phase", "line", "hands", "scores")
OPTIONAL = ("turn", "rules", "gone", "bag", "deck", "discard_pile", "bag_size", "deck_size")


def position_json(state) -> dict[str, Any]:
    """The docs/formats/firstdraft.md position of a state."""
    players = list(state.players)
    return {
        **header_json(state, FORMAT),
        "turn": state.turn,
        "line": [
            {"value": c.value, "tiles": c.tiles, "coins": c.coins} for c in state.line
        ],
        "hands": {
            p: {
                "coins": h.coins,
                "rows": list(h.rows),
                "pool": h.pool,
                "discarded": h.discarded,
            }
            for p, h in zip(players, state.hands)
        },
        "scores": state.scores,
        "gone": state.gone,
        "deck": list(state.deck),
        "discard_pile": list(state.pile),
        "bag": state.bag,
    }


def _values(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where}: a list of coaster values")
    return [int_in(v, f"{where}[{i}]", 1, MAX_POINTS) for i, v in enumerate(value)]


def read_position(obj: Any, rules, rng: Rng, seating: dict[str, Any]) -> dict[str, Any]:
    """The state's fields from a position (``rng`` shuffles a missing bag or deck;
    ``seating``: who may sit, :meth:`~wordbot.engine.game.Game.seating`)."""
    header = read_header(obj, REQUIRED, OPTIONAL, (TURN, OVER), **seating)
    players, to_move, phase = header
    turn = int_in(obj.get("turn", 1), "turn", 1, MAX_POINTS)
    tiles: Counter[str] = Counter()
    hands = player_map(obj["hands"], players, "hands")
    read_hands = []
    for p in players:
        where = f"hands.{p}"
        hand = check_fields(hands[p], ("coins", "rows", "pool", "discarded"), (), where)
        rows = hand["rows"]
        if not isinstance(rows, list) or len(rows) != 2:
            raise PositionError(f"{where}.rows: the two rows A and B")
        rows = tuple(
            letters(r, f"{where}.rows[{i}]", limit=rules.row_limit)
            for i, r in enumerate(rows)
        )
        pool = letters(hand["pool"], f"{where}.pool", limit=rules.pool_limit)
        tiles.update("".join(rows) + pool)
        read_hands.append(
            Hand(
                int_in(hand["coins"], f"{where}.coins", 0, MAX_POINTS),
                rows,
                sort_letters(pool),
                int_in(hand["discarded"], f"{where}.discarded", 0, MAX_POINTS),
            )
        )
    scores = player_map(obj["scores"], players, "scores")
    for p, read in zip(players, read_hands):
        if scores[p] != read.score:
            raise PositionError(
                f"scores.{p}: {scores[p]!r}, but coins - discarded is {read.score}"
            )
    line = obj["line"]
    if not isinstance(line, list):
        raise PositionError("line: a list of coasters")
    if phase == TURN and len(line) != rules.line:
        raise PositionError(f"line: {len(line)} coasters; the line holds {rules.line}")
    read_line = []
    for i, c in enumerate(line):
        where = f"line[{i}]"
        c = check_fields(c, ("value", "tiles", "coins"), (), where)
        value = int_in(c["value"], f"{where}.value", 1, MAX_POINTS)
        coaster_tiles = letters(c["tiles"], f"{where}.tiles")
        if len(coaster_tiles) != value:
            raise PositionError(
                f"{where}.tiles: {len(coaster_tiles)} tiles on a coaster of value {value}"
            )
        tiles.update(coaster_tiles)
        read_line.append(
            Coaster(
                value,
                sort_letters(coaster_tiles),
                int_in(c["coins"], f"{where}.coins", 0, MAX_POINTS),
            )
        )
    if "bag" not in obj and "gone" not in obj:
        raise PositionError("bag: a position needs bag or gone (or both)")
    bag = letters(obj["bag"], "bag") if "bag" in obj else None
    gone = letters(obj["gone"], "gone") if "gone" in obj else None
    tiles.update((bag or "") + (gone or ""))
    over = excess(tiles, Counter(TILE_COUNTS))
    if over:
        raise PositionError(f"tiles: more of a letter than the tile set has ({over})")
    missing = sort_letters((Counter(TILE_COUNTS) - tiles).elements())
    if bag is None:
        bag = "".join(rng.shuffle(missing))
    elif gone is None:
        gone = missing
    elif missing:
        raise PositionError(f"tiles: {missing} are nowhere (bag, gone, rows, pools, line)")
    deck, pile = _coasters(obj, read_line, rules, rng)
    # a view's counts (docs/formats/firstdraft.md): what it leaves out must add up to them
    for field, held in (("bag_size", len(bag)), ("deck_size", len(deck))):
        if field in obj and int_in(obj[field], field, 0, MAX_POINTS) != held:
            raise PositionError(f"{field}: {obj[field]}, but the position leaves {held}")
    return {
        **header.fields(),
        "turn": turn,
        "line": tuple(read_line),
        "hands": tuple(read_hands),
        "bag": bag,
        "gone": sort_letters(gone),
        "deck": deck,
        "pile": pile,
    }


def _coasters(obj, line, rules, rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The deck and the discard pile: the coaster values not in the line (a missing
    deck shuffled, a missing pile what is left)."""
    values = Counter(rules.coasters)
    in_line = Counter(c.value for c in line)
    if in_line - values:
        value = sorted(in_line - values)[0]
        raise PositionError(
            f"line: more coasters of value {value} than the coaster set "
            f"({','.join(map(str, rules.coasters))}) has"
        )
    deck = _values(obj["deck"], "deck") if "deck" in obj else None
    pile = _values(obj["discard_pile"], "discard_pile") if "discard_pile" in obj else None
    left = values - in_line
    for name, given in (("deck", deck), ("discard_pile", pile)):
        if given is not None and Counter(given) - left:
            value = sorted(Counter(given) - left)[0]
            raise PositionError(
                f"{name}: a coaster of value {value} that is not in the "
                "coaster set (or is already in the line)"
            )
    if deck is None:
        pile = pile or []
        if Counter(pile) - left:
            raise PositionError("discard_pile: coasters that are not in the coaster set")
        deck = rng.shuffle((left - Counter(pile)).elements())
    elif pile is None:
        pile = sorted((left - Counter(deck)).elements())
    if Counter(deck) + Counter(pile) != left:
        raise PositionError(
            "deck: the line, deck and discard pile must hold the coaster "
            f"set ({','.join(map(str, rules.coasters))}) exactly"
        )
    return tuple(deck), tuple(pile)

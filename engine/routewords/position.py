"""RouteWords positions as docs/formats/routewords.md JSON, read with every
field checked (each error names the field) and written canonically (owners and coins
sorted, ``ko`` ascending).

>>> from wordbot.engine.routewords.game import GAME
>>> from wordbot.dictionaries import Lexicon
>>> obj = GAME.new(seed=1, lexicon=Lexicon.from_words(["AT"])).to_json()
>>> obj["pawns"], len(obj["coins"]), obj["scores"]
({'red': [2, 2], 'green': [3, 3]}, 34, {'red': 1, 'green': 1})
>>> read_position({**obj, "pawns": {"red": [2, 2], "green": [2, 2]}}, GAME.seating())
Traceback (most recent call last):
...
wordbot.engine.errors.PositionError: pawns.green: [2, 2] already holds red's pawn
"""

from __future__ import annotations

from typing import Any

from wordbot.engine.errors import PositionError
from wordbot.engine.position import (
    MAX_POINTS,
    header_json,
    int_in,
    letters,
    per_player,
    player_in,
    player_map,
    read_header,
)
from wordbot.engine.routewords.moves import is_pair, point_json, square_json
from wordbot.engine.routewords.rules import (
    BONUS,
    SIDE,
    SIZE,
    START_COINS,
    TURN,
    adjacent,
)
from wordbot.engine.state import OVER

REQUIRED = (
    "format",
    "players",
    "to_move",
    "phase",
    "grid",
    "owners",
    "coins",
    "pawns",
    "scores",
    "bonus_tokens",
    "ko",
    "turns_taken",
)
OPTIONAL = ("turn", "rules", "bonus", "pie_taken")
FORMAT = "wordbot.routewords.position/1"


def position_json(state) -> dict[str, Any]:
    """The docs/formats/routewords.md position of a state."""
    players = list(state.players)
    obj: dict[str, Any] = {
        **header_json(state, FORMAT),
        "turn": state.turn,
        "grid": [state.grid[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)],
        "owners": [
            [s // SIZE, s % SIZE, players[o]] for s, o in enumerate(state.owners) if o >= 0
        ],
        "coins": [[k // SIDE, k % SIDE, v] for k, v in enumerate(state.coins) if v],
        "pawns": {p: point_json(k) for p, k in zip(players, state.pawns)},
        "scores": dict(zip(players, state.points)),
        "bonus_tokens": dict(zip(players, state.tokens)),
        "ko": None
        if state.ko is None
        else [square_json(state.ko[0]), square_json(state.ko[1])],
        "turns_taken": dict(zip(players, state.turns)),
    }
    if state.pie_taken:
        obj["pie_taken"] = True
    if state.phase == BONUS:
        obj["bonus"] = {
            "trigger": players[state.trigger],
            "words": {players[s]: w for s, w in sorted(state.submitted.items())},
        }
    return obj


def _point(value: Any, where: str, limit: int) -> int:
    if not is_pair(value):
        raise PositionError(f"{where}: {value!r} is not [row, column]")
    if not all(0 <= v < limit for v in value):
        what = "squares" if limit == SIZE else "intersections"
        raise PositionError(
            f"{where}: {value!r} is off the grid ({what} are 0..{limit - 1})"
        )
    return value[0] * limit + value[1]


def _cells(items: Any, field: str, limit: int, shape: str):
    """(where, index, third value) of each ``[row, column, value]`` of a list field, each
    place at most once."""
    if not isinstance(items, list):
        raise PositionError(f"{field}: a list of {shape}")
    seen = set()
    for n, item in enumerate(items):
        where = f"{field}[{n}]"
        if not isinstance(item, list) or len(item) != 3:
            raise PositionError(f"{where}: {item!r} is not {shape}")
        k = _point(item[:2], where, limit)
        if k in seen:
            raise PositionError(f"{where}: {item[0]},{item[1]} is listed twice")
        seen.add(k)
        yield where, k, item[2]


def read_position(obj: Any, seating: dict[str, Any]) -> dict[str, Any]:
    """The fields of a state from a position object, every field checked (``seating``:
    who may sit, :meth:`~wordbot.engine.game.Game.seating`)."""
    header = read_header(obj, REQUIRED, OPTIONAL, (TURN, BONUS, OVER), **seating)
    seated, to_move, phase = header
    players = list(seated)
    grid = obj["grid"]
    if (
        not isinstance(grid, list)
        or len(grid) != SIZE
        or not all(isinstance(r, str) and len(r) == SIZE for r in grid)
    ):
        raise PositionError(
            f"grid: 5 strings of 5 letters (a 5 x 5 grid), not {grid!r}"[:200]
        )
    text = letters("".join(grid), "grid")
    owners = [-1] * (SIZE * SIZE)
    for where, s, colour in _cells(obj["owners"], "owners", SIZE, "[r, c, colour]"):
        owners[s] = players.index(player_in(colour, players, where))
    pawns_obj = player_map(obj["pawns"], players, "pawns")
    pawns: list[int] = []
    for p in players:
        k = _point(pawns_obj[p], f"pawns.{p}", SIDE)
        if k in pawns:
            raise PositionError(
                f"pawns.{p}: {pawns_obj[p]!r} already holds "
                f"{players[pawns.index(k)]}'s pawn"
            )
        pawns.append(k)
    coins = [0] * (SIDE * SIDE)
    for where, k, value in _cells(obj["coins"], "coins", SIDE, "[i, j, value]"):
        i, j = divmod(k, SIDE)
        if value != START_COINS[k] or isinstance(value, bool):
            raise PositionError(
                f"{where}: intersection {i},{j} holds a coin of "
                f"{START_COINS[k]}, not {value!r}"
            )
        if k in pawns:
            raise PositionError(
                f"{where}: a pawn stands on {i},{j}, so no coin is left there"
            )
        coins[k] = value
    points = tuple(per_player(obj["scores"], players, "scores").values())
    tokens = tuple(per_player(obj["bonus_tokens"], players, "bonus_tokens", 0, 1).values())
    turns = tuple(per_player(obj["turns_taken"], players, "turns_taken").values())
    if "turn" in obj and int_in(obj["turn"], "turn", 1, MAX_POINTS) != 1 + sum(turns):
        raise PositionError(
            f"turn: {obj['turn']} is not 1 + the turns taken ({1 + sum(turns)})"
        )
    ko = obj["ko"]
    if ko is not None:
        if not isinstance(ko, list) or len(ko) != 2:
            raise PositionError("ko: null or two squares [[r, c], [r, c]]")
        a, b = sorted(_point(sq, f"ko[{i}]", SIZE) for i, sq in enumerate(ko))
        if not adjacent(a, b):
            raise PositionError("ko: the two squares of a swap are next to each other")
        ko = (a, b)
    trigger, submitted = -1, {}
    if phase == BONUS:
        bonus = obj.get("bonus")
        if not isinstance(bonus, dict) or set(bonus) != {"trigger", "words"}:
            raise PositionError('bonus: {"trigger": colour, "words": {...}} in phase bonus')
        trigger = players.index(player_in(bonus["trigger"], players, "bonus.trigger"))
        words = bonus["words"]
        if not isinstance(words, dict):
            raise PositionError("bonus.words: an object colour -> word or null")
        order = [players[(trigger + i) % len(players)] for i in range(len(players))]
        if (
            len(words) >= len(order)
            or set(words) != set(order[: len(words)])
            or order[len(words)] != obj["to_move"]
        ):
            raise PositionError(
                "bonus.words: the submissions so far, in seat order from the "
                "trigger, up to the player to move"
            )
        for p, w in words.items():
            if w is not None and not (isinstance(w, str) and w.isascii() and w.isalpha()):
                raise PositionError(f"bonus.words.{p}: {w!r} is not a word or null")
            submitted[players.index(p)] = w.upper() if w else None
    elif "bonus" in obj:
        raise PositionError(f"bonus: only in phase bonus, not {phase}")
    return {
        **header.fields(),
        "grid": text,
        "owners": tuple(owners),
        "coins": tuple(coins),
        "pawns": tuple(pawns),
        "points": points,
        "tokens": tokens,
        "turns": turns,
        "ko": ko,
        "trigger": trigger,
        "submitted": submitted,
    }

"""RouteWords' moves (docs/formats/routewords.md): their JSON objects and text notation.

Squares are numbers ``r * 5 + c`` and intersections ``i * 6 + j`` inside; JSON and text
write them as ``[r, c]`` / ``r,c``.

>>> move = parse_json({"type": "swap", "squares": [[2, 2], [1, 2]]})
>>> move, move.to_json()
(Swap(a=7, b=12), {'type': 'swap', 'squares': [[1, 2], [2, 2]]})
>>> Route((6, 1, 7, 11), 20).to_json()
{'type': 'route', 'path': [[1, 1], [0, 1], [1, 2], [2, 1]], 'end': [3, 2]}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from wordbot.engine import pie
from wordbot.engine.errors import MoveError
from wordbot.engine.numerals import int_text
from wordbot.engine.routewords.rules import SIDE, SIZE

#: the notation for people, with an example of each kind of move (terminal play's
#: ``help``; :attr:`~wordbot.engine.game.Game.notation_help`)
NOTATION_HELP = """\
RouteWords moves (squares r,c and intersections i,j count from 0 at the top left):
  route MEGS 1,1 0,1 1,2 2,1 > 3,2     the word, its squares from your pawn, > where it stops
  swap 1,2 2,2                         swap two neighbouring tiles
  pay swap 1,2 2,2 ; route MEW 1,1 0,1 1,2 > 1,2    pay 1 point, do both (either order)
  bonus    trigger a bonus round        word STREAM   submit a word (word - for none)
  take over    (rule pie) take red's first turn as yours: the seats swap"""


def square_json(s: int) -> list[int]:
    return [s // SIZE, s % SIZE]


def point_json(k: int) -> list[int]:
    return [k // SIDE, k % SIDE]


def square_text(s: int) -> str:
    return f"{s // SIZE},{s % SIZE}"


def point_text(k: int) -> str:
    return f"{k // SIDE},{k % SIDE}"


@dataclass(frozen=True)
class Route:
    """A route: the squares in order (``path``) and the end intersection."""

    path: tuple[int, ...]
    end: int
    type: ClassVar[str] = "route"

    def body(self) -> dict[str, Any]:
        return {"path": [square_json(s) for s in self.path], "end": point_json(self.end)}

    def to_json(self) -> dict[str, Any]:
        return {"type": "route", **self.body()}


@dataclass(frozen=True)
class Swap:
    """A swap of two 8-adjacent squares (``a < b``)."""

    a: int
    b: int
    type: ClassVar[str] = "swap"

    def pair(self) -> list[list[int]]:
        return [square_json(self.a), square_json(self.b)]

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "squares": self.pair()}


@dataclass(frozen=True)
class Both:
    """Pay 1 point, then a route and a swap in the order ``first`` names."""

    first: str  # "route" or "swap"
    swap: Swap
    route: Route
    type: ClassVar[str] = "both"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "both",
            "first": self.first,
            "swap": self.swap.pair(),
            "route": self.route.body(),
        }


@dataclass(frozen=True)
class Bonus:
    """Trigger a bonus round (giving up the token); not a turn."""

    type: ClassVar[str] = "bonus"

    def to_json(self) -> dict[str, Any]:
        return {"type": "bonus"}


@dataclass(frozen=True)
class BonusWord:
    """A bonus-round submission: a word, or None for nothing."""

    word: str | None
    type: ClassVar[str] = "bonus_word"

    def to_json(self) -> dict[str, Any]:
        return {"type": "bonus_word", "word": self.word}


@dataclass(frozen=True)
class Pass:
    type: ClassVar[str] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


def swap_of(a: int, b: int) -> Swap:
    """The swap of squares ``a`` and ``b`` in either order."""
    return Swap(min(a, b), max(a, b))


# -- JSON ---------------------------------------------------------------------------------
def is_pair(value: Any) -> bool:
    """Whether ``value`` is a ``[row, column]`` of JSON integers.

    >>> is_pair([1, 2]), is_pair([1, True]), is_pair((1, 2))
    (True, False, False)
    """
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _pair(value: Any, where: str, limit: int) -> int:
    if not is_pair(value):
        raise MoveError(f"{where}: {value!r} is not [row, column]")
    a, b = value
    if not (0 <= a < limit and 0 <= b < limit):
        what = "square" if limit == SIZE else "intersection"
        raise MoveError(
            f"{where}: {value!r} is off the grid (a {what} is 0..{limit - 1} each way)"
        )
    return a * limit + b


def _fields(obj: dict, where: str, *names: str) -> None:
    extra = sorted(set(obj) - set(names))
    if extra:
        raise MoveError(
            f"{where}.{extra[0]}: unknown field of a {obj.get('type', where)} move"
        )
    missing = [n for n in names if n not in obj]
    if missing:
        raise MoveError(f"{where}.{missing[0]}: missing")


def _route(obj: Any, where: str) -> Route:
    if not isinstance(obj, dict):
        raise MoveError(f"{where}: must be an object with path and end")
    _fields(obj, where, *(("type",) if "type" in obj else ()), "path", "end")
    path = obj["path"]
    if not isinstance(path, list) or not path:
        raise MoveError(f"{where}.path: a non-empty list of [row, column] squares")
    if len(path) > SIZE * SIZE:
        raise MoveError(f"{where}.path: {len(path)} squares; the grid has {SIZE * SIZE}")
    squares = tuple(_pair(p, f"{where}.path[{i}]", SIZE) for i, p in enumerate(path))
    return Route(squares, _pair(obj["end"], f"{where}.end", SIDE))


def _swap(value: Any, where: str) -> Swap:
    if not isinstance(value, list) or len(value) != 2:
        raise MoveError(f"{where}: two squares [[r, c], [r, c]]")
    return swap_of(
        _pair(value[0], f"{where}[0]", SIZE), _pair(value[1], f"{where}[1]", SIZE)
    )


def parse_json(obj: Any):
    """The move of a docs/formats/routewords.md move object (:class:`MoveError` names the
    field)."""
    if not isinstance(obj, dict):
        raise MoveError("move: must be a JSON object with a type")
    kind = obj.get("type")
    if kind == "route":
        return _route(obj, "move")
    if kind == "swap":
        _fields(obj, "move", "type", "squares")
        return _swap(obj["squares"], "move.squares")
    if kind == "both":
        _fields(obj, "move", "type", "first", "swap", "route")
        if obj["first"] not in ("route", "swap"):
            raise MoveError(f"move.first: {obj['first']!r} is not route or swap")
        return Both(
            obj["first"],
            _swap(obj["swap"], "move.swap"),
            _route(obj["route"], "move.route"),
        )
    if kind == "bonus":
        _fields(obj, "move", "type")
        return Bonus()
    if kind == "bonus_word":
        _fields(obj, "move", "type", "word")
        word = obj["word"]
        if word is not None and (not isinstance(word, str) or not word):
            raise MoveError(f"move.word: {word!r} is not a word or null")
        return BonusWord(word.upper() if word is not None else None)
    if kind == "pass":
        _fields(obj, "move", "type")
        return Pass()
    if kind == pie.TakeOver.type:
        return pie.parse_json(obj)
    raise MoveError(
        f"move.type: {kind!r} is not route, swap, both, bonus, bonus_word, pass or "
        "take_over"
    )


# -- notation -------------------------------------------------------------------------------
def _coords(text: str, limit: int, where: str) -> int:
    parts = text.split(",")
    if len(parts) != 2:
        raise MoveError(f"{where}: {text[:40]!r} is not r,c")
    return _pair([int_text(p, where) for p in parts], where, limit)


def parse_route_text(words: list[str], where: str = "move") -> tuple[str, Route]:
    """``WORD r,c r,c ... > i,j`` (the words after ``route``) -> (the word, the route)."""
    if len(words) < 4 or words[-2] != ">":
        raise MoveError(f"{where}: a route is 'route WORD r,c ... > i,j'")
    word = words[0].upper()
    if not word.isalpha():
        raise MoveError(f"{where}: {words[0]!r} is not a word")
    squares = tuple(
        _coords(w, SIZE, f"{where} square {i + 1}") for i, w in enumerate(words[1:-2])
    )
    return word, Route(squares, _coords(words[-1], SIDE, f"{where} end"))


def parse_swap_text(words: list[str], where: str = "move") -> Swap:
    if len(words) != 2:
        raise MoveError(f"{where}: a swap is 'swap r,c r,c'")
    return swap_of(
        _coords(words[0], SIZE, f"{where} square 1"),
        _coords(words[1], SIZE, f"{where} square 2"),
    )


def route_text(word: str, route: Route) -> str:
    squares = " ".join(square_text(s) for s in route.path)
    return f"route {word} {squares} > {point_text(route.end)}"


def swap_text(swap: Swap) -> str:
    return f"swap {square_text(swap.a)} {square_text(swap.b)}"

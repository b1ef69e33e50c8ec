"""Moves: small immutable values, and their JSON objects exactly as docs/formats.md.

A move does not name its player: it is always made by the state's player to move. Tiles
are :class:`Placement` values kept in canonical order (sorted by row, then column), so two
moves that put the same tiles on the same squares are equal and hash equal.

The text notation needs the board (word plays show board letters in parentheses) and the
mover's colour; it lives in :mod:`wordbot.engine.controlword.notation` and on the state
(``state.notation(move)``, ``state.parse_move(text)``). ``str(move)`` gives the notation
for every move but a word play, which it shows board-free as ``word ROW,COL=L ...``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from wordbot.engine.controlword.tiles import BLUE, COLOURS, LETTERS
from wordbot.engine.errors import MoveError


class Placement(NamedTuple):
    """One tile a move puts on the board."""

    row: int
    col: int
    letter: str
    colour: str

    @property
    def square(self) -> tuple[int, int]:
        return (self.row, self.col)

    def text(self) -> str:
        """``ROW,COL=L`` with a lowercase letter for a blue tile."""
        letter = self.letter.lower() if self.colour == BLUE else self.letter
        return f"{self.row},{self.col}={letter}"


def _canonical(tiles: Iterable) -> tuple[Placement, ...]:
    return tuple(sorted(Placement(*t) for t in tiles))


class Move:
    """Base class of the five moves."""

    __slots__ = ()
    type: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class WordPlay(Move):
    """Tiles from the rack put on empty squares in one line, forming words."""

    tiles: tuple[Placement, ...]
    type: ClassVar[str] = "word"

    def __post_init__(self):
        object.__setattr__(self, "tiles", _canonical(self.tiles))

    def to_json(self) -> dict[str, Any]:
        return {"type": "word", "tiles": [list(t) for t in self.tiles]}

    def __str__(self) -> str:
        return "word " + " ".join(t.text() for t in self.tiles)


@dataclass(frozen=True, slots=True)
class Replacement(Move):
    """Rack tiles put on top of board tiles of other colours."""

    tiles: tuple[Placement, ...]
    type: ClassVar[str] = "replace"

    def __post_init__(self):
        object.__setattr__(self, "tiles", _canonical(self.tiles))

    def to_json(self) -> dict[str, Any]:
        return {"type": "replace", "tiles": [list(t) for t in self.tiles]}

    def __str__(self) -> str:
        return "replace " + " ".join(t.text() for t in self.tiles)


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """No word (word phase) or no replacement (replacement phase)."""

    type: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Redraw(Move):
    """Return every non-blue rack tile to the bag and draw back to max(R - 2, 5)."""

    type: ClassVar[str] = "redraw"

    def __str__(self) -> str:
        return "redraw"


EXCHANGE_BAGS = ("vowel", "consonant")


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """Free action: an own rack tile back to the bag, a tile from a blue bag."""

    letter: str
    bag: str
    type: ClassVar[str] = "exchange"

    def to_json(self) -> dict[str, Any]:
        return {"type": "exchange", "tile": self.letter, "bag": self.bag}

    def __str__(self) -> str:
        return f"exchange {self.letter} {self.bag}"


MOVE_TYPES = ("word", "replace", "pass", "redraw", "exchange")
_FIELDS = {
    "word": {"type", "tiles"},
    "replace": {"type", "tiles"},
    "pass": {"type"},
    "redraw": {"type"},
    "exchange": {"type", "tile", "bag"},
}


def move_from_json(obj: Any, field: str = "move") -> Move:
    """The move of a docs/formats.md move object; :class:`MoveError` names the bad field.

    >>> move_from_json({"type": "exchange", "tile": "E", "bag": "vowel"})
    Exchange(letter='E', bag='vowel')
    """
    if not isinstance(obj, dict):
        raise MoveError(f"{field}: must be a JSON object with a 'type'")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MoveError(f"{field}.type: {kind!r} is not one of {', '.join(MOVE_TYPES)}")
    for key in obj:
        if key not in _FIELDS[kind]:
            raise MoveError(f"{field}.{key}: unknown field for a {kind!r} move")
    for key in sorted(_FIELDS[kind]):
        if key not in obj:
            raise MoveError(f"{field}.{key}: missing")
    if kind == "pass":
        return Pass()
    if kind == "redraw":
        return Redraw()
    if kind == "exchange":
        tile, bag = obj["tile"], obj["bag"]
        if not (isinstance(tile, str) and len(tile) == 1 and tile in LETTERS):
            raise MoveError(f"{field}.tile: {tile!r} is not an uppercase letter A-Z")
        if bag not in EXCHANGE_BAGS:
            raise MoveError(f"{field}.bag: {bag!r} is not 'vowel' or 'consonant'")
        return Exchange(tile, bag)
    tiles = obj["tiles"]
    if not isinstance(tiles, list):
        raise MoveError(f"{field}.tiles: must be a list of [row, col, LETTER, colour]")
    placements = [parse_tile(t, f"{field}.tiles[{i}]") for i, t in enumerate(tiles)]
    return WordPlay(tuple(placements)) if kind == "word" else Replacement(tuple(placements))


def parse_tile(item: Any, where: str) -> Placement:
    """A ``[row, col, LETTER, colour]`` list checked field by field."""
    if not isinstance(item, list) or len(item) != 4:
        raise MoveError(f"{where}: must be [row, col, LETTER, colour]")
    row, col, letter, colour = item
    for name, value in (("row", row), ("col", col)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise MoveError(f"{where}: {name} {value!r} is not an integer")
    if not (isinstance(letter, str) and len(letter) == 1 and letter in LETTERS):
        raise MoveError(f"{where}: letter {letter!r} is not an uppercase letter A-Z")
    if colour not in COLOURS:
        raise MoveError(f"{where}: colour {colour!r} is not one of {', '.join(COLOURS)}")
    return Placement(row, col, letter, colour)

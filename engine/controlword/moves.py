"""Moves: small immutable values, their JSON objects exactly as
docs/formats/controlword.md, and their text notation.

A move does not name its player: it is always made by the state's player to move. Tiles
are :class:`Placement` values kept in canonical order (sorted by row, then column), so two
moves that put the same tiles on the same squares are equal and hash equal.

The text notation of docs/formats/controlword.md, one move per line:

- word play: ``ROW,COL across|down WORD``: the first square of the whole word (the
  maximal run the play makes along its line), letters already on the board in
  parentheses (consecutive ones in one pair: ``(AT)``), blue rack tiles lowercase:
  ``3,-1 across CA(T)s``. A one-tile play is written in the direction whose run is 2+
  letters, across when both are.
- replacement: ``replace ROW,COL=L [ROW,COL=L ...]`` (lowercase = blue tile), squares in
  row-then-column order.
- ``pass``, ``redraw``, ``exchange E vowel`` / ``exchange T consonant``.

``format_move(parse_move(x)) == x`` for canonical text. A word play's notation needs the
board (board letters in parentheses) and the mover's colour, so :func:`format_move` and
:func:`parse_move` take them (the state's ``notation(move)`` and ``parse_move(text)``
pass its own); ``str(move)`` gives the notation of every move but a word play, which it
shows board-free as ``word ROW,COL=L ...``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from wordbot.engine.controlword.board import ACROSS, DOWN, STEP, Board
from wordbot.engine.controlword.tiles import BLUE, COLOURS, LETTERS
from wordbot.engine.errors import MoveError
from wordbot.engine.numerals import NUMERAL, int_text

#: the notation for people, with an example of each kind of move (terminal play's
#: ``help``; :attr:`~wordbot.engine.game.Game.notation_help`)
NOTATION_HELP = """\
Control Word moves (squares ROW,COL: the row first, growing down; the column growing right):
  3,-1 across CA(T)s      word phase: the first square of the whole word, across or down,
                          then the word: letters already on the board in parentheses,
                          your blue rack tiles lowercase
  replace 0,2=R 1,4=e     replacement phase: rack tiles put on board tiles not of your
                          colour, SQUARE=LETTER each (lowercase: a blue tile), up to the
                          round's replacement limit
  pass                    pass the phase's action
  redraw                  word phase: return your non-blue rack tiles and draw again
                          (a second redraw in a turn costs penalty tokens)
  exchange E vowel        any time in your turn: a tile E of your colour for a blue vowel
                          (exchange T consonant: for a blue consonant)"""


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
    """The move of a docs/formats/controlword.md move object; :class:`MoveError` names
    the bad field.

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


# ------------------------------------------------------------------------- notation
def word_direction(move: WordPlay, board: Board) -> str:
    """The line of a word play: its row or column; for one tile, the direction whose run
    (with the tile placed) is 2+ tiles, across when both or neither are."""
    tiles = move.tiles
    if len(tiles) > 1:
        return ACROSS if tiles[0].row == tiles[-1].row else DOWN
    square = tiles[0].square
    if len(board.run(square, ACROSS)) >= 2 or len(board.run(square, DOWN)) < 2:
        return ACROSS
    return DOWN


def format_move(move: Move, board: Board) -> str:
    """The canonical text of ``move`` on ``board`` (the board before the move)."""
    if not isinstance(move, WordPlay):
        return str(move)
    if not move.tiles:
        raise MoveError("move: a word play needs at least one tile")
    direction = word_direction(move, board)
    new = {t.square: t for t in move.tiles}
    placed = board.place(move.tiles)
    squares = placed.run(move.tiles[0].square, direction)
    if not all(t.square in squares for t in move.tiles):
        raise MoveError(f"move {move}: the tiles are not one contiguous line")
    text = []
    in_board = False
    for square in squares:
        tile = new.get(square)
        if tile is None:
            if not in_board:
                text.append("(")
                in_board = True
            text.append(board[square].letter)
        else:
            if in_board:
                text.append(")")
                in_board = False
            text.append(tile.letter.lower() if tile.colour == BLUE else tile.letter)
    if in_board:
        text.append(")")
    r, c = squares[0]
    return f"{r},{c} {direction} {''.join(text)}"


_WORD = re.compile(rf"({NUMERAL}),({NUMERAL})\s+(across|down)\s+(\S+)")
_SQUARE_LETTER = re.compile(rf"({NUMERAL}),({NUMERAL})=([A-Za-z])")


def _square(where: str, m: re.Match) -> tuple[int, int]:
    return int_text(m.group(1), f"{where}: row"), int_text(m.group(2), f"{where}: column")


def parse_move(text: str, colour: str, board: Board) -> Move:
    """The move written ``text`` for the player of ``colour`` on ``board``.

    Uppercase letters are ``colour`` tiles and lowercase letters blue ones. A word play's
    parenthesised letters must be the board's letters there, its other squares must be
    empty, and the word must be the whole run (no tile just before or after it).
    """
    if not isinstance(text, str):
        raise MoveError("move: must be text or a JSON object")
    parts = text.split()
    where = f"move {text.strip()[:60]!r}"
    if not parts:
        raise MoveError("move: empty")
    head = parts[0]
    if head == "pass" and len(parts) == 1:
        return Pass()
    if head == "redraw" and len(parts) == 1:
        return Redraw()
    if head == "exchange":
        if len(parts) != 3:
            raise MoveError(f"{where}: expected 'exchange LETTER vowel|consonant'")
        letter, bag = parts[1], parts[2]
        if not (len(letter) == 1 and letter in LETTERS):
            raise MoveError(
                f"{where}: {letter!r} is not an own-colour tile (an uppercase letter A-Z; "
                "blue tiles cannot be exchanged)"
            )
        if bag not in EXCHANGE_BAGS:
            raise MoveError(f"{where}: bag {bag!r} is not 'vowel' or 'consonant'")
        return Exchange(letter, bag)
    if head == "replace":
        if len(parts) < 2:
            raise MoveError(f"{where}: expected 'replace ROW,COL=L [ROW,COL=L ...]'")
        tiles = []
        for token in parts[1:]:
            m = _SQUARE_LETTER.fullmatch(token)
            if not m:
                raise MoveError(f"{where}: {token!r} is not ROW,COL=LETTER")
            letter = m.group(3)
            tiles.append(
                Placement(
                    *_square(where, m), letter.upper(), BLUE if letter.islower() else colour
                )
            )
        return Replacement(tuple(tiles))
    m = _WORD.fullmatch(text.strip())
    if not m:
        raise MoveError(
            f"{where}: not a move (ROW,COL across|down WORD, replace ..., pass, redraw, "
            "exchange ...)"
        )
    return _parse_word(where, *_square(where, m), m.group(3), m.group(4), colour, board)


def _parse_word(where, row, col, direction, word, colour, board) -> WordPlay:
    dr, dc = STEP[direction]
    tiles = []
    r, c = row, col
    in_board = False
    opened = 0
    for ch in word:
        if ch == "(":
            if in_board:
                raise MoveError(f"{where}: nested '('")
            in_board, opened = True, 0
            continue
        if ch == ")":
            if not in_board or opened == 0:
                raise MoveError(f"{where}: ')' without board letters before it")
            in_board = False
            continue
        if not ch.isascii() or not ch.isalpha():
            raise MoveError(f"{where}: {ch!r} is not a letter")
        held = board.get((r, c))
        if in_board:
            opened += 1
            if held is None:
                raise MoveError(f"{where}: square {r},{c} is empty, not ({ch.upper()})")
            if held.letter != ch.upper():
                raise MoveError(
                    f"{where}: square {r},{c} holds {held.letter}, not ({ch.upper()})"
                )
        else:
            if held is not None:
                raise MoveError(
                    f"{where}: square {r},{c} holds {held.letter}; write board letters in "
                    "parentheses"
                )
            tiles.append(Placement(r, c, ch.upper(), BLUE if ch.islower() else colour))
        r, c = r + dr, c + dc
    if in_board:
        raise MoveError(f"{where}: '(' is not closed")
    if not tiles:
        raise MoveError(f"{where}: no new tile (every letter is in parentheses)")
    for square in ((row - dr, col - dc), (r, c)):
        if square in board:
            raise MoveError(
                f"{where}: the word must be the whole run, but square {square[0]},{square[1]} "
                f"holds {board[square].letter}"
            )
    return WordPlay(tuple(tiles))

"""First Draft's moves, their JSON (docs/formats/firstdraft.md) and text notation.

Rows are numbered 0 (A) and 1 (B).

>>> parse_text("take 3 A=SOFT B=EX pool=A")
Draft(coaster=3, rows=('SOFT', 'EX'), pool='A')
>>> move_text(parse_text("insert e b0")), parse_json({"type": "sell", "row": "B"})
('insert E B0', Sell(row=1))
>>> parse_text("take 0 A= B= pool=")
Traceback (most recent call last):
...
wordbot.engine.errors.MoveError: move.coaster: 0 is not a line position (1, 2, ...)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from wordbot.engine.errors import MoveError
from wordbot.engine.firstdraft.rules import ROWS
from wordbot.engine.numerals import NUMERAL, int_text
from wordbot.engine.tiles import LETTERS

#: the notation for people, with an example of each kind of move (terminal play's
#: ``help``; :attr:`~wordbot.engine.game.Game.notation_help`)
NOTATION_HELP = """\
First Draft moves (rows A and B; a turn ends with a take):
  sell A                          sell row A (a word of a length that pays)
  discard B                       discard every letter of row B (-1 each at the end)
  insert E B0                     the pool's E into row B, ending at index 0 (the front)
  take 3 A=SOFT B=EX pool=A       take coaster 3 and leave the rows and the pool so"""


@dataclass(frozen=True)
class Sell:
    """Sell a row that is a word (an action before the draft)."""

    row: int
    type: ClassVar[str] = "sell"

    def to_json(self) -> dict[str, Any]:
        return {"type": "sell", "row": ROWS[self.row]}


@dataclass(frozen=True)
class Discard:
    """Discard every letter of a non-empty row (an action before the draft)."""

    row: int
    type: ClassVar[str] = "discard"

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "row": ROWS[self.row]}


@dataclass(frozen=True)
class Insert:
    """A pool letter into a row, ending at index ``at`` (an action before the draft)."""

    row: int
    at: int
    letter: str
    type: ClassVar[str] = "insert"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "insert",
            "row": ROWS[self.row],
            "at": self.at,
            "letter": self.letter,
        }


@dataclass(frozen=True)
class Draft:
    """Take the coaster at line position ``coaster`` (1 first), leaving the rows and the
    pool (sorted) as given; ends the turn."""

    coaster: int
    rows: tuple[str, str]
    pool: str
    type: ClassVar[str] = "draft"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "draft",
            "coaster": self.coaster,
            "rows": list(self.rows),
            "pool": self.pool,
        }


def _row(value: Any, where: str) -> int:
    if not isinstance(value, str) or value.upper() not in ("A", "B"):
        raise MoveError(f"{where}: a row is A or B")
    return ROWS.index(value.upper())


def _letters(value: Any, where: str) -> str:
    if not isinstance(value, str) or not all(ch in LETTERS for ch in value.upper()):
        raise MoveError(f"{where}: letters A-Z")
    return value.upper()


def _coaster(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise MoveError(f"move.coaster: {value!r} is not a line position (1, 2, ...)")
    return value


_FIELDS = {
    "sell": {"row"},
    "discard": {"row"},
    "insert": {"row", "at", "letter"},
    "draft": {"coaster", "rows", "pool"},
}


def parse_json(obj: Any):
    """The move of a docs/formats/firstdraft.md move object."""
    if not isinstance(obj, dict):
        raise MoveError("move: a JSON object with a type")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MoveError(f"move.type: {kind!r} is not sell, discard, insert or draft")
    extra = set(obj) - _FIELDS[kind] - {"type"}
    if extra:
        raise MoveError(f"move.{sorted(extra)[0]}: unknown field of a {kind} move")
    missing = _FIELDS[kind] - set(obj)
    if missing:
        raise MoveError(f"move.{sorted(missing)[0]}: missing")
    if kind == "sell":
        return Sell(_row(obj["row"], "move.row"))
    if kind == "discard":
        return Discard(_row(obj["row"], "move.row"))
    if kind == "insert":
        at, letter = obj["at"], _letters(obj["letter"], "move.letter")
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            raise MoveError("move.at: the index the letter ends up at (0 = front)")
        if len(letter) != 1:
            raise MoveError("move.letter: one letter")
        return Insert(_row(obj["row"], "move.row"), at, letter)
    rows = obj["rows"]
    if not isinstance(rows, list) or len(rows) != 2:
        raise MoveError("move.rows: the two rows A and B as they are after the draft")
    return Draft(
        _coaster(obj["coaster"]),
        (_letters(rows[0], "move.rows[0]"), _letters(rows[1], "move.rows[1]")),
        "".join(sorted(_letters(obj["pool"], "move.pool"))),
    )


_INSERT = re.compile(rf"([A-Za-z])\s+([ABab])({NUMERAL})")
_PART = re.compile(r"(A|B|POOL)=([A-Z]*)")


def parse_text(text: str):
    """The move of a line of notation: ``sell A``, ``discard B``, ``insert E B0``,
    ``take 3 A=SOFT B=EX pool=A``."""
    words = text.split()
    if not words:
        raise MoveError("move: empty")
    head, rest = words[0].lower(), words[1:]
    if head in ("sell", "discard") and len(rest) == 1:
        row = _row(rest[0], "move.row")
        return Sell(row) if head == "sell" else Discard(row)
    if head == "insert":
        m = _INSERT.fullmatch(" ".join(rest))
        if not m:
            raise MoveError("move: insert LETTER ROWINDEX, e.g. 'insert E B0'")
        at = int_text(m.group(3), "move.at", 0)
        return Insert(ROWS.index(m.group(2).upper()), at, m.group(1).upper())
    if head == "take" and rest:
        coaster = _coaster(int_text(rest[0], "move.coaster"))
        parts = {}
        for word in rest[1:]:
            m = _PART.fullmatch(word.upper())
            if not m or m.group(1) in parts:
                raise MoveError(f"move: {word!r}; a take names A=ROW B=ROW pool=LETTERS")
            parts[m.group(1)] = m.group(2)
        if set(parts) != {"A", "B", "POOL"}:
            raise MoveError("move: a take names A=ROW B=ROW pool=LETTERS, each once")
        return Draft(coaster, (parts["A"], parts["B"]), "".join(sorted(parts["POOL"])))
    raise MoveError(f"move: {text!r} is not sell, discard, insert or take")


def move_text(move) -> str:
    """The notation of a move."""
    if isinstance(move, (Sell, Discard)):
        return f"{move.type} {ROWS[move.row]}"
    if isinstance(move, Insert):
        return f"insert {move.letter} {ROWS[move.row]}{move.at}"
    return f"take {move.coaster} A={move.rows[0]} B={move.rows[1]} pool={move.pool}"

"""Cross words combat's moves, their JSON (docs/formats/crosswords.md) and text notation.

A write names its word by page row and index (the same text may stand in several
places); the notation names it by text, with ``@row.index`` when that is ambiguous.

>>> parse_json({"type": "write", "row": 0, "word": 2, "at": [3, 1], "direction": "down"})
Write(row=0, word=2, r=3, c=1, direction='down')
>>> parse_text("write sat@0.2 3,-1 across")
TextWrite(text='SAT', row=0, word=2, r=3, c=-1, direction='across')
>>> parse_text("pass"), Pass().to_json()
(Pass(), {'type': 'pass'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from wordbot.engine import pie
from wordbot.engine.crosswords.rules import DIRECTIONS
from wordbot.engine.errors import MoveError
from wordbot.engine.numerals import NUMERAL, int_text
from wordbot.engine.position import int_in

#: the notation for people, with an example of each kind of move (terminal play's
#: ``help``; :attr:`~wordbot.engine.game.Game.notation_help`)
NOTATION_HELP = """\
Cross words combat moves (cells r,c; r grows down; red starts on row 4, green on -4):
  write SAT 3,1 down        the word's text, its first cell, across or down
  write SAT@0.2 3,1 down    the word at row 0, index 2 of your page (when the text repeats)
  pass                      only when no word can be written
  take over                 (rule pie) take red's first turn as yours: the seats swap"""


@dataclass(frozen=True)
class Write:
    """Write the page's word (``row``, ``word``: its index in the row) from cell
    (``r``, ``c``) ``across`` or ``down``."""

    row: int
    word: int
    r: int
    c: int
    direction: str
    type: ClassVar[str] = "write"

    @property
    def key(self) -> tuple[int, int]:
        return (self.row, self.word)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "write",
            "row": self.row,
            "word": self.word,
            "at": [self.r, self.c],
            "direction": self.direction,
        }


@dataclass(frozen=True)
class TextWrite:
    """A write as notation names it: the word's text, and its place on the page when the
    notation gives one (``row``/``word`` None: the state finds the word by its text)."""

    text: str
    row: int | None
    word: int | None
    r: int
    c: int
    direction: str
    type: ClassVar[str] = "write"


@dataclass(frozen=True)
class Pass:
    """Pass: only when no write is legal (an extra turn with no write is lost)."""

    type: ClassVar[str] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


def parse_json(obj: Any) -> Write | Pass | pie.TakeOver:
    """A move object; MoveError naming the field when it is malformed."""
    if not isinstance(obj, dict):
        raise MoveError("move: must be a JSON object")
    kind = obj.get("type")
    if kind == pie.TakeOver.type:
        return pie.parse_json(obj)
    fields = {"write": {"type", "row", "word", "at", "direction"}, "pass": {"type"}}
    if not isinstance(kind, str) or kind not in fields:
        raise MoveError(f"move.type: {kind!r} is not write, pass or take_over")
    extra = sorted(set(obj) - fields[kind])
    if extra:
        raise MoveError(f"move.{extra[0]}: not a field of a {kind} move")
    missing = sorted(fields[kind] - set(obj))
    if missing:
        raise MoveError(f"move.{missing[0]}: missing")
    if kind == "pass":
        return Pass()
    row, word = (
        int_in(obj["row"], "move.row", error=MoveError),
        int_in(obj["word"], "move.word", error=MoveError),
    )
    at = obj["at"]
    if not isinstance(at, list) or len(at) != 2:
        raise MoveError(f"move.at: {at!r} is not [r, c]")
    r, c = (
        int_in(at[0], "move.at", error=MoveError),
        int_in(at[1], "move.at", error=MoveError),
    )
    if obj["direction"] not in DIRECTIONS:
        raise MoveError(f"move.direction: {obj['direction']!r} is not across or down")
    if row < 0 or word < 0:
        raise MoveError(f"move.{'row' if row < 0 else 'word'}: must be >= 0")
    return Write(row, word, r, c, obj["direction"])


TEXT = re.compile(
    rf"write\s+([A-Za-z]+)(?:@({NUMERAL})\.({NUMERAL}))?\s+({NUMERAL})\s*,\s*({NUMERAL})\s+"
    r"(across|down)",
    re.IGNORECASE,
)


def parse_text(text: str) -> TextWrite | Pass | pie.TakeOver:
    """``write SAT 3,1 down``, ``write SAT@0.2 3,1 down``, ``pass`` or ``take over``."""
    if not isinstance(text, str):
        raise MoveError("move: must be text")
    stripped = text.strip()
    if stripped.lower() == "pass":
        return Pass()
    take = pie.parse_text(stripped)
    if take is not None:
        return take
    m = TEXT.fullmatch(stripped)
    if not m:
        raise MoveError(
            f"move: {stripped[:60]!r} is not 'write WORD r,c across|down' "
            "(WORD@row.index names its place on the page), 'pass' or 'take over'"
        )
    word, row, index, r, c, direction = m.groups()
    return TextWrite(
        word.upper(),
        None if row is None else int_text(row, "move: row of the page", 0),
        None if index is None else int_text(index, "move: word of the row", 0),
        int_text(r, "move: row"),
        int_text(c, "move: column"),
        direction.lower(),
    )


def write_text(text: str, move: Write, ambiguous: bool) -> str:
    """The notation of a write of a word whose text is ``text``."""
    place = f"@{move.row}.{move.word}" if ambiguous else ""
    return f"write {text}{place} {move.r},{move.c} {move.direction}"


__all__ = ["Pass", "TextWrite", "Write", "parse_json", "parse_text", "write_text"]

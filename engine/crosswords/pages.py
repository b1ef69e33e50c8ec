"""Pages (docs/rules/crosswords.md, "Pages"): a text's rows, their tokens, words and the combo
markers right after words.

A row's tokens are its maximal runs of ASCII letters (uppercased) and of digits; its
words are the letter tokens of 2 or more letters; a digit token or a one-letter token
right after a word is that word's combo marker.

>>> page = Page.from_text("The cat sat; on 2 mats.\\n\\n  \\nA b, I see")
>>> page.rows
('The cat sat; on 2 mats.', 'A b, I see')
>>> [(w.row, w.index, w.text, w.marker) for w in page.words]  # doctest: +NORMALIZE_WHITESPACE
[(0, 0, 'THE', None), (0, 1, 'CAT', None), (0, 2, 'SAT', None),
 (0, 3, 'ON', Extra(lengths=(2,))), (0, 4, 'MATS', None), (1, 0, 'SEE', None)]
>>> page.start_word(2).text
'THE'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from importlib import resources
from typing import Any

from wordbot.engine.errors import PositionError

TOKEN = re.compile(r"[A-Za-z]+|[0-9]+")


@dataclass(frozen=True)
class Extra:
    """An extra turn and its restriction (docs/formats/crosswords.md ``extra``):
    ``any_word`` lifts rule 3; ``max_length``, ``lengths`` and ``first_letter`` narrow the
    words allowed.

    >>> Extra(lengths=(2, 5)).to_json(), Extra.from_json({"first_letter": "a"})
    ({'lengths': [2, 5]}, Extra(first_letter='A'))
    """

    any_word: bool = False
    max_length: int | None = None
    lengths: tuple[int, ...] | None = None
    first_letter: str | None = None

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{k}={v!r}" for k, v in self.__dict__.items() if v not in (False, None)
        )
        return f"Extra({shown})"

    def allows(self, text: str) -> bool:
        """Whether a word of text ``text`` may be written in this turn (rule 3 aside)."""
        if self.max_length is not None and len(text) > self.max_length:
            return False
        if self.lengths is not None and len(text) not in self.lengths:
            return False
        return self.first_letter is None or text[0] == self.first_letter

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.any_word:
            out["any_word"] = True
        if self.max_length is not None:
            out["max_length"] = self.max_length
        if self.lengths is not None:
            out["lengths"] = list(self.lengths)
        if self.first_letter is not None:
            out["first_letter"] = self.first_letter
        return out

    def describe(self) -> str:
        """``any word``, ``at most 3 letters``, ``2 or 5 letters``, ``starting with A``."""
        parts = []
        if self.any_word:
            parts.append("any unused word")
        if self.max_length is not None:
            parts.append(f"at most {self.max_length} letters")
        if self.lengths is not None:
            parts.append(" or ".join(map(str, self.lengths)) + " letters")
        if self.first_letter is not None:
            parts.append(f"starting with {self.first_letter}")
        return ", ".join(parts) or "any next word"

    @classmethod
    def from_json(cls, obj: Any, where: str = "extra") -> Extra:
        if not isinstance(obj, dict):
            raise PositionError(f"{where}: must be an object")
        unknown = sorted(set(obj) - {"any_word", "max_length", "lengths", "first_letter"})
        if unknown:
            raise PositionError(f"{where}.{unknown[0]}: not a restriction")
        any_word = obj.get("any_word", False)
        if any_word is not True and any_word is not False:
            raise PositionError(f"{where}.any_word: must be true or false")
        max_length = obj.get("max_length")
        if max_length is not None and (type(max_length) is not int or max_length < 0):
            raise PositionError(f"{where}.max_length: must be a whole number >= 0")
        lengths = obj.get("lengths")
        if lengths is not None:
            if (
                not isinstance(lengths, list)
                or not lengths
                or any(type(n) is not int or not 0 <= n <= 9 for n in lengths)
                or lengths != sorted(set(lengths))
            ):
                raise PositionError(
                    f"{where}.lengths: must be distinct digits 0-9, ascending"
                )
            lengths = tuple(lengths)
        first = obj.get("first_letter")
        if first is not None:
            if not isinstance(first, str) or not re.fullmatch(r"[A-Za-z]", first):
                raise PositionError(f"{where}.first_letter: must be one letter A-Z")
            first = first.upper()
        return cls(any_word, max_length, lengths, first)


@dataclass(frozen=True)
class Word:
    """A word of a page: its row, its index among the row's words, its text and the
    combo marker right after it (an :class:`Extra`, or None)."""

    row: int
    index: int
    text: str
    marker: Extra | None

    @property
    def key(self) -> tuple[int, int]:
        return (self.row, self.index)


def extra_turns(word: Word, crossed: int, enclosed: int) -> list[tuple[Extra, str]]:
    """The extra turns a write of ``word`` earns, each with why, in the order they join
    the queue: crossing, enclosure, the marker after the word.

    >>> [why for _, why in extra_turns(Word(0, 0, "ON", Extra(lengths=(2,))), 2, 3)]
    ['crossed 2 letters', 'enclosed 3 cells', 'marker 2']
    """
    out = []
    if crossed:
        out.append(
            (
                Extra(any_word=crossed >= 2),
                f"crossed {crossed} letter{'s' if crossed > 1 else ''}",
            )
        )
    if enclosed:
        out.append(
            (
                Extra(max_length=enclosed - 1),
                f"enclosed {enclosed} cell{'s' if enclosed > 1 else ''}",
            )
        )
    marker = word.marker
    if marker is not None:
        shown = marker.first_letter or "".join(map(str, marker.lengths or ()))
        out.append((marker, f"marker {shown}"))
    return out


def marker_extra(token: str) -> Extra | None:
    """The extra turn a marker token grants: digits give their lengths, one letter its
    first letter; a word (2+ letters) is no marker.

    >>> marker_extra("1776"), marker_extra("s"), marker_extra("on")
    (Extra(lengths=(1, 6, 7)), Extra(first_letter='S'), None)
    """
    if token.isdigit():
        return Extra(lengths=tuple(sorted({int(d) for d in token})))
    if len(token) == 1:
        return Extra(first_letter=token.upper())
    return None


def row_words(row_number: int, text: str) -> list[Word]:
    """The words of one row, each with the marker token right after it."""
    tokens = TOKEN.findall(text)
    words: list[Word] = []
    for i, token in enumerate(tokens):
        if token.isalpha() and len(token) >= 2:
            after = marker_extra(tokens[i + 1]) if i + 1 < len(tokens) else None
            words.append(Word(row_number, len(words), token.upper(), after))
    return words


@dataclass(frozen=True)
class Page:
    """A page: its rows (the text's non-blank lines) and every word of them, row by
    row. Pages are compared and hashed by their rows."""

    rows: tuple[str, ...]

    @classmethod
    def from_text(cls, text: str) -> Page:
        """The page of a text: lines end at "\\n" (a "\\r" before it is dropped too); a
        line of only whitespace is blank."""
        lines = (line[:-1] if line.endswith("\r") else line for line in text.split("\n"))
        return cls.from_rows(tuple(line for line in lines if line.strip()))

    @staticmethod
    @lru_cache(maxsize=64)
    def from_rows(rows: tuple[str, ...]) -> Page:
        page = Page(rows)
        if not page.words:
            raise PositionError("page: no word of 2 or more letters")
        return page

    # cached on the page: a property keyed by the rows would hash them on every read
    @cached_property
    def by_row(self) -> tuple[tuple[Word, ...], ...]:
        """The words of each row."""
        return tuple(tuple(row_words(r, text)) for r, text in enumerate(self.rows))

    @cached_property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for row in self.by_row for w in row)

    @cached_property
    def keys(self) -> tuple[tuple[int, int], ...]:
        """The (row, index) of every word, in :attr:`words` order."""
        return tuple(w.key for w in self.words)

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """The text of every word, in :attr:`words` order."""
        return tuple(w.text for w in self.words)

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """Where each row's words start in :attr:`words` (and, last, their number)."""
        out = [0]
        for row in self.by_row:
            out.append(out[-1] + len(row))
        return tuple(out)

    def start_word(self, letters: int, where: str = "pages") -> Word:
        """The page's first word of at least ``letters`` letters (the rule option
        ``min_start_word``); the shorter words before it stay unused. ``where`` names
        the page in the error when it has none.

        >>> Page.from_text("to be, or not\\nso tall").start_word(3).text
        'NOT'
        """
        for word in self.words:
            if len(word.text) >= letters:
                return word
        raise PositionError(
            f"{where}: no word of {letters} letters or more (min_start_word={letters})"
        )

    def word(self, row: int, index: int) -> Word:
        """The word at (row, index); PositionError when there is none."""
        by_row = self.by_row
        if not 0 <= row < len(by_row) or not 0 <= index < len(by_row[row]):
            raise PositionError(f"used: [{row}, {index}] is not a word of the page")
        return by_row[row][index]

    def text(self) -> str:
        return "\n".join(self.rows) + "\n"


@cache
def default_page(player: str) -> Page:
    """The page that ships for ``player`` (red: Moby-Dick, green: the Declaration of
    Independence; see ``pages/README.md``), read once a process (a page is immutable).

    >>> default_page("red").start_word(2).text
    'CHAPTER'
    """
    text = (
        resources.files("wordbot.engine.crosswords") / "pages" / f"{player}.txt"
    ).read_text(encoding="utf-8")
    return Page.from_text(text)


def read_page_file(path: str, where: str) -> Page:
    """A page from a UTF-8 text file; one-line errors naming ``where``."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise PositionError(f"{where}: {path} is not UTF-8 text") from None
    except OSError as exc:
        raise PositionError(f"{where}: cannot read {path} ({exc.strerror})") from None
    try:
        return Page.from_text(text)
    except PositionError:
        raise PositionError(f"{where}: {path} has no word of 2 or more letters") from None

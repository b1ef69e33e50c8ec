"""Cross words combat positions as docs/formats/crosswords.md JSON, read
with every field checked (each error names the field) and written canonically (cells and
captured cells by (r, c), used words by (row, index)).

>>> from wordbot.engine.crosswords.game import GAME
>>> obj = GAME.new(pages={"red": "An ant ate", "green": "By my ox"}).to_json()
>>> obj["cells"][:2], obj["pages"]["red"]["used"], obj["scores"]
([[-4, 0, 'B', 'green'], [-4, 1, 'Y', 'green']], [[0, 0]], {'red': 0, 'green': 0})
>>> read_position({**obj, "scores": {"red": 1, "green": 0}}, GAME.Rules(), GAME.seating())
Traceback (most recent call last):
...
wordbot.engine.errors.PositionError: scores.red: 1, but red has captured 0 cells
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from operator import itemgetter
from typing import Any

from wordbot.engine import pie
from wordbot.engine.crosswords.pages import Extra, Page
from wordbot.engine.crosswords.rules import SEATS
from wordbot.engine.errors import PositionError
from wordbot.engine.position import (
    MAX_POINTS,
    Encoded,
    canonical_json,
    canonical_json_with,
    check_fields,
    header_json,
    int_in,
    per_player,
    player_in,
    player_map,
    read_header,
)
from wordbot.engine.state import OVER

FORMAT = "wordbot.crosswords.position/1"
REQUIRED = (
    "format",
    "players",
    "to_move",
    "phase",
    "cells",
    "captured",
    "pages",
    "extra",
    "turns_taken",
    "scores",
)
OPTIONAL = ("rules", "pie_taken")


_cell = itemgetter(0)


def position_json(state) -> dict[str, Any]:
    """The docs/formats/crosswords.md position of a state."""
    players = list(state.players)
    # by cell alone (each cell is there once): a record writes every position's digest
    cells = sorted(state.cells.items(), key=_cell)
    captured = sorted(state.captured.items(), key=_cell)
    return _position(
        state,
        [_written(cell, held, players) for cell, held in cells],
        [_taken(cell, seat, players) for cell, seat in captured],
        list,
    )


def position_text(state) -> str:
    """The canonical JSON of :func:`position_json`, its cells' and captured cells'
    texts kept by the state (:attr:`CrossWordsState.listings`) and its pages' rows
    written once (a record writes the digest of every position)."""
    cells, captured = state.listings
    return canonical_json_with(
        _position(state, Encoded(cells.text()), Encoded(captured.text()), _rows_text)
    )


def _position(state, cells, captured, rows) -> dict[str, Any]:
    """The position of a state with its ``cells``, ``captured`` cells and each page's
    ``rows(page.rows)``."""
    players = list(state.players)
    return {
        **header_json(state, FORMAT),
        "cells": cells,
        "captured": captured,
        "pages": {
            p: {"rows": rows(page.rows), "used": [list(k) for k in sorted(used)]}
            for p, page, used in zip(players, state.pages, state.used)
        },
        "extra": [e.to_json() for e in state.extra],
        "turns_taken": dict(zip(players, state.turns)),
        "scores": state.scores,
        **({"pie_taken": True} if state.pie_taken else {}),
    }


def _written(cell, held, players) -> list:
    """A cell's entry of ``cells``: r, c, letter, writer."""
    return [*cell, held[0], players[held[1]]]


def _taken(cell, seat, players) -> list:
    """A cell's entry of ``captured``: r, c, captor."""
    return [*cell, players[seat]]


@lru_cache(maxsize=64)
def _rows_text(rows: tuple[str, ...]) -> Encoded:
    return Encoded(canonical_json(list(rows)))


class Listing:
    """The canonical JSON texts of a position's ``cells`` (or ``captured``) entries in
    cell order, made again from a state's by :meth:`changed` for the state a move
    makes: a move writes a few cells of hundreds."""

    __slots__ = ("cells", "entry", "texts")

    def __init__(self, cells: list, texts: list[str], entry):
        self.cells, self.texts, self.entry = cells, texts, entry

    @classmethod
    def of(cls, held: dict, entry, players) -> Listing:
        """The listing of ``held`` (cell -> value), each entry ``entry(cell, value,
        players)``."""
        ordered = sorted(held.items(), key=_cell)
        texts = [canonical_json(entry(cell, value, players)) for cell, value in ordered]
        return cls([cell for cell, _ in ordered], texts, entry)

    def changed(self, changes, players) -> Listing:
        """This listing with ``changes`` ((cell, value) each, a cell new or held
        before) made."""
        cells, texts = list(self.cells), list(self.texts)
        for cell, value in changes:
            text = canonical_json(self.entry(cell, value, players))
            i = bisect_left(cells, cell)
            if i < len(cells) and cells[i] == cell:
                texts[i] = text
            else:
                cells.insert(i, cell)
                texts.insert(i, text)
        return Listing(cells, texts, self.entry)

    def text(self) -> str:
        return "[" + ",".join(self.texts) + "]"


class Listings:
    """A state's cells and captured cells as a :class:`Listing` each, made when first
    read (:meth:`made`): from the state's own (:meth:`of`), or from those of the state a
    move was made in and what the move wrote and captured (:meth:`after`; the states
    of a search, whose digests nobody asks for, make none)."""

    __slots__ = ("_base", "_captures", "_letters", "_made")

    def __init__(self, base: Listings | tuple[dict, dict], letters=(), captures=()):
        self._base: Listings | tuple[dict, dict] | None = base
        self._letters, self._captures = letters, captures
        self._made: tuple[Listing, Listing] | None = None

    @classmethod
    def of(cls, state) -> Listings:
        """The listings of ``state``'s cells and captured cells."""
        return cls((state.cells, state.captured))

    def after(self, letters, captures) -> Listings:
        """The listings once a move wrote ``letters`` ((cell, letter, seat) each) and
        made ``captures`` ((cell, seat) each)."""
        return Listings(self, letters, captures)

    def made(self, players) -> tuple[Listing, Listing]:
        if self._made is None:
            base = self._base
            if isinstance(base, Listings):
                cells, captured = base.made(players)
                written = [(cell, (ch, seat)) for cell, ch, seat in self._letters]
                self._made = (
                    cells.changed(written, players),
                    captured.changed(self._captures, players),
                )
            else:
                assert base is not None  # only a made listing lets its base go
                self._made = (
                    Listing.of(base[0], _written, players),
                    Listing.of(base[1], _taken, players),
                )
            self._base = None  # what it was made from may go
        return self._made


def _player(value: Any, where: str) -> int:
    return SEATS.index(player_in(value, SEATS, where))


def _page(obj: Any, where: str, letters: int) -> tuple[Page, frozenset]:
    """A page and its used words; ``letters``: the rule ``min_start_word`` (the start
    word, which is always used, is the page's first word of as many letters)."""
    check_fields(obj, ("rows", "used"), (), where)
    rows = obj["rows"]
    if not isinstance(rows, list) or not rows:
        raise PositionError(f"{where}.rows: must be a non-empty list of lines")
    for i, row in enumerate(rows):
        if not isinstance(row, str) or not row.strip() or re.search(r"[\r\n]", row):
            raise PositionError(f"{where}.rows[{i}]: must be one non-blank line of text")
    try:
        page = Page.from_rows(tuple(rows))
    except PositionError:
        raise PositionError(f"{where}.rows: no word of 2 or more letters") from None
    used = set()
    if not isinstance(obj["used"], list):
        raise PositionError(f"{where}.used: must be a list of [row, index]")
    for k, item in enumerate(obj["used"]):
        if not isinstance(item, list) or len(item) != 2:
            raise PositionError(f"{where}.used[{k}]: {item!r} is not [row, index]")
        key = (
            int_in(item[0], f"{where}.used[{k}]", -MAX_POINTS, MAX_POINTS),
            int_in(item[1], f"{where}.used[{k}]", -MAX_POINTS, MAX_POINTS),
        )
        try:
            page.word(*key)
        except PositionError:
            raise PositionError(
                f"{where}.used[{k}]: {item} is not a word of the page"
            ) from None
        if key in used:
            raise PositionError(f"{where}.used[{k}]: {item} is listed twice")
        used.add(key)
    start = page.start_word(letters, where)
    if start.key not in used:
        raise PositionError(
            f"{where}.used: the start word {start.text} {list(start.key)} is not in it"
        )
    return page, frozenset(used)


def _cell_items(items: Any, field: str, shape: str):
    """(cell, item, where) of each ``[r, c, ...]`` item of a list field, each cell once;
    a cells item's letter is checked too."""
    if not isinstance(items, list):
        raise PositionError(f"{field}: must be a list of {shape}")
    seen = set()
    for k, item in enumerate(items):
        where = f"{field}[{k}]"
        if not isinstance(item, list) or len(item) != shape.count(",") + 1:
            raise PositionError(f"{where}: {item!r} is not {shape}")
        cell = (
            int_in(item[0], where, -MAX_POINTS, MAX_POINTS),
            int_in(item[1], where, -MAX_POINTS, MAX_POINTS),
        )
        if field == "cells" and (
            not isinstance(item[2], str) or not re.fullmatch(r"[A-Z]", item[2])
        ):
            raise PositionError(f"{where}: {item[2]!r} is not a letter A-Z")
        if cell in seen:
            raise PositionError(f"{where}: cell {cell[0]},{cell[1]} is listed twice")
        seen.add(cell)
        yield cell, item, where


def read_position(obj: Any, rules, seating: dict[str, Any]) -> dict[str, Any]:
    """The state fields of a position object (PositionError naming the field;
    ``seating``: who may sit, :meth:`~wordbot.engine.game.Game.seating`)."""
    header = read_header(obj, REQUIRED, OPTIONAL, ("turn", OVER), **seating)
    phase = header.phase
    pages_obj = player_map(obj["pages"], SEATS, "pages")
    pages, used = zip(
        *(_page(pages_obj[p], f"pages.{p}", rules.min_start_word) for p in SEATS)
    )
    cells = {
        cell: (item[2], _player(item[3], where))
        for cell, item, where in _cell_items(
            obj["cells"], "cells", "[r, c, LETTER, writer]"
        )
    }
    captured = {}
    for cell, item, where in _cell_items(obj["captured"], "captured", "[r, c, captor]"):
        captured[cell] = _player(item[2], where)
        held = cells.get(cell)
        if held is not None and held[1] == captured[cell]:
            raise PositionError(f"{where}: {item[2]} cannot capture its own letter")
    taken = pie.read_taken(obj, rules, 2)
    _check_cells(cells, pages, used, rules, taken)
    extra_obj = obj["extra"]
    if not isinstance(extra_obj, list):
        raise PositionError("extra: must be a list of restrictions")
    extra = tuple(Extra.from_json(e, f"extra[{k}]") for k, e in enumerate(extra_obj))
    if phase == OVER and extra:
        raise PositionError("extra: must be [] once the game is over")
    turns = tuple(per_player(obj["turns_taken"], SEATS, "turns_taken").values())
    scores = player_map(obj["scores"], SEATS, "scores")
    for s, p in enumerate(SEATS):
        have = sum(1 for v in captured.values() if v == s)
        if scores[p] != have:
            raise PositionError(
                f"scores.{p}: {scores[p]!r}, but {p} has captured {have} cells"
            )
    return {
        **header.fields(),
        "cells": cells,
        "captured": captured,
        "pages": tuple(pages),
        "used": tuple(used),
        "extra": extra,
        "turns": turns,
        "pie_taken": taken,
    }


def _check_cells(cells, pages, used, rules, taken: bool) -> None:
    """The cells agree with the pages: each start word where the set-up writes it (the
    seats exchanged after a take-over), and no player with letters beyond those of the
    words they used."""
    rows = (rules.start_gap, -rules.start_gap)
    for seat, (page, row) in enumerate(zip(pages, rows[::-1] if taken else rows)):
        player = SEATS[seat]
        start = page.start_word(rules.min_start_word, f"pages.{player}").text
        for j, ch in enumerate(start):
            if cells.get((row, j)) != (ch, seat):
                raise PositionError(
                    f"cells: {player}'s start word {start} is not across from {row},0"
                )
        wrote = Counter(ch for ch, s in cells.values() if s == seat)
        have = Counter("".join(page.word(*k).text for k in used[seat]))
        over = wrote - have
        if over:
            ch = sorted(over)[0]
            raise PositionError(
                f"cells: {player} wrote {wrote[ch]} {ch}, more than the "
                f"words it used hold ({have[ch]})"
            )

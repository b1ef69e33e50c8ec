"""The board: an immutable mapping (row, col) -> Tile on an unbounded integer grid.

Rows grow downward and columns rightward; negative coordinates are normal. With the
``board_size`` rule N the board is bounded: rows and columns both run over
``-((N - 1) // 2) .. N // 2`` (N = 15: -7..7; N = 20: -9..10). Start mats are placed by
the same convention (a mat h rows high covers rows ``-((h - 1) // 2) .. h // 2``, and
likewise for its width), so the board is centred on the mat: the margins on opposite
sides are equal when N and the mat's size have the same parity, and differ by one
otherwise (N = 9, h = 6: rows -4..4, mat rows -2..3, 2 free rows above and 1 below).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from wordbot.engine.controlword.tiles import Tile

ACROSS = "across"
DOWN = "down"
DIRECTIONS = (ACROSS, DOWN)
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}

Square = tuple[int, int]
Bounds = tuple[int, int, int, int]


class Word(NamedTuple):
    """A maximal run of two or more tiles along a row (across) or a column (down)."""

    direction: str
    squares: tuple[Square, ...]
    letters: str
    colours: tuple[str, ...]

    @property
    def start(self) -> Square:
        return self.squares[0]


def centred_bounds(size: int) -> Bounds:
    """Inclusive (row_min, row_max, col_min, col_max) of a ``size`` x ``size`` board.

    >>> centred_bounds(15), centred_bounds(20)
    ((-7, 7, -7, 7), (-9, 10, -9, 10))
    """
    low = -((size - 1) // 2)
    return (low, low + size - 1, low, low + size - 1)


def centring_offset(height: int, width: int) -> Square:
    """The (row, col) of the top-left square of a ``height`` x ``width`` block centred
    on (0, 0) by the board's convention."""
    return (-((height - 1) // 2), -((width - 1) // 2))


class Board(Mapping):
    """An immutable mapping (row, col) -> :class:`Tile` with optional bounds.

    >>> b = Board({(0, 0): Tile("A", "blue"), (0, 1): Tile("T", "red")})
    >>> [w.letters for w in b.words()], b.word_at((0, 1), ACROSS).colours
    (['AT'], ('blue', 'red'))
    """

    #: ``controls``: who controls each word, kept by the board once asked for
    #: (:func:`wordbot.engine.controlword.adapter.evaluate_board`): the states of a
    #: game share a board until a play changes it
    __slots__ = ("_tiles", "bounds", "controls")

    def __init__(
        self, tiles: Mapping[Square, Tile] | None = None, bounds: Bounds | None = None
    ):
        self._tiles: dict[Square, Tile] = dict(tiles) if tiles else {}
        self.bounds = bounds
        self.controls: tuple | None = None

    @classmethod
    def _wrap(cls, tiles: dict[Square, Tile], bounds: Bounds | None) -> Board:
        board = cls.__new__(cls)
        board._tiles = tiles
        board.bounds = bounds
        board.controls = None
        return board

    # Mapping protocol
    def __getitem__(self, square: Square) -> Tile:
        return self._tiles[square]

    def __iter__(self) -> Iterator[Square]:
        return iter(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, square: object) -> bool:
        return square in self._tiles

    def get(self, square, default=None):
        return self._tiles.get(square, default)

    # the dict's own views: Mapping's generic ones look every square up again
    def keys(self):
        return self._tiles.keys()

    def items(self):
        return self._tiles.items()

    def values(self):
        return self._tiles.values()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self._tiles == other._tiles and self.bounds == other.bounds
        return NotImplemented

    def __hash__(self):
        return hash(frozenset(self._tiles.items()))

    def __repr__(self) -> str:
        return f"<Board {len(self)} tiles, bounds={self.bounds}>"

    # Geometry
    def in_bounds(self, square: Square) -> bool:
        if self.bounds is None:
            return True
        r, c = square
        r0, r1, c0, c1 = self.bounds
        return r0 <= r <= r1 and c0 <= c <= c1

    def extent(self) -> Bounds | None:
        """The bounding box (row_min, row_max, col_min, col_max) of the tiles, or None."""
        if not self._tiles:
            return None
        rows = [r for r, _ in self._tiles]
        cols = [c for _, c in self._tiles]
        return (min(rows), max(rows), min(cols), max(cols))

    def place(self, tiles: Iterable) -> Board:
        """A new board with ``tiles`` (``(row, col, letter, colour)`` each, e.g.
        :class:`~wordbot.engine.controlword.moves.Placement`) put on (or on top of) their squares."""
        new = self._tiles.copy()
        for row, col, letter, colour in tiles:
            new[(row, col)] = Tile(letter, colour)
        return Board._wrap(new, self.bounds)

    def run(self, square: Square, direction: str) -> tuple[Square, ...]:
        """The squares of the maximal run of tiles along ``direction`` through ``square``
        (``square`` itself counted as filled even when it is empty)."""
        dr, dc = STEP[direction]
        tiles = self._tiles
        r, c = square
        while (r - dr, c - dc) in tiles:
            r, c = r - dr, c - dc
        out = []
        while (r, c) in tiles or (r, c) == square:
            out.append((r, c))
            r, c = r + dr, c + dc
        return tuple(out)

    def word_at(self, square: Square, direction: str) -> Word | None:
        """The word along ``direction`` through the tile on ``square``; None when the
        square is empty or the run there is a single tile."""
        if square not in self._tiles:
            return None
        squares = self.run(square, direction)
        if len(squares) < 2:
            return None
        return self._word(direction, squares)

    def _word(self, direction: str, squares: tuple[Square, ...]) -> Word:
        tiles = [self._tiles[s] for s in squares]
        return Word(
            direction,
            squares,
            "".join(t.letter for t in tiles),
            tuple(t.colour for t in tiles),
        )

    def words(self) -> list[Word]:
        """Every maximal run of 2+ tiles across and down, ordered by first square
        (across before down on the same square)."""
        tiles = self._tiles
        found = []
        for r, c in tiles:
            if (r, c - 1) not in tiles and (r, c + 1) in tiles:
                found.append(self._word(ACROSS, self.run((r, c), ACROSS)))
            if (r - 1, c) not in tiles and (r + 1, c) in tiles:
                found.append(self._word(DOWN, self.run((r, c), DOWN)))
        found.sort(key=lambda w: (w.squares[0], w.direction != ACROSS))
        return found


def formed_words(board_after: Board, tiles) -> list[tuple[Square, ...]]:
    """The squares of every word a word play forms or extends on ``board_after`` (the
    board with its ``tiles`` placed, in canonical order): the main word along its line
    and each cross word through a new tile; for one tile, its runs of 2+ in both
    directions."""
    run = board_after.run
    if len(tiles) == 1:
        square = tiles[0].square
        return [r for r in (run(square, ACROSS), run(square, DOWN)) if len(r) >= 2]
    if tiles[0].row == tiles[-1].row:
        line, cross = ACROSS, DOWN
    else:
        line, cross = DOWN, ACROSS
    words = [run(tiles[0].square, line)]
    for t in tiles:
        r = run(t.square, cross)
        if len(r) >= 2:
            words.append(r)
    return words


def changed_words(board_after: Board, tiles) -> list[tuple[Square, ...]]:
    """The squares of every distinct word (run of 2+) through a changed square."""
    seen = []
    for t in tiles:
        for direction in (ACROSS, DOWN):
            r = board_after.run(t.square, direction)
            if len(r) >= 2 and r not in seen:
                seen.append(r)
    return seen

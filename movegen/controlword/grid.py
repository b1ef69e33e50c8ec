"""Packing a board into the dense arrays the kernels read.

The table is unbounded, so the kernels see only the tiles' bounding box grown by the
rack size (no play can reach further) and one ring of blocked squares around it, which
spares every kernel a bounds check. On a bounded board the squares outside the board
are blocked too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter

import numpy as np
from numba import njit

EMPTY = 0  # grid value of an empty square; 1..26 are the letters A..Z
BLOCKED = 255  # off the board (or the border ring)
COLOURS = ("black", "white", "red", "green", "blue")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
BLUE = COLOUR_INDEX["blue"]
NO_COLOUR = -1


@dataclass(frozen=True)
class Grid:
    """A board as dense arrays: ``letters[i, j]`` and ``colours[i, j]`` hold the square
    (``row0 + i``, ``col0 + j``).

    >>> g = Grid.pack({(0, 0): ("C", "blue"), (0, 1): ("A", "red")}, pad=1)
    >>> g.letters.shape, g.to_board(1, 2), int(g.letters[2, 3])
    ((5, 6), (-1, 0), 1)
    """

    letters: np.ndarray  # uint8[H, W]
    colours: np.ndarray  # int8[H, W]
    row0: int
    col0: int

    @classmethod
    def pack(cls, tiles: Mapping[tuple[int, int], tuple[str, str]], pad: int,
             bounds: tuple[int, int, int, int] | None = None) -> "Grid":
        """Pack ``(row, col) -> (LETTER, colour)`` with ``pad`` free squares on every side.

        ``bounds`` = (row_min, row_max, col_min, col_max), inclusive, blocks the rest.
        """
        return cls.from_codes(tile_codes(tiles), pad, bounds)

    @classmethod
    def from_codes(cls, codes: tuple, pad: int,
                   bounds: tuple[int, int, int, int] | None = None) -> "Grid":
        """:meth:`pack` from :func:`tile_codes` (numba does the filling)."""
        if bounds is None:
            letters, colours, row0, col0, ok = _pack(*codes, pad, 0, 0, 0, 0, False)
        else:
            letters, colours, row0, col0, ok = _pack(*codes, pad, bounds[0], bounds[1],
                                                     bounds[2], bounds[3], True)
        if not ok:
            raise ValueError("board: a tile letter is not A-Z")
        return cls(letters, colours, row0, col0)

    def to_board(self, i: int, j: int) -> tuple[int, int]:
        return i + self.row0, j + self.col0


def tile_codes(tiles: Mapping[tuple[int, int], tuple[str, str]]):
    """The tiles as arrays: (row, col) pairs (int64, flat), letter codes (uint8, 1..26)
    and colour indices (int8)."""
    items = getattr(tiles, "_tiles", tiles)  # an engine Board: its plain dict is faster
    n = len(items)
    squares = np.fromiter(chain.from_iterable(items), np.int64, 2 * n)
    values = items.values()
    letters = np.frombuffer("".join(map(_first, values)).encode("ascii"), np.uint8)
    colours = np.frombuffer(bytes(map(COLOUR_INDEX.__getitem__, map(_second, values))),
                            np.int8)
    return squares, letters, colours


_first, _second = itemgetter(0), itemgetter(1)


@njit(cache=True)
def _pack(squares, codes, cols, pad, br0, br1, bc0, bc1, bounded):
    """Grid arrays for :func:`tile_codes` output: the tiles' bounding box ((0, 0) when
    there are none) grown by ``pad`` free squares and a blocked ring; with ``bounded``,
    squares outside rows br0..br1 / columns bc0..bc1 are blocked too."""
    n = codes.shape[0]
    rmin = cmin = np.int64(0)
    rmax = cmax = np.int64(0)
    for k in range(n):
        r = squares[2 * k]
        c = squares[2 * k + 1]
        if k == 0 or r < rmin:
            rmin = r
        if k == 0 or r > rmax:
            rmax = r
        if k == 0 or c < cmin:
            cmin = c
        if k == 0 or c > cmax:
            cmax = c
    rmin -= pad + 1
    cmin -= pad + 1
    rmax += pad + 1
    cmax += pad + 1
    h = rmax - rmin + 1
    w = cmax - cmin + 1
    letters = np.zeros((h, w), np.uint8)
    colours = np.full((h, w), NO_COLOUR, np.int8)
    for i in range(h):
        for j in range(w):
            if i == 0 or j == 0 or i == h - 1 or j == w - 1 or (bounded and not (
                    br0 <= i + rmin <= br1 and bc0 <= j + cmin <= bc1)):
                letters[i, j] = BLOCKED
    for k in range(n):
        i = squares[2 * k] - rmin
        j = squares[2 * k + 1] - cmin
        if not 1 <= codes[k] - 64 <= 26:
            return letters, colours, rmin, cmin, False
        letters[i, j] = codes[k] - 64
        colours[i, j] = cols[k]
    return letters, colours, rmin, cmin, True

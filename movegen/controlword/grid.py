"""Packing a board into the dense arrays the kernels read.

The table is unbounded, so the kernels see only the tiles' bounding box grown by the
rack size (no play can reach further) and one ring of blocked squares around it, which
spares every kernel a bounds check. On a bounded board the squares outside the board
are blocked too.

Tiles come in as flat arrays (the game's adapter makes them from a board): squares as
(row, col) pairs, letters as ASCII codes ``A``..``Z``, colours as indices in the order
black, white, red, green, blue (blue = :data:`BLUE`, the colour that controls nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

EMPTY = 0  # grid value of an empty square; 1..26 are the letters A..Z
BLOCKED = 255  # off the board (or the border ring)
BLUE = 4  # colour index of blue (the adapter's order: black, white, red, green, blue)
NO_COLOUR = -1


@dataclass(frozen=True)
class Grid:
    """A board as dense arrays: ``letters[i, j]`` and ``colours[i, j]`` hold the square
    (``row0 + i``, ``col0 + j``).

    >>> squares = np.array([0, 0, 0, 1], np.int64)
    >>> g = Grid.from_arrays(squares, np.frombuffer(b"CA", np.uint8), np.array([4, 2], np.int8),
    ...                      pad=1)
    >>> g.letters.shape, (g.row0, g.col0), int(g.letters[2, 3])
    ((5, 6), (-2, -2), 1)
    """

    letters: np.ndarray  # uint8[H, W]
    colours: np.ndarray  # int8[H, W]
    row0: int
    col0: int

    @classmethod
    def from_arrays(
        cls,
        squares: np.ndarray,
        letters: np.ndarray,
        colours: np.ndarray,
        pad: int,
        bounds: tuple[int, int, int, int] | None = None,
    ) -> Grid:
        """The grid of the tiles (``squares``: int64 row, col pairs, flat; ``letters``:
        uint8 ASCII codes; ``colours``: int8 indices) with ``pad`` free squares on every
        side; ``bounds`` = (row_min, row_max, col_min, col_max), inclusive, blocks the
        rest (numba does the filling)."""
        # read-only views whatever the caller's arrays: numba compiles a kernel once per
        # writability of its arguments
        letters, colours = letters.view(), colours.view()
        letters.setflags(write=False)
        colours.setflags(write=False)
        if bounds is None:
            packed = _pack(squares, letters, colours, pad, 0, 0, 0, 0, False)
        else:
            packed = _pack(
                squares,
                letters,
                colours,
                pad,
                bounds[0],
                bounds[1],
                bounds[2],
                bounds[3],
                True,
            )
        grid_letters, grid_colours, row0, col0, ok = packed
        if not ok:
            raise ValueError("board: a tile letter is not A-Z")
        return cls(grid_letters, grid_colours, row0, col0)


@njit(cache=True)
def _pack(squares, codes, cols, pad, br0, br1, bc0, bc1, bounded):
    """Grid arrays of the tiles: their bounding box ((0, 0) when
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
            if (
                i == 0
                or j == 0
                or i == h - 1
                or j == w - 1
                or (bounded and not (br0 <= i + rmin <= br1 and bc0 <= j + cmin <= bc1))
            ):
                letters[i, j] = BLOCKED
    for k in range(n):
        i = squares[2 * k] - rmin
        j = squares[2 * k + 1] - cmin
        if not 1 <= codes[k] - 64 <= 26:
            return letters, colours, rmin, cmin, False
        letters[i, j] = codes[k] - 64
        colours[i, j] = cols[k]
    return letters, colours, rmin, cmin, True

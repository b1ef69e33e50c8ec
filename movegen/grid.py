"""Packing a board into the dense arrays the kernels read.

The table is unbounded, so the kernels see only the tiles' bounding box grown by the
rack size (no play can reach further) and one ring of blocked squares around it, which
spares every kernel a bounds check. On a bounded board the squares outside the board
are blocked too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

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
        if tiles:
            rows = [r for r, _ in tiles]
            cols = [c for _, c in tiles]
            rmin, rmax, cmin, cmax = min(rows), max(rows), min(cols), max(cols)
        else:
            rmin = rmax = cmin = cmax = 0
        rmin -= pad + 1
        cmin -= pad + 1
        rmax += pad + 1
        cmax += pad + 1
        h, w = rmax - rmin + 1, cmax - cmin + 1
        letters = np.zeros((h, w), np.uint8)
        colours = np.full((h, w), NO_COLOUR, np.int8)
        letters[0, :] = letters[-1, :] = BLOCKED
        letters[:, 0] = letters[:, -1] = BLOCKED
        if bounds is not None:
            br0, br1, bc0, bc1 = bounds
            outside = np.ones((h, w), bool)
            i0, i1 = max(br0 - rmin, 0), min(br1 - rmin, h - 1)
            j0, j1 = max(bc0 - cmin, 0), min(bc1 - cmin, w - 1)
            if i0 <= i1 and j0 <= j1:
                outside[i0:i1 + 1, j0:j1 + 1] = False
            letters[outside] = BLOCKED
        for (r, c), (letter, colour) in tiles.items():
            letters[r - rmin, c - cmin] = ord(letter) - 64
            colours[r - rmin, c - cmin] = COLOUR_INDEX[colour]
        return cls(letters, colours, rmin, cmin)

    def to_board(self, i: int, j: int) -> tuple[int, int]:
        return i + self.row0, j + self.col0

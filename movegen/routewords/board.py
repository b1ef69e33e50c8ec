"""RouteWords' grid as flat numbers: squares ``r * 5 + c`` (0..24), intersections
``i * 6 + j`` (0..35), and the fixed tables the kernels read.

>>> int(CORNERS[0, 3]), [int(s) for s in SQUARES_AT[7] if s >= 0]
(7, [0, 1, 5, 6])
>>> len(SWAPS), [int(s) for s in SWAPS[0]]
(72, [0, 1])
"""

from __future__ import annotations

import numpy as np

SIZE = 5  # squares a side
SQUARES = SIZE * SIZE
SIDE = SIZE + 1  # intersections a side
POINTS = SIDE * SIDE
MAX_PATH = SQUARES  # a route never repeats a square


def _neighbours() -> np.ndarray:
    out = np.full((SQUARES, 8), -1, np.int64)
    for r in range(SIZE):
        for c in range(SIZE):
            near = [
                (r + dr) * SIZE + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
            ]
            out[r * SIZE + c, : len(near)] = near
    return out


def _corners() -> np.ndarray:
    out = np.zeros((SQUARES, 4), np.int64)
    for r in range(SIZE):
        for c in range(SIZE):
            out[r * SIZE + c] = [
                r * SIDE + c,
                r * SIDE + c + 1,
                (r + 1) * SIDE + c,
                (r + 1) * SIDE + c + 1,
            ]
    return out


def _squares_at() -> np.ndarray:
    out = np.full((POINTS, 4), -1, np.int64)
    for i in range(SIDE):
        for j in range(SIDE):
            near = [
                r * SIZE + c
                for r in (i - 1, i)
                for c in (j - 1, j)
                if 0 <= r < SIZE and 0 <= c < SIZE
            ]
            out[i * SIDE + j, : len(near)] = near
    return out


#: the (up to 8) squares next to each square, ascending, -1 padded
NEIGHBOURS = _neighbours()
#: the 4 corner intersections of each square, ascending
CORNERS = _corners()
#: the (up to 4) squares that have each intersection as a corner, ascending, -1 padded
SQUARES_AT = _squares_at()
#: every pair of 8-adjacent squares (a < b), ascending: the 72 swaps
SWAPS = np.array(
    [(a, int(b)) for a in range(SQUARES) for b in NEIGHBOURS[a] if b > a], np.int64
)
for _table in (NEIGHBOURS, CORNERS, SQUARES_AT, SWAPS):
    _table.setflags(write=False)


def _swaps_of() -> np.ndarray:
    out = np.full((SQUARES, 8, 2), -1, np.int64)
    filled = [0] * SQUARES
    for k, (a, b) in enumerate(SWAPS):
        for here, there in ((a, b), (b, a)):
            out[here, filled[here]] = (k, there)
            filled[here] += 1
    return out


#: for each square, the swaps that move its tile: (swap number, the other square), -1
#: padded
SWAPS_OF = _swaps_of()
SWAPS_OF.setflags(write=False)


def _neighbours_padded() -> np.ndarray:
    out = NEIGHBOURS.copy()
    out[out < 0] = SQUARES  # a square past the grid, whose tile leads nowhere
    return out


#: NEIGHBOURS with -1 replaced by 25, a square past the grid (a kernel gives it the tile
#: NO_TILE, which no automaton node has an arc for), so a loop over 8 needs no test
NEIGHBOURS8 = _neighbours_padded()
NEIGHBOURS8.setflags(write=False)
NO_TILE = 31

"""Cross words combat's compiled core, a position's transposition key: the fields that
tell positions apart (:meth:`wordbot.engine.crosswords.core.CrossWordsCore.key`), as
int64 words written in one pass over the grid's window.

Each letter and captured cell is one word: its place on the unbounded grid (the
window's origin added, so two windows of one position give one key), its letter,
writer and captor. The cells' count comes first, so the variable parts never run into
the fixed ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.core_state import (
    CAPTOR,
    EXTRAS,
    LETTER,
    ORIGIN,
    WALLS,
    WRITER,
)

#: a cell's place is kept in 20 bits a coordinate, offset to be positive: a game's grid
#: grows by its words' lengths, far less than this from the first word
_PLACE_BITS = 20
_OFFSET = 1 << (_PLACE_BITS - 1)


@njit(cache=True)
def key_into(grid, used, info, extra, keyed, out):
    """Write the key's words into ``out`` (room for every cell of the window and the
    rest, as :func:`key_of` makes it): the count of letters and captured cells, each of
    them, the words used, the extra turns queued and ``info``'s ``keyed`` slots;
    returns how many words it wrote."""
    n = 1
    top, bottom, left, right = (
        info[WALLS],
        info[WALLS + 1],
        info[WALLS + 2],
        info[WALLS + 3],
    )
    for r in range(top, bottom + 1):
        row = r + info[ORIGIN] + _OFFSET
        for c in range(left, right + 1):
            letter, captor = grid[LETTER, r, c], grid[CAPTOR, r, c]
            if letter == 0 and captor == 0:
                continue
            col = c + info[ORIGIN + 1] + _OFFSET
            out[n] = (
                (((row << _PLACE_BITS | col) << 8 | letter) << 4 | grid[WRITER, r, c]) << 4
            ) | captor
            n += 1
    out[0] = n - 1
    for v in used.ravel():
        out[n] = v
        n += 1
    for q in range(info[EXTRAS]):
        for v in extra[q]:
            out[n] = v
            n += 1
    for slot in keyed:
        out[n] = info[slot]
        n += 1
    return n


def key_of(grid: np.ndarray, used: np.ndarray, info: np.ndarray, extra: np.ndarray,
           keyed: np.ndarray) -> bytes:  # fmt: skip
    """The key of the position ``(grid, used, info, extra)`` as bytes."""
    _, rows, cols = grid.shape
    out = np.empty(1 + rows * cols + used.size + extra.size + keyed.size, np.int64)
    return out[: key_into(grid, used, info, extra, keyed, out)].tobytes()

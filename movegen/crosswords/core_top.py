"""Cross words combat's compiled core, the greedy player's ``k`` best moves: the rows
of ``state.bot_moves().best(k)`` (players/greedy.py's ``moves``) in its order, the
most cells captured now first, then the list's order (the writes, or pass alone, then
the take-over, worth the score it exchanges); no draw.

A search's inner nodes rank their moves here, over the position's arrays as
:mod:`wordbot.engine.crosswords.core` packs them.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.core_play import listed_row, scratch_for
from wordbot.movegen.crosswords.core_state import (
    KIND,
    OUT,
    OVER,
    PASS,
    SCORES,
    TAKE_OVER,
    WIDTH,
    gain_of,
    list_now,
    pie_offered,
)


@njit(cache=True)
def _offer(top, n, k, gain, i):
    """Keep move ``i`` worth ``gain`` among the ``n`` best of ``top`` (best first: the
    larger gain, then the smaller place; at most ``k``); returns how many it holds."""
    at = n
    while at > 0 and (
        gain > top[at - 1, 0] or (gain == top[at - 1, 0] and i < top[at - 1, 1])
    ):
        at -= 1
    if at >= k:
        return n
    for j in range(min(n, k - 1), at, -1):
        top[j] = top[j - 1]
    top[at, 0], top[at, 1] = gain, i
    return min(n + 1, k)


@njit(cache=True, nogil=True)
def greedy_top(grid, used, info, extra, book, k):
    """The rows of the greedy player's ``k`` best moves in the position (see the module
    docstring)."""
    st = (grid, used, info, extra)
    if info[OVER] or k < 1:
        return np.zeros((0, WIDTH), np.int64)
    sc = scratch_for(st, book)
    n, sc = list_now(st, book, sc, np.bool_(True))
    top = np.empty((k, 2), np.int64)
    kept = np.int64(0)
    for i in range(n):
        kept = _offer(top, kept, k, gain_of(sc[OUT], i), i)
    listed = n
    if n == 0:  # pass alone
        kept = _offer(top, kept, k, np.int64(0), listed)
        listed += 1
    if pie_offered(st):
        kept = _offer(top, kept, k, info[SCORES] - info[SCORES + 1], listed)
    rows = np.zeros((kept, WIDTH), np.int64)
    for j in range(kept):
        i = top[j, 1]
        if i < n:
            listed_row(st, sc[OUT], i, rows[j])
        elif n == 0 and i == 0:
            rows[j, KIND] = PASS
        else:
            rows[j, KIND] = TAKE_OVER
    return rows

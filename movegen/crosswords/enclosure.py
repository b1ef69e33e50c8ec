"""Enclosures (RULES.md section 4, the enclosure combo): the finite orthogonally
connected regions of empty, uncaptured cells whose neighbours outside the region all
belong to one player.

The grid is a window of the unbounded grid. ``box`` (int64[4]: first row, last row,
first column, last column) holds every cell that belongs to somebody: a region that
reaches a cell outside it reaches infinity, since everything out there is empty. ``owner`` holds, per cell, 0 (empty and uncaptured:
the cells regions are made of) or the seat + 1 the cell belongs to (its captor, else its
writer). Regions are searched depth first; ``visit`` stamps each search, so a search
that meets a cell of an earlier failed search of the same write stops at once (same
region).
"""

from __future__ import annotations

import numpy as np
from numba import njit

DR = np.array([-1, 1, 0, 0], np.int64)
DC = np.array([0, 0, -1, 1], np.int64)


@njit(cache=True)
def flood(owner, me, r0, c0, box, visit, stamp, first_stamp, stack):
    """The size of the region of (r0, c0) when ``me`` encloses it, else 0. Cells reached
    get ``stamp`` in ``visit``; a cell stamped in [first_stamp, stamp) belongs to a
    region already found open, so this one is open too."""
    top = 0
    stack[0, 0], stack[0, 1] = r0, c0
    visit[r0, c0] = stamp
    size = 0
    while top >= 0:
        r, c = stack[top, 0], stack[top, 1]
        top -= 1
        size += 1
        if r < box[0] or r > box[1] or c < box[2] or c > box[3]:
            return 0  # outside every wall: the region is infinite
        for k in range(4):
            nr, nc = r + DR[k], c + DC[k]
            o = owner[nr, nc]
            if o != 0:
                if o != me:
                    return 0  # walled by the other player too
                continue
            v = visit[nr, nc]
            if v == stamp:
                continue
            if first_stamp <= v < stamp:
                return 0  # part of a region already found open
            visit[nr, nc] = stamp
            top += 1
            stack[top, 0], stack[top, 1] = nr, nc
    return size


@njit(cache=True)
def enclosed_all(owner, me, box, visit, stamp, stack, mark):
    """Every region ``me`` encloses anywhere in the window: their total size; with
    ``mark`` (a bool array of the grid's shape, or a 0 x 0 one) their cells set True.
    ``stamp``: the first free stamp of ``visit``; returns (size, next free stamp)."""
    first = stamp
    total = 0
    for r in range(box[0], box[1] + 1):
        for c in range(box[2], box[3] + 1):
            if owner[r, c] != 0 or visit[r, c] >= first:
                continue
            size = flood(owner, me, r, c, box, visit, stamp, first, stack)
            if size and mark.shape[0]:
                for rr in range(box[0], box[1] + 1):
                    for cc in range(box[2], box[3] + 1):
                        if visit[rr, cc] == stamp:
                            mark[rr, cc] = True
            total += size
            stamp += 1
    return total, stamp


@njit(cache=True)
def enclosed_near(owner, me, cells_r, cells_c, count, box, visit, stamp, stack):
    """The total size of the regions ``me`` encloses among those next to the first
    ``count`` cells (the cells a write changed); returns (size, next free stamp)."""
    first = stamp
    total = 0
    for i in range(count):
        for k in range(4):
            r, c = cells_r[i] + DR[k], cells_c[i] + DC[k]
            if owner[r, c] != 0 or visit[r, c] >= first:
                continue
            total += flood(owner, me, r, c, box, visit, stamp, first, stack)
            stamp += 1
    return total, stamp

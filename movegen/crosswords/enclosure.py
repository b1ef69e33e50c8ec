"""Enclosures (docs/rules/crosswords.md, the enclosure combo): the finite orthogonally
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

NO_RAYS = np.zeros((1, 1), np.int8)
DR = np.array([-1, 1, 0, 0], np.int64)
DC = np.array([0, 0, -1, 1], np.int64)
#: the rays (:func:`clear_rays`) of the cell one step in direction k from a word's cell
#: that the word does not cut: all but the one pointing back
BACK = np.array([~2, ~1, ~8, ~4], np.int8)


@njit(cache=True, inline="always")
def flood(
    owner, me, r0, c0, box, visit, stamp, first_stamp, stack, rays, wr, wc, wn, dr, dc
):
    """The size of the region of (r0, c0) when ``me`` encloses it, else 0. Cells reached
    get ``stamp`` in ``visit``; a cell stamped in [first_stamp, stamp) belongs to a
    region already found open, so this one is open too. With ``rays`` (:func:`clear_rays`
    before a write of ``wn`` cells from (wr, wc) along (dr, dc); a 1 x 1 array for none)
    a cell with a straight way out (:func:`way_out`) ends the search at once."""
    use_rays = rays.shape[0] > 1
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
        if use_rays and way_out(r, c, rays, wr, wc, wn, dr, dc):
            return 0
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
def fresh_stamp():
    """The first stamp of a zeroed ``visit`` array (0 marks a cell not visited yet): 1.
    Kernels pass this rather than the constant, which numba would type as a literal and
    compile each callee a second time for (4 s for :func:`enclosed_all`)."""
    return np.int64(1)


@njit(cache=True)
def mark_stamp(visit, stamp, box, mark):
    """Set ``mark`` on the cells of the box that ``visit`` stamps ``stamp``."""
    for r in range(box[0], box[1] + 1):
        for c in range(box[2], box[3] + 1):
            if visit[r, c] == stamp:
                mark[r, c] = True


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
            size = flood(
                owner, me, r, c, box, visit, stamp, first, stack, NO_RAYS, 0, 0, 0, 0, 0
            )
            if size and mark.shape[0]:
                mark_stamp(visit, stamp, box, mark)
            total += size
            stamp += 1
    return total, stamp


@njit(cache=True)
def clear_rays(owner):
    """Per cell of the window, bit k set when the cell and every cell from it to the
    window's edge in direction k (up 1, down 2, left 4, right 8) is empty: a straight
    way out (past the window's edge everything is empty)."""
    H, W = owner.shape
    rays = np.zeros((H, W), np.int8)
    for c in range(W):
        for r in range(H):  # up: open while every cell above is empty
            if owner[r, c] != 0:
                break
            rays[r, c] |= 1
        for r in range(H - 1, -1, -1):
            if owner[r, c] != 0:
                break
            rays[r, c] |= 2
    for r in range(H):
        for c in range(W):
            if owner[r, c] != 0:
                break
            rays[r, c] |= 4
        for c in range(W - 1, -1, -1):
            if owner[r, c] != 0:
                break
            rays[r, c] |= 8
    return rays


@njit(cache=True)
def closing_cells(owner, rays, closing, r0, r1, c0, c1):
    """Set ``closing`` on the cells of rows r0..r1, columns c0..c1 (clipped to the
    window) next to an empty cell with no straight way out (``rays``:
    :func:`clear_rays`) but through them: only a write through such a cell can wall an
    area in, since :func:`enclosed_near` searches from no other neighbour."""
    H, W = owner.shape
    for r in range(max(r0, 0), min(r1, H - 1) + 1):
        for c in range(max(c0, 0), min(c1, W - 1) + 1):
            flag = 0
            for k in range(4):
                nr, nc = r + DR[k], c + DC[k]
                inside = 0 <= nr < H and 0 <= nc < W
                if inside and owner[nr, nc] == 0 and not rays[nr, nc] & BACK[k]:
                    flag = 1
            closing[r, c] = flag


@njit(cache=True, inline="always")
def may_close(closing, r0, c0, n, dr, dc):
    """Whether a write of ``n`` cells from (r0, c0) along (dr, dc) passes a
    :func:`closing_cells` cell."""
    found = False
    for j in range(n):
        found |= closing[r0 + j * dr, c0 + j * dc] != 0
    return found


@njit(cache=True, inline="always")
def way_out(r, c, rays, r0, c0, n, dr, dc):
    """Whether empty cell (r, c) has a straight way out after a write of ``n`` cells
    from (r0, c0) along (dr, dc) (``rays``: :func:`clear_rays` before it): a ray of
    ``rays`` the word does not cut."""
    if dr == 0:  # across on row r0, columns c0 .. c0 + n - 1
        over = c0 <= c <= c0 + n - 1
        cut = (
            (1 if over and r0 < r else 0)
            | (2 if over and r0 > r else 0)
            | (4 if r == r0 and c0 < c else 0)
            | (8 if r == r0 and c0 > c else 0)
        )
    else:  # down on column c0, rows r0 .. r0 + n - 1
        over = r0 <= r <= r0 + n - 1
        cut = (
            (4 if over and c0 < c else 0)
            | (8 if over and c0 > c else 0)
            | (1 if c == c0 and r0 < r else 0)
            | (2 if c == c0 and r0 > r else 0)
        )
    return (rays[r, c] & ~cut) != 0


@njit(cache=True, inline="always")
def enclosed_near(
    owner,
    me,
    cells_r,
    cells_c,
    count,
    box,
    visit,
    stamp,
    stack,
    rays,
    r0,
    c0,
    n,
    dr,
    dc,
    mark,
):
    """The total size of the regions ``me`` encloses among those next to the first
    ``count`` cells (the cells a write of ``n`` cells from (r0, c0) along (dr, dc)
    changed); a neighbour with a straight way out (:func:`way_out`) needs no search: the
    word cuts only the ray that points back at it (``BACK``).
    With ``mark`` (as for :func:`enclosed_all`) the enclosed cells are set True.
    Returns (size, next free stamp)."""
    first = stamp
    total = 0
    for i in range(count):
        for k in range(4):
            r, c = cells_r[i] + DR[k], cells_c[i] + DC[k]
            if owner[r, c] != 0 or visit[r, c] >= first:
                continue
            if rays[r, c] & BACK[k]:
                continue
            size = flood(
                owner, me, r, c, box, visit, stamp, first, stack, rays, r0, c0, n, dr, dc
            )
            if size and mark.shape[0]:
                mark_stamp(visit, stamp, box, mark)
            total += size
            stamp += 1
    return total, stamp

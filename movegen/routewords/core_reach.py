"""Routes to the coins worth it, without listing every route: the largest coin a
player could take with a route from its pawn (:func:`reach`, as
:func:`wordbot.engine.routewords.legal.reach`), and the word paths that end beside a
coin of some value or more (:func:`paths_to`). A bounded word walk: it follows a path
only while a square beside a coin worth it is close enough for the longest word below
the path's node (the automaton's ``below``:
:attr:`wordbot.dictionaries.forward.Forward.below`); looking for the largest coin, it
stops at the largest coin of the grid.

>>> from wordbot.dictionaries.forward import build_forward
>>> from wordbot.movegen.routewords.core_state import STATE_SIZE
>>> fwd = build_forward(["TEA", "EAT"])
>>> st = np.zeros(STATE_SIZE, np.int64); st[SEATS] = 2; st[PAWNS + 1] = 35
>>> st[TILES:TILES + 25] = 25; st[OWNERS:OWNERS + 25] = -1
>>> st[TILES + 12], st[TILES + 13], st[TILES + 18] = 19, 4, 0  # T E / . A
>>> st[PAWNS] = 15; st[COINS + 27] = 2; st[COINS + 20] = 1  # beside A, beside T
>>> int(reach(fwd.records, fwd.below, st, 0, np.empty(WORK, np.int64)))
2
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.forward import ACCEPT_SHIFT, FIRST_SHIFT, MASK_BITS, TILE_Q
from wordbot.dictionaries.gaddag_walk import lowest_bit, popcount
from wordbot.movegen.routewords.board import (
    CORNERS,
    NEIGHBOURS8,
    NO_TILE,
    SIZE,
    SQUARES,
    SQUARES_AT,
)
from wordbot.movegen.routewords.core_state import (
    COINS,
    MIN_WORD,
    OWNERS,
    PAWNS,
    SEATS,
    TILES,
)

#: the farthest two squares are apart (king steps)
FAR = SIZE - 1


def _within() -> np.ndarray:
    out = np.zeros((SQUARES, FAR + 1), np.int64)
    for s in range(SQUARES):
        for t in range(SQUARES):
            d = max(abs(s // SIZE - t // SIZE), abs(s % SIZE - t % SIZE))
            for r in range(d, FAR + 1):
                out[s, r] |= 1 << t
    return out


#: per square and distance r: the squares at most r king steps from it (a mask)
WITHIN = _within()
WITHIN.setflags(write=False)
#: the shape of :func:`reach`'s scratch
WORK = (7, SQUARES + 1)


@njit(cache=True)
def _near(value, best, near):
    """``near[r]``: the squares at most r steps from a square worth more than
    ``best``."""
    for r in range(FAR + 1):
        near[r] = 0
    for u in range(SQUARES):
        if value[u] > best:
            for r in range(FAR + 1):
                near[r] |= WITHIN[u, r]


@njit(cache=True, inline="always")
def _worth(below, node, depth, t, near):
    """Whether a path of ``depth`` squares ending on ``t`` at ``node`` can still end
    on a square worth more than the best so far."""
    rem = (below[node] >> 32) - depth
    return rem >= 0 and (near[min(rem, FAR)] >> t) & 1


@njit(cache=True)
def _walk(records, below, st, seat, work, least, paths, lengths):
    """The word walk from ``seat``'s pawn in ``st`` (its own squares and the unowned
    ones), bounded: with ``least`` <= 0 the largest coin of a route (see :func:`reach`);
    else the count of the word paths whose last square has a free corner holding
    ``least`` or more, written into ``paths``/``lengths`` as far as they hold."""
    path, recs, todo, letters, value, grid, near = (
        work[0],
        work[1],
        work[2],
        work[3],
        work[4],
        work[5],
        work[6],
    )
    top = 0
    for s in range(SQUARES):
        v = 0
        for c in range(4):
            k = CORNERS[s, c]
            coin = st[COINS + k]
            if coin > v:
                for other in range(st[SEATS]):
                    if other != seat and st[PAWNS + other] == k:
                        coin = 0
                v = max(v, coin)
        value[s] = v
        top = max(top, v)
    collect = least > 0
    best = least - 1 if collect else 0  # a square counts when worth more
    if top <= best:
        return 0
    _near(value, best, near)
    for s in range(SQUARES):
        owner = st[OWNERS + s]
        grid[s] = st[TILES + s] if owner < 0 or owner == seat else NO_TILE
    grid[SQUARES] = NO_TILE
    min_word = st[MIN_WORD]
    pawn = st[PAWNS + seat]
    count = 0
    for first in range(4):
        s = SQUARES_AT[pawn, first]
        if s < 0:
            break
        root = records[0]
        tile = grid[s]
        if (root >> tile) & 1 == 0:
            continue
        here = (root >> FIRST_SHIFT) + popcount(root & ((np.int64(1) << tile) - 1))
        if not _worth(below, here, 1, s, near):
            continue
        depth = 0
        path[0] = s
        recs[0] = records[here]
        letters[0] = 2 if tile == TILE_Q else 1
        used = np.int64(1) << s
        while True:  # at a node just reached
            rec = recs[depth]
            sq = path[depth]
            if (
                (rec >> ACCEPT_SHIFT) & 1
                and letters[depth] >= min_word
                and value[sq] > best
            ):
                if collect:
                    if count < lengths.shape[0]:
                        for i in range(depth + 1):
                            paths[count, i] = path[i]
                        lengths[count] = depth + 1
                    count += 1
                else:
                    best = value[sq]
                    if best == top:
                        return best
                    _near(value, best, near)
            viable = np.int64(0)
            if rec & MASK_BITS:
                for k in range(8):
                    viable |= ((rec >> grid[NEIGHBOURS8[sq, k]]) & 1) << NEIGHBOURS8[sq, k]
            todo[depth] = viable & ~used
            moved = False
            while depth >= 0 and not moved:
                if todo[depth] == 0:
                    used &= ~(np.int64(1) << path[depth])
                    depth -= 1
                    continue
                t = lowest_bit(todo[depth])
                todo[depth] &= todo[depth] - 1
                rec = recs[depth]
                tile = grid[t]
                child = (rec >> FIRST_SHIFT) + popcount(rec & ((np.int64(1) << tile) - 1))
                if not _worth(below, child, depth + 2, t, near):
                    continue
                depth += 1
                path[depth] = t
                recs[depth] = records[child]
                letters[depth] = letters[depth - 1] + (2 if tile == TILE_Q else 1)
                used |= np.int64(1) << t
                moved = True
            if depth < 0:
                break
    return count if collect else best


@njit(cache=True)
def reach(records, below, st, seat, work):
    """The largest coin ``seat`` could take with a route from its pawn in ``st`` (0
    when none), whoever is to move. ``work``: :data:`WORK` int64s of scratch."""
    none = np.empty((0, 0), np.int8)
    return _walk(records, below, st, seat, work, np.int64(0), none, np.empty(0, np.int8))


@njit(cache=True)
def paths_to(records, below, st, seat, work, least, paths, lengths):
    """The word paths from ``seat``'s pawn whose last square has a free corner holding
    ``least`` or more (``least`` > 0), in the order of the full walk, into
    ``paths``/``lengths`` or, when they are too small, larger ones: (paths, lengths,
    count)."""
    n = _walk(records, below, st, seat, work, least, paths, lengths)
    if n > lengths.shape[0]:
        paths = np.empty((n, paths.shape[1]), np.int8)
        lengths = np.empty(n, np.int8)
        _walk(records, below, st, seat, work, least, paths, lengths)
    return paths, lengths, n

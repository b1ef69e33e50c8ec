"""Route search: every path of squares from a pawn that spells a word, over the forward
tile automaton (:mod:`wordbot.dictionaries.forward`), and the squares a loop encloses.

Arrays in, arrays out. A grid is ``tiles`` (int64[25], 0..25 = A..Z, 16 = the Qu tile)
and ``blocked`` (bool[25]: squares the mover may not enter, owned by another player).
The kernels list *word paths*; a route is a word path and one of the free corners of
its last square, which the caller pairs (they do not depend on the path). Rows are
written into caller-sized buffers (:class:`PathBuffers`); a kernel returns how many it
found, so a caller whose buffers were too small grows them and asks again.

Order (the generator's, which move lists keep): start squares ascending, then depth
first with neighbours ascending (each neighbour's own tile first, then the tiles the
swaps through it would bring), a word listed when its last square is reached.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.forward import ACCEPT_SHIFT, FIRST_SHIFT, TILE_Q
from wordbot.dictionaries.gaddag_walk import popcount
from wordbot.movegen.routewords.board import (
    CORNERS,
    MAX_PATH,
    NEIGHBOURS,
    SIZE,
    SQUARES,
    SQUARES_AT,
    SWAPS,
    SWAPS_OF,
)
from wordbot.movegen.routewords.walk import walk


@njit(cache=True, inline="always")
def step(records, node, tile):
    """The automaton's node after ``tile`` from ``node``, or -1."""
    rec = records[node]
    if (rec >> tile) & 1 == 0:
        return -1
    return (rec >> FIRST_SHIFT) + popcount(rec & ((np.int64(1) << tile) - 1))


@njit(cache=True, inline="always")
def accepts(records, node):
    return (records[node] >> ACCEPT_SHIFT) & 1 == 1


@njit(cache=True)
def loop_captures(path, n):
    """The squares (bit mask) a route of ``n`` squares encloses: when it has at least 4
    squares and its last is 8-adjacent to its first, the squares off the route whose
    centre has a non-zero winding number in the polygon through the route's centres
    (first to last and back); else 0. A centre off the route never lies on an edge
    (edges join 8-adjacent centres), so the count is exact in integers."""
    if n < 4:
        return 0
    a = path[0]
    b = path[n - 1]
    if abs(a // SIZE - b // SIZE) > 1 or abs(a % SIZE - b % SIZE) > 1:
        return 0
    on = 0
    for k in range(n):
        on |= 1 << path[k]
    out = 0
    for s in range(SQUARES):
        if (on >> s) & 1:
            continue
        py = s // SIZE
        px = s % SIZE
        wn = 0
        for k in range(n):
            v0 = path[k]
            v1 = path[k + 1] if k + 1 < n else path[0]
            y0 = v0 // SIZE
            x0 = v0 % SIZE
            y1 = v1 // SIZE
            x1 = v1 % SIZE
            left = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)
            if y0 <= py:
                if y1 > py and left > 0:
                    wn += 1
            elif y1 <= py and left < 0:
                wn -= 1
        if wn != 0:
            out |= 1 << s
    return out


@njit(cache=True, inline="always")
def tile_under(tiles, swap, square):
    """The tile on ``square`` after swap number ``swap`` (-1: no swap)."""
    if swap >= 0:
        if square == SWAPS[swap, 0]:
            return tiles[SWAPS[swap, 1]]
        if square == SWAPS[swap, 1]:
            return tiles[SWAPS[swap, 0]]
    return tiles[square]


#: no bound on :func:`paths_into`'s paths; writable like the compiled core's scratch
#: (empty, it holds nothing to protect), so both calls share one compiled ``paths_into``
NO_BOUND = np.zeros(0, np.int64)


@njit(cache=True)
def paths_into(
    records,
    tiles,
    blocked,
    pawn,
    min_word,
    allowed,
    paths,
    lengths,
    tags,
    count,
    below,
    within,
):
    """Append every word path from intersection ``pawn`` to the buffers from row
    ``count`` on; returns the new count (rows past the buffers' size are counted, not
    written).

    With ``below`` (the automaton's :attr:`~wordbot.dictionaries.forward.Forward.below`)
    and ``within`` (per distance r = 0..4, the squares at most r king steps from a square
    worth ending on; both :data:`NO_BOUND`: every path), only the paths that end on a
    square worth it are listed, in the same order: a path is followed only while such a
    square is near enough for the longest word below its node.

    A row tagged -1 spells a word on the grid as it is. With ``allowed`` (bool[72], the
    swaps the mover may make first; an empty array: none), the search also follows, at
    the first square of a path that a swap would change, the tile the swap would put
    there, and goes on on that swapped grid: such a row is tagged with the swap's number
    and spells a word only after that swap. One search so finds the routes of every
    swapped grid; a row tagged -1 is also a route after each allowed swap that leaves
    its squares' letters alone (:func:`swap_first_routes` pairs them)."""
    cap = paths.shape[0]
    path = np.empty(MAX_PATH, np.int64)
    node = np.empty(MAX_PATH, np.int64)
    active = np.empty(MAX_PATH, np.int64)  # the swap whose grid the path is on, or -1
    letters = np.empty(MAX_PATH, np.int64)
    near = np.zeros(MAX_PATH + 1, np.int64)  # per frame: the next neighbour to try
    branch = np.zeros(MAX_PATH + 1, np.int64)  # and its next tile (0 own, j > 0 a swap's)
    swapping = allowed.shape[0] > 0
    bounded = within.shape[0] > 0
    # per square, the tiles the allowed swaps could bring there (a quick test before
    # trying each swap through it)
    swap_in = np.zeros(SQUARES, np.int64)
    if swapping:
        for k in range(SWAPS.shape[0]):
            a = SWAPS[k, 0]
            b = SWAPS[k, 1]
            if allowed[k] and tiles[a] != tiles[b]:
                swap_in[a] |= np.int64(1) << tiles[b]
                swap_in[b] |= np.int64(1) << tiles[a]
    depth = -1
    walls = np.int64(0)
    for s in range(SQUARES):
        if blocked[s]:
            walls |= np.int64(1) << s
    used = walls  # squares on the path, and the blocked ones (never left)
    while True:
        f = depth + 1
        if near[f] >= 8:
            if depth < 0:
                break
            used &= ~(np.int64(1) << path[depth])
            depth -= 1
            continue
        if depth < 0:
            t = SQUARES_AT[pawn, near[f]] if near[f] < 4 else -1
        else:
            t = NEIGHBOURS[path[depth], near[f]]
        if t < 0:
            near[f] = 8
            continue
        if (used >> t) & 1:
            near[f] += 1
            continue
        on = active[depth] if depth >= 0 else -1
        bi = branch[f]
        if bi == 0:
            tile = tile_under(tiles, on, t)
            swap = on
            if (
                swapping
                and on < 0
                and (records[node[depth] if depth >= 0 else 0] & swap_in[t])
            ):
                branch[f] = 1
            else:
                near[f] += 1
        else:
            if bi > 8 or SWAPS_OF[t, bi - 1, 0] < 0:
                near[f] += 1
                branch[f] = 0
                continue
            branch[f] = bi + 1
            swap = SWAPS_OF[t, bi - 1, 0]
            u = SWAPS_OF[t, bi - 1, 1]
            if not allowed[swap] or tiles[u] == tiles[t] or ((used & ~walls) >> u) & 1:
                continue
            tile = tiles[u]
        child = step(records, node[depth] if depth >= 0 else 0, tile)
        if child < 0:
            continue
        if bounded:
            rem = (below[child] >> 32) - (depth + 2)
            if rem < 0 or not (within[min(rem, SIZE - 1)] >> t) & 1:
                continue
        depth += 1
        path[depth] = t
        node[depth] = child
        active[depth] = swap
        letters[depth] = (letters[depth - 1] if depth > 0 else 0) + (
            2 if tile == TILE_Q else 1
        )
        used |= np.int64(1) << t
        near[depth + 1] = 0
        branch[depth + 1] = 0
        if letters[depth] >= min_word and accepts(records, child):
            if count < cap:
                for i in range(depth + 1):
                    paths[count, i] = path[i]
                lengths[count] = depth + 1
                tags[count] = swap
            count += 1
    return count


@njit(cache=True)
def captures_of(paths, lengths):
    """:func:`loop_captures` of each row (int64 bit masks)."""
    out = np.zeros(lengths.shape[0], np.int64)
    path = np.empty(MAX_PATH, np.int64)
    for r in range(lengths.shape[0]):
        for i in range(lengths[r]):
            path[i] = paths[r, i]
        out[r] = loop_captures(path, np.int64(lengths[r]))
    return out


@njit(cache=True)
def swap_first_routes(tiles, paths, lengths, tags, allowed, free_end):
    """Every route after every allowed swap, each once, as (row, swap, end) columns of
    an int64[n, 3] array: the rows :func:`paths_into` tagged with a swap, and each
    untagged row with every allowed swap that leaves its squares' letters as they are
    (moves none of them, or swaps two equal tiles); each with every corner of its last
    square in ``free_end``."""
    ends = np.zeros(4, np.int64)
    total = 0
    for r in range(lengths.shape[0]):
        total += 4 if tags[r] >= 0 else 4 * allowed.shape[0]
    out = np.empty((total, 3), np.int64)
    m = 0
    for r in range(lengths.shape[0]):
        last = paths[r, lengths[r] - 1]
        k_ends = 0
        for c in range(4):
            if free_end[CORNERS[last, c]]:
                ends[k_ends] = CORNERS[last, c]
                k_ends += 1
        if k_ends == 0:
            continue
        if tags[r] >= 0:
            for e in range(k_ends):
                out[m, 0] = r
                out[m, 1] = tags[r]
                out[m, 2] = ends[e]
                m += 1
            continue
        on = np.int64(0)
        for i in range(lengths[r]):
            on |= np.int64(1) << paths[r, i]
        for k in range(allowed.shape[0]):
            if not allowed[k]:
                continue
            a = SWAPS[k, 0]
            b = SWAPS[k, 1]
            if ((on >> a) & 1 or (on >> b) & 1) and tiles[a] != tiles[b]:
                continue
            for e in range(k_ends):
                out[m, 0] = r
                out[m, 1] = k
                out[m, 2] = ends[e]
                m += 1
    return out[:m]


class PathBuffers:
    """Rows of :func:`paths_into`: ``paths`` (int8[n, 25], squares in order),
    ``lengths`` and ``tags`` (the swap made first, or -1), grown on demand.

    >>> PathBuffers(4).paths.shape
    (4, 25)
    """

    def __init__(self, capacity: int = 1024):
        self.paths = np.empty((capacity, MAX_PATH), np.int8)  # past a row's length: unset
        self.lengths = np.empty(capacity, np.int8)
        self.tags = np.empty(capacity, np.int16)

    @property
    def capacity(self) -> int:
        return self.lengths.shape[0]

    def arrays(self):
        return self.paths, self.lengths, self.tags

    def trimmed(self, n: int) -> PathBuffers:
        out = object.__new__(PathBuffers)
        out.paths, out.lengths = self.paths[:n], self.lengths[:n]
        out.tags = self.tags[:n]
        return out


NO_SWAPS = np.zeros(0, np.bool_)


def word_paths(
    records,
    tiles,
    blocked,
    pawn: int,
    min_word: int,
    allowed: np.ndarray = NO_SWAPS,
    capacity: int = 256,
) -> PathBuffers:
    """Every word path from ``pawn`` (and, with ``allowed``, after each allowed swap):
    :func:`paths_into` into buffers grown until they hold them all.

    >>> from wordbot.dictionaries.forward import build_forward
    >>> fwd = build_forward(["TEA", "EAT"])
    >>> tiles = np.full(25, 25, np.int64); tiles[[12, 13, 18]] = [19, 4, 0]  # T E / . A
    >>> rows = word_paths(fwd.records, tiles, np.zeros(25, bool), 15, 3)
    >>> [[int(s) for s in rows.paths[i, :rows.lengths[i]]] for i in range(len(rows.tags))]
    [[12, 13, 18], [13, 18, 12]]
    """
    if not len(allowed):  # no swaps: the plain walk, which is faster
        starts = SQUARES_AT[pawn]
        walls = np.int64(0)
        for s in np.flatnonzero(blocked).tolist():
            walls |= np.int64(1) << s
        out = object.__new__(PathBuffers)
        out.paths, out.lengths, _ = walk(
            records, tiles, walls, starts[starts >= 0], min_word, False, capacity
        )
        out.tags = np.full(len(out.lengths), -1, np.int16)
        return out
    buf = PathBuffers(capacity)
    search = (records, tiles, blocked, pawn, min_word, allowed)
    n = paths_into(*search, *buf.arrays(), 0, NO_BOUND, NO_BOUND)
    if n > buf.capacity:
        buf = PathBuffers(n)
        paths_into(*search, *buf.arrays(), 0, NO_BOUND, NO_BOUND)
    return buf.trimmed(n)

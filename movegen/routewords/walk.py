"""The word walk: every path of 8-adjacent distinct squares from given start squares that
spells a word (Q = QU), over the forward tile automaton. Plain routes start on the
squares at a pawn and stop at walls (squares owned by another player); the bonus solver
starts everywhere and lists each word once.

A search over random grids spends its time on mispredicted branches, so the neighbours
worth a step are found as a bit mask with no branch per neighbour, and the walk then
visits only those.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.forward import ACCEPT_SHIFT, FIRST_SHIFT, MASK_BITS, TILE_Q
from wordbot.dictionaries.gaddag_walk import lowest_bit, popcount
from wordbot.movegen.routewords.board import MAX_PATH, NEIGHBOURS8, NO_TILE, SQUARES


@njit(cache=True)
def walk_into(
    records,
    tiles,
    walls,
    starts,
    min_word,
    distinct,
    seen,
    words,
    paths,
    lengths,
    letters_out,
):
    """Write every word path from the squares ``starts`` that avoids the squares of the
    bit mask ``walls``: its squares (``paths`` row, unset after its length), its length,
    its letters and its word (``words``: the automaton node that ends it). With
    ``distinct``, each word once (the first path found), using ``seen`` (a bit per
    automaton node, all 0 between calls) as scratch. Returns the number of rows; when
    they do not all fit, a larger number (paths past the buffers are counted) to retry
    with."""
    cap = lengths.shape[0]
    count = 0
    path = np.empty(MAX_PATH, np.int64)
    recs = np.empty(MAX_PATH, np.int64)  # per depth: the record of the node reached
    todo = np.empty(MAX_PATH, np.int64)  # per depth: the squares still to try
    letters = np.empty(MAX_PATH, np.int64)
    grid = np.full(SQUARES + 1, NO_TILE, np.int64)
    for s in range(SQUARES):
        if not (walls >> s) & 1:
            grid[s] = tiles[s]
    near = np.empty((SQUARES, 8), np.int64)  # the tile of each neighbour slot, once
    for s in range(SQUARES):
        for k in range(8):
            near[s, k] = grid[NEIGHBOURS8[s, k]]
    for first in range(starts.shape[0]):
        s = starts[first]
        rec = records[0]
        if (rec >> grid[s]) & 1 == 0:
            continue
        depth = 0
        path[0] = s
        here = (rec >> FIRST_SHIFT) + popcount(rec & ((np.int64(1) << tiles[s]) - 1))
        rec = records[here]
        recs[0] = rec
        letters[0] = 2 if tiles[s] == TILE_Q else 1
        used = np.int64(1) << s
        while True:  # at a node just reached: ``depth``, its ``rec`` and number ``here``
            hit = (rec >> ACCEPT_SHIFT) & np.int64(letters[depth] >= min_word)
            if distinct:
                hit &= ~(seen[here >> 6] >> (here & 63))
            if hit & 1:
                if count < cap:
                    if distinct:
                        seen[here >> 6] |= np.int64(1) << (here & 63)
                    for i in range(depth + 1):
                        paths[count, i] = path[i]
                    lengths[count] = depth + 1
                    letters_out[count] = letters[depth]
                    words[count] = here
                count += 1  # past the buffers, duplicates too: only "retry larger"
            # the squares worth a step, as a mask of squares (the padding slot's
            # NO_TILE matches no arc); a leaf leads nowhere
            viable = np.int64(0)
            if rec & MASK_BITS:
                sq = path[depth]
                for k in range(8):
                    viable |= ((rec >> near[sq, k]) & 1) << NEIGHBOURS8[sq, k]
            todo[depth] = viable & ~used
            while depth >= 0 and todo[depth] == 0:
                used &= ~(np.int64(1) << path[depth])
                depth -= 1
            if depth < 0:
                break
            t = lowest_bit(todo[depth])
            todo[depth] &= todo[depth] - 1
            tile = tiles[t]
            rec = recs[depth]
            depth += 1
            path[depth] = t
            here = (rec >> FIRST_SHIFT) + popcount(rec & ((np.int64(1) << tile) - 1))
            rec = records[here]
            recs[depth] = rec
            letters[depth] = letters[depth - 1] + (2 if tile == TILE_Q else 1)
            used |= np.int64(1) << t
    if distinct:  # leave ``seen`` all 0 for the next call
        for i in range(min(count, cap)):
            seen[words[i] >> 6] = 0
    return count


class WalkBuffers:
    """Rows of :func:`walk_into` (``paths`` int8[n, 25], ``lengths``, ``letters``,
    ``words``) and its scratch (``seen``, a bit per node of an automaton of ``nodes``
    nodes), grown on demand.

    >>> WalkBuffers(100, 1000).seen.shape
    (16,)
    """

    def __init__(self, capacity: int = 1024, nodes: int = 1):
        self.paths = np.empty((capacity, MAX_PATH), np.int8)
        self.lengths = np.empty(capacity, np.int8)
        self.letters = np.empty(capacity, np.int64)
        self.words = np.empty(capacity, np.int64)
        self.seen = np.zeros(nodes // 64 + 1, np.int64)

    @property
    def capacity(self) -> int:
        return self.lengths.shape[0]

    def arrays(self):
        return self.seen, self.words, self.paths, self.lengths, self.letters


def walk(
    records,
    tiles,
    walls: int | np.integer,
    starts,
    min_word: int,
    distinct: bool,
    capacity: int = 1024,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`walk_into` into buffers grown until they hold every row: (paths,
    lengths, letters), paths unset after their lengths.

    >>> from wordbot.dictionaries.forward import build_forward
    >>> fwd = build_forward(["TEA", "EAT"])
    >>> tiles = np.full(25, 25, np.int64); tiles[[12, 13, 18]] = [19, 4, 0]  # T E / . A
    >>> paths, lengths, _ = walk(fwd.records, tiles, 0, np.array([12, 13]), 3, False)
    >>> [[int(s) for s in p[:n]] for p, n in zip(paths, lengths)]
    [[12, 13, 18], [13, 18, 12]]
    """
    nodes = records.shape[0] if distinct else 1
    buf = WalkBuffers(capacity, nodes)
    # a read-only view whatever the caller's array: numba compiles a kernel once per
    # writability of its arguments
    starts = np.asarray(starts, np.int64).view()
    starts.setflags(write=False)
    n = walk_into(records, tiles, walls, starts, min_word, distinct, *buf.arrays())
    if n > buf.capacity:
        buf = WalkBuffers(n, nodes)
        n = walk_into(records, tiles, walls, starts, min_word, distinct, *buf.arrays())
    return buf.paths[:n], buf.lengths[:n], buf.letters[:n]

"""Best-only word plays: the few best without listing the rest.

The full list (:mod:`wordbot.movegen.controlword.wordplays`) walks every anchor. Here
each anchor first gets a bound, the most any of its plays can score with the lexicon
aside (the game scores a word by its length, its J/Q/X/Z and the cross words its tiles
make, so the longest spans the rack can fill bound it), and anchors are walked highest
bound first, their plays kept only when among the best so far
(:func:`~wordbot.movegen.controlword.playrecord.keep_play`). The walk stops at the first
anchor whose bound is below the last place kept. Ties follow the game's order (more
points, fewer tiles, then the full list's order), so an anchor whose bound equals the
last place is still walked: the result is exactly the full list's best, ranked.

On the 48 conformance positions about six anchors in ten are still walked: scores come
in steps of word length (4 letters 1 point, 7 letters 7), and without the lexicon a
bound assumes the longest span the rack can fill.

Inside a walk, a play below the last place kept is dropped before it is compared
(:func:`~wordbot.movegen.controlword.playrecord.record`), and no step is cut by a
bound: a bound per frame (the squares and tiles left, with a per-node table of the
GADDAG's longest continuation) cuts 6-7% of the arc steps even when the final best is
known from the start, less than its checks cost. Nine steps in ten are in anchors none
of whose plays reaches the best, spent on rack letters tried in open space, where
length and lexicon depth allow a long word and only the rack's letters together with
the lexicon rule it out.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword.crosschecks import SCORE_SHIFT, cross_checks, is_letter
from wordbot.movegen.controlword.grid import EMPTY
from wordbot.movegen.controlword.playrecord import ACROSS
from wordbot.movegen.controlword.scoring import BONUS, POINTS, bonus_letter
from wordbot.movegen.controlword.walkstack import (
    A_BOUND,
    A_DIR,
    A_JQ,
    A_KIND,
    A_LB,
    A_LINE,
    A_POS,
    A_RM,
    A_START,
    HOOK,
    MAX_RACK,
    u,
)
from wordbot.movegen.controlword.wordplays import line_anchors, walk_anchor


@njit(cache=True, inline="always")
def _cross_most(xsc, s):
    """The most a tile on square ``s`` can score in its cross word."""
    return max(xsc[u(2 * s)], xsc[u(2 * s + 1)]) >> SCORE_SHIFT


@njit(cache=True, _nrt=False)
def _bound(anchors, k, line, xm, xsc, rbits, total, bonus_tiles, table, sums):
    """The most any play of anchor ``k`` can score, the lexicon aside: over every span
    of squares the walk may fill (at most ``total`` tiles, each on a square some rack
    letter may take, board letters read through), the main word's points with as many
    J/Q/X/Z as the rack holds (``bonus_tiles``) plus the best cross word each square
    allows. Points grow with the length, so only the longest spans need trying: for
    each extent leftwards, as many tiles to the right as are left."""
    uk = u(k)
    pos = anchors[uk, A_POS]
    start = anchors[uk, A_START]
    lb = anchors[uk, A_LB]
    rm = anchors[uk, A_RM]
    right = 0
    sums[0] = 0
    s = pos + 1
    while s < rm and right < total and line[u(s)] == EMPTY and xm[u(s)] & rbits != 0:
        right += 1
        sums[u(right)] = sums[u(right - 1)] + _cross_most(xsc, s)
        s += 1
    first_left = 1 if anchors[uk, A_KIND] == HOOK else 0  # a hook's square is filled
    base = pos - start  # the run's letters (a hook: none)
    best = np.int64(-1)
    left = 0
    letters = 0
    cross = np.int64(0)
    jq = anchors[uk, A_JQ]
    s = start
    while True:
        if left >= first_left:
            r = min(total - left, right)
            placed = left + r
            if placed >= 1:
                length = base + letters + placed
                v = (
                    table[POINTS, u(length)]
                    + table[BONUS, u(length)] * (jq + min(bonus_tiles, placed))
                    + cross
                    + sums[u(r)]
                )
                best = max(best, v)
        if s < lb or left >= total or line[u(s)] != EMPTY or xm[u(s)] & rbits == 0:
            return best
        left += 1
        cross += _cross_most(xsc, s)
        s -= 1
        while is_letter(line[u(s)]):
            letters += 1
            jq += bonus_letter(table, u(line[u(s)]))
            s -= 1


@njit(cache=True)
def best_plays(letters, rack, edges, root, table, work, keep, moves, tiles, counts):
    """The ``keep`` best word plays, best first in the game's order (more points, fewer
    tiles, then the order :func:`~wordbot.movegen.controlword.wordplays.generate` lists them
    in), without listing the others:
    every anchor of both directions gets :func:`_bound`, the most its plays can score;
    anchors are walked highest bound first, and the walk stops at the first anchor
    that cannot reach the ``keep``-th best play found (ties included: an equal play may
    come first in the game's order).

    ``work`` is a :class:`Workspace` sized for twice the grid's squares. Fills
    ``moves`` (at least ``keep`` rows), ``tiles`` (``keep * BLOCK`` rows, each play's
    from ``moves[i, 0]``) and ``counts`` (at least ``KEPT_ORDER + keep``): ``counts[0]``
    plays kept, ``counts[1]`` anchors walked, ``counts[2]`` -1 when the rack holds more
    than ``MAX_RACK`` tiles.
    """
    grid_buf, xmask_buf, xsc_buf, stack, placed, anchors, sums, order = work
    for i in range(counts.shape[0]):
        counts[i] = 0
    h, w = letters.shape
    total = np.int64(rack.sum())
    if total > MAX_RACK:
        counts[2] = -1
        return
    if total == 0 or keep < 1:
        return
    counts[3] = keep
    n = h * w
    rbits = np.int64(0)
    bonus_tiles = np.int64(0)
    for letter in range(1, 27):
        if rack[letter] > 0:
            rbits |= np.int64(1) << letter
            bonus_tiles += rack[letter] * bonus_letter(table, letter)
    # both directions at once, each in its own part of the buffers
    across = grid_buf[:n].reshape((h, w))
    down = grid_buf[n : 2 * n].reshape((w, h))
    for i in range(h):
        for j in range(w):
            across[i, j] = letters[i, j]
            down[j, i] = letters[i, j]
    na = np.int64(0)  # never a literal: one compiled line_anchors
    for direction in range(2):
        grid = across if direction == ACROSS else down
        gh, gw = grid.shape
        xmask = xmask_buf[direction * n : (direction + 1) * n].reshape((gh, gw))
        xsc = xsc_buf[2 * direction * n : 2 * (direction + 1) * n].reshape((gh, 2 * gw))
        cross_checks(grid, edges, root, table, rbits, xmask, xsc)
        for i in range(1, gh - 1):
            first = na
            na = line_anchors(
                i, grid[i], xmask[i], xsc[i], rack, rbits, total, edges, root, direction,
                stack, placed, table, anchors, na, np.bool_(False), moves, tiles, counts,
            )  # fmt: skip
            for k in range(first, na):
                anchors[k, A_DIR] = direction
                anchors[k, A_BOUND] = _bound(
                    anchors, k, grid[i], xmask[i], xsc[i], rbits, total, bonus_tiles,
                    table, sums,
                )  # fmt: skip
    # highest bound first, equal bounds in the generator's order (an insertion sort:
    # a few dozen anchors, and no array to allocate)
    for k in range(na):
        bound = anchors[k, A_BOUND]
        j = k
        while j > 0 and anchors[order[j - 1], A_BOUND] < bound:
            order[j] = order[j - 1]
            j -= 1
        order[j] = k
    for x in range(na):
        k = order[x]
        if counts[0] == keep and anchors[k, A_BOUND] < moves[keep - 1, 2]:
            return  # nothing left can reach the last place kept
        counts[4] = k  # anchors were found in the generator's order
        counts[1] += 1  # anchors walked
        direction = anchors[k, A_DIR]
        grid = across if direction == ACROSS else down
        gh, gw = grid.shape
        xmask = xmask_buf[direction * n : (direction + 1) * n].reshape((gh, gw))
        xsc = xsc_buf[2 * direction * n : 2 * (direction + 1) * n].reshape((gh, 2 * gw))
        i = anchors[k, A_LINE]
        walk_anchor(
            anchors, k, grid[i], xmask[i], xsc[i], rack, rbits, total, edges, direction,
            stack, placed, table, moves, tiles, counts,
        )  # fmt: skip

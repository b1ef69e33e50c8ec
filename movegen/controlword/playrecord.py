"""Where a word-play walk puts each play it finds: every play into the flat buffers of
:mod:`wordbot.movegen.controlword.wordplays`, or, for best-only generation
(:mod:`wordbot.movegen.controlword.bestplays`), only the best few so far.

``moves[m]`` = (first tile index, tile count, points, direction 0 across / 1 down,
word row, word col, word length), ``tiles[t]`` = (row, col, letter code), in grid
coordinates. ``counts`` = (moves, tiles, overflow flag, how many to keep: 0 for every
play, the anchor being walked, then each kept play's anchor).
"""

from __future__ import annotations

from numba import njit
from wordbot.movegen.controlword.crosschecks import SCORE_SHIFT
from wordbot.movegen.controlword.scoring import word_points
from wordbot.movegen.controlword.walkstack import MAX_RACK, u

MOVE_FIELDS = 7  # first tile, tiles, points, direction, word row, word col, word length
ACROSS, DOWN = 0, 1
#: best-only generation: ``counts[KEPT_ORDER + j]`` is the anchor (in the generator's
#: order) of the play kept in row j, and each kept play's tiles take a block of BLOCK rows
KEPT_ORDER = 5
BLOCK = MAX_RACK + 1


@njit(cache=True, inline="always")
def record(direction, line_i, xl, xr, n, placed, score, table, moves, tiles, counts):
    """Write the play of the ``n`` tiles ``placed`` (square, letter) whose main word spans
    squares xl..xr of line ``line_i``; or, when ``counts[3]`` > 0, keep it only if it is
    among the best ``counts[3]`` so far (:func:`keep_play`)."""
    length = xr - xl + 1
    points = word_points(table, length, score & 255) + (score >> SCORE_SHIFT)
    keep = counts[3]
    if keep > 0:
        # most plays a walk finds score below the last place kept: they cost no call
        # (a play of equal points may still go ahead on fewer tiles or order)
        if counts[0] < keep or points >= moves[u(keep - 1), 2]:
            keep_play(
                direction, line_i, xl, length, n, placed, points, moves, tiles, counts
            )
        return
    m = counts[0]
    t = counts[1]
    if m >= moves.shape[0] or t + n > tiles.shape[0]:
        counts[2] = 1
        return
    # (row views like moves[m] would cost reference counting calls: index in 2-D)
    um = u(m)
    moves[um, 0] = t
    moves[um, 1] = n
    moves[um, 2] = points
    _write(moves, um, tiles, t, direction, line_i, xl, length, n, placed)
    counts[0] = m + 1
    counts[1] = t + n


@njit(cache=True, inline="always")
def _write(moves, um, tiles, t, direction, line_i, xl, length, n, placed):
    """A play's direction, main word and tiles into row ``um`` and tiles from ``t``."""
    moves[um, 3] = direction
    moves[um, 6] = length
    if direction == ACROSS:
        moves[um, 4] = line_i
        moves[um, 5] = xl
        for k in range(n):
            ut = u(t + k)
            tiles[ut, 0] = line_i
            tiles[ut, 1] = placed[u(2 * k)]
            tiles[ut, 2] = placed[u(2 * k + 1)]
    else:
        moves[um, 4] = xl
        moves[um, 5] = line_i
        for k in range(n):
            ut = u(t + k)
            tiles[ut, 0] = placed[u(2 * k)]
            tiles[ut, 1] = line_i
            tiles[ut, 2] = placed[u(2 * k + 1)]


@njit(cache=True, _nrt=False)
def keep_play(direction, line_i, xl, length, n, placed, points, moves, tiles, counts):
    """Keep the play in ``moves`` if it is among the best ``counts[3]`` found so far, in
    the game's order: more points, then fewer tiles, then the generator's order (the
    anchor ``counts[4]``, then the order found, as the full list has them)."""
    keep = counts[3]
    kept = counts[0]
    order = counts[4]
    j = kept
    while j > 0:
        o = u(j - 1)
        op = moves[o, 2]
        on = moves[o, 1]
        if points > op or (
            points == op and (n < on or (n == on and order < counts[KEPT_ORDER + o]))
        ):
            j -= 1
        else:
            break
    if j >= keep:
        return
    if kept < keep:
        block = kept * BLOCK
        kept += 1
        counts[0] = kept
    else:
        block = moves[u(keep - 1), 0]  # the last one drops out
    for r in range(kept - 1, j, -1):
        ur = u(r)
        for f in range(MOVE_FIELDS):
            moves[ur, f] = moves[ur - 1, f]
        counts[KEPT_ORDER + ur] = counts[KEPT_ORDER + ur - 1]
    uj = u(j)
    moves[uj, 0] = block
    moves[uj, 1] = n
    moves[uj, 2] = points
    counts[KEPT_ORDER + uj] = order
    _write(moves, uj, tiles, block, direction, line_i, xl, length, n, placed)

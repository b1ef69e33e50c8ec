"""Who controls a word, from its colour counts (docs/rules/controlword.md "End of game"), and the colours
of a play's tiles, in numba: the one place each of these rules is written.

Shared by the end-of-game evaluation, the move annotations (which words a replacement
changes hands), the moves the adapter builds, and the players' evaluation.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword.grid import BLUE


@njit(cache=True)
def control_of(counts, n):
    """(controller colour or -1, multiplier 0 / 2 plurality / 3 majority, lead over the
    next colour) of a word of ``n`` tiles with ``counts`` tiles of each colour 0..4.

    The colour with strictly the most tiles controls it, unless that is blue; a tie for
    the most controls nothing; half or more of the tiles is a majority.
    """
    best = -1
    top = -1
    tie = False
    for col in range(5):
        if counts[col] > best:
            best = counts[col]
            top = col
            tie = False
        elif counts[col] == best:
            tie = True
    if tie or top == BLUE or best <= 0:
        return -1, 0, 0
    second = 0
    for col in range(5):
        if col != top and counts[col] > second:
            second = counts[col]
    return top, 3 if 2 * best >= n else 2, best - second


@njit(cache=True)
def assign_colours(
    tiles, first, n, own, blue, mover, blue_first, out_col, own_left, blue_left, width
):
    """Colour a move's tiles in square order, own tiles first (or blue first), as the
    engine does; leaves the rack after the move in ``own_left`` / ``blue_left``."""
    for letter in range(27):
        own_left[letter] = own[letter]
        blue_left[letter] = blue[letter]
    done = np.int64(0)  # the tiles coloured, a bit each (no array to allocate per move)
    for _ in range(n):
        pick = -1
        key = np.int64(1) << 62
        for k in range(n):
            if not (done >> k) & 1:
                kk = np.int64(tiles[first + k, 0]) * width + tiles[first + k, 1]
                if kk < key:
                    key = kk
                    pick = k
        done |= np.int64(1) << pick
        letter = tiles[first + pick, 2]
        if (blue_left[letter] > 0) if blue_first else (own_left[letter] == 0):
            blue_left[letter] -= 1
            out_col[first + pick] = BLUE
        else:
            own_left[letter] -= 1
            out_col[first + pick] = mover


@njit(cache=True)
def colour_plays(tiles, moves, lo, hi, own, blue, mover, blue_first, width, out_col):
    """Colour the tiles of plays ``lo`` .. ``hi - 1`` as :func:`assign_colours` does (own
    tiles first, or blue first), into ``out_col`` (one colour index per row of ``tiles``)."""
    own_left = np.zeros(27, np.int64)
    blue_left = np.zeros(27, np.int64)
    for m in range(lo, hi):
        assign_colours(
            tiles,
            moves[m, 0],
            moves[m, 1],
            own,
            blue,
            mover,
            blue_first,
            out_col,
            own_left,
            blue_left,
            width,
        )


@njit(cache=True)
def word_controls(colours, starts, lengths, squares):
    """Who controls each board word (arrays of ``board_words``): (controller colour index
    or -1, multiplier 0 / 2 / 3) per word."""
    flat = colours.ravel()
    n = starts.shape[0]
    controller = np.empty(n, np.int64)
    multiplier = np.empty(n, np.int64)
    counts = np.zeros(5, np.int64)
    for k in range(n):
        counts[:] = 0
        for t in range(starts[k], starts[k] + lengths[k]):
            counts[flat[squares[t]]] += 1
        top, mult, _ = control_of(counts, np.int64(lengths[k]))
        controller[k] = top
        multiplier[k] = mult
    return controller, multiplier

"""The word-play walks' stack frames and scratch arrays
(:mod:`wordbot.movegen.controlword.wordplays`): a frame fills square ``pos`` with each
letter of ``cand`` and is parked on the stack only when a letter leads somewhere.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# stack frame fields
F_REC, F_POS, F_CAND, F_N, F_SCORE, F_LETTER = 0, 1, 2, 3, 4, 5
FRAME = 8
MAX_RACK = 31
MAX_FRAMES = 2 * MAX_RACK + 2  # one frame per placed tile, one parked right part per left
# frame, and the first two

# An anchor's row, as the word-play walks find and walk it: a tile run (KIND RUN: the run
# ends at POS, the square before it is START, the GADDAG node after reading it backwards
# is REC, its J/Q/X/Z count JQ) or a hook square (KIND HOOK: POS == START, REC the root);
# left parts fill squares down to LB, right parts stop before RM; LINE is its line, DIR
# its direction and BOUND what its plays can score at most (best-only generation).
A_KIND, A_LINE, A_POS, A_START, A_REC, A_JQ, A_LB, A_RM, A_DIR, A_BOUND = range(10)
ANCHOR_FIELDS = 10
RUN, HOOK = 0, 1


@njit(cache=True, inline="always")
def u(i):
    """An index as unsigned: numba then indexes without wraparound code."""
    return np.uintp(i)


@njit(cache=True, inline="always")
def park(stack, sp, rec, pos, cand, n, score, letter):
    """Park a frame (fill ``pos`` with each letter of ``cand``) at ``sp``: the next free slot."""
    us = u(sp)
    stack[us, F_REC] = rec
    stack[us, F_POS] = pos
    stack[us, F_CAND] = cand
    stack[us, F_N] = n
    stack[us, F_SCORE] = score
    stack[us, F_LETTER] = letter
    return sp + 1


@njit(cache=True, inline="always")
def unpark(stack, sp, rack, rbits):
    """Resume the frame parked at ``sp``: its letter goes back on the rack."""
    us = u(sp)
    letter = stack[us, F_LETTER]
    rack[u(letter)] += 1
    return (
        stack[us, F_REC],
        stack[us, F_POS],
        stack[us, F_CAND],
        stack[us, F_N],
        stack[us, F_SCORE],
        rbits | (np.int64(1) << letter),
    )


class Workspace:
    """Scratch arrays for :func:`generate`, grown on demand and reused between calls."""

    def __init__(self, squares: int = 1024):
        self.squares = 0
        self.stack = np.zeros((MAX_FRAMES, FRAME), np.int64)
        self.placed = np.zeros(2 * (MAX_RACK + 1), np.int64)
        self.sums = np.zeros(MAX_RACK + 2, np.int64)
        self.ensure(squares)

    def ensure(self, squares: int) -> tuple:
        if squares > self.squares:
            self.squares = max(squares, 2 * self.squares)
            self.grid = np.zeros(self.squares, np.uint8)
            self.xmask = np.zeros(self.squares, np.int64)
            self.xsc = np.zeros(2 * self.squares, np.int64)
            # both directions' anchors (a line has fewer anchors than squares)
            self.anchors = np.zeros((2 * self.squares, ANCHOR_FIELDS), np.int64)
            self.order = np.zeros(2 * self.squares, np.int64)  # anchors, best bound first
            self.arrays = (
                self.grid,
                self.xmask,
                self.xsc,
                self.stack,
                self.placed,
                self.anchors,
                self.sums,
                self.order,
            )
        return self.arrays

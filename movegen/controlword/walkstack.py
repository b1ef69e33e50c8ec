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
        self.ensure(squares)

    def ensure(self, squares: int) -> tuple:
        if squares > self.squares:
            self.squares = max(squares, 2 * self.squares)
            self.grid = np.zeros(self.squares, np.uint8)
            self.xmask = np.zeros(self.squares, np.int64)
            self.xsc = np.zeros(2 * self.squares, np.int64)
            self.arrays = (self.grid, self.xmask, self.xsc, self.stack, self.placed)
        return self.arrays

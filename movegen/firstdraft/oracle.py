"""The completability oracle as kernels over the subsequence automaton
(:mod:`wordbot.dictionaries.subsequence`, ``delta[state, letter]``, -1 for dead): whole
rows at once, and which letters can go where in a row so that it stays completable.

Rows are int64 letter codes 0..25 (A..Z).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")  # called with constants: one copy a value else
def read(delta, letters, start, stop, state):
    """The state after reading ``letters[start:stop]`` from ``state`` (-1: dead)."""
    for i in range(start, stop):
        if state < 0:
            return -1
        state = delta[state, letters[i]]
    return state


@njit(cache=True)
def completable_rows(delta, rows, lengths):
    """bool per row of ``rows`` (int64[n, width], the first ``lengths[i]`` used)."""
    out = np.empty(rows.shape[0], np.bool_)
    for i in range(rows.shape[0]):
        out[i] = read(delta, rows[i], 0, lengths[i], 0) >= 0
    return out


@njit(cache=True)
def insertions(delta, row, n):
    """bool[n + 1, 26]: ``[i, c]`` when ``row[:n]`` with letter ``c`` inserted at index
    ``i`` is completable. The states of the prefixes are read once; each (i, c) reads
    only the letters after ``i``."""
    out = np.zeros((n + 1, 26), np.bool_)
    state = 0
    for i in range(n + 1):
        if state < 0:
            break
        for c in range(26):
            nxt = delta[state, c]
            if nxt >= 0 and read(delta, row, i, n, nxt) >= 0:
                out[i, c] = True
        if i < n:
            state = delta[state, row[i]]
    return out

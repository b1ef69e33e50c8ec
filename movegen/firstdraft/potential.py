"""What a row can still become: the best word that holds it as a subsequence, weighed by
how likely its missing letters are to come, found by branch and bound over the letter
trie (:mod:`wordbot.dictionaries.forward`, plain letters).

A word ``w`` of ``n`` letters that holds the row counts ``pay[n] * prod(weight[c])`` over
the letters of ``w`` the row lacks (its leftmost embedding decides which those are). The
search walks the trie keeping the product so far and cuts a branch as soon as even the
best word it could still reach (each further letter weighed at the best weight) could
not beat the best word found.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.forward import ACCEPT_SHIFT, FIRST_SHIFT, MASK_BITS
from wordbot.dictionaries.gaddag_walk import lowest_bit, popcount

DEPTH = 33  # deeper than any row the rules allow


@njit(cache=True)
def row_potential(records, below, row, n, weight, pay, row_limit, max_missing, target):
    """(best over every word, best over words longer than the row) of
    ``pay[len(w)] * prod(weight of the letters w adds)``, for words of at most
    ``row_limit`` letters adding at most ``max_missing``; 0 when there is none.
    ``below``: :attr:`~wordbot.dictionaries.forward.Forward.below` of the trie. The
    letters of the best word longer than the row go in ``target`` (-1 after them)."""
    # reach[m]: the most a word of at least m letters can pay, each letter past m costing
    # at least the best weight (the bound that cuts a branch)
    most = 0.0
    for c in range(weight.shape[0]):
        most = max(most, weight[c])
    reach = np.zeros(pay.shape[0] + 1, np.float64)
    for m in range(pay.shape[0] - 1, -1, -1):
        reach[m] = max(pay[m], reach[m + 1] * most)
    need = np.zeros(n + 1, np.int64)  # need[j]: the letters of row[j:]
    for j in range(n - 1, -1, -1):
        need[j] = need[j + 1] | (np.int64(1) << row[j])
    best = 0.0
    grow = 0.0
    node = np.empty(DEPTH, np.int64)
    matched = np.empty(DEPTH, np.int64)
    prob = np.empty(DEPTH, np.float64)
    todo = np.empty(DEPTH, np.int64)
    letters = np.empty(DEPTH, np.int64)  # letters[d]: the letter that led to depth d
    target[0] = -1
    node[0], matched[0], prob[0] = 0, 0, 1.0
    todo[0] = records[0] & MASK_BITS
    d = 0
    while d >= 0:
        if todo[d] == 0:
            d -= 1
            continue
        c = lowest_bit(todo[d])
        todo[d] &= todo[d] - 1
        rec = records[node[d]]
        j = matched[d]
        p = prob[d]
        if j < n and c == row[j]:
            j += 1
        else:
            if d + 1 - j > max_missing or d + 1 + (n - j) > row_limit:
                continue
            p *= weight[c]
            shortest = d + 1 + (n - j)
            if shortest >= reach.shape[0] or p * reach[shortest] <= grow:
                continue
        child = (rec >> FIRST_SHIFT) + popcount(rec & ((np.int64(1) << c) - 1))
        under = below[child]
        if need[j] & ~under or (under >> 32) < d + 1 + (n - j):
            continue  # the rest of the row, or a word long enough, is not under it
        crec = records[child]
        d += 1
        node[d], matched[d], prob[d], letters[d] = child, j, p, c
        todo[d] = crec & MASK_BITS if d < row_limit else 0
        if j == n and (crec >> ACCEPT_SHIFT) & 1 and d < pay.shape[0]:
            value = pay[d] * p
            best = max(best, value)
            if d > n and value > grow:
                grow = value
                for i in range(d):
                    target[i] = letters[i + 1]
                target[d] = -1
    return best, grow


@njit(cache=True)
def row_potentials(records, below, rows, lengths, weight, pay, row_limit, max_missing):
    """:func:`row_potential` of each row: float64[m, 2]."""
    out = np.empty((rows.shape[0], 2), np.float64)
    target = np.empty(DEPTH, np.int64)
    for i in range(rows.shape[0]):
        out[i, 0], out[i, 1] = row_potential(
            records, below, rows[i], lengths[i], weight, pay, row_limit, max_missing, target
        )
    return out

"""What a row can still become: the best word that holds it as a subsequence, weighed by
how likely its missing letters are to come, found by branch and bound over the letter
trie (:mod:`wordbot.dictionaries.forward`, plain letters).

A word ``w`` of ``n`` letters that holds the row counts ``pay[n] * prod(weight[c])`` over
the letters of ``w`` the row lacks (its leftmost embedding decides which those are). The
search walks the trie keeping the product so far and cuts a branch as soon as even the
best word it could still reach (each further letter weighed at the best weight) could
not beat the best word found, or a *floor* it is given. The bound is widened by
:data:`SLACK`, more than its rounding can be off, so the search finds the largest value
as computed (the first such word in alphabetical order is the target).

A player choosing among rows needs the exact worth of the best row only: a row that
cannot pass the best so far is searched with that as its floor (:func:`growth_floor`,
:func:`value_past`), and most such searches end at once.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.forward import ACCEPT_SHIFT, FIRST_SHIFT, MASK_BITS, accepts
from wordbot.dictionaries.gaddag_walk import lowest_bit, popcount

DEPTH = 33  # deeper than any row the rules allow
#: a bound times this still is one, however its products rounded
SLACK = 1.0 + 1e-9
#: a floor is this share of the growth that matters: a row not past it is surely not
#: worth more than the best so far, however the products rounded
BELOW = 1.0 - 1e-9


@njit(cache=True)
def growth_floor(sale, top, time):
    """The growth potential a row must pass (``time`` times it, the row's worth when
    more than its ``sale``) to be worth more than ``max(sale, top)``; infinite when
    ``time`` is 0 (the row is worth its sale)."""
    if time <= 0.0:
        return np.inf
    return max(sale, top) / time * BELOW


@njit(cache=True)
def value_past(sale, time, grow, floor):
    """A row's worth, ``max(sale, time * grow)``, from a growth searched with ``floor``:
    when the growth did not pass it, the sale (exact when the sale was the higher of the
    two, else a worth no higher than the best so far)."""
    return max(sale, time * grow) if grow > floor else sale


@njit(cache=True)
def row_potential(
    records, below, row, n, weight, pay, row_limit, max_missing, target, floor=0.0
):
    """(best over every word, best over words longer than the row) of
    ``pay[len(w)] * prod(weight of the letters w adds)``, for words of at most
    ``row_limit`` letters adding at most ``max_missing``; 0 when there is none.
    ``below``: :attr:`~wordbot.dictionaries.forward.Forward.below` of the trie. The
    letters of the best word longer than the row go in ``target`` (-1 after them).

    With a ``floor``, only words worth more count: the growth is exact when it passes
    the floor and is the floor otherwise (and the first value then means nothing)."""
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
    grow = floor
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
            if shortest >= reach.shape[0] or p * reach[shortest] * SLACK <= grow:
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


@njit(cache=True)
def best_fillings(records, below, rows, lengths, starts, old, time, weight, pay, row_limit):
    """For each group ``g`` of rows (``starts[g]:starts[g + 1]``): the first of its rows
    worth most, and that worth, where a row is worth ``max(sale, time * growth) - old``
    (``pay[n]`` for a word of ``n`` letters, growth as :func:`row_potential` finds it
    with at most ``row_limit`` letters)."""
    groups = starts.shape[0] - 1
    tops = np.empty(groups, np.int64)
    worth = np.empty(groups, np.float64)
    target = np.empty(DEPTH, np.int64)
    for g in range(groups):
        top = -np.inf
        for i in range(starts[g], starts[g + 1]):
            n = lengths[i]
            sale = pay[n] if n < pay.shape[0] and accepts(records, rows[i], n) else 0.0
            floor = growth_floor(sale, top, time)
            grow = floor
            if floor < np.inf:
                _, grow = row_potential(
                    records,
                    below,
                    rows[i],
                    n,
                    weight,
                    pay,
                    row_limit,
                    row_limit,
                    target,
                    floor,
                )
            value = value_past(sale, time, grow, floor)
            if i == starts[g] or value - old > worth[g]:
                tops[g], worth[g], top = i, value - old, value
    return tops, worth

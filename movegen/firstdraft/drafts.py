"""The drafts of a coaster: every way to insert some of the available letters (the
coaster's and the pool's) into row A and others into row B, each changed row completable,
and what is left for the pool.

A row's *fillings* are the distinct rows it can become. Each is made once: the new row is
built letter by letter, and a letter equal to the old row's next letter always counts as
that letter (the leftmost embedding of the old row), so every choice of next letter leads
to one new row and no new row is reached twice. The subsequence automaton prunes a
prefix as soon as no word can hold it followed by the rest of the old row, which every
row built on from it holds: most prefixes a word can hold cannot take the old row's
letters after them.

Letters are int64 codes 0..25; the available letters are given as ``kinds`` (the
distinct letters) and ``counts`` (how many of each), and a filling says how many of each
kind it used.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.firstdraft.oracle import read
from wordbot.movegen.sorting import stable_argsort

MAX_ROW = 32  # the longest row a kernel builds (the rules allow row_limit <= 20)


@njit(cache=True)
def fillings_into(delta, row, n, kinds, counts, row_limit, rows, lengths, used):
    """Write the row itself (used nothing; listed first, completable or not) and then
    every distinct completable row that inserts at least one available letter into
    ``row[:n]``, at most ``row_limit`` long: its letters (``rows``), length and the count
    of each kind it used (``used``). Returns how many there are; past the buffers they
    are counted only (retry with that many)."""
    cap = lengths.shape[0]
    k = kinds.shape[0]
    for i in range(n):
        rows[0, i] = row[i]
    lengths[0] = n
    for j in range(k):
        used[0, j] = 0
    count = 1
    if read(delta, row, 0, n, 0) < 0:
        return count  # no word holds the row: nothing can be added
    z = np.empty(MAX_ROW, np.int64)  # the new row so far
    state = np.empty(MAX_ROW + 1, np.int64)  # automaton state after z[:d]
    matched = np.empty(MAX_ROW + 1, np.int64)  # old letters matched after z[:d]
    choice = np.empty(MAX_ROW + 1, np.int64)  # next option to try at depth d
    took = np.empty(MAX_ROW + 1, np.int64)  # the option that led from depth d to d + 1
    left = counts.copy()
    spent = 0
    state[0] = 0
    matched[0] = 0
    choice[0] = -1
    d = 0
    while d >= 0:
        # options at depth d: -1 = the old row's next letter, 0..k-1 = a kind
        opt = choice[d]
        choice[d] = opt + 1
        if opt >= k:  # exhausted: undo the letter that led here
            d -= 1
            if d >= 0 and took[d] >= 0:  # it was an inserted letter
                left[took[d]] += 1
                spent -= 1
            continue
        j = matched[d]
        if opt < 0:
            if j >= n:
                continue
            c = row[j]
        else:
            c = kinds[opt]
            if left[opt] == 0 or (j < n and c == row[j]):
                continue  # none left, or it would count as the old letter
            if d + 1 + (n - j) > row_limit:
                continue
        nxt = delta[state[d], c]
        if nxt < 0:
            continue
        if opt >= 0 and j < n and read(delta, row, j, n, nxt) < 0:
            continue  # no word holds the prefix and then the rest of the old row
        z[d] = c
        took[d] = opt
        state[d + 1] = nxt
        matched[d + 1] = j + (1 if opt < 0 else 0)
        if opt >= 0:
            left[opt] -= 1
            spent += 1
        d += 1
        choice[d] = -1
        if matched[d] == n and spent > 0:
            if count < cap:
                for i in range(d):
                    rows[count, i] = z[i]
                lengths[count] = d
                for q in range(k):
                    used[count, q] = counts[q] - left[q]
            count += 1
    return count


@njit(cache=True)
def pool_choices(rest, size):
    """The number of distinct multisets of ``size`` letters within the counts ``rest``."""
    ways = np.zeros(size + 1, np.int64)  # ways[m]: multisets of m of the kinds so far
    ways[0] = 1
    for c in rest:
        for have in range(size, 0, -1):  # from the top, so each reads the old counts
            for take in range(1, min(c, have) + 1):
                ways[have] += ways[have - take]
    return ways[size]


@njit(cache=True)
def pairs(used_a, used_b, counts, pool_limit):
    """Every (group of A, group of B) whose letters together fit the available ones:
    int64[m, 4] rows of (group of A, group of B, pool choices, letters discarded), from
    each group's count of each kind used. Past ``pool_limit`` letters left, the player
    keeps any ``pool_limit`` of them: that many distinct pools, the rest discarded."""
    k = counts.shape[0]
    total = 0
    for q in range(k):
        total += counts[q]
    rest = np.empty(k, np.int64)
    out = np.empty((0, 4), np.int64)
    for fill in range(2):  # count, then write
        m = 0
        for a in range(used_a.shape[0]):
            for b in range(used_b.shape[0]):
                left = total
                for q in range(k):
                    r = counts[q] - used_a[a, q] - used_b[b, q]
                    if r < 0:
                        left = -1
                        break
                    rest[q] = r
                    left -= used_a[a, q] + used_b[b, q]
                if left < 0:
                    continue
                if fill:
                    out[m, 0] = a
                    out[m, 1] = b
                    if left <= pool_limit:
                        out[m, 2] = 1
                        out[m, 3] = 0
                    else:
                        out[m, 2] = pool_choices(rest, pool_limit)
                        out[m, 3] = left - pool_limit
                m += 1
        if not fill:
            out = np.empty((m, 4), np.int64)
    return out


@njit(cache=True)
def row_fillings(delta, row, kinds, counts, row_limit):
    """:func:`fillings_into` into arrays just large enough, grouped by the letters used
    (the unchanged row, which uses none, first): (rows, lengths, used, starts), group
    ``g`` being rows ``starts[g]:starts[g + 1]``.

    >>> from wordbot.dictionaries.subsequence import build_subsequences
    >>> delta = build_subsequences(["TEA", "TEAS", "SEAT"], (3, 4)).delta
    >>> code = lambda s: np.array([ord(c) - 65 for c in s], np.int64)
    >>> rows, lengths, _, _ = row_fillings(delta, code("EA"), code("ST"), np.array([1, 1]), 9)
    >>> sorted("".join(chr(65 + c) for c in r[:n]) for r, n in zip(rows, lengths))
    ['EA', 'EAS', 'EAT', 'SEA', 'SEAT', 'TEA', 'TEAS']
    """
    cap = 64
    while True:
        rows = np.empty((cap, max(row_limit, 1)), np.int64)
        lengths = np.empty(cap, np.int64)
        used = np.empty((cap, kinds.shape[0]), np.int64)
        n = fillings_into(
            delta, row, row.shape[0], kinds, counts, row_limit, rows, lengths, used
        )
        if n <= cap:
            break
        cap = n
    key = np.zeros(n, np.int64)  # the used counts in mixed radix
    for i in range(n):
        for q in range(kinds.shape[0]):
            key[i] = key[i] * (counts[q] + 1) + used[i, q]
    order = stable_argsort(key)
    starts = np.empty(n + 1, np.int64)
    groups = 0
    for i in range(n):
        if i == 0 or key[order[i]] != key[order[i - 1]]:
            starts[groups] = i
            groups += 1
    starts[groups] = n
    return rows[order], lengths[order], used[order], starts[: groups + 1]


@njit(cache=True)
def draft_options(delta, row_a, row_b, kinds, counts, row_limit, pool_limit):
    """Everything a coaster's drafts need in one call: the grouped fillings of each row
    (:func:`row_fillings`) and the :func:`pairs` of their groups."""
    rows_a, lengths_a, used_a, starts_a = row_fillings(
        delta, row_a, kinds, counts, row_limit
    )
    rows_b, lengths_b, used_b, starts_b = row_fillings(
        delta, row_b, kinds, counts, row_limit
    )
    return (
        rows_a,
        lengths_a,
        used_a,
        starts_a,
        rows_b,
        lengths_b,
        used_b,
        starts_b,
        pairs(used_a[starts_a[:-1]], used_b[starts_b[:-1]], counts, pool_limit),
    )

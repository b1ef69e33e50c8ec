"""numba kernels that build the subsequence automaton (see
:mod:`wordbot.dictionaries.subsequence`).

A state is a set of word suffixes, each suffix numbered once (:func:`suffix_moves`
gives every numbered suffix its moves: for each letter's first occurrence in it, the
number of what follows, or :data:`USED_UP` when the letter ends it). :func:`states`
finds the states breadth first from the set of whole words: a state's members are
suffix numbers in one pool, found again through a hash table, so a state reached
twice is one state. Each letter's members of the next state are gathered in a bucket
per letter, made distinct and compared as sets with a stamp per suffix (no sorting:
numba compiles a sort for minutes of a fresh machine's seconds), under a hash that
does not depend on their order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

LETTERS = 26
DEAD = -1
#: a move that uses the suffix up: the next state is live, with nothing added to it
USED_UP = -2


@njit(cache=True)
def suffix_moves(codes, offsets, first_suffix, suffix_at):
    """The moves of every numbered suffix as (``ptr``, ``letter``, ``target``): suffix
    ``s``'s moves are ``ptr[s]`` .. ``ptr[s + 1] - 1``. ``codes`` (letters 0..25) of
    the words end to end, word ``w`` at ``offsets[w]`` .. ``offsets[w + 1] - 1``;
    ``first_suffix[s]`` is a position where suffix ``s`` starts; ``suffix_at[p]`` the
    number of the suffix starting at position ``p`` (``-1`` past a word's end)."""
    n = first_suffix.shape[0]
    ptr = np.zeros(n + 1, np.int64)
    word_end = np.empty(codes.shape[0], np.int64)
    for w in range(offsets.shape[0] - 1):
        for q in range(offsets[w], offsets[w + 1]):
            word_end[q] = offsets[w + 1]
    for s in range(n):
        p = first_suffix[s]
        seen = 0
        for q in range(p, word_end[p]):
            bit = 1 << codes[q]
            if not seen & bit:
                seen |= bit
                ptr[s + 1] += 1
    for s in range(n):
        ptr[s + 1] += ptr[s]
    letter = np.empty(ptr[n], np.int8)
    target = np.empty(ptr[n], np.int32)
    for s in range(n):
        p = first_suffix[s]
        end = word_end[p]
        seen = 0
        e = ptr[s]
        for q in range(p, end):
            bit = 1 << codes[q]
            if not seen & bit:
                seen |= bit
                letter[e] = codes[q]
                target[e] = suffix_at[q + 1] if q + 1 < end else USED_UP
                e += 1
    return ptr, letter, target


@njit(cache=True)
def _mix(x):
    """A 64-bit mix of ``x`` (splitmix64's finaliser): summed over a set's members it
    hashes the set whatever their order."""
    z = np.uint64(x) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _grown(a, size):
    """``a`` (1-D) copied into a new array of ``size`` elements."""
    out = np.empty(size, a.dtype)
    for k in range(a.shape[0]):  # (a slice assignment costs seconds of compile)
        out[k] = a[k]
    return out


@njit(cache=True)
def states(ptr, letter, target, start):
    """``delta`` (int32[states, 26], -1 dead) of the automaton whose state 0 is the set
    ``start`` of suffix numbers (distinct), states numbered breadth first."""
    cap = 1 << 16
    # flat (state * 26 + letter): growing a 2-D array costs numba seconds to compile
    delta = np.empty(cap * LETTERS, np.int32)
    first = np.empty(cap, np.int64)
    size = np.empty(cap, np.int64)
    hashes = np.empty(cap, np.int64)
    pool = np.empty(max(1 << 20, 4 * start.shape[0]), np.int32)
    table = np.full(1 << 17, -1, np.int32)
    mark = np.zeros(ptr.shape[0], np.int64)  # per suffix: the last stamp it was seen in
    stamp = 0
    h0 = np.uint64(0)
    for x in start:
        h0 += _mix(x)
    used = start.shape[0]
    for k in range(used):
        pool[k] = start[k]
    first[0], size[0], hashes[0] = 0, used, np.int64(h0 >> np.uint64(1))
    table[hashes[0] & (table.shape[0] - 1)] = 0
    count = 1
    buckets = np.empty((LETTERS, max(start.shape[0], 1)), np.int32)
    filled = np.zeros(LETTERS, np.int64)
    live = np.zeros(LETTERS, np.bool_)
    i = 0
    while i < count:
        for c in range(LETTERS):
            filled[c], live[c] = 0, False
        for m in pool[first[i] : first[i] + size[i]]:
            for e in range(ptr[m], ptr[m + 1]):
                c = letter[e]
                live[c] = True
                if target[e] >= 0:
                    buckets[c, filled[c]] = target[e]
                    filled[c] += 1
        for c in range(LETTERS):
            if not live[c]:
                delta[i * LETTERS + c] = DEAD
                continue
            stamp += 1
            k = 0
            hu = np.uint64(0)
            for t in range(filled[c]):  # distinct, in place, stamped
                x = buckets[c, t]
                if mark[x] != stamp:
                    mark[x] = stamp
                    buckets[c, k] = x
                    k += 1
                    hu += _mix(x)
            h = np.int64(hu >> np.uint64(1))
            mask = table.shape[0] - 1
            slot = h & mask
            found = -1
            while table[slot] >= 0:
                j = table[slot]
                if hashes[j] == h and size[j] == k:
                    same = True
                    for t in range(first[j], first[j] + k):
                        if mark[pool[t]] != stamp:
                            same = False
                            break
                    if same:
                        found = j
                        break
                slot = (slot + 1) & mask
            if found < 0:
                found = count
                if count == first.shape[0]:
                    cap = 2 * count
                    delta = _grown(delta, cap * LETTERS)
                    first = _grown(first, cap)
                    size = _grown(size, cap)
                    hashes = _grown(hashes, cap)
                if used + k > pool.shape[0]:
                    pool = _grown(pool, 2 * (used + k))
                for t in range(k):
                    pool[used + t] = buckets[c, t]
                first[count], size[count], hashes[count] = used, k, h
                used += k
                table[slot] = count
                count += 1
                if 2 * count > table.shape[0]:  # keep it at most half full
                    table = np.full(2 * table.shape[0], -1, np.int32)
                    mask = table.shape[0] - 1
                    for j in range(count):
                        slot = hashes[j] & mask
                        while table[slot] >= 0:
                            slot = (slot + 1) & mask
                        table[slot] = j
            delta[i * LETTERS + c] = found
        i += 1
    return delta[: count * LETTERS].copy().reshape(count, LETTERS)

"""Cross-checks: which letters may go on each empty square, and what the cross word scores.

For plays along rows, an empty square with tiles above or below it may only take a letter
L that makes ``above + L + below`` a word. The GADDAG answers this without trying 26
letters one by one:

* tiles above only (P): walk rev(P), take the separator: the accepting arcs there are
  exactly the letters L with P+L a word;
* tiles below only (S): walk rev(S): the accepting arcs are the letters L with L+S a word;
* both: walk rev(P), the separator, then for each letter arc walk S.

Plays along columns use the same kernel on the transposed grid.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.dictionaries.gaddag_walk import (ARCS, LETTERS, accepting_letters, accepts,
                                              child, first_arc, popcount, symbol_of)
from wordbot.movegen.grid import BLOCKED, EMPTY
from wordbot.movegen.scoring import IS_JQXZ, word_points

ALL_LETTERS = np.int64(LETTERS)  # bits 1..26
HAS_CROSS = np.int64(1)  # bit 0 of a cross-check mask: the square has a cross word


@njit(cache=True, inline="always")
def is_letter(v):
    return v != EMPTY and v != BLOCKED


@njit(cache=True, inline="always")
def column_span(letters, i, j):
    """The rows (up, down) of the tiles above and below square (i, j) with it, contiguous
    (up == down == i when it has none)."""
    up = i
    while is_letter(letters[up - 1, j]):
        up -= 1
    down = i
    while is_letter(letters[down + 1, j]):
        down += 1
    return up, down


@njit(cache=True)
def _walk_column(edges, rec, letters, col, r0, r1):
    """Follow the letters of column ``col`` upwards from row r0 to r1 (r1 <= r0)."""
    r = r0
    while r >= r1 and rec >= 0:
        rec = child(edges, rec, letters[r, col])
        r -= 1
    return rec


@njit(cache=True)
def square_check(letters, i, j, edges, root):
    """The cross-check mask of empty square (i, j), looking along its column:
    ``HAS_CROSS`` plus the letters allowed when it has tiles above or below, else all
    letters."""
    up, down = column_span(letters, i, j)
    if up == i and down == i:
        return ALL_LETTERS
    mask = np.int64(0)
    if down == i:  # P above: rev(P) then the separator
        rec = _walk_column(edges, root, letters, j, i - 1, up)
        if rec >= 0:
            rec = child(edges, rec, 0)
        if rec >= 0:
            mask = accepting_letters(edges, rec)
    elif up == i:  # S below: rev(S)
        rec = _walk_column(edges, root, letters, j, down, i + 1)
        if rec >= 0:
            mask = accepting_letters(edges, rec) & ALL_LETTERS
    else:  # both: rev(P), separator, then each letter followed by S
        rec = _walk_column(edges, root, letters, j, i - 1, up)
        if rec >= 0:
            rec = child(edges, rec, 0)
        if rec >= 0:
            e = first_arc(rec)
            n = popcount(rec & ARCS)
            for k in range(n):
                cur = edges[e + k]
                letter = symbol_of(cur)
                r = i + 1
                while r <= down and cur >= 0:
                    cur = child(edges, cur, letters[r, j])
                    r += 1
                if cur >= 0 and accepts(cur):
                    mask |= np.int64(1) << letter
    return mask | HAS_CROSS


@njit(cache=True)
def square_points(letters, i, j, bonus):
    """Points of the cross word through empty square (i, j) (along its column) for a
    letter that is not / is J, Q, X or Z (0, 0 without one)."""
    up, down = column_span(letters, i, j)
    if up == i and down == i:
        return 0, 0
    jq = 0
    for r in range(up, down + 1):
        if r != i:
            jq += IS_JQXZ[letters[r, j]]
    return word_points(down - up + 1, jq, bonus), word_points(down - up + 1, jq + 1, bonus)


@njit(cache=True)
def cross_checks(letters, edges, root, bonus, xmask, xpts):
    """Fill ``xmask`` (allowed letters as bits 1..26, bit 0 = the square has a cross
    word; 0 on occupied and blocked squares) and ``xpts`` (``xpts[0]``/``xpts[1]``: the
    cross word's points for a letter that is not / is J, Q, X or Z) for every square,
    looking along columns.
    """
    h, w = letters.shape
    for j in range(w):
        xmask[0, j] = 0
        xmask[h - 1, j] = 0
    for i in range(1, h - 1):
        xmask[i, 0] = 0
        xmask[i, w - 1] = 0
        for j in range(1, w - 1):
            if letters[i, j] != EMPTY:
                xmask[i, j] = 0
                xpts[0, i, j] = 0
                xpts[1, i, j] = 0
                continue
            if not is_letter(letters[i - 1, j]) and not is_letter(letters[i + 1, j]):
                xmask[i, j] = ALL_LETTERS
                xpts[0, i, j] = 0
                xpts[1, i, j] = 0
                continue
            xmask[i, j] = square_check(letters, i, j, edges, root)
            p0, p1 = square_points(letters, i, j, bonus)
            xpts[0, i, j] = p0
            xpts[1, i, j] = p1

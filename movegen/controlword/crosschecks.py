"""Cross-checks: which letters may go on each empty square, and what the cross word scores.

For plays along rows, an empty square with tiles above or below it may only take a letter
L that makes ``above + L + below`` a word. The GADDAG answers this without trying 26
letters one by one:

* tiles above only (P): walk rev(P), take the separator: the accepting arcs there are
  exactly the letters L with P+L a word;
* tiles below only (S): walk rev(S): the accepting arcs are the letters L with L+S a word;
* both: walk rev(P), the separator, then for each letter arc walk S.

Only the rack's letters are looked at (the walks never place others): the arcs of the
other letters are never loaded, and for squares between two tiles the other letters' S
walks are skipped.

Plays along columns use the same kernel on the transposed grid.

They are recomputed for every generation rather than updated incrementally from move to
move: on the 48 conformance positions both directions take 6 us of a 54 us word-play
generation (2026-11-23), so that is the most incremental updates could save, and masks
kept across moves would have to hold all 26 letters (the rack changes every turn, and
today only its letters are walked) and follow the packed grid as its bounding box grows.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import LETTERS, accepts, arc, child
from wordbot.movegen.controlword.grid import BLOCKED, EMPTY
from wordbot.movegen.controlword.scoring import bonus_letter, word_points

ALL_LETTERS = np.int64(LETTERS)  # bits 1..26
HAS_CROSS = np.int64(1)  # bit 0 of a cross-check mask: the square has a cross word
SCORE_SHIFT = 8  # a walk's score: cross-word points << 8 | J/Q/X/Z in the main word


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


@njit(cache=True, inline="always")
def _accepting(edges, rec, letters):
    """The letters of ``letters`` whose arc out of the node reached by ``rec`` completes
    a word."""
    mask = np.int64(0)
    c = rec & letters
    while c != 0:
        bit = c & -c
        c ^= bit
        if accepts(arc(edges, rec, bit)):
            mask |= bit
    return mask


@njit(cache=True)
def square_check(letters, i, j, up, down, edges, root, rbits):
    """The letters of ``rbits`` that empty square (i, j) may take, with tiles in rows
    up..down of its column besides it (up < i or down > i)."""
    if down == i:  # P above: rev(P) then the separator
        rec = _walk_column(edges, root, letters, j, i - 1, up)
        if rec >= 0:
            rec = child(edges, rec, 0)
        return _accepting(edges, rec, rbits) if rec >= 0 else np.int64(0)
    if up == i:  # S below: rev(S)
        rec = _walk_column(edges, root, letters, j, down, i + 1)
        return _accepting(edges, rec, rbits) if rec >= 0 else np.int64(0)
    # both: rev(P), separator, then each letter followed by S
    mask = np.int64(0)
    rec = _walk_column(edges, root, letters, j, i - 1, up)
    if rec >= 0:
        rec = child(edges, rec, 0)
    if rec >= 0:
        c = rec & rbits
        while c != 0:
            bit = c & -c
            c ^= bit
            cur = arc(edges, rec, bit)
            r = i + 1
            while r <= down and cur >= 0:
                cur = child(edges, cur, letters[r, j])
                r += 1
            if cur >= 0 and accepts(cur):
                mask |= bit
    return mask


@njit(cache=True)
def cross_checks(letters, edges, root, table, rbits, xmask, xsc):
    """Fill ``xmask`` and ``xsc`` for every square, looking along columns.

    ``xmask``: bit 0 (``HAS_CROSS``) when the square has a cross word, and bits 1..26 the
    letters it may take: of ``rbits`` (the rack's letters) when it has a cross word, all
    letters when it has none; 0 on occupied and blocked squares.

    ``xsc[i, 2 * j + jq]``: what placing a letter on square (i, j) adds to a walk's score
    (see :data:`SCORE_SHIFT`): its cross word's points << 8, plus ``jq``, 1 for a J, Q,
    X or Z (index 2 * j + 1) and 0 for another letter (index 2 * j). ``table``: the points
    table of :mod:`~wordbot.movegen.controlword.scoring`.
    """
    h, w = letters.shape
    rbits = rbits & ALL_LETTERS
    for j in range(w):
        xmask[0, j] = 0
        xmask[h - 1, j] = 0
    for i in range(1, h - 1):
        xmask[i, 0] = 0
        xmask[i, w - 1] = 0
        for j in range(1, w - 1):
            if letters[i, j] != EMPTY or (
                not is_letter(letters[i - 1, j]) and not is_letter(letters[i + 1, j])
            ):
                xmask[i, j] = 0 if letters[i, j] != EMPTY else ALL_LETTERS
                xsc[i, 2 * j] = 0
                xsc[i, 2 * j + 1] = 1
                continue
            up, down = column_span(letters, i, j)
            xmask[i, j] = (
                square_check(letters, i, j, up, down, edges, root, rbits) | HAS_CROSS
            )
            jq = 0
            for r in range(up, down + 1):
                if r != i:
                    jq += bonus_letter(table, letters[r, j])
            n = down - up + 1
            xsc[i, 2 * j] = np.int64(word_points(table, n, jq)) << SCORE_SHIFT
            xsc[i, 2 * j + 1] = (np.int64(word_points(table, n, jq + 1)) << SCORE_SHIFT) + 1

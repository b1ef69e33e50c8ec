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

from wordbot.dictionaries.gaddag_walk import child
from wordbot.movegen.grid import BLOCKED, EMPTY
from wordbot.movegen.scoring import IS_JQXZ

ALL_LETTERS = np.int64(0x7FFFFFE)  # bits 1..26
NO_ANCHOR = 0


@njit(cache=True, inline="always")
def is_letter(v):
    return v != EMPTY and v != BLOCKED


@njit(cache=True)
def _walk_line(node_edge, node_arcs, edge_target, node, letters, col, r0, r1, step):
    """Follow the letters of column ``col`` from row r0 to r1 (inclusive) by ``step``."""
    r = r0
    while True:
        node = child(node_edge, node_arcs, edge_target, node, letters[r, col])
        if node < 0 or r == r1:
            return node
        r += step


@njit(cache=True)
def cross_checks(letters, node_edge, node_arcs, node_accepts, edge_target, edge_symbol, root,
                 xmask, xlen, xjq):
    """Fill ``xmask`` (allowed letters as bits 1..26), ``xlen`` (length of the cross word
    a tile here would make, 0 for none) and ``xjq`` (J/Q/X/Z already in it) for every
    empty square, looking along columns.
    """
    h, w = letters.shape
    for i in range(h):
        for j in range(w):
            xmask[i, j] = 0
            xlen[i, j] = 0
            xjq[i, j] = 0
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            if letters[i, j] != EMPTY:
                continue
            up = i
            while is_letter(letters[up - 1, j]):
                up -= 1
            down = i
            while is_letter(letters[down + 1, j]):
                down += 1
            if up == i and down == i:
                xmask[i, j] = ALL_LETTERS
                continue
            jq = 0
            for r in range(up, down + 1):
                if r != i:
                    jq += IS_JQXZ[letters[r, j]]
            xlen[i, j] = down - up + 1
            xjq[i, j] = jq
            mask = np.int64(0)
            if down == i:  # P above: rev(P) then the separator
                node = _walk_line(node_edge, node_arcs, edge_target, root, letters, j, i - 1, up,
                                  -1)
                if node >= 0:
                    node = child(node_edge, node_arcs, edge_target, node, 0)
                if node >= 0:
                    mask = np.int64(node_accepts[node]) & ALL_LETTERS
            elif up == i:  # S below: rev(S)
                node = _walk_line(node_edge, node_arcs, edge_target, root, letters, j, down,
                                  i + 1, -1)
                if node >= 0:
                    mask = np.int64(node_accepts[node]) & ALL_LETTERS
            else:  # both: rev(P), separator, then each letter followed by S
                node = _walk_line(node_edge, node_arcs, edge_target, root, letters, j, i - 1, up,
                                  -1)
                if node >= 0:
                    node = child(node_edge, node_arcs, edge_target, node, 0)
                if node >= 0:
                    start = node_edge[node]
                    arcs = np.int64(node_arcs[node])
                    k = start + (arcs & 1)  # skip a separator arc (symbol 0 sorts first)
                    nedges = 0
                    while arcs:
                        nedges += 1
                        arcs &= arcs - 1
                    for e in range(k, start + nedges):
                        letter = edge_symbol[e]
                        cur = edge_target[e]
                        r = i + 1
                        while r < down and cur >= 0:
                            cur = child(node_edge, node_arcs, edge_target, cur, letters[r, j])
                            r += 1
                        if cur >= 0 and (np.int64(node_arcs[cur]) >> letters[down, j]) & 1 and (
                                np.int64(node_accepts[cur]) >> letters[down, j]) & 1:
                            mask |= np.int64(1) << letter
            xmask[i, j] = mask

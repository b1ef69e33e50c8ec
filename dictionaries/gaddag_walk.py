"""numba helpers for walking a GADDAG's flat arrays, shared by the builder and movegen."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def popcount(x):
    """Set bits of a 32-bit value held in an int64."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    return (((x + (x >> 4)) & 0x0F0F0F0F) * 0x01010101 & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def child(node_edge, node_arcs, edge_target, node, sym):
    """The node reached from ``node`` by symbol ``sym`` (0 = separator), or -1."""
    arcs = np.int64(node_arcs[node])
    if not (arcs >> sym) & 1:
        return -1
    return edge_target[node_edge[node] + popcount(arcs & ((np.int64(1) << sym) - 1))]


@njit(cache=True)
def accepting_splits(node_edge, node_arcs, node_accepts, edge_target, root, flat, offsets):
    """For each word (``flat[offsets[w]:offsets[w+1]]``, codes 1..26), how many of its
    split points reach an accepting arc: a complete GADDAG has ``len(word)`` for every
    word, a GADDAG without the word has 0.
    """
    nwords = offsets.shape[0] - 1
    out = np.zeros(nwords, np.int64)
    for w in range(nwords):
        start = offsets[w]
        n = offsets[w + 1] - start
        for split in range(1, n + 1):
            node = root
            ok = True
            last = -1
            # rev(word[:split]), then the separator (unless split == n), then the rest
            steps = split + (n - split) + (1 if split < n else 0)
            for k in range(steps):
                if k < split:
                    sym = flat[start + split - 1 - k]
                elif k == split:
                    sym = 0
                else:
                    sym = flat[start + k - 1]
                if k == steps - 1:
                    last = sym
                    break
                node = child(node_edge, node_arcs, edge_target, node, sym)
                if node < 0:
                    ok = False
                    break
            if ok and (np.int64(node_arcs[node]) >> last) & 1 and (
                np.int64(node_accepts[node]) >> last
            ) & 1:
                out[w] += 1
    return out

"""numba kernels that build the minimal GADDAG (see :mod:`wordbot.dictionaries.gaddag`).

The construction works on node arrays (node -> first edge, arc bitmask, accept bitmask;
edge -> symbol, target); :func:`_pack` turns the result into the arc records the
generators walk.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import (
    ACCEPT_SHIFT,
    ALPHABET,
    FIRST_SHIFT,
    LAST_SHIFT,
    SYMBOL_SHIFT,
    popcount,
)


@njit(cache=True, inline="always")
def _popcount(x):
    return popcount(x)


@njit(cache=True, inline="always")
def _child(node_edge, node_arcs, edge_target, node, sym):
    """The node reached from ``node`` by symbol ``sym`` in the node arrays, or -1."""
    arcs = np.int64(node_arcs[node])
    if not (arcs >> sym) & 1:
        return -1
    return edge_target[node_edge[node] + popcount(arcs & ((np.int64(1) << sym) - 1))]


@njit(cache=True)
def _hash_node(arcs, accepts, targets, n):
    h = np.uint64(arcs) * np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(accepts) * np.uint64(
        0xC2B2AE3D27D4EB4F
    )
    for k in range(n):
        h = (h ^ np.uint64(targets[k])) * np.uint64(0x100000001B3)
        h ^= h >> np.uint64(29)
    return h


@njit(cache=True)
def _finish(
    d, t_sym, t_acc, t_tgt, t_n, n_edge, n_arcs, n_acc, e_sym, e_tgt, table, counts
):
    """Register the path node at depth ``d``: reuse an equal finished node or add it.

    Finished nodes live in ``n_edge/n_arcs/n_acc`` with their edges in ``e_sym/e_tgt``;
    ``table`` is the open-addressing register of finished nodes; ``t_*`` hold the
    unfinished nodes of the current path, one per depth; ``counts`` = (nodes, edges).
    """
    n = t_n[d]
    arcs = np.int64(0)
    accepts = np.int64(0)
    for k in range(n):
        arcs |= np.int64(1) << t_sym[d, k]
        if t_acc[d, k]:
            accepts |= np.int64(1) << t_sym[d, k]
    h = _hash_node(arcs, accepts, t_tgt[d], n)
    mask = table.shape[0] - 1
    slot = np.int64(h & np.uint64(mask))
    while True:
        cand = table[slot]
        if cand < 0:
            break
        if np.int64(n_arcs[cand]) == arcs and np.int64(n_acc[cand]) == accepts:
            base = n_edge[cand]
            same = True
            for k in range(n):
                if e_tgt[base + k] != t_tgt[d, k]:
                    same = False
                    break
            if same:
                return cand
        slot = (slot + 1) & mask
    node = counts[0]
    base = counts[1]
    n_edge[node] = base
    n_arcs[node] = arcs
    n_acc[node] = accepts
    for k in range(n):
        e_sym[base + k] = t_sym[d, k]
        e_tgt[base + k] = t_tgt[d, k]
    counts[0] = node + 1
    counts[1] = base + n
    table[slot] = node
    return node


@njit(cache=True)
def _insert_sorted(
    s,
    length,
    accept_last,
    sep_target,
    prev,
    prev_len,
    t_sym,
    t_acc,
    t_tgt,
    t_n,
    n_edge,
    n_arcs,
    n_acc,
    e_sym,
    e_tgt,
    table,
    counts,
):
    """Daciuk's step: finish the previous string's unshared tail, then add ``s``.

    Returns the new previous length. ``sep_target`` >= 0 adds a separator arc at the end.
    """
    cp = 0
    limit = min(length, prev_len)
    while cp < limit and prev[cp] == s[cp]:
        cp += 1
    for d in range(prev_len, cp, -1):
        node = _finish(
            d, t_sym, t_acc, t_tgt, t_n, n_edge, n_arcs, n_acc, e_sym, e_tgt, table, counts
        )
        t_tgt[d - 1, t_n[d - 1] - 1] = node
    for d in range(cp, length):
        k = t_n[d]
        t_sym[d, k] = s[d]
        t_acc[d, k] = False
        t_tgt[d, k] = -1
        t_n[d] = k + 1
        t_n[d + 1] = 0
        prev[d] = s[d]
    if accept_last:
        t_acc[length - 1, t_n[length - 1] - 1] = True
    if sep_target >= 0:
        k = t_n[length]
        t_sym[length, k] = 0
        t_acc[length, k] = False
        t_tgt[length, k] = sep_target
        t_n[length] = k + 1
    return length


@njit(cache=True)
def _finish_all(
    prev_len, t_sym, t_acc, t_tgt, t_n, n_edge, n_arcs, n_acc, e_sym, e_tgt, table, counts
):
    for d in range(prev_len, 0, -1):
        node = _finish(
            d, t_sym, t_acc, t_tgt, t_n, n_edge, n_arcs, n_acc, e_sym, e_tgt, table, counts
        )
        t_tgt[d - 1, t_n[d - 1] - 1] = node
    top = np.int64(0)  # a typed value: one signature for _finish
    root = _finish(
        top, t_sym, t_acc, t_tgt, t_n, n_edge, n_arcs, n_acc, e_sym, e_tgt, table, counts
    )
    t_n[0] = 0  # the path is empty again: ready for another automaton
    return root


@njit(cache=True)
def _rev_key(flat, start, i):
    """The first 12 symbols of rev(word[:i]) packed 5 bits each (0 pads short strings)."""
    key = np.int64(0)
    for j in range(12):
        key <<= 5
        if j < i:
            key |= np.int64(flat[start + i - 1 - j])
    return key


@njit(cache=True)
def _rev_common(flat, s1, i1, s2, i2):
    """Length of the common prefix of rev(w1[:i1]) and rev(w2[:i2])."""
    n = min(i1, i2)
    j = 0
    while j < n and flat[s1 + i1 - 1 - j] == flat[s2 + i2 - 1 - j]:
        j += 1
    return j


@njit(cache=True)
def _rev_cmp(flat, s1, i1, s2, i2):
    """Compare rev(w1[:i1]) with rev(w2[:i2]): -1, 0 or 1."""
    j = _rev_common(flat, s1, i1, s2, i2)
    if j < min(i1, i2):
        return -1 if flat[s1 + i1 - 1 - j] < flat[s2 + i2 - 1 - j] else 1
    if i1 == i2:
        return 0
    return -1 if i1 < i2 else 1


@njit(cache=True)
def prefix_keys(flat, offsets):
    """Every prefix entry j (word owner[j], length j - offsets[owner[j]] + 1) with the
    key of its reversed prefix (:func:`_rev_key`). Returns (keys, owner)."""
    nwords = offsets.shape[0] - 1
    total = offsets[nwords]
    owner = np.empty(total, np.int64)
    keys = np.empty(total, np.int64)
    for w in range(nwords):
        for j in range(offsets[w], offsets[w + 1]):
            owner[j] = w
            keys[j] = _rev_key(flat, offsets[w], j - offsets[w] + 1)
    return keys, owner


@njit(cache=True)
def settle_ties(flat, offsets, keys, owner, order):
    """``order`` (the entries by key, equal keys in entry order: numpy's stable sort,
    done outside the kernels, since a compiled sort costs seconds of compile) with each
    run of equal keys put in order of the whole reversed prefix."""
    total = keys.shape[0]
    lo = 0
    while lo < total:
        hi = lo + 1
        while hi < total and keys[order[hi]] == keys[order[lo]]:
            hi += 1
        for a in range(lo + 1, hi):  # insertion sort of the (rare, small) equal-key runs
            x = order[a]
            b = a - 1
            while b >= lo:
                y = order[b]
                if (
                    _rev_cmp(
                        flat,
                        offsets[owner[y]],
                        y - offsets[owner[y]] + 1,
                        offsets[owner[x]],
                        x - offsets[owner[x]] + 1,
                    )
                    <= 0
                ):
                    break
                order[b + 1] = y
                b -= 1
            order[b + 1] = x
        lo = hi
    return order


@njit(cache=True)
def build(flat, offsets, order, owner):
    """The minimal GADDAG of sorted, unique words given as codes (see module docstring),
    their prefix entries in ``order`` (:func:`prefix_keys`, :func:`settle_ties`).

    Returns (edges, root, nodes): the arc records, the root's record and the number of
    nodes.
    """
    nwords = offsets.shape[0] - 1
    total = offsets[nwords]
    maxlen = 0
    for w in range(nwords):
        maxlen = max(maxlen, offsets[w + 1] - offsets[w])
    depth = maxlen + 2

    # Exact bounds: each symbol inserted past the shared prefix makes one path node (and
    # the arc into it); each finished node is registered at most once.
    created = 1
    for w in range(nwords):
        cp = 0
        if w > 0:
            cp = _common(
                flat,
                offsets[w - 1],
                offsets[w] - offsets[w - 1],
                offsets[w],
                offsets[w + 1] - offsets[w],
            )
        created += offsets[w + 1] - offsets[w] - cp
    created += 1
    separators = 0
    for a in range(total):
        e = order[a]
        i = e - offsets[owner[e]] + 1
        cp = 0
        if a > 0:
            f = order[a - 1]
            cp = _rev_common(
                flat, offsets[owner[f]], f - offsets[owner[f]] + 1, offsets[owner[e]], i
            )
        created += i - cp
        separators += 1
    n_edge = np.empty(created, np.int32)
    n_arcs = np.empty(created, np.uint32)
    n_acc = np.empty(created, np.uint32)
    e_sym = np.empty(created + separators, np.uint8)
    e_tgt = np.empty(created + separators, np.int32)
    # The register starts small and doubles: minimisation keeps only a fraction of the
    # path nodes, and a small table stays in cache.
    table = np.full(1 << 16, -1, np.int32)
    counts = np.zeros(2, np.int64)
    t_sym = np.zeros((depth, ALPHABET), np.uint8)
    t_acc = np.zeros((depth, ALPHABET), np.bool_)
    t_tgt = np.zeros((depth, ALPHABET), np.int32)
    t_n = np.zeros(depth, np.int64)
    prev = np.zeros(depth, np.uint8)
    buf = np.zeros(depth, np.uint8)

    # 1. The DAWG of the words (already sorted).
    prev_len = np.int64(0)  # a typed value: one signature for _insert_sorted
    for w in range(nwords):
        start = offsets[w]
        length = offsets[w + 1] - start
        for j in range(length):
            buf[j] = flat[start + j]
        prev_len = _insert_sorted(
            buf,
            length,
            np.bool_(True),
            np.int64(-1),
            prev,
            prev_len,
            t_sym,
            t_acc,
            t_tgt,
            t_n,
            n_edge,
            n_arcs,
            n_acc,
            e_sym,
            e_tgt,
            table,
            counts,
        )
        if 2 * (counts[0] + depth) > table.shape[0]:
            table = _grown(table, n_edge, n_arcs, n_acc, e_tgt, counts[0])
    dawg_root = _finish_all(
        prev_len,
        t_sym,
        t_acc,
        t_tgt,
        t_n,
        n_edge,
        n_arcs,
        n_acc,
        e_sym,
        e_tgt,
        table,
        counts,
    )

    # 2. The DAWG state of every prefix q = w[:i], i = 1..len(w).
    state = np.empty(total, np.int32)
    for w in range(nwords):
        node = dawg_root
        for j in range(offsets[w], offsets[w + 1]):
            node = _child(n_edge, n_arcs, e_tgt, node, flat[j])
            state[j] = node

    # 3. The left part: each distinct rev(q), its last arc accepting when q is a word,
    #    with a separator arc to q's DAWG state when q can be continued.
    prev_len = np.int64(0)  # a typed value: one signature for _insert_sorted
    a = 0
    while a < total:
        e = order[a]
        w = owner[e]
        i = e - offsets[w] + 1
        accept = i == offsets[w + 1] - offsets[w]
        b = a + 1
        while b < total:
            f = order[b]
            g = owner[f]
            if _rev_cmp(flat, offsets[w], i, offsets[g], f - offsets[g] + 1) != 0:
                break
            if f - offsets[g] + 1 == offsets[g + 1] - offsets[g]:
                accept = True
            b += 1
        for j in range(i):
            buf[j] = flat[offsets[w] + i - 1 - j]
        target = state[e]
        sep_target = target if n_arcs[target] != 0 else -1
        prev_len = _insert_sorted(
            buf,
            i,
            accept,
            sep_target,
            prev,
            prev_len,
            t_sym,
            t_acc,
            t_tgt,
            t_n,
            n_edge,
            n_arcs,
            n_acc,
            e_sym,
            e_tgt,
            table,
            counts,
        )
        if 2 * (counts[0] + depth) > table.shape[0]:
            table = _grown(table, n_edge, n_arcs, n_acc, e_tgt, counts[0])
        a = b
    root = _finish_all(
        prev_len,
        t_sym,
        t_acc,
        t_tgt,
        t_n,
        n_edge,
        n_arcs,
        n_acc,
        e_sym,
        e_tgt,
        table,
        counts,
    )
    out_edge, out_arcs, out_acc, out_sym, out_tgt, out_root = _compact(
        root, n_edge, n_arcs, n_acc, e_sym, e_tgt, counts[0]
    )
    edges, root_rec = _pack(out_edge, out_arcs, out_acc, out_sym, out_tgt, out_root)
    return edges, root_rec, out_edge.shape[0]


@njit(cache=True)
def _grown(table, n_edge, n_arcs, n_acc, e_tgt, nnodes):
    """The register rehashed into a table twice the size."""
    bigger = np.full(table.shape[0] * 2, -1, np.int32)
    mask = bigger.shape[0] - 1
    for node in range(nnodes):
        n = _popcount(np.int64(n_arcs[node]))
        h = _hash_node(
            np.int64(n_arcs[node]),
            np.int64(n_acc[node]),
            e_tgt[n_edge[node] : n_edge[node] + n],
            n,
        )
        slot = np.int64(h & np.uint64(mask))
        while bigger[slot] >= 0:
            slot = (slot + 1) & mask
        bigger[slot] = node
    return bigger


@njit(cache=True)
def _common(flat, s1, n1, s2, n2):
    """Length of the common prefix of two words."""
    n = min(n1, n2)
    j = 0
    while j < n and flat[s1 + j] == flat[s2 + j]:
        j += 1
    return j


@njit(cache=True)
def _compact(root, n_edge, n_arcs, n_acc, e_sym, e_tgt, nnodes):
    """Keep the nodes reachable from ``root`` in breadth-first order (root = node 0)."""
    new_id = np.full(nnodes, -1, np.int32)
    queue = np.empty(nnodes, np.int32)
    queue[0] = root
    new_id[root] = 0
    head = 0
    tail = 1
    nedges = 0
    while head < tail:
        node = queue[head]
        head += 1
        n = _popcount(np.int64(n_arcs[node]))
        nedges += n
        for k in range(n):
            t = e_tgt[n_edge[node] + k]
            if new_id[t] < 0:
                new_id[t] = tail
                queue[tail] = t
                tail += 1
    out_edge = np.empty(tail, np.int32)
    out_arcs = np.empty(tail, np.uint32)
    out_acc = np.empty(tail, np.uint32)
    out_sym = np.empty(nedges, np.uint8)
    out_tgt = np.empty(nedges, np.int32)
    pos = 0
    for q in range(tail):
        node = queue[q]
        n = _popcount(np.int64(n_arcs[node]))
        out_edge[q] = pos
        out_arcs[q] = n_arcs[node]
        out_acc[q] = n_acc[node]
        for k in range(n):
            out_sym[pos] = e_sym[n_edge[node] + k]
            out_tgt[pos] = new_id[e_tgt[n_edge[node] + k]]
            pos += 1
    return out_edge, out_arcs, out_acc, out_sym, out_tgt, 0


@njit(cache=True)
def _record(node_edge, node_arcs, target):
    """The target part of an arc record: the target's arcs and first arc index."""
    return np.int64(node_arcs[target]) | (np.int64(node_edge[target]) << FIRST_SHIFT)


@njit(cache=True)
def _pack(node_edge, node_arcs, node_acc, edge_sym, edge_tgt, root):
    """One int64 record per arc (see :mod:`wordbot.dictionaries.gaddag`) and the root's."""
    nedges = edge_tgt.shape[0]
    edges = np.empty(nedges, np.int64)
    for node in range(node_edge.shape[0]):
        n = popcount(np.int64(node_arcs[node]))
        base = node_edge[node]
        acc = np.int64(node_acc[node])
        for k in range(n):
            e = base + k
            sym = np.int64(edge_sym[e])
            rec = _record(node_edge, node_arcs, edge_tgt[e])
            rec |= ((acc >> sym) & 1) << ACCEPT_SHIFT
            if k == n - 1:
                rec |= np.int64(1) << LAST_SHIFT
            rec |= sym << SYMBOL_SHIFT
            edges[e] = rec
    return edges, _record(node_edge, node_arcs, root)

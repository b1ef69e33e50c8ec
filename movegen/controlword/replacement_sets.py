"""Replacement sets from atoms: every D with the number of its E sets, and the expansion
of that factored list into one row per play.

A replacement play is a set D of letter changes (a union of atoms, see
:mod:`wordbot.movegen.controlword.replacements`) plus a set E of colour changes: squares of other
colours, not in D, whose letter the rack still holds and whose words are words after D.
Given D, the E sets are every choice of 1 to ``L - |D|`` such squares that the rack can
cover, so they differ only in how many squares of each letter they take. The search
therefore lists each D once with its *number* of plays (a product of binomials, see
:func:`_count_plays`): a position with 500,000 plays has a few thousand Ds, and the list
of plays is complete and exactly counted without writing a row per play.
:func:`expand` writes the rows (moves/tiles as before) when someone reads them, in the
same order: each D in depth-first order, D alone first, then its E sets in
lexicographic order of candidate positions.

Found (``search``): the Ds as a tree, in depth-first order: the k-th D is D
``d_parent[k]`` (-1: the empty D) plus atom ``d_atom[k]`` (-1 for the empty D itself),
with ``d_plays[k]`` plays; then the atoms' changes (``a_start``, ``a_sq``, ``a_let``).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import lowest_bit
from wordbot.movegen.arrays import copy_into
from wordbot.movegen.sorting import stable_argsort

MOVE_FIELDS = 3


@njit(cache=True, _nrt=False, inline="always")
def _fixed_by(sq, word_of, valid, touched):
    """Every word through ``sq`` is a word now, or one that D changes (into a word)."""
    for d in range(2):
        wid = word_of[d, sq]
        if wid >= 0 and not valid[wid] and not touched[wid]:
            return False
    return True


@njit(cache=True, _nrt=False)
def _e_candidates(flat, rack, cands, in_d, touched, ecand):
    """The E candidates of a D (``in_d`` its squares, ``touched`` the words through them),
    written to ``ecand`` in a fixed order; returns how many."""
    c0, c1, word_of, valid = cands
    ne = 0
    for i in range(c0.shape[0]):
        sq = c0[i]
        if not in_d[sq] and rack[flat[sq]] > 0:
            ecand[ne] = sq
            ne += 1
    for i in range(c1.shape[0]):
        sq = c1[i]
        if not in_d[sq] and rack[flat[sq]] > 0 and _fixed_by(sq, word_of, valid, touched):
            ecand[ne] = sq
            ne += 1
    return ne


@njit(cache=True, _nrt=False, inline="always")
def _count_plays(nd, left, k, rack, letters, binom, poly, out):
    """``out`` = (plays, tiles) of D alone (when ``nd`` > 0) and D with every E of 1 to
    ``left`` squares, where ``k[x]`` candidates carry letter x and the rack holds
    ``rack[x]`` more of it (``letters``: the letters the rack held at first). The E
    sets of each size are the coefficients of prod_x sum_{i <= rack[x]} C(k[x], i) z^i
    (``binom[k, i]`` = C(k, i); ``poly`` is scratch of length left + 1)."""
    if left <= 1:  # (most Ds): no products needed
        e = 0
        if left == 1:
            for r in range(letters.shape[0]):
                if rack[letters[r]] > 0:
                    e += k[letters[r]]
        out[0] = e + (1 if nd > 0 else 0)
        out[1] = nd * out[0] + e
        return
    poly[0] = 1
    for j in range(1, left + 1):
        poly[j] = 0
    for r in range(letters.shape[0]):
        x = letters[r]
        cap = min(k[x], rack[x], left)
        if cap <= 0:
            continue
        for j in range(left, 0, -1):  # in place from the top: poly[j - i] is still old
            add = np.int64(0)
            for i in range(1, min(cap, j) + 1):
                add += binom[k[x], i] * poly[j - i]
            poly[j] += add
    plays = np.int64(1 if nd > 0 else 0)
    tiles = np.int64(nd)
    for j in range(1, left + 1):
        plays += poly[j]
        tiles += poly[j] * (nd + j)
    out[0] = plays
    out[1] = tiles


@njit(cache=True)
def _atom_sets(order, atoms, budget, nunits, nw):
    """Bitsets over atoms numbered by rank (``order[r]`` is the atom of rank r, ranks by
    size): ``compat[r]``, the atoms with no unit in common with r; ``over[x, c]``, the
    atoms that put down more than c of letter x; ``end[s]``, the first rank of size > s.
    """
    a_start, a_size, a_sq, a_let, a_ustart, a_units = atoms
    natoms = order.shape[0]
    one = np.int64(1)
    holds = np.zeros((nunits, nw), np.int64)  # the atoms each unit is in
    for r in range(natoms):
        a = order[r]
        for t in range(a_ustart[a], a_ustart[a + 1]):
            holds[a_units[t], r >> 6] |= one << (r & 63)
    compat = np.empty((natoms, nw), np.int64)
    over = np.zeros((27, budget, nw), np.int64)
    uses = np.zeros(27, np.int64)
    for r in range(natoms):
        a = order[r]
        for wd in range(nw):
            x = np.int64(0)
            for t in range(a_ustart[a], a_ustart[a + 1]):
                x |= holds[a_units[t], wd]
            compat[r, wd] = ~x
        for t in range(a_start[a], a_start[a + 1]):
            uses[a_let[t]] += 1
        for t in range(a_start[a], a_start[a + 1]):
            letter = a_let[t]
            for c in range(min(uses[letter], budget)):
                over[letter, c, r >> 6] |= one << (r & 63)
            uses[letter] = 0
    end = np.zeros(budget + 1, np.int64)
    for size in range(budget + 1):
        r = end[size - 1] if size > 0 else 0
        while r < natoms and a_size[order[r]] <= size:
            r += 1
        end[size] = r
    return compat, over, end


@njit(cache=True, _nrt=False, inline="always")
def _next_bit(words, row, start, stop):
    """The lowest set bit of the bitset ``words[row]`` in [start, stop), or -1."""
    if start >= stop:
        return -1
    wd = start >> 6
    x = words[row, wd] & (np.int64(-1) << (start & 63))
    while x == 0:
        wd += 1
        if wd << 6 >= stop:
            return -1
        x = words[row, wd]
    r = (wd << 6) + lowest_bit(x)
    return r if r < stop else -1


@njit(cache=True)
def search(letters, rack, budget, atoms, cands, cap):
    """Every D (atoms with pairwise disjoint units, within the limit and the rack) that
    has at least one play, in depth-first order, with its plays counted. Each search node
    keeps the bitset of atoms that can still join (later, disjoint, fitting), so a node
    costs a few word operations per 64 atoms.

    ``cap`` is a first guess of how many Ds there are. Returns ((d_parent, d_atom,
    d_plays, a_start, a_sq, a_let), the tiles of all the plays).
    """
    a_start, a_size, a_sq, a_let, a_ustart, a_units = atoms
    c0, c1, word_of, valid = cands
    flat = letters.ravel()
    n = flat.shape[0]
    natoms = a_size.shape[0]
    nunits = valid.shape[0] + n + 1
    order = stable_argsort(a_size)
    nw = (natoms + 63) >> 6
    compat, over, end = _atom_sets(order, atoms, budget, nunits, nw)
    in_c0 = np.zeros(n, np.bool_)
    k = np.zeros(27, np.int64)  # E candidates by letter, not counting c1
    for i in range(c0.shape[0]):
        in_c0[c0[i]] = True
        k[flat[c0[i]]] += 1
    lists = np.zeros((budget + 1, nw + 1), np.int64)  # atoms that can join, per depth
    one = np.int64(1)
    for r in range(end[budget]):  # the root's list: atoms that fit alone
        if _fits(order[r], a_start, a_let, rack):
            lists[0, r >> 6] |= one << (r & 63)
    work = (
        np.zeros(n, np.bool_),
        in_c0,
        k,
        np.zeros(nunits, np.bool_),
        lists,
        np.zeros(budget + 1, np.int64),
        np.empty(budget + 1, np.int64),
        np.empty(budget + 1, np.int64),
        np.full(budget + 2, -1, np.int64),
        np.nonzero(rack)[0],
        _binomials(c0.shape[0] + c1.shape[0], budget),
        np.empty(2, np.int64),
        np.zeros(5, np.int64),
    )
    cap = max(cap, 16)
    out = (np.empty(cap, np.int32), np.empty(cap, np.int32), np.empty(cap, np.int64))
    while _walk(flat, rack, budget, atoms, cands, (order, compat, over, end), work, out):
        cap *= 2  # the walk stopped where it was, to go on in bigger arrays
        out = (_grown(out[0], cap), _grown(out[1], cap), _grown(out[2], cap))
    state = work[-1]
    nfound = state[3]
    # the atoms' arrays are views of pools the next call reuses
    return (
        (
            out[0][:nfound],
            out[1][:nfound],
            out[2][:nfound],
            a_start.copy(),
            a_sq.copy(),
            a_let.copy(),
        ),
        state[4],
    )


@njit(cache=True, _nrt=False)
def _walk(flat, rack, budget, atoms, cands, sets, work, out):
    """The depth-first search of :func:`search`, compiled without reference counting
    (its atomic increments cost half the time otherwise). Returns True when ``out`` is
    full; the search state is in ``work``, so a second call goes on from there.

    Atoms come by size, so a child can only add atoms no smaller than its own: a child
    that fills the limit is one play (written without going down to it), and one whose
    atom is more than half of what is left has no children (counted without going
    down). Only the rest become search nodes."""
    a_start, a_size, a_sq, a_let, a_ustart, a_units = atoms
    order, compat, over, end = sets
    (
        in_d,
        in_c0,
        k,
        touched,
        lists,
        at,
        chosen,
        poly,
        record,
        held,
        binom,
        counted,
        state,
    ) = work
    d_parent, d_atom, d_plays = out
    depth, nd, count, nfound = state[0], state[1], state[2] == 0, state[3]
    track = cands[1].shape[0] > 0  # D's squares and words matter only to c1 candidates
    while depth >= 0:
        if count:
            _count_node(
                flat, nd, budget, k, rack, held, binom, poly, counted, cands, in_d, touched
            )
            if counted[0] > 0:
                if nfound == d_plays.shape[0]:
                    state[0], state[1], state[2], state[3] = depth, nd, 0, nfound
                    return True
                # record[d + 1]: the record of the node at depth d (record[0] = -1)
                d_parent[nfound] = record[depth]
                d_atom[nfound] = chosen[depth - 1] if depth > 0 else -1
                d_plays[nfound] = counted[0]
                state[4] += counted[1]
                record[depth + 1] = nfound
                nfound += 1
            count = False
        left = budget - nd
        r = _next_bit(lists, depth, at[depth], end[left])
        if r < 0:  # this node is done: take back its atom
            depth -= 1
            if depth >= 0:
                a = chosen[depth]
                nd -= a_size[a]
                _put(a, -1, atoms, flat, rack, in_c0, k, in_d, touched, track)
            continue
        if nfound == d_plays.shape[0]:  # no room for the child's record
            state[0], state[1], state[2], state[3] = depth, nd, 1, nfound
            return True
        at[depth] = r + 1
        a = order[r]
        size = a_size[a]
        if size == left or 2 * size > left:  # a child without children
            plays = np.int64(1)
            tiles = np.int64(budget)
            if size < left:
                _put(a, 1, atoms, flat, rack, in_c0, k, in_d, touched, track)
                _count_node(
                    flat,
                    nd + size,
                    budget,
                    k,
                    rack,
                    held,
                    binom,
                    poly,
                    counted,
                    cands,
                    in_d,
                    touched,
                )
                _put(a, -1, atoms, flat, rack, in_c0, k, in_d, touched, track)
                plays = counted[0]
                tiles = counted[1]
            d_parent[nfound] = record[depth + 1]
            d_atom[nfound] = a
            d_plays[nfound] = plays
            state[4] += tiles
            nfound += 1
            continue
        chosen[depth] = a
        _put(a, 1, atoms, flat, rack, in_c0, k, in_d, touched, track)
        nd += size
        # the child's list: later atoms of this one's that share no unit with ``a``, fit
        # what is left of the limit (a range of ranks) and of the rack (the letters of
        # ``a`` are the only ones that went down). Bits outside the range are not read.
        hi = end[budget - nd]
        for wd in range((r + 1) >> 6, (hi + 63) >> 6):
            x = lists[depth, wd] & compat[r, wd]
            for t in range(a_start[a], a_start[a + 1]):
                c = rack[a_let[t]]
                if c < budget:
                    x &= ~over[a_let[t], c, wd]
            lists[depth + 1, wd] = x
        depth += 1
        at[depth] = r + 1
        count = True
    state[0], state[1], state[2], state[3] = depth, nd, 1, nfound
    return False


@njit(cache=True, _nrt=False, inline="always")
def _put(a, sign, atoms, flat, rack, in_c0, k, in_d, touched, track):
    """Add (sign 1) or take back (-1) atom ``a``: the rack, the E candidates by letter,
    and (``track``) the squares and words of D."""
    a_start, a_size, a_sq, a_let, a_ustart, a_units = atoms
    for t in range(a_start[a], a_start[a + 1]):
        rack[a_let[t]] -= sign
        if in_c0[a_sq[t]]:
            k[flat[a_sq[t]]] -= sign
    if track:
        _mark(a, atoms, in_d, touched, sign > 0)


@njit(cache=True, _nrt=False, inline="always")
def _count_node(
    flat, nd, budget, k, rack, held, binom, poly, counted, cands, in_d, touched
):
    """:func:`_count_plays` for the D on the board, c1 candidates it fixes included."""
    c0, c1, word_of, valid = cands
    for i in range(c1.shape[0]):
        sq = c1[i]
        if not in_d[sq] and _fixed_by(sq, word_of, valid, touched):
            k[flat[sq]] += 1
    _count_plays(nd, budget - nd, k, rack, held, binom, poly, counted)
    for i in range(c1.shape[0]):
        sq = c1[i]
        if not in_d[sq] and _fixed_by(sq, word_of, valid, touched):
            k[flat[sq]] -= 1


@njit(cache=True, _nrt=False, inline="always")
def _mark(a, atoms, in_d, touched, on):
    """Mark atom ``a``'s squares as in D and its units as touched (or clear them)."""
    a_start, a_size, a_sq, a_let, a_ustart, a_units = atoms
    for t in range(a_start[a], a_start[a + 1]):
        in_d[a_sq[t]] = on
    for t in range(a_ustart[a], a_ustart[a + 1]):
        touched[a_units[t]] = on


@njit(cache=True)
def _binomials(n, m):
    """``b[k, i]`` = C(k, i) for k <= n, i <= m."""
    b = np.zeros((n + 1, m + 1), np.int64)
    for k in range(n + 1):
        b[k, 0] = 1
        for i in range(1, min(k, m) + 1):
            b[k, i] = b[k - 1, i - 1] + (b[k - 1, i] if i < k else 0)
    return b


@njit(cache=True, inline="always")  # inlined: else one compiled copy per dtype
def _grown(a, size):
    """``a`` copied into a new array of ``size`` (>= len(a)) elements."""
    out = np.empty(size, a.dtype)
    copy_into(out, a)
    return out


@njit(cache=True, _nrt=False)
def _fits(a, a_start, a_let, rack):
    """The rack holds the letters atom ``a`` puts down."""
    ok = True
    for t in range(a_start[a], a_start[a + 1]):
        rack[a_let[t]] -= 1
        if rack[a_let[t]] < 0:
            ok = False
    for t in range(a_start[a], a_start[a + 1]):
        rack[a_let[t]] += 1
    return ok


@njit(cache=True, inline="always")
def _write_move(cur, size, nd, nm, nt, moves, tiles):
    """Move ``nm``: the first ``size`` tiles of ``cur`` (``nd`` of them letter changes),
    written from tile ``nt`` on."""
    moves[nm, 0] = nt
    moves[nm, 1] = size
    moves[nm, 2] = nd
    for j in range(size):
        tiles[nt + j, 0] = cur[j, 0]
        tiles[nt + j, 1] = cur[j, 1]
        tiles[nt + j, 2] = cur[j, 2]


@njit(cache=True, _nrt=False)
def _emit(nd, left, ne, ecand, flat, w, rack, cur, pick, moves, tiles, counts):
    """Write D (``cur[:nd]``) and D with every set E of up to ``left`` squares from
    ``ecand`` (the rack limits each letter), from row ``counts`` = (move, tile) on."""
    nm = counts[0]
    nt = counts[1]
    if nd > 0:
        _write_move(cur, nd, nd, nm, nt, moves, tiles)
        nm += 1
        nt += nd
    if left > 0 and ne > 0:
        e = 0
        pick[0] = -1
        while e >= 0:
            if pick[e] >= 0:
                rack[flat[ecand[pick[e]]]] += 1
            lo = pick[e - 1] + 1 if e > 0 else 0
            i = max(pick[e] + 1, lo)
            while i < ne and rack[flat[ecand[i]]] == 0:
                i += 1
            if i >= ne:
                pick[e] = -1
                e -= 1
                continue
            pick[e] = i
            sq = ecand[i]
            rack[flat[sq]] -= 1
            size = nd + e + 1
            cur[nd + e, 0] = sq // w
            cur[nd + e, 1] = sq % w
            cur[nd + e, 2] = flat[sq]
            _write_move(cur, size, nd, nm, nt, moves, tiles)
            nm += 1
            nt += size
            if e + 1 < left:
                e += 1
                pick[e] = -1
    counts[0] = nm
    counts[1] = nt


@njit(cache=True)
def expand(letters, rack, budget, found, cands, moves, tiles):
    """One row per play of ``found`` (from :func:`search`) into ``moves`` (first tile,
    tiles, letter changes) and ``tiles`` (row, col, letter code), which have exactly
    the rows ``found`` counts."""
    c0, c1, word_of, valid = cands
    n = letters.size
    work = (
        np.zeros(n, np.bool_),
        np.zeros(valid.shape[0] + 1, np.bool_),
        np.empty(c0.shape[0] + c1.shape[0] + 1, np.int64),
        np.empty(budget + 1, np.int64),
        np.empty((2 * budget + 2, 3), np.int16),
        np.empty(budget + 1, np.int64),
        np.empty(budget + 2, np.int64),
        np.zeros(2, np.int64),
    )
    _expand(
        letters.ravel(), letters.shape[1], rack, budget, found, cands, work, moves, tiles
    )


@njit(cache=True, _nrt=False)
def _expand(flat, w, rack, budget, found, cands, work, moves, tiles):
    """:func:`expand` without reference counting. The Ds come in depth-first order, so
    going from one to the next takes back the atoms down to its parent and adds one."""
    d_parent, d_atom, d_plays, a_start, a_sq, a_let = found
    c0, c1, word_of, valid = cands
    in_d, touched, ecand, pick, cur, path, path_nd, counts = work
    top = 0  # the path: the Ds whose atoms are on the board, the empty D not counted
    nd = 0
    for k in range(d_plays.shape[0]):
        while top > 0 and path[top - 1] != d_parent[k]:
            top -= 1
            a = d_atom[path[top]]
            for t in range(a_start[a], a_start[a + 1]):
                _change(a_sq[t], a_let[t], -1, flat, word_of, rack, in_d, touched)
            nd = path_nd[top]
        a = d_atom[k]
        if a >= 0:
            path[top] = k
            path_nd[top] = nd
            top += 1
            for t in range(a_start[a], a_start[a + 1]):
                _change(a_sq[t], a_let[t], 1, flat, word_of, rack, in_d, touched)
                cur[nd, 0] = a_sq[t] // w
                cur[nd, 1] = a_sq[t] % w
                cur[nd, 2] = a_let[t]
                nd += 1
        ne = _e_candidates(flat, rack, cands, in_d, touched, ecand)
        _emit(nd, budget - nd, ne, ecand, flat, w, rack, cur, pick, moves, tiles, counts)
    while top > 0:  # leave the rack as it was
        top -= 1
        a = d_atom[path[top]]
        for t in range(a_start[a], a_start[a + 1]):
            _change(a_sq[t], a_let[t], -1, flat, word_of, rack, in_d, touched)


@njit(cache=True, _nrt=False, inline="always")
def _change(sq, letter, sign, flat, word_of, rack, in_d, touched):
    """Put (sign 1) or take back (-1) the change of ``sq`` to ``letter``."""
    rack[letter] -= sign
    in_d[sq] = sign > 0
    for d in range(2):
        if word_of[d, sq] >= 0:
            touched[word_of[d, sq]] = sign > 0

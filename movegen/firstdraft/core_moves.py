"""First Draft's move list inside the compiled core, in the engine's order
(:class:`wordbot.engine.firstdraft.legal.FirstDraftMoves`): the sells, the discards,
the inserts, then each coaster's drafts, the coasters in line order.

A coaster's drafts are worked out as the engine's are (:mod:`.drafts`): the fillings of
each row grouped by the letters they use (groups in increasing order of their counts,
read as a number; a group's rows in the order they are found), then every pair of
groups the letters allow, pair by pair, each pair's moves row of A by row of B by pool
choice. Everything is written into a *scratch* (:func:`new_scratch`) made once a
playout; when a turn needs more room the caller makes a larger one and asks again.

A draft's gain is the coaster's coins less its price and the letters the pool cannot
keep; its tie-break places more letters first. Both depend on the letters placed only,
so the best draft of a coaster is any of the pairs placing the most.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.firstdraft.core_state import (
    COINS,
    DRAFT,
    INSERT,
    LEN_A,
    LEN_POOL,
    LINE_N,
    M_ARG,
    M_AT,
    M_KIND,
    M_LEN_A,
    M_LEN_POOL,
    M_LETTER,
    M_POOL,
    M_ROWS,
    MOVER,
    POOL,
    R_POOL_LIMIT,
    R_ROW_LIMIT,
    ROW_A,
    ROW_MAX,
    coaster_at,
    hand_at,
)
from wordbot.movegen.firstdraft.drafts import fillings_into, pool_choices
from wordbot.movegen.firstdraft.oracle import read

# a scratch's small numbers: the kinds and counts of the letters, then these
I_KINDS, I_COUNTS = 0, 26
I_NK, I_TOTAL, I_FILLS, I_GROUPS, I_PAIRS, I_COASTER, I_FILL_NEED, I_PAIR_NEED = (
    52,
    53,
    54,  # and 55: the fillings of each row
    56,  # and 57: their groups
    58,
    59,
    60,
    61,
)
# a turn's coasters, by line position: their best drafts' gain and tie-break, and how
# many moves (tied at the best, or all)
I_GAIN, I_ORDER, I_MOVES = 64, 74, 84
I_SIZE = 96
# a pair's columns: its groups, the letters left, the letters placed, its moves
P_A, P_B, P_LEFT, P_PLACED, P_MOVES = range(5)


#: kinds whose counts fit one int64 key of :data:`FIELD` bits a kind (each count under
#: 64, the top bit of a field a guard): a pair of groups is then checked in one step
PACKED_KINDS, FIELD = 9, 7


@njit(cache=True)
def new_scratch(fill_cap, pair_cap):
    """Room for ``fill_cap`` fillings of each row and ``pair_cap`` pairs of groups:
    (rows, lengths, used, group of each filling, group keys, group sizes, first filling
    of each group, pairs, small numbers, letters each group places)."""
    return (
        np.empty((2, fill_cap, ROW_MAX), np.int64),
        np.empty((2, fill_cap), np.int64),
        np.empty((2, fill_cap, 26), np.int64),
        np.empty((2, fill_cap), np.int64),
        np.empty((2, fill_cap), np.int64),
        np.empty((2, fill_cap), np.int64),
        np.empty((2, fill_cap), np.int64),
        np.empty((pair_cap, 5), np.int64),
        np.zeros(I_SIZE, np.int64),
        np.empty((2, fill_cap), np.int64),
    )


@njit(cache=True)
def new_scratches(fill_cap, pair_cap):
    """Two scratches: ``greedy`` keeps the coaster of its best move in one while it
    works the next out in the other."""
    return (new_scratch(fill_cap, pair_cap), new_scratch(fill_cap, pair_cap))


@njit(cache=True)
def grown(scratches):
    """Scratches large enough for what the last call found one of them lacked."""
    fills, pairs = scratches[0][1].shape[1], scratches[0][7].shape[0]
    more_fills, more_pairs = fills, pairs
    for scratch in scratches:
        info = scratch[8]
        if info[I_FILL_NEED] > fills:
            more_fills = max(more_fills, 2 * info[I_FILL_NEED])
        if info[I_PAIR_NEED] > pairs:
            more_pairs = max(more_pairs, 2 * info[I_PAIR_NEED])
    return new_scratches(more_fills, more_pairs)


@njit(cache=True)
def _key(used, side, i, info):
    """The group key of filling ``i``: its count of each kind as digits, the first kind
    first (packed in fields when the kinds fit, else in mixed radix): keys in
    increasing order are the engine's groups in order."""
    nk = info[I_NK]
    key = 0
    for q in range(nk):
        if nk <= PACKED_KINDS:
            key = (key << FIELD) | used[side, i, q]
        else:
            key = key * (info[I_COUNTS + q] + 1) + used[side, i, q]
    return key


@njit(cache=True)
def _group(side, scratch):
    """Group the fillings of one row by the letters they use (see the module
    docstring); returns the number of groups."""
    _, _, used, group, keys, sizes, firsts, _, info, letters = scratch
    n = info[I_FILLS + side]
    g = 0
    for i in range(n):
        key = _key(used, side, i, info)
        lo, hi = 0, g
        while lo < hi:
            mid = (lo + hi) // 2
            if keys[side, mid] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo < g and keys[side, lo] == key:
            sizes[side, lo] += 1
        else:
            for j in range(g, lo, -1):
                keys[side, j] = keys[side, j - 1]
                sizes[side, j] = sizes[side, j - 1]
                firsts[side, j] = firsts[side, j - 1]
            keys[side, lo] = key
            sizes[side, lo] = 1
            firsts[side, lo] = i
            g += 1
        group[side, i] = key
    for i in range(n):  # each filling's group by number
        key = group[side, i]
        lo, hi = 0, g
        while lo < hi:
            mid = (lo + hi) // 2
            if keys[side, mid] < key:
                lo = mid + 1
            else:
                hi = mid
        group[side, i] = lo
    for j in range(g):
        placed = 0
        for q in range(info[I_NK]):
            placed += used[side, firsts[side, j], q]
        letters[side, j] = placed
    return g


@njit(cache=True)
def _fits(scratch, a, b, room, guards):
    """Whether group ``a`` of row A and group ``b`` of row B use no more of any kind
    than there is (``room``, ``guards``: the counts and guard bits in key fields)."""
    _, _, used, _, keys, _, firsts, _, info, _ = scratch
    nk = info[I_NK]
    if nk <= PACKED_KINDS:
        return ((room - (keys[0, a] + keys[1, b])) & guards) == guards
    ua, ub = firsts[0, a], firsts[1, b]
    for q in range(nk):  # noqa: SIM110  (a numba kernel: no all() over a generator)
        if used[0, ua, q] + used[1, ub, q] > info[I_COUNTS + q]:
            return False
    return True


@njit(cache=True)
def options(s, r, delta, k, scratch):
    """Work out coaster ``k``'s drafts for the player to move into ``scratch``: True,
    or False when it lacks room (``I_FILL_NEED``, ``I_PAIR_NEED`` say how much)."""
    rows, lengths, used, _, _, _, _, pairs, info, letters = scratch
    h = hand_at(s[MOVER])
    c0 = coaster_at(k)
    have = np.zeros(26, np.int64)
    for i in range(s[c0]):
        have[s[c0 + 2 + i]] += 1
    for i in range(s[h + LEN_POOL]):
        have[s[h + POOL + i]] += 1
    nk = 0
    total = 0
    room, guards = np.int64(0), np.int64(0)  # never literals: one compiled _fits
    for c in range(26):
        if have[c]:
            info[I_KINDS + nk] = c
            info[I_COUNTS + nk] = have[c]
            total += have[c]
            nk += 1
            room = (room << FIELD) | have[c] | (1 << (FIELD - 1))
            guards = (guards << FIELD) | (1 << (FIELD - 1))
    info[I_NK], info[I_TOTAL] = nk, total
    kinds = info[I_KINDS : I_KINDS + nk]
    counts = info[I_COUNTS : I_COUNTS + nk]
    cap = lengths.shape[1]
    info[I_COASTER] = 0
    for side in range(2):
        at = h + ROW_A + side * ROW_MAX
        n = s[h + LEN_A + side]
        found = fillings_into(
            delta,
            s[at : at + n],
            n,
            kinds,
            counts,
            r[R_ROW_LIMIT],
            rows[side],
            lengths[side],
            used[side],
        )
        if found > cap:
            info[I_FILL_NEED] = found
            return False
        info[I_FILLS + side] = found
    ga = _group(np.int64(0), scratch)
    gb = _group(np.int64(1), scratch)
    info[I_GROUPS], info[I_GROUPS + 1] = ga, gb
    m = 0
    for a in range(ga):
        for b in range(gb):
            if not _fits(scratch, a, b, room, guards):
                continue
            if m < pairs.shape[0]:
                placed = letters[0, a] + letters[1, b]
                pairs[m, P_A], pairs[m, P_B] = a, b
                pairs[m, P_LEFT], pairs[m, P_PLACED] = total - placed, placed
                pairs[m, P_MOVES] = -1  # worked out when asked (pair_moves)
            m += 1
    if m > pairs.shape[0]:
        info[I_PAIR_NEED] = m
        return False
    info[I_PAIRS] = m
    info[I_COASTER] = k
    return True


@njit(cache=True)
def _rest(scratch, p, out):
    """The counts of each kind pair ``p`` leaves (into ``out``)."""
    used, firsts, pairs, info = scratch[2], scratch[6], scratch[7], scratch[8]
    ua, ub = firsts[0, pairs[p, P_A]], firsts[1, pairs[p, P_B]]
    for q in range(info[I_NK]):
        out[q] = info[I_COUNTS + q] - used[0, ua, q] - used[1, ub, q]


@njit(cache=True)
def pair_moves(r, scratch, p):
    """The moves of pair ``p``: its rows of A by its rows of B by its pools."""
    pairs, sizes, info = scratch[7], scratch[5], scratch[8]
    if pairs[p, P_MOVES] < 0:
        choices = 1
        if pairs[p, P_LEFT] > r[R_POOL_LIMIT]:
            rest = np.empty(info[I_NK], np.int64)
            _rest(scratch, p, rest)
            choices = pool_choices(rest, r[R_POOL_LIMIT])
        pairs[p, P_MOVES] = sizes[0, pairs[p, P_A]] * sizes[1, pairs[p, P_B]] * choices
    return pairs[p, P_MOVES]


@njit(cache=True)
def draft_gain(s, r, k, left):
    """A draft of coaster ``k`` leaving ``left`` letters: its coins less its price and
    the letters the pool cannot keep."""
    return s[coaster_at(k) + 1] - (k - 1) - max(0, left - r[R_POOL_LIMIT])


@njit(cache=True)
def _member(scratch, side, g, rank):
    """The filling of rank ``rank`` in group ``g`` of a row."""
    group, firsts = scratch[3], scratch[6]
    i = firsts[side, g]
    while True:
        if group[side, i] == g:
            if rank == 0:
                return i
            rank -= 1
        i += 1


@njit(cache=True)
def write_draft(r, scratch, p, j, move):
    """The ``j``-th move of pair ``p`` of the coaster in ``scratch`` into ``move``."""
    rows, lengths, used, sizes, pairs, info = (
        scratch[0],
        scratch[1],
        scratch[2],
        scratch[5],
        scratch[7],
        scratch[8],
    )
    nk = info[I_NK]
    choices = pairs[p, P_MOVES] // (sizes[0, pairs[p, P_A]] * sizes[1, pairs[p, P_B]])
    ra, rest = divmod(j, sizes[1, pairs[p, P_B]] * choices)
    rb, choice = divmod(rest, choices)
    ia = _member(scratch, np.int64(0), pairs[p, P_A], ra)
    ib = _member(scratch, np.int64(1), pairs[p, P_B], rb)
    move[:] = 0
    move[M_KIND], move[M_ARG] = DRAFT, info[I_COASTER]
    for side, i in ((0, ia), (1, ib)):
        n = lengths[side, i]
        move[M_LEN_A + side] = n
        for t in range(n):
            move[M_ROWS + side * ROW_MAX + t] = rows[side, i, t]
    left = np.empty(nk, np.int64)
    for q in range(nk):
        left[q] = info[I_COUNTS + q] - used[0, ia, q] - used[1, ib, q]
    size = r[R_POOL_LIMIT]
    if pairs[p, P_LEFT] <= size:
        t = 0
        for q in range(nk):
            for _ in range(left[q]):
                move[M_POOL + t] = info[I_KINDS + q]
                t += 1
        move[M_LEN_POOL] = t
        return
    # the choice-th multiset of ``size`` of the letters left, in sorted order
    # (legal.pool_choice): its smallest letter first, then the rest the same way
    q0 = 0
    for t in range(size):
        for q in range(q0, nk):
            if left[q] == 0:
                continue
            left[q] -= 1
            ways = pool_choices(left[q:], size - t - 1)
            if choice < ways:
                move[M_POOL + t] = info[I_KINDS + q]
                q0 = q
                break
            choice -= ways
            left[q] += 1
    move[M_LEN_POOL] = size


@njit(cache=True)
def inserts(s, r, delta, index, move):
    """How many inserts the list holds (each letter of the pool into a row that stays
    completable, once per new row: the smallest index); with ``index`` >= 0 the
    ``index``-th is written into ``move``."""
    h = hand_at(s[MOVER])
    p = s[h + LEN_POOL]
    count = 0
    for side in range(2):
        at = h + ROW_A + side * ROW_MAX
        n = s[h + LEN_A + side]
        if p == 0 or n + 1 > r[R_ROW_LIMIT]:
            continue
        row = s[at : at + n]
        prefix = np.empty(n + 1, np.int64)  # the state after each prefix of the row
        prefix[0] = 0
        for i in range(n):
            prefix[i + 1] = delta[prefix[i], row[i]] if prefix[i] >= 0 else -1
        for t in range(p):
            c = s[h + POOL + t]
            if t > 0 and s[h + POOL + t - 1] == c:
                continue  # each letter once
            for i in range(n + 1):
                if prefix[i] < 0:
                    break
                if i > 0 and row[i - 1] == c:
                    continue  # the same row as at the index before
                if read(delta, row, i, n, delta[prefix[i], c]) >= 0:
                    if count == index:
                        move[:] = 0
                        move[M_KIND], move[M_ARG] = INSERT, side
                        move[M_AT], move[M_LETTER] = i, c
                    count += 1
    return count


@njit(cache=True)
def affordable(s, k):
    """Whether the player to move can pay for coaster ``k``."""
    return k <= s[LINE_N] and s[hand_at(s[MOVER]) + COINS] >= k - 1

"""First Draft's own player, ``drafter`` (:mod:`wordbot.players.firstdraft.drafter`), in
compiled code: its choice of move and its value of a position, the same numbers in the
same order, so a playout by it makes the Python player's moves.

A row is worth the best of its sale now and its growth potential
(:mod:`.potential`) times a weight that shrinks as the bag empties; the letters'
weights follow the tiles still unseen. Every sell, discard and pair of groups of a
coaster's drafts (its best row of each group, its most useful pool) is a candidate,
each drawing a number as it is weighed: the best value wins, the lowest draw among
equals.

Potentials are kept in a *memo* (:func:`new_memo`) by row and set of letter weights
(the sets it has met numbered, :data:`WEIGHT_SETS` at most), so playouts, turns and
games on one word list and rules find most of them found already.

``params`` hold the player's settings and the tile set's numbers (the ``P_*``
offsets); the engine's core fills them (:data:`DEFAULTS`: the player's defaults).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.firstdraft.core_moves import (
    I_COUNTS,
    I_FILLS,
    I_KINDS,
    I_NK,
    I_PAIRS,
    P_A,
    P_B,
    P_LEFT,
    affordable,
    options,
)
from wordbot.movegen.firstdraft.core_state import (
    BAG,
    BAG_AT,
    BAG_END,
    DISCARD,
    DRAFT,
    LEN_A,
    LEN_POOL,
    LINE_N,
    M_ARG,
    M_KIND,
    M_LEN_A,
    M_LEN_POOL,
    M_POOL,
    M_ROWS,
    MOVER,
    POOL,
    R_PAY,
    R_POOL_LIMIT,
    R_ROW_LIMIT,
    ROW_A,
    ROW_MAX,
    SEATS,
    SELL,
    coaster_at,
    hand_at,
    is_word,
    score,
)
from wordbot.movegen.firstdraft.potential import (
    DEPTH,
    growth_floor,
    row_potential,
    value_past,
)
from wordbot.movegen.rng import uniform

#: the player's settings ``grow``, ``pool`` and ``turns`` at their defaults, and
#: ``unseen`` on (1)
DEFAULTS = (0.8, 0.15, 3.0, 1.0)
# params: the settings, the letters' weights among all the tiles, the tile set's count
# of each letter, the coins a word sells for by length (0..ROW_MAX)
P_GROW, P_POOL, P_TURNS, P_UNSEEN, P_WEIGHT = 0, 1, 2, 3, 4
P_FULL = P_WEIGHT + 26
P_PAY = P_FULL + 26
P_SIZE = P_PAY + ROW_MAX + 1
#: the longest row the memo keeps (5 bits a letter, 4 for the length, 6 for the set of
#: weights)
MEMO_ROW = 10
WEIGHT_SETS = 64
# a memo's numbers: its entries, the sets of weights it has met, the one in use
M_ENTRIES, M_SETS, M_SET = range(3)


@njit(cache=True)
def new_memo(bits):
    """An empty memo of ``2 ** bits`` potentials: (keys, potentials, the sets of
    weights met, its numbers, the search's scratch)."""
    return (
        np.full(1 << bits, -1, np.int64),
        np.empty(1 << bits, np.float64),
        np.empty((WEIGHT_SETS, 26), np.float64),
        np.zeros(3, np.int64),
        np.empty(DEPTH, np.int64),
    )


@njit(cache=True)
def _clear(memo):
    memo[0][:] = -1
    memo[3][M_ENTRIES] = 0
    memo[3][M_SETS] = 0


@njit(cache=True)
def unseen_weights(s, params, out):
    """The letters' weights as the player sees ``s`` (drafter.unseen_weights): their
    weight among all the tiles, scaled by how many are unseen (bag and line) against
    an even share, in quarters up to 1; or, with ``unseen`` off, as among all tiles."""
    if params[P_UNSEEN] == 0:
        out[:] = params[P_WEIGHT : P_WEIGHT + 26]
        return
    unseen = np.zeros(26, np.float64)
    for i in range(s[BAG_AT], s[BAG_END]):
        unseen[s[BAG + i]] += 1
    for k in range(1, s[LINE_N] + 1):
        c0 = coaster_at(k)
        for t in range(s[c0]):
            unseen[s[c0 + 2 + t]] += 1
    total, tiles = 0.0, 0.0
    for c in range(26):
        total += unseen[c]
        tiles += params[P_FULL + c]
    for c in range(26):
        full = params[P_FULL + c]
        share = unseen[c] * tiles / (full * total) if total > 0 and full > 0 else 0.0
        out[c] = params[P_WEIGHT + c] * min(1.0, np.rint(share * 4) / 4) if total else 0.0


@njit(cache=True)
def _memo_weights(memo, weights):
    """Number ``weights`` among the sets the memo has met (emptied when full)."""
    sets, numbers = memo[2], memo[3]
    for i in range(numbers[M_SETS]):
        same = True
        for c in range(26):
            if sets[i, c] != weights[c]:
                same = False
                break
        if same:
            numbers[M_SET] = i
            return
    if numbers[M_SETS] == WEIGHT_SETS:
        _clear(memo)
    i = numbers[M_SETS]
    sets[i] = weights
    numbers[M_SETS] = i + 1
    numbers[M_SET] = i


@njit(cache=True, inline="always")
def _slot(key, mask):
    return ((key * -7046029254386353131) >> 17) & mask  # a multiplicative hash


@njit(cache=True)
def growth(row, n, weights, r, params, lexicon, memo, floor):
    """The row's growth potential (the best word longer than it, weighed), from the
    memo or found and kept (``weights``: the memo's set in use); when not in the memo
    only a growth past ``floor`` is found (:func:`.potential.row_potential`), and kept."""
    records, below = lexicon
    keys, grows, _, numbers, target = memo
    key = -1
    mask = keys.shape[0] - 1
    at = 0
    if n <= MEMO_ROW:
        key = n | (numbers[M_SET] << 4)
        for i in range(n):
            key |= row[i] << (10 + 5 * i)
        at = _slot(key, mask)
        while keys[at] >= 0:
            if keys[at] == key:
                return grows[at]
            at = (at + 1) & mask
    limit = r[R_ROW_LIMIT]
    _, grow = row_potential(
        records,
        below,
        row,
        n,
        weights,
        params[P_PAY : P_PAY + limit + 1],
        limit,
        limit,
        target,
        floor,
    )
    if key >= 0 and grow > floor:  # exact: worth keeping
        if 2 * numbers[M_ENTRIES] >= keys.shape[0]:  # half full: start again
            keys[:] = -1
            numbers[M_ENTRIES] = 0
            at = _slot(key, mask)
        keys[at] = key
        grows[at] = grow
        numbers[M_ENTRIES] += 1
    return grow


@njit(cache=True)
def row_value(row, n, time, weights, r, params, lexicon, memo, top=-np.inf):
    """What a row is worth: its sale now, or ``time`` times what it can grow into;
    with a ``top``, exact only when more than it (:func:`.potential.value_past`)."""
    sale = 0.0
    if is_word(row, r, lexicon[0], np.int64(0), n):
        sale = r[R_PAY + n]
    floor = growth_floor(sale, top, time)
    grow = floor
    if floor < np.inf:
        grow = growth(row, n, weights, r, params, lexicon, memo, floor)
    return value_past(sale, time, grow, floor)


@njit(cache=True)
def _time(s, params):
    """How much a row's potential counts: less once the player has few turns left."""
    own_turns = (s[BAG_END] - s[BAG_AT]) / 3.0 / s[SEATS]
    return min(1.0, own_turns / params[P_TURNS]) * params[P_GROW]


@njit(cache=True)
def _rows(s, seat):
    """The two rows of ``seat`` (views) and their lengths."""
    h = hand_at(seat)
    a, b = h + ROW_A, h + ROW_A + ROW_MAX
    return s[a : a + s[h + LEN_A]], s[b : b + s[h + LEN_A + 1]]


@njit(cache=True)
def _same(x, y):
    if x.shape[0] != y.shape[0]:
        return False
    for i in range(x.shape[0]):  # noqa: SIM110  (a numba kernel: no all() over a generator)
        if x[i] != y[i]:
            return False
    return True


@njit(cache=True)
def values(s, r, params, lexicon, memo, out):
    """The player's value of an unfinished ``s`` for each seat: its score and rows'
    worth less the best other seat's (equal rows count once, as the player's table of
    rows holds them)."""
    weights = np.empty(26, np.float64)
    unseen_weights(s, params, weights)
    _memo_weights(memo, weights)
    time = _time(s, params)
    seats = s[SEATS]
    worth = np.empty(seats, np.float64)
    for seat in range(seats):
        a, b = _rows(s, seat)
        rows = row_value(a, a.shape[0], time, weights, r, params, lexicon, memo)
        if not _same(a, b):
            rows += row_value(b, b.shape[0], time, weights, r, params, lexicon, memo)
        worth[seat] = score(s, seat) + rows
    for seat in range(seats):
        other = -np.inf
        for o in range(seats):
            if o != seat:
                other = max(other, worth[o])
        out[seat] = worth[seat] - other


@njit(cache=True)
def _pool_value(letters, n, weights, params):
    total = 0.0
    for i in range(n):
        total += weights[letters[i]]
    return params[P_POOL] * total


@njit(cache=True)
def _keep(left, info, size, params, out):
    """The ``size`` letters of ``left`` (counts by kind) worth most in the pool, sorted
    (drafter._keep): the commoner among all the tiles first, then the earlier letter."""
    nk = info[I_NK]
    taken = np.zeros(nk, np.int64)
    for _ in range(size):
        best = -1
        for q in range(nk):
            if taken[q] < left[q]:
                w = params[P_WEIGHT + info[I_KINDS + q]]
                if best < 0 or w > params[P_WEIGHT + info[I_KINDS + best]]:
                    best = q
        taken[best] += 1
    t = 0
    for q in range(nk):
        for _ in range(taken[q]):
            out[t] = info[I_KINDS + q]
            t += 1


@njit(cache=True)
def drafter(s, r, delta, params, lexicon, memo, scratches, rng, ri, move):
    """The drafter player's move into ``move`` (see the module docstring); False when
    the scratch lacks room (its generator as it was given)."""
    scratch = scratches[0]
    rows, lengths, used, group, _, _, firsts, pairs, info, _ = scratch
    weights = np.empty(26, np.float64)
    unseen_weights(s, params, weights)
    _memo_weights(memo, weights)
    time = _time(s, params)
    h = hand_at(s[MOVER])
    row_a, row_b = _rows(s, s[MOVER])
    empty = row_a[:0]
    fresh = row_value(empty, np.int64(0), time, weights, r, params, lexicon, memo)
    old = np.empty(2, np.float64)
    old[0] = row_value(row_a, row_a.shape[0], time, weights, r, params, lexicon, memo)
    old[1] = row_value(row_b, row_b.shape[0], time, weights, r, params, lexicon, memo)
    line = s[LINE_N]
    drawn = rng[ri]  # given back when the scratch lacks room
    best, best_draw = -np.inf, 2.0
    for kind in (SELL, DISCARD):
        for side in range(2):
            n = s[h + LEN_A + side]
            if kind == SELL:
                if not is_word(s, r, lexicon[0], h + ROW_A + side * ROW_MAX, n):
                    continue
                gain = r[R_PAY + n]
            else:
                if n == 0:
                    continue
                gain = -n
            value = (gain + fresh) - old[side]
            draw = uniform(rng, ri)
            if value > best or (value == best and draw < best_draw):
                best, best_draw = value, draw
                move[:] = 0
                move[M_KIND], move[M_ARG] = kind, side
    pool_limit = r[R_POOL_LIMIT]
    base_pool = _pool_value(
        s[h + POOL : h + POOL + s[h + LEN_POOL]], s[h + LEN_POOL], weights, params
    )
    left = np.empty(26, np.int64)
    letters = np.empty(26 + ROW_MAX, np.int64)
    for k in range(1, line + 1):
        if not affordable(s, k):
            continue
        if not options(s, r, delta, k, scratch):
            rng[ri] = drawn
            return False
        nk = info[I_NK]
        tops = np.empty((2, max(info[I_FILLS], info[I_FILLS + 1])), np.int64)
        worth = np.empty((2, tops.shape[1]), np.float64)
        top = np.empty(tops.shape[1], np.float64)  # the value of each group's top
        for side in range(2):
            for i in range(info[I_FILLS + side]):  # the first best of each group
                g = group[side, i]
                first = firsts[side, g] == i
                value = row_value(
                    rows[side, i],
                    lengths[side, i],
                    time,
                    weights,
                    r,
                    params,
                    lexicon,
                    memo,
                    -np.inf if first else top[g],
                )
                worth[side, i] = value - old[side]
                if first or worth[side, i] > worth[side, tops[side, g]]:
                    tops[side, g] = i
                    top[g] = value
        gain = s[coaster_at(k) + 1] - (k - 1)
        base = (gain + 0.0) - base_pool
        for p in range(info[I_PAIRS]):
            ia, ib = tops[0, pairs[p, P_A]], tops[1, pairs[p, P_B]]
            for q in range(nk):
                left[q] = info[I_COUNTS + q] - used[0, ia, q] - used[1, ib, q]
            size = pairs[p, P_LEFT]
            if size <= pool_limit:
                t = 0
                for q in range(nk):
                    for _ in range(left[q]):
                        letters[t] = info[I_KINDS + q]
                        t += 1
            else:
                _keep(left, info, pool_limit, params, letters)
                size = pool_limit
            dropped = max(0, pairs[p, P_LEFT] - pool_limit)
            value = ((base - dropped) + worth[0, ia] + worth[1, ib]) + _pool_value(
                letters, size, weights, params
            )
            draw = uniform(rng, ri)
            if value > best or (value == best and draw < best_draw):
                best, best_draw = value, draw
                move[:] = 0
                move[M_KIND], move[M_ARG] = DRAFT, k
                for side, i in ((0, ia), (1, ib)):
                    move[M_LEN_A + side] = lengths[side, i]
                    for t in range(lengths[side, i]):
                        move[M_ROWS + side * ROW_MAX + t] = rows[side, i, t]
                move[M_LEN_POOL] = size
                for t in range(size):
                    move[M_POOL + t] = letters[t]
    return True

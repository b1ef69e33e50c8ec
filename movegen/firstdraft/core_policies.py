"""First Draft's compiled policies and playouts: ``random`` (uniform over the move
list, :mod:`wordbot.players.uniform`) and ``greedy`` (:mod:`wordbot.players.greedy`:
the most points now, then the list's tie-break, then a draw among the moves still
equal, only when there are several), each drawing from a SplitMix64 slot
(:mod:`wordbot.movegen.rng`) as the Python player draws from a
:class:`~wordbot.engine.rng.SplitMixRandom`.

Moves are read in the list's order (:mod:`.core_moves`); a policy returns False when
the scratch lacks room, before drawing anything, and is asked again with a larger one.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.firstdraft.core_moves import (
    I_COASTER,
    I_GAIN,
    I_MOVES,
    I_ORDER,
    I_PAIRS,
    I_TOTAL,
    P_PLACED,
    affordable,
    draft_gain,
    inserts,
    options,
    pair_moves,
    write_draft,
)
from wordbot.movegen.firstdraft.core_state import (
    DISCARD,
    LEN_A,
    LINE_MAX,
    LINE_N,
    M_ARG,
    M_KIND,
    MOVER,
    R_PAY,
    ROW_A,
    ROW_MAX,
    SELL,
    coaster_at,
    hand_at,
    is_word,
)
from wordbot.movegen.rng import below

RANDOM, GREEDY = 0, 1
# the list's tie-break of each kind (legal.KIND_ORDER); a draft's less the letters placed
SELL_ORDER, DRAFT_ORDER, INSERT_ORDER, DISCARD_ORDER = -200, -100, 0, 10


@njit(cache=True)
def _row_move(move, kind, side):
    move[:] = 0
    move[M_KIND], move[M_ARG] = kind, side


@njit(cache=True)
def _forget(scratches):
    """Mark both scratches as holding no coaster of this position yet."""
    for scratch in scratches:
        scratch[8][I_COASTER] = 0


@njit(cache=True)
def _draft_at(s, r, delta, scratches, k, index, placed, move):
    """The ``index``-th draft of coaster ``k`` (counting only pairs placing ``placed``
    letters, or every pair when ``placed`` < 0), worked out again unless a scratch
    holds it."""
    scratch = scratches[0]
    if scratches[1][8][I_COASTER] == k:
        scratch = scratches[1]
    elif scratch[8][I_COASTER] != k:
        options(s, r, delta, k, scratch)  # it had room before
    pairs = scratch[7]
    for p in range(scratch[8][I_PAIRS]):
        if placed >= 0 and pairs[p, P_PLACED] != placed:
            continue
        m = pair_moves(r, scratch, p)
        if index < m:
            write_draft(r, scratch, p, index, move)
            return
        index -= m


@njit(cache=True)
def greedy(s, r, delta, records, scratches, rng, ri, move):
    """The greedy player's move into ``move`` (see the module docstring); False when
    a scratch lacks room."""
    _forget(scratches)
    info = scratches[0][8]  # the coasters' best drafts are noted in the first
    h = hand_at(s[MOVER])
    have, tg, to = False, 0, 0
    for side in range(2):
        n = s[h + LEN_A + side]
        if is_word(s, r, records, h + ROW_A + side * ROW_MAX, n):
            g, o = r[R_PAY + n], SELL_ORDER
            if not have or g > tg or (g == tg and o < to):
                have, tg, to = True, g, o
    for side in range(2):
        n = s[h + LEN_A + side]
        if n:
            g, o = -n, DISCARD_ORDER
            if not have or g > tg or (g == tg and o < to):
                have, tg, to = True, g, o
    # the coasters by what their drafts can gain at most, the most first: one that
    # cannot reach the best move found is not worked out
    line = s[LINE_N]
    done = np.zeros(LINE_MAX + 1, np.bool_)
    for k in range(1, line + 1):
        info[I_MOVES + k] = 0
    kept = -1  # the scratch holding the coaster of the best move so far
    for _ in range(line):
        k, bound = 0, 0
        for j in range(1, line + 1):
            if not done[j] and affordable(s, j):
                b = s[coaster_at(j) + 1] - (j - 1)
                if k == 0 or b > bound:
                    k, bound = j, b
        if k == 0:
            break
        done[k] = True
        if have and bound < tg:
            continue
        slot = 1 if kept == 0 else 0
        scratch = scratches[slot]
        # np.int64: ``k`` starts as a literal, which would compile copies of its own
        if not options(s, r, delta, np.int64(k), scratch):
            return False
        pairs = scratch[7]
        most = 0
        for p in range(scratch[8][I_PAIRS]):
            most = max(most, pairs[p, P_PLACED])
        ties = 0
        for p in range(scratch[8][I_PAIRS]):
            if pairs[p, P_PLACED] == most:
                ties += pair_moves(r, scratch, p)
        g = draft_gain(s, r, np.int64(k), scratch[8][I_TOTAL] - most)
        o = DRAFT_ORDER - most
        info[I_GAIN + k], info[I_ORDER + k], info[I_MOVES + k] = g, o, ties
        if not have or g > tg or (g == tg and o < to):
            have, tg, to = True, g, o
            kept = slot
    n_inserts = 0
    if tg < 0:  # an insert (gain 0) beats every move found
        n_inserts = inserts(s, r, delta, np.int64(-1), move)
        if n_inserts:
            tg, to = 0, INSERT_ORDER
    # every move at the best gain and tie-break, in the list's order
    total = 0
    for side in range(2):
        n = s[h + LEN_A + side]
        if (
            to == SELL_ORDER
            and tg == r[R_PAY + n]
            and is_word(s, r, records, h + ROW_A + side * ROW_MAX, n)
        ):
            total += 1
        if to == DISCARD_ORDER and n and tg == -n:
            total += 1
    if to == INSERT_ORDER:
        total += n_inserts
    for k in range(1, line + 1):
        if info[I_MOVES + k] and info[I_GAIN + k] == tg and info[I_ORDER + k] == to:
            total += info[I_MOVES + k]
    index = below(rng, ri, total) if total > 1 else 0
    for kind in (SELL, DISCARD):
        for side in range(2):
            n = s[h + LEN_A + side]
            if kind == SELL and to == SELL_ORDER and tg == r[R_PAY + n]:
                hit = is_word(s, r, records, h + ROW_A + side * ROW_MAX, n)
            else:
                hit = kind == DISCARD and to == DISCARD_ORDER and n > 0 and tg == -n
            if hit:
                if index == 0:
                    _row_move(move, kind, side)
                    return True
                index -= 1
    if to == INSERT_ORDER:
        inserts(s, r, delta, index, move)
        return True
    for k in range(1, line + 1):
        if info[I_MOVES + k] and info[I_GAIN + k] == tg and info[I_ORDER + k] == to:
            if index < info[I_MOVES + k]:
                _draft_at(s, r, delta, scratches, k, index, DRAFT_ORDER - to, move)
                return True
            index -= info[I_MOVES + k]
    return True


@njit(cache=True)
def uniform(s, r, delta, records, scratches, rng, ri, move):
    """A uniform pick of the whole list into ``move``; False when a scratch lacks
    room."""
    _forget(scratches)
    scratch = scratches[0]
    info = scratch[8]
    h = hand_at(s[MOVER])
    line = s[LINE_N]
    for k in range(1, line + 1):
        info[I_MOVES + k] = 0
        if affordable(s, k):
            if not options(s, r, delta, k, scratch):
                return False
            for p in range(info[I_PAIRS]):
                info[I_MOVES + k] += pair_moves(r, scratch, p)
    total = 0
    for side in range(2):
        n = s[h + LEN_A + side]
        total += is_word(s, r, records, h + ROW_A + side * ROW_MAX, n)
        total += n > 0
    n_inserts = inserts(s, r, delta, np.int64(-1), move)
    total += n_inserts
    for k in range(1, line + 1):
        total += info[I_MOVES + k]
    index = below(rng, ri, total)
    for kind in (SELL, DISCARD):
        for side in range(2):
            n = s[h + LEN_A + side]
            if kind == SELL:
                hit = is_word(s, r, records, h + ROW_A + side * ROW_MAX, n)
            else:
                hit = n > 0
            if hit:
                if index == 0:
                    _row_move(move, kind, side)
                    return True
                index -= 1
    if index < n_inserts:
        inserts(s, r, delta, index, move)
        return True
    index -= n_inserts
    for k in range(1, line + 1):
        if index < info[I_MOVES + k]:
            _draft_at(s, r, delta, scratches, k, index, np.int64(-1), move)
            return True
        index -= info[I_MOVES + k]
    return True

"""RouteWords' compiled core, the greedy player's ``k`` best moves: the rows of
``state.bot_moves().best(k)`` (players/greedy.py's ``moves``) in its order, the largest
gain first, then the kind the engine ranks first (route, swap, pay-and-both, bonus
trigger, pass, take-over), then the list's order; no draw.

A search's inner nodes rank their moves here. The swap-first pay-and-both are searched
for only when one could enter the ``k`` best: when a point can be paid and the largest
coin less that point reaches the ``k``-th best of the other moves.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.routewords.board import POINTS
from wordbot.movegen.routewords.core_moves import (
    board_words,
    swap_first,
    turn_moves,
    turn_row,
    word_row,
)
from wordbot.movegen.routewords.core_policies import NO_TRIPLES
from wordbot.movegen.routewords.core_state import (
    BONUS,
    BONUS_FULL,
    COINS,
    OVER,
    PHASE,
    SCORE,
    WIDTH,
)

#: the list's runs in its order; a run's place is also its kind's rank among equal
#: gains (the route-first and swap-first pay-and-both share theirs, in that order)
ROUTES, SWAPS, BOTH_ROUTE, BOTH_SWAP, TRIGGER, PASS, TAKE_OVER, WORDS, NOTHING = range(9)


@njit(cache=True, inline="always")
def _before(gain, run, i, other_gain, other_run, other_i):
    """Whether the move (gain, run, i) ranks before the other."""
    if gain != other_gain:
        return gain > other_gain
    if run != other_run:
        return run < other_run
    return i < other_i


@njit(cache=True)
def _offer(top, n, k, gain, run, i):
    """Keep the move (gain, run, i) among the ``n`` best of ``top`` (best first, at
    most ``k``); returns how many it holds and whether the move was kept."""
    at = n
    while at > 0 and _before(gain, run, i, top[at - 1, 0], top[at - 1, 1], top[at - 1, 2]):
        at -= 1
    if at >= k:
        return n, False
    last = min(n, k - 1)
    for j in range(last, at, -1):
        top[j] = top[j - 1]
    top[at, 0], top[at, 1], top[at, 2] = gain, run, i
    return min(n + 1, k), True


@njit(cache=True)
def _bonus_round(records, st, sc, k):
    """The ``k`` best submissions: the longest words, then nothing."""
    top = np.empty((k, 3), np.int64)
    n = np.int64(0)
    paths, lengths = sc.paths, sc.lengths
    if st[BONUS_FULL]:
        paths, lengths, letters, words = board_words(records, st, sc)
        for r in range(words):
            n, _ = _offer(top, n, k, letters[r], np.int64(WORDS), r)
    n, _ = _offer(top, n, k, np.int64(0), np.int64(NOTHING), np.int64(0))
    rows = np.empty((n, WIDTH), np.int64)
    for j in range(n):
        word_row(rows[j], sc.tiles, paths, lengths, top[j, 2] if top[j, 1] == WORDS else -1)
    return rows


@njit(cache=True)
def greedy_top(records, st, sc, k):
    """The rows of the greedy player's ``k`` best moves in ``st`` (see the module
    docstring), ``sc`` a :func:`~wordbot.movegen.routewords.core_moves.new_scratch`."""
    if st[PHASE] == OVER or k < 1:
        return np.empty((0, WIDTH), np.int64)
    if st[PHASE] == BONUS:
        return _bonus_round(records, st, sc, k)
    tm = turn_moves(records, st, sc)
    top = np.empty((k, 3), np.int64)
    n = np.int64(0)
    for i in range(tm.routes):
        n, _ = _offer(top, n, k, st[COINS + tm.r_end[i]], np.int64(ROUTES), i)
    for i in range(min(k, tm.swaps)):
        n, _ = _offer(top, n, k, np.int64(0), np.int64(SWAPS), i)
    if tm.pay:
        for r in range(tm.routes):  # a route's swaps are listed one after the other
            for s in range(min(k, tm.swaps)):
                gain = st[COINS + tm.r_end[r]] - 1
                n, kept = _offer(top, n, k, gain, np.int64(BOTH_ROUTE), r * tm.swaps + s)
                if not kept:
                    break
    if tm.bonus:
        n, _ = _offer(top, n, k, np.int64(0), np.int64(TRIGGER), np.int64(0))
    if tm.passes:
        n, _ = _offer(top, n, k, np.int64(0), np.int64(PASS), np.int64(0))
    if tm.take_over:
        n, _ = _offer(
            top, n, k, st[SCORE] - st[SCORE + 1], np.int64(TAKE_OVER), np.int64(0)
        )
    sf_paths, sf_lengths = sc.sf_paths, sc.sf_lengths
    triples = NO_TRIPLES  # as the policies pass it: one compiled turn_row
    if tm.pay:
        top_coin = 0
        for p in range(POINTS):
            top_coin = max(top_coin, st[COINS + p])
        # the coin a swap-first one must take to rank before the k-th best
        least = 0
        if n == k:
            least = top[k - 1, 0] + (1 if top[k - 1, 1] > BOTH_SWAP else 2)
        if top_coin >= least:
            sf_paths, sf_lengths, triples = swap_first(records, st, sc, least)
            for t in range(triples.shape[0]):
                coin = st[COINS + triples[t, 2]]
                n, _ = _offer(top, n, k, coin - 1, np.int64(BOTH_SWAP), t)
    # each run's first place in the list (turn_row reads a move by its place)
    starts = np.zeros(TAKE_OVER + 1, np.int64)
    starts[SWAPS] = tm.routes
    starts[BOTH_ROUTE] = tm.routes + tm.swaps
    starts[BOTH_SWAP] = starts[BOTH_ROUTE] + (tm.routes * tm.swaps if tm.pay else 0)
    starts[TRIGGER] = starts[BOTH_SWAP] + triples.shape[0]
    starts[PASS] = starts[TRIGGER] + tm.bonus
    starts[TAKE_OVER] = starts[PASS] + tm.passes
    rows = np.empty((n, WIDTH), np.int64)
    for j in range(n):
        at = starts[top[j, 1]] + top[j, 2]
        turn_row(rows[j], tm, sc, at, sf_paths, sf_lengths, triples)
    return rows

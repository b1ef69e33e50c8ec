"""RouteWords' compiled core, its policies ``random`` and ``greedy``: the choices of the
Python players of those names (players/uniform.py, players/greedy.py) over
``state.bot_moves()``, drawing from a SplitMix64 generator as their
:class:`~wordbot.engine.rng.SplitMixRandom` does.

``greedy`` takes the largest gain, among equal gains the kind the engine ranks first
(route, swap, pay-and-both, bonus trigger, pass, take-over), then a draw among those
still equal in the list's order, only when more than one is. As the engine's list does,
it searches the swap-first pay-and-both only when one could win: when a point can be
paid and the largest coin less that point reaches the best of the other moves.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.rng import below
from wordbot.movegen.routewords.board import CORNERS, POINTS
from wordbot.movegen.routewords.core_moves import (
    board_words,
    clear,
    prepare,
    route_row,
    swap_first,
    takes_over,
    turn_moves,
    turn_row,
    word_row,
)
from wordbot.movegen.routewords.core_reach import paths_to, reach
from wordbot.movegen.routewords.core_state import (
    BONUS,
    BONUS_FULL,
    COINS,
    K_BONUS,
    K_BOTH_ROUTE,
    K_BOTH_SWAP,
    K_PASS,
    K_ROUTE,
    K_SWAP,
    K_TAKE_OVER,
    K_WORD,
    PHASE,
    SCORE,
    SWAP,
    TO_MOVE,
)

#: the engine's order among equal gains (engine/routewords/legal.py, KIND_ORDER)
RANK_ROUTE, RANK_SWAP, RANK_BOTH, RANK_BONUS, RANK_PASS, RANK_TAKE_OVER = range(6)
NO_TRIPLES = np.zeros((0, 3), np.int64)


@njit(cache=True)
def bonus_choice(records, st, sc, rng, ri, row, greedy):
    """A bonus-round submission: the longest word (greedy) or any word or nothing
    (random); with ``bonus_search=none`` nothing. Returns its letters."""
    if not st[BONUS_FULL]:
        if not greedy:
            below(rng, ri, 1)  # a list of one move is still drawn from
        clear(row, K_WORD)
        return 0
    paths, lengths, letters, n = board_words(records, st, sc)
    if not greedy:
        k = below(rng, ri, n + 1)
        word_row(row, sc.tiles, paths, lengths, k if k < n else -1)
        return letters[k] if k < n else 0
    if n == 0:
        word_row(row, sc.tiles, paths, lengths, -1)
        return 0
    most = 0
    tied = 0
    for r in range(n):
        if letters[r] > most:
            most = letters[r]
            tied = 0
        if letters[r] == most:
            tied += 1
    k = below(rng, ri, tied) if tied > 1 else 0
    for r in range(n):
        if letters[r] == most:
            if k == 0:
                word_row(row, sc.tiles, paths, lengths, r)
                break
            k -= 1
    return most


@njit(cache=True)
def random_choice(records, st, sc, rng, ri, row):
    """``moves[rng.randrange(len(moves))]`` over the bot's moves."""
    if st[PHASE] == BONUS:
        bonus_choice(records, st, sc, rng, ri, row, np.bool_(False))
        return
    tm = turn_moves(records, st, sc)
    total = tm.routes + tm.swaps + tm.bonus + tm.passes + tm.take_over
    sf_paths, sf_lengths, triples = sc.sf_paths, sc.sf_lengths, NO_TRIPLES
    if tm.pay:
        sf_paths, sf_lengths, triples = swap_first(records, st, sc, np.int64(0))
        total += tm.routes * tm.swaps + triples.shape[0]
    turn_row(row, tm, sc, below(rng, ri, total), sf_paths, sf_lengths, triples)


@njit(cache=True, inline="always")
def _beats(gain, rank, best_gain, best_rank):
    return gain > best_gain or (gain == best_gain and rank < best_rank)


@njit(cache=True)
def _swap_first_tied(st, triples, coin):
    """How many of the swap-first pay-and-both ``triples`` take a coin of ``coin``."""
    tied = 0
    for t in range(triples.shape[0]):
        if st[COINS + triples[t, 2]] == coin:
            tied += 1
    return tied


@njit(cache=True)
def _swap_first_row(row, st, paths, lengths, triples, coin, k):
    """The ``k``-th of the swap-first pay-and-both ``triples`` that take a coin of
    ``coin``, into ``row``."""
    for t in range(triples.shape[0]):
        if st[COINS + triples[t, 2]] == coin:
            if k == 0:
                route_row(
                    row,
                    K_BOTH_SWAP,
                    paths,
                    lengths,
                    triples[t, 0],
                    triples[t, 2],
                    triples[t, 1],
                )
                return
            k -= 1


@njit(cache=True)
def greedy_choice(records, st, sc, rng, ri, row):
    """``bot_moves().best(1, rng)``: see the module docstring. When a route takes a
    coin, only the routes to the largest coin are listed (a route ranks before every
    other kind of its gain; only a take-over or a swap-first pay-and-both can gain
    more)."""
    if st[PHASE] == BONUS:
        bonus_choice(records, st, sc, rng, ri, row, np.bool_(True))
        return
    seat = st[TO_MOVE]
    most = reach(records, sc.below, st, seat, sc.work)
    if most == 0:
        _greedy_listed(records, st, sc, rng, ri, row)
        return
    prepare(st, sc, seat)
    gain, rank = most, RANK_ROUTE
    if takes_over(st, seat):
        given = st[SCORE] - st[SCORE + 1]
        if given > gain:
            gain, rank = given, RANK_TAKE_OVER
    top_coin = 0
    for k in range(POINTS):
        top_coin = max(top_coin, st[COINS + k])
    sf_paths, sf_lengths, triples = sc.sf_paths, sc.sf_lengths, NO_TRIPLES
    if st[SCORE + seat] >= 1 and _beats(top_coin - 1, RANK_BOTH, gain, rank):
        least = gain + 1 if rank >= RANK_BOTH else gain + 2
        sf_paths, sf_lengths, triples = swap_first(records, st, sc, least)
        for t in range(triples.shape[0]):
            coin = st[COINS + triples[t, 2]]
            if _beats(coin - 1, RANK_BOTH, gain, rank):
                gain, rank = coin - 1, RANK_BOTH
    if rank == RANK_TAKE_OVER:
        clear(row, K_TAKE_OVER)
        return
    if rank == RANK_BOTH:  # a swap-first one: a route-first one gains less than a route
        tied = _swap_first_tied(st, triples, gain + 1)
        k = below(rng, ri, tied) if tied > 1 else 0
        _swap_first_row(row, st, sf_paths, sf_lengths, triples, gain + 1, k)
        return
    paths, lengths, n = paths_to(
        records, sc.below, st, seat, sc.work, most, sc.paths, sc.lengths
    )
    tied = 0
    for r in range(n):
        last = paths[r, lengths[r] - 1]
        for c in range(4):
            if sc.free[CORNERS[last, c]] and st[COINS + CORNERS[last, c]] == most:
                tied += 1
    k = below(rng, ri, tied) if tied > 1 else 0
    for r in range(n):
        last = paths[r, lengths[r] - 1]
        for c in range(4):
            end = CORNERS[last, c]
            if sc.free[end] and st[COINS + end] == most:
                if k == 0:
                    route_row(row, K_ROUTE, paths, lengths, r, end, -1)
                    return
                k -= 1


@njit(cache=True)
def _greedy_listed(records, st, sc, rng, ri, row):
    """Greedy's turn over the whole list."""
    tm = turn_moves(records, st, sc)
    gain, rank = -(1 << 62), 99
    if tm.routes:
        gain, rank = tm.top_route, RANK_ROUTE
    if tm.swaps and _beats(0, RANK_SWAP, gain, rank):
        gain, rank = 0, RANK_SWAP
    if (
        tm.pay
        and tm.routes
        and tm.swaps
        and _beats(tm.top_route - 1, RANK_BOTH, gain, rank)
    ):
        gain, rank = tm.top_route - 1, RANK_BOTH
    if tm.bonus and _beats(0, RANK_BONUS, gain, rank):
        gain, rank = 0, RANK_BONUS
    if tm.passes and _beats(0, RANK_PASS, gain, rank):
        gain, rank = 0, RANK_PASS
    if tm.take_over:
        given = st[SCORE] - st[SCORE + 1]
        if _beats(given, RANK_TAKE_OVER, gain, rank):
            gain, rank = given, RANK_TAKE_OVER
    top_coin = 0
    for k in range(POINTS):
        top_coin = max(top_coin, st[COINS + k])
    sf_paths, sf_lengths, triples = sc.sf_paths, sc.sf_lengths, NO_TRIPLES
    if tm.pay and _beats(top_coin - 1, RANK_BOTH, gain, rank) or rank == RANK_BOTH:
        # only a coin that beats the best so far, or ties it as a pay-and-both, counts
        least = gain + 1 if rank >= RANK_BOTH else gain + 2
        sf_paths, sf_lengths, triples = swap_first(records, st, sc, least)
        for t in range(triples.shape[0]):
            coin = st[COINS + triples[t, 2]]
            if _beats(coin - 1, RANK_BOTH, gain, rank):
                gain, rank = coin - 1, RANK_BOTH
    # the moves tied first, in the list's order: count, draw, find
    tied = 1
    if rank == RANK_ROUTE:
        tied = 0
        for i in range(tm.routes):
            if st[COINS + tm.r_end[i]] == gain:
                tied += 1
    elif rank == RANK_SWAP:
        tied = tm.swaps
    elif rank == RANK_BOTH:
        tied = 0
        for i in range(tm.routes):
            if st[COINS + tm.r_end[i]] == gain + 1:
                tied += tm.swaps
        tied += _swap_first_tied(st, triples, gain + 1)
    k = below(rng, ri, tied) if tied > 1 else 0
    if rank == RANK_ROUTE:
        for i in range(tm.routes):
            if st[COINS + tm.r_end[i]] == gain:
                if k == 0:
                    route_row(
                        row, K_ROUTE, tm.paths, tm.lengths, tm.r_row[i], tm.r_end[i], -1
                    )
                    return
                k -= 1
    elif rank == RANK_SWAP:
        clear(row, K_SWAP)
        row[SWAP] = sc.swaps[k]
    elif rank == RANK_BOTH:
        for i in range(tm.routes):
            if st[COINS + tm.r_end[i]] == gain + 1:
                if k < tm.swaps:
                    route_row(
                        row,
                        K_BOTH_ROUTE,
                        tm.paths,
                        tm.lengths,
                        tm.r_row[i],
                        tm.r_end[i],
                        sc.swaps[k],
                    )
                    return
                k -= tm.swaps
        _swap_first_row(row, st, sf_paths, sf_lengths, triples, gain + 1, k)
    elif rank == RANK_BONUS:
        clear(row, K_BONUS)
    elif rank == RANK_PASS:
        clear(row, K_PASS)
    else:
        clear(row, K_TAKE_OVER)

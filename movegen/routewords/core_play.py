"""RouteWords' compiled core, its playouts: a position played on by compiled policies
(one a seat) in one call, and many playouts from one position (each first move on
each seed, one generator shared by every seat).

A playout stops at the end of the game, after ``horizon`` moves (``horizon > 0``) or,
with ``horizon < 0``, two rounds ahead (each player's next two turns:
``game.playout_done``).

The entry points release the interpreter's lock (``nogil``): a server's other threads
answer while a playout runs. They read and write only the arrays they are given.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.routewords.core_moves import new_scratch
from wordbot.movegen.routewords.core_policies import greedy_choice, random_choice
from wordbot.movegen.routewords.core_routes import routes_choice
from wordbot.movegen.routewords.core_state import (
    OVER,
    PHASE,
    SEATS,
    STATE_SIZE,
    TO_MOVE,
    TURNS,
    WIDTH,
    apply,
    scores,
)

#: the policies, by number (wordbot.engine.core's RANDOM and GREEDY, then the game's own)
RANDOM, GREEDY, ROUTES = 0, 1, 2


@njit(cache=True, inline="always")
def choose(policy, records, st, sc, rng, ri, row):
    """Write the move of ``policy`` in ``st`` into ``row``, drawing from ``rng[ri]``."""
    if policy == RANDOM:
        random_choice(records, st, sc, rng, ri, row)
    elif policy == GREEDY:
        greedy_choice(records, st, sc, rng, ri, row)
    else:
        routes_choice(records, st, sc, rng, ri, row)


@njit(cache=True)
def _turns(st):
    total = 0
    for s in range(st[SEATS]):
        total += st[TURNS + s]
    return total


@njit(cache=True, inline="always")
def play(records, st, policies, rng, horizon, sc, moves, record):
    """Play ``st`` on in place (see the module docstring), seat ``s`` by
    ``policies[s]`` drawing from ``rng[s]`` (or all from ``rng[0]``); with ``record``
    the moves are written into ``moves`` (grown when full). Returns (moves, count)."""
    count = 0
    start = _turns(st)
    rounds = 2 * st[SEATS]
    while st[PHASE] != OVER:
        if horizon > 0 and count >= horizon:
            break
        if horizon < 0 and _turns(st) - start >= rounds:
            break
        seat = st[TO_MOVE]
        ri = seat if rng.shape[0] > 1 else 0
        choose(policies[seat], records, st, sc, rng, ri, sc.row)
        apply(st, sc.row)
        if record:
            if count == moves.shape[0]:
                grown = np.empty((2 * count + 1, WIDTH), np.int64)
                grown[:count] = moves
                moves = grown
            moves[count] = sc.row
        count += 1
    return moves, count


@njit(cache=True, nogil=True)
def playout(records, below, st, policies, rng, horizon):
    """One playout in place: (the moves played, one row each)."""
    sc = new_scratch(below)
    moves, count = play(
        records, st, policies, rng, horizon, sc, np.empty((64, WIDTH), np.int64), True
    )
    return moves[:count].copy()


@njit(cache=True, nogil=True)
def playouts(records, below, st, compensation, firsts, policies, seeds, horizon, keep):
    """For each row of ``firsts`` and each seed: ``st`` copied, that move applied, then
    played on with one generator seeded by the seed. Returns (scores[first, seed,
    seat], ended[first, seed], the final states [first, seed] with ``keep``)."""
    n = st[SEATS]
    scored = np.empty((firsts.shape[0], seeds.shape[0], n), np.float64)
    ended = np.empty((firsts.shape[0], seeds.shape[0]), np.bool_)
    kept = (firsts.shape[0], seeds.shape[0]) if keep else (0, 0)
    finals = np.empty((kept[0], kept[1], STATE_SIZE), np.int64)
    sc = new_scratch(below)
    rng = np.empty(1, np.uint64)
    work = np.empty_like(st)
    none = np.empty((0, WIDTH), np.int64)
    for c in range(firsts.shape[0]):
        for s in range(seeds.shape[0]):
            work[:] = st
            apply(work, firsts[c])
            rng[0] = seeds[s]
            play(records, work, policies, rng, horizon, sc, none, False)
            scored[c, s] = scores(work, compensation)
            ended[c, s] = work[PHASE] == OVER
            if keep:
                finals[c, s] = work
    return scored, ended, finals

"""RouteWords' compiled core, its playouts: a position played on by compiled policies
(one a seat) in one call, and many playouts from one position (each first move on
each seed, one generator shared by every seat).

A playout stops at the end of the game, after ``horizon`` moves (``horizon > 0``) or,
with ``horizon < 0``, two rounds ahead (each player's next two turns:
``game.playout_done``).

The entry point, :func:`run`, releases the interpreter's lock (``nogil``): a server's
other threads answer while a playout runs. It reads and writes only the arrays it is
given.
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
def choose(policy, records, st, sc, weights, rng, ri, row):
    """Write the move of ``policy`` in ``st`` into ``row``, drawing from ``rng[ri]``
    (``weights``: ``routes``' value weights)."""
    if policy == RANDOM:
        random_choice(records, st, sc, rng, ri, row)
    elif policy == GREEDY:
        greedy_choice(records, st, sc, rng, ri, row)
    else:
        routes_choice(records, st, sc, weights, rng, ri, row)


@njit(cache=True)
def _turns(st):
    total = 0
    for s in range(st[SEATS]):
        total += st[TURNS + s]
    return total


@njit(cache=True, inline="always")
def play(records, st, policies, weights, rng, horizon, sc, moves, record):
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
        choose(policies[seat], records, st, sc, weights, rng, ri, sc.row)
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
def run(
    records, below, st, compensation, firsts, policies, weights, rngs, horizon, batch, keep
):
    """The one entry into the compiled playouts (numba optimizes an entry together with
    everything it calls, so one entry compiles once what two would twice):

    - ``batch`` False: one playout of ``st`` in place, seat ``s`` by ``policies[s]``
      drawing from ``rngs[s]`` (or all from ``rngs[0]``), its moves recorded (the
      ``routes`` policy on the value weights ``weights``);
    - ``batch`` True: for each row of ``firsts`` and each seed of ``rngs``: ``st``
      copied, that move applied, then played on with one generator seeded by the seed
      (``st`` is not changed).

    Returns (the single playout's moves, one row each; scores[first, seed, seat];
    ended[first, seed]; the final states [first, seed] with ``keep``), the single
    playout being first 0 on seed 0."""
    nf, ns = (firsts.shape[0], rngs.shape[0]) if batch else (1, 1)
    scored = np.empty((nf, ns, st[SEATS]), np.float64)
    ended = np.empty((nf, ns), np.bool_)
    kept = (nf, ns) if keep else (0, 0)
    finals = np.empty((kept[0], kept[1], STATE_SIZE), np.int64)
    sc = new_scratch(below)
    moves = np.empty((0 if batch else 64, WIDTH), np.int64)
    count = 0
    shared = np.empty(1, np.uint64)
    work = np.empty_like(st)
    for c in range(nf):
        for s in range(ns):
            one, gens = st, rngs
            if batch:
                work[:] = st
                apply(work, firsts[c])
                shared[0] = rngs[s]
                one, gens = work, shared
            moves, count = play(
                records, one, policies, weights, gens, horizon, sc, moves, not batch
            )
            scored[c, s] = scores(one, compensation)
            ended[c, s] = one[PHASE] == OVER
            if keep:
                finals[c, s] = one
    return moves[: 0 if batch else count].copy(), scored, ended, finals

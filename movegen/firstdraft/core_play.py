"""First Draft's playouts in compiled code: whole playouts and batches of them, each
seat by its policy (``random``, ``greedy``: :mod:`.core_policies`; ``drafter``:
:mod:`.core_drafter`), each drawing from a SplitMix64 slot (:mod:`wordbot.movegen.rng`).

``lexicon`` is the word list's letter trie and what lies below its nodes
``(records, below)``; ``params`` and ``memo`` are the drafter's (:mod:`.core_drafter`).

The entry point, :func:`run`, releases the interpreter's lock (``nogil``): a server's
other threads answer while a playout runs. It writes the scratches and the memo it is
given, so a caller lets one thread at a time use a set of them.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.firstdraft.core_drafter import drafter
from wordbot.movegen.firstdraft.core_moves import grown
from wordbot.movegen.firstdraft.core_policies import GREEDY, greedy, uniform
from wordbot.movegen.firstdraft.core_state import (
    MOVER,
    OVER,
    SEATS,
    SIZE,
    TURN,
    WIDTH,
    apply_move,
    score,
)

DRAFTER = 2


@njit(cache=True, inline="always")  # one caller: no compile level of its own
def decide(policy, s, r, delta, lexicon, params, memo, scratches, rng, ri, move):
    """The move of ``policy`` into ``move``; False when a scratch lacks room."""
    if policy == GREEDY:
        return greedy(s, r, delta, lexicon[0], scratches, rng, ri, move)
    if policy == DRAFTER:
        return drafter(s, r, delta, params, lexicon, memo, scratches, rng, ri, move)
    return uniform(s, r, delta, lexicon[0], scratches, rng, ri, move)


@njit(cache=True, inline="always")  # in the entry: no compile level of its own
def play(s, r, delta, lexicon, params, memo, policies, rngs, horizon, scratches, keep):
    """Play ``s`` on in place, seat ``i`` by ``policies[i]`` drawing from ``rngs[i]``
    (every seat from ``rngs[0]`` when there is one), to the end or the horizon
    (``horizon`` moves; -1: two rounds of drafts). Returns the moves (with ``keep``;
    else none) and the scratches, grown when a turn needed it."""
    start = s[TURN]
    moves = np.empty((64 if keep else 0, WIDTH), np.int64)
    move = np.empty(WIDTH, np.int64)
    count = 0
    while s[OVER] == 0:
        if horizon > 0 and count >= horizon:
            break
        if horizon < 0 and s[TURN] - start >= 2 * s[SEATS]:
            break
        seat = s[MOVER]
        ri = seat if rngs.shape[0] > 1 else 0
        policy = policies[seat]
        while not decide(
            policy, s, r, delta, lexicon, params, memo, scratches, rngs, ri, move
        ):
            scratches = grown(scratches)
        apply_move(s, r, lexicon[0], move)
        if keep:
            if count == moves.shape[0]:
                more = np.empty((2 * count, WIDTH), np.int64)
                more[:count] = moves
                moves = more
            moves[count] = move
        count += 1
    return moves[: count if keep else 0], scratches


@njit(cache=True)
def scores(s, out):
    """Each seat's coins less its discarded tiles."""
    for seat in range(s[SEATS]):
        out[seat] = score(s, seat)


@njit(cache=True, nogil=True)
def run(
    s,
    r,
    delta,
    lexicon,
    params,
    memo,
    firsts,
    policies,
    rngs,
    horizon,
    scratches,
    batch,
    keep,
):
    """The one entry into the compiled playouts (numba optimizes an entry together with
    everything it calls, so one entry compiles once what two would twice):

    - ``batch`` False: :func:`play` of ``s`` in place by ``policies`` with the
      generators ``rngs``, its moves recorded;
    - ``batch`` True: for each row of ``firsts`` and each seed of ``rngs``: ``s``
      copied, the move applied, played on by :func:`play` with one generator seeded by
      the seed (``s`` is not changed).

    Returns the single playout's moves, the scores ``[first, seed, seat]``, whether each
    ended, (with ``keep``) the positions where they stopped, ``[first * seeds + seed]``,
    and the scratches; the single playout is first 0 on seed 0."""
    nf, ns = (firsts.shape[0], rngs.shape[0]) if batch else (1, 1)
    points = np.zeros((nf, ns, s[SEATS]), np.int64)
    ended = np.zeros((nf, ns), np.bool_)
    finals = np.empty((nf * ns if keep else 0, SIZE), np.int64)
    moves = np.empty((0, WIDTH), np.int64)
    shared = np.empty(1, np.uint64)
    for i in range(nf):
        for j in range(ns):
            t, gens = s, rngs
            if batch:
                t = s.copy()
                apply_move(t, r, lexicon[0], firsts[i])
                shared[0] = rngs[j]
                gens = shared
            moves, scratches = play(
                t, r, delta, lexicon, params, memo, policies, gens, horizon, scratches,
                not batch,
            )  # fmt: skip
            scores(t, points[i, j])
            ended[i, j] = t[OVER] == 1
            if keep:
                finals[i * ns + j] = t
    return moves, points, ended, finals, scratches

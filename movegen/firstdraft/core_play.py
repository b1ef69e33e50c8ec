"""First Draft's playouts in compiled code: whole playouts and batches of them, each
seat by its policy (``random``, ``greedy``: :mod:`.core_policies`; ``drafter``:
:mod:`.core_drafter`), each drawing from a SplitMix64 slot (:mod:`wordbot.movegen.rng`).

``lexicon`` is the word list's letter trie and what lies below its nodes
``(records, below)``; ``params`` and ``memo`` are the drafter's (:mod:`.core_drafter`).

The entry points release the interpreter's lock (``nogil``): a server's other threads
answer while a playout runs. They write the scratches and the memo they are given,
so a caller lets one thread at a time use a set of them.
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


@njit(cache=True, nogil=True)
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
def batch(
    s, r, delta, lexicon, params, memo, firsts, policies, seeds, horizon, scratches, keep
):
    """For each first move and each seed: ``s`` copied, the move applied, played on by
    :func:`play` with one generator seeded by the seed. Returns the scores
    ``[first, seed, seat]``, whether each ended, (with ``keep``) the positions where
    they stopped, ``[first * seeds + seed]``, and the scratches."""
    nf, ns = firsts.shape[0], seeds.shape[0]
    points = np.zeros((nf, ns, s[SEATS]), np.int64)
    ended = np.zeros((nf, ns), np.bool_)
    finals = np.empty((nf * ns if keep else 0, SIZE), np.int64)
    rng = np.empty(1, np.uint64)
    for i in range(nf):
        for j in range(ns):
            t = s.copy()
            apply_move(t, r, lexicon[0], firsts[i])
            rng[0] = seeds[j]
            _, scratches = play(
                t, r, delta, lexicon, params, memo, policies, rng, horizon, scratches,
                np.bool_(False),
            )  # fmt: skip
            scores(t, points[i, j])
            ended[i, j] = t[OVER] == 1
            if keep:
                finals[i * ns + j] = t
    return points, ended, finals, scratches

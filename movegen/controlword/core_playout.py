"""Whole Control Word playouts in one compiled call: from a state of
:mod:`~.core_state`, each seat's policy (:mod:`~.core_moves`) chooses and the move is
applied, until the end of the game or the horizon; and many playouts from one position,
each first move on each seed.

A horizon is 0 (to the end), -1 (to the end of the round the playout started in, the
game's ``playout_done``) or a number of moves.

The entry point, :func:`run`, releases the interpreter's lock (``nogil``): a server's
other threads answer while a playout runs. It reads and writes only the arrays it is
given.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.arrays import copy_into
from wordbot.movegen.controlword.core_control import CONTROL, control_move
from wordbot.movegen.controlword.core_moves import choose, final_scores, new_scratch
from wordbot.movegen.controlword.core_state import (
    H_PHASE,
    H_ROUND,
    H_TO_MOVE,
    OVER,
    WIDTH,
    apply_row,
    copy_state,
)

#: the column of a played row that holds the seat that made the move (the rows are
#: every seat's moves, in the order the rules gave them turns)
MOVER = WIDTH


# inlined into their callers: a kernel of its own would have its callees' code
# optimized once more when linked, a level of the compile that costs as much as a run
@njit(cache=True, inline="always")
def _choose(st, sc, policy, rngs, r, table, edges, root, w, row):
    """The move of ``policy`` (``random``, ``greedy``, ``control`` with the weights
    ``w``) into ``row``: (state, scratch)."""
    if policy == CONTROL:
        return control_move(st, sc, rngs, r, table, edges, root, w, row)
    return choose(st, sc, policy, rngs, r, table, edges, root, row)


@njit(cache=True, inline="always")
def _run(st, sc, policies, rngs, horizon, table, edges, root, w, rows):
    """Play ``st`` on (see :func:`run`); (state, scratch, moves played, rows)."""
    hdr = st[0]
    start_round = hdr[H_ROUND]
    shared = rngs.shape[0] == 1
    n = 0
    while st[0][H_PHASE] != OVER:
        if horizon > 0 and n >= horizon:
            break
        if horizon < 0 and st[0][H_ROUND] != start_round:
            break
        if n == rows.shape[0]:
            grown = np.zeros((2 * n, rows.shape[1]), np.int64)
            grown[:n] = rows
            rows = grown
        seat = st[0][H_TO_MOVE]
        row = rows[n]
        row[:] = 0
        st, sc = _choose(
            st, sc, policies[seat], rngs, 0 if shared else seat, table, edges, root, w, row
        )
        row[MOVER] = seat
        st = apply_row(st, row, table)
        n += 1
    return st, sc, n, rows


@njit(cache=True, nogil=True)
def run(st, firsts, policies, rngs, horizon, table, edges, root, w, batch, keep):
    """The one entry into the compiled playouts (numba optimizes an entry together with
    everything it calls, so one entry compiles once what two would twice):

    - ``batch`` False: ``st`` played on in place, seat ``i`` by ``policies[i]`` drawing
      from ``rngs[i]`` (every seat from ``rngs[0]`` when there is one; ``control`` with
      the weights ``w``), to the end or ``horizon``, its moves recorded;
    - ``batch`` True: for each move of ``firsts`` and each seed of ``rngs``: ``st``
      copied, that move applied, then played on with one generator seeded by the seed
      (``st`` is not changed).

    Returns (the single playout's state, grown if the board needed room, and its moves'
    rows, each with its mover's seat after it (column ``MOVER``); scores[first, seed,
    seat] as things stand where each stopped; ended[first, seed]; with ``keep`` the
    states where they stopped, first by first, seed by seed, as :func:`_kept` stacks
    them); the single playout is first 0 on seed 0."""
    nf, ns = (firsts.shape[0], rngs.shape[0]) if batch else (1, 1)
    scores = np.zeros((nf, ns, st[0][0]), np.int64)
    ended = np.zeros((nf, ns), np.bool_)
    sc = new_scratch(np.int64(0))
    rows = np.zeros((64, MOVER + 1), np.int64)
    shared = np.zeros(1, np.uint64)
    kept = _kept(st, nf * ns if keep else 0)
    played = st
    n = 0
    for i in range(nf):
        for j in range(ns):
            one, gens = st, rngs
            if batch:
                one = apply_row(copy_state(st), firsts[i], table)
                shared[0] = rngs[j]
                gens = shared
            one, sc, n, rows = _run(
                one, sc, policies, gens, horizon, table, edges, root, w, rows
            )
            final_scores(one, table, scores[i, j])
            ended[i, j] = one[0][H_PHASE] == OVER
            if keep:
                kept = _keep(kept, i * ns + j, one)
            if not batch:
                played = one
    return played, rows[: 0 if batch else n].copy(), scores, ended, kept


@njit(cache=True)
def _kept(st, count):
    """Room for ``count`` states, stacked field by field: (headers, generators, racks,
    bags, discards, penalty tiles, each grid's shape and first square in the last two,
    every grid's letters, every grid's colours)."""
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    return (
        np.zeros((count, hdr.shape[0]), np.int64),
        np.zeros((count, 1), np.uint64),
        np.zeros((count,) + racks.shape, np.int64),
        np.zeros((count,) + bags.shape, np.int64),
        np.zeros((count,) + discards.shape, np.int64),
        np.zeros((count,) + ptiles.shape, np.int64),
        np.zeros((count, 3), np.int64),
        np.zeros(count * letters.size, np.uint8),
        np.zeros(count * letters.size, np.int8),
    )


@njit(cache=True)
def _keep(kept, k, st):
    """``kept`` with state ``st`` as its ``k``-th (its grids after the ``k - 1``-th's;
    the grid buffers grown when short)."""
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    heads, rngs, all_racks, all_bags, all_discards, all_ptiles, grids, flat, flatc = kept
    copy_into(heads[k], hdr)
    rngs[k, 0] = rng[0]
    copy_into(all_racks[k].reshape(-1), racks.reshape(-1))
    copy_into(all_bags[k].reshape(-1), bags.reshape(-1))
    copy_into(all_discards[k].reshape(-1), discards.reshape(-1))
    copy_into(all_ptiles[k].reshape(-1), ptiles.reshape(-1))
    at = grids[k - 1, 2] + grids[k - 1, 0] * grids[k - 1, 1] if k > 0 else 0
    h, w = letters.shape
    grids[k, 0], grids[k, 1], grids[k, 2] = h, w, at
    if at + h * w > flat.shape[0]:
        grown = np.zeros(2 * (at + h * w), np.uint8)
        grown_c = np.zeros(2 * (at + h * w), np.int8)
        copy_into(grown, flat[:at])
        copy_into(grown_c, flatc[:at])
        flat, flatc = grown, grown_c
    copy_into(flat[at:], letters.reshape(-1))
    copy_into(flatc[at:], colours.reshape(-1))
    return (heads, rngs, all_racks, all_bags, all_discards, all_ptiles, grids, flat, flatc)

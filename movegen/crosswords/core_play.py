"""Cross words combat played in compiled code: the policies ``random``, ``greedy`` and
``territory`` choosing as their Python players do (players/uniform.py, players/greedy.py,
players/crosswords/territory.py), whole playouts and batches of them, and the players'
values of a position, over the positions of :mod:`.core_state`.

The entry point, :func:`run`, takes a position's arrays as
:mod:`wordbot.engine.crosswords.core` packs them and returns the grid (a new array when
it grew) with what it found.

The entry points release the interpreter's lock (``nogil``): a server's other threads
answer while a playout runs. They read and write only the arrays they are given.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.core_apply import apply_row
from wordbot.movegen.crosswords.core_state import (
    COL,
    DIRECTION,
    EXTRAS,
    KIND,
    ORIGIN,
    OUT,
    OVER,
    PAGE_OF,
    PASS,
    PIE_TAKEN,
    ROW,
    SCORES,
    TAKE_OVER,
    TO_MOVE,
    TURNS,
    WIDTH,
    WORD,
    WRITE,
    copy_state,
    gain_of,
    list_now,
    new_scratch,
    pie_offered,
)
from wordbot.movegen.crosswords.core_territory import pick_territory, values_into
from wordbot.movegen.crosswords.writes import COL as LISTED_COL
from wordbot.movegen.crosswords.writes import DIRECTION as LISTED_DIRECTION
from wordbot.movegen.crosswords.writes import ENCLOSED
from wordbot.movegen.crosswords.writes import ROW as LISTED_ROW
from wordbot.movegen.crosswords.writes import WORD as LISTED_WORD
from wordbot.movegen.rng import below

RANDOM, GREEDY, TERRITORY = 0, 1, 2
#: what :func:`run` does
PLAY, BATCH, APPLY, VALUES = 0, 1, 2, 3
#: a horizon: the end, where a default playout stops (two rounds), or a move count
TO_END, GAME_HORIZON = 0, -1
#: a ``PLAY`` row's column of the seat that made the move (its page next): a move's
#: row alone cannot be decoded, its word is a row of the mover's page
MOVER = WIDTH
#: room for a turn's writes at first (grows when a turn has more)
WRITES_ROOM = 1024


@njit(cache=True, inline="always")
def scratch_for(st, book):
    grid, codes = st[0], book[0]
    return new_scratch(
        grid.shape[1], grid.shape[2], codes.shape[2], codes.shape[1], np.int64(WRITES_ROOM)
    )


@njit(cache=True, inline="always")
def listed_row(st, out, i, row):
    """The move row of write ``i`` of a listing."""
    info = st[2]
    row[KIND] = WRITE
    row[WORD] = out[i, LISTED_WORD]
    row[ROW] = out[i, LISTED_ROW] + info[ORIGIN]
    row[COL] = out[i, LISTED_COL] + info[ORIGIN + 1]
    row[DIRECTION] = out[i, LISTED_DIRECTION]


@njit(cache=True)
def pick_random(st, sc, n, rng, ri, row):
    """``moves[rng.randrange(len(moves))]``: the writes, or pass alone, then the
    take-over when offered. Returns -1 (the cells it walls in are not known)."""
    take = pie_offered(st)
    k = below(rng, ri, n + (1 if n == 0 else 0) + (1 if take else 0))
    if k < n:
        listed_row(st, sc[OUT], k, row)
    elif n == 0 and k == 0:
        row[:] = 0
        row[KIND] = PASS
    else:
        row[:] = 0
        row[KIND] = TAKE_OVER
    return -1


@njit(cache=True)
def pick_greedy(st, sc, n, rng, ri, row):
    """``moves.best(1, rng)``: the most cells now, a draw among the moves tied for it
    (none when one move has it), in the list's order (``n`` writes listed with effects,
    or pass alone, then the take-over, worth the score it exchanges). Returns the cells
    the move walls in."""
    out, info = sc[OUT], st[2]
    take = pie_offered(st)
    take_gain = info[SCORES] - info[SCORES + 1]
    best = 0 if n == 0 else gain_of(out, 0)
    for i in range(n):
        best = max(best, gain_of(out, i))
    if take:
        best = max(best, take_gain)
    ties = 0
    for i in range(n):
        ties += gain_of(out, i) == best
    if n == 0 and best == 0:
        ties += 1
    if take and take_gain == best:
        ties += 1
    k = below(rng, ri, ties) if ties > 1 else 0
    for i in range(n):
        if gain_of(out, i) == best:
            if k == 0:
                listed_row(st, out, i, row)
                return out[i, ENCLOSED]
            k -= 1
    row[:] = 0
    row[KIND] = PASS if n == 0 and best == 0 and k == 0 else TAKE_OVER
    return 0


@njit(cache=True, inline="always")
def play_on(st, book, sc, policies, rngs, horizon, settings, moves, keep, n):
    """Play ``st`` on by ``policies`` (by seat) until the end or ``horizon`` (see the
    module constants), seat ``s`` drawing from ``rngs[s]`` (or all from ``rngs[0]``);
    ``n``: the turn's writes when listed (by the mover's policy), else -1; with
    ``keep``, ``moves`` gets the rows played (a larger array when it is full), each
    followed by its mover's seat and page (columns ``MOVER`` and ``MOVER + 1``).
    Returns (position, scratch, moves played, the rows)."""
    info = st[2]
    effects = np.zeros(2, np.bool_)
    for s in range(2):
        effects[s] = policies[s] != RANDOM
    shared = rngs.shape[0] == 1
    start = info[TURNS] + info[TURNS + 1]
    row = np.zeros(WIDTH, np.int64)
    count = 0
    while not info[OVER]:
        if horizon > 0 and count >= horizon:
            break
        if horizon < 0 and info[TURNS] + info[TURNS + 1] - start >= 4:
            break
        seat = info[TO_MOVE]
        ri = 0 if shared else seat
        if n < 0:
            n, sc = list_now(st, book, sc, effects[seat])
        policy = policies[seat]
        if policy == RANDOM:
            hint = pick_random(st, sc, n, rngs, ri, row)
        elif policy == GREEDY:
            hint = pick_greedy(st, sc, n, rngs, ri, row)
        else:
            chosen, hint, sc = pick_territory(st, book, sc, n, rngs, ri, settings)
            row[:] = chosen
        if keep:
            if count == moves.shape[0]:
                more = np.empty((2 * count, moves.shape[1]), np.int64)
                more[:count] = moves
                moves = more
            moves[count, :WIDTH] = row
            moves[count, MOVER] = seat
            moves[count, MOVER + 1] = info[PAGE_OF + seat]
        count += 1
        # where the horizon stops the playout after this move, the next turn's writes
        # are not listed: whether there is one (has the game ended?) is enough
        last = horizon > 0 and count >= horizon
        if horizon < 0 and info[EXTRAS] == 0 and row[KIND] != TAKE_OVER:
            last = info[TURNS] + info[TURNS + 1] + 1 - start >= 4
        st, n, sc = apply_row(st, book, sc, row, hint, effects, not last)
        info = st[2]
    return st, sc, count, moves


@njit(cache=True)
def final_scores(st, compensation):
    """Each seat's score as things stand (the outcome's: the compensation goes to the
    seat that did not make the first move)."""
    info = st[2]
    out = np.empty(2)
    later = 0 if info[PIE_TAKEN] else 1
    for s in range(2):
        out[s] = info[SCORES + s] + (compensation if s == later else 0.0)
    return out


@njit(cache=True, nogil=True)
def run(
    grid, used, info, extra, book, op, rows, policies, rngs, horizon, settings, compensation
):
    """The one entry into the compiled game (numba optimizes an entry together with
    everything it calls, so one entry compiles once what four would four times):

    - ``PLAY``: play the position on in place by ``policies`` with the generators
      ``rngs`` (see :func:`play_on`);
    - ``BATCH``: each row of ``rows`` played first on a copy of the position, then
      played on with each seed of ``rngs`` (one generator shared by the seats);
    - ``APPLY``: apply each row of ``rows`` in turn in place, settling after each; the
      rows returned hold, before each, the seat to move (column 0) and its page
      (column 1);
    - ``VALUES``: territory's value of the position for each seat (in ``scores[0, 0]``).

    Returns (the grid, the rows played by ``PLAY``, each with its mover's seat and
    page after it (see :func:`play_on`), scores[first, seed, seat], ended[first,
    seed])."""
    st0 = (grid, used, info, extra)
    sc = scratch_for(st0, book)
    played = np.empty((64 if op == PLAY else 0, MOVER + 2), np.int64)
    if op == VALUES:
        scores = np.zeros((1, 1, 2))
        sc = values_into(st0, book, sc, settings, scores[0, 0])
        return grid, played, scores, np.zeros((1, 1), np.bool_)
    if op == APPLY:
        no_effects = np.zeros(2, np.bool_)
        played = np.zeros((rows.shape[0], WIDTH), np.int64)
        st = st0
        for k in range(rows.shape[0]):
            info = st[2]
            played[k, 0] = info[TO_MOVE]
            played[k, 1] = info[PAGE_OF + info[TO_MOVE]]
            st, _, sc = apply_row(
                st, book, sc, rows[k], np.int64(-1), no_effects, np.bool_(False)
            )
        return st[0], played, np.zeros((1, 1, 2)), np.zeros((1, 1), np.bool_)
    effects = np.zeros(2, np.bool_)
    for s in range(2):
        effects[s] = policies[s] != RANDOM
    batch = op == BATCH
    firsts = rows.shape[0] if batch else 1
    seeds = rngs.shape[0] if batch else 1
    scores = np.zeros((firsts, seeds, 2))
    ended = np.zeros((firsts, seeds), np.bool_)
    shared = np.empty(1, np.uint64)
    count = 0
    st = st0
    for i in range(firsts):
        for j in range(seeds):
            st, n, sc2, gens = st0, np.int64(-1), sc, rngs
            if batch:
                st = copy_state(st0)
                st, n, sc2 = apply_row(
                    st, book, sc, rows[i], np.int64(-1), effects, np.bool_(True)
                )
                shared[0] = rngs[j]
                gens = shared
            st, _, count, played = play_on(
                st, book, sc2, policies, gens, horizon, settings, played, not batch, n
            )
            scores[i, j] = final_scores(st, compensation)
            ended[i, j] = st[2][OVER] != 0
    if batch:
        return grid, played, scores, ended
    return st[0], played[:count], scores, ended

"""RouteWords' compiled core, its moves: the lists the engine's move list holds
(:mod:`wordbot.engine.routewords.legal`), from the same kernels in the same order, read
as rows of :mod:`~wordbot.movegen.routewords.core_state`.

A turn's list is routes (word paths from the pawn, each with the free corners of its
last square), the swaps ko leaves, and with a point to pay the route-first
pay-and-both (route by route, each with every swap) and the swap-first ones (the swap
search, run only when needed), the bonus trigger, ``pass``, the take-over. A bonus
round's is every word on the grid, then the empty submission.

Buffers live in a :class:`Scratch` made once per playout; a search that outgrows them
gets larger ones of its own for that move.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit
from wordbot.movegen.routewords.board import (
    CORNERS,
    MAX_PATH,
    POINTS,
    SQUARES,
    SQUARES_AT,
    SWAPS,
)
from wordbot.movegen.routewords.bonus import EVERY_SQUARE
from wordbot.movegen.routewords.core_reach import WITHIN, WORK
from wordbot.movegen.routewords.core_state import (
    BONUS_FULL,
    COINS,
    COUNT,
    END,
    K_BONUS,
    K_BOTH_ROUTE,
    K_BOTH_SWAP,
    K_PASS,
    K_ROUTE,
    K_SWAP,
    K_TAKE_OVER,
    K_WORD,
    KIND,
    KO,
    KO_RULE,
    MIN_WORD,
    OWNERS,
    PATH,
    PAWNS,
    PIE,
    PIE_TAKEN,
    SCORE,
    SEATS,
    SWAP,
    TILES,
    TO_MOVE,
    TOKENS,
    TURNS,
    WIDTH,
)
from wordbot.movegen.routewords.routes import paths_into, swap_first_routes
from wordbot.movegen.routewords.walk import walk_into

#: word paths a scratch holds (a search finding more gets buffers of its own)
ROWS = 2048
#: rows of the swap search a scratch holds
SWAP_ROWS = 16384

Scratch = namedtuple(
    "Scratch",
    [
        "seen",  # a bit per automaton node (the bonus solver's distinct words)
        "words",
        "paths",
        "lengths",
        "letters",
        "r_row",  # the routes: word path and end
        "r_end",
        "swaps",  # the swaps ko leaves, by number
        "allowed",
        "blocked",
        "free",
        "tiles",
        "sf_paths",  # the swap search's rows
        "sf_lengths",
        "sf_tags",
        "row",  # one move row
        "below",  # the automaton's ``Forward.below``
        "within",  # per distance, the squares near one worth ending on
        "ends",  # the ends worth reaching
        "unbounded",  # an empty bound: every path
        "work",  # the bounded walk's (core_reach)
    ],
)


@njit(cache=True)
def new_scratch(below):
    """Buffers for the automaton whose ``Forward.below`` is ``below``."""
    return Scratch(
        np.zeros(below.shape[0] // 64 + 1, np.int64),
        np.empty(ROWS, np.int64),
        np.empty((ROWS, MAX_PATH), np.int8),
        np.empty(ROWS, np.int8),
        np.empty(ROWS, np.int64),
        np.empty(4 * ROWS, np.int64),
        np.empty(4 * ROWS, np.int64),
        np.empty(SWAPS.shape[0], np.int64),
        np.empty(SWAPS.shape[0], np.bool_),
        np.empty(SQUARES, np.bool_),
        np.empty(POINTS, np.bool_),
        np.empty(SQUARES, np.int64),
        np.empty((SWAP_ROWS, MAX_PATH), np.int8),
        np.empty(SWAP_ROWS, np.int8),
        np.empty(SWAP_ROWS, np.int16),
        np.empty(WIDTH, np.int64),
        below,
        np.empty(WITHIN.shape[1], np.int64),
        np.empty(POINTS, np.bool_),
        np.zeros(0, np.int64),
        np.empty(WORK, np.int64),
    )


TurnMoves = namedtuple(
    "TurnMoves",
    [
        "paths",  # the word paths from the pawn
        "lengths",
        "r_row",  # the routes: (word path, end), in the list's order
        "r_end",
        "routes",  # how many
        "swaps",  # how many swaps (numbers in the scratch's ``swaps``)
        "top_route",  # the largest coin a route takes (-1: no route)
        "pay",  # whether the mover can pay for both
        "bonus",  # 1 with a bonus trigger (bots may trigger), else 0
        "passes",  # 1 when pass is listed
        "take_over",  # 1 when the take-over is listed
    ],
)


@njit(cache=True)
def prepare(st, sc, seat):
    """The scratch's tiles, ``seat``'s blocked squares and free ends, the swaps ko
    leaves; returns their number."""
    for s in range(SQUARES):
        sc.tiles[s] = st[TILES + s]
        owner = st[OWNERS + s]
        sc.blocked[s] = owner >= 0 and owner != seat
    for k in range(POINTS):
        sc.free[k] = True
    for other in range(st[SEATS]):
        if other != seat:
            sc.free[st[PAWNS + other]] = False
    swaps = 0
    for k in range(SWAPS.shape[0]):
        ko = (
            st[KO_RULE] != 0
            and st[KO] >= 0
            and SWAPS[k, 0] == st[KO]
            and SWAPS[k, 1] == st[KO + 1]
        )
        sc.allowed[k] = not ko
        if not ko:
            sc.swaps[swaps] = k
            swaps += 1
    return swaps


@njit(cache=True)
def word_paths(records, st, sc, seat, paths, lengths):
    """Every word path from ``seat``'s pawn (the plain walk the engine lists routes
    from), into ``paths``/``lengths`` or, when they are too small, into larger ones:
    (paths, lengths, count). Needs :func:`prepare` for ``seat``."""
    walls = np.int64(0)
    for s in range(SQUARES):
        if sc.blocked[s]:
            walls |= np.int64(1) << s
    pawn = st[PAWNS + seat]
    k = 0
    for i in range(4):
        if SQUARES_AT[pawn, i] >= 0:
            k += 1
    starts = SQUARES_AT[pawn, :k]
    words, letters = sc.words, sc.letters
    while True:
        n = walk_into(
            records,
            sc.tiles,
            walls,
            starts,
            st[MIN_WORD],
            np.bool_(False),
            sc.seen,
            words,
            paths,
            lengths,
            letters,
        )
        if n <= lengths.shape[0]:
            return paths, lengths, n
        paths = np.empty((n, MAX_PATH), np.int8)
        lengths = np.empty(n, np.int8)
        words = np.empty(n, np.int64)
        letters = np.empty(n, np.int64)


@njit(cache=True)
def takes_over(st, seat):
    """Whether ``seat`` may take the first turn over (rule ``pie``: green, after red's
    first turn)."""
    return (
        st[PIE] != 0
        and st[PIE_TAKEN] == 0
        and seat == 1
        and st[TURNS] == 1
        and st[TURNS + 1] == 0
    )


@njit(cache=True)
def turn_moves(records, st, sc):
    """The turn's moves but the swap-first pay-and-both (see :class:`TurnMoves`)."""
    seat = st[TO_MOVE]
    swaps = prepare(st, sc, seat)
    paths, lengths, n = word_paths(records, st, sc, seat, sc.paths, sc.lengths)
    r_row, r_end = sc.r_row, sc.r_end
    if 4 * n > r_row.shape[0]:
        r_row = np.empty(4 * n, np.int64)
        r_end = np.empty(4 * n, np.int64)
    routes = 0
    top = -1
    for r in range(n):
        last = paths[r, lengths[r] - 1]
        for c in range(4):
            end = CORNERS[last, c]
            if sc.free[end]:
                r_row[routes] = r
                r_end[routes] = end
                routes += 1
                top = max(top, st[COINS + end])
    bonus = 1 if st[TOKENS + seat] and st[BONUS_FULL] else 0
    passes = 1 if routes == 0 and swaps == 0 else 0
    return TurnMoves(
        paths,
        lengths,
        r_row,
        r_end,
        routes,
        swaps,
        top,
        st[SCORE + seat] >= 1,
        bonus,
        passes,
        1 if takes_over(st, seat) else 0,
    )


@njit(cache=True)
def swap_first(records, st, sc, least):
    """The swap-first pay-and-both of the mover (after :func:`turn_moves`) whose coin is
    at least ``least`` (all of them for ``least`` <= 0): the swap search's rows and the
    (row, swap, end) triples, in the engine's order."""
    seat = st[TO_MOVE]
    below, within, ends = sc.unbounded, sc.unbounded, sc.free
    if least > 0:
        below, within, ends = sc.below, sc.within, sc.ends
        for k in range(POINTS):
            ends[k] = sc.free[k] and st[COINS + k] >= least
        for r in range(within.shape[0]):
            within[r] = 0
        for s in range(SQUARES):
            for c in range(4):
                if ends[CORNERS[s, c]]:
                    for r in range(within.shape[0]):
                        within[r] |= WITHIN[s, r]
                    break
    search = (records, sc.tiles, sc.blocked, st[PAWNS + seat], st[MIN_WORD], sc.allowed)
    paths, lengths, tags = sc.sf_paths, sc.sf_lengths, sc.sf_tags
    n = paths_into(*search, paths, lengths, tags, np.int64(0), below, within)
    if n > lengths.shape[0]:
        paths = np.empty((n, MAX_PATH), np.int8)
        lengths = np.empty(n, np.int8)
        tags = np.empty(n, np.int16)
        paths_into(*search, paths, lengths, tags, np.int64(0), below, within)
    triples = swap_first_routes(
        sc.tiles, paths[:n], lengths[:n], tags[:n], sc.allowed, ends
    )
    return paths, lengths, triples


@njit(cache=True)
def board_words(records, st, sc):
    """Every word on the grid once (the bonus solver): (paths, lengths, letters,
    count)."""
    for s in range(SQUARES):
        sc.tiles[s] = st[TILES + s]
    paths, lengths, letters, words = sc.paths, sc.lengths, sc.letters, sc.words
    while True:
        n = walk_into(
            records,
            sc.tiles,
            np.int64(0),
            EVERY_SQUARE,
            st[MIN_WORD],
            np.bool_(True),
            sc.seen,
            words,
            paths,
            lengths,
            letters,
        )
        if n <= lengths.shape[0]:
            return paths, lengths, letters, n
        paths = np.empty((n, MAX_PATH), np.int8)
        lengths = np.empty(n, np.int8)
        letters = np.empty(n, np.int64)
        words = np.empty(n, np.int64)


# -- rows ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")  # called with constants: one copy a value else
def clear(row, kind):
    """``row`` as a move of ``kind`` with no swap, end or squares (-1 past its
    squares, so equal moves have equal rows)."""
    row[KIND] = kind
    row[SWAP] = -1
    row[END] = -1
    row[COUNT] = 0
    for i in range(PATH, WIDTH):
        row[i] = -1


@njit(cache=True, inline="always")  # called with constants: one copy a value else
def route_row(row, kind, paths, lengths, r, end, swap):
    """The route of word path ``r`` to ``end`` (with ``swap``, -1 for none)."""
    clear(row, kind)
    row[SWAP] = swap
    row[END] = end
    row[COUNT] = lengths[r]
    for i in range(lengths[r]):
        row[PATH + i] = paths[r, i]


@njit(cache=True, inline="always")  # called with constants: one copy a value else
def word_row(row, tiles, paths, lengths, r):
    """The submission of word path ``r`` (-1: nothing) as its tiles."""
    clear(row, K_WORD)
    if r < 0:
        return
    row[COUNT] = lengths[r]
    for i in range(lengths[r]):
        row[PATH + i] = tiles[paths[r, i]]


@njit(cache=True)
def turn_row(row, tm, sc, i, sf_paths, sf_lengths, triples):
    """Move ``i`` of the turn's list (``triples``: the swap-first ones, or an empty
    array when the list has none)."""
    if i < tm.routes:
        route_row(row, K_ROUTE, tm.paths, tm.lengths, tm.r_row[i], tm.r_end[i], -1)
        return
    i -= tm.routes
    if i < tm.swaps:
        clear(row, K_SWAP)
        row[SWAP] = sc.swaps[i]
        return
    i -= tm.swaps
    if tm.pay:
        both = tm.routes * tm.swaps
        if i < both:
            r = i // tm.swaps
            swap = sc.swaps[i % tm.swaps]
            route_row(
                row, K_BOTH_ROUTE, tm.paths, tm.lengths, tm.r_row[r], tm.r_end[r], swap
            )
            return
        i -= both
        if i < triples.shape[0]:
            route_row(
                row,
                K_BOTH_SWAP,
                sf_paths,
                sf_lengths,
                triples[i, 0],
                triples[i, 2],
                triples[i, 1],
            )
            return
        i -= triples.shape[0]
    if i < tm.bonus:
        clear(row, K_BONUS)
        return
    i -= tm.bonus
    if i < tm.passes:
        clear(row, K_PASS)
        return
    clear(row, K_TAKE_OVER)

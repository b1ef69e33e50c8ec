"""RouteWords' compiled core, its state: a position as one ``int64`` array (offsets
below), a move as one ``int64`` row, and ``apply`` in place, as the engine plays them
(docs/rules/routewords.md).

A state array holds, by offset: the 25 tiles (0..25, Q the Qu tile), the 25 owners
(seat or -1), the 36 coins, then per seat (room for 4) the pawn, points, bonus token
and turns taken; the ko's two squares (-1: none); the number of seats, the seat to
move, the phase, a bonus round's trigger (-1 outside one), whether the pie's take-over
was made; the rules (``ko_rule``, ``turn_limit``, ``min_word``, bots search bonus rounds
(``bonus_search=full``), ``pie``); and per seat the bonus round's submission: its
letters (-1: not submitted yet, 0: nothing), its number of tiles and its tiles.

A move row: its kind, the swap's number (-1: none), the route's end, the number of
squares (tiles for a bonus word) and the squares of the route (the tiles of the word).

>>> st = np.zeros(STATE_SIZE, np.int64)
>>> st[SEATS], st[TURN_LIMIT], st[COINS] = 2, 60, 5
>>> st[TRIGGER], st[KO], st[KO + 1] = -1, -1, -1
>>> row = np.full(WIDTH, -1, np.int64); row[KIND], row[SWAP] = K_SWAP, 0
>>> st[TILES:TILES + 2] = [7, 8]
>>> apply(st, row)
>>> [int(x) for x in st[TILES:TILES + 2]], int(st[KO]), int(st[TO_MOVE]), int(st[TURNS])
([8, 7], 0, 1, 1)
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.forward import TILE_Q
from wordbot.movegen.routewords.board import MAX_PATH, POINTS, SQUARES, SWAPS
from wordbot.movegen.routewords.routes import loop_captures

MAX_SEATS = 4
TILES = 0
OWNERS = TILES + SQUARES
COINS = OWNERS + SQUARES
PAWNS = COINS + POINTS
SCORE = PAWNS + MAX_SEATS  # the running points
TOKENS = SCORE + MAX_SEATS
TURNS = TOKENS + MAX_SEATS
KO = TURNS + MAX_SEATS
SEATS = KO + 2
TO_MOVE = SEATS + 1
PHASE = TO_MOVE + 1
TRIGGER = PHASE + 1
PIE_TAKEN = TRIGGER + 1
KO_RULE = PIE_TAKEN + 1
TURN_LIMIT = KO_RULE + 1
MIN_WORD = TURN_LIMIT + 1
BONUS_FULL = MIN_WORD + 1
PIE = BONUS_FULL + 1
SUB_LETTERS = PIE + 1
SUB_COUNT = SUB_LETTERS + MAX_SEATS
SUB_TILES = SUB_COUNT + MAX_SEATS
STATE_SIZE = SUB_TILES + MAX_SEATS * MAX_PATH

#: the phases
TURN, BONUS, OVER = 0, 1, 2

#: a move row's fields
KIND, SWAP, END, COUNT, PATH = 0, 1, 2, 3, 4
WIDTH = PATH + MAX_PATH
#: its kinds: a route, a swap, pay-and-both route first or swap first, the bonus
#: trigger, pass, the pie's take-over, a bonus round's submission
K_ROUTE, K_SWAP, K_BOTH_ROUTE, K_BOTH_SWAP, K_BONUS, K_PASS, K_TAKE_OVER, K_WORD = range(8)


@njit(cache=True)
def end_reached(st):
    """No coin left, or every player has had ``turn_limit`` turns."""
    coins = False
    for k in range(POINTS):
        if st[COINS + k]:
            coins = True
            break
    least = st[TURNS]
    for s in range(1, st[SEATS]):
        least = min(least, st[TURNS + s])
    return not coins or least >= st[TURN_LIMIT]


@njit(cache=True)
def _swap_tiles(st, k):
    a = TILES + SWAPS[k, 0]
    b = TILES + SWAPS[k, 1]
    st[a], st[b] = st[b], st[a]


@njit(cache=True)
def _route(st, row, seat):
    end = row[END]
    st[PAWNS + seat] = end
    st[SCORE + seat] += st[COINS + end]
    st[COINS + end] = 0
    enclosed = loop_captures(row[PATH : PATH + row[COUNT]], row[COUNT])
    for s in range(SQUARES):
        if (enclosed >> s) & 1 and st[OWNERS + s] < 0:
            st[OWNERS + s] = seat


@njit(cache=True)
def _clear_submissions(st):
    for s in range(MAX_SEATS):
        st[SUB_LETTERS + s] = -1
        st[SUB_COUNT + s] = 0


@njit(cache=True)
def _submit(st, row, seat):
    count = row[COUNT]
    letters = 0
    for i in range(count):
        tile = row[PATH + i]
        st[SUB_TILES + seat * MAX_PATH + i] = tile
        letters += 2 if tile == TILE_Q else 1
    st[SUB_LETTERS + seat] = letters
    st[SUB_COUNT + seat] = count
    following = (seat + 1) % st[SEATS]
    if following != st[TRIGGER]:
        st[TO_MOVE] = following
        return
    longest = 0
    for s in range(st[SEATS]):
        longest = max(longest, st[SUB_LETTERS + s])
    if longest > 0:
        for s in range(st[SEATS]):
            if st[SUB_LETTERS + s] == longest:
                st[SCORE + s] += longest
    st[TO_MOVE] = st[TRIGGER]
    st[TRIGGER] = -1
    _clear_submissions(st)
    st[PHASE] = OVER if end_reached(st) else TURN


@njit(cache=True)
def _take_over(st):
    for s in range(SQUARES):
        if st[OWNERS + s] == 0 or st[OWNERS + s] == 1:
            st[OWNERS + s] = 1 - st[OWNERS + s]
    for field in (PAWNS, SCORE, TOKENS, TURNS):
        st[field], st[field + 1] = st[field + 1], st[field]
    st[TO_MOVE] = 0
    st[PIE_TAKEN] = 1


@njit(cache=True)
def apply(st, row):
    """Apply the move ``row`` to ``st`` in place (``RouteWordsState.apply``)."""
    seat = st[TO_MOVE]
    kind = row[KIND]
    if st[PHASE] == BONUS:
        _submit(st, row, seat)
        return
    if kind == K_TAKE_OVER:
        _take_over(st)
        return
    if kind == K_BONUS:
        st[TOKENS + seat] = 0
        st[PHASE] = BONUS
        st[TRIGGER] = seat
        _clear_submissions(st)
        return
    if kind in (K_BOTH_ROUTE, K_BOTH_SWAP):
        st[SCORE + seat] -= 1
    if kind in (K_SWAP, K_BOTH_SWAP):
        _swap_tiles(st, row[SWAP])
    if kind in (K_ROUTE, K_BOTH_ROUTE, K_BOTH_SWAP):
        _route(st, row, seat)
    if kind == K_BOTH_ROUTE:
        _swap_tiles(st, row[SWAP])
    if kind in (K_PASS, K_ROUTE):
        st[KO] = -1
        st[KO + 1] = -1
    else:
        st[KO] = SWAPS[row[SWAP], 0]
        st[KO + 1] = SWAPS[row[SWAP], 1]
    st[TURNS + seat] += 1
    st[TO_MOVE] = (seat + 1) % st[SEATS]
    if not end_reached(st):
        return
    tokens = 0
    for s in range(st[SEATS]):
        tokens += st[TOKENS + s]
        st[TOKENS + s] = 0
    if tokens:
        st[PHASE] = BONUS
        st[TRIGGER] = 0
        st[TO_MOVE] = 0
        _clear_submissions(st)
    else:
        st[PHASE] = OVER


@njit(cache=True)
def scores(st, compensation):
    """Every seat's score as things stand: its points, plus ``compensation`` times its
    place in seat order (the first two exchanged after a take-over)."""
    n = st[SEATS]
    out = np.empty(n, np.float64)
    for s in range(n):
        k = s
        if st[PIE_TAKEN] and s < 2:
            k = 1 - s
        out[s] = np.float64(st[SCORE + s]) + k * compensation
    return out


@njit(cache=True)
def margins(st, compensation):
    """Each seat's score less the best other score (a player's default value)."""
    points = scores(st, compensation)
    n = points.shape[0]
    out = np.empty(n, np.float64)
    for s in range(n):
        best = -np.inf
        for o in range(n):
            if o != s:
                best = max(best, points[o])
        out[s] = points[s] - best
    return out

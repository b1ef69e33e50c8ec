"""RouteWords' compiled core, its own policy ``routes``: the choices of the Python player
of that name (players/routewords/routes.py, its default options) made again.

A move is worth its coin (less the point a pay-and-both costs), plus ``weights[REACH]``
times the best coin its player could take next turn, minus ``weights[DENY]`` times the
best coin it leaves the next player, plus ``weights[CLAIM]`` per square a loop claims, as
one float expression in the player's order (``weights``: the player's, :data:`DEFAULTS`
or those ``wordbot learn`` fits). The moves weighed, in the player's order (which breaks ties after a
uniform draw per move): one route per (end, squares claimed), with a point to pay the
three best of them (value, then the later route) each followed by every swap when they
leave the next player a coin, every swap, the take-over, and the 30 swap-first
pay-and-both of the largest gains above the best route's coin. The best is found as the
player finds it: values worked out only where their bound can still win.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import popcount
from wordbot.movegen.rng import uniform
from wordbot.movegen.routewords.board import POINTS, SQUARES
from wordbot.movegen.routewords.core_moves import (
    board_words,
    clear,
    route_row,
    swap_first,
    turn_moves,
    word_row,
)
from wordbot.movegen.routewords.core_policies import bonus_choice
from wordbot.movegen.routewords.core_reach import reach
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
    OVER,
    OWNERS,
    PHASE,
    PIE,
    SCORE,
    SEATS,
    SWAP,
    TO_MOVE,
    TURN,
    TURNS,
    WIDTH,
    apply,
    margins,
)
from wordbot.movegen.routewords.routes import loop_captures
from wordbot.movegen.sorting import stable_argsort

#: where each value weight is in ``weights``
REACH, DENY, CLAIM = 0, 1, 2
#: the player's own weights (its options' defaults): reach, deny, claim
DEFAULTS = np.array([0.5, 0.7, 0.4])
#: the player's default ``routes`` option
BEST_ROUTES = 3
#: the swap-first pay-and-both weighed at most
SWAP_FIRST = 30
#: the first-turn candidates weighed against the second player's answer under the rule
#: pie (players/pie.py)
SPREAD = 12


@njit(cache=True, inline="always")
def _value(weights, coin, mine, leaves, claimed):
    return coin + weights[REACH] * mine - weights[DENY] * leaves + weights[CLAIM] * claimed


@njit(cache=True, inline="always")
def _most_mine(weights, top):
    """The coin next turn that bounds a value from above: the largest on the board
    (coins are only taken) where it counts for the mover, none where against."""
    return top if weights[REACH] >= 0 else 0


@njit(cache=True, inline="always")
def _bound(weights, coin, top, claimed):
    """A value no move of this coin and claim can beat (:func:`_most_mine`, and the
    next player's coin at its best for the mover)."""
    least_left = 0 if weights[DENY] >= 0 else top
    return _value(weights, coin, _most_mine(weights, top), least_left, claimed)


@njit(cache=True, inline="always")
def _before(value, jitter, order, key_value, key_jitter, key_order):
    """Whether the key (-value, jitter, order) ranks before the key of the last three
    (the player's ``_Move.key``: the larger value, then the smaller draw, then the move
    listed first)."""
    if value != key_value:
        return value > key_value
    if jitter != key_jitter:
        return jitter < key_jitter
    return order < key_order


#: the moves weighed, one column each
Items = namedtuple(
    "Items",
    [
        "kind",
        "ref",  # the route (by its index in the list), or the swap-first triple
        "swap",
        "coin",
        "claimed",
        "value",
        "known",  # whether ``value`` is worked out
        "leaves",  # the best coin it leaves the next player
    ],
)


@njit(cache=True, inline="always")
def _items(size):
    return Items(
        np.empty(size, np.int64),
        np.zeros(size, np.int64),
        np.full(size, -1, np.int64),
        np.zeros(size, np.int64),
        np.zeros(size, np.int64),
        np.zeros(size, np.float64),
        np.zeros(size, np.bool_),
        np.zeros(size, np.int64),
    )


@njit(cache=True)
def _row(row, items, i, tm, sf_paths, sf_lengths, triples):
    kind, ref = items.kind[i], items.ref[i]
    if kind in (K_ROUTE, K_BOTH_ROUTE):
        route_row(
            row, kind, tm.paths, tm.lengths, tm.r_row[ref], tm.r_end[ref], items.swap[i]
        )
    elif kind == K_BOTH_SWAP:
        route_row(
            row,
            kind,
            sf_paths,
            sf_lengths,
            triples[ref, 0],
            triples[ref, 2],
            triples[ref, 1],
        )
    else:
        clear(row, kind)
        row[SWAP] = items.swap[i]


@njit(cache=True)
def _exact(records, st, sc, weights, tm, items, i, moves, top, limit, key):
    """Work out item ``i``'s value (``moves``: the swap-first rows and triples); with
    ``limit``, False (left unknown) when, the next player's coin known, its bound
    ranks after ``key`` (value, draw, order) with the draw ``key[3]``."""
    sf_paths, sf_lengths, triples, after, work, row = moves
    after[:] = st
    _row(row, items, i, tm, sf_paths, sf_lengths, triples)
    apply(after, row)
    seat = st[TO_MOVE]
    mine = 0
    left = 0
    if after[PHASE] == TURN:
        left = reach(records, sc.below, after, (seat + 1) % st[SEATS], work)
        if limit:
            most = _most_mine(weights, top)
            bound = _value(weights, items.coin[i], most, left, items.claimed[i])
            if not _before(bound, key[3], i, key[0], key[1], key[2]):
                return False
        mine = reach(records, sc.below, after, seat, work)
    items.leaves[i] = left
    items.value[i] = _value(weights, items.coin[i], mine, left, items.claimed[i])
    items.known[i] = True
    return True


@njit(cache=True, inline="always")
def _groups(st, tm, items):
    """One route item per (end, squares claimed), the first of each in the list's
    order; returns their number and the best coin of a route (-1: none)."""
    owned = np.int64(0)
    for s in range(SQUARES):
        if st[OWNERS + s] >= 0:
            owned |= np.int64(1) << s
    rows = 0
    for i in range(tm.routes):
        rows = max(rows, tm.r_row[i] + 1)
    caps = np.empty(rows, np.int64)
    path = np.empty(SQUARES, np.int64)
    for r in range(rows):
        for j in range(tm.lengths[r]):
            path[j] = tm.paths[r, j]
        caps[r] = loop_captures(path, np.int64(tm.lengths[r]))
    n = 0
    best_route = -1
    for i in range(tm.routes):
        end = tm.r_end[i]
        cap = caps[tm.r_row[i]]
        seen = False
        for g in range(n):
            if tm.r_end[items.ref[g]] == end and caps[tm.r_row[items.ref[g]]] == cap:
                seen = True
                break
        if seen:
            continue
        items.kind[n] = K_ROUTE
        items.ref[n] = i
        items.coin[n] = st[COINS + end]
        items.claimed[n] = popcount(cap & ~owned)
        best_route = max(best_route, items.coin[n])
        n += 1
    return n, best_route


@njit(cache=True, inline="always")
def _best_routes(records, st, sc, weights, tm, items, groups, moves, top):
    """The player's ``BEST_ROUTES`` best routes by (value, the later route first):
    values worked out best bound first, until a bound falls below the last place."""
    bounds = np.empty(groups, np.float64)
    for g in range(groups):
        bounds[g] = _bound(weights, items.coin[g], top, items.claimed[g])
    places = np.full(BEST_ROUTES, -1, np.int64)
    none = np.zeros(4, np.float64)
    for g in stable_argsort(-bounds):
        last = places[BEST_ROUTES - 1]
        if last >= 0 and bounds[g] < items.value[last]:
            break
        _exact(records, st, sc, weights, tm, items, g, moves, top, np.bool_(False), none)
        v = items.value[g]
        for place in range(BEST_ROUTES):
            f = places[place]
            if f < 0 or v > items.value[f] or (v == items.value[f] and g > f):
                for later in range(BEST_ROUTES - 1, place, -1):
                    places[later] = places[later - 1]
                places[place] = g
                break
    return places


@njit(cache=True)
def _weigh(records, st, sc, weights, row):
    """The moves the player weighs in a turn, in its order (see the module docstring):
    (the turn's moves, the items, their number, the swap-first rows and scratch, the
    largest coin)."""
    tm = turn_moves(records, st, sc)
    top = np.int64(0)  # not a literal once inlined: one compiled _exact
    for k in range(POINTS):
        top = max(top, st[COINS + k])
    items = _items(tm.routes + (BEST_ROUTES + 1) * tm.swaps + 1 + SWAP_FIRST)
    after = np.empty_like(st)
    moves = (sc.sf_paths, sc.sf_lengths, np.zeros((0, 3), np.int64), after, sc.work, row)
    n, best_route = _groups(st, tm, items) if tm.routes else (0, -1)
    if tm.routes and tm.pay:
        groups = n
        for g in _best_routes(records, st, sc, weights, tm, items, groups, moves, top):
            if g < 0 or items.leaves[g] == 0:
                continue
            for k in range(tm.swaps):
                items.kind[n] = K_BOTH_ROUTE
                items.ref[n] = items.ref[g]
                items.swap[n] = sc.swaps[k]
                items.coin[n] = items.coin[g] - 1
                n += 1
    for k in range(tm.swaps):
        items.kind[n] = K_SWAP
        items.swap[n] = sc.swaps[k]
        n += 1
    if tm.take_over:
        items.kind[n] = K_TAKE_OVER
        items.coin[n] = 2 * (st[SCORE] - st[SCORE + 1])
        n += 1
    if tm.pay and top - 1 > best_route:
        sf_paths, sf_lengths, triples = swap_first(records, st, sc, best_route + 2)
        moves = (sf_paths, sf_lengths, triples, after, sc.work, row)
        gains = np.empty(triples.shape[0], np.int64)
        for t in range(triples.shape[0]):
            gains[t] = st[COINS + triples[t, 2]] - 1
        for taken, t in enumerate(stable_argsort(-gains)):
            if taken == SWAP_FIRST or gains[t] <= best_route:
                break
            items.kind[n] = K_BOTH_SWAP
            items.ref[n] = t
            items.swap[n] = triples[t, 1]
            items.coin[n] = gains[t]
            n += 1
    if n == 0:  # nothing to weigh: the list's first move
        clear(row, K_BONUS if tm.bonus else K_PASS)
    return tm, items, n, moves, top


@njit(cache=True, inline="always")
def _draws(rng, ri, n):
    """The draw of each move weighed, in their order (``rng.random()`` each)."""
    jitter = np.empty(n, np.float64)
    for i in range(n):
        jitter[i] = uniform(rng, ri)
    return jitter


@njit(cache=True, inline="always")
def _best(records, st, sc, weights, tm, items, n, jitter, moves, top):
    """The item of the best key: the values known first, then the others best bound
    first, each worked out only while its bound can still rank first."""
    best = -1
    for i in range(n):
        if items.known[i] and (
            best < 0
            or _before(items.value[i], jitter[i], i, items.value[best], jitter[best], best)
        ):
            best = i
    waiting = np.empty(n, np.int64)
    bounds = np.empty(n, np.float64)
    w = 0
    for i in range(n):
        if not items.known[i]:
            waiting[w] = i
            bounds[w] = _bound(weights, items.coin[i], top, items.claimed[i])
            w += 1
    key = np.empty(4, np.float64)
    for o in stable_argsort(-bounds[:w]):
        i = waiting[o]
        if best >= 0:
            key[0], key[1], key[2], key[3] = (
                items.value[best],
                jitter[best],
                best,
                jitter[i],
            )
            if not _before(bounds[o], jitter[i], i, key[0], key[1], key[2]):
                if bounds[o] < key[0]:
                    break  # every bound after it is lower still
                continue
            if not _exact(
                records, st, sc, weights, tm, items, i, moves, top, np.bool_(True), key
            ):
                continue
            if not _before(items.value[i], jitter[i], i, key[0], key[1], key[2]):
                continue
        else:
            _exact(records, st, sc, weights, tm, items, i, moves, top, np.bool_(False), key)
        best = i
    return best


@njit(cache=True)
def _ranked(records, st, sc, weights, rng, ri, row):
    """The player's move in ``st`` as if no one could take a turn over, written into
    ``row``; returns its equity (its value; a bonus submission's letters)."""
    if st[PHASE] == BONUS:
        return np.float64(bonus_choice(records, st, sc, rng, ri, row, np.bool_(True)))
    tm, items, n, moves, top = _weigh(records, st, sc, weights, row)
    if n == 0:
        return 0.0
    jitter = _draws(rng, ri, n)
    best = _best(records, st, sc, weights, tm, items, n, jitter, moves, top)
    # np.int64: ``best`` starts as a literal, which would compile a _row of its own
    _row(row, items, np.int64(best), tm, moves[0], moves[1], moves[2])
    return items.value[best]


@njit(cache=True, inline="always")
def facing_pie(st):
    """Whether the mover makes the first turn of a two-player game whose second player
    may take it over (players/pie.py)."""
    if not st[PIE] or st[SEATS] != 2 or st[TO_MOVE] != 0:
        return False
    return st[TURNS] == 0 and st[TURNS + 1] == 0


@njit(cache=True, inline="always")
def _candidates(records, st, sc, weights, rng, ri):
    """Every move the player ranks at a first turn under the pie rule, best first, as
    rows with their equities (``_ranked`` for every move: all of them weighed)."""
    if st[PHASE] == BONUS:  # the submissions by letters, the list's order among equals
        count = 0
        paths, lengths, letters = sc.paths, sc.lengths, sc.letters
        if st[BONUS_FULL]:
            paths, lengths, letters, count = board_words(records, st, sc)
        rows = np.empty((count + 1, WIDTH), np.int64)
        equity = np.zeros(count + 1, np.float64)
        for j, r in enumerate(stable_argsort(-letters[:count])):
            word_row(rows[j], sc.tiles, paths, lengths, r)
            equity[j] = letters[r]
        word_row(rows[count], sc.tiles, paths, lengths, -1)
        return rows, equity
    scratch = np.empty(WIDTH, np.int64)
    tm, items, n, moves, top = _weigh(records, st, sc, weights, scratch)
    if n == 0:
        rows = np.empty((1, WIDTH), np.int64)
        rows[0] = scratch
        return rows, np.zeros(1, np.float64)
    jitter = _draws(rng, ri, n)
    none = np.zeros(4, np.float64)
    for i in range(n):
        if not items.known[i]:
            _exact(
                records, st, sc, weights, tm, items, i, moves, top, np.bool_(False), none
            )
    by_draw = stable_argsort(jitter[:n])
    order = by_draw[stable_argsort(-items.value[:n][by_draw])]
    rows = np.empty((n, WIDTH), np.int64)
    equity = np.empty(n, np.float64)
    for j, i in enumerate(order):
        _row(rows[j], items, i, tm, moves[0], moves[1], moves[2])
        equity[j] = items.value[i]
    return rows, equity


@njit(cache=True, inline="always")
def _against_pie(records, st, sc, weights, rng, ri, row):
    """players/pie.py's ``against_pie``: a spread of the candidates, strongest to
    weakest, each followed by the rest of the first player's turn, then valued by the
    second player's best equity (rounded to 3 decimals), the lower the better."""
    rows, equity = _candidates(records, st, sc, weights, rng, ri)
    count = rows.shape[0]
    picks = np.arange(min(count, SPREAD))
    if count > SPREAD:
        step = (count - 1) / (SPREAD - 1)
        for i in range(SPREAD):
            picks[i] = np.int64(np.rint(i * step))
    after = np.empty_like(st)
    answer = np.empty(WIDTH, np.int64)
    best, best_equity = 0, -np.inf
    for p in range(picks.shape[0]):
        after[:] = st
        apply(after, rows[picks[p]])
        while after[PHASE] != OVER and after[TO_MOVE] == 0:
            _ranked(records, after, sc, weights, rng, ri, answer)
            apply(after, answer)
        weighed = equity[picks[p]]
        if after[PHASE] != OVER:
            weighed = -_ranked(records, after, sc, weights, rng, ri, answer)
            weighed = np.rint(weighed * 1000.0)
            weighed /= 1000.0
        if weighed > best_equity:
            best, best_equity = p, weighed
    row[:] = rows[picks[best]]


@njit(cache=True)
def routes_choice(records, st, sc, weights, rng, ri, row):
    """The ``routes`` player's move in ``st`` on its value weights ``weights``, written
    into ``row``."""
    if facing_pie(st):
        _against_pie(records, st, sc, weights, rng, ri, row)
    else:
        _ranked(records, st, sc, weights, rng, ri, row)


@njit(cache=True)
def routes_values(records, st, sc, weights, compensation):
    """Every seat's value of ``st`` to the ``routes`` player on ``weights``: its
    margin, plus in a turn ``weights[REACH]`` times the best coin it could take from
    its pawn less ``weights[DENY]`` times the best the seat after it could, plus
    ``weights[CLAIM]`` per square it owns (the Python player's ``value``, summed in its
    order)."""
    out = margins(st, compensation)
    if st[PHASE] == OVER:
        return out
    n = st[SEATS]
    coins = np.zeros(n, np.int64)
    if st[PHASE] == TURN:
        for s in range(n):
            coins[s] = reach(records, sc.below, st, s, sc.work)
    for s in range(n):
        owned = 0
        for q in range(SQUARES):
            if st[OWNERS + q] == s:
                owned += 1
        out[s] = _value(weights, out[s], coins[s], coins[(s + 1) % n], owned)
    return out

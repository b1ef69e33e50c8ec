"""The ``control`` player compiled, on a state of :mod:`~.core_state`: its choice of
move and its value of a position, as ``wordbot.players.controlword.control`` makes them
with the weights ``w`` (the vector of :data:`~.evaluation.WEIGHTS`).

Every play of the phase is weighed by points now + ``control`` x its change in the
risk-weighted control value + its rack leave (:mod:`~.evaluation`'s kernels; a word play
in the better of its two colourings when the rack holds blue tiles); pass by its leave,
blue exchanges and a redraw when no play is worth much. The move is drawn among those
within 1e-9 of the best, in the player's order (by equity, then the plays by their
place in the list, then the other actions), drawing only when there are two or more.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword.annotate import replacement_points
from wordbot.movegen.controlword.core_moves import (
    all_replacements,
    all_word_plays,
    rack_of,
    window,
    word_window,
    write_other,
    write_tiles,
)
from wordbot.movegen.controlword.core_state import (
    BLUE_TILES,
    CONSONANT_BAG,
    EXCHANGE,
    H_COLOUR,
    H_NP,
    H_PENALTY,
    H_PENALTY_POINTS,
    H_PHASE,
    H_REDRAWS,
    H_REPLACEMENT_LIMIT,
    H_ROUND,
    H_ROUNDS,
    H_SCORE,
    H_SCORE_REPLACEMENTS,
    H_TO_MOVE,
    OVER,
    OWN,
    PASS,
    REDRAW,
    REPLACE,
    VOWEL_BAG,
    WORD,
    WORD_PLAY,
    phase_order,
)
from wordbot.movegen.controlword.evaluation import (
    INDEX,
    exchange_gains,
    leave_value,
    replacement_effects,
    word_play_effects,
    word_values,
)
from wordbot.movegen.controlword.replacements import board_words
from wordbot.movegen.rng import below

CONTROL = 2
W_CONTROL = INDEX["control"]
W_EXCHANGE_GAIN = INDEX["exchange_gain"]
W_EXCHANGE_BELOW = INDEX["exchange_below"]
W_REDRAW_BELOW = INDEX["redraw_below"]
#: the most plays among the best the choice is drawn from (the player's ``TOP_PLAYS``)
TOP_PLAYS = 64
#: how close to the best an equity counts as tied
TIED = 1e-9


@njit(cache=True)
def phases_left(hdr):
    """(the mover's, the opponents') replacement phases still to come after this action,
    capped at 2 each (the player's ``phases_left``)."""
    after = max(0, hdr[H_ROUNDS] - hdr[H_ROUND])
    others = hdr[H_NP] - 1
    if hdr[H_PHASE] == WORD:
        mine, theirs = 1 + after, others * (1 + after)
    else:
        k = 0
        while phase_order(hdr, k) != hdr[H_TO_MOVE]:
            k += 1
        mine, theirs = after, hdr[H_NP] - 1 - k + others * after
    return min(mine, 2), min(theirs, 2)


@njit(cache=True)
def _mover(st):
    """The mover's own and blue tiles (counts by letter) and colour index."""
    hdr, racks = st[0], st[4]
    seat = hdr[H_TO_MOVE]
    return racks[seat, OWN], racks[seat, BLUE_TILES], hdr[H_COLOUR + seat]


@njit(cache=True, inline="always")  # one caller: no compile level of its own
def _word_options(st, sc, table, edges, root, w, my, their):
    """The word plays with their equity and colours: (state, scratch, moves, tiles,
    colours, equity, window origin)."""
    hdr = st[0]
    own, blue, mover = _mover(st)
    rack = rack_of(st, sc)
    st, sc, lw, cw, wr0, wc0 = word_window(st, sc, rack)
    sc = all_word_plays(st, sc, lw, rack, table, edges, root)
    n, nt = sc[6][0], sc[6][1]
    moves, tiles = sc[4][:n], sc[5][:nt]
    starts, lengths, dirs, squares, word_of = board_words(lw)
    values = word_values(cw, starts, lengths, squares, mover, w, table, my, their)
    keep = hdr[H_REPLACEMENT_LIMIT]
    cols = np.empty(nt, np.int8)
    ctrl = np.empty(n, np.float64)
    leave = np.empty(n, np.float64)
    word_play_effects(
        lw, cw, word_of, values, moves, tiles, own, blue, mover, np.bool_(False), w,
        table, my, their, keep, cols, ctrl, leave,
    )  # fmt: skip
    wc = w[W_CONTROL]
    # the other colouring (blue tiles first), where it is better: it differs only in
    # plays of a letter the rack holds in both colours
    both = np.int64(0)
    for x in range(1, 27):
        if own[x] > 0 and blue[x] > 0:
            both |= np.int64(1) << x
    if both:
        sub = np.empty((n, moves.shape[1]), moves.dtype)
        ns = 0
        for m in range(n):
            for t in range(moves[m, 0], moves[m, 0] + moves[m, 1]):
                if both >> tiles[t, 2] & 1:
                    sub[ns] = moves[m]
                    ns += 1
                    break
        sub = sub[:ns]
        cols2 = np.empty(nt, np.int8)
        ctrl2 = np.empty(ns, np.float64)
        leave2 = np.empty(ns, np.float64)
        word_play_effects(
            lw, cw, word_of, values, sub, tiles, own, blue, mover, np.bool_(True), w,
            table, my, their, keep, cols2, ctrl2, leave2,
        )  # fmt: skip
        k = 0
        for m in range(n):
            if k == ns or moves[m, 0] != sub[k, 0]:
                continue
            if wc * ctrl2[k] + leave2[k] > wc * ctrl[m] + leave[m]:
                for t in range(moves[m, 0], moves[m, 0] + moves[m, 1]):
                    cols[t] = cols2[t]
                ctrl[m] = ctrl2[k]
                leave[m] = leave2[k]
            k += 1
    equity = np.empty(n, np.float64)
    for m in range(n):
        equity[m] = np.float64(moves[m, 2]) + wc * ctrl[m] + leave[m]
    return st, sc, moves, tiles, cols, equity, wr0, wc0


@njit(cache=True, inline="always")  # one caller: no compile level of its own
def _replacement_options(st, sc, table, edges, root, w, my, their):
    """The replacement plays with their equity and colours: (scratch, moves, tiles,
    colours, equity, window origin)."""
    hdr = st[0]
    own, blue, mover = _mover(st)
    sc, moves, tiles, lw, cw, wr0, wc0 = all_replacements(st, sc, edges, root)
    n = moves.shape[0]
    starts, lengths, dirs, squares, word_of = board_words(lw)
    values = word_values(cw, starts, lengths, squares, mover, w, table, my, their)
    cols = np.empty(tiles.shape[0], np.int8)
    ctrl = np.empty(n, np.float64)
    leave = np.empty(n, np.float64)
    replacement_effects(
        lw, cw, word_of, starts, lengths, squares, values, moves, tiles, own, blue, mover,
        w, table, my, their, np.int64(0), cols, ctrl, leave,
    )  # fmt: skip
    points = np.zeros(n, np.int64)
    if hdr[H_SCORE_REPLACEMENTS]:
        replacement_points(lw, moves, tiles, table, points)
    equity = np.empty(n, np.float64)
    wc = w[W_CONTROL]
    for m in range(n):
        equity[m] = np.float64(points[m]) + wc * ctrl[m] + leave[m]
    return sc, moves, tiles, cols, equity, wr0, wc0


@njit(cache=True)
def _others(st, equity, w):
    """The other actions with their equity, in the player's order: pass, then (word
    phase) the blue exchanges and a redraw when no play is worth much. Rows of (equity,
    kind, letter, bag)."""
    hdr, racks, bags = st[0], st[4], st[5]
    seat = hdr[H_TO_MOVE]
    own, blue, _ = _mover(st)
    out = np.zeros((2 + 2 * 27, 4), np.float64)
    if hdr[H_PHASE] != WORD:
        out[0, 0] = leave_value(own, blue, np.int64(0), w)
        out[0, 1] = PASS
        return out[:1]
    keep = hdr[H_REPLACEMENT_LIMIT]
    out[0, 0] = leave_value(own, blue, keep, w)
    out[0, 1] = PASS
    k = 1
    best = out[0, 0]
    if equity.shape[0] > 0:
        best = max(best, equity.max())
    if best < w[W_EXCHANGE_BELOW]:
        unseen = np.zeros((2, 27), np.int64)  # the blue tiles the mover cannot see
        for x in range(27):
            unseen[0, x] = bags[VOWEL_BAG, x]
            unseen[1, x] = bags[CONSONANT_BAG, x]
        for p in range(hdr[H_NP]):
            if p != seat:
                for x in range(1, 27):
                    if x == 1 or x == 5 or x == 9 or x == 15 or x == 21:
                        unseen[0, x] += racks[p, BLUE_TILES, x]
                    else:
                        unseen[1, x] += racks[p, BLUE_TILES, x]
        gains = exchange_gains(own, blue, unseen, keep, w)
        for letter in range(27):
            for b in range(2):
                if gains[letter, b] > w[W_EXCHANGE_GAIN]:
                    out[k, 0] = best + gains[letter, b] - w[W_EXCHANGE_GAIN]
                    out[k, 1] = EXCHANGE
                    out[k, 2] = letter
                    out[k, 3] = b
                    k += 1
    if best < w[W_REDRAW_BELOW] and hdr[H_REDRAWS] == 0:
        out[k, 0] = w[W_REDRAW_BELOW]
        out[k, 1] = REDRAW
        k += 1
    return out[:k]


@njit(cache=True)
def control_move(st, sc, rngs, r, table, edges, root, w, row):
    """``control``'s move into ``row``, drawing from ``rngs[r]`` among ties: (state,
    scratch)."""
    hdr = st[0]
    my, their = phases_left(hdr)
    word = hdr[H_PHASE] == WORD
    if word:
        st, sc, moves, tiles, cols, equity, wr0, wc0 = _word_options(
            st, sc, table, edges, root, w, my, their
        )
    else:
        sc, moves, tiles, cols, equity, wr0, wc0 = _replacement_options(
            st, sc, table, edges, root, w, my, their
        )
    others = _others(st, equity, w)
    best = others[0, 0]
    if equity.shape[0] > 0:
        best = max(best, equity.max())
    for k in range(others.shape[0]):
        best = max(best, others[k, 0])
    near = np.flatnonzero(equity >= best - TIED)
    # the plays by equity, then by their place in the list; the best TOP_PLAYS of them
    near = near[np.argsort(-equity[near], kind="mergesort")][:TOP_PLAYS]
    tied_others = np.flatnonzero(others[:, 0] >= best - TIED)
    keys = np.empty(near.shape[0] + tied_others.shape[0], np.float64)
    for k in range(near.shape[0]):
        keys[k] = -equity[near[k]]
    for k in range(tied_others.shape[0]):
        keys[near.shape[0] + k] = -others[tied_others[k], 0]
    order = np.argsort(keys, kind="mergesort")
    pick = order[below(rngs, r, order.shape[0]) if order.shape[0] > 1 else 0]
    if pick >= near.shape[0]:
        j = tied_others[pick - near.shape[0]]
        write_other(
            row, np.int64(others[j, 1]), np.int64(others[j, 2]), np.int64(others[j, 3])
        )
        return st, sc
    m = near[pick]
    first, n = moves[m, 0], moves[m, 1]
    sel, chosen = sc[10], sc[9]
    for k in range(n):
        for f in range(3):
            sel[k, f] = tiles[first + k, f]
        chosen[k] = cols[first + k]
    points = moves[m, 2] if word else 0
    write_tiles(st, WORD_PLAY if word else REPLACE, sel, chosen, n, points, wr0, wc0, row)
    return st, sc


@njit(cache=True)
def _block_sum(a, lo, n):
    """numpy's pairwise sum of at most 128 numbers: in order below 8, else 8 partial
    sums added as a tree, then the rest in order."""
    if n < 8:
        res = 0.0
        for i in range(n):
            res += a[lo + i]
        return res
    r = np.empty(8, np.float64)
    for j in range(8):
        r[j] = a[lo + j]
    i = 8
    while i < n - (n % 8):
        for j in range(8):
            r[j] += a[lo + i + j]
        i += 8
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    while i < n:
        res += a[lo + i]
        i += 1
    return res


@njit(cache=True)
def pairwise_sum(a):
    """``a.sum()`` as numpy adds (longer than 128: the two halves, a multiple of 8 in
    the first, each summed so), so that a compiled value equals the player's to the
    last bit. The halving runs on a stack: numba's cache reloads recursive functions
    badly."""
    lo = np.empty(64, np.int64)
    size = np.empty(64, np.int64)
    stage = np.zeros(64, np.int64)
    sums = np.empty(64, np.float64)
    lo[0], size[0], stage[0] = 0, a.shape[0], 0
    sp = 1
    ns = 0
    while sp > 0:
        top = sp - 1
        n = size[top]
        half = n // 2
        half -= half % 8
        if n <= 128:
            sums[ns] = _block_sum(a, lo[top], n)
            ns += 1
            sp -= 1
        elif stage[top] < 2:  # the first half, then the second
            first = stage[top] == 0
            stage[top] += 1
            lo[sp] = lo[top] if first else lo[top] + half
            size[sp] = half if first else n - half
            stage[sp] = 0
            sp += 1
        else:
            ns -= 1
            sums[ns - 1] = sums[ns - 1] + sums[ns]
            sp -= 1
    return sums[0]


@njit(cache=True)
def control_values(st, table, w, out):
    """Every seat's ``control`` value of the position (the player's ``static_value``):
    its points so far minus the best opponent's, penalties counted, plus ``control`` x
    the risk-weighted control value of every word on the board."""
    hdr = st[0]
    lw, cw, wr0, wc0 = window(st, np.int64(0), np.bool_(False))
    starts, lengths, dirs, squares, word_of = board_words(lw)
    n = hdr[H_NP]
    over = hdr[H_PHASE] == OVER
    mine, theirs = (0, 0) if over else phases_left(hdr)
    score = np.empty(n, np.int64)
    for seat in range(n):
        score[seat] = hdr[H_SCORE + seat] - hdr[H_PENALTY_POINTS] * hdr[H_PENALTY + seat]
    for seat in range(n):
        my, their = mine, theirs
        if not over and hdr[H_TO_MOVE] != seat:
            my, their = theirs, mine  # phases are counted from the mover's side
        values = word_values(
            cw, starts, lengths, squares, hdr[H_COLOUR + seat], w, table, my, their
        )
        best_other = -(np.int64(1) << 62)
        for other in range(n):
            if other != seat:
                best_other = max(best_other, score[other])
        total = pairwise_sum(values)
        out[seat] = np.float64(score[seat] - best_other) + w[W_CONTROL] * total

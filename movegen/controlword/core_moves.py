"""The moves of a compiled Control Word state (:mod:`~.core_state`) as the Python
players choose them: ``greedy`` (the move list's ``best``: the best-only word play, else
pass; pass in the replacement phase, or under ``score_replacements`` the first
replacement of the most points) and ``random`` (one of every legal action, uniformly, in
the move list's order: the plays of the phase, then pass, a redraw in the word phase
and every blue exchange), and the final scores of a position as things stand.

The plays come from the generator's own kernels, on the board cut out of the state's
grid as the engine's adapter packs it (the tiles' box with the rack's size free around it
and a blocked ring; without free squares for replacements and scoring), so they come in
the order and with the points of the engine's move list.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword import replacements, wordplays
from wordbot.movegen.controlword.annotate import replacement_points
from wordbot.movegen.controlword.bestplays import best_plays
from wordbot.movegen.controlword.control import assign_colours, word_controls
from wordbot.movegen.controlword.core_state import (
    BLUE_TILES,
    CONSONANT_BAG,
    EXCHANGE,
    H_BOUNDED,
    H_BOUNDS,
    H_COL0,
    H_COLOUR,
    H_NP,
    H_PENALTY,
    H_PENALTY_POINTS,
    H_PHASE,
    H_REPLACEMENT_LIMIT,
    H_ROW0,
    H_SCORE,
    H_SCORE_REPLACEMENTS,
    H_TO_MOVE,
    M_KIND,
    M_N,
    M_POINTS,
    M_TILES,
    OWN,
    PASS,
    REDRAW,
    REPLACE,
    T_COL,
    T_COLOUR,
    T_LETTER,
    T_ROW,
    TILE_FIELDS,
    VOWEL_BAG,
    WORD,
    WORD_PLAY,
    box,
    ensure_room,
    tile_count,
)
from wordbot.movegen.controlword.grid import BLOCKED, NO_COLOUR
from wordbot.movegen.controlword.playrecord import BLOCK, KEPT_ORDER, MOVE_FIELDS
from wordbot.movegen.controlword.replacement_sets import MOVE_FIELDS as REPLACE_FIELDS
from wordbot.movegen.controlword.replacement_sets import expand
from wordbot.movegen.controlword.replacements import new_pools
from wordbot.movegen.controlword.scoring import POINTS
from wordbot.movegen.controlword.walkstack import (
    ANCHOR_FIELDS,
    FRAME,
    MAX_FRAMES,
    MAX_RACK,
)
from wordbot.movegen.rng import below

RANDOM, GREEDY = 0, 1
#: room for this many plays in the full word-play list at first (grown when short)
FIRST_PLAYS = 4096
#: patterns and atoms the replacement search has room for at first (grown when short)
FIRST_POOL = 1024


# ------------------------------------------------------------------------- scratch
@njit(cache=True)
def new_work(squares):
    """The word-play walks' scratch arrays (a ``Workspace``'s) for ``squares`` squares."""
    return (
        np.zeros(squares, np.uint8),
        np.zeros(squares, np.int64),
        np.zeros(2 * squares, np.int64),
        np.zeros((MAX_FRAMES, FRAME), np.int64),
        np.zeros(2 * (MAX_RACK + 1), np.int64),
        np.zeros((2 * squares, ANCHOR_FIELDS), np.int64),
        np.zeros(MAX_RACK + 2, np.int64),
        np.zeros(2 * squares, np.int64),
    )


@njit(cache=True)
def new_scratch(squares):
    """Everything choosing a move needs besides the state, reused from move to move:
    the walks' scratch, the best play's buffers (moves, tiles, counts), the full list's,
    the replacement search's pools, then small arrays: a rack and what is left of it
    (counts), a play's colours and its tiles."""
    return (
        new_work(squares),
        np.empty((1, MOVE_FIELDS), np.int32),
        np.empty((BLOCK, 3), np.int16),
        np.zeros(KEPT_ORDER + 1, np.int64),
        np.empty((FIRST_PLAYS, MOVE_FIELDS), np.int32),
        np.empty((4 * FIRST_PLAYS, 3), np.int16),
        np.zeros(4, np.int64),
        new_pools(np.int64(FIRST_POOL)),
        np.zeros((3, 27), np.int64),
        np.zeros(MAX_RACK + 1, np.int8),
        np.zeros((MAX_RACK + 1, 3), np.int16),
    )


# ------------------------------------------------------------------------- windows
@njit(cache=True)
def window(st, pad, bounded):
    """The board as the engine's adapter packs it: the tiles' box with ``pad`` free
    squares and a blocked ring around it (with ``bounded``, the squares off a bounded
    board blocked too); its letters, colours and origin in the state's grid."""
    hdr, letters, colours = st[0], st[2], st[3]
    r0, r1, c0, c1 = box(hdr)
    r0 -= pad + 1
    c0 -= pad + 1
    h = r1 + pad + 1 - r0 + 1
    w = c1 + pad + 1 - c0 + 1
    out = np.empty((h, w), np.uint8)
    cols = np.empty((h, w), np.int8)
    b0 = hdr[H_BOUNDS] - hdr[H_ROW0]
    b1 = hdr[H_BOUNDS + 1] - hdr[H_ROW0]
    b2 = hdr[H_BOUNDS + 2] - hdr[H_COL0]
    b3 = hdr[H_BOUNDS + 3] - hdr[H_COL0]
    for i in range(h):
        gi = r0 + i
        for j in range(w):
            gj = c0 + j
            if (
                i == 0
                or j == 0
                or i == h - 1
                or j == w - 1
                or (bounded and not (b0 <= gi <= b1 and b2 <= gj <= b3))
            ):
                out[i, j] = BLOCKED
                cols[i, j] = NO_COLOUR
            else:
                out[i, j] = letters[gi, gj]
                cols[i, j] = colours[gi, gj]
    return out, cols, r0, c0


@njit(cache=True)
def _fit(sc, squares):
    """``sc`` with walk scratch for ``squares`` squares (a quarter more when it grows:
    the board grows slowly, and zeroed scratch costs its size)."""
    if sc[0][0].shape[0] >= squares:
        return sc
    return (new_work(squares + squares // 4),) + sc[1:]


# ------------------------------------------------------------------------- rows
@njit(cache=True)
def write_play(st, kind, tiles, first, n, points, wr0, wc0, sc, row):
    """The move ``row`` of a play's ``n`` tiles (window coordinates, from row ``first``
    of ``tiles``), coloured as the engine colours them: the mover's own tiles of a
    letter first, in square order."""
    hdr, racks = st[0], st[4]
    seat = hdr[H_TO_MOVE]
    small, cols, sel = sc[8], sc[9], sc[10]
    for k in range(n):
        for f in range(3):
            sel[k, f] = tiles[first + k, f]
    assign_colours(
        sel,
        np.int32(0),  # the move rows' type: one compiled assign_colours
        n,
        racks[seat, OWN],
        racks[seat, BLUE_TILES],
        hdr[H_COLOUR + seat],
        np.bool_(False),
        cols,
        small[1],
        small[2],
        np.int64(1) << 20,
    )
    write_tiles(st, kind, sel, cols, n, points, wr0, wc0, row)


@njit(cache=True)
def write_tiles(st, kind, sel, cols, n, points, wr0, wc0, row):
    """The move ``row`` of the ``n`` tiles ``sel`` (window coordinates) of colours
    ``cols``, its tiles in square order."""
    hdr = st[0]
    row[M_KIND] = kind
    row[M_N] = n
    row[M_POINTS] = points
    for k in range(n):  # insertion by square order
        r = np.int64(sel[k, 0]) + wr0 + hdr[H_ROW0]
        c = np.int64(sel[k, 1]) + wc0 + hdr[H_COL0]
        at = k
        while at > 0:
            t = M_TILES + TILE_FIELDS * (at - 1)
            if row[t + T_ROW] < r or (row[t + T_ROW] == r and row[t + T_COL] < c):
                break
            for f in range(TILE_FIELDS):
                row[t + TILE_FIELDS + f] = row[t + f]
            at -= 1
        t = M_TILES + TILE_FIELDS * at
        row[t + T_ROW] = r
        row[t + T_COL] = c
        row[t + T_LETTER] = sel[k, 2]
        row[t + T_COLOUR] = cols[k]


@njit(cache=True, inline="always")  # called with constants: one copy a value else
def write_other(row, kind, letter, bag):
    row[M_KIND] = kind
    row[M_N] = letter
    row[M_POINTS] = bag


@njit(cache=True)
def others(st):
    """How many actions besides the plays: pass, a redraw in the word phase, and for
    each own letter on the rack an exchange for each blue bag that is not empty."""
    hdr, racks, bags = st[0], st[4], st[5]
    own = racks[hdr[H_TO_MOVE], OWN]
    letters = 0
    for x in range(1, 27):
        if own[x] > 0:
            letters += 1
    bags_left = (tile_count(bags[VOWEL_BAG]) > 0) + (tile_count(bags[CONSONANT_BAG]) > 0)
    return (2 if hdr[H_PHASE] == WORD else 1) + letters * bags_left


@njit(cache=True)
def write_others(st, j, row):
    """The ``j``-th action besides the plays (:func:`others`' order)."""
    hdr, racks, bags = st[0], st[4], st[5]
    if j == 0:
        write_other(row, PASS, 0, 0)
        return
    if hdr[H_PHASE] == WORD:
        if j == 1:
            write_other(row, REDRAW, 0, 0)
            return
        j -= 1
    j -= 1
    vowels = tile_count(bags[VOWEL_BAG]) > 0
    consonants = tile_count(bags[CONSONANT_BAG]) > 0
    per = vowels + consonants
    own = racks[hdr[H_TO_MOVE], OWN]
    k = j // per
    x = 0
    while k >= 0:
        x += 1
        if own[x] > 0:
            k -= 1
    write_other(row, EXCHANGE, x, 1 if (j % per == 1 or not vowels) else 0)


# ------------------------------------------------------------------------- plays
@njit(cache=True)
def rack_of(st, sc):
    """The mover's rack, both colours, by letter (in the scratch)."""
    hdr, racks = st[0], st[4]
    seat = hdr[H_TO_MOVE]
    rack = sc[8][0]
    for x in range(27):
        rack[x] = racks[seat, OWN, x] + racks[seat, BLUE_TILES, x]
    return rack


@njit(cache=True)
def word_window(st, sc, rack):
    pad = max(tile_count(rack), 1)
    st = ensure_room(st, pad)
    lw, cw, wr0, wc0 = window(st, pad, st[0][H_BOUNDED] != 0)
    sc = _fit(sc, 2 * lw.size)
    return st, sc, lw, cw, wr0, wc0


@njit(cache=True)
def all_word_plays(st, sc, lw, rack, table, edges, root):
    """Every word play on the window ``lw`` (the engine's list); the scratch, grown
    when its buffers were short."""
    while True:
        wordplays.generate(lw, rack, edges, root, table, sc[0], sc[4], sc[5], sc[6])
        if sc[6][2] != 1:
            return sc
        grown_moves = np.empty((4 * sc[4].shape[0], MOVE_FIELDS), np.int32)
        grown_tiles = np.empty((4 * sc[5].shape[0], 3), np.int16)
        sc = sc[:4] + (grown_moves, grown_tiles) + sc[6:]


@njit(cache=True)
def all_replacements(st, sc, edges, root):
    """Every replacement play of the player to move, one row each: (scratch, moves,
    tiles, window letters and colours, window origin)."""
    hdr = st[0]
    seat = hdr[H_TO_MOVE]
    lw, cw, wr0, wc0 = window(st, np.int64(0), np.bool_(False))
    rack = rack_of(st, sc)
    while True:
        status, budget, found, ntiles, cands = replacements.generate(
            lw,
            cw,
            hdr[H_COLOUR + seat],
            rack,
            hdr[H_REPLACEMENT_LIMIT],
            edges,
            root,
            sc[7],
            np.int64(256),
        )
        if status != 2:
            break
        sc = sc[:7] + (new_pools(4 * sc[7][0].shape[0]),) + sc[8:]
    n = 0
    for k in range(found[2].shape[0]):
        n += found[2][k]
    moves = np.empty((n, REPLACE_FIELDS), np.int32)
    tiles = np.empty((ntiles, 3), np.int16)
    if n > 0:
        expand(lw, rack.copy(), budget, found, cands, moves, tiles)
    return sc, moves, tiles, lw, cw, wr0, wc0


@njit(cache=True, inline="always")  # one caller: no compile level of its own
def greedy_move(st, sc, table, edges, root, row):
    """``greedy``'s move (the move list's ``best(1)``) into ``row``: (state, scratch),
    either grown if it needed room."""
    hdr = st[0]
    if hdr[H_PHASE] == WORD:
        rack = rack_of(st, sc)
        st, sc, lw, cw, wr0, wc0 = word_window(st, sc, rack)
        bm, bt, bc = sc[1], sc[2], sc[3]
        best_plays(lw, rack, edges, root, table, sc[0], np.int64(1), bm, bt, bc)
        if bc[0] == 0:
            write_other(row, PASS, 0, 0)
        else:
            write_play(
                st, np.int64(WORD_PLAY), bt, bm[0, 0], bm[0, 1], np.int64(bm[0, 2]), wr0, wc0,
                sc, row,
            )  # fmt: skip
        return st, sc
    if not hdr[H_SCORE_REPLACEMENTS]:
        write_other(row, PASS, 0, 0)
        return st, sc
    sc, moves, tiles, lw, cw, wr0, wc0 = all_replacements(st, sc, edges, root)
    n = moves.shape[0]
    if n == 0:
        write_other(row, PASS, 0, 0)
        return st, sc
    points = np.empty(n, np.int64)
    replacement_points(lw, moves, tiles, table, points)
    best = 0
    for i in range(1, n):
        if points[i] > points[best]:
            best = i
    write_play(
        st, np.int64(REPLACE), tiles, moves[best, 0], moves[best, 1], points[best], wr0,
        wc0, sc, row,
    )  # fmt: skip
    return st, sc


@njit(cache=True, inline="always")  # one caller: no compile level of its own
def random_move(st, sc, rngs, r, table, edges, root, row):
    """``random``'s move (uniform over the move list, drawing once from ``rngs[r]``)
    into ``row``: (state, scratch)."""
    hdr = st[0]
    extra = others(st)
    if hdr[H_PHASE] == WORD:
        rack = rack_of(st, sc)
        st, sc, lw, cw, wr0, wc0 = word_window(st, sc, rack)
        sc = all_word_plays(st, sc, lw, rack, table, edges, root)
        n = sc[6][0]
        i = below(rngs, r, n + extra)
        if i < n:
            moves = sc[4]
            write_play(
                st,
                np.int64(WORD_PLAY),
                sc[5],
                moves[i, 0],
                moves[i, 1],
                np.int64(moves[i, 2]),
                wr0,
                wc0,
                sc,
                row,
            )
        else:
            write_others(st, i - n, row)
        return st, sc
    sc, moves, tiles, lw, cw, wr0, wc0 = all_replacements(st, sc, edges, root)
    n = moves.shape[0]
    i = below(rngs, r, n + extra)
    if i < n:
        points = 0
        if hdr[H_SCORE_REPLACEMENTS]:
            one = np.empty(1, np.int64)
            replacement_points(lw, moves[i : i + 1], tiles, table, one)
            points = one[0]
        write_play(
            st, np.int64(REPLACE), tiles, moves[i, 0], moves[i, 1], points, wr0, wc0, sc, row
        )  # fmt: skip
    else:
        write_others(st, i - n, row)
    return st, sc


@njit(cache=True)
def choose(st, sc, policy, rngs, r, table, edges, root, row):
    """The move of ``policy`` (:data:`RANDOM`, :data:`GREEDY`) into ``row``, drawing
    from ``rngs[r]``: (state, scratch)."""
    if policy == RANDOM:
        return random_move(st, sc, rngs, r, table, edges, root, row)
    return greedy_move(st, sc, table, edges, root, row)


# ------------------------------------------------------------------------- scores
@njit(cache=True)
def final_scores(st, table, out):
    """Every seat's final score as things stand (the engine's ``outcome().scores``):
    points when played, plus the words it controls on the board, minus its penalties."""
    hdr = st[0]
    lw, cw, wr0, wc0 = window(st, np.int64(0), np.bool_(False))
    starts, lengths, dirs, squares, word_of = replacements.board_words(lw)
    controller, multiplier = word_controls(cw, starts, lengths, squares)
    n = hdr[H_NP]
    for seat in range(n):
        out[seat] = hdr[H_SCORE + seat] - hdr[H_PENALTY_POINTS] * hdr[H_PENALTY + seat]
    for k in range(starts.shape[0]):
        for seat in range(n):
            if controller[k] == hdr[H_COLOUR + seat]:
                out[seat] += multiplier[k] * table[POINTS, lengths[k]]

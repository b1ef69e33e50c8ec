"""Control Word's compiled state: a position as flat arrays, and every action applied to
them in place, as :class:`~wordbot.engine.controlword.state.ControlWordState` applies it
(docs/rules/controlword.md): word plays, replacements, passes, rack redraws and blue
exchanges, the end of each turn, phase and round (the draw phase, the first-player token,
the dice) and the end of the game, every chance event drawn from the position's own
SplitMix64 generator in the engine's order.

A state is a tuple of arrays (:data:`STATE`): ``(hdr, rng, letters, colours, racks, bags,
discards, penalty_tiles)``. ``hdr`` holds the scalars (fields ``H_*``), seats in the
order of the players; ``letters``/``colours`` the board in a grid larger than its tiles
(square ``(row, col)`` at ``(row - hdr[H_ROW0], col - hdr[H_COL0])``), grown when a
play nears its edge (:func:`ensure_room`, which may return a new tuple); ``racks[seat,
OWN | BLUE_TILES, letter]`` tile counts; ``bags[seat]`` and ``bags[VOWEL_BAG]``,
``bags[CONSONANT_BAG]`` the blue bags, by letter (a sorted bag string's ``i``-th tile is
the letter where the counts add up past ``i``, so a draw is the engine's draw);
``discards[colour]`` and ``penalty_tiles[seat]`` by letter.

A move is a row of ``int64`` (:data:`WIDTH`): kind, tile count (an exchange: its letter),
points when played (an exchange: its bag, 0 vowel / 1 consonant), then per tile (row,
col, letter code 1..26, colour index) in board coordinates, in the engine's square order.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword.crosschecks import is_letter
from wordbot.movegen.controlword.grid import BLUE, EMPTY, NO_COLOUR
from wordbot.movegen.controlword.scoring import bonus_letter, word_points
from wordbot.movegen.controlword.walkstack import MAX_RACK
from wordbot.movegen.rng import below

# header fields
H_NP, H_FIRST, H_TO_MOVE, H_PHASE, H_ROUND, H_RACK_LIMIT, H_REPLACEMENT_LIMIT = range(7)
H_REDRAWS, H_ACTED, H_ROW0, H_COL0, H_R0, H_R1, H_C0, H_C1, H_TILES = range(7, 16)
H_ROUNDS, H_CCW, H_REVERSE, H_ROTATE, H_BOUNDED, H_SCORE_REPLACEMENTS = range(16, 22)
H_PENALTY_POINTS, H_REDRAW_PENALTY = 22, 23
H_BOUNDS = 24  # row min, row max, col min, col max of a bounded board (board coordinates)
H_COLOUR = 28  # each seat's colour index
H_SCORE = 32  # each seat's points when played
H_PENALTY = 36  # each seat's penalty tokens
HEADER = 40
MAX_SEATS = 4

WORD, REPLACEMENT, OVER = 0, 1, 2
OWN, BLUE_TILES = 0, 1
VOWEL_BAG, CONSONANT_BAG = MAX_SEATS, MAX_SEATS + 1

# move rows
M_KIND, M_N, M_POINTS, M_TILES = 0, 1, 2, 3
T_ROW, T_COL, T_LETTER, T_COLOUR = range(4)
TILE_FIELDS = 4
WORD_PLAY, REPLACE, PASS, REDRAW, EXCHANGE = range(5)
WIDTH = M_TILES + TILE_FIELDS * MAX_RACK

#: free squares kept around the tiles beyond what a rack can reach, so that the grid
#: grows rarely
MARGIN = 16

DRAW_DIE = np.array([6, 7, 7, 8, 8, 9], np.int64)
REPLACEMENT_DIE = np.array([2, 3, 3, 4, 4, 5], np.int64)


@njit(cache=True)
def draw(rng, bag, count, into):
    """Up to ``count`` tiles from ``bag`` into ``into`` (counts by letter), one at a time
    at random as ``Rng.draw`` takes them from the sorted bag string."""
    total = 0
    for x in range(1, 27):
        total += bag[x]
    for _ in range(min(count, total)):
        i = below(rng, 0, total)
        x = 1
        while i >= bag[x]:
            i -= bag[x]
            x += 1
        bag[x] -= 1
        into[x] += 1
        total -= 1


@njit(cache=True)
def tile_count(counts):
    total = 0
    for x in range(1, 27):
        total += counts[x]
    return total


@njit(cache=True)
def rack_size(racks, seat):
    return tile_count(racks[seat, OWN]) + tile_count(racks[seat, BLUE_TILES])


# ------------------------------------------------------------------------- turn order
@njit(cache=True, inline="always")  # called with constants: one copy a value else
def word_order(hdr, k):
    """The ``k``-th seat of the word phase's order: seats from the first player, in seat
    order or (``turn_order=counterclockwise``) its reverse."""
    n = hdr[H_NP]
    step = -k if hdr[H_CCW] else k
    return (hdr[H_FIRST] + step) % n


@njit(cache=True, inline="always")  # called with constants: one copy a value else
def phase_order(hdr, k):
    """The ``k``-th seat of the current phase's order (the replacement phase reversed
    under ``replacement_order=reverse``)."""
    if hdr[H_PHASE] == REPLACEMENT and hdr[H_REVERSE]:
        return word_order(hdr, hdr[H_NP] - 1 - k)
    return word_order(hdr, k)


@njit(cache=True)
def _end_round(st):
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    if hdr[H_ROUND] >= hdr[H_ROUNDS] or not hdr[H_ACTED]:
        hdr[H_PHASE] = OVER
        return
    limit = hdr[H_RACK_LIMIT]
    for k in range(hdr[H_NP]):  # the draw phase, from the first player
        p = word_order(hdr, k)
        have = rack_size(racks, p)
        if have < limit:
            draw(rng, bags[p], limit - have, racks[p, OWN])
    if hdr[H_ROTATE]:
        hdr[H_FIRST] = word_order(hdr, 1)
    hdr[H_ROUND] += 1
    hdr[H_RACK_LIMIT] = DRAW_DIE[below(rng, 0, 6)]
    hdr[H_REPLACEMENT_LIMIT] = REPLACEMENT_DIE[below(rng, 0, 6)]
    hdr[H_PHASE] = WORD
    hdr[H_ACTED] = 0
    hdr[H_TO_MOVE] = word_order(hdr, 0)


@njit(cache=True)
def end_turn(st):
    """The next player of the phase, the next phase, or the end of the round."""
    hdr = st[0]
    hdr[H_REDRAWS] = 0
    n = hdr[H_NP]
    i = 0
    while phase_order(hdr, i) != hdr[H_TO_MOVE]:
        i += 1
    if i + 1 < n:
        hdr[H_TO_MOVE] = phase_order(hdr, i + 1)
    elif hdr[H_PHASE] == WORD:
        hdr[H_PHASE] = REPLACEMENT
        hdr[H_TO_MOVE] = phase_order(hdr, 0)
    else:
        _end_round(st)


@njit(cache=True)
def _finish_play(st, seat):
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    if rack_size(racks, seat) == 0 and tile_count(bags[seat]) == 0:
        hdr[H_PHASE] = OVER  # a player's bag and rack are empty: the game ends now
        hdr[H_REDRAWS] = 0
    else:
        end_turn(st)


# ------------------------------------------------------------------------- the board
@njit(cache=True)
def grow(st, margin):
    """``st`` with its board in a new grid: the tiles' bounding box and ``margin`` free
    squares around it."""
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    r0, r1, c0, c1 = box(hdr)
    h = r1 - r0 + 1 + 2 * margin
    w = c1 - c0 + 1 + 2 * margin
    new_letters = np.zeros((h, w), np.uint8)
    new_colours = np.full((h, w), NO_COLOUR, np.int8)
    gh, gw = letters.shape
    dr = margin - r0
    dc = margin - c0
    for i in range(gh):
        for j in range(gw):
            if letters[i, j] != EMPTY:
                new_letters[i + dr, j + dc] = letters[i, j]
                new_colours[i + dr, j + dc] = colours[i, j]
    hdr[H_ROW0] -= dr
    hdr[H_COL0] -= dc
    if hdr[H_TILES] > 0:
        hdr[H_R0] += dr
        hdr[H_R1] += dr
        hdr[H_C0] += dc
        hdr[H_C1] += dc
    return (hdr, rng, new_letters, new_colours, racks, bags, discards, ptiles)


@njit(cache=True)
def box(hdr):
    """The tiles' bounding box in grid coordinates (board square 0,0 when there are no
    tiles, as the engine packs an empty board)."""
    if hdr[H_TILES] == 0:
        return -hdr[H_ROW0], -hdr[H_ROW0], -hdr[H_COL0], -hdr[H_COL0]
    return hdr[H_R0], hdr[H_R1], hdr[H_C0], hdr[H_C1]


@njit(cache=True)
def ensure_room(st, pad):
    """``st``, its grid grown if the tiles' box with ``pad`` free squares and a ring
    around it does not fit."""
    hdr = st[0]
    h, w = st[2].shape
    r0, r1, c0, c1 = box(hdr)
    if r0 - pad - 1 < 0 or c0 - pad - 1 < 0 or r1 + pad + 1 >= h or c1 + pad + 1 >= w:
        return grow(st, pad + 1 + MARGIN)
    return st


@njit(cache=True)
def place(st, i, j, letter, colour):
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    if letters[i, j] == EMPTY:
        if hdr[H_TILES] == 0:
            hdr[H_R0] = hdr[H_R1] = i
            hdr[H_C0] = hdr[H_C1] = j
        hdr[H_TILES] += 1
        hdr[H_R0] = min(hdr[H_R0], i)
        hdr[H_R1] = max(hdr[H_R1], i)
        hdr[H_C0] = min(hdr[H_C0], j)
        hdr[H_C1] = max(hdr[H_C1], j)
    letters[i, j] = letter
    colours[i, j] = colour


@njit(cache=True)
def _run_points(letters, i, j, di, dj, table):
    """The points when played of the run through (i, j) along (di, dj), and its first
    square's flat index (-1 when the run is a single tile)."""
    while is_letter(letters[i - di, j - dj]):
        i -= di
        j -= dj
    n = 0
    jq = 0
    a, b = i, j
    while is_letter(letters[a, b]):
        jq += bonus_letter(table, letters[a, b])
        n += 1
        a += di
        b += dj
    if n < 2:
        return 0, -1
    return word_points(table, n, jq), i * letters.shape[1] + j


@njit(cache=True)
def play_points(letters, row, row0, col0, table, replacement):
    """What the play of ``row`` (its tiles on ``letters`` already) scores when made:
    every word a word play forms or extends, or (``replacement``) every distinct word
    through a changed square (``play_points`` of the engine)."""
    n = row[M_N]
    total = 0
    if replacement or n == 1:
        seen = np.empty(2 * n, np.int64)
        nseen = 0
        for k in range(n):
            t = M_TILES + TILE_FIELDS * k
            i = row[t + T_ROW] - row0
            j = row[t + T_COL] - col0
            for d in range(2):
                points, start = _run_points(letters, i, j, d, 1 - d, table)
                if start < 0:
                    continue
                key = 2 * start + d
                fresh = True
                for s in range(nseen):
                    if seen[s] == key:
                        fresh = False
                if fresh:
                    seen[nseen] = key
                    nseen += 1
                    total += points
        return total
    down = row[M_TILES + T_ROW] != row[M_TILES + TILE_FIELDS * (n - 1) + T_ROW]
    li = 1 if down else 0  # the line's step
    for k in range(n):
        t = M_TILES + TILE_FIELDS * k
        i = row[t + T_ROW] - row0
        j = row[t + T_COL] - col0
        if k == 0:
            total += _run_points(letters, i, j, li, 1 - li, table)[0]
        total += _run_points(letters, i, j, 1 - li, li, table)[0]
    return total


# ------------------------------------------------------------------------- actions
@njit(cache=True)
def _take_penalty(st, seat, tokens):
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    draw(rng, bags[CONSONANT_BAG], tokens, ptiles[seat])
    hdr[H_PENALTY + seat] += tokens


@njit(cache=True)
def apply_row(st, row, table):
    """Apply the move ``row`` of the player to move (legal) in place; the state, grown
    if the play needed room."""
    hdr = st[0]
    seat = hdr[H_TO_MOVE]
    kind = row[M_KIND]
    if kind == PASS:
        end_turn(st)
        return st
    if kind == REDRAW:
        _redraw(st, seat)
        return st
    if kind == EXCHANGE:
        _exchange(st, seat, row[M_N], row[M_POINTS])
        return st
    for k in range(row[M_N]):  # room for every tile
        t = M_TILES + TILE_FIELDS * k
        h, w = st[2].shape
        i = row[t + T_ROW] - hdr[H_ROW0]
        j = row[t + T_COL] - hdr[H_COL0]
        if i < 1 or j < 1 or i >= h - 1 or j >= w - 1:
            st = grow(st, MAX_RACK + 2 + MARGIN)
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    replacement = kind == REPLACE
    for k in range(row[M_N]):
        t = M_TILES + TILE_FIELDS * k
        i = row[t + T_ROW] - hdr[H_ROW0]
        j = row[t + T_COL] - hdr[H_COL0]
        letter = row[t + T_LETTER]
        colour = row[t + T_COLOUR]
        racks[seat, BLUE_TILES if colour == BLUE else OWN, letter] -= 1
        if replacement:
            discards[colours[i, j], letters[i, j]] += 1
        place(st, i, j, letter, colour)
    if not replacement or hdr[H_SCORE_REPLACEMENTS]:
        points = play_points(letters, row, hdr[H_ROW0], hdr[H_COL0], table, replacement)
        hdr[H_SCORE + seat] += points
    hdr[H_ACTED] = 1
    _finish_play(st, seat)
    return st


@njit(cache=True)
def _redraw(st, seat):
    """Own rack tiles back to the bag, and a draw back to max(R - 2, 5) with the blue
    tiles kept; a second redraw in the turn costs penalty tokens."""
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    own = racks[seat, OWN]
    bag = bags[seat]
    for x in range(1, 27):
        bag[x] += own[x]
        own[x] = 0
    target = max(hdr[H_RACK_LIMIT] - 2, 5)
    draw(rng, bag, max(0, target - tile_count(racks[seat, BLUE_TILES])), own)
    hdr[H_REDRAWS] += 1
    if hdr[H_REDRAWS] > 1 and hdr[H_REDRAW_PENALTY]:
        _take_penalty(st, seat, hdr[H_REDRAW_PENALTY])


@njit(cache=True)
def _exchange(st, seat, letter, consonant):
    """An own tile ``letter`` back to its bag for a tile of a blue bag."""
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    draw(
        rng,
        bags[CONSONANT_BAG if consonant else VOWEL_BAG],
        np.int64(1),
        racks[seat, BLUE_TILES],
    )
    racks[seat, OWN, letter] -= 1
    bags[seat, letter] += 1


@njit(cache=True)
def copy_state(st):
    hdr, rng, letters, colours, racks, bags, discards, ptiles = st
    return (
        hdr.copy(),
        rng.copy(),
        letters.copy(),
        colours.copy(),
        racks.copy(),
        bags.copy(),
        discards.copy(),
        ptiles.copy(),
    )


@njit(cache=True)
def gain(st, row, table):
    """What the move ``row`` adds to the mover's points when played (``st`` unchanged)."""
    seat = st[0][H_TO_MOVE]
    after = apply_row(copy_state(st), row, table)
    return after[0][H_SCORE + seat] - st[0][H_SCORE + seat]

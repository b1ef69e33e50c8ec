"""First Draft's position as one flat ``int64`` array, and the rules applied to it
(docs/rules/firstdraft.md): the compiled core's state (:mod:`wordbot.engine.firstdraft.core`
packs and unpacks it).

Letters are codes 0..25. A state ``s`` holds, at the offsets below: the header (seats,
the seat to move, whether the game is over, the turn, the line's length, where the bag
and the deck start and end, the discard pile's length, the generator's integer), the
letters gone out of play (a count of each), the line (each coaster's value, coins and
sorted tiles), the hands (coins, discarded tiles, the two rows and the sorted pool) and
the bag, deck and pile in order. The rules ``r`` hold the line's length, the row and
pool limits and, by word length, the coins a sale pays and whether it sells at all.

A move is a row of :data:`WIDTH` int64: its kind, then a row (sell, discard), a row, an
index and a letter (insert), or the coaster and the rows and pool after it (draft).
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64
from wordbot.dictionaries.forward import accepts
from wordbot.movegen.rng import below

ROW_MAX = 20  # the longest row the rules allow (rules.MAX_ROW_LIMIT)
POOL_MAX = 9
LINE_MAX = 9
SEATS_MAX = 5
TILES_MAX = 20  # a coaster's highest value
BAG_MAX = 98
DECK_MAX = 100  # rules.MAX_COASTERS

# the header
SEATS, MOVER, OVER, TURN, LINE_N, BAG_AT, BAG_END, DECK_AT, DECK_END, PILE_N, RNG = range(
    11
)
GONE = 16
LINE = GONE + 26
COASTER = 2 + TILES_MAX  # value, coins, tiles
HAND = LINE + LINE_MAX * COASTER
# a hand: coins, discarded, the rows' lengths (A, then B), the pool's, the rows, the pool
COINS, DISCARDED, LEN_A = range(3)
LEN_POOL = LEN_A + 2
ROW_A = LEN_POOL + 1
ROW_B = ROW_A + ROW_MAX
POOL = ROW_B + ROW_MAX
HAND_W = POOL + POOL_MAX
BAG = HAND + SEATS_MAX * HAND_W
DECK = BAG + BAG_MAX
PILE = DECK + DECK_MAX
SIZE = PILE + DECK_MAX

# the rules
R_LINE, R_ROW_LIMIT, R_POOL_LIMIT = range(3)
R_PAY = 4  # coins by word length 0..ROW_MAX
R_SELLS = R_PAY + ROW_MAX + 1  # 1 where a word of that length sells
R_SIZE = R_SELLS + ROW_MAX + 1

# a move's row
SELL, DISCARD, INSERT, DRAFT = range(4)
# kind, then (row) or (row, at, letter) or (coaster, -, -, len A, len B, len pool, ...)
M_KIND, M_ARG, M_AT, M_LETTER, M_LEN_A = range(5)
M_LEN_POOL = M_LEN_A + 2
M_ROWS = M_LEN_POOL + 1
M_POOL = M_ROWS + 2 * ROW_MAX
WIDTH = M_POOL + POOL_MAX


@njit(cache=True, inline="always")
def hand_at(seat):
    return HAND + seat * HAND_W


@njit(cache=True, inline="always")
def coaster_at(k):
    """Where the coaster at line position ``k`` (1 first) starts."""
    return LINE + (k - 1) * COASTER


@njit(cache=True)
def is_word(s, r, records, at, n):
    """Whether the ``n`` letters at ``s[at:]`` are a word that sells (a length the
    payout pays, and a word of the letter trie ``records``)."""
    if n > r[R_ROW_LIMIT] or r[R_SELLS + n] == 0:
        return False
    return accepts(records, s[at : at + n], n)


@njit(cache=True)
def score(s, seat):
    """Coins less discarded tiles."""
    h = hand_at(seat)
    return s[h + COINS] - s[h + DISCARDED]


@njit(cache=True)
def apply_sell(s, r, row):
    h = hand_at(s[MOVER])
    n = s[h + LEN_A + row]
    at = h + ROW_A + row * ROW_MAX
    for i in range(n):
        s[GONE + s[at + i]] += 1
    s[h + COINS] += r[R_PAY + n]
    s[h + LEN_A + row] = 0


@njit(cache=True)
def apply_discard(s, row):
    h = hand_at(s[MOVER])
    n = s[h + LEN_A + row]
    at = h + ROW_A + row * ROW_MAX
    for i in range(n):
        s[GONE + s[at + i]] += 1
    s[h + DISCARDED] += n
    s[h + LEN_A + row] = 0


@njit(cache=True)
def apply_insert(s, row, index, letter):
    h = hand_at(s[MOVER])
    n = s[h + LEN_A + row]
    at = h + ROW_A + row * ROW_MAX
    for i in range(n, index, -1):
        s[at + i] = s[at + i - 1]
    s[at + index] = letter
    s[h + LEN_A + row] = n + 1
    p = s[h + LEN_POOL]
    i = 0
    while s[h + POOL + i] != letter:
        i += 1
    for j in range(i, p - 1):  # the pool stays sorted
        s[h + POOL + j] = s[h + POOL + j + 1]
    s[h + LEN_POOL] = p - 1


@njit(cache=True)
def apply_draft(s, r, records, move):
    """Take coaster ``move[M_ARG]``: pay onto the coasters before it, gain its coins,
    the rows and pool of ``move``, what neither keeps discarded; then upkeep."""
    seat = s[MOVER]
    h = hand_at(seat)
    k = move[M_ARG]
    left = np.zeros(26, np.int64)  # what was there, less what the move keeps
    c0 = coaster_at(k)
    for i in range(s[c0]):
        left[s[c0 + 2 + i]] += 1
    for i in range(s[h + LEN_POOL]):
        left[s[h + POOL + i]] += 1
    for row in range(2):
        for i in range(s[h + LEN_A + row]):
            left[s[h + ROW_A + row * ROW_MAX + i]] += 1
    for row in range(2):
        n = move[M_LEN_A + row]
        s[h + LEN_A + row] = n
        for i in range(n):
            c = move[M_ROWS + row * ROW_MAX + i]
            s[h + ROW_A + row * ROW_MAX + i] = c
            left[c] -= 1
    p = move[M_LEN_POOL]
    s[h + LEN_POOL] = p
    for i in range(p):
        c = move[M_POOL + i]
        s[h + POOL + i] = c
        left[c] -= 1
    dropped = 0
    for c in range(26):
        dropped += left[c]
        s[GONE + c] += left[c]
    s[h + DISCARDED] += dropped
    s[h + COINS] += s[c0 + 1] - (k - 1)
    value = s[c0]
    for j in range(1, k):
        s[coaster_at(j) + 1] += 1
    n = s[LINE_N]
    for j in range(k, n):  # the coasters behind move up
        a, b = coaster_at(j), coaster_at(j + 1)
        for i in range(COASTER):
            s[a + i] = s[b + i]
    s[LINE_N] = n - 1
    upkeep(s, r, records, value)


@njit(cache=True)
def upkeep(s, r, records, taken):
    """The taken coaster to the pile; the deck's top laid out at the end of the line
    (the pile shuffled into a new deck first when the deck is empty), or the end."""
    s[PILE + s[PILE_N]] = taken
    s[PILE_N] += 1
    if s[DECK_AT] == s[DECK_END]:
        m = s[PILE_N]
        rng = np.empty(1, np.uint64)
        rng[0] = uint64(s[RNG])
        for i in range(m - 1, 0, -1):  # Fisher-Yates from the back, as Rng.shuffle
            j = below(rng, 0, i + 1)
            a, b = s[PILE + i], s[PILE + j]
            s[PILE + i], s[PILE + j] = b, a
        s[RNG] = np.int64(rng[0])
        for i in range(m):
            s[DECK + i] = s[PILE + i]
        s[DECK_AT], s[DECK_END], s[PILE_N] = 0, m, 0
    s[MOVER] = (s[MOVER] + 1) % s[SEATS]
    s[TURN] += 1
    value = s[DECK + s[DECK_AT]]
    if s[BAG_END] - s[BAG_AT] < value:
        end(s, r, records)
        return
    c = coaster_at(s[LINE_N] + 1)
    s[c], s[c + 1] = value, 0
    counts = np.zeros(26, np.int64)
    for i in range(value):
        counts[s[BAG + s[BAG_AT] + i]] += 1
    i = 0
    for letter in range(26):  # sorted, as a coaster's tiles are
        for _ in range(counts[letter]):
            s[c + 2 + i] = letter
            i += 1
    s[BAG_AT] += value
    s[DECK_AT] += 1
    s[LINE_N] += 1


@njit(cache=True)
def end(s, r, records):
    """Game over: every row that is a word sells (seat order, row A first)."""
    for seat in range(s[SEATS]):
        h = hand_at(seat)
        for row in range(2):
            n = s[h + LEN_A + row]
            at = h + ROW_A + row * ROW_MAX
            if is_word(s, r, records, at, n):
                for i in range(n):
                    s[GONE + s[at + i]] += 1
                s[h + COINS] += r[R_PAY + n]
                s[h + LEN_A + row] = 0
    s[OVER] = 1


@njit(cache=True)
def apply_move(s, r, records, move):
    """Play the move row ``move`` (a legal move of ``s``) in place."""
    kind = move[M_KIND]
    if kind == SELL:
        apply_sell(s, r, move[M_ARG])
    elif kind == DISCARD:
        apply_discard(s, move[M_ARG])
    elif kind == INSERT:
        apply_insert(s, move[M_ARG], move[M_AT], move[M_LETTER])
    else:
        apply_draft(s, r, records, move)

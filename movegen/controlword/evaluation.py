"""The static evaluation kernels of Control Word's ``control`` player, in numba.

The control value of the board for the mover is the sum over every word of what it will
pay at the end (plurality 2x, majority 3x the when-played points), counted positive for
the mover's words and negative for the opponents', each discounted by the risk of
losing it before the end: a word whose controller leads by one or two tiles falls to a
single replacement, a wider lead needs more, and the risk grows with the replacement
phases the other side still has. A move's control change is the new value of every
word it forms, extends or recolours minus the old value of the words it absorbs.

Colour indices follow :mod:`wordbot.movegen.controlword.grid` (blue = 4). The weights
come as one float64 vector laid out as :data:`WEIGHTS` names them (the player's
``Weights.vector()``).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword.annotate import words_through
from wordbot.movegen.controlword.control import assign_colours, control_of
from wordbot.movegen.controlword.crosschecks import is_letter
from wordbot.movegen.controlword.leavefeatures import IS_VOWEL, learned_leave
from wordbot.movegen.controlword.scoring import word_points

#: The ``control`` player's weights as it plays by default, in the layout of the weight
#: vector the kernels read (what each weighs: ``wordbot.players.controlword.weights``,
#: whose ``Weights`` takes its defaults from here, as the compiled core's ``control``
#: policy does).
DEFAULT_WEIGHTS = {
    "control": 1.0,
    "opponent": 1.0,
    "short_word": 0.15,
    "risk1": 0.35,
    "risk2": 0.12,
    "risk3": 0.04,
    "keep_tile": 0.6,
    "balance": 0.8,
    "no_vowel": 2.0,
    "duplicate": 0.7,
    "blue_kept": -0.2,
    "q_without_u": 3.0,
    "exchange_gain": 1.0,
    "exchange_below": 4.0,
    "redraw_below": 0.5,
}
#: The layout of the weight vector the kernels read (a learned leave table may follow,
#: from ``LEARNED`` on: :mod:`~wordbot.movegen.controlword.leavefeatures`).
WEIGHTS = tuple(DEFAULT_WEIGHTS)
LEARNED = len(WEIGHTS)
INDEX = {name: i for i, name in enumerate(WEIGHTS)}
W_OPPONENT = INDEX["opponent"]
W_SHORT = INDEX["short_word"]
W_RISK1, W_RISK2, W_RISK3 = INDEX["risk1"], INDEX["risk2"], INDEX["risk3"]
W_KEEP = INDEX["keep_tile"]
W_BALANCE = INDEX["balance"]
W_NO_VOWEL = INDEX["no_vowel"]
W_DUPLICATE = INDEX["duplicate"]
W_BLUE = INDEX["blue_kept"]
W_QU = INDEX["q_without_u"]


@njit(cache=True)
def word_value(counts, n, points, mover, w, my_phases, their_phases):
    """The mover's end-of-game value of one word of ``n`` letters with colour ``counts``
    whose when-played points are ``points``, risk-weighted. (It takes the points, not
    the table: an array argument would cost reference counting on every call.)"""
    top, mult, lead = control_of(counts, n)
    if top < 0:
        return 0.0
    pts = float(mult * points) if n >= 4 else w[W_SHORT]
    need = (lead + 1) // 2  # replacements that neutralise the lead
    risk = w[W_RISK1] if need <= 1 else (w[W_RISK2] if need == 2 else w[W_RISK3])
    if top == mover:
        safety = max(0.0, 1.0 - risk * their_phases)
        return pts * safety
    safety = max(0.0, 1.0 - risk * my_phases)
    return -pts * safety * w[W_OPPONENT]


@njit(cache=True)
def word_values(
    colours, starts, lengths, squares, mover, w, table, my_phases, their_phases
):
    """The value of every board word (arrays from ``movegen.replacements.board_words``)."""
    flat = colours.ravel()
    out = np.empty(starts.shape[0], np.float64)
    counts = np.zeros(5, np.int64)
    for k in range(starts.shape[0]):
        counts[:] = 0
        for t in range(starts[k], starts[k] + lengths[k]):
            counts[flat[squares[t]]] += 1
        out[k] = word_value(
            counts,
            np.int64(lengths[k]),
            word_points(table, lengths[k], 0),
            mover,
            w,
            my_phases,
            their_phases,
        )
    return out


@njit(cache=True)
def leave_value(own, blue, keep_slots, w):
    """Rack leave: balance, duplicates, blue tiles, Q without U, tiles kept for the
    replacement phase (at most ``keep_slots`` count); with a learned leave table after
    the hand-set weights (:data:`LEARNED`), its value of the leave besides."""
    value = _hand_leave(own, blue, keep_slots, w)
    if w.shape[0] > LEARNED:
        value += learned_leave(own, blue, w, np.int64(LEARNED))  # never a literal
    return value


@njit(cache=True, inline="always")
def _hand_leave(own, blue, keep_slots, w):
    n = 0
    vowels = 0
    dup = 0
    for letter in range(1, 27):
        c = own[letter] + blue[letter]
        n += c
        vowels += c * IS_VOWEL[letter]
        if c > 1:
            dup += c - 1
    if n == 0:
        return 0.0
    value = w[W_KEEP] * min(n, keep_slots)
    value -= w[W_BALANCE] * abs(vowels - 0.4 * n)
    if n >= 3 and (vowels == 0 or vowels == n):
        value -= w[W_NO_VOWEL]
    value -= w[W_DUPLICATE] * dup
    nblue = 0
    for letter in range(1, 27):
        nblue += blue[letter]
    value += w[W_BLUE] * nblue
    if own[17] + blue[17] > 0 and own[21] + blue[21] == 0:
        value -= w[W_QU]
    return value


@njit(cache=True)
def word_play_effects(
    letters,
    colours,
    word_of,
    old_value,
    moves,
    tiles,
    own,
    blue,
    mover,
    blue_first,
    w,
    table,
    my_phases,
    their_phases,
    keep_slots,
    out_col,
    out_ctrl,
    out_leave,
):
    """For every word play: its tile colours, control change and leave value."""
    h, wd = letters.shape
    flatl = letters.ravel()
    flatc = colours.ravel()
    placed = np.full(h * wd, -1, np.int64)  # colour of a tile this move puts down
    counts = np.zeros(5, np.int64)
    own_left = np.zeros(27, np.int64)
    blue_left = np.zeros(27, np.int64)
    for m in range(moves.shape[0]):
        first = moves[m, 0]
        n = moves[m, 1]
        assign_colours(
            tiles, first, n, own, blue, mover, blue_first, out_col, own_left, blue_left, wd
        )
        for k in range(n):
            placed[np.int64(tiles[first + k, 0]) * wd + tiles[first + k, 1]] = out_col[
                first + k
            ]
        delta = 0.0
        # the main word
        d = moves[m, 3]
        step = wd if d == 1 else 1
        sq = np.int64(moves[m, 4]) * wd + moves[m, 5]
        length = np.int64(moves[m, 6])  # int32 in the move rows: one compiled word_value
        counts[:] = 0
        last = -1
        for k in range(length):
            s = sq + k * step
            if placed[s] >= 0:
                counts[placed[s]] += 1
            else:
                counts[flatc[s]] += 1
                wid = word_of[d, s]
                if wid >= 0 and wid != last:
                    delta -= old_value[wid]
                    last = wid
        delta += word_value(
            counts, length, word_points(table, length, 0), mover, w, my_phases, their_phases
        )
        # the cross word of each tile
        pd = 1 - d
        pstep = wd if pd == 1 else 1
        for k in range(n):
            s = np.int64(tiles[first + k, 0]) * wd + tiles[first + k, 1]
            lo = s
            while is_letter(flatl[lo - pstep]):
                lo -= pstep
            hi = s
            while is_letter(flatl[hi + pstep]):
                hi += pstep
            if lo == hi:
                continue
            counts[:] = 0
            last = -1
            s2 = lo
            clen = 0
            while s2 <= hi:
                clen += 1
                if s2 == s:
                    counts[placed[s]] += 1
                else:
                    counts[flatc[s2]] += 1
                    wid = word_of[pd, s2]
                    if wid >= 0 and wid != last:
                        delta -= old_value[wid]
                        last = wid
                s2 += pstep
            delta += word_value(
                counts, clen, word_points(table, clen, 0), mover, w, my_phases, their_phases
            )
        for k in range(n):
            placed[np.int64(tiles[first + k, 0]) * wd + tiles[first + k, 1]] = -1
        out_ctrl[m] = delta
        out_leave[m] = leave_value(own_left, blue_left, keep_slots, w)


@njit(cache=True)
def replacement_effects(
    letters,
    colours,
    word_of,
    starts,
    lengths,
    squares,
    old_value,
    moves,
    tiles,
    own,
    blue,
    mover,
    w,
    table,
    my_phases,
    their_phases,
    keep_slots,
    out_col,
    out_ctrl,
    out_leave,
):
    """For every replacement play: tile colours (own first), control change, leave."""
    h, wd = letters.shape
    flatc = colours.ravel()
    new_col = np.full(h * wd, -1, np.int64)
    counts = np.zeros(5, np.int64)
    own_left = np.zeros(27, np.int64)
    blue_left = np.zeros(27, np.int64)
    seen = np.empty(32, np.int64)
    for m in range(moves.shape[0]):
        first = moves[m, 0]
        n = moves[m, 1]
        assign_colours(
            tiles,
            first,
            n,
            own,
            blue,
            mover,
            np.bool_(False),
            out_col,
            own_left,
            blue_left,
            wd,
        )
        for k in range(n):
            new_col[np.int64(tiles[first + k, 0]) * wd + tiles[first + k, 1]] = out_col[
                first + k
            ]
        nseen = words_through(tiles, first, n, word_of, wd, seen)
        delta = 0.0
        for j in range(nseen):
            wid = seen[j]
            counts[:] = 0
            for t in range(starts[wid], starts[wid] + lengths[wid]):
                s = squares[t]
                counts[new_col[s] if new_col[s] >= 0 else flatc[s]] += 1
            delta += word_value(
                counts,
                np.int64(lengths[wid]),
                word_points(table, lengths[wid], 0),
                mover,
                w,
                my_phases,
                their_phases,
            )
            delta -= old_value[wid]
        for k in range(n):
            new_col[np.int64(tiles[first + k, 0]) * wd + tiles[first + k, 1]] = -1
        out_ctrl[m] = delta
        out_leave[m] = leave_value(own_left, blue_left, keep_slots, w)


@njit(cache=True)
def exchange_gains(own, blue, bags, keep_slots, w):
    """Expected leave gain of each blue exchange: ``gains[letter, b]`` for giving back
    one own ``letter`` and drawing from blue bag ``b`` (``bags[b]`` = counts by letter);
    -inf where the exchange is impossible."""
    gains = np.full((27, 2), -np.inf)
    now = leave_value(own, blue, keep_slots, w)
    o = own.copy()
    b = blue.copy()
    for letter in range(1, 27):
        if own[letter] == 0:
            continue
        o[letter] -= 1
        for bag in range(2):
            total = 0
            expected = 0.0
            for drawn in range(1, 27):
                count = bags[bag, drawn]
                if count == 0:
                    continue
                b[drawn] += 1
                expected += count * leave_value(o, b, keep_slots, w)
                b[drawn] -= 1
                total += count
            if total:
                gains[letter, bag] = expected / total - now
        o[letter] += 1
    return gains

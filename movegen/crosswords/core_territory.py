"""The ``territory`` player (players/crosswords/territory.py) compiled: its ranking of a
turn's moves and its value of a position, move for move and draw for draw the Python
player's with its default settings, on the positions of :mod:`.core_state`.

``settings`` is float64[SETTINGS]: extra, threat, deny, room, keep, width (the player's
options). A draw is :func:`wordbot.movegen.rng.uniform` (the player's ``rng.random()``).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.core_apply import apply_row
from wordbot.movegen.crosswords.core_state import (
    COL,
    DIRECTION,
    KIND,
    NORMAL,
    ORIGIN,
    OUT,
    OVER,
    PAGE_OF,
    PASS,
    PIE,
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
    list_writes,
    pie_offered,
)
from wordbot.movegen.crosswords.writes import COL as LISTED_COL
from wordbot.movegen.crosswords.writes import CROSSED, ENCLOSED
from wordbot.movegen.crosswords.writes import DIRECTION as LISTED_DIRECTION
from wordbot.movegen.crosswords.writes import ROW as LISTED_ROW
from wordbot.movegen.crosswords.writes import WORD as LISTED_WORD
from wordbot.movegen.rng import uniform

EXTRA, THREAT, DENY, ROOM, KEEP, SHORTLIST = range(6)
#: the player's default settings (its ``options``), which the compiled policy plays
DEFAULTS = np.array([0.8, 0.5, 0.6, 0.01, 0.05, 12.0])
#: the first-turn candidates weighed against the answer under the pie rule
#: (players/pie.py ``SPREAD``)
SPREAD = 12


@njit(cache=True, inline="always")
def best_and_count(st, book, sc, seat):
    """The most cells one write of ``seat``'s next normal turn captures and its number
    of writes."""
    n, sc = list_writes(
        st, book, sc, seat, sc[NORMAL], np.bool_(False), np.bool_(True), np.bool_(False)
    )
    out = sc[OUT]
    best = 0
    for i in range(n):
        best = max(best, gain_of(out, i))
    return best, n, sc


@njit(cache=True, inline="always")
def outlook(st, book, sc, seat, settings):
    """What the position promises ``seat`` (the player's ``_outlook``)."""
    info = st[2]
    if info[OVER]:
        return 2.0 * (info[SCORES + seat] - info[SCORES + 1 - seat]), sc
    best_mine, mine, sc = best_and_count(st, book, sc, seat)
    best_theirs, theirs, sc = best_and_count(st, book, sc, 1 - seat)
    value = (
        settings[THREAT] * best_mine
        - settings[DENY] * best_theirs
        + settings[ROOM] * (mine - theirs)
    )
    return value, sc


@njit(cache=True, inline="always")
def values_into(st, book, sc, settings, out):
    """The player's ``value(state, seat)`` of each seat into ``out``: the score margin
    plus the outlook, each seat's writes listed once for both outlooks (the scratch)."""
    info = st[2]
    if info[OVER]:
        for s in range(2):
            margin = info[SCORES + s] - info[SCORES + 1 - s]
            out[s] = margin + 2.0 * margin
        return sc
    best0, count0, sc = best_and_count(st, book, sc, np.int64(0))
    best1, count1, sc = best_and_count(st, book, sc, np.int64(1))
    for s in range(2):
        best_mine, best_theirs = (best0, best1) if s == 0 else (best1, best0)
        mine, theirs = (count0, count1) if s == 0 else (count1, count0)
        value = (
            settings[THREAT] * best_mine
            - settings[DENY] * best_theirs
            + settings[ROOM] * (mine - theirs)
        )
        out[s] = (info[SCORES + s] - info[SCORES + 1 - s]) + value
    return sc


@njit(cache=True, inline="always")
def static(book, p, out, i, settings):
    """Cells now and extra turns earned, less the letters of a write that captures
    nothing (the player's ``_static``)."""
    crossed, enclosed = out[i, CROSSED], out[i, ENCLOSED]
    gain = crossed + enclosed
    w = out[i, LISTED_WORD]
    earned = (1 if crossed else 0) + (1 if enclosed else 0) + (1 if book[2][p, w, 0] else 0)
    value = gain + settings[EXTRA] * earned
    if not gain:
        value -= settings[KEEP] * book[1][p, w]
    return value


@njit(cache=True)
def ranked(st, book, sc, n, rng, ri, settings, limit):
    """The player's ``_ranked`` shortlist of the turn being played, in the order its
    candidates join it (``n``: the turn's writes, listed with effects in ``sc[OUT]``;
    ``limit``: writes looked ahead at least, besides the ``width`` best): (how many,
    rows, values, draws, enclosed cells of each, the scratch)."""
    info = st[2]
    seat = info[TO_MOVE]
    origin_r, origin_c = info[ORIGIN], info[ORIGIN + 1]
    p = info[PAGE_OF + seat]
    writes = sc[OUT][:n].copy()
    m_cap = n + 2
    rows = np.zeros((m_cap, WIDTH), np.int64)
    values = np.zeros(m_cap)
    draws = np.zeros(m_cap)
    hints = np.full(m_cap, -1, np.int64)
    m = 0
    # after-states settle only to tell the end: no listing
    no_effects, counted = np.zeros(2, np.bool_), np.bool_(False)
    unknown = np.int64(-1)
    if pie_offered(st):
        after = copy_state(st)
        rows[m, KIND] = TAKE_OVER
        after, _, sc2 = apply_row(after, book, sc, rows[m], unknown, no_effects, counted)
        gain = info[SCORES] - info[SCORES + 1]
        o, _ = outlook(after, book, sc2, seat, settings)
        values[m] = 2 * gain + o
        draws[m] = uniform(rng, ri)
        m += 1
    if n == 0:
        rows[m, KIND] = PASS
        m += 1
    statics = np.empty(n)
    keys = np.empty(n)
    for i in range(n):
        statics[i] = static(book, p, writes, i, settings)
        keys[i] = uniform(rng, ri)
    looked = min(n, max(limit, np.int64(settings[SHORTLIST])))
    taken = np.zeros(n, np.bool_)
    for _ in range(looked):
        # the next in the order (-static, draw), the list's order among equals
        i = -1
        for j in range(n):
            if taken[j]:
                continue
            if (
                i < 0
                or statics[j] > statics[i]
                or (statics[j] == statics[i] and keys[j] < keys[i])
            ):
                i = j
        taken[i] = True
        rows[m, KIND] = WRITE
        rows[m, WORD] = writes[i, LISTED_WORD]
        rows[m, ROW] = writes[i, LISTED_ROW] + origin_r
        rows[m, COL] = writes[i, LISTED_COL] + origin_c
        rows[m, DIRECTION] = writes[i, LISTED_DIRECTION]
        hints[m] = writes[i, ENCLOSED]
        after = copy_state(st)
        after, _, sc2 = apply_row(after, book, sc, rows[m], hints[m], no_effects, counted)
        o, _ = outlook(after, book, sc2, seat, settings)
        values[m] = statics[i] + o
        draws[m] = uniform(rng, ri)
        m += 1
    return m, rows, values, draws, hints, sc


@njit(cache=True, inline="always")
def before(values, draws, a, b):
    """Whether candidate ``a`` ranks before ``b`` (higher value, then lower draw)."""
    return values[a] > values[b] or (values[a] == values[b] and draws[a] < draws[b])


@njit(cache=True)
def order_of(m, values, draws):
    """The shortlist's order: by value, then draw, then as the candidates joined."""
    order = np.arange(m)
    for k in range(1, m):  # insertion sort: stable, and lists are short
        x = order[k]
        j = k - 1
        while j >= 0 and before(values, draws, x, order[j]):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x
    return order


@njit(cache=True, inline="always")
def round3(x):
    """``round(x, 3)`` for the player's values (multiples of 0.01 up to rounding
    error, never near a half-thousandth)."""
    return np.rint(x * 1000.0) / 1000.0


@njit(cache=True, inline="always")
def facing_pie(st):
    """The player to move makes the first turn, which the other may take over."""
    info = st[2]
    return (
        info[PIE] != 0 and info[TO_MOVE] == 0 and info[TURNS] == 0 and info[TURNS + 1] == 0
    )


@njit(cache=True, inline="always")
def best_ranked(st, book, sc, n, rng, ri, settings):
    """The player's best candidate where no take-over is pending: (row, enclosed cells
    or -1, value, the scratch)."""
    m, rows, values, draws, hints, sc = ranked(
        st, book, sc, n, rng, ri, settings, np.int64(1)
    )
    best = 0
    for k in range(1, m):
        if before(values, draws, k, best):
            best = k
    return rows[best], hints[best], values[best], sc


@njit(cache=True, inline="always")
def against_pie(st, book, sc, n, rng, ri, settings):
    """The first turn under the pie rule (players/pie.py ``against_pie``): a spread of
    the ranked candidates, each followed by the rest of the turn as the player plays
    it, weighed by the second player's best answer."""
    legal = n if n > 0 else 1
    m, rows, values, draws, hints, sc = ranked(st, book, sc, n, rng, ri, settings, legal)
    order = order_of(m, values, draws)[:legal]
    k = order.shape[0]
    if k > SPREAD:
        step = (k - 1) / (SPREAD - 1)
        picked = np.empty(SPREAD, np.int64)
        for i in range(SPREAD):
            picked[i] = order[np.int64(np.rint(i * step))]
    else:
        picked = order
    equity = np.empty(picked.shape[0])
    effects, counted = np.ones(2, np.bool_), np.bool_(True)
    for j in range(picked.shape[0]):
        c = picked[j]
        equity[j] = round3(values[c])
        after = copy_state(st)
        after, listed, sc2 = apply_row(after, book, sc, rows[c], hints[c], effects, counted)
        while not after[2][OVER] and after[2][TO_MOVE] == 0:
            if listed < 0:
                listed, sc2 = list_now(after, book, sc2, np.bool_(True))
            row, hint, _, sc2 = best_ranked(after, book, sc2, listed, rng, ri, settings)
            after, listed, sc2 = apply_row(
                after, book, sc2, row.copy(), hint, effects, counted
            )
        if after[2][OVER]:
            continue
        if listed < 0:
            listed, sc2 = list_now(after, book, sc2, np.bool_(True))
        _, _, answer, sc2 = best_ranked(after, book, sc2, listed, rng, ri, settings)
        equity[j] = round3(-round3(answer))
    best = 0
    for j in range(1, picked.shape[0]):
        if equity[j] > equity[best]:
            best = j
    return rows[picked[best]], hints[picked[best]], sc


@njit(cache=True, inline="always")
def pick_territory(st, book, sc, n, rng, ri, settings):
    """The player's move (``n``: the turn's writes, listed with effects): (row,
    enclosed cells or -1, the scratch)."""
    if facing_pie(st):
        return against_pie(st, book, sc, n, rng, ri, settings)
    row, hint, _, sc = best_ranked(st, book, sc, n, rng, ri, settings)
    return row, hint, sc

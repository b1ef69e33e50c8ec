"""Cross words combat's moves applied in compiled code, as the engine applies them
(docs/rules/crosswords.md "A turn", "Combos and extra turns", "End and score"), to the
positions of :mod:`.core_state`: a write's letters, captures and extra turns, a pass, the
pie rule's take-over, and the end of the game found on the way.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.core_state import (
    ANY_WORD,
    CAPTOR,
    CHANGED,
    CLOSING,
    CODE,
    COL,
    COUNTERS,
    DIRECTION,
    EVERYWHERE,
    EXTRAS,
    FIRST_LETTER,
    KIND,
    LENGTHS,
    LETTER,
    MARGIN,
    MARK,
    MAX_LENGTH,
    NO_RAYS,
    NORMAL,
    ORIGIN,
    OUT,
    OVER,
    OWNER,
    PAGE_OF,
    PASS,
    PIE_TAKEN,
    PLANES,
    RAYS,
    ROW,
    SCORES,
    STACK,
    STAMP,
    STAMP_LIMIT,
    TO_MOVE,
    TURN_LIMIT,
    TURNS,
    USABLE,
    VISIT,
    WALLS,
    WORD,
    WRITE,
    WRITER,
    can_write,
    list_now,
    new_scratch,
    prepare,
    rays_across,
    rays_down,
    recode,
)
from wordbot.movegen.crosswords.enclosure import closing_cells, fresh_stamp
from wordbot.movegen.crosswords.writes import enclosed_by


@njit(cache=True, inline="always")
def settle(st, book, sc, effects, count):
    """End the game when it is over (docs/rules/crosswords.md "End and score"): both
    players have had ``turn_limit`` turns and no extra turn is left, or nobody can
    write. With ``count`` the turn's writes are listed on the way (``effects[seat]``:
    with their effects, as :func:`list_now`, when ``seat`` is to move), else only
    whether there is one is found; returns (how many, or -1 when not listed, the
    scratch)."""
    info, extra = st[2], st[3]
    if info[OVER]:
        return -1, sc
    limit = info[TURN_LIMIT]
    if info[EXTRAS] == 0 and min(info[TURNS], info[TURNS + 1]) >= limit:
        info[OVER] = 1
        return -1, sc
    seat = info[TO_MOVE]
    n = 0
    if count:
        n, sc = list_now(st, book, sc, effects[seat])
        if n > 0:
            return n, sc
    else:
        restricted = info[EXTRAS] > 0
        ex = extra[0] if restricted else sc[NORMAL]
        found, sc = can_write(st, book, sc, seat, ex, restricted)
        if found:
            return -1, sc
    for k in range(1, info[EXTRAS]):
        found, sc = can_write(st, book, sc, seat, extra[k], np.bool_(True))
        if found:
            return n, sc
    found, sc = can_write(st, book, sc, seat, sc[NORMAL], np.bool_(False))
    if found:
        return n, sc
    found, sc = can_write(st, book, sc, 1 - seat, sc[NORMAL], np.bool_(False))
    if not found:
        info[OVER] = 1
        info[EXTRAS] = 0
    return n, sc


@njit(cache=True, inline="always")
def end_turn(st, seat):
    """Whose turn next once ``seat`` moved: its own while extra turns wait."""
    info = st[2]
    info[TO_MOVE] = seat if info[EXTRAS] > 0 else 1 - seat


@njit(cache=True, inline="always")
def start_turn(st, seat):
    """The turn ``seat`` plays: an extra turn leaves the queue, a normal one counts."""
    info, extra = st[2], st[3]
    if info[EXTRAS] > 0:
        for k in range(1, info[EXTRAS]):
            extra[k - 1] = extra[k]
        info[EXTRAS] -= 1
    else:
        info[TURNS + seat] += 1


@njit(cache=True, inline="always")
def queue(st, any_word, max_length, lengths, first):
    info, extra = st[2], st[3]
    k = info[EXTRAS]
    extra[k, ANY_WORD], extra[k, MAX_LENGTH] = any_word, max_length
    extra[k, LENGTHS], extra[k, FIRST_LETTER] = lengths, first
    info[EXTRAS] = k + 1


@njit(cache=True, inline="always")
def grown(st, book):
    """``st`` itself, or a copy on a larger grid when a side's margin got thinner than
    ``info[MARGIN]`` (each such side grows by two margins)."""
    grid, info = st[0], st[2]
    m = info[MARGIN]
    H, W = grid.shape[1], grid.shape[2]
    top, bottom, left, right = (
        info[WALLS],
        info[WALLS + 1],
        info[WALLS + 2],
        info[WALLS + 3],
    )
    up = 2 * m if top < m else 0
    down = 2 * m if H - 1 - bottom < m else 0
    before = 2 * m if left < m else 0
    after = 2 * m if W - 1 - right < m else 0
    if up == 0 and down == 0 and before == 0 and after == 0:
        return st
    bigger = np.zeros((PLANES, H + up + down, W + before + after), np.int8)
    bigger[:, up : up + H, before : before + W] = grid
    # the new cells are empty and far from every letter: codes 0; rays and closing
    # cells made again
    prepare(bigger)
    info[ORIGIN] -= up
    info[ORIGIN + 1] -= before
    info[WALLS] += up
    info[WALLS + 1] += up
    info[WALLS + 2] += before
    info[WALLS + 3] += before
    return (bigger, st[1], info, st[3])


@njit(cache=True)
def walled_in(grid, sc, me, word, n, r0, c0, dr, dc, walls, everywhere):
    """:func:`.writes.write_effects` on the grid's rays and the scratch: the cells the
    write walls in marked in ``sc[MARK]``; returns their number."""
    counters = sc[COUNTERS]
    if counters[STAMP] >= STAMP_LIMIT:
        sc[VISIT][:] = 0
        counters[STAMP] = fresh_stamp()
    found, counters[STAMP] = enclosed_by(
        grid[LETTER],
        grid[OWNER],
        me,
        word,
        n,
        r0,
        c0,
        dr,
        dc,
        walls,
        sc[NO_RAYS] if everywhere else grid[RAYS],
        sc[VISIT],
        counters[STAMP],
        sc[STACK],
        sc[CHANGED],
        np.empty(4, np.int64),
        everywhere,
        sc[MARK],
    )
    return found


@njit(cache=True, inline="always")
def apply_write(st, book, sc, w, r, c, d, enclosed):
    """Write word ``w`` of the mover's page from grid cell (r, c) (``d``: 0 across, 1
    down): its letters, the opponent letters it crosses captured, the areas it walls in
    captured, its extra turns queued (``enclosed``: the cells it walls in when known,
    else -1). Returns the position (on a larger grid when it grew)."""
    grid, used, info = st[0], st[1], st[2]
    seat = info[TO_MOVE]
    me = np.int8(seat + 1)
    p = info[PAGE_OF + seat]
    start_turn(st, seat)
    dr, dc = (0, 1) if d == 0 else (1, 0)
    r0, c0 = r - info[ORIGIN], c - info[ORIGIN + 1]
    n = book[1][p, w]
    word = book[0][p, w]
    walls = info[WALLS : WALLS + 4]
    mark = sc[MARK]
    found = 0
    if enclosed != 0:  # the areas it walls in, found before its letters go down
        found = walled_in(
            grid, sc, me, word, n, r0, c0, dr, dc, walls, info[EVERYWHERE + seat] != 0
        )
    crossed = 0
    for j in range(n):
        rr, cc = r0 + j * dr, c0 + j * dc
        if grid[LETTER, rr, cc] == 0:
            grid[LETTER, rr, cc], grid[WRITER, rr, cc] = word[j], me
            grid[OWNER, rr, cc] = me
        elif grid[WRITER, rr, cc] != me:
            grid[CAPTOR, rr, cc], grid[OWNER, rr, cc] = me, me
            crossed += 1
    lo_r, hi_r = min(walls[0], r0), max(walls[1], r0 + (n - 1) * dr)
    lo_c, hi_c = min(walls[2], c0), max(walls[3], c0 + (n - 1) * dc)
    walls[0], walls[1], walls[2], walls[3] = lo_r, hi_r, lo_c, hi_c
    # enclosed cells lie inside the walls: the codes to make again are those of the
    # word's cells and their neighbours, and of the enclosed cells and theirs
    er0, er1, ec0, ec1 = r0 - 1, r0 + (n - 1) * dr + 1, c0 - 1, c0 + (n - 1) * dc + 1
    if found:
        for rr in range(lo_r, hi_r + 1):
            for cc in range(lo_c, hi_c + 1):
                if mark[rr, cc]:
                    mark[rr, cc] = False
                    grid[CAPTOR, rr, cc], grid[OWNER, rr, cc] = me, me
                    er0, er1 = min(er0, rr - 1), max(er1, rr + 1)
                    ec0, ec1 = min(ec0, cc - 1), max(ec1, cc + 1)
    recode(grid, er0, er1, ec0, ec1)
    # enclosed cells had no way out: only the word's lines change rays, and the
    # closing cells change next to them and to the enclosed cells; beyond the walls
    # and a cell, every empty cell has straight ways out on three sides: none closes
    top, bottom, left, right = lo_r - 1, hi_r + 1, lo_c - 1, hi_c + 1
    owner, rays, closing = grid[OWNER], grid[RAYS], grid[CLOSING]
    if d == 0:
        rays_across(grid, r0)
        for j in range(n):
            rays_down(grid, c0 + j)
        closing_cells(owner, rays, closing, r0 - 1, r0 + 1, left, right)
        closing_cells(owner, rays, closing, top, bottom, c0 - 1, c0 + n)
    else:
        rays_down(grid, c0)
        for j in range(n):
            rays_across(grid, r0 + j)
        closing_cells(owner, rays, closing, top, bottom, c0 - 1, c0 + 1)
        closing_cells(owner, rays, closing, r0 - 1, r0 + n, left, right)
    if found:
        closing_cells(owner, rays, closing, er0, er1, ec0, ec1)
    info[SCORES + seat] += crossed + found
    info[EVERYWHERE + seat] = 0  # whatever it walled in, it captured
    used[p, w] = 1
    if crossed:
        queue(st, 1 if crossed >= 2 else 0, -1, 0, 0)
    if found:
        queue(st, 0, found - 1, 0, 0)
    marker = book[2][p, w]
    if marker[0]:
        queue(
            st,
            marker[1 + ANY_WORD],
            marker[1 + MAX_LENGTH],
            marker[1 + LENGTHS],
            marker[1 + FIRST_LETTER],
        )
    end_turn(st, seat)
    return grown(st, book)


@njit(cache=True)
def apply_pass(st):
    seat = st[2][TO_MOVE]
    start_turn(st, seat)
    end_turn(st, seat)


@njit(cache=True)
def apply_take_over(st):
    """The pie rule's take-over: every letter, capture, page and turn count of the
    two seats exchanged, red to move."""
    grid, info = st[0], st[2]
    H, W = grid.shape[1], grid.shape[2]
    for plane in (WRITER, CAPTOR, OWNER):
        for r in range(H):
            for c in range(W):
                v = grid[plane, r, c]
                if v != 0:
                    grid[plane, r, c] = 3 - v
    for r in range(H):
        for c in range(W):
            grid[CODE, r, c], grid[CODE + 1, r, c] = grid[CODE + 1, r, c], grid[CODE, r, c]
    for slot in (TURNS, PAGE_OF, SCORES, EVERYWHERE):
        info[slot], info[slot + 1] = info[slot + 1], info[slot]
    info[TO_MOVE] = 0
    info[PIE_TAKEN] = 1


@njit(cache=True)
def apply_row(st, book, sc, row, enclosed, effects, count):
    """Apply the move ``row`` and settle (see :func:`settle`; ``enclosed`` as
    :func:`apply_write`'s). Returns (the position, the writes listed for the next turn
    or -1, the scratch)."""
    kind = row[KIND]
    if kind == WRITE:
        H, W = st[0].shape[1], st[0].shape[2]
        st = apply_write(
            st, book, sc, row[WORD], row[ROW], row[COL], row[DIRECTION], enclosed
        )
        if st[0].shape[1] != H or st[0].shape[2] != W:
            sc = new_scratch(
                st[0].shape[1],
                st[0].shape[2],
                sc[CHANGED].shape[0] - 1,
                sc[USABLE].shape[0],
                sc[OUT].shape[0],
            )
    elif kind == PASS:
        apply_pass(st)
    else:
        apply_take_over(st)
    n, sc = settle(st, book, sc, effects, count)
    return st, n, sc

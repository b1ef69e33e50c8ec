"""Word plays: an anchor-driven GADDAG walk (Gordon 1994), in numba.

Each line (row, or column on the transposed grid) is scanned from right to left. Two
kinds of anchor start a walk:

* a **tile run** (a maximal run of board letters, started from its last letter): the
  walk first reads the run backwards, so the GADDAG is already narrowed by the board
  before any rack letter is tried; it then goes left (rack letters on empty squares,
  board letters read through, further runs included) and, across the separator, right
  of the run. It finds every play whose rightmost run in the line is this one.
* a **hook square** (an empty square with a cross word), for plays that touch no run in
  their own line: the walk places a letter on it, goes left, and across the separator
  right. It finds every such play whose rightmost hook is this square.

Each anchor's walk stops short of the part of the line the anchors to its right cover
(``rightmost``), so every play is found once. Plays along columns run the same walk on
the transposed grid; there a one-tile play that also has an across word is skipped,
because the across pass found it: a one-tile play is one move.

A walk is two loops: the left walk (leftwards from the anchor, board letters read
through) and, from each left part that can cross the separator, the right walk (only
empty squares there). Each keeps its own stack (numba caches recursive functions badly,
numba #6061): the frame being worked on (fill square ``pos`` with each letter of
``cand``) lives in local variables and is parked on the stack only when a letter has
something to visit beyond it, so letters that lead nowhere cost a few instructions.
Every GADDAG step is one load of an arc record (see :mod:`wordbot.dictionaries.gaddag`).
The right walk is inlined into its callers, and nothing is prefetched: both measured
faster (6-8% on the conformance positions) than a called right walk with prefetches of
the arc lists a frame will visit. Indices are cast to
unsigned where numba would otherwise emit negative-index wraparound code, and the walks
are compiled without reference counting (which costs atomic calls per array argument).

Each move found is written into flat buffers, no Python objects
(:mod:`~wordbot.movegen.controlword.playrecord`). An anchor is found
(:func:`line_anchors`) before it is walked (:func:`walk_anchor`), so that best-only
generation (:mod:`~wordbot.movegen.controlword.bestplays`) can bound and order them.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import arc, child, first_arc, lowest_bit
from wordbot.movegen.controlword.crosschecks import (
    HAS_CROSS,
    cross_checks,
    is_letter,
)
from wordbot.movegen.controlword.grid import BLOCKED, EMPTY
from wordbot.movegen.controlword.playrecord import ACROSS, record
from wordbot.movegen.controlword.scoring import bonus_letter
from wordbot.movegen.controlword.walkstack import (
    A_JQ,
    A_KIND,
    A_LB,
    A_LINE,
    A_POS,
    A_REC,
    A_RM,
    A_START,
    HOOK,
    MAX_RACK,
    RUN,
    park,
    u,
    unpark,
)

ACCEPT = np.int64(1) << 27  # an arc record's accept flag


# The walks are compiled without numba's reference counting (_nrt=False): they only
# index arrays they are given, and the counting would cost atomic calls per call.


@njit(cache=True, inline="always")
def _right_walk(
    rec,
    pos,
    cand,
    n,
    score,
    xl,
    sp,
    rm,
    rack,
    rbits,
    total,
    edges,
    xm,
    xsc,
    line_i,
    direction,
    stack,
    placed,
    table,
    moves,
    tiles,
    counts,
):
    """Every right part from one frame: fill square ``pos`` with each letter of ``cand``
    out of the node reached by ``rec`` (``n`` tiles placed so far, ``score`` so far, the
    word starting at ``xl``), then the squares after it, up to ``rm`` (excluded). Right
    parts only ever fill empty squares. Uses the stack above ``sp``; restores ``rack``.
    """
    one = np.int64(1)
    base = sp
    while True:
        if cand == 0:
            if sp == base:
                return
            sp -= 1
            rec, pos, cand, n, score, rbits = unpark(stack, sp, rack, rbits)
            continue
        letter = lowest_bit(cand)
        bit = one << letter
        cand ^= bit
        nxt = arc(edges, rec, bit)
        if nxt & ACCEPT and (n > 0 or direction == ACROSS or not xm[u(pos)] & HAS_CROSS):
            placed[u(2 * n)] = pos
            placed[u(2 * n + 1)] = letter
            record(
                direction,
                line_i,
                xl,
                pos,
                n + 1,
                placed,
                score + xsc[u(2 * pos + bonus_letter(table, u(letter)))],
                table,
                moves,
                tiles,
                counts,
            )
        q = pos + 1
        if n + 1 < total and q < rm:
            rbits1 = rbits if rack[u(letter)] > 1 else rbits ^ bit
            c = nxt & xm[u(q)] & rbits1
            if c != 0:
                placed[u(2 * n)] = pos
                placed[u(2 * n + 1)] = letter
                sp = park(stack, sp, rec, pos, cand, n, score, letter)
                rack[u(letter)] -= 1
                rbits = rbits1
                score += xsc[u(2 * pos + bonus_letter(table, u(letter)))]
                rec = nxt
                pos = q
                cand = c
                n += 1


@njit(cache=True, _nrt=False)
def _left_walk(
    rec,
    pos,
    cand,
    score,
    anchor,
    lb,
    rm,
    line,
    rack,
    rbits,
    total,
    edges,
    xm,
    xsc,
    line_i,
    direction,
    stack,
    placed,
    table,
    moves,
    tiles,
    counts,
):
    """Every play of one anchor whose left part fills square ``pos`` (<= anchor) with a
    letter of ``cand`` out of the node reached by ``rec``: the left parts, square by
    square down to ``lb``, board letters read through, each followed by its right parts
    (:func:`_right_walk`) from anchor + 1. Restores ``rack``.
    """
    one = np.int64(1)
    n = 0
    sp = 0
    while True:
        if cand == 0:
            if sp == 0:
                return
            sp -= 1
            rec, pos, cand, n, score, rbits = unpark(stack, sp, rack, rbits)
            continue
        letter = lowest_bit(cand)
        bit = one << letter
        cand ^= bit
        nxt = arc(edges, rec, bit)
        score1 = score + xsc[u(2 * pos + bonus_letter(table, u(letter)))]
        # read the board letters beyond the square being filled
        p = pos - 1
        b = line[u(p)]
        while b != EMPTY and b != BLOCKED:
            if not (nxt >> b) & 1:
                break
            nxt = arc(edges, nxt, one << b)
            score1 += bonus_letter(table, u(b))
            p -= 1
            b = line[u(p)]
        if b != EMPTY and b != BLOCKED:  # the board letters spell no path
            continue
        if (
            nxt & ACCEPT
            and anchor - p >= 2
            and (n > 0 or direction == ACROSS or not xm[u(pos)] & HAS_CROSS)
        ):
            placed[u(2 * n)] = pos
            placed[u(2 * n + 1)] = letter
            record(
                direction,
                line_i,
                p + 1,
                anchor,
                n + 1,
                placed,
                score1,
                table,
                moves,
                tiles,
                counts,
            )
        if n + 1 >= total:
            continue
        rbits1 = rbits if rack[u(letter)] > 1 else rbits ^ bit
        c_right = np.int64(0)
        sep = np.int64(0)
        if nxt & 1 and anchor + 1 < rm:
            sep = edges[u(first_arc(nxt))]
            c_right = sep & xm[u(anchor + 1)] & rbits1
        c_left = nxt & xm[u(p)] & rbits1 if p >= lb else np.int64(0)
        if c_right == 0 and c_left == 0:
            continue
        placed[u(2 * n)] = pos
        placed[u(2 * n + 1)] = letter
        rack[u(letter)] -= 1
        if c_right != 0:
            _right_walk(
                sep,
                anchor + 1,
                c_right,
                n + 1,
                score1,
                p + 1,
                sp,
                rm,
                rack,
                rbits1,
                total,
                edges,
                xm,
                xsc,
                line_i,
                direction,
                stack,
                placed,
                table,
                moves,
                tiles,
                counts,
            )
        if c_left != 0:
            sp = park(stack, sp, rec, pos, cand, n, score, letter)
            rbits = rbits1
            rec = nxt
            pos = p
            cand = c_left
            score = score1
            n += 1
        else:
            rack[u(letter)] += 1


@njit(cache=True, inline="always")
def _anchor(anchors, na, kind, line_i, pos, start, rec, jq, lb, rm):
    ua = u(na)
    anchors[ua, A_KIND] = kind
    anchors[ua, A_LINE] = line_i
    anchors[ua, A_POS] = pos
    anchors[ua, A_START] = start
    anchors[ua, A_REC] = rec
    anchors[ua, A_JQ] = jq
    anchors[ua, A_LB] = lb
    anchors[ua, A_RM] = rm
    return na + 1


@njit(cache=True, _nrt=False)
def _walk(
    kind,
    line_i,
    pos,
    p,
    rec,
    jq,
    lb,
    rm,
    line,
    xm,
    xsc,
    rack,
    rbits,
    total,
    edges,
    direction,
    stack,
    placed,
    table,
    moves,
    tiles,
    counts,
):
    """Every play of an anchor (its fields as :func:`line_anchors` finds them)."""
    if kind == RUN and rec & 1 and pos + 1 < rm:  # the run's right parts
        sep = edges[u(first_arc(rec))]
        c = sep & xm[u(pos + 1)] & rbits
        if c != 0:
            _right_walk(
                sep,
                pos + 1,
                c,
                np.int64(0),
                jq,
                p + 1,
                np.int64(0),
                rm,
                rack,
                rbits,
                total,
                edges,
                xm,
                xsc,
                line_i,
                direction,
                stack,
                placed,
                table,
                moves,
                tiles,
                counts,
            )
    c = rec & xm[u(p)] & rbits if p >= lb else np.int64(0)
    if c != 0:
        _left_walk(
            rec,
            p,
            c,
            jq,
            pos,
            lb,
            rm,
            line,
            rack,
            rbits,
            total,
            edges,
            xm,
            xsc,
            line_i,
            direction,
            stack,
            placed,
            table,
            moves,
            tiles,
            counts,
        )


@njit(cache=True, inline="always")
def walk_anchor(
    anchors,
    k,
    line,
    xm,
    xsc,
    rack,
    rbits,
    total,
    edges,
    direction,
    stack,
    placed,
    table,
    moves,
    tiles,
    counts,
):
    """Every play of anchor ``k`` (a row of ``anchors``) on its ``line``."""
    uk = u(k)
    _walk(
        anchors[uk, A_KIND], anchors[uk, A_LINE], anchors[uk, A_POS],
        anchors[uk, A_START], anchors[uk, A_REC], anchors[uk, A_JQ], anchors[uk, A_LB],
        anchors[uk, A_RM], line, xm, xsc, rack, rbits, total, edges, direction, stack,
        placed, table, moves, tiles, counts,
    )  # fmt: skip


@njit(cache=True, _nrt=False)
def line_anchors(
    line_i,
    line,
    xm,
    xsc,
    rack,
    rbits,
    total,
    edges,
    root,
    direction,
    stack,
    placed,
    table,
    anchors,
    na,
    walk,
    moves,
    tiles,
    counts,
):
    """The anchors of one line (see the module docstring), in the generator's order
    (right to left): walked as they are found when ``walk`` (the full list: fastest,
    the anchor's fields still in registers), else appended to ``anchors`` from row
    ``na``; the new row count."""
    w = line.shape[0]
    lo = 1
    while lo < w - 1 and line[lo] == BLOCKED:
        lo += 1
    hi = w - 2
    while hi >= lo and line[hi] == BLOCKED:
        hi -= 1
    if lo > hi:
        return na
    rightmost = hi + 1  # squares >= rightmost are taken care of
    leftmost = rightmost
    while True:
        while leftmost > lo and line[leftmost - 1] == EMPTY:
            leftmost -= 1
        if leftmost > lo:  # a tile run ends at leftmost - 1
            t = leftmost - 1
            rec = root
            p = t
            jq = np.int64(0)
            while is_letter(line[p]) and rec >= 0:
                rec = child(edges, rec, line[p])
                jq += bonus_letter(table, line[p])
                p -= 1
            if rec >= 0 and walk:
                _walk(
                    np.int64(RUN), line_i, t, p, rec, jq, lo, rightmost, line, xm, xsc,
                    rack, rbits, total, edges, direction, stack, placed, table, moves,
                    tiles, counts,
                )  # fmt: skip
            elif rec >= 0:
                na = _anchor(anchors, na, RUN, line_i, t, p, rec, jq, lo, rightmost)
        # hook squares between the run and `rightmost` (not the one touching the run)
        e_lo = leftmost + 1 if leftmost > lo else leftmost
        r = rightmost
        if total >= 2:
            for a in range(rightmost - 1, e_lo - 1, -1):
                if xm[a] & HAS_CROSS:
                    if r - e_lo < 2:
                        break
                    if root & xm[a] & rbits == 0:
                        pass
                    elif walk:
                        _walk(
                            np.int64(HOOK), line_i, a, a, root, np.int64(0), e_lo, r,
                            line, xm, xsc, rack, rbits, total, edges, direction, stack,
                            placed, table, moves, tiles, counts,
                        )  # fmt: skip
                    else:
                        na = _anchor(anchors, na, HOOK, line_i, a, a, root, 0, e_lo, r)
                    r = a
        while leftmost > lo and is_letter(line[leftmost - 1]):
            leftmost -= 1
        if leftmost <= lo + 1:
            return na
        rightmost = leftmost - 1  # the square touching this run belongs to its plays
        leftmost = rightmost


@njit(cache=True)
def _pass(
    grid,
    xmask,
    xsc,
    rack,
    direction,
    edges,
    root,
    table,
    stack,
    placed,
    anchors,
    moves,
    tiles,
    counts,
):
    h = grid.shape[0]
    rbits = np.int64(0)
    total = np.int64(0)  # not a literal: one signature for the walks
    for letter in range(1, 27):
        if rack[letter] > 0:
            rbits |= np.int64(1) << letter
            total += rack[letter]
    for i in range(1, h - 1):
        line_anchors(
            i, grid[i], xmask[i], xsc[i], rack, rbits, total, edges, root, direction,
            stack, placed, table, anchors, np.int64(0), np.bool_(True), moves, tiles,
            counts,
        )  # fmt: skip


@njit(cache=True)
def generate(letters, rack, edges, root, table, work, moves, tiles, counts):
    """Every word play on ``letters`` (grid values) with ``rack`` (counts by letter code),
    scored with the points ``table`` (:mod:`~wordbot.movegen.controlword.scoring`).

    ``work`` is a :class:`Workspace`'s arrays (reused between calls). Fills
    ``moves``/``tiles``; sets ``counts[2]`` to 1 when the buffers were too small (the
    caller grows them and calls again), to -1 when the rack holds more than ``MAX_RACK``
    tiles (nothing is generated).
    """
    grid_buf, xmask_buf, xsc_buf, stack, placed, anchors = work[:6]
    counts[0] = 0
    counts[1] = 0
    counts[2] = 0
    counts[3] = 0  # every play (see _record)
    h, w = letters.shape
    total = rack.sum()
    if total > MAX_RACK:
        counts[2] = -1
        return
    if total == 0:
        return
    n = h * w
    rbits = np.int64(0)
    for letter in range(1, 27):
        if rack[letter] > 0:
            rbits |= np.int64(1) << letter
    for direction in range(2):
        if direction == ACROSS:
            grid = letters
            gh, gw = h, w
        else:
            gh, gw = w, h
            grid = grid_buf[:n].reshape((gh, gw))
            for i in range(h):
                for j in range(w):
                    grid[j, i] = letters[i, j]
        xmask = xmask_buf[:n].reshape((gh, gw))
        xsc = xsc_buf[: 2 * n].reshape((gh, 2 * gw))
        cross_checks(grid, edges, root, table, rbits, xmask, xsc)
        _pass(
            grid,
            xmask,
            xsc,
            rack,
            direction,
            edges,
            root,
            table,
            stack,
            placed,
            anchors,
            moves,
            tiles,
            counts,
        )

"""Every legal write of one player (docs/rules/crosswords.md, "A turn: write one word") and
what each captures, over the grid window of :mod:`.enclosure`.

Arrays, per cell: ``letter`` (0 empty, else 1-26), ``writer`` (0, or the seat + 1 that
wrote the letter), ``captor`` (0, or the seat + 1 that captured the cell) and ``owner``
(whom the cell belongs to: the captor, else the writer; 0 for an empty uncaptured cell).
Words are rows of ``codes`` (letters 1-26) with their ``lengths``; ``usable`` lists the
rows the player may write in this turn.

A write must cross one of the player's own letters (rule 1), so the writes are found
from the player's uncaptured letters (the anchors): every position of the word holding
that letter, in both directions, each (word, first cell, direction) once.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.enclosure import (
    clear_rays,
    enclosed_all,
    enclosed_near,
    fresh_stamp,
    may_close,
)

#: columns of a write row: word row in ``codes``, first cell r and c (window), direction
#: (0 across, 1 down), opponent letters crossed, cells enclosed
WORD, ROW, COL, DIRECTION, CROSSED, ENCLOSED = range(6)
FIELDS = 6


#: :func:`cell_codes`: an empty uncaptured cell, a captured one; the mover's letter L is
#: L (1-26), the opponent's L + OPPONENT; TOUCH is added to an empty cell or the mover's
#: letter next to a cell of the opponent (so rule 4 reads no other array)
EMPTY, CAPTURED, OPPONENT, TOUCH = 0, 63, 32, 64
VALUE = 63  # code & VALUE drops TOUCH


@njit(cache=True)
def cell_codes(letter, writer, captor, owner, me):
    """One int8 per cell for the scan, so that a candidate reads one array: EMPTY,
    CAPTURED, the mover's letter, or the opponent's letter + OPPONENT; plus TOUCH on
    an empty cell or the mover's letter that has an orthogonal neighbour belonging to
    the opponent."""
    H, W = letter.shape
    code = np.zeros((H, W), np.int8)
    for r in range(H):
        for c in range(W):
            if captor[r, c] != 0:
                code[r, c] = CAPTURED
            elif letter[r, c] != 0:
                code[r, c] = letter[r, c] + (0 if writer[r, c] == me else OPPONENT)
    for r in range(H):  # the opponent's cells are few: mark around each
        for c in range(W):
            if owner[r, c] == 0 or owner[r, c] == me:
                continue
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= nr < H and 0 <= nc < W and code[nr, nc] <= 26:
                    code[nr, nc] |= TOUCH
    return code


@njit(cache=True, inline="always")
def crossing(code, word, n, r0, c0, dr, dc):
    """The opponent letters the write crosses, or -1 when it breaks rule 2, 4 or 5 or a
    cell holds another letter (rule 1 is the caller's: the anchor). ``code``:
    :func:`cell_codes`; rule 4's cells next to the word are the neighbours of its
    cells, whose TOUCH says whether one is the opponent's."""
    new = 0
    crossed = 0
    touch = 0
    for j in range(n):
        held = code[r0 + j * dr, c0 + j * dc]
        touch |= held
        held &= VALUE
        if held == EMPTY:
            new += 1
        elif held == word[j]:
            continue
        elif held == word[j] + OPPONENT:
            crossed += 1
        else:
            return -1  # another letter, or captured (rule 2)
    if new == 0:
        return -1  # rule 5
    if crossed == 0 and touch & TOUCH:
        return -1  # rule 4, which a crossing write ignores
    return crossed


@njit(cache=True)
def walls_box(owner):
    """int64[4]: the rows and columns that hold every cell belonging to somebody."""
    H, W = owner.shape
    box = np.array([H, -1, W, -1], np.int64)
    for r in range(H):
        for c in range(W):
            if owner[r, c] != 0:
                box[0], box[1] = min(box[0], r), max(box[1], r)
                box[2], box[3] = min(box[2], c), max(box[3], c)
    return box


@njit(cache=True, inline="always")
def enclosed_by(
    letter,
    owner,
    me,
    word,
    n,
    r0,
    c0,
    dr,
    dc,
    walls,
    rays,
    visit,
    stamp,
    stack,
    changed,
    box,
    everywhere,
    mark,
):
    """The cells the write encloses (the word's cells taken as ``me``'s for the search,
    and put back after); ``walls``: :func:`walls_box` and ``rays``:
    :func:`~.enclosure.clear_rays` before the write; ``everywhere``:
    search the whole box (a position that already holds enclosed regions), else next
    to the changed cells only; ``box``: scratch for the walls' box after the write.
    Returns (cells, next free stamp)."""
    box[0], box[1] = min(walls[0], r0), max(walls[1], r0 + (n - 1) * dr)
    box[2], box[3] = min(walls[2], c0), max(walls[3], c0 + (n - 1) * dc)
    count = 0
    for j in range(n):
        r, c = r0 + j * dr, c0 + j * dc
        changed[j, 2] = owner[r, c]
        if owner[r, c] != me:
            changed[count, 0], changed[count, 1] = r, c
            count += 1
    for j in range(n):
        owner[r0 + j * dr, c0 + j * dc] = me
    if everywhere:
        size, stamp = enclosed_all(owner, me, box, visit, stamp, stack, mark)
    else:
        size, stamp = enclosed_near(
            owner,
            me,
            changed[:, 0],
            changed[:, 1],
            count,
            box,
            visit,
            stamp,
            stack,
            rays,
            r0,
            c0,
            n,
            dr,
            dc,
            mark,
        )
    for j in range(n):
        owner[r0 + j * dr, c0 + j * dc] = changed[j, 2]
    return size, stamp


@njit(cache=True)
def writes_into(
    letter,
    writer,
    captor,
    owner,
    me,
    codes,
    lengths,
    usable,
    walls,
    everywhere,
    effects,
    out,
):
    """Write the legal writes into ``out`` (int64[cap, FIELDS]); returns how many, or
    cap + 1 when they do not fit (retry larger). ``walls``: :func:`walls_box` of the
    window. Without ``effects`` the ENCLOSED column is 0 and the search stops at the
    first write found when ``out`` has one row."""
    H, W = letter.shape
    rays = clear_rays(owner) if effects and not everywhere else np.zeros((1, 1), np.int8)
    count, _ = scan_writes(
        cell_codes(letter, writer, captor, owner, me),
        rays,
        letter,
        writer,
        captor,
        owner,
        me,
        codes,
        lengths,
        usable,
        walls,
        everywhere,
        effects,
        out,
        np.zeros((2, H, W), np.int32),
        np.int64(0),
        np.zeros((H, W), np.int32),
        fresh_stamp(),
        np.empty((H * W, 2), np.int32),
        np.empty((codes.shape[1] + 1, 3), np.int64),
        np.zeros((1, 1), np.int8),
    )
    return count


@njit(cache=True)
def scan_writes(
    code,
    rays,
    letter,
    writer,
    captor,
    owner,
    me,
    codes,
    lengths,
    usable,
    walls,
    everywhere,
    effects,
    out,
    seen,
    seen_base,
    visit,
    stamp,
    stack,
    changed,
    closing,
):
    """:func:`writes_into` over scratch arrays a caller keeps between calls (a compiled
    game plays many moves on one window): ``code``, :func:`cell_codes`; ``rays``,
    :func:`~.enclosure.clear_rays` when ``effects`` and not ``everywhere``; ``seen``
    (int32[2, H, W]) holds no value above ``seen_base``, ``visit`` none from ``stamp``
    on; ``stack`` int32[H * W, 2]; ``changed`` int64[longest word + 1, 3];
    ``closing``, :func:`~.enclosure.closing_cells` of the window (a 1 x 1 array for
    none): a write through none of them walls nothing in, unsearched. Returns (the
    count as :func:`writes_into`'s, the next free stamp of ``visit``); the call stamps
    ``seen`` up to ``seen_base + len(usable)``."""
    screen = closing.shape[0] > 1 and not everywhere
    cap = out.shape[0]
    no_mark = np.zeros((0, 0), np.bool_)
    box = np.empty(4, np.int64)
    # the anchors (the mover's uncaptured letters), row by row, grouped by letter:
    # those of letter L are (anchor_r, anchor_c)[start[L]:start[L + 1]]
    start = np.zeros(28, np.int64)
    for r in range(walls[0], walls[1] + 1):
        for c in range(walls[2], walls[3] + 1):
            if writer[r, c] == me and captor[r, c] == 0:
                start[letter[r, c] + 1] += 1
    for L in range(1, 28):
        start[L] += start[L - 1]
    anchor_r = np.empty(start[27], np.int64)
    anchor_c = np.empty(start[27], np.int64)
    fill = start.copy()
    for r in range(walls[0], walls[1] + 1):
        for c in range(walls[2], walls[3] + 1):
            if writer[r, c] == me and captor[r, c] == 0:
                L = letter[r, c]
                anchor_r[fill[L]], anchor_c[fill[L]] = r, c
                fill[L] += 1
    count = 0
    for u in range(usable.shape[0]):
        w = usable[u]
        n = lengths[w]
        word = codes[w]
        mark = seen_base + u + 1
        for i in range(n):
            held = word[i]
            for k in range(start[held], start[held + 1]):
                ar, ac = anchor_r[k], anchor_c[k]
                for d in range(2):
                    dr, dc = (0, 1) if d == 0 else (1, 0)
                    r0, c0 = ar - i * dr, ac - i * dc
                    if seen[d, r0, c0] == mark:
                        continue
                    seen[d, r0, c0] = mark
                    crossed = crossing(code, word, n, r0, c0, dr, dc)
                    if crossed < 0:
                        continue
                    if count == cap:
                        return cap + 1, stamp
                    enclosed = 0
                    if effects and (not screen or may_close(closing, r0, c0, n, dr, dc)):
                        enclosed, stamp = enclosed_by(
                            letter,
                            owner,
                            me,
                            word,
                            n,
                            r0,
                            c0,
                            dr,
                            dc,
                            walls,
                            rays,
                            visit,
                            stamp,
                            stack,
                            changed,
                            box,
                            everywhere,
                            no_mark,
                        )
                    out[count, WORD], out[count, ROW], out[count, COL] = w, r0, c0
                    out[count, DIRECTION], out[count, CROSSED] = d, crossed
                    out[count, ENCLOSED] = enclosed
                    count += 1
                    if not effects and cap == 1:
                        return count, stamp
    return count, stamp


@njit(cache=True)
def write_effects(letter, owner, me, word, n, r0, c0, dr, dc, walls, everywhere, mark):
    """The cells a write encloses, marked in ``mark``; returns their number.
    ``everywhere``: the mover already walls in regions nobody captured (search them
    all)."""
    H, W = letter.shape
    visit = np.zeros((H, W), np.int32)
    stack = np.empty((H * W, 2), np.int32)
    changed = np.empty((n + 1, 3), np.int64)
    rays = np.zeros((1, 1), np.int8) if everywhere else clear_rays(owner)
    size, _ = enclosed_by(
        letter,
        owner,
        me,
        word,
        n,
        r0,
        c0,
        dr,
        dc,
        walls,
        rays,
        visit,
        fresh_stamp(),
        stack,
        changed,
        np.empty(4, np.int64),
        everywhere,
        mark,
    )
    return size


@njit(cache=True)
def enclosed_now(owner, me):
    """How many cells ``me`` already encloses in the window (0 in a position reached by
    play: an enclosure is captured when it closes)."""
    H, W = owner.shape
    visit = np.zeros((H, W), np.int32)
    stack = np.empty((H * W, 2), np.int32)
    size, _ = enclosed_all(
        owner, me, walls_box(owner), visit, fresh_stamp(), stack, np.zeros((0, 0), np.bool_)
    )
    return size

"""Cross words combat's compiled state (:mod:`wordbot.engine.crosswords.core` packs it):
a position as flat arrays, its turns' writes listed by :func:`.writes.scan_writes`, and
every move applied in place as the engine applies it (docs/rules/crosswords.md).

A position is the tuple ``st`` = (grid, used, info, extra):

- ``grid`` int8[PLANES, H, W]: a window of the unbounded grid, an empty margin of at
  least ``info[MARGIN]`` cells around every letter and captured cell: per cell its
  letter (0-26), writer, captor, owner (seat + 1, 0 for none; see :mod:`.writes`), and
  the scan's cell codes (:func:`.writes.cell_codes`) for each seat as the mover, the
  rays (:func:`.enclosure.clear_rays`) and the cells a write through may wall an area
  in (:func:`.enclosure.closing_cells`), all kept up to date move by move (a window's
  cost more to make than a scan);
- ``used`` int8[2, words]: the words each page has used (by page, not by seat: the
  pie rule's take-over exchanges the pages, ``info[PAGE_OF + seat]``);
- ``info`` int64[INFO]: the scalars (the slots below);
- ``extra`` int64[capacity, 4]: the extra turns queued for the player to move, first
  first, ``info[EXTRAS]`` of them; a restriction is (any word, longest length or -1,
  the allowed lengths as bits or 0, first letter 1-26 or 0).

The pages never change in a game: ``book`` = (codes int8[2, words, longest], lengths
int64[2, words], markers int64[2, words, 5], starts int64[2, rows + 1]), by page; a
word's marker is (present, then its restriction as an extra turn's). Scratch arrays a
listing uses are the tuple ``sc`` (:func:`new_scratch`), made again when the grid grows.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.crosswords.enclosure import clear_rays, closing_cells, fresh_stamp
from wordbot.movegen.crosswords.writes import (
    CAPTURED,
    CROSSED,
    ENCLOSED,
    FIELDS,
    OPPONENT,
    TOUCH,
    enclosed_by,
    scan_writes,
)

#: planes of ``grid``: the four of :mod:`.writes`, the cell codes with seat 0 and with
#: seat 1 to move, the rays, the closing cells
LETTER, WRITER, CAPTOR, OWNER, CODE, RAYS, CLOSING = 0, 1, 2, 3, 4, 6, 7
PLANES = 8
#: slots of ``info``
TO_MOVE, OVER, TURNS, PIE_TAKEN, PAGE_OF, SCORES, EVERYWHERE = 0, 1, 2, 4, 5, 7, 9
EXTRAS, TURN_LIMIT, PIE, ORIGIN, WALLS, MARGIN, ROWS, WORDS = 11, 12, 13, 14, 16, 20, 21, 23
INFO = 25
#: columns of a restriction (``extra`` rows; a marker's after its ``present`` column)
ANY_WORD, MAX_LENGTH, LENGTHS, FIRST_LETTER = 0, 1, 2, 3
#: a move's row: kind, word (index in the mover's page), first cell r, c (grid
#: coordinates), direction (0 across, 1 down)
KIND, WORD, ROW, COL, DIRECTION = 0, 1, 2, 3, 4
WIDTH = 5
WRITE, PASS, TAKE_OVER = 0, 1, 2
#: ``sc[COUNTERS]``: the next ``seen`` base and the next free ``visit`` stamp
SEEN_BASE, STAMP = 0, 1
SEEN, VISIT, STACK, CHANGED, MARK, OUT, ONE, USABLE, COUNTERS, NORMAL, NO_RAYS = range(11)
#: stamps are int32: start again from zeroed arrays well before they run out
STAMP_LIMIT = 1 << 30


@njit(cache=True)
def new_scratch(H, W, longest, words, cap):
    """The listing's scratch for a grid of H rows and W columns: ``seen``, ``visit``,
    the flood's stack, a write's changed cells, the marks of enclosed cells, room for
    ``cap`` writes and for one, the usable words, counters, a normal turn's
    restriction (none) and no rays (arrays made here, never constants: numba compiles
    a kernel again for a constant's read-only array)."""
    counters = np.zeros(2, np.int64)
    counters[STAMP] = fresh_stamp()
    normal = np.zeros(4, np.int64)
    normal[MAX_LENGTH] = -1
    return (
        np.zeros((2, H, W), np.int32),
        np.zeros((H, W), np.int32),
        np.empty((H * W, 2), np.int32),
        np.empty((longest + 1, 3), np.int64),
        np.zeros((H, W), np.bool_),
        np.empty((cap, FIELDS), np.int64),
        np.empty((1, FIELDS), np.int64),
        np.empty(words, np.int64),
        counters,
        normal,
        np.zeros((1, 1), np.int8),
    )


@njit(cache=True)
def grow_out(sc):
    """``sc`` with four times the room for writes."""
    return (
        sc[SEEN],
        sc[VISIT],
        sc[STACK],
        sc[CHANGED],
        sc[MARK],
        np.empty((sc[OUT].shape[0] * 4, FIELDS), np.int64),
        sc[ONE],
        sc[USABLE],
        sc[COUNTERS],
        sc[NORMAL],
        sc[NO_RAYS],
    )


@njit(cache=True)
def copy_state(st):
    """An independent copy of a position."""
    return (st[0].copy(), st[1].copy(), st[2].copy(), st[3].copy())


# -- cell codes -----------------------------------------------------------------------
@njit(cache=True, inline="always")
def code_of(grid, me, r, c):
    """:func:`.writes.cell_codes`'s value of cell (r, c) for ``me`` to move."""
    H, W = grid.shape[1], grid.shape[2]
    if grid[CAPTOR, r, c] != 0:
        return np.int8(CAPTURED)
    v = np.int8(0)
    if grid[LETTER, r, c] != 0:
        v = grid[LETTER, r, c] + (0 if grid[WRITER, r, c] == me else OPPONENT)
        if v > 26:
            return v
    for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= nr < H and 0 <= nc < W:
            o = grid[OWNER, nr, nc]
            if o != 0 and o != me:
                return v | TOUCH
    return v


@njit(cache=True)
def recode(grid, r0, r1, c0, c1):
    """Both seats' cell codes of the cells in rows r0..r1, columns c0..c1 (clipped to
    the grid) made again from the other planes."""
    H, W = grid.shape[1], grid.shape[2]
    for r in range(max(r0, 0), min(r1, H - 1) + 1):
        for c in range(max(c0, 0), min(c1, W - 1) + 1):
            grid[CODE, r, c] = code_of(grid, 1, r, c)
            grid[CODE + 1, r, c] = code_of(grid, 2, r, c)


@njit(cache=True)
def rays_down(grid, c):
    """The up and down rays (:func:`.enclosure.clear_rays`) of column ``c`` again."""
    H = grid.shape[1]
    for r in range(H):
        grid[RAYS, r, c] &= ~3
    for r in range(H):
        if grid[OWNER, r, c] != 0:
            break
        grid[RAYS, r, c] |= 1
    for r in range(H - 1, -1, -1):
        if grid[OWNER, r, c] != 0:
            break
        grid[RAYS, r, c] |= 2


@njit(cache=True)
def rays_across(grid, r):
    """The left and right rays of row ``r`` again."""
    W = grid.shape[2]
    for c in range(W):
        grid[RAYS, r, c] &= ~12
    for c in range(W):
        if grid[OWNER, r, c] != 0:
            break
        grid[RAYS, r, c] |= 4
    for c in range(W - 1, -1, -1):
        if grid[OWNER, r, c] != 0:
            break
        grid[RAYS, r, c] |= 8


@njit(cache=True)
def prepare(grid):
    """Fill the derived planes of a packed grid: cell codes, rays, closing cells."""
    grid[RAYS] = clear_rays(grid[OWNER])
    last_r, last_c = grid.shape[1] - 1, grid.shape[2] - 1
    recode(grid, np.int64(0), last_r, np.int64(0), last_c)
    closing_cells(
        grid[OWNER], grid[RAYS], grid[CLOSING], np.int64(0), last_r, np.int64(0), last_c
    )


# -- the words a turn may write ---------------------------------------------------------
@njit(cache=True, inline="always")
def allows(book, p, w, ex):
    """Whether restriction ``ex`` allows word ``w`` of page ``p`` (rule 3 aside)."""
    n = book[1][p, w]
    if ex[MAX_LENGTH] >= 0 and n > ex[MAX_LENGTH]:
        return False
    if ex[LENGTHS] != 0 and (n > 9 or not (ex[LENGTHS] >> n) & 1):
        return False
    return ex[FIRST_LETTER] == 0 or book[0][p, w, 0] == ex[FIRST_LETTER]


@njit(cache=True)
def usable_into(st, book, seat, ex, restricted, usable):
    """The words ``seat`` may write in a turn with restriction ``ex`` (``restricted``:
    an extra turn's; else a normal turn) into ``usable``, as the engine lists them:
    each row's next unused word, or every unused word when the turn lifts rule 3, then
    those the restriction allows. Returns how many."""
    used, info = st[1], st[2]
    p = info[PAGE_OF + seat]
    starts = book[3][p]
    n = 0
    if restricted and ex[ANY_WORD]:
        for w in range(info[WORDS + p]):
            if not used[p, w]:
                usable[n] = w
                n += 1
    else:
        for row in range(info[ROWS + p]):
            i, end = starts[row], starts[row + 1]
            while i < end and used[p, i]:
                i += 1
            if i < end:
                usable[n] = i
                n += 1
    if restricted:
        k = 0
        for j in range(n):
            if allows(book, p, usable[j], ex):
                usable[k] = usable[j]
                k += 1
        n = k
    return n


@njit(cache=True)
def list_writes(st, book, sc, seat, ex, restricted, effects, first):
    """The legal writes of ``seat`` in a turn with restriction ``ex`` into
    ``sc[OUT]`` (``sc[ONE]`` with ``first``: does one exist?), as the engine lists
    them (grid coordinates; ENCLOSED only with ``effects``). Returns (how many, the
    scratch: new when its room for writes had to grow)."""
    grid, info = st[0], st[2]
    usable = sc[USABLE]
    nu = usable_into(st, book, seat, ex, restricted, usable)
    if nu == 0:
        return 0, sc
    counters = sc[COUNTERS]
    if counters[SEEN_BASE] + nu >= STAMP_LIMIT:
        sc[SEEN][:] = 0
        counters[SEEN_BASE] = 0
    if counters[STAMP] >= STAMP_LIMIT:
        sc[VISIT][:] = 0
        counters[STAMP] = fresh_stamp()
    p = info[PAGE_OF + seat]
    me = np.int8(seat + 1)
    everywhere = effects and info[EVERYWHERE + seat] != 0
    rays = grid[RAYS] if effects and not everywhere else sc[NO_RAYS]
    while True:
        out = sc[ONE] if first else sc[OUT]
        count, stamp = scan_writes(
            grid[CODE + seat],
            rays,
            grid[LETTER],
            grid[WRITER],
            grid[CAPTOR],
            grid[OWNER],
            me,
            book[0][p],
            book[1][p],
            usable[:nu],
            info[WALLS : WALLS + 4],
            everywhere,
            effects and not first,
            out,
            sc[SEEN],
            counters[SEEN_BASE],
            sc[VISIT],
            counters[STAMP],
            sc[STACK],
            sc[CHANGED],
            grid[CLOSING],
        )
        counters[SEEN_BASE] += nu
        counters[STAMP] = stamp
        if count <= out.shape[0]:
            return count, sc
        sc = grow_out(sc)


@njit(cache=True, inline="always")
def list_now(st, book, sc, effects):
    """:func:`list_writes` of the player to move in the turn being played."""
    info, extra = st[2], st[3]
    restricted = info[EXTRAS] > 0
    ex = extra[0] if restricted else sc[NORMAL]
    return list_writes(
        st, book, sc, info[TO_MOVE], ex, restricted, effects, np.bool_(False)
    )


@njit(cache=True, inline="always")
def can_write(st, book, sc, seat, ex, restricted):
    """Whether ``seat`` has a write in a turn with restriction ``ex``."""
    n, sc = list_writes(st, book, sc, seat, ex, restricted, np.bool_(False), np.bool_(True))
    return n > 0, sc


@njit(cache=True, inline="always")
def pie_offered(st):
    """The take-over is a move: the rule on, not taken, green to move at its first
    turn with no extra turn waiting, red having had one turn."""
    info = st[2]
    return (
        info[OVER] == 0
        and info[EXTRAS] == 0
        and info[PIE] != 0
        and info[PIE_TAKEN] == 0
        and info[TO_MOVE] == 1
        and info[TURNS] == 1
        and info[TURNS + 1] == 0
    )


# -- moves ------------------------------------------------------------------------------
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
    # closing cells change next to them and to the enclosed cells
    top, left = np.int64(0), np.int64(0)
    bottom, right = grid.shape[1] - 1, grid.shape[2] - 1
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


@njit(cache=True, inline="always")
def gain_of(out, i):
    """The cells write ``i`` of a listing with effects captures now."""
    return out[i, CROSSED] + out[i, ENCLOSED]

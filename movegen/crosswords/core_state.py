"""Cross words combat's compiled state (:mod:`wordbot.engine.crosswords.core` packs it):
a position as flat arrays and its turns' writes listed by :func:`.writes.scan_writes`
as the engine lists them (docs/rules/crosswords.md); :mod:`.core_apply` applies moves.

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


@njit(cache=True, inline="always")
def gain_of(out, i):
    """The cells write ``i`` of a listing with effects captures now."""
    return out[i, CROSSED] + out[i, ENCLOSED]

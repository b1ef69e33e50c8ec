"""The one bridge between Cross words combat's engine and its kernels
(:mod:`wordbot.movegen.crosswords`): it packs the grid around the letters into a window
with an empty margin, runs the kernels and reads their rows back. Nothing else in the
engine imports movegen.

>>> from wordbot.engine.crosswords.pages import Page
>>> page = Page.from_text("ON TO")
>>> win = Window({(0, 0): ("O", 0), (0, 1): ("N", 0)}, {}, 2)
>>> win.writes(0, page, [1]).tolist()  # TO across from 0,-1 and down from -1,0
[[1, 0, -1, 0, 0, 0], [1, -1, 0, 1, 0, 0]]
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from wordbot.engine.crosswords.rules import STEP
from wordbot.movegen.crosswords import writes as kernel

NO_WRITES = np.zeros((0, kernel.FIELDS), np.int64)
WORD, ROW, COL, DIRECTION, CROSSED, ENCLOSED = (
    kernel.WORD,
    kernel.ROW,
    kernel.COL,
    kernel.DIRECTION,
    kernel.CROSSED,
    kernel.ENCLOSED,
)


@lru_cache(maxsize=64)
def packed_words(texts: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' words: codes (int64[n, longest], letters 1-26) and lengths."""
    longest = max(len(t) for t in texts)
    codes = np.zeros((len(texts), longest), np.int8)
    for i, t in enumerate(texts):
        codes[i, : len(t)] = np.frombuffer(t.encode("ascii"), np.uint8) - 64
    return codes, np.array([len(t) for t in texts], np.int64)


@lru_cache(maxsize=64)
def page_words(page) -> tuple[np.ndarray, np.ndarray]:
    """:func:`packed_words` of a page (keyed by the page: hashing its rows is cheaper
    than hashing its 400 word texts)."""
    return packed_words(page.texts)


class Window:
    """A window of the grid around every letter and captured cell with an empty margin
    wider than the longest word (``reach``): per cell the letter (0-26), writer, captor
    and owner (seat + 1, 0 for none)."""

    def __init__(self, cells: dict, captured: dict, reach: int):
        spots = np.array(list(cells) + list(captured), np.int64).reshape(-1, 2)
        self.margin = reach + 2
        r_lo, c_lo = spots.min(axis=0) - self.margin
        shape = tuple(spots.max(axis=0) + self.margin - (r_lo, c_lo) + 1)
        self.origin = (int(r_lo), int(c_lo))
        # the rows and columns of the window that hold every letter and captured cell
        self.walls = np.array(
            [
                self.margin,
                shape[0] - 1 - self.margin,
                self.margin,
                shape[1] - 1 - self.margin,
            ],
            np.int64,
        )
        # int8: the four planes of a window stay in the first-level cache
        self.letter = np.zeros(shape, np.int8)
        self.writer = np.zeros(shape, np.int8)
        self.captor = np.zeros(shape, np.int8)
        self.owner = np.zeros(shape, np.int8)
        self._set(
            [(cell, ch, seat) for cell, (ch, seat) in cells.items()], list(captured.items())
        )
        self._enclosed: dict[int, bool] = {}

    def _set(self, letters, captures) -> None:
        """Write letters ((r, c), letter, writer seat) and captures ((r, c), captor)."""
        r_lo, c_lo = self.origin
        for (r, c), ch, seat in letters:
            self.letter[r - r_lo, c - c_lo] = ord(ch) - 64
            self.writer[r - r_lo, c - c_lo] = seat + 1
            if not self.captor[r - r_lo, c - c_lo]:
                self.owner[r - r_lo, c - c_lo] = seat + 1
        for (r, c), seat in captures:
            self.captor[r - r_lo, c - c_lo] = seat + 1
            self.owner[r - r_lo, c - c_lo] = seat + 1

    def changed(self, letters, captures, mover: int) -> Window:
        """The window after a move wrote ``letters`` and made ``captures`` (see
        :meth:`_set`), grown where the margin got too thin; the mover encloses nothing
        left uncaptured (a write captures all it walls in), the other keeps its state."""
        r_lo, c_lo = self.origin
        H, W = self.letter.shape
        top, bottom, left, right = (int(v) for v in self.walls)
        for (r, c), _, _ in letters:
            top, bottom = min(top, r - r_lo), max(bottom, r - r_lo)
            left, right = min(left, c - c_lo), max(right, c - c_lo)
        # a side whose margin got too thin grows by half a margin more than it needs,
        # so that the window grows on few moves
        m, extra = self.margin, self.margin // 2
        up = m - top + extra if top < m else 0
        down = m - (H - 1 - bottom) + extra if H - 1 - bottom < m else 0
        before = m - left + extra if left < m else 0
        after = m - (W - 1 - right) + extra if W - 1 - right < m else 0
        out = object.__new__(Window)
        out.margin = m
        out.origin = (r_lo - up, c_lo - before)
        out.walls = np.array(
            [top + up, bottom + up, left + before, right + before], np.int64
        )
        if up or down or before or after:
            out.letter, out.writer, out.captor, out.owner = (
                np.zeros((H + up + down, W + before + after), np.int8) for _ in range(4)
            )
            for grown, old in (
                (out.letter, self.letter),
                (out.writer, self.writer),
                (out.captor, self.captor),
                (out.owner, self.owner),
            ):
                grown[up : up + H, before : before + W] = old
        else:
            out.letter, out.writer, out.captor, out.owner = (
                a.copy() for a in (self.letter, self.writer, self.captor, self.owner)
            )
        out._set(letters, captures)
        out._enclosed = {
            seat: known for seat, known in self._enclosed.items() if seat != mover
        }
        if letters:
            out._enclosed[mover] = False
        return out

    def encloses_already(self, seat: int) -> bool:
        """Whether the seat walls in a region nobody captured (a hand-made position):
        then every write's enclosures are searched over the whole window."""
        if seat not in self._enclosed:
            self._enclosed[seat] = bool(kernel.enclosed_now(self.owner, np.int8(seat + 1)))
        return self._enclosed[seat]

    def writes(
        self, seat: int, page, usable: list[int], effects: bool = True, first: bool = False
    ) -> np.ndarray:
        """The legal writes of ``seat`` with the page words ``usable`` (indices into
        ``page.words``): int64[n, 6] rows of word index, r, c (grid cells), direction
        (0 across, 1 down), opponent letters crossed, cells enclosed. ``first``: stop
        at one (existence)."""
        if not usable:
            return NO_WRITES
        codes, lengths = page_words(page)
        use = np.array(usable, np.int64)
        everywhere = effects and self.encloses_already(seat)
        cap = 1 if first else 2048  # rarely exceeded: a second kernel run is dear
        while True:
            out = np.empty((cap, kernel.FIELDS), np.int64)
            n = kernel.writes_into(
                self.letter,
                self.writer,
                self.captor,
                self.owner,
                np.int8(seat + 1),
                codes,
                lengths,
                use,
                self.walls,
                everywhere,
                effects and not first,
                out,
            )
            if n <= cap:
                break
            cap *= 4
        out = out[:n]
        out[:, kernel.ROW] += self.origin[0]
        out[:, kernel.COL] += self.origin[1]
        return out

    def enclosed_cells(
        self, seat: int, page, w: int, r: int, c: int, direction: str
    ) -> list[tuple[int, int]]:
        """The cells a write of word ``w`` of ``page`` from (r, c) encloses for
        ``seat`` (its crossing captures already in the window's owners)."""
        codes, lengths = page_words(page)
        dr, dc = STEP[direction]
        r_lo, c_lo = self.origin
        mark = np.zeros(self.letter.shape, np.bool_)
        if not kernel.write_effects(
            self.letter,
            self.owner,
            np.int8(seat + 1),
            codes[w],
            lengths[w],
            r - r_lo,
            c - c_lo,
            dr,
            dc,
            self.walls,
            self.encloses_already(seat),
            mark,
        ):
            return []
        return [(int(a) + r_lo, int(b) + c_lo) for a, b in np.argwhere(mark)]

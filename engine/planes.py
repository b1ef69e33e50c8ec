"""Building blocks of the games' observation tensors (:mod:`wordbot.engine.tensor`):
letter counts, one-hot letters, per-seat rows and a fixed window onto an unbounded grid.

Every function reads a position JSON as :meth:`GameState.observation` gives it, so a
tensor holds nothing its viewer may not see. Arrays are float32.

>>> letter_counts("ABA")[:3].tolist()
[2.0, 1.0, 0.0]
>>> grid = GridWindow(3, ["red", "green"])
>>> planes, where = grid.planes([[10, 10, "A", "red"], [10, 11, "B", "green"]])
>>> planes.shape, where.tolist()
((28, 3, 3), [9.0, 9.0, 0.0])
>>> planes[0, 1, 1].item(), planes[26, 1, 1].item(), planes[27, 1, 2].item()
(1.0, 1.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

LETTERS = 26


def letter_counts(text: str) -> NDArray[np.float32]:
    """How many of each letter A-Z ``text`` holds (case ignored; other characters
    skipped)."""
    out = np.zeros(LETTERS, np.float32)
    for ch in text.upper():
        if "A" <= ch <= "Z":
            out[ord(ch) - 65] += 1
    return out


def letter_index(ch: str) -> int:
    """0 for A (or a) ... 25 for Z."""
    return ord(ch.upper()) - 65


def seat_rows(obs: dict[str, Any], viewer: str, *columns: str) -> NDArray[np.float32]:
    """One row per seat (seat order): its score, whether it is the viewer, whether it is
    to move, then the named per-player fields of ``obs`` (``obs[column][player]``, a
    number; missing: 0)."""
    players = obs["players"]
    rows = np.zeros((len(players), 3 + len(columns)), np.float32)
    for i, p in enumerate(players):
        rows[i, 0] = obs["scores"][p]
        rows[i, 1] = p == viewer
        rows[i, 2] = p == obs["to_move"] and obs["phase"] != "over"
        for k, column in enumerate(columns):
            rows[i, 3 + k] = float(obs.get(column, {}).get(p) or 0)
    return rows


class GridWindow:
    """A ``size`` x ``size`` window onto an unbounded grid of lettered cells, centred on
    the middle of the cells' bounding box (rounded down), so the same cells give the
    same planes wherever they lie. Planes: 26 letters, then one per owner in
    ``owners`` order (a cell's owner: its colour, writer, ...). Cells outside the window
    are left out and counted."""

    def __init__(self, size: int, owners: Sequence[str]):
        self.size = size
        self.owners = {name: i for i, name in enumerate(owners)}

    def origin(self, cells: Iterable[Sequence[Any]]) -> tuple[int, int]:
        """The (row, col) of the window's top-left cell."""
        rows = [c[0] for c in cells]
        cols = [c[1] for c in cells]
        if not rows:
            return -(self.size // 2), -(self.size // 2)
        mid_r, mid_c = (min(rows) + max(rows)) // 2, (min(cols) + max(cols)) // 2
        return mid_r - self.size // 2, mid_c - self.size // 2

    def planes(
        self, cells: Sequence[Sequence[Any]], origin: tuple[int, int] | None = None
    ) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """(planes, [origin row, origin col, cells left out]) for ``[row, col, LETTER,
        owner]`` cells; ``origin`` None centres the window on the cells."""
        top, left = self.origin(cells) if origin is None else origin
        out = np.zeros((LETTERS + len(self.owners), self.size, self.size), np.float32)
        clipped = 0
        for row, col, letter, owner in cells:
            r, c = row - top, col - left
            if not (0 <= r < self.size and 0 <= c < self.size):
                clipped += 1
                continue
            out[letter_index(letter), r, c] = 1
            if owner in self.owners:
                out[LETTERS + self.owners[owner], r, c] = 1
        return out, np.array([top, left, clipped], np.float32)

    def marks(
        self, cells: Iterable[Sequence[Any]], origin: tuple[int, int], owners: Sequence[str]
    ) -> NDArray[np.float32]:
        """One plane per name of ``owners``: the ``[row, col, owner]`` cells in the
        window at ``origin`` (Cross words combat's captured cells)."""
        index = {name: i for i, name in enumerate(owners)}
        out = np.zeros((len(owners), self.size, self.size), np.float32)
        for row, col, owner in cells:
            r, c = row - origin[0], col - origin[1]
            if 0 <= r < self.size and 0 <= c < self.size and owner in index:
                out[index[owner], r, c] = 1
        return out

"""Move lists as flat arrays, turned into Python values only when asked."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordbot.movegen.grid import Grid


@dataclass(frozen=True)
class WordPlayList:
    """Word plays found by the kernel, in grid coordinates plus the grid's origin.

    ``moves[i]`` = (first tile, tile count, points, direction, word row, word col, word
    length); ``tiles[t]`` = (row, col, letter code).
    """

    moves: np.ndarray
    tiles: np.ndarray
    grid: Grid

    def __len__(self) -> int:
        return int(self.moves.shape[0])

    @property
    def points(self) -> np.ndarray:
        return self.moves[:, 2]

    def placements(self, i: int) -> tuple[tuple[int, int, str], ...]:
        """The (row, col, LETTER) squares move ``i`` puts tiles on, in board coordinates."""
        first, n = int(self.moves[i, 0]), int(self.moves[i, 1])
        r0, c0 = self.grid.row0, self.grid.col0
        return tuple((int(r) + r0, int(c) + c0, chr(64 + int(letter)))
                     for r, c, letter in self.tiles[first:first + n])

    def word(self, i: int) -> tuple[int, int, str, int]:
        """The main word of move ``i``: (row, col, 'across' | 'down', length)."""
        _, _, _, direction, r, c, length = (int(v) for v in self.moves[i])
        return (r + self.grid.row0, c + self.grid.col0, ("across", "down")[direction], length)

    def as_sets(self) -> list[frozenset[tuple[int, int, str]]]:
        return [frozenset(self.placements(i)) for i in range(len(self))]


@dataclass(frozen=True)
class ReplacementList:
    """Replacement plays found by the kernel: ``moves[i]`` = (first tile, tile count,
    letter changes); ``tiles[t]`` = (row, col, letter code) in grid coordinates."""

    moves: np.ndarray
    tiles: np.ndarray
    grid: Grid

    def __len__(self) -> int:
        return int(self.moves.shape[0])

    def placements(self, i: int) -> tuple[tuple[int, int, str], ...]:
        first, n = int(self.moves[i, 0]), int(self.moves[i, 1])
        r0, c0 = self.grid.row0, self.grid.col0
        return tuple((int(r) + r0, int(c) + c0, chr(64 + int(letter)))
                     for r, c, letter in self.tiles[first:first + n])

    def as_sets(self) -> list[frozenset[tuple[int, int, str]]]:
        return [frozenset(self.placements(i)) for i in range(len(self))]

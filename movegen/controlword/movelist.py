"""Move lists as flat arrays, turned into Python values only when asked."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
from wordbot.movegen.controlword.grid import Grid


class _Plays:
    """What both lists share: ``moves[i, 0:2]`` = (first tile, tile count) into
    ``tiles[t]`` = (row, col, letter code) in the coordinates of ``grid``."""

    if TYPE_CHECKING:  # read-only: a frozen dataclass's fields, or properties

        @property
        def moves(self) -> np.ndarray: ...
        @property
        def tiles(self) -> np.ndarray: ...
    else:
        moves: np.ndarray
        tiles: np.ndarray
    grid: Grid

    def __len__(self) -> int:
        return int(self.moves.shape[0])

    def placements(self, i: int) -> tuple[tuple[int, int, str], ...]:
        """The (row, col, LETTER) squares play ``i`` puts tiles on, in board coordinates."""
        first, n = int(self.moves[i, 0]), int(self.moves[i, 1])
        r0, c0 = self.grid.row0, self.grid.col0
        return tuple(
            (int(r) + r0, int(c) + c0, chr(64 + int(letter)))
            for r, c, letter in self.tiles[first : first + n]
        )

    def as_sets(self) -> list[frozenset[tuple[int, int, str]]]:
        return [frozenset(self.placements(i)) for i in range(len(self))]


@dataclass(frozen=True)
class WordPlayList(_Plays):
    """Word plays found by the kernel, in grid coordinates plus the grid's origin.

    ``moves[i]`` = (first tile, tile count, points, direction, word row, word col, word
    length); ``tiles[t]`` = (row, col, letter code).
    """

    moves: np.ndarray
    tiles: np.ndarray
    grid: Grid

    @property
    def points(self) -> np.ndarray:
        return self.moves[:, 2]

    def word(self, i: int) -> tuple[int, int, str, int]:
        """The main word of move ``i``: (row, col, 'across' | 'down', length)."""
        _, _, _, direction, r, c, length = (int(v) for v in self.moves[i])
        return (
            r + self.grid.row0,
            c + self.grid.col0,
            ("across", "down")[direction],
            length,
        )

    def words_formed(self) -> np.ndarray:
        """Every word each play forms or extends (numba): rows of (move, row, col,
        direction 0 across / 1 down, length) in board coordinates, main word first."""
        from wordbot.movegen.controlword.annotate import WORD_FIELDS, word_play_words

        out = np.empty((len(self) + self.tiles.shape[0], WORD_FIELDS), np.int32)
        n = word_play_words(self.grid.letters, self.moves, self.tiles, out)
        out = out[:n]
        out[:, 1] += self.grid.row0
        out[:, 2] += self.grid.col0
        return out


class ReplacementList(_Plays):
    """Replacement plays found by the kernel, held factored: each set of letter changes
    once, with the number of plays it allows (see
    :mod:`~wordbot.movegen.controlword.replacement_sets`). ``len`` needs nothing more; the first
    read of ``moves``/``tiles`` writes one row per play (numba): ``moves[i]`` = (first
    tile, tile count, letter changes), ``tiles[t]`` = (row, col, letter code) in grid
    coordinates.

    >>> import numpy as np
    >>> from wordbot.dictionaries import Lexicon
    >>> from wordbot.movegen.controlword.generator import MoveGenerator
    >>> gen = MoveGenerator(Lexicon.from_words(["CAT", "BAT", "CAB"]), np.zeros((3, 512), int))
    >>> grid = Grid.from_arrays(np.array([0, 0, 0, 1, 0, 2]), np.frombuffer(b"CAT", np.uint8),
    ...                         np.array([4, 4, 4], np.int8), pad=0)
    >>> own, blue = np.zeros(27, np.int64), np.zeros(27, np.int64)
    >>> own[[2, 3]] = 1  # a B and a C of the mover's colour (red, index 2)
    >>> plays = gen.replacement_plays(grid, 2, own, blue, 2)
    >>> len(plays), plays.letter_change_sets  # (BAT, CAB, and no letter change)
    (4, 3)
    >>> sorted(sorted(p) for p in plays.as_sets())
    [[(0, 0, 'B')], [(0, 0, 'C')], [(0, 0, 'C'), (0, 2, 'B')], [(0, 2, 'B')]]
    """

    def __init__(
        self,
        grid: Grid,
        colour: int,
        own: np.ndarray,
        blue: np.ndarray,
        budget: int,
        found: tuple,
        ntiles: int,
        cands: tuple,
    ):
        self.grid = grid
        self.colour = colour  # the mover's colour index
        self.own = own  # the rack's tiles of the mover's colour, by letter code
        self.blue = blue  # and its blue tiles
        self._rack_counts = own + blue
        self._budget = budget
        self._found = found
        self._ntiles = ntiles
        self._cands = cands
        self._len = int(found[2].sum())

    def __len__(self) -> int:
        return self._len

    @property
    def letter_change_sets(self) -> int:
        """How many distinct sets of letter changes (D) the plays have, the empty one
        included when it has plays."""
        return int(self._found[2].shape[0])

    @cached_property
    def _rows(self) -> tuple[np.ndarray, np.ndarray]:
        from wordbot.movegen.controlword.replacement_sets import MOVE_FIELDS, expand

        moves = np.empty((self._len, MOVE_FIELDS), np.int32)
        tiles = np.empty((self._ntiles, 3), np.int16)
        expand(
            self.grid.letters,
            self._rack_counts.copy(),
            self._budget,
            self._found,
            self._cands,
            moves,
            tiles,
        )
        return moves, tiles

    @property
    def moves(self) -> np.ndarray:
        return self._rows[0]

    @property
    def tiles(self) -> np.ndarray:
        return self._rows[1]

    def control_changes(self) -> np.ndarray:
        """For every play (own tiles first), each word through a changed square (numba):
        rows of (move, row, col, direction, length, controller before, multiplier before,
        controller after, multiplier after); controllers are colour indices (see
        :mod:`~wordbot.movegen.controlword.grid`) or -1, multipliers 0, 2 or 3."""
        from wordbot.movegen.controlword.annotate import CHANGE_FIELDS, replacement_changes

        out = np.empty((2 * self.tiles.shape[0] + 1, CHANGE_FIELDS), np.int32)
        n = replacement_changes(
            self.grid.letters,
            self.grid.colours,
            self.moves,
            self.tiles,
            self.own,
            self.blue,
            self.colour,
            out,
        )
        out = out[:n]
        out[:, 1] += self.grid.row0
        out[:, 2] += self.grid.col0
        return out

    def points_if_scored(self, table: np.ndarray) -> np.ndarray:
        """Points when played if replacements score (rule ``score_replacements``): every
        word through a changed square, with its new letters, by the points ``table``
        (numba)."""
        from wordbot.movegen.controlword.annotate import replacement_points

        out = np.empty(len(self), np.int64)
        replacement_points(self.grid.letters, self.moves, self.tiles, table, out)
        return out

"""The move generator: runs the kernels on a packed grid and hands back flat results.

It keeps its buffers between calls, so one generator serves one thread at a time (the
game's adapter keeps one per thread and lexicon).

>>> import numpy as np
>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.movegen.controlword.scoring import TABLE_ROWS, TABLE_WIDTH
>>> gen = MoveGenerator(Lexicon.from_words(["CAT", "CATS", "AT", "TA", "SAT"]),
...                     np.zeros((TABLE_ROWS, TABLE_WIDTH), np.int64))
>>> grid = Grid.from_arrays(np.array([0, 0, 0, 1, 0, 2]), np.frombuffer(b"CAT", np.uint8),
...                         np.array([4, 4, 4], np.int8), pad=1)
>>> rack = np.zeros(27, np.int64); rack[19] = 1  # one S
>>> sorted(sorted(p) for p in gen.word_plays(grid, rack).as_sets())
[[(0, 3, 'S')]]
"""

from __future__ import annotations

import numpy as np
from wordbot.movegen.controlword import bestplays, replacements, wordplays
from wordbot.movegen.controlword.grid import Grid
from wordbot.movegen.controlword.movelist import ReplacementList, WordPlayList
from wordbot.movegen.controlword.playrecord import BLOCK, KEPT_ORDER, MOVE_FIELDS
from wordbot.movegen.controlword.walkstack import MAX_RACK, Workspace


class MoveGenerator:
    """Enumerates legal plays for one lexicon and points ``table``
    (:mod:`~wordbot.movegen.controlword.scoring`); reuses its buffers between calls."""

    def __init__(self, lexicon, table: np.ndarray):
        self.lexicon = lexicon
        g = lexicon.gaddag
        # plain Python ints as scalar arguments: numba types them faster than np.int64
        self._g = (g.records, int(g.root))
        self.table = table
        self._work = Workspace()
        self._moves = np.empty((4096, MOVE_FIELDS), np.int32)
        self._tiles = np.empty((4096 * 4, 3), np.int16)
        self._counts = np.zeros(4, np.int64)
        self._pools = replacements.new_pools(4096)
        self._kept: dict[int, tuple] = {}  # best_word_plays' buffers by how many kept
        self._d_guess = 256  # room for this many sets of letter changes (the last count)

    def word_plays(self, grid: Grid, rack: np.ndarray) -> WordPlayList:
        """Every legal word play on ``grid`` (packed with a pad of at least the rack's
        size) with ``rack`` (tile counts by letter code 1..26)."""
        while True:
            work = self._work.ensure(grid.letters.size)
            wordplays.generate(
                grid.letters,
                rack,
                *self._g,
                self.table,
                work,
                self._moves,
                self._tiles,
                self._counts,
            )
            if self._counts[2] == -1:
                raise ValueError(f"rack: at most {MAX_RACK} tiles")
            if not self._counts[2]:
                break
            self._moves = np.empty((self._moves.shape[0] * 4, MOVE_FIELDS), np.int32)
            self._tiles = np.empty((self._tiles.shape[0] * 4, 3), np.int16)
        n, t = int(self._counts[0]), int(self._counts[1])
        return WordPlayList(self._moves[:n].copy(), self._tiles[:t].copy(), grid)

    def best_word_plays(self, grid: Grid, rack: np.ndarray, keep: int = 1) -> WordPlayList:
        """The ``keep`` best word plays of :meth:`word_plays`, best first in the game's
        order (more points, fewer tiles, then the full list's order), found without
        listing the others (:func:`~wordbot.movegen.controlword.bestplays.best_plays`).

        >>> import numpy as np
        >>> from wordbot.dictionaries import Lexicon
        >>> from wordbot.engine.controlword.adapter import score_table
        >>> gen = MoveGenerator(Lexicon.from_words(["CAT", "CATS", "SCAT"]), score_table(4))
        >>> grid = Grid.from_arrays(np.array([0, 0, 0, 1, 0, 2]),
        ...     np.frombuffer(b"CAT", np.uint8), np.array([4, 4, 4], np.int8), pad=2)
        >>> rack = np.zeros(27, np.int64); rack[19] = 1  # one S
        >>> best = gen.best_word_plays(grid, rack, keep=2)  # CATS and SCAT: 1 point each
        >>> [sorted(p) for p in best.as_sets()], best.points.tolist()
        ([[(0, 3, 'S')], [(0, -1, 'S')]], [1, 1])
        """
        work = self._work.ensure(2 * grid.letters.size)
        buffers = self._kept.get(keep)
        if buffers is None:
            buffers = self._kept[keep] = (
                np.empty((keep, MOVE_FIELDS), np.int32),
                np.empty((keep * BLOCK, 3), np.int16),
                np.zeros(KEPT_ORDER + keep, np.int64),
            )
        moves, tiles, counts = buffers
        bestplays.best_plays(
            grid.letters, rack, *self._g, self.table, work, int(keep), moves, tiles, counts
        )
        if counts[2] == -1:
            raise ValueError(f"rack: at most {MAX_RACK} tiles")
        n = int(counts[0])
        return WordPlayList(moves[:n].copy(), tiles[: n * BLOCK].copy(), grid)

    def replacement_plays(
        self, grid: Grid, colour: int, own: np.ndarray, blue: np.ndarray, limit: int
    ) -> ReplacementList:
        """Every legal replacement play of colour index ``colour`` with the rack's ``own``
        and ``blue`` tiles (counts by letter code) and replacement limit ``limit``."""
        counts = own + blue
        while True:
            status, budget, found, ntiles, cands = replacements.generate(
                grid.letters,
                grid.colours,
                colour,
                counts,
                int(limit),
                *self._g,
                self._pools,
                self._d_guess,
            )
            if status != 2:
                self._d_guess = max(256, len(found[2]))
                return ReplacementList(
                    grid, colour, own, blue, budget, found, int(ntiles), cands
                )
            self._pools = replacements.new_pools(4 * self._pools[0].shape[0])

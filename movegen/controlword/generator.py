"""The move generator: packs a position, runs the kernels, hands back flat results.

>>> from wordbot.dictionaries import Lexicon
>>> gen = MoveGenerator(Lexicon.from_words(["CAT", "CATS", "AT", "TA", "SAT"]))
>>> plays = gen.word_plays({(0, 0): ("C", "blue"), (0, 1): ("A", "blue"),
...                          (0, 2): ("T", "blue")}, "S")
>>> sorted(sorted(p) for p in plays.as_sets())
[[(0, 3, 'S')]]
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from wordbot.movegen.controlword import replacements, wordplays
from wordbot.movegen.controlword.grid import COLOUR_INDEX, Grid
from wordbot.movegen.controlword.movelist import ReplacementList, WordPlayList

Tiles = Mapping[tuple[int, int], tuple[str, str]]


def rack_counts(rack: str) -> np.ndarray:
    """Tile counts by letter code (1..26) of a FORMATS rack ('AEIt': t is blue)."""
    counts = [0] * 27
    for ch in rack.upper():
        code = ord(ch) - 64
        if not 1 <= code <= 26:
            raise ValueError(f"rack: {ch!r} is not a letter")
        counts[code] += 1
    return np.array(counts, np.int64)


class MoveGenerator:
    """Enumerates legal plays for one lexicon; reuses its buffers between calls."""

    def __init__(self, lexicon, jqxz_bonus: int = 4):
        self.lexicon = lexicon
        g = lexicon.gaddag
        # plain Python ints as scalar arguments: numba types them faster than np.int64
        self._g = (g.records, int(g.root))
        self._work = wordplays.Workspace()
        self.jqxz_bonus = jqxz_bonus
        self._moves = np.empty((4096, wordplays.MOVE_FIELDS), np.int32)
        self._tiles = np.empty((4096 * 4, 3), np.int16)
        self._counts = np.zeros(3, np.int64)
        self._pools = replacements.new_pools(4096)
        self._d_guess = 256  # room for this many sets of letter changes (the last count)

    def word_plays(self, tiles: Tiles, rack: str,
                   bounds: tuple[int, int, int, int] | None = None) -> WordPlayList:
        """Every legal word play: ``tiles`` maps (row, col) to (LETTER, colour)."""
        counts = rack_counts(rack)
        if len(rack) > wordplays.MAX_RACK:
            raise ValueError(f"rack: at most {wordplays.MAX_RACK} tiles")
        grid = Grid.pack(tiles, pad=max(len(rack), 1), bounds=bounds)
        return self._word_plays(grid, counts)

    def _word_plays(self, grid: Grid, counts: np.ndarray) -> WordPlayList:
        while True:
            work = self._work.ensure(grid.letters.size)
            wordplays.generate(grid.letters, counts, *self._g, int(self.jqxz_bonus), work,
                               self._moves, self._tiles, self._counts)
            if not self._counts[2]:
                break
            self._moves = np.empty((self._moves.shape[0] * 4, wordplays.MOVE_FIELDS), np.int32)
            self._tiles = np.empty((self._tiles.shape[0] * 4, 3), np.int16)
        n, t = int(self._counts[0]), int(self._counts[1])
        return WordPlayList(self._moves[:n].copy(), self._tiles[:t].copy(), grid)

    def replacement_plays(self, tiles: Tiles, rack: str, colour: str,
                          limit: int) -> ReplacementList:
        """Every legal replacement play of ``colour`` with ``rack`` and limit ``limit``."""
        counts = rack_counts(rack)
        grid = Grid.pack(tiles, pad=0)
        own = COLOUR_INDEX[colour]
        while True:
            status, budget, found, ntiles, cands = replacements.generate(
                grid.letters, grid.colours, own, counts, int(limit), *self._g, self._pools,
                self._d_guess)
            if status != 2:
                self._d_guess = max(256, len(found[2]))
                return ReplacementList(grid, own, rack, counts, budget, found, int(ntiles),
                                       cands)
            self._pools = replacements.new_pools(4 * self._pools[0].shape[0])

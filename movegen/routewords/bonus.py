"""The bonus solver: every word spelled anywhere on the grid (Boggle rules: a path of
8-adjacent distinct squares, Q = QU), each word once: the word walk
(:mod:`~wordbot.movegen.routewords.walk`) from every square, a bit per automaton node
keeping the words distinct.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.routewords.board import SQUARES
from wordbot.movegen.routewords.walk import WalkBuffers, walk, walk_into

EVERY_SQUARE = np.arange(SQUARES, dtype=np.int64)
EVERY_SQUARE.setflags(write=False)


@njit(cache=True)
def count_board_words(records, grids, min_word, seen, words, paths, lengths, letters):
    """The number of distinct words of each grid of ``grids`` (int64[n, 25]) in one call
    (the solver's throughput, without a Python call per grid)."""
    out = np.empty(grids.shape[0], np.int64)
    for g in range(grids.shape[0]):
        out[g] = walk_into(
            records,
            grids[g],
            np.int64(0),
            EVERY_SQUARE,
            min_word,
            np.bool_(True),
            seen,
            words,
            paths,
            lengths,
            letters,
        )
    return out


def board_words(records, tiles, min_word: int) -> tuple[np.ndarray, np.ndarray]:
    """Every word of the grid once: (tiles int8[n, 25] -1 padded, letters int64[n]).

    >>> from wordbot.dictionaries.forward import build_forward
    >>> fwd = build_forward(["TEA", "EAT", "ATE", "QUA"])
    >>> grid = np.zeros(25, np.int64); grid[:3] = [19, 4, 0]  # T E A, then A's
    >>> rows, letters = board_words(fwd.records, grid, 3)
    >>> sorted("".join(chr(65 + t) for t in row if t >= 0) for row in rows)
    ['ATE', 'EAT', 'TEA']
    """
    paths, lengths, letters = walk(records, tiles, 0, EVERY_SQUARE, min_word, True)
    past = np.arange(paths.shape[1])[None, :] >= lengths[:, None]
    rows = np.where(past, -1, np.asarray(tiles)[np.where(past, 0, paths)]).astype(np.int8)
    return rows, letters


__all__ = ["WalkBuffers", "board_words", "count_board_words"]

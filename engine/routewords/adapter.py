"""The bridge between RouteWords' Python engine and its kernels
(:mod:`wordbot.movegen.routewords`): it packs a grid into arrays, runs the kernels and
reads their rows back. Besides it only the compiled core (:mod:`.core`, whole playouts
in compiled code) imports movegen.

>>> from wordbot.dictionaries import Lexicon
>>> lex = Lexicon.from_words(["TEST", "SET"])
>>> loop_captures((20, 15, 16, 21))  # a 2 x 2 block encloses nothing
0
>>> sorted(board_words(lex, "TEST" + "X" * 21, 3))
[('SET', 3), ('TEST', 4)]
"""

from __future__ import annotations

import numpy as np
from wordbot.movegen.routewords import bonus, routes
from wordbot.movegen.routewords.board import CORNERS, NEIGHBOURS, SQUARES_AT, SWAPS

__all__ = [
    "CORNERS",
    "NEIGHBOURS",
    "SQUARES_AT",
    "SWAPS",
    "board_words",
    "captures_of",
    "loop_captures",
    "pack_tiles",
    "swap_first_routes",
    "word_paths",
]


def pack_tiles(grid: str) -> np.ndarray:
    """The kernels' tiles (int64[25], 0..25) of a 25-letter grid string."""
    return np.frombuffer(grid.encode("ascii"), np.uint8).astype(np.int64) - 65


def word_paths(
    lexicon,
    grid: str,
    blocked: np.ndarray,
    pawn: int,
    min_word: int,
    allowed: np.ndarray | None = None,
) -> routes.PathBuffers:
    """Every word path from intersection ``pawn`` (with ``allowed``: also after each
    allowed swap, rows tagged with the swap); see
    :func:`wordbot.movegen.routewords.routes.paths_into`."""
    return routes.word_paths(
        lexicon.forward.records,
        pack_tiles(grid),
        blocked,
        pawn,
        min_word,
        routes.NO_SWAPS if allowed is None else allowed,
        capacity=512 if allowed is None else 16384,
    )


def swap_first_routes(
    grid: str, rows: routes.PathBuffers, allowed: np.ndarray, free_end: np.ndarray
) -> np.ndarray:
    """(row, swap, end) triples: every route after every allowed swap, each once."""
    return routes.swap_first_routes(
        pack_tiles(grid), rows.paths, rows.lengths, rows.tags, allowed, free_end
    )


def loop_captures(path) -> int:
    """The squares (bit mask) a route of these squares encloses (0 for no loop)."""
    return int(routes.loop_captures(np.asarray(path, np.int64), len(path)))


def captures_of(paths: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """:func:`loop_captures` of each row of a path table."""
    return routes.captures_of(paths, lengths)


def board_words(lexicon, grid: str, min_word: int) -> list[tuple[str, int]]:
    """Every word on the grid (Boggle rules, Q = QU) once, as (word, letters), in the
    solver's order."""
    tiles, letters = bonus.board_words(lexicon.forward.records, pack_tiles(grid), min_word)
    # each row as one ASCII byte string (numpy drops the padding's trailing NULs): a
    # bonus round's hundreds of words without a Python step per letter; tile Q is QU
    ascii = np.where(tiles >= 0, tiles + 65, 0).astype(np.uint8)
    rows = np.ascontiguousarray(ascii).view(f"S{max(ascii.shape[1], 1)}").ravel()
    return [
        (word.decode("ascii").replace("Q", "QU"), n)
        for word, n in zip(rows.tolist(), letters.tolist())
    ]

"""The bonus solver: every word spelled anywhere on the grid (Boggle rules: a path of
8-adjacent distinct squares, Q = QU), each word once.

A word's automaton node is its number (see :mod:`wordbot.dictionaries.forward`), so a
small open-addressing table of nodes lists each word once however many paths spell it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.dictionaries.forward import TILE_Q
from wordbot.movegen.routewords.board import MAX_PATH, NEIGHBOURS, SQUARES
from wordbot.movegen.routewords.routes import accepts, step


@njit(cache=True)
def board_words_into(records, tiles, min_word, table, words, word_tiles, word_letters):
    """Write each word of the grid once: its node (``words``), its tiles (``word_tiles``
    row, -1 after the end) and its letters; ``table`` (int64, a power of two longer than
    twice the rows, all -1 between calls) is scratch. Returns the number of distinct
    words; when they do not all fit, a larger number (paths, not words, past the
    buffers are counted) to retry with."""
    cap = words.shape[0]
    mask = table.shape[0] - 1
    count = 0
    path = np.empty(MAX_PATH, np.int64)
    node = np.empty(MAX_PATH, np.int64)
    nxt = np.empty(MAX_PATH, np.int64)
    letters = np.empty(MAX_PATH, np.int64)
    for s in range(SQUARES):
        start = step(records, 0, tiles[s])
        if start < 0:
            continue
        depth = 0
        path[0] = s
        node[0] = start
        nxt[0] = 0
        letters[0] = 2 if tiles[s] == TILE_Q else 1
        used = np.int64(1) << s
        fresh = True
        while depth >= 0:
            if fresh:
                fresh = False
                here = node[depth]
                if letters[depth] >= min_word and accepts(records, here):
                    if count < cap:
                        h = (here * 0x9E3779B1) & mask
                        while table[h] != -1 and table[h] != here:
                            h = (h + 1) & mask
                        if table[h] == -1:
                            table[h] = here
                            words[count] = here
                            word_letters[count] = letters[depth]
                            for i in range(MAX_PATH):
                                word_tiles[count, i] = tiles[path[i]] if i <= depth else -1
                            count += 1
                    else:
                        count += 1  # no room: an over-count (the caller retries with as much)
            if nxt[depth] >= 8:
                used &= ~(np.int64(1) << path[depth])
                depth -= 1
                continue
            t = NEIGHBOURS[path[depth], nxt[depth]]
            nxt[depth] += 1
            if t < 0:
                nxt[depth] = 8
                continue
            if (used >> t) & 1:
                continue
            child = step(records, node[depth], tiles[t])
            if child < 0:
                continue
            depth += 1
            path[depth] = t
            node[depth] = child
            nxt[depth] = 0
            letters[depth] = letters[depth - 1] + (2 if tiles[t] == TILE_Q else 1)
            used |= np.int64(1) << t
            fresh = True
    # leave the table empty for the next call: from each word's home slot, clear the run
    # up to the first empty slot (every slot between a word's home and its own slot is
    # still taken when its turn comes, so every word's slot is cleared)
    for i in range(min(count, cap)):
        h = (words[i] * 0x9E3779B1) & mask
        while table[h] != -1:
            table[h] = -1
            h = (h + 1) & mask
    return count


@njit(cache=True)
def count_board_words(records, grids, min_word, table, words, word_tiles, word_letters):
    """The number of distinct words of each grid of ``grids`` (int64[n, 25]) in one call
    (the solver's throughput, without a Python call per grid)."""
    out = np.empty(grids.shape[0], np.int64)
    for g in range(grids.shape[0]):
        out[g] = board_words_into(records, grids[g], min_word, table, words, word_tiles,
                                  word_letters)
    return out


class WordBuffers:
    """Rows of the bonus solver: ``words`` (nodes), ``tiles`` (int8[n, 25], -1 padded),
    ``letters``, and the hash table it uses as scratch.

    >>> WordBuffers(100).table.shape
    (256,)
    """

    def __init__(self, capacity: int = 1024):
        self.words = np.zeros(capacity, np.int64)
        self.tiles = np.zeros((capacity, MAX_PATH), np.int8)
        self.letters = np.zeros(capacity, np.int64)
        size = 1
        while size < 2 * capacity + 1:
            size *= 2
        self.table = np.full(size, -1, np.int64)

    @property
    def capacity(self) -> int:
        return self.words.shape[0]

    def arrays(self):
        return self.table, self.words, self.tiles, self.letters


def board_words(records, tiles, min_word: int) -> tuple[np.ndarray, np.ndarray]:
    """Every word of the grid once: (tiles int8[n, 25] -1 padded, letters int64[n]).

    >>> from wordbot.dictionaries.forward import build_forward
    >>> fwd = build_forward(["TEA", "EAT", "ATE", "QUA"])
    >>> grid = np.zeros(25, np.int64); grid[:3] = [19, 4, 0]  # T E A, then A's
    >>> tiles, letters = board_words(fwd.records, grid, 3)
    >>> sorted("".join(chr(65 + t) for t in row if t >= 0) for row in tiles)
    ['ATE', 'EAT', 'TEA']
    """
    buf = WordBuffers()
    n = board_words_into(records, tiles, min_word, *buf.arrays())
    if n > buf.capacity:
        buf = WordBuffers(n)
        board_words_into(records, tiles, min_word, *buf.arrays())
    return buf.tiles[:n], buf.letters[:n]

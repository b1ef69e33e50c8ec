"""Per-move data beyond points, computed in numba over the move lists' arrays: the words
a word play forms or extends, and the words a replacement changes with who controls
them before and after."""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.movegen.controlword.control import assign_colours, control_of
from wordbot.movegen.controlword.crosschecks import is_letter
from wordbot.movegen.controlword.replacements import board_words
from wordbot.movegen.controlword.scoring import bonus_letter, word_points


@njit(cache=True)
def words_through(tiles, first, n, word_of, width, seen):
    """The distinct board words (ids of ``board_words``) through the squares of a move's
    tiles, written to ``seen``; returns how many."""
    nseen = 0
    for t in range(first, first + n):
        s = np.int64(tiles[t, 0]) * width + tiles[t, 1]
        for d in range(2):
            wid = word_of[d, s]
            dup = wid < 0
            for j in range(nseen):
                dup = dup or seen[j] == wid
            if not dup:
                seen[nseen] = wid
                nseen += 1
    return nseen


WORD_FIELDS = 5  # move, row, col, direction (0 across, 1 down), length
CHANGE_FIELDS = (
    9  # move, row, col, direction, length, old ctrl, old mult, new ctrl, new mult
)


@njit(cache=True)
def word_play_words(letters, moves, tiles, out):
    """Every word each play forms or extends: its main word, then the cross word of each
    placed tile that has one. Returns the number of rows written to ``out``."""
    h, w = letters.shape
    k = 0
    for m in range(moves.shape[0]):
        d = moves[m, 3]
        out[k, 0] = m
        out[k, 1] = moves[m, 4]
        out[k, 2] = moves[m, 5]
        out[k, 3] = d
        out[k, 4] = moves[m, 6]
        k += 1
        di = 1 - d  # the perpendicular: rows move when the main word is across
        dj = d
        for t in range(moves[m, 0], moves[m, 0] + moves[m, 1]):
            i, j = np.int64(tiles[t, 0]), np.int64(tiles[t, 1])
            i0, j0 = i, j
            while is_letter(letters[i0 - di, j0 - dj]):
                i0 -= di
                j0 -= dj
            i1, j1 = i, j
            while is_letter(letters[i1 + di, j1 + dj]):
                i1 += di
                j1 += dj
            length = (i1 - i0) + (j1 - j0) + 1
            if length >= 2:
                out[k, 0] = m
                out[k, 1] = i0
                out[k, 2] = j0
                out[k, 3] = 1 - d
                out[k, 4] = length
                k += 1
    return k


@njit(cache=True)
def replacement_changes(letters, colours, moves, tiles, own, blue, mover, out):
    """For every replacement (tiles coloured own-first as the engine does), each word
    through a changed square with its controller and multiplier before and after."""
    h, w = letters.shape
    starts, lengths, dirs, squares, word_of = board_words(letters)
    flatc = colours.ravel()
    new_col = np.full(h * w, -1, np.int64)
    col = np.empty(tiles.shape[0], np.int8)
    own_left = np.zeros(27, np.int64)
    blue_left = np.zeros(27, np.int64)
    before = np.zeros(5, np.int64)
    after = np.zeros(5, np.int64)
    seen = np.empty(64, np.int64)
    k = 0
    for m in range(moves.shape[0]):
        first = moves[m, 0]
        n = moves[m, 1]
        assign_colours(
            tiles, first, n, own, blue, mover, np.bool_(False), col, own_left, blue_left, w
        )
        for t in range(first, first + n):
            new_col[np.int64(tiles[t, 0]) * w + tiles[t, 1]] = col[t]
        nseen = words_through(tiles, first, n, word_of, w, seen)
        for j in range(nseen):
            wid = seen[j]
            before[:] = 0
            after[:] = 0
            for t in range(starts[wid], starts[wid] + lengths[wid]):
                s = squares[t]
                before[flatc[s]] += 1
                after[new_col[s] if new_col[s] >= 0 else flatc[s]] += 1
            c0, m0, _ = control_of(before, np.int64(lengths[wid]))
            c1, m1, _ = control_of(after, np.int64(lengths[wid]))
            first_sq = squares[starts[wid]]
            out[k, 0] = m
            out[k, 1] = first_sq // w
            out[k, 2] = first_sq % w
            out[k, 3] = dirs[wid]
            out[k, 4] = lengths[wid]
            out[k, 5] = c0
            out[k, 6] = m0
            out[k, 7] = c1
            out[k, 8] = m1
            k += 1
        for t in range(first, first + n):
            new_col[np.int64(tiles[t, 0]) * w + tiles[t, 1]] = -1
    return k


@njit(cache=True)
def replacement_points(letters, moves, tiles, table, out):
    """When-played points of each replacement under ``score_replacements``: every
    distinct word through a changed square, scored with its new letters."""
    h, w = letters.shape
    starts, lengths, dirs, squares, word_of = board_words(letters)
    flat = letters.ravel()
    new_let = np.zeros(h * w, np.int64)
    seen = np.empty(64, np.int64)
    for m in range(moves.shape[0]):
        first = moves[m, 0]
        n = moves[m, 1]
        for t in range(first, first + n):
            new_let[np.int64(tiles[t, 0]) * w + tiles[t, 1]] = tiles[t, 2]
        nseen = words_through(tiles, first, n, word_of, w, seen)
        points = 0
        for j in range(nseen):
            wid = seen[j]
            jq = 0
            for t in range(starts[wid], starts[wid] + lengths[wid]):
                s = squares[t]
                jq += bonus_letter(table, new_let[s] if new_let[s] else flat[s])
            points += word_points(table, lengths[wid], jq)
        for t in range(first, first + n):
            new_let[np.int64(tiles[t, 0]) * w + tiles[t, 1]] = 0
        out[m] = points

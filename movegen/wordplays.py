"""Word plays: Gordon's anchor-driven GADDAG walk, in numba.

For every anchor (an empty square next to a tile) the walk reads leftwards from the anchor
(board letters are followed, empty squares take rack letters allowed by the cross-checks),
crosses the GADDAG separator and reads rightwards. Placed tiles left of the anchor never
sit on another anchor, so every play is found once, from its leftmost anchor. Plays along
columns run the same walk on the transposed grid; there a one-tile play that also has an
across word is skipped, because the across pass found it: a one-tile play is one move.

Each move found is written into flat buffers (no Python objects):

``moves[m]`` = (first tile index, tile count, points, direction 0 across / 1 down,
word row, word col, word length), ``tiles[t]`` = (row, col, letter code), in grid
coordinates. ``counts`` = (moves, tiles, overflow flag).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.dictionaries.gaddag_walk import popcount
from wordbot.movegen.crosschecks import cross_checks, is_letter
from wordbot.movegen.grid import BLOCKED, EMPTY
from wordbot.movegen.scoring import IS_JQXZ, word_points

MOVE_FIELDS = 7  # first tile, tiles, points, direction, word row, word col, word length
ACROSS, DOWN = 0, 1


@njit(cache=True, inline="always")
def _record(line_i, xl, end, direction, nplaced, placed_pos, placed_let, jq, cross, bonus,
            moves, tiles, counts):
    m = counts[0]
    t = counts[1]
    if m >= moves.shape[0] or t + nplaced > tiles.shape[0]:
        counts[2] = 1
        return
    length = end - xl + 1
    moves[m, 0] = t
    moves[m, 1] = nplaced
    moves[m, 2] = word_points(length, jq, bonus) + cross
    moves[m, 3] = direction
    if direction == ACROSS:
        moves[m, 4] = line_i
        moves[m, 5] = xl
    else:
        moves[m, 4] = xl
        moves[m, 5] = line_i
    moves[m, 6] = length
    for k in range(nplaced):
        if direction == ACROSS:
            tiles[t + k, 0] = line_i
            tiles[t + k, 1] = placed_pos[k]
        else:
            tiles[t + k, 0] = placed_pos[k]
            tiles[t + k, 1] = line_i
        tiles[t + k, 2] = placed_let[k]
    counts[0] = m + 1
    counts[1] = t + nplaced


# The walk keeps its own stack (numba caches recursive functions badly). The frame being
# worked on lives in local variables; a frame is written to the stack only when a child
# is entered, and read back when the child is done.
MAX_FRAMES = 256
FRAME = 12


@njit(cache=True, inline="always")
def _allowed(line, pos, node, xmask, rbits, node_arcs):
    """Letters that may go on square ``pos`` from ``node``: the board letter if there
    is one (when the node has its arc), else rack letters passing the cross-check."""
    c = line[pos]
    arcs = np.int64(node_arcs[node])
    if c != EMPTY:
        return ((arcs >> c) & 1) << c
    return arcs & xmask[pos] & rbits


@njit(cache=True, inline="always")
def _save(stack, d, pos, node, right, xl, jq, cross, nplaced, rbits, rleft, allowed, board,
          undo):
    stack[d, 0] = pos
    stack[d, 1] = node
    stack[d, 2] = right
    stack[d, 3] = xl
    stack[d, 4] = jq
    stack[d, 5] = cross
    stack[d, 6] = nplaced
    stack[d, 7] = rbits
    stack[d, 8] = rleft
    stack[d, 9] = allowed
    stack[d, 10] = board
    stack[d, 11] = undo


@njit(cache=True)
def _walk_anchor(a, root, rbits0, rleft0, line_i, line, anchor, xmask, xlen, xjq, rack,
                 placed_pos, placed_let, stack, node_edge, node_arcs, node_accepts,
                 edge_target, bonus, direction, moves, tiles, counts):
    """Every play through anchor ``a`` whose placed tiles left of ``a`` avoid anchors."""
    # the current frame: fill square `pos` from `node`, trying the letters in `allowed`
    pos = a
    node = root
    right = 0
    xl = a
    jq0 = 0
    cross0 = 0
    nplaced0 = 0
    rbits = rbits0
    rleft = rleft0
    allowed = _allowed(line, a, root, xmask, rbits, node_arcs)
    board = 0
    undo = 0
    depth = 0
    while True:
        if undo:
            rack[undo] += 1
            undo = 0
        if allowed == 0:
            if depth == 0:
                return
            depth -= 1
            pos, node, right = stack[depth, 0], stack[depth, 1], stack[depth, 2]
            xl, jq0, cross0 = stack[depth, 3], stack[depth, 4], stack[depth, 5]
            nplaced0, rbits, rleft = stack[depth, 6], stack[depth, 7], stack[depth, 8]
            allowed, board, undo = stack[depth, 9], stack[depth, 10], stack[depth, 11]
            continue
        low = allowed & -allowed
        allowed ^= low
        letter = popcount(low - 1)
        arcs = np.int64(node_arcs[node])
        nxt = edge_target[node_edge[node] + popcount(arcs & (low - 1))]
        acc = (np.int64(node_accepts[node]) >> letter) & 1
        jq = jq0 + IS_JQXZ[letter]
        cross = cross0
        nplaced = nplaced0
        cbits = rbits
        cleft = rleft
        if not board:
            rack[letter] -= 1
            undo = letter
            if rack[letter] == 0:
                cbits &= ~low
            cleft -= 1
            placed_pos[nplaced] = pos
            placed_let[nplaced] = letter
            nplaced += 1
            if xlen[pos] > 0:
                cross += word_points(xlen[pos], xjq[pos] + IS_JQXZ[letter], bonus)
        one_ok = direction == ACROSS or nplaced >= 2 or xlen[a] == 0
        # Up to two children: (c1) the next square in this direction, (c2) after going
        # left, the right part from the anchor via the separator.
        c1_pos = -1
        c2_node = -1
        if not right:
            left_c = line[pos - 1]
            if is_letter(left_c):  # the word cannot start here: keep going left
                c1_pos = pos - 1
            else:
                right_c = line[a + 1]
                if acc and not is_letter(right_c) and a > pos and one_ok:
                    _record(line_i, pos, a, direction, nplaced, placed_pos, placed_let, jq,
                            cross, bonus, moves, tiles, counts)
                if left_c == EMPTY and not anchor[pos - 1] and cleft > 0:
                    c1_pos = pos - 1
                if right_c != BLOCKED and (is_letter(right_c) or cleft > 0) and (
                        np.int64(node_arcs[nxt]) & 1):
                    c2_node = edge_target[node_edge[nxt]]
        else:
            next_c = line[pos + 1]
            if acc and not is_letter(next_c) and one_ok:
                _record(line_i, xl, pos, direction, nplaced, placed_pos, placed_let, jq, cross,
                        bonus, moves, tiles, counts)
            if is_letter(next_c) or (next_c == EMPTY and cleft > 0):
                c1_pos = pos + 1
        c1_allowed = 0
        if c1_pos >= 0:
            c1_allowed = _allowed(line, c1_pos, nxt, xmask, cbits, node_arcs)
        c2_allowed = 0
        if c2_node >= 0:
            c2_allowed = _allowed(line, a + 1, c2_node, xmask, cbits, node_arcs)
        if c1_allowed == 0 and c2_allowed == 0:
            continue
        # save this frame, then (if both) park c2 to run after c1
        _save(stack, depth, pos, node, right, xl, jq0, cross0, nplaced0, rbits, rleft, allowed,
              board, undo)
        depth += 1
        undo = 0
        if c1_allowed and c2_allowed:
            _save(stack, depth, a + 1, c2_node, 1, pos, jq, cross, nplaced, cbits, cleft,
                  c2_allowed, is_letter(line[a + 1]), 0)
            depth += 1
        if c1_allowed:
            node = nxt
            if not right:
                xl = c1_pos
            pos = c1_pos
            allowed = c1_allowed
        else:
            xl = pos
            pos = a + 1
            node = c2_node
            right = 1
            allowed = c2_allowed
        board = is_letter(line[pos])
        jq0 = jq
        cross0 = cross
        nplaced0 = nplaced
        rbits = cbits
        rleft = cleft


@njit(cache=True)
def _anchors(letters, anchor):
    h, w = letters.shape
    for i in range(h):
        for j in range(w):
            anchor[i, j] = False
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            if letters[i, j] == EMPTY and (
                    is_letter(letters[i - 1, j]) or is_letter(letters[i + 1, j])
                    or is_letter(letters[i, j - 1]) or is_letter(letters[i, j + 1])):
                anchor[i, j] = True


@njit(cache=True)
def _pass(letters, anchor, xmask, xlen, xjq, rack, direction, node_edge, node_arcs,
          node_accepts, edge_symbol, edge_target, root, bonus, moves, tiles, counts):
    h, w = letters.shape
    placed_pos = np.empty(MAX_FRAMES, np.int64)
    placed_let = np.empty(MAX_FRAMES, np.int64)
    stack = np.empty((MAX_FRAMES, FRAME), np.int64)
    rbits = np.int64(0)
    rleft = 0
    for letter in range(1, 27):
        if rack[letter] > 0:
            rbits |= np.int64(1) << letter
            rleft += rack[letter]
    for i in range(1, h - 1):
        line = letters[i]
        for a in range(1, w - 1):
            if anchor[i, a]:
                _walk_anchor(a, root, rbits, rleft, i, line, anchor[i], xmask[i], xlen[i], xjq[i],
                             rack, placed_pos, placed_let, stack, node_edge, node_arcs,
                             node_accepts, edge_target, bonus, direction, moves, tiles, counts)


@njit(cache=True)
def generate(letters, rack, node_edge, node_arcs, node_accepts, edge_symbol, edge_target, root,
             bonus, moves, tiles, counts):
    """Every word play on ``letters`` (grid values) with ``rack`` (counts by letter code).

    Fills ``moves``/``tiles``; sets ``counts[2]`` when the buffers were too small (the
    caller grows them and calls again).
    """
    counts[0] = 0
    counts[1] = 0
    counts[2] = 0
    h, w = letters.shape
    if rack.sum() == 0:
        return
    for direction in range(2):
        grid = letters if direction == ACROSS else np.ascontiguousarray(letters.T)
        gh, gw = grid.shape
        anchor = np.empty((gh, gw), np.bool_)
        xmask = np.empty((gh, gw), np.int64)
        xlen = np.empty((gh, gw), np.int64)
        xjq = np.empty((gh, gw), np.int64)
        _anchors(grid, anchor)
        cross_checks(grid, node_edge, node_arcs, node_accepts, edge_target, edge_symbol, root,
                     xmask, xlen, xjq)
        _pass(grid, anchor, xmask, xlen, xjq, rack, direction, node_edge, node_arcs,
              node_accepts, edge_symbol, edge_target, root, bonus, moves, tiles, counts)

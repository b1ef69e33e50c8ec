"""Replacement plays: every set of up to L rack tiles laid on top of other colours' tiles.

A replacement set splits into *letter changes* D (a new letter on the square) and
*colour changes* E (the same letter in the mover's tile). Only D decides which words stay
words, so the search is in three steps, all in numba:

1. For every word on the board (every run of 2+ tiles), the *patterns*: the sets of
   letter changes inside that word, drawn from the rack, after which it is still a word
   (a walk of the reversed word through the GADDAG, branching on the changeable squares:
   REPAST -> REPENT is one pattern of two changes).
2. Patterns that change a square whose crossing word has no pattern making the same
   change are dropped, until nothing more drops.
3. A depth-first search over the words that still have patterns picks, for each, "no
   change" or one pattern agreeing with the crossing words already decided; each full
   choice is one D. For each D, every E is added: squares of other colours not in D
   whose letter the rack still holds and whose words are words after D.

A tile that is in no word (only possible on hand-made boards) takes any rack letter.

Output: ``moves[m]`` = (first tile, tile count, letter changes), ``tiles[t]`` =
(row, col, letter code) in grid coordinates; ``counts`` = (moves, tiles, overflow).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.dictionaries.gaddag_walk import ARCS, accepts, child
from wordbot.movegen.crosschecks import is_letter

MOVE_FIELDS = 3
NO_WORD = -1


@njit(cache=True)
def board_words(letters):
    """Every run of 2+ tiles: (starts, lengths, directions, squares, word_of[2, H*W]).

    Squares are flat grid indices (i * W + j); ``word_of[d, sq]`` is the word through
    the square in direction d (0 across, 1 down) or -1.
    """
    h, w = letters.shape
    n = h * w
    word_of = np.full((2, n), NO_WORD, np.int64)
    starts = np.empty(n, np.int64)
    lengths = np.empty(n, np.int64)
    dirs = np.empty(n, np.int64)
    squares = np.empty(2 * n, np.int64)
    nwords = 0
    nsq = 0
    for d in range(2):
        di = 1 if d == 1 else 0
        dj = 1 - di
        for i in range(1, h - 1):
            for j in range(1, w - 1):
                if not is_letter(letters[i, j]) or is_letter(letters[i - di, j - dj]):
                    continue
                length = 1
                while is_letter(letters[i + di * length, j + dj * length]):
                    length += 1
                if length < 2:
                    continue
                starts[nwords] = nsq
                lengths[nwords] = length
                dirs[nwords] = d
                for k in range(length):
                    sq = (i + di * k) * w + (j + dj * k)
                    squares[nsq] = sq
                    word_of[d, sq] = nwords
                    nsq += 1
                nwords += 1
    return starts[:nwords], lengths[:nwords], dirs[:nwords], squares[:nsq], word_of


@njit(cache=True)
def _word_patterns(flat, changeable, sqs, rack, limit, edges, root, word_id, pool):
    """All letter-change patterns of one word (squares ``sqs``), appended to ``pool``.

    Walks the reversed word from the root: each square keeps its letter or, when
    changeable, takes a different rack letter; a pattern is kept when the last arc accepts
    and at least one square changed. Returns False when the pool is full.
    """
    p_start, p_len, p_word, p_sq, p_let, counts = pool
    n = sqs.shape[0]
    nodes = np.empty(n + 1, np.int64)
    option = np.zeros(n + 1, np.int64)  # 0: keep next; k >= 1: rack letters >= k next
    placed = np.full(n + 1, -1, np.int64)
    nodes[0] = root
    depth = 0
    changes = 0
    while depth >= 0:
        sq = sqs[n - 1 - depth]
        cur = np.int64(flat[sq])
        node = nodes[depth]
        arcs = node & ARCS
        if placed[depth] >= 0:
            if placed[depth] != cur:
                rack[placed[depth]] += 1
                changes -= 1
            placed[depth] = -1
        letter = -1
        if option[depth] == 0:
            option[depth] = 1
            if (arcs >> cur) & 1:
                letter = cur
        if letter < 0 and changeable[sq] and changes < limit:
            for cand in range(option[depth], 27):
                if cand != cur and rack[cand] > 0 and (arcs >> cand) & 1:
                    letter = cand
                    break
            option[depth] = letter + 1 if letter > 0 else 27
        if letter < 0:
            depth -= 1
            continue
        placed[depth] = letter
        if letter != cur:
            rack[letter] -= 1
            changes += 1
        if depth == n - 1:
            if changes > 0 and accepts(child(edges, node, letter)):
                m = counts[0]
                t = counts[1]
                if m >= p_start.shape[0] or t + changes > p_sq.shape[0]:
                    return False
                p_start[m] = t
                p_len[m] = changes
                p_word[m] = word_id
                for k in range(n):
                    if placed[k] != flat[sqs[n - 1 - k]]:
                        p_sq[t] = sqs[n - 1 - k]
                        p_let[t] = placed[k]
                        t += 1
                counts[0] = m + 1
                counts[1] = t
            continue
        nodes[depth + 1] = child(edges, node, letter)
        depth += 1
        option[depth] = 0
        placed[depth] = -1
    return True


@njit(cache=True)
def _is_word(flat, sqs, edges, root):
    """True when the letters on squares ``sqs`` spell a word (the path rev(word))."""
    n = sqs.shape[0]
    rec = root
    for k in range(n - 1, -1, -1):
        rec = child(edges, rec, flat[sqs[k]])
        if rec < 0:
            return False
    return accepts(rec) == 1


@njit(cache=True)
def _pattern_letter(p, sq, p_start, p_len, p_sq, p_let):
    """The letter pattern ``p`` puts on ``sq``, or 0 when it leaves the square alone."""
    for t in range(p_start[p], p_start[p] + p_len[p]):
        if p_sq[t] == sq:
            return p_let[t]
    return 0


@njit(cache=True)
def _write_move(w, flat, flat_d_sq, flat_d_let, nd, cand, pick, ne, moves, tiles, counts):
    m = counts[0]
    t = counts[1]
    n = nd + ne
    if m >= moves.shape[0] or t + n > tiles.shape[0]:
        counts[2] = 1
        return
    moves[m, 0] = t
    moves[m, 1] = n
    moves[m, 2] = nd
    for k in range(nd):
        tiles[t, 0] = flat_d_sq[k] // w
        tiles[t, 1] = flat_d_sq[k] % w
        tiles[t, 2] = flat_d_let[k]
        t += 1
    for k in range(ne):
        sq = cand[pick[k]]
        tiles[t, 0] = sq // w
        tiles[t, 1] = sq % w
        tiles[t, 2] = flat[sq]
        t += 1
    counts[0] = m + 1
    counts[1] = t


@njit(cache=True)
def generate(letters, colours, own, rack_in, limit, edges, root, pool_cap, moves, tiles,
             counts):
    """Every replacement play of colour ``own`` with ``rack_in`` (counts by letter code)
    and limit ``limit``. Returns 0, or 2 when the pattern pool (``pool_cap``) was too
    small; ``counts[2]`` is set when the move buffers were too small.
    """
    counts[0] = 0
    counts[1] = 0
    counts[2] = 0
    rack = rack_in.copy()
    budget = min(limit, rack.sum())
    if budget <= 0:
        return 0
    h, w = letters.shape
    flat = letters.ravel()
    colflat = colours.ravel()
    n = h * w
    starts, lengths, dirs, squares, word_of = board_words(letters)
    nwords = starts.shape[0]
    changeable = np.zeros(n, np.bool_)
    for sq in range(n):
        changeable[sq] = is_letter(flat[sq]) and colflat[sq] != own
    # units: the words, then each changeable tile that is in no word
    nunits = nwords
    for sq in range(n):
        if changeable[sq] and word_of[0, sq] < 0 and word_of[1, sq] < 0:
            nunits += 1
    u_start = np.empty(nunits, np.int64)
    u_len = np.empty(nunits, np.int64)
    u_dir = np.empty(nunits, np.int64)
    u_sqs = np.empty(squares.shape[0] + nunits, np.int64)
    valid = np.ones(nunits, np.bool_)
    u_sqs[:squares.shape[0]] = squares
    u_start[:nwords] = starts
    u_len[:nwords] = lengths
    u_dir[:nwords] = dirs
    k = nwords
    for sq in range(n):
        if changeable[sq] and word_of[0, sq] < 0 and word_of[1, sq] < 0:
            u_start[k] = squares.shape[0] + (k - nwords)
            u_len[k] = 1
            u_dir[k] = 2
            u_sqs[u_start[k]] = sq
            k += 1
    for u in range(nwords):
        valid[u] = _is_word(flat, u_sqs[u_start[u]:u_start[u] + u_len[u]], edges, root)

    # 1. patterns per unit
    p_start = np.empty(pool_cap, np.int64)
    p_len = np.empty(pool_cap, np.int64)
    p_word = np.empty(pool_cap, np.int64)
    p_sq = np.empty(pool_cap * 4, np.int64)
    p_let = np.empty(pool_cap * 4, np.int64)
    pcounts = np.zeros(2, np.int64)
    pool = (p_start, p_len, p_word, p_sq, p_let, pcounts)
    u_pfirst = np.empty(nunits, np.int64)
    u_pend = np.empty(nunits, np.int64)
    for u in range(nunits):
        u_pfirst[u] = pcounts[0]
        sqs = u_sqs[u_start[u]:u_start[u] + u_len[u]]
        if u_dir[u] == 2:  # a lone tile: any other rack letter
            cur = flat[sqs[0]]
            for letter in range(1, 27):
                if letter != cur and rack[letter] > 0:
                    m = pcounts[0]
                    if m >= pool_cap:
                        return 2
                    p_start[m] = pcounts[1]
                    p_len[m] = 1
                    p_word[m] = u
                    p_sq[pcounts[1]] = sqs[0]
                    p_let[pcounts[1]] = letter
                    pcounts[0] = m + 1
                    pcounts[1] += 1
        elif not _word_patterns(flat, changeable, sqs, rack.copy(), budget, edges, root, u,
                                pool):
            return 2
        u_pend[u] = pcounts[0]

    # 2. drop patterns whose changes the crossing word cannot follow
    npat = pcounts[0]
    alive = np.ones(npat, np.bool_)
    changed = True
    while changed:
        changed = False
        for p in range(npat):
            if not alive[p]:
                continue
            d = u_dir[p_word[p]]
            if d == 2:
                continue
            for t in range(p_start[p], p_start[p] + p_len[p]):
                cw = word_of[1 - d, p_sq[t]]
                if cw < 0:
                    continue
                found = False
                for q in range(u_pfirst[cw], u_pend[cw]):
                    if alive[q] and _pattern_letter(q, p_sq[t], p_start, p_len, p_sq,
                                                    p_let) == p_let[t]:
                        found = True
                        break
                if not found:
                    alive[p] = False
                    changed = True
                    break

    # 3. choose "no change" or a pattern for each unit that has patterns left
    active = np.empty(nunits, np.int64)
    nact = 0
    for u in range(nunits):
        for p in range(u_pfirst[u], u_pend[u]):
            if alive[p]:
                active[nact] = u
                nact += 1
                break
    status = np.full(n, -1, np.int64)  # -1 undecided, 0 unchanged, >0 new letter
    touched = np.zeros(nunits, np.bool_)
    option = np.full(nact + 1, -2, np.int64)  # -2 nothing tried, -1 "no change", else p
    applied = np.zeros(nact + 1, np.bool_)
    log_sq = np.empty(n * 2 + 8, np.int64)
    log_n = 0
    level_log = np.zeros(nact + 1, np.int64)
    d_sq = np.empty(budget + 1, np.int64)
    d_let = np.empty(budget + 1, np.int64)
    nd = 0
    level_d = np.zeros(nact + 1, np.int64)
    need = np.zeros(27, np.int64)
    cand = np.empty(n, np.int64)
    pick = np.empty(budget + 1, np.int64)
    level = 0
    while level >= 0:
        if level == nact:
            # emit D with every E
            ncand = 0
            for sq in range(n):
                if changeable[sq] and status[sq] <= 0 and rack[flat[sq]] > 0:
                    ok = True
                    for d in range(2):
                        wid = word_of[d, sq]
                        if wid >= 0 and not valid[wid] and not touched[wid]:
                            ok = False
                    if ok:
                        cand[ncand] = sq
                        ncand += 1
            left = budget - nd
            if nd > 0:
                _write_move(w, flat, d_sq, d_let, nd, cand, pick, 0, moves, tiles, counts)
            if left > 0 and ncand > 0:
                depth = 0
                pick[0] = -1
                while depth >= 0:
                    if pick[depth] >= 0:
                        rack[flat[cand[pick[depth]]]] += 1
                    lo = pick[depth - 1] + 1 if depth > 0 else 0
                    i = max(pick[depth] + 1, lo)
                    while i < ncand and rack[flat[cand[i]]] == 0:
                        i += 1
                    if i >= ncand:
                        pick[depth] = -1
                        depth -= 1
                        continue
                    pick[depth] = i
                    rack[flat[cand[i]]] -= 1
                    _write_move(w, flat, d_sq, d_let, nd, cand, pick, depth + 1, moves,
                                tiles, counts)
                    if depth + 1 < left:
                        depth += 1
                        pick[depth] = -1
            level -= 1
            continue
        u = active[level]
        us = u_start[u]
        ul = u_len[u]
        if applied[level]:
            while log_n > level_log[level]:  # undo this level's choice
                log_n -= 1
                status[log_sq[log_n]] = -1
            while nd > level_d[level]:
                nd -= 1
                rack[d_let[nd]] += 1
            touched[u] = False
            applied[level] = False
        # the next feasible option
        chosen = -3
        opt = option[level] + 1
        if opt == -1:
            ok = True
            for k in range(us, us + ul):
                if status[u_sqs[k]] > 0:
                    ok = False
                    break
            if ok:
                chosen = -1
            else:
                opt = 0
        if chosen == -3:
            first = u_pfirst[u]
            p = max(opt, first) if opt >= 0 else first
            while p < u_pend[u]:
                if alive[p]:
                    ok = True
                    new = 0
                    for k in range(us, us + ul):
                        sq = u_sqs[k]
                        x = _pattern_letter(p, sq, p_start, p_len, p_sq, p_let)
                        st = status[sq]
                        if st > 0:
                            if x != st:
                                ok = False
                                break
                        elif st == 0:
                            if x != 0:
                                ok = False
                                break
                        elif x != 0:
                            new += 1
                            need[x] += 1
                    if ok and nd + new <= budget:
                        for x in range(1, 27):
                            if need[x] > rack[x]:
                                ok = False
                    elif ok:
                        ok = False
                    for x in range(1, 27):
                        need[x] = 0
                    if ok:
                        chosen = p
                        break
                p += 1
        if chosen == -3:
            option[level] = -2
            level -= 1
            continue
        option[level] = chosen
        level_log[level] = log_n
        level_d[level] = nd
        applied[level] = True
        touched[u] = chosen >= 0
        for k in range(us, us + ul):
            sq = u_sqs[k]
            if status[sq] != -1:
                continue
            x = 0 if chosen < 0 else _pattern_letter(chosen, sq, p_start, p_len, p_sq, p_let)
            status[sq] = x
            log_sq[log_n] = sq
            log_n += 1
            if x > 0:
                d_sq[nd] = sq
                d_let[nd] = x
                nd += 1
                rack[x] -= 1
        level += 1
        option[level] = -2
        applied[level] = False
    return 0

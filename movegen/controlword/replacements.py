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
3. The *atoms* (:mod:`~.replacement_atoms`): the smallest sets of changes, over one or more crossing words, after
   which every word they touch is a word. Every D is a union of atoms over disjoint
   words, so :mod:`wordbot.movegen.controlword.replacement_sets` searches over atoms, and counts
   rather than lists the colour changes E each D allows: squares of other colours not in
   D whose letter the rack still holds and whose words are words after D.

A tile that is in no word (only possible on hand-made boards) takes any rack letter.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import (
    ARCS,
    accepts,
    arc,
    child,
    first_arc,
    lowest_bit,
)
from wordbot.movegen.arrays import copy_into
from wordbot.movegen.controlword.crosschecks import is_letter
from wordbot.movegen.controlword.replacement_atoms import (
    change_key,
    find_atoms,
    patterns_by_change,
)
from wordbot.movegen.controlword.replacement_sets import search

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


@njit(cache=True, _nrt=False)
def _word_patterns(
    flat, changeable, sqs, rack, limit, edges, root, word_id, pool, nodes, option, placed
):
    """All letter-change patterns of one word (squares ``sqs``, 2 or more), appended to
    ``pool``.

    Walks the word forwards, as the GADDAG path ``first letter <> the rest``, so every
    partial path is a prefix of some word (reading it backwards from the end would only
    know that its tail occurs inside some word, and visit far more dead ends). Each square
    keeps its letter or, when changeable, takes a different rack letter; a pattern is kept
    when the last arc accepts and at least one square changed. ``nodes``/``option``/
    ``placed`` are scratch (length >= len(sqs) + 1): the node at each depth, the change
    letters still to try there (-1 before "keep" was tried), the letter placed (-1 none).
    Returns False when the pool is full.
    """
    p_start, p_len, p_word, p_sq, p_let, counts = pool
    n = sqs.shape[0]
    one = np.int64(1)
    rbits = np.int64(0)
    for x in range(1, 27):
        if rack[x] > 0:
            rbits |= one << x
    nodes[0] = root
    option[0] = -1
    placed[0] = -1
    depth = 0
    changes = 0
    while depth >= 0:
        sq = sqs[depth]
        cur = np.int64(flat[sq])
        node = nodes[depth]
        if placed[depth] >= 0:  # take back the letter tried here
            if placed[depth] != cur:
                rack[placed[depth]] += 1
                rbits |= one << placed[depth]
                changes -= 1
            placed[depth] = -1
        letter = -1
        if option[depth] < 0:  # first "keep", then the change letters
            option[depth] = 0
            if changeable[sq] and changes < limit:
                option[depth] = node & rbits & ~(one << cur) & ARCS & ~one
            if (node >> cur) & 1:
                letter = cur
        if letter < 0:
            if option[depth] == 0:
                depth -= 1
                continue
            letter = lowest_bit(option[depth])
            option[depth] &= option[depth] - 1
        nxt = arc(edges, node, one << letter)
        if depth == 0:  # the first letter, then the separator
            if not nxt & 1:
                continue
            nxt = edges[first_arc(nxt)]
        placed[depth] = letter
        if letter != cur:
            rack[letter] -= 1
            if rack[letter] == 0:
                rbits &= ~(one << letter)
            changes += 1
        if depth == n - 1:
            if changes > 0 and accepts(nxt):
                m = counts[0]
                t = counts[1]
                if m >= p_start.shape[0] or t + changes > p_sq.shape[0]:
                    return False
                p_start[m] = t
                p_len[m] = changes
                p_word[m] = word_id
                for k in range(n):
                    if placed[k] != flat[sqs[k]]:
                        p_sq[t] = sqs[k]
                        p_let[t] = placed[k]
                        t += 1
                counts[0] = m + 1
                counts[1] = t
            continue
        depth += 1
        nodes[depth] = nxt
        option[depth] = -1
        placed[depth] = -1
    return True


@njit(cache=True, _nrt=False)
def _any_changeable(sqs, changeable):
    """Some square of ``sqs`` holds a tile of another colour."""
    for k in range(sqs.shape[0]):  # noqa: SIM110  (a numba kernel: no any() over a generator)
        if changeable[sqs[k]]:
            return True
    return False


@njit(cache=True, _nrt=False)
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
def _prepare(letters, colours, own, rack, budget, edges, root, pools):
    """Steps 1 and 2, then the *local solutions*: units (words, lone tiles) are joined
    into components when a live pattern of one changes a square of the other; a local
    solution is a non-empty choice of "no change" or one pattern per unit of a component
    that agrees on every shared square and fits the rack and the limit. Every D is a
    union of local solutions of distinct components.

    Returns (status, solutions, E candidates); status 2 means a pool was too small.
    """
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
    copy_into(u_sqs, squares)
    copy_into(u_start, starts)
    copy_into(u_len, lengths)
    copy_into(u_dir, dirs)
    k = nwords
    for sq in range(n):
        if changeable[sq] and word_of[0, sq] < 0 and word_of[1, sq] < 0:
            u_start[k] = squares.shape[0] + (k - nwords)
            u_len[k] = 1
            u_dir[k] = 2
            u_sqs[u_start[k]] = sq
            k += 1
    for u in range(nwords):
        valid[u] = _is_word(flat, u_sqs[u_start[u] : u_start[u] + u_len[u]], edges, root)

    # E candidates: squares of other colours whose letter the rack holds; in c0 every
    # word through the square is a word, in c1 some is not (then it needs D to change it)
    c0 = np.empty(n, np.int64)
    c1 = np.empty(n, np.int64)
    n0 = 0
    n1 = 0
    for sq in range(n):
        if changeable[sq] and rack[flat[sq]] > 0:
            ok = True
            for d in range(2):
                wid = word_of[d, sq]
                if wid >= 0 and not valid[wid]:
                    ok = False
            if ok:
                c0[n0] = sq
                n0 += 1
            else:
                c1[n1] = sq
                n1 += 1

    # 1. patterns per unit
    p_start, p_len, p_word, p_sq, p_let, a_pool = pools
    pool_cap = p_start.shape[0]
    pcounts = np.zeros(2, np.int64)
    pool = (p_start, p_len, p_word, p_sq, p_let, pcounts)
    u_pfirst = np.empty(nunits, np.int64)
    u_pend = np.empty(nunits, np.int64)
    rack_copy = rack.copy()
    longest = 1
    for u in range(nunits):
        longest = max(longest, u_len[u])
    wp_nodes = np.empty(longest + 1, np.int64)
    wp_option = np.empty(longest + 1, np.int64)
    wp_placed = np.empty(longest + 1, np.int64)
    z = np.zeros(1, np.int64)
    sols = (z, z, z, z, z, z)
    cands = (c0[:n0], c1[:n1], word_of, valid)
    for u in range(nunits):
        u_pfirst[u] = pcounts[0]
        sqs = u_sqs[u_start[u] : u_start[u] + u_len[u]]
        if u_dir[u] == 2:  # a lone tile: any other rack letter
            cur = flat[sqs[0]]
            for letter in range(1, 27):
                if letter != cur and rack[letter] > 0:
                    m = pcounts[0]
                    if m >= pool_cap:
                        return 2, sols, cands
                    p_start[m] = pcounts[1]
                    p_len[m] = 1
                    p_word[m] = u
                    p_sq[pcounts[1]] = sqs[0]
                    p_let[pcounts[1]] = letter
                    pcounts[0] = m + 1
                    pcounts[1] += 1
        elif _any_changeable(sqs, changeable):
            copy_into(rack_copy, rack)
            if not _word_patterns(
                flat,
                changeable,
                sqs,
                rack_copy,
                budget,
                edges,
                root,
                u,
                pool,
                wp_nodes,
                wp_option,
                wp_placed,
            ):
                return 2, sols, cands
        u_pend[u] = pcounts[0]

    # the patterns that make a change, by (square, letter, direction of their unit),
    # then every pattern in order: ``by_change[b_start[key]:b_start[key + 1]]``
    npat = pcounts[0]
    slot = np.full(n, -1, np.int64)  # changeable squares numbered, for the buckets
    nslots = np.int64(0)
    for sq in range(n):
        if changeable[sq]:
            slot[sq] = nslots
            nslots += 1
    by_change, b_start = patterns_by_change(
        npat, p_start, p_len, p_word, p_sq, p_let, u_dir, slot, nslots
    )

    # 2. drop patterns whose changes the crossing word cannot follow
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
                if word_of[1 - d, p_sq[t]] < 0:
                    continue
                key = change_key(slot, p_sq[t], p_let[t], 1 - d)
                found = False
                for i in range(b_start[key], b_start[key + 1]):
                    if alive[by_change[i]]:
                        found = True
                        break
                if not found:
                    alive[p] = False
                    changed = True
                    break

    # 3. atoms: the minimal sets of changes after which every word they touch is a word
    atoms = find_atoms(
        nunits,
        u_start,
        u_len,
        u_dir,
        u_sqs,
        u_pfirst,
        u_pend,
        alive,
        p_start,
        p_len,
        p_sq,
        p_let,
        word_of,
        n,
        rack,
        budget,
        by_change,
        b_start,
        slot,
        a_pool,
    )
    return atoms[0], atoms[1:], cands


@njit(cache=True)
def generate(letters, colours, own, rack_in, limit, edges, root, pools, guess):
    """Every replacement play of colour ``own`` with ``rack_in`` (counts by letter code)
    and limit ``limit``, factored: (status, budget, found, tiles, cands), where ``found``
    lists each set of letter changes with its number of plays, ``tiles`` counts the
    tiles of all plays (see :mod:`wordbot.movegen.controlword.replacement_sets`, whose ``expand``
    writes one row per play), ``guess`` is how many sets of letter changes to make room
    for first. Status 2 means one of the ``pools`` (see :func:`new_pools`, reused
    between calls) was too small."""
    rack = rack_in.copy()
    budget = min(limit, rack.sum())
    z = np.zeros(1, np.int64)
    none = np.empty(0, np.int32)
    nothing = (none, none, z[:0], z, z[:0], z[:0])
    e = np.empty(0, np.int64)
    no_cands = (e, e, np.empty((2, 0), np.int64), np.empty(0, np.bool_))
    if budget <= 0:
        return 0, budget, nothing, 0, no_cands
    status, atoms, cands = _prepare(letters, colours, own, rack, budget, edges, root, pools)
    if status != 0:
        return status, budget, nothing, 0, cands
    found, tiles = search(letters, rack, budget, atoms, cands, guess)
    return 0, budget, found, tiles, cands


@njit(cache=True)
def new_pools(cap):
    """Scratch pools for :func:`generate`: ``cap`` patterns and ``cap`` atoms (compiled,
    so that the compiled cores grow them in a playout)."""
    return (
        np.empty(cap, np.int64),
        np.empty(cap, np.int64),
        np.empty(cap, np.int64),
        np.empty(4 * cap, np.int64),
        np.empty(4 * cap, np.int64),
        (
            np.empty(cap + 1, np.int64),
            np.empty(cap + 1, np.int64),
            np.empty(5 * cap, np.int64),
            np.empty(5 * cap, np.int64),
            np.empty(6 * cap, np.int64),
        ),
    )

"""Step 3 of :mod:`wordbot.movegen.controlword.replacements`: the *atoms*, the smallest
sets of letter changes, over one or more crossing words, after which every word they
touch is a word, built from the words' patterns (steps 1 and 2 there).

Patterns are flat arrays: pattern ``p`` makes the changes ``(p_sq[t], p_let[t])`` for
``t`` in ``p_start[p] .. p_start[p] + p_len[p]``, inside word ``p_word[p]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, _nrt=False)
def _pattern_letter(p, sq, p_start, p_len, p_sq, p_let):
    """The letter pattern ``p`` puts on ``sq``, or 0 when it leaves the square alone."""
    for t in range(p_start[p], p_start[p] + p_len[p]):
        if p_sq[t] == sq:
            return p_let[t]
    return 0


@njit(cache=True, _nrt=False, inline="always")
def change_key(slot, sq, letter, direction):
    """The bucket of :func:`patterns_by_change` for a change of ``sq`` (changeable
    square number ``slot[sq]``) to ``letter``
    by a unit in ``direction`` (0 across, 1 down, 2 a lone tile)."""
    return (slot[sq] * 27 + letter) * 3 + direction


@njit(cache=True)
def patterns_by_change(npat, p_start, p_len, p_word, p_sq, p_let, u_dir, slot, nslots):
    """A counting sort of the patterns' changes: ``by_change[b_start[key]:b_start[key +
    1]]`` are the patterns making the change of :func:`change_key` ``key``, in order;
    after the last bucket come all the patterns in order (so a unit's own patterns are
    a range of the same array: ``b_start[-1] + p``)."""
    nkeys = nslots * 27 * 3
    b_start = np.zeros(nkeys + 2, np.int64)
    for p in range(npat):
        d = u_dir[p_word[p]]
        for t in range(p_start[p], p_start[p] + p_len[p]):
            b_start[change_key(slot, p_sq[t], p_let[t], d) + 1] += 1
    for key in range(nkeys):
        b_start[key + 1] += b_start[key]
    fill = b_start[:nkeys].copy()
    by_change = np.empty(b_start[nkeys] + npat, np.int64)
    for p in range(npat):
        d = u_dir[p_word[p]]
        for t in range(p_start[p], p_start[p] + p_len[p]):
            key = change_key(slot, p_sq[t], p_let[t], d)
            by_change[fill[key]] = p
            fill[key] += 1
    for p in range(npat):
        by_change[b_start[nkeys] + p] = p
    b_start[nkeys + 1] = b_start[nkeys] + npat
    return by_change, b_start


@njit(cache=True)
def find_atoms(
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
):
    """Every *atom*: a choice of one live pattern for each of a set of units such that
    every square it changes has both its words in the set, the patterns agree on shared
    squares, and the set is connected through changed squares. A D is exactly a union of
    atoms with pairwise disjoint units (its connected parts), so the search over D only
    combines atoms. Each atom is built once, from its lowest unit (the seed): the seed's
    pattern, then for each unit a change reaches, each pattern that makes the same change
    and agrees with the rest.

    Returns (status, a_start, a_size, a_sq, a_let, a_ustart, a_units); status 2 when
    the pool ``a_pool`` was too small.
    """
    # changes of atom a: a_sq/a_let[a_start[a]:a_start[a + 1]]; units: a_units[a_ustart..]
    a_start, a_ustart, a_sq, a_let, a_units = a_pool
    cap = a_start.shape[0] - 1
    a_start[0] = 0
    a_ustart[0] = 0
    natoms = 0
    st = np.zeros(n, np.int64)  # the letter a square changes to in the atom being built
    asg = np.full(nunits, -1, np.int64)  # the pattern of each unit in it, or -1
    ch_sq = np.empty(budget + 1, np.int64)
    ch_let = np.empty(budget + 1, np.int64)
    lv_unit = np.empty(budget + 2, np.int64)  # the unit decided at each level
    lv_opt = np.empty(budget + 2, np.int64)  # where in ``by_change`` the pattern tried
    lv_end = np.empty(budget + 2, np.int64)  # there is, and the end of the candidates
    lv_nch = np.empty(budget + 2, np.int64)  # changes before it
    used = np.zeros(27, np.int64)
    every = b_start[b_start.shape[0] - 2]  # where all the patterns are listed in order
    key = 0
    for seed in range(nunits):
        if u_pfirst[seed] == u_pend[seed]:
            continue
        level = 0
        lv_unit[0] = seed
        lv_opt[0] = every + u_pfirst[seed] - 1
        lv_end[0] = every + u_pend[seed]
        lv_nch[0] = 0
        nch = 0
        while level >= 0:
            v = lv_unit[level]
            if asg[v] >= 0:  # take back this level's pattern
                asg[v] = -1
                while nch > lv_nch[level]:
                    nch -= 1
                    st[ch_sq[nch]] = 0
                    used[ch_let[nch]] -= 1
            # the next pattern of v that agrees with the changes so far
            i = lv_opt[level] + 1
            chosen = -1
            while i < lv_end[level]:
                q = by_change[i]
                if alive[q] and _agrees(
                    q,
                    v,
                    seed,
                    u_start,
                    u_len,
                    u_dir,
                    u_sqs,
                    p_start,
                    p_len,
                    p_sq,
                    p_let,
                    word_of,
                    st,
                    asg,
                    nch,
                    budget,
                    rack,
                    used,
                ):
                    chosen = q
                    break
                i += 1
            if chosen < 0:
                level -= 1
                continue
            lv_opt[level] = i
            asg[v] = chosen
            for t in range(p_start[chosen], p_start[chosen] + p_len[chosen]):
                if st[p_sq[t]] == 0:
                    st[p_sq[t]] = p_let[t]
                    ch_sq[nch] = p_sq[t]
                    ch_let[nch] = p_let[t]
                    used[p_let[t]] += 1
                    nch += 1
            # a unit a change reaches that has no pattern yet: its candidates are its
            # patterns that make that change
            pending = -1
            for j in range(nch):
                for d in range(2):
                    x = word_of[d, ch_sq[j]]
                    if x >= 0 and asg[x] < 0 and pending < 0:
                        pending = x
                        key = change_key(slot, ch_sq[j], ch_let[j], d)
            if pending >= 0:
                level += 1
                lv_unit[level] = pending
                lv_opt[level] = b_start[key] - 1
                lv_end[level] = b_start[key + 1]
                lv_nch[level] = nch
                continue
            # closed: an atom
            if (
                natoms >= cap
                or a_start[natoms] + nch > a_sq.shape[0]
                or a_ustart[natoms] + level + 1 > a_units.shape[0]
            ):
                return 2, a_start, a_start, a_sq, a_let, a_ustart, a_units
            a_start[natoms + 1] = a_start[natoms] + nch
            for j in range(nch):
                a_sq[a_start[natoms] + j] = ch_sq[j]
                a_let[a_start[natoms] + j] = ch_let[j]
            a_ustart[natoms + 1] = a_ustart[natoms] + level + 1
            for j in range(level + 1):
                a_units[a_ustart[natoms] + j] = lv_unit[j]
            natoms += 1
    a_size = np.empty(natoms, np.int64)  # (a small array, made per call)
    for a in range(natoms):
        a_size[a] = a_start[a + 1] - a_start[a]
    return (
        0,
        a_start[: natoms + 1],
        a_size,
        a_sq[: a_start[natoms]],
        a_let[: a_start[natoms]],
        a_ustart[: natoms + 1],
        a_units[: a_ustart[natoms]],
    )


@njit(cache=True, _nrt=False)
def _agrees(
    q,
    v,
    seed,
    u_start,
    u_len,
    u_dir,
    u_sqs,
    p_start,
    p_len,
    p_sq,
    p_let,
    word_of,
    st,
    asg,
    nch,
    budget,
    rack,
    used,
):
    """Pattern ``q`` for unit ``v`` fits the atom being built: it makes exactly the
    changes already on v's squares plus new ones whose crossing words are free (not
    decided, not below the seed), within the limit and the rack."""
    new = 0
    for k in range(u_start[v], u_start[v] + u_len[v]):
        sq = u_sqs[k]
        x = _pattern_letter(q, sq, p_start, p_len, p_sq, p_let)
        if st[sq] > 0:
            if x != st[sq]:
                return False
        elif x > 0:
            if u_dir[v] != 2:
                c = word_of[1 - u_dir[v], sq]
                if c >= 0 and (c < seed or asg[c] >= 0):
                    return False
            new += 1
    if nch + new > budget:
        return False
    ok = True
    for t in range(p_start[q], p_start[q] + p_len[q]):  # the rack holds the new letters
        if st[p_sq[t]] == 0:
            used[p_let[t]] += 1
            if used[p_let[t]] > rack[p_let[t]]:
                ok = False
    for t in range(p_start[q], p_start[q] + p_len[q]):
        if st[p_sq[t]] == 0:
            used[p_let[t]] -= 1
    return ok

"""numba helpers for walking a GADDAG's arc records, shared by the builder and movegen.

An arc record is one int64 (see :mod:`wordbot.dictionaries.gaddag` for the layout): it
carries the arc's own symbol, accept and last-arc flags, and the *target* node's arc
bitmask and first-arc index, so one load moves the walk one step. A node is handled as
the record of the arc that reached it (``root`` for the start node).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

SEP = 0  # the separator's symbol; the letters A..Z are 1..26
ALPHABET = 27  # the separator and 26 letters
ARCS = 0x7FFFFFF  # bits 0..26: the target's arcs (bit 0 = separator)
ACCEPT_SHIFT = 27  # this arc completes a word
LAST_SHIFT = 28  # this arc is its source node's last
SYMBOL_SHIFT = 29  # bits 29..33: this arc's symbol
FIRST_SHIFT = 34  # bits 34..62: the target's first arc index
FIRST_MASK = (1 << 29) - 1
LETTERS = 0x7FFFFFE  # bits 1..26


@intrinsic
def _ctpop(typingctx, x):
    """The CPU's population count (llvm.ctpop) on an int64."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        value = context.cast(builder, args[0], signature.args[0], types.int64)
        return builder.ctpop(value)

    return types.int64(x), codegen


@intrinsic
def _cttz(typingctx, x):
    """Trailing zero bits (llvm.cttz) of a non-zero int64."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        value = context.cast(builder, args[0], signature.args[0], types.int64)
        return builder.cttz(value, ir.Constant(ir.IntType(1), 1))

    return types.int64(x), codegen


@njit(cache=True, inline="always")
def popcount(x):
    """Set bits of a non-negative int64."""
    return _ctpop(np.int64(x))


@njit(cache=True, inline="always")
def lowest_bit(x):
    """Index of the lowest set bit of a non-zero int64."""
    return _cttz(np.int64(x))


@njit(cache=True, inline="always")
def accepts(rec):
    """1 when the arc ``rec`` completes a word, else 0."""
    return (rec >> ACCEPT_SHIFT) & 1


@njit(cache=True, inline="always")
def first_arc(rec):
    """Index of the first arc of the node reached by ``rec`` (masked, so the compiler
    knows it is not negative and indexes without wraparound code)."""
    return (rec >> FIRST_SHIFT) & FIRST_MASK


@njit(cache=True, inline="always")
def arc(edges, rec, bit):
    """The record of the arc for the symbol whose bit is ``bit`` (``1 << symbol``) out of
    the node reached by ``rec``; the node must have that arc."""
    return edges[np.uintp(((rec >> FIRST_SHIFT) & FIRST_MASK) + _ctpop(rec & (bit - 1)))]


@njit(cache=True, inline="always")
def child(edges, rec, sym):
    """The record of the arc for symbol ``sym`` (0 = separator) out of the node reached
    by ``rec``, or -1 when there is none."""
    a = rec & ARCS
    if not (a >> sym) & 1:
        return np.int64(-1)
    return arc(edges, rec, np.int64(1) << sym)


@njit(cache=True)
def accepting_splits(edges, root, flat, offsets):
    """For each word (``flat[offsets[w]:offsets[w+1]]``, codes 1..26), how many of its
    split points reach an accepting arc: a complete GADDAG has ``len(word)`` for every
    word, a GADDAG without the word has 0.
    """
    nwords = offsets.shape[0] - 1
    out = np.zeros(nwords, np.int64)
    for w in range(nwords):
        start = offsets[w]
        n = offsets[w + 1] - start
        for split in range(1, n + 1):
            rec = root
            # rev(word[:split]), then the separator (unless split == n), then the rest
            steps = n + (1 if split < n else 0)
            for k in range(steps):
                if k < split:
                    sym = flat[start + split - 1 - k]
                elif k == split:
                    sym = 0
                else:
                    sym = flat[start + k - 1]
                rec = child(edges, rec, sym)
                if rec < 0:
                    break
            if rec >= 0 and accepts(rec):
                out[w] += 1
    return out

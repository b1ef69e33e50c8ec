"""The forward automaton of a word list over letter *tiles*, for games that spell words
along paths of tiles (RouteWords' routes and bonus rounds).

It is a trie read left to right whose symbols are tiles 0..25 (A..Z), where the tile
``Q`` stands for the two letters QU, as a Boggle Qu cube does. A word is kept when it
can be spelled that way: every Q of it followed by a U (``QUIT`` is the tiles Q, I, T;
``QAT`` cannot be spelled and is left out). A tile sequence spells one word only, so
every accepting node stands for exactly one word: a kernel uses node numbers as word
numbers (the bonus solver lists each word once with a bit per node).

Nodes are numbered level by level (breadth first, by tile within a parent), so the
children of a node are consecutive. Each node is one int64 record in ``records``:

* bits 0..25: which tiles lead on from it (bit ``t`` = tile ``t``),
* bit 26: the tiles up to here spell a word,
* bits 32..62: the number of its first child.

The child by tile ``t`` is ``first + popcount(mask & ((1 << t) - 1))``. Node 0 is the
root. (A minimal DAWG of the default list has a third of the nodes, but a walk over a
5 x 5 grid is no faster on it: its time goes to mispredicted branches, not memory; and a
trie's nodes name its words.)

>>> fwd = build_forward(["QUIT", "QAT", "IT", "ITS"])
>>> fwd.contains("QUIT"), fwd.contains("QAT"), fwd.contains("ITS"), fwd.contains("I")
(True, False, True, False)
>>> fwd.words
3
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from numba import njit
from wordbot.dictionaries.gaddag_walk import popcount

MASK_BITS = 0x3FFFFFF  # bits 0..25
ACCEPT_SHIFT = 26
FIRST_SHIFT = 32
TILE_Q = 16  # ord("Q") - ord("A")
#: the cache file's name (changed whenever the layout changes, so an old file is not read)
FORWARD_NAME = "forward-trie2"
#: the cache file of the same automaton over plain letters (Q is Q)
LETTERS_NAME = "letters-trie1"


def tiles_of(word: str) -> str | None:
    """The tile string that spells ``word`` (each QU one Q tile), or None when a Q of it
    has no U after it.

    >>> tiles_of("QUIQUE"), tiles_of("QAT")
    ('QIQE', None)
    """
    marked = word.replace("QU", "\x00")
    if "Q" in marked:
        return None
    return marked.replace("\x00", "Q")


@dataclass(frozen=True)
class Forward:
    """A compiled forward tile automaton (see the module docstring)."""

    records: np.ndarray
    qu: bool = True  # the tile Q stands for QU (else symbols are plain letters)

    @property
    def nodes(self) -> int:
        return int(self.records.size)

    @functools.cached_property
    def below(self) -> np.ndarray:
        """Per node, what lies under it: int64 ``letters | deepest << 32``, where
        ``letters`` has the bit of every symbol on an arc below the node and
        ``deepest`` is the depth of its deepest word (a search that still needs some
        letters, or a longer word, skips a node without them)."""
        return _below(self.records)

    @property
    def words(self) -> int:
        return int(((self.records >> ACCEPT_SHIFT) & 1).sum())

    def node_of(self, tiles: str) -> int:
        """The node the tile string leads to, or -1."""
        node = 0
        for ch in tiles:
            t = ord(ch) - 65
            rec = int(self.records[node])
            if not 0 <= t < 26 or not (rec >> t) & 1:
                return -1
            node = (rec >> FIRST_SHIFT) + bin(rec & ((1 << t) - 1)).count("1")
        return node

    def contains(self, word: str) -> bool:
        tiles = tiles_of(word) if self.qu else word
        node = -1 if tiles is None else self.node_of(tiles)
        return node >= 0 and bool((int(self.records[node]) >> ACCEPT_SHIFT) & 1)


@njit(cache=True)
def accepts(records, symbols, n):
    """Whether the first ``n`` symbols of ``symbols`` spell a word of the automaton
    ``records`` (compiled :meth:`Forward.contains` on symbols)."""
    node = 0
    for i in range(n):
        c = symbols[i]
        rec = records[node]
        if not (rec >> c) & 1:
            return False
        node = (rec >> FIRST_SHIFT) + popcount(rec & ((np.int64(1) << c) - 1))
    return (records[node] >> ACCEPT_SHIFT) & 1 == 1


@njit(cache=True)
def _below(records):
    n = records.shape[0]
    depth = np.zeros(n, np.int64)
    for v in range(n):  # breadth first: a parent comes before its children
        rec = records[v]
        mask = rec & MASK_BITS
        first = rec >> FIRST_SHIFT
        for i in range(popcount(mask)):
            depth[first + i] = depth[v] + 1
    out = np.zeros(n, np.int64)
    for v in range(n - 1, -1, -1):  # children first
        rec = records[v]
        letters = rec & MASK_BITS
        deepest = depth[v] if (rec >> ACCEPT_SHIFT) & 1 else 0
        mask = rec & MASK_BITS
        child = rec >> FIRST_SHIFT
        while mask:
            mask &= mask - 1
            letters |= out[child] & MASK_BITS
            deepest = max(deepest, out[child] >> 32)
            child += 1
        out[v] = letters | (deepest << 32)
    return out


def build_forward(words: Iterable[str], qu: bool = True) -> Forward:
    """The automaton of ``words`` (uppercase A-Z), level by level; with ``qu`` False
    over plain letters."""
    tile_words = sorted({t for t in (tiles_of(w) if qu else w for w in words) if t})
    longest = max((len(t) for t in tile_words), default=0)
    accepting = set(tile_words)
    levels: list[list[str]] = [[""]]
    for depth in range(1, longest + 1):
        levels.append(sorted({t[:depth] for t in tile_words if len(t) >= depth}))
    offsets = np.cumsum([0] + [len(level) for level in levels])
    records = np.zeros(int(offsets[-1]), dtype=np.int64)
    for depth, level in enumerate(levels):
        children = levels[depth + 1] if depth < longest else []
        base = int(offsets[depth])
        k = 0  # the next child of this level's nodes, in order
        for i, prefix in enumerate(level):
            rec = (1 << ACCEPT_SHIFT) if prefix in accepting else 0
            first = k
            while k < len(children) and children[k][:-1] == prefix:
                rec |= 1 << (ord(children[k][-1]) - 65)
                k += 1
            if k > first:
                rec |= (int(offsets[depth + 1]) + first) << FIRST_SHIFT
            records[base + i] = rec
    records.setflags(write=False)  # one numba specialisation, as the cached (mapped) one
    return Forward(records, qu)

"""The forward automaton of a word list over letter *tiles*, for games that spell words
along paths of tiles (RouteWords' routes and bonus rounds).

It is the minimal DAWG of the words read left to right whose symbols are tiles 0..25
(A..Z), where the tile ``Q`` stands for the two letters QU, as a Boggle Qu cube does. A
word is kept when it can be spelled that way: every Q of it followed by a U (``QUIT`` is
the tiles Q, I, T; ``QAT`` cannot be spelled and is left out). A tile sequence spells one
word only, so a path's tiles name its word.

The automaton is one flat int64 array, ``records``, of *arc records* (after
:mod:`wordbot.dictionaries.gaddag`): a node's outgoing arcs are consecutive, in tile
order, and each arc's record describes the node it leads to:

* bits 0..25: which tiles lead on from that node (bit ``t`` = tile ``t``),
* bit 26: the tiles up to that node spell a word,
* bits 32..62: the index of that node's first arc.

Record 0 describes the start node. From the record that reached a node, the arc for
tile ``t`` is ``first + popcount(mask & ((1 << t) - 1))``: one load a step. Minimal means
small: a search over a 5 x 5 grid spends its time waiting on memory, and the DAWG of the
default list fits in a few hundred kilobytes where a trie needs several megabytes.

>>> fwd = build_forward(["QUIT", "QAT", "IT", "ITS"])
>>> fwd.contains("QUIT"), fwd.contains("QAT"), fwd.contains("ITS"), fwd.contains("I")
(True, False, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

MASK_BITS = 0x3FFFFFF  # bits 0..25
ACCEPT_SHIFT = 26
FIRST_SHIFT = 32
TILE_Q = 16  # ord("Q") - ord("A")
#: the cache file's name (changed whenever the layout changes, so an old file is not read)
FORWARD_NAME = "forward-dawg1"


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

    @property
    def arcs(self) -> int:
        return int(self.records.size) - 1

    def node_of(self, tiles: str) -> int:
        """The record of the node the tile string leads to, or -1."""
        node = 0
        for ch in tiles:
            t = ord(ch) - 65
            rec = int(self.records[node])
            if not 0 <= t < 26 or not (rec >> t) & 1:
                return -1
            node = (rec >> FIRST_SHIFT) + bin(rec & ((1 << t) - 1)).count("1")
        return node

    def contains(self, word: str) -> bool:
        tiles = tiles_of(word)
        node = -1 if tiles is None else self.node_of(tiles)
        return node >= 0 and bool((int(self.records[node]) >> ACCEPT_SHIFT) & 1)


class _Node:
    __slots__ = ("final", "edges", "key")

    def __init__(self):
        self.final = False
        self.edges: dict[str, _Node] = {}
        self.key = None


def _minimal_dawg(words: list[str]) -> _Node:
    """The minimal DAWG of sorted distinct ``words`` (Daciuk et al. 2000: each word added
    after the previous one, the part of the previous one it does not share replaced by
    equivalent registered nodes, bottom up)."""
    root = _Node()
    register: dict = {}
    unchecked: list[tuple[_Node, str, _Node]] = []

    def minimize(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, letter, child = unchecked.pop()
            key = (child.final, tuple((c, id(n)) for c, n in sorted(child.edges.items())))
            same = register.get(key)
            if same is not None:
                parent.edges[letter] = same
            else:
                register[key] = child
                child.key = key  # keeps the ids in the keys alive and unique

    previous = ""
    for word in words:
        common = 0
        while common < min(len(word), len(previous)) and word[common] == previous[common]:
            common += 1
        minimize(common)
        node = unchecked[-1][2] if unchecked else root
        for letter in word[common:]:
            child = _Node()
            node.edges[letter] = child
            unchecked.append((node, letter, child))
            node = child
        node.final = True
        previous = word
    minimize(0)
    return root


def build_forward(words: Iterable[str]) -> Forward:
    """The automaton of ``words`` (uppercase A-Z), nodes laid out breadth first."""
    root = _minimal_dawg(sorted({t for t in (tiles_of(w) for w in words) if t}))
    first: dict[int, int] = {}
    order = [root]
    arcs = 1  # record 0 describes the root
    for node in order:  # breadth first: each node's arcs get the next block
        first[id(node)] = arcs
        arcs += len(node.edges)
        for _, child in sorted(node.edges.items()):
            if id(child) not in first:
                first[id(child)] = -1  # seen
                order.append(child)

    def record(node: _Node) -> int:
        rec = (1 << ACCEPT_SHIFT) if node.final else 0
        for letter in node.edges:
            rec |= 1 << (ord(letter) - 65)
        return rec | (first[id(node)] << FIRST_SHIFT) if node.edges else rec

    records = np.zeros(arcs, dtype=np.int64)
    records[0] = record(root)
    for node in order:
        base = first[id(node)]
        for k, (_, child) in enumerate(sorted(node.edges.items())):
            records[base + k] = record(child)
    records.setflags(write=False)  # one numba specialisation, as the cached (mapped) one
    return Forward(records)

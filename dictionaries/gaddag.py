"""The minimal GADDAG (Gordon 1994) as flat numpy arrays, built by numba code.

A GADDAG holds, for every word w = x1..xn and every split point i, the string
``rev(x1..xi) <> x(i+1)..xn`` (no separator when i = n). A move generator starts at an
anchor square, reads letters leftwards (the reversed prefix), crosses the separator
``<>`` and reads the rest rightwards.

Symbols: 0 is the separator, 1..26 are the letters A..Z. The automaton is stored as
one flat int64 array, ``records``, with one *arc record* per arc (edge); a node's arcs are
consecutive and sorted by symbol. Each record holds

* bits 0..26: the arc bitmask of the node the arc leads to (bit 0 = separator),
* bit 27: the arc completes a word (the terminal flag),
* bit 28: the arc is the last one of its source node,
* bits 29..33: the arc's symbol (the edge letter),
* bits 34..62: the index of the first arc of the node it leads to,

so "node -> first edge", "edge letter", "edge target" and the terminal flags all live in
the records, and the record of the arc that reached a node is all a walk needs to go on:
the arc for symbol ``s`` out of that node is
``records[first + popcount(arcs & ((1 << s) - 1))]``, one load per step (separate node and
edge arrays cost several cache misses per step). ``root`` is a record describing the
start node (no symbol, not accepting). A node is identified by its first arc index; the
one node without arcs (the sink) has none.

Construction (in :mod:`wordbot.dictionaries.gaddag_build`; Daciuk et al. 2000, incremental minimisation of sorted input, twice over
one shared register of nodes):

1. the minimal DAWG of the sorted words, with accept flags on arcs, and
2. the left part: every distinct reversed prefix ``rev(q)`` in sorted order, whose node
   gets a separator arc straight to the DAWG state reached by ``q``.

Sharing the register makes the whole automaton minimal; nothing proportional to the
unminimised GADDAG (tens of millions of nodes) is ever held in memory.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from wordbot.dictionaries.gaddag_walk import ACCEPT_SHIFT, ARCS, FIRST_SHIFT, LAST_SHIFT

ARRAY_NAMES = ("records",)
MAX_EDGES = 1 << 29  # the first-arc field has 29 bits


@dataclass(frozen=True)
class Gaddag:
    """The compiled GADDAG of a word list: the arc records and the root's record.

    >>> from wordbot.dictionaries.gaddag import build_gaddag
    >>> g = build_gaddag(["CAT", "CATS", "AT"])
    >>> g.contains("CATS"), g.contains("CA"), g.contains("TA")
    (True, False, False)
    """

    records: np.ndarray  # int64[edges]: one arc record per edge
    root: int

    @property
    def nodes(self) -> int:
        """Number of nodes: one per last-arc flag, plus the sink."""
        return int(np.count_nonzero((self.records >> LAST_SHIFT) & 1)) + 1

    @property
    def edges(self) -> int:
        return int(self.records.shape[0])

    @property
    def nbytes(self) -> int:
        return int(sum(getattr(self, name).nbytes for name in ARRAY_NAMES))

    def readonly(self) -> Gaddag:
        """The same GADDAG with read-only arrays, as a memory-mapped cache entry has them.

        numba compiles one specialisation per array mutability; keeping every GADDAG
        read-only means the kernels compile (and cache) exactly once.
        """
        arrays = {}
        for name, array in self.arrays().items():
            view = array.view()
            view.setflags(write=False)
            arrays[name] = view
        return Gaddag(root=self.root, **arrays)

    def arrays(self) -> dict[str, np.ndarray]:
        return {name: getattr(self, name) for name in ARRAY_NAMES}

    def contains(self, word: str) -> bool:
        """True when ``word`` (uppercase A-Z) is in the list, read as the path rev(word)."""
        codes = encode(word)
        if codes is None or len(codes) == 0:
            return False
        return self._accepts_path(codes[::-1].tolist())

    def accepting_splits(self, words) -> np.ndarray:
        """How many split points of each word reach an accepting arc (numba)."""
        from wordbot.dictionaries.gaddag_walk import accepting_splits

        flat, offsets = pack_words(words)
        return accepting_splits(self.records, np.int64(self.root), flat, offsets)

    def child(self, rec: int, symbol: int) -> int:
        """The record of the arc for ``symbol`` (0 = separator) out of the node reached
        by ``rec`` (``root`` for the start node), or -1."""
        arcs = rec & ARCS
        if not (arcs >> symbol) & 1:
            return -1
        below = arcs & ((1 << symbol) - 1)
        return int(self.records[(rec >> FIRST_SHIFT) + below.bit_count()])

    def arcs_out(self, rec: int) -> list[int]:
        """The records of every arc out of the node reached by ``rec``, by symbol."""
        first = rec >> FIRST_SHIFT
        return [int(r) for r in self.records[first : first + (rec & ARCS).bit_count()]]

    def _accepts_path(self, path: list[int]) -> bool:
        rec = self.root
        for symbol in path:
            rec = self.child(rec, symbol)
            if rec < 0:
                return False
        return bool((rec >> ACCEPT_SHIFT) & 1)


def pack_words(words) -> tuple[np.ndarray, np.ndarray]:
    """Words as one flat array of letter codes and an offsets array (numba's input form).

    >>> flat, offsets = pack_words(["AB", "C"])
    >>> flat.tolist(), offsets.tolist()
    ([1, 2, 3], [0, 2, 3])
    """
    words = list(words)
    blob = "".join(words).encode("ascii")
    flat = (np.frombuffer(blob, dtype=np.uint8) - 64).astype(np.uint8)
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    offsets = np.zeros(len(words) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return flat, offsets


def encode(word: str) -> np.ndarray | None:
    """Letter codes 1..26 of an uppercase word, or None if it has other characters."""
    raw = np.frombuffer(word.encode("ascii", "replace"), dtype=np.uint8)
    if raw.size and (raw.min() < 65 or raw.max() > 90):
        return None
    return (raw - 64).astype(np.uint8)


def build_gaddag(words, progress=None) -> Gaddag:
    """Build the minimal GADDAG of ``words`` (uppercase A-Z; sorted and deduplicated here).

    ``progress`` is called with short strings describing each stage.
    """
    ordered = sorted(set(words))
    if not ordered:
        raise ValueError("cannot build a GADDAG of no words")
    flat, offsets = pack_words(ordered)
    if progress:
        progress(f"building GADDAG of {len(ordered):,} words")
    from wordbot.dictionaries.gaddag_build import build, prefix_keys, settle_ties

    keys, owner = prefix_keys(flat, offsets)
    order = settle_ties(flat, offsets, keys, owner, np.argsort(keys, kind="stable"))
    edges, root, _ = build(flat, offsets, order, owner)
    if edges.shape[0] >= MAX_EDGES:
        raise ValueError(f"a GADDAG of {edges.shape[0]:,} arcs is too big for its records")
    return Gaddag(edges, int(root))

"""The minimal GADDAG (Gordon 1994) as flat numpy arrays, built by numba code.

A GADDAG holds, for every word w = x1..xn and every split point i, the string
``rev(x1..xi) <> x(i+1)..xn`` (no separator when i = n). A move generator starts at an
anchor square, reads letters leftwards (the reversed prefix), crosses the separator
``<>`` and reads the rest rightwards.

Symbols: 0 is the separator, 1..26 are the letters A..Z. Each node keeps

* ``node_arcs``: a bitmask of the symbols it has arcs for (bit 0 = separator),
* ``node_accepts``: a bitmask of the arcs that complete a word,
* ``node_edge``: the index of its first edge; edges are sorted by symbol, so the edge
  for symbol ``s`` is ``node_edge[n] + popcount(node_arcs[n] & ((1 << s) - 1))``,

and each edge its ``edge_symbol`` and ``edge_target``. ``root`` is the start node.

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

SEP = 0
ALPHABET = 27  # the separator and 26 letters
ARRAY_NAMES = ("node_edge", "node_arcs", "node_accepts", "edge_symbol", "edge_target")


@dataclass(frozen=True)
class Gaddag:
    """The compiled GADDAG of a word list: five flat arrays and the root node.

    >>> from wordbot.dictionaries.gaddag import build_gaddag
    >>> g = build_gaddag(["CAT", "CATS", "AT"])
    >>> g.contains("CATS"), g.contains("CA"), g.contains("TA")
    (True, False, False)
    """

    node_edge: np.ndarray  # int32[nodes]
    node_arcs: np.ndarray  # uint32[nodes]
    node_accepts: np.ndarray  # uint32[nodes]
    edge_symbol: np.ndarray  # uint8[edges]
    edge_target: np.ndarray  # int32[edges]
    root: int

    @property
    def nodes(self) -> int:
        return int(self.node_edge.shape[0])

    @property
    def edges(self) -> int:
        return int(self.edge_target.shape[0])

    @property
    def nbytes(self) -> int:
        return int(sum(getattr(self, name).nbytes for name in ARRAY_NAMES))

    def readonly(self) -> "Gaddag":
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

    def contains_split(self, word: str, split: int) -> bool:
        """True when the path ``rev(word[:split]) <> word[split:]`` ends on an accepting arc.

        Every word is reachable from every split point 1..len(word).
        """
        codes = encode(word)
        if codes is None or not 1 <= split <= len(codes):
            return False
        path = codes[:split][::-1].tolist()
        if split < len(codes):
            path += [SEP] + codes[split:].tolist()
        return self._accepts_path(path)

    def accepting_splits(self, words) -> np.ndarray:
        """How many split points of each word reach an accepting arc (numba)."""
        from wordbot.dictionaries.gaddag_walk import accepting_splits

        flat, offsets = pack_words(words)
        return accepting_splits(self.node_edge, self.node_arcs, self.node_accepts,
                                self.edge_target, self.root, flat, offsets)

    def child(self, node: int, symbol: int) -> int:
        """The node reached from ``node`` by ``symbol`` (0 = separator), or -1."""
        arcs = int(self.node_arcs[node])
        if not (arcs >> symbol) & 1:
            return -1
        below = arcs & ((1 << symbol) - 1)
        return int(self.edge_target[int(self.node_edge[node]) + below.bit_count()])

    def _accepts_path(self, path: list[int]) -> bool:
        node = self.root
        for symbol in path[:-1]:
            node = self.child(node, symbol)
            if node < 0:
                return False
        last = path[-1]
        return bool((int(self.node_arcs[node]) >> last) & 1 and
                    (int(self.node_accepts[node]) >> last) & 1)


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
    from wordbot.dictionaries.gaddag_build import build

    node_edge, node_arcs, node_accepts, edge_symbol, edge_target, root = build(flat, offsets)
    return Gaddag(node_edge, node_arcs, node_accepts, edge_symbol, edge_target, int(root))

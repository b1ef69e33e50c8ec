"""The subsequence automaton of a word list: which strings can still become a word by
inserting letters (First Draft's "completable" rows).

A string is *completable* when it is a subsequence (letters in order, gaps allowed) of
some word whose length is one of the given ``lengths``. The completable strings are
closed under taking subsequences, so under prefixes too: a deterministic automaton
read left to right stops (reaches -1) at the first letter after which no word can be
formed, and every string it reads to the end is completable. That makes it an oracle
for a whole string and a pruning test for a search that builds rows letter by letter.

Its states are sets of word *suffixes*: after reading ``x``, the rest of each word past
the leftmost embedding of ``x`` (the greedy embedding leaves the most room, so it is the
only one to keep). Reading a letter ``c`` moves every suffix past its first ``c``. Two
strings whose suffix sets are equal have the same futures, which merges states: for the
default list's 138,695 words of 3-9 letters there are 4.8 million completable strings but
about 200,000 states. States are numbered breadth first; ``delta[state, letter]`` is the
next state or -1; state 0 reads the empty string.

>>> sub = build_subsequences(["CAT", "DOG"], lengths=(3,))
>>> sub.completable("CT"), sub.completable("TC"), sub.completable(""), sub.completable("DOG")
(True, False, True, True)
>>> sub.completable("DOGS")
False
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

LETTERS = 26
DEAD = -1


def subsequence_name(lengths: Iterable[int]) -> str:
    """The cache file's name of the automaton for these word lengths.

    >>> subsequence_name([5, 3, 4])
    'subseq1-3-4-5'
    """
    return "subseq1-" + "-".join(str(n) for n in sorted(set(lengths)))


@dataclass(frozen=True)
class Subsequences:
    """A compiled subsequence automaton (see the module docstring)."""

    delta: np.ndarray  # int32[states, 26]

    @property
    def states(self) -> int:
        return int(self.delta.shape[0])

    def state_of(self, letters: str) -> int:
        """The state after reading ``letters`` (uppercase A-Z), or -1 once no word of
        the lengths has them as a subsequence."""
        state = 0
        for ch in letters:
            t = ord(ch) - 65
            if not 0 <= t < LETTERS:
                return DEAD
            state = int(self.delta[state, t])
            if state < 0:
                return DEAD
        return state

    def completable(self, letters: str) -> bool:
        """Whether ``letters`` is a subsequence of some word of the lengths."""
        return self.state_of(letters) >= 0


def build_subsequences(
    words: Iterable[str], lengths: Iterable[int], progress=None
) -> Subsequences:
    """The automaton of the words (uppercase A-Z) whose length is in ``lengths``.

    ``progress(states)`` is called now and then while the states are found."""
    keep = set(lengths)
    start = frozenset(w for w in words if len(w) in keep and w.isascii() and w.isalpha())
    number = {start: 0}
    order = [start]
    rows: list[list[int]] = []
    for state in order:  # grows while it is read: breadth first
        moved: dict[str, set[str]] = {}
        for suffix in state:
            seen = set()
            for i, ch in enumerate(suffix):
                if ch not in seen:
                    seen.add(ch)
                    if i + 1 < len(suffix):
                        moved.setdefault(ch, set()).add(suffix[i + 1 :])
                    else:  # the word is used up: a live state with nothing after it
                        moved.setdefault(ch, set())
        row = [DEAD] * LETTERS
        for ch, rest in moved.items():
            target = frozenset(rest)
            if target not in number:
                number[target] = len(order)
                order.append(target)
                if progress is not None and len(order) % 50_000 == 0:
                    progress(len(order))
            row[ord(ch) - 65] = number[target]
        rows.append(row)
    delta = np.array(rows, dtype=np.int32).reshape(len(rows), LETTERS)
    delta.setflags(write=False)
    return Subsequences(delta)


__all__ = ["DEAD", "Subsequences", "build_subsequences", "subsequence_name"]

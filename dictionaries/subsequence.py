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
next state or -1; state 0 reads the empty string. The kernels of
:mod:`wordbot.dictionaries.subsequence_build` find them (the default list's in about 2 s;
the sets of strings in Python took 16 s to a minute).

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
    """The automaton of the words (uppercase A-Z) whose length is in ``lengths``
    (:mod:`wordbot.dictionaries.subsequence_build` finds its states).

    ``progress(states)`` is called with the number of states once they are found."""
    from wordbot.dictionaries.subsequence_build import states, suffix_moves

    keep = set(lengths)
    kept = sorted({w for w in words if len(w) in keep and w.isascii() and w.isalpha()})
    offsets = np.zeros(len(kept) + 1, np.int64)
    offsets[1:] = np.cumsum([len(w) for w in kept])
    text = "".join(kept).encode("ascii")
    codes = np.frombuffer(text, np.uint8).astype(np.int64) - 65
    # every distinct suffix numbered once, and the number of the one at each position
    number: dict[str, int] = {}
    first_suffix: list[int] = []
    suffix_at = np.empty(len(text) + 1, np.int64)
    suffix_at[-1] = -1
    for w, word in enumerate(kept):
        base = int(offsets[w])
        for k in range(len(word)):
            tail = word[k:]
            s = number.get(tail)
            if s is None:
                s = number[tail] = len(first_suffix)
                first_suffix.append(base + k)
            suffix_at[base + k] = s
    ptr, letter, target = suffix_moves(
        codes, offsets, np.array(first_suffix, np.int64), suffix_at
    )
    start = np.unique(suffix_at[offsets[:-1]]).astype(np.int32)
    delta = states(ptr, letter, target, start)
    delta.setflags(write=False)
    if progress is not None:
        progress(delta.shape[0])
    return Subsequences(delta)


__all__ = ["DEAD", "Subsequences", "build_subsequences", "subsequence_name"]

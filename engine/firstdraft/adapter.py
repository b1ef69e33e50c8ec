"""The bridge between First Draft's Python engine and its kernels
(:mod:`wordbot.movegen.firstdraft`): it packs rows and letters into arrays, runs the
kernels and reads their results back. Besides it only the compiled core
(:mod:`wordbot.engine.firstdraft.core`, whole positions as arrays) imports movegen.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.firstdraft.rules import Rules
>>> lex = Lexicon.from_words(["SOFT", "SOFTEN", "EX"])
>>> completable(lex, Rules(), "SFT"), completable(lex, Rules(), "EX")
(True, False)
>>> [(int(i), chr(65 + c)) for i, c in zip(*insertions(lex, Rules(), "SFT").nonzero())]
[(1, 'O'), (3, 'E'), (3, 'N')]
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

import numpy as np
from wordbot.engine.tiles import FULL_BAG, LETTERS
from wordbot.movegen.firstdraft import drafts, oracle, potential

#: how likely a missing letter is to come, by how common it is among the 98 tiles (the
#: weights of the row potentials the drafter player weighs, in Python and compiled)
WEIGHT = np.array(
    [min(0.85, 0.15 + 5 * FULL_BAG.count(c) / len(FULL_BAG)) for c in LETTERS]
)


def delta(lexicon, rules) -> np.ndarray:
    """The subsequence automaton's table for the word lengths that sell."""
    return lexicon.subsequences(rules.lengths).delta


def codes(letters: str) -> np.ndarray:
    """int64 letter codes 0..25."""
    return np.frombuffer(letters.encode("ascii"), np.uint8).astype(np.int64) - 65


def text(row) -> str:
    return bytes(int(c) + 65 for c in row).decode("ascii")


def completable(lexicon, rules, row: str) -> bool:
    """Whether ``row`` is a subsequence of some word of the lengths that sell."""
    return oracle.read(delta(lexicon, rules), codes(row), 0, len(row), 0) >= 0


def insertions(lexicon, rules, row: str) -> np.ndarray:
    """bool[len(row) + 1, 26]: the letters that can go at each index, the row staying
    completable."""
    return oracle.insertions(delta(lexicon, rules), codes(row), len(row))


class Fillings(NamedTuple):
    """The rows a row can become: ``rows`` (codes, ``lengths`` used) and ``used`` (how
    many of each available kind), grouped by what they use (group ``g``: rows
    ``starts[g]:starts[g + 1]``); row 0 is the row unchanged, alone in group 0."""

    rows: np.ndarray
    lengths: np.ndarray
    used: np.ndarray
    starts: np.ndarray

    def row(self, i: int) -> str:
        return text(self.rows[i, : self.lengths[i]])

    @property
    def sizes(self) -> np.ndarray:
        return np.diff(self.starts)


class DraftOptions(NamedTuple):
    """A coaster's drafts: the fillings of each row, and ``pairs`` rows (group of A,
    group of B, pool choices, letters discarded) that the letters allow: every row of
    the one group with every row of the other, each with every pool choice."""

    kinds: str  # the distinct available letters, sorted
    counts: np.ndarray
    a: Fillings
    b: Fillings
    pairs: np.ndarray


def draft_options(lexicon, rules, rows: tuple[str, str], letters: str) -> DraftOptions:
    """Every draft of the available ``letters`` (the coaster's and the pool's) into the
    two rows (:func:`wordbot.movegen.firstdraft.drafts.draft_options`)."""
    have = Counter(letters)
    kinds = "".join(sorted(have))
    counts = np.array([have[k] for k in kinds], np.int64)
    out = drafts.draft_options(
        delta(lexicon, rules),
        codes(rows[0]),
        codes(rows[1]),
        codes(kinds),
        counts,
        rules.row_limit,
        rules.pool_limit,
    )
    return DraftOptions(kinds, counts, Fillings(*out[:4]), Fillings(*out[4:8]), out[8])


def frozen(array: np.ndarray) -> np.ndarray:
    """A read-only view: one compiled specialisation, whether the array was built or
    memory-mapped from the cache, and the same one the compiled core is given."""
    view = np.ascontiguousarray(array).view()
    view.setflags(write=False)
    return view


def _rows_and_trie(lexicon, rows: list[str]):
    width = max([len(r) for r in rows] + [1])
    packed = np.zeros((len(rows), width), np.int64)
    for i, r in enumerate(rows):
        packed[i, : len(r)] = codes(r)
    return packed, np.array([len(r) for r in rows], np.int64), lexicon.letter_trie


def row_potentials(
    lexicon,
    rows: list[str],
    weight: np.ndarray,
    pay: np.ndarray,
    row_limit: int,
    max_missing: int,
) -> np.ndarray:
    """float64[len(rows), 2]: for each row the best ``pay[len(w)] * prod(weight of the
    letters w adds)`` over the words ``w`` holding it, and the same over words longer
    than the row (:func:`wordbot.movegen.firstdraft.potential.row_potential`)."""
    packed, lengths, trie = _rows_and_trie(lexicon, rows)
    return potential.row_potentials(
        trie.records,
        frozen(trie.below),
        packed,
        lengths,
        np.asarray(weight, np.float64),
        np.asarray(pay, np.float64),
        row_limit,
        max_missing,
    )


def best_fillings(
    lexicon, fill: Fillings, old: float, time: float, weight: np.ndarray, pay: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For each group of ``fill``: the first of its rows worth most, as the drafter
    weighs a row (its sale, or ``time`` times its growth potential, less ``old``), and
    that worth (:func:`wordbot.movegen.firstdraft.potential.best_fillings`)."""
    trie = lexicon.letter_trie
    return potential.best_fillings(
        trie.records,
        frozen(trie.below),
        fill.rows,
        fill.lengths,
        fill.starts,
        float(old),
        float(time),
        np.asarray(weight, np.float64),
        np.asarray(pay, np.float64),
        len(pay) - 1,
    )


def row_target(
    lexicon, row: str, weight: np.ndarray, pay: np.ndarray, row_limit: int, max_missing: int
) -> str | None:
    """The word longer than ``row`` that its growth potential counts (None: none).

    >>> from wordbot.dictionaries import Lexicon
    >>> pay = np.array([0, 0, 0, 1, 2, 3])
    >>> row_target(Lexicon.from_words(["SOFT", "SOFTEN"]), "SFT", np.full(26, 0.5), pay, 9, 9)
    'SOFT'
    """
    packed, lengths, trie = _rows_and_trie(lexicon, [row])
    target = np.empty(potential.DEPTH, np.int64)
    potential.row_potential(
        trie.records,
        frozen(trie.below),
        packed[0],
        len(row),
        np.asarray(weight, np.float64),
        np.asarray(pay, np.float64),
        row_limit,
        max_missing,
        target,
    )
    n = int(np.argmax(target < 0))
    return text(target[:n]) if n else None

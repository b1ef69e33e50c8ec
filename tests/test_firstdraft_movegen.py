"""The compiled First Draft generator against the slow reference written from docs/rules/firstdraft.md
alone (tests/reference/firstdraft.py): the same legal moves and the same positions after
them, on random positions of random games under varied rules; and the completability
oracle against the reference's brute force.

CI runs a small lexicon; ``pytest -m slow`` runs 5,000 positions with the default one
(``WORDBOT_SLOW_POSITIONS`` to change how many).
"""

from __future__ import annotations

import functools
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordbot.dictionaries.subsequence import build_subsequences
from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.rules import Rules

from tests.firstdraft_support import random_positions
from tests.lexicons import default_lexicon, small_lexicon
from tests.movelists import compare_with_reference, under_rules
from tests.reference import firstdraft as ref
from tests.sampling import fast_and_full

RULE_VARIANTS = (
    Rules(),
    Rules(pool_limit=2),
    Rules(row_limit=6),
    Rules(payout=((4, 2), (5, 4), (6, 6))),
    Rules(coasters=(1, 1, 2, 3, 5, 5), line=3, start_coins=1),
)


@functools.cache
def small_words() -> frozenset:
    """One word set for every example (the reference keeps its tables per set)."""
    return frozenset(small_lexicon().words)


class SameShuffle:
    """The reference's generator for one move: it shuffles the discard pile into the
    order our engine's generator chose (read off our position after the move), so that
    both sides lay out the same coaster and the positions compare exactly. It checks
    that the reference shuffles exactly those coasters."""

    def __init__(self, ours: dict):
        self.order = [c["value"] for c in ours["line"][-1:]] + ours["deck"]
        self.over = ours["phase"] == "over"

    def shuffle(self, items: list) -> None:
        order = self.order[1:] if self.over else self.order
        assert sorted(items) == sorted(order), (items, order)
        items[:] = order


def run(lexicon, n: int, seed: int) -> int:
    words = set(lexicon.words)

    def after(obj, move, ours):
        reshuffled = move.type == "draft" and not obj["deck"]
        return ref.apply(
            obj, move.to_json(), words, rng=SameShuffle(ours) if reshuffled else None
        )

    states = under_rules(random_positions, RULE_VARIANTS, lexicon, n, seed)
    compare_with_reference(states, ref, words, seed, after=after)
    return sum(1 for s in states if not s.is_over)


@fast_and_full("count", 10, 150)
def test_generator_equals_reference_small_lexicon(count):
    assert run(small_lexicon(), count, seed=11) > count * 2 // 3  # most are mid-game


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="AEIOURSTLNCDPQXZ", min_size=0, max_size=10))
def test_oracle_equals_reference(row):
    lex, words = small_lexicon(), small_words()
    for rules in (Rules(), Rules(payout=((5, 3), (6, 5)))):
        assert adapter.completable(lex, rules, row) == ref.completable(
            row, words, {"payout": rules.to_json()["payout"]}
        ), row


def test_insertions_equal_the_oracle_letter_by_letter():
    lex, rules = small_lexicon(), Rules()
    rng = random.Random(5)
    words = [w for w in lex.words if 3 <= len(w) <= 6]
    for _ in range(200):
        word = rng.choice(words)
        row = "".join(ch for ch in word if rng.random() < 0.6)
        fits = adapter.insertions(lex, rules, row)
        for i in range(len(row) + 1):
            for c in range(26):
                grown = row[:i] + chr(65 + c) + row[i:]
                assert fits[i, c] == adapter.completable(lex, rules, grown), (row, i, c)


CHUNKS = 10  # the slow run in parts, so that `-n` workers share it


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generator_equals_reference_default_lexicon(chunk):
    n = int(os.environ.get("WORDBOT_SLOW_POSITIONS", "5000")) // CHUNKS
    assert run(default_lexicon(), n, seed=3030 + chunk) > 0


def suffix_set_automaton(words, lengths):
    """The subsequence automaton as its definition builds it (the slow reference): a
    state is the set of word suffixes left after the leftmost embedding; each letter
    moves every suffix past its first occurrence of it."""
    start = frozenset(w for w in words if len(w) in set(lengths))
    number, order, rows = {start: 0}, [start], []
    for state in order:
        moved: dict[str, set[str]] = {}
        for suffix in state:
            for i, ch in enumerate(suffix):
                if suffix.index(ch) == i:
                    moved.setdefault(ch, set())
                    if suffix[i + 1 :]:
                        moved[ch].add(suffix[i + 1 :])
        row = [-1] * 26
        for ch, rest in moved.items():
            target = frozenset(rest)
            if target not in number:
                number[target] = len(order)
                order.append(target)
            row[ord(ch) - 65] = number[target]
        rows.append(row)
    return rows


def same_automaton(a, b) -> bool:
    """Whether two automata (rows of 26 next states, -1 dead) are the same up to the
    numbering of their states, both read from state 0."""
    seen, todo = {0: 0}, [0]
    while todo:
        x = todo.pop()
        for c in range(26):
            p, q = int(a[x][c]), int(b[seen[x]][c])
            if (p < 0) != (q < 0):
                return False
            if p >= 0 and p not in seen:
                seen[p] = q
                todo.append(p)
            elif p >= 0 and seen[p] != q:
                return False
    return len(seen) == len(set(seen.values())) == len(a) == len(b)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="ABCDE", min_size=1, max_size=7), max_size=40),
    st.sets(st.integers(1, 7), min_size=1, max_size=4),
)
def test_the_subsequence_automaton_is_the_suffix_set_construction(words, lengths):
    built = build_subsequences(words, lengths).delta
    assert same_automaton(built, suffix_set_automaton(words, lengths))

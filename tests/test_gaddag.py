"""The GADDAG holds exactly the strings Gordon's construction defines, minimally."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbot.dictionaries.gaddag import SEP, build_gaddag


def gaddag_strings(words):
    """The language of a GADDAG, written from Gordon's definition (not from the code)."""
    out = set()
    for w in words:
        for i in range(1, len(w) + 1):
            out.add(w[:i][::-1] + ("" if i == len(w) else "+" + w[i:]))
    return out


def automaton_strings(g):
    """Every string the automaton accepts, by depth-first walk of its arrays."""
    out = set()
    stack = [(g.root, "")]
    while stack:
        node, prefix = stack.pop()
        arcs, accepts = int(g.node_arcs[node]), int(g.node_accepts[node])
        for sym in range(27):
            if (arcs >> sym) & 1:
                text = prefix + ("+" if sym == SEP else chr(64 + sym))
                if (accepts >> sym) & 1:
                    out.add(text)
                stack.append((g.child(node, sym), text))
    return out


def signatures_unique(g) -> bool:
    """No two nodes with the same arcs, accept flags and targets (so none to merge)."""
    seen = set()
    for node in range(g.nodes):
        start = int(g.node_edge[node])
        n = int(g.node_arcs[node]).bit_count()
        sig = (int(g.node_arcs[node]), int(g.node_accepts[node]),
               tuple(g.edge_target[start:start + n].tolist()))
        if sig in seen:
            return False
        seen.add(sig)
    return True


words_strategy = st.lists(st.text(alphabet="ABCDE", min_size=1, max_size=7), min_size=1,
                          max_size=40)


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_language_is_exactly_gordons_strings(words):
    g = build_gaddag(words)
    assert automaton_strings(g) == gaddag_strings(set(words))


@settings(max_examples=80, deadline=None)
@given(words_strategy)
def test_no_two_nodes_are_equivalent(words):
    assert signatures_unique(build_gaddag(words))


def test_edges_sorted_by_symbol_and_masks_agree():
    g = build_gaddag(["CAT", "CATS", "SCAT", "ACT", "TACT", "AT", "TA"])
    for node in range(g.nodes):
        start = int(g.node_edge[node])
        n = int(g.node_arcs[node]).bit_count()
        syms = g.edge_symbol[start:start + n].tolist()
        assert syms == sorted(syms)
        assert sum(1 << s for s in syms) == int(g.node_arcs[node])
        assert int(g.node_accepts[node]) & ~int(g.node_arcs[node]) == 0


def test_default_list_every_word_from_every_split(default_lexicon):
    g = default_lexicon.gaddag
    words = default_lexicon.words
    counts = g.accepting_splits(words)
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    assert len(words) == 242_821
    assert np.array_equal(counts, lengths)


def test_default_list_rejects_non_words(default_lexicon):
    rng = random.Random(7)
    g = default_lexicon.gaddag
    non_words = set()
    while len(non_words) < 20_000:
        w = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(2, 9)))
        if w not in default_lexicon:
            non_words.add(w)
    # near misses too: real words with one letter changed or dropped
    for w in rng.sample(default_lexicon.words, 5_000):
        k = rng.randrange(len(w))
        for variant in (w[:k] + w[k + 1:], w[:k] + "Q" + w[k + 1:]):
            if variant and variant not in default_lexicon:
                non_words.add(variant)
    counts = g.accepting_splits(sorted(non_words))
    assert int(counts.max()) == 0


def test_default_list_size_and_memory(default_lexicon):
    g = default_lexicon.gaddag
    assert g.nbytes <= 20_000_000
    assert signatures_unique(g)


def test_empty_word_list_is_refused():
    with pytest.raises(ValueError):
        build_gaddag([])

"""The GADDAG holds exactly the strings Gordon's construction defines, minimally."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordbot.dictionaries.gaddag import build_gaddag
from wordbot.dictionaries.gaddag_walk import (
    ACCEPT_SHIFT,
    ARCS,
    FIRST_SHIFT,
    LAST_SHIFT,
    SEP,
    SYMBOL_SHIFT,
)


def gaddag_strings(words):
    """The language of a GADDAG, written from Gordon's definition (not from the code)."""
    out = set()
    for w in words:
        for i in range(1, len(w) + 1):
            out.add(w[:i][::-1] + ("" if i == len(w) else "+" + w[i:]))
    return out


def fields(rec):
    """An arc record's fields: (target arcs, accepts, last, symbol, target first arc)."""
    return (
        rec & ARCS,
        (rec >> ACCEPT_SHIFT) & 1,
        (rec >> LAST_SHIFT) & 1,
        (rec >> SYMBOL_SHIFT) & 31,
        rec >> FIRST_SHIFT,
    )


def automaton_strings(g):
    """Every string the automaton accepts, by depth-first walk of its arc records."""
    out = set()
    stack = [(g.root, "")]
    while stack:
        rec, prefix = stack.pop()
        arcs = rec & ARCS
        for sym in range(27):
            if (arcs >> sym) & 1:
                text = prefix + ("+" if sym == SEP else chr(64 + sym))
                nxt = g.child(rec, sym)
                if fields(nxt)[1]:
                    out.add(text)
                stack.append((nxt, text))
    return out


def node_lists(g):
    """Every node's arc records, by first arc index (a node is its first arc index), as
    found by walking from the root; the sink has none."""
    lists = {}
    stack = [g.root]
    while stack:
        rec = stack.pop()
        first = rec >> FIRST_SHIFT
        if rec & ARCS == 0 or first in lists:
            continue
        lists[first] = g.arcs_out(rec)
        stack.extend(lists[first])
    return lists


def signatures_unique(g) -> bool:
    """No two nodes with the same arcs, accept flags and targets (so none to merge)."""
    seen = set()
    for recs in node_lists(g).values():
        sig = tuple(
            (fields(r)[3], fields(r)[1], fields(r)[4] if fields(r)[0] else -1) for r in recs
        )
        if sig in seen:
            return False
        seen.add(sig)
    return True


words_strategy = st.lists(
    st.text(alphabet="ABCDE", min_size=1, max_size=7), min_size=1, max_size=40
)


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_language_is_exactly_gordons_strings(words):
    g = build_gaddag(words)
    assert automaton_strings(g) == gaddag_strings(set(words))


@settings(max_examples=80, deadline=None)
@given(words_strategy)
def test_no_two_nodes_are_equivalent(words):
    assert signatures_unique(build_gaddag(words))


def test_records_sorted_by_symbol_and_masks_agree():
    g = build_gaddag(["CAT", "CATS", "SCAT", "ACT", "TACT", "AT", "TA"])
    lists = node_lists(g)
    assert len(lists) + 1 == g.nodes  # every node but the sink is reachable and has arcs
    assert sum(len(recs) for recs in lists.values()) == g.edges
    targets = {g.root} | {r for recs in lists.values() for r in recs}
    for rec in targets:  # the arcs a record announces are the target's list
        arcs, _, _, _, first = fields(rec)
        if arcs:
            syms = [fields(r)[3] for r in lists[first]]
            assert syms == sorted(syms)
            assert sum(1 << s for s in syms) == arcs
            assert [fields(r)[2] for r in lists[first]] == [0] * (len(syms) - 1) + [1]
    assert fields(g.root)[1] == 0  # the root is not reached by an accepting arc


def test_arc_record_fields():
    g = build_gaddag(["AT"])
    # rev("AT") = T A: root -T-> x -A-> (accepting); and rev("A") <> "T"
    t = g.child(g.root, 20)
    a = g.child(t, 1)
    assert fields(t)[3] == 20 and fields(t)[1] == 0
    assert fields(a)[3] == 1 and fields(a)[1] == 1 and fields(a)[0] == 0
    sep = g.child(g.child(g.root, 1), SEP)
    assert fields(sep)[3] == SEP and fields(g.child(sep, 20))[1] == 1
    assert g.child(g.root, 2) == -1


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
        w = "".join(
            rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(2, 9))
        )
        if w not in default_lexicon:
            non_words.add(w)
    # near misses too: real words with one letter changed or dropped
    for w in rng.sample(default_lexicon.words, 5_000):
        k = rng.randrange(len(w))
        for variant in (w[:k] + w[k + 1 :], w[:k] + "Q" + w[k + 1 :]):
            if variant and variant not in default_lexicon:
                non_words.add(variant)
    counts = g.accepting_splits(sorted(non_words))
    assert int(counts.max()) == 0


def test_default_list_size_and_memory(default_lexicon):
    g = default_lexicon.gaddag
    assert g.nbytes <= 20_000_000
    assert (g.nodes, g.edges) == (606_388, 1_215_638)  # the node-array build's counts


@pytest.mark.slow  # 600,000 nodes compared in Python; the property tests check small lists
def test_default_list_is_minimal(default_lexicon):
    assert signatures_unique(default_lexicon.gaddag)


def test_empty_word_list_is_refused():
    with pytest.raises(ValueError):
        build_gaddag([])

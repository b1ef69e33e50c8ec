"""Lexicon benchmarks: GADDAG build, cache load, lookups, and `lexicon info` cold start."""

from __future__ import annotations

import random
import subprocess
import sys

from wordbot.dictionaries import Lexicon
from wordbot.dictionaries.gaddag import build_gaddag


def test_gaddag_build_default(benchmark, default_lexicon):
    """Building the GADDAG of every word of the default lexicon (the bundled SCOWL size
    80 list), 3 rounds; ``extra_info`` has its nodes, edges and bytes."""
    words = default_lexicon.words
    build_gaddag(words[:100])  # kernels loaded before timing
    g = benchmark.pedantic(build_gaddag, args=(words,), rounds=3, iterations=1)
    benchmark.extra_info.update(nodes=g.nodes, edges=g.edges, bytes=g.nbytes)


def test_cache_load_default(benchmark, default_lexicon):
    """``Lexicon.load()`` of the default lexicon from its cache entry, in this process."""
    lex = benchmark(Lexicon.load)
    assert lex.from_cache


def test_membership_lookups(benchmark, default_lexicon):
    """10,000 ``word in lexicon`` checks on the default lexicon: 5,000 of its words and
    5,000 random six-letter strings."""
    rng = random.Random(1)
    probes = rng.sample(default_lexicon.words, 5000) + [
        "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(6))
        for _ in range(5000)
    ]

    def lookups():
        return sum(1 for w in probes if w in default_lexicon)

    found = benchmark(lookups)
    assert found >= 5000
    benchmark.extra_info["lookups_per_call"] = len(probes)


def test_gaddag_membership_all_splits(benchmark, default_lexicon):
    """Every split point of every 20th word of the default lexicon walked in its GADDAG
    (``accepting_splits``), in one kernel call; ``extra_info`` has the number of words."""
    words = default_lexicon.words[::20]
    counts = benchmark(default_lexicon.gaddag.accepting_splits, words)
    assert int(counts.min()) >= 2
    benchmark.extra_info["words_per_call"] = len(words)


def test_lexicon_info_new_process(benchmark, default_lexicon):
    """``wordbot lexicon info --json`` in a new process, start to exit, the lexicon's
    cache warm."""

    def run():
        out = subprocess.run(
            [sys.executable, "-m", "wordbot", "lexicon", "info", "--json"],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0 and '"from_cache": true' in out.stdout

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)

"""The fast word-play generator against the slow reference, the rules, and two engines."""

from __future__ import annotations

import random

import pytest

from tests import conformance, controlword_movegen_support
from tests.controlword_movegen_support import BoardGenerator, dense_positions
from tests.controlword_positions import random_position
from tests.controlword_rules import run_through
from tests.reference import controlword as reference
from tests.sampling import fast_and_full

# the small lexicon and its generator, module-scoped fixtures pytest finds here by name
lexicon, gen = controlword_movegen_support.lexicon, controlword_movegen_support.gen


def points_by_rules(board, play, bonus=4):
    """docs/rules/controlword.md scoring of a word play, computed from the board after it."""
    letters = {sq: t[0] for sq, t in board.items()}
    letters.update({(r, c): letter for r, c, letter in play})
    squares = [(r, c) for r, c, _ in play]
    words = set()
    for direction in ((0, 1), (1, 0)):
        for sq in squares:
            run = run_through(letters, sq, direction)
            if len(run) >= 2:
                # identify the run by its first square so a word is counted once
                r, c = sq
                while (r - direction[0], c - direction[1]) in letters:
                    r, c = r - direction[0], c - direction[1]
                words.add(((r, c), direction, run))
    total = 0
    for _, _, word in words:
        n = len(word)
        if n >= 4:
            x = n - 3
            total += (x * x - x + 2) // 2 + bonus * sum(word.count(ch) for ch in "JQXZ")
    return total


def check_position(gen, lexicon, board, rack, bounds=None):
    fast = gen.word_plays(board, rack, bounds=bounds)
    sets = fast.as_sets()
    assert len(sets) == len(set(sets)), "a play was listed twice"
    expected = reference.word_plays(board, rack, lexicon, bounds=bounds)
    missing = expected - set(sets)
    extra = set(sets) - expected
    assert not missing and not extra, (
        board,
        rack,
        bounds,
        sorted(map(sorted, missing))[:3],
        sorted(map(sorted, extra))[:3],
    )
    for i, play in enumerate(sets):
        assert fast.points[i] == points_by_rules(board, play), (board, sorted(play))
    return len(sets)


def bounds_around(board, rng):
    rows = [r for r, _ in board]
    cols = [c for _, c in board]
    return (
        min(rows) - rng.randint(0, 2),
        max(rows) + rng.randint(0, 2),
        min(cols) - rng.randint(0, 2),
        max(cols) + rng.randint(0, 2),
    )


@fast_and_full("count", 100, 1000)
def test_thousand_random_positions_match_the_reference(gen, lexicon, count):
    rng = random.Random(20261122)
    total = 0
    for k in range(count):
        pos = random_position(rng, lexicon, n_words=(1, 8), rack_size=(1, 9))
        bounds = bounds_around(pos.board, rng) if k % 4 == 0 else None
        total += check_position(gen, lexicon, pos.board, pos.rack, bounds)
    assert total > 10 * count  # the positions are not trivially empty


def test_dense_tiny_lexicon_positions(gen):
    # a dense synthetic lexicon makes long parallel plays and many cross words
    for lex, g, pos in dense_positions(6, 25, n_words=(2, 10), rack_size=(1, 9)):
        check_position(g, lex, pos.board, pos.rack)


def test_extensions_both_ends_and_through_several_tiles():
    from wordbot.dictionaries import Lexicon

    lex = Lexicon.from_words(
        ["AR", "PARTS", "PARTY", "ARTS", "ART", "PART", "TARP", "STAR"]
    )
    g = BoardGenerator(lex)
    board = {(0, 1): ("A", "blue"), (0, 2): ("R", "blue"), (0, 4): ("S", "red")}
    plays = set(g.word_plays(board, "PTE").as_sets())
    assert plays == reference.word_plays(board, "PTE", lex)
    # PARTS (a tile before AR and one in the gap before S) and ARTS (the gap only); the
    # lexicon has no two-letter word a single tile could make above or below.
    assert plays == {frozenset({(0, 0, "P"), (0, 3, "T")}), frozenset({(0, 3, "T")})}


def test_one_tile_play_listed_once():
    from wordbot.dictionaries import Lexicon

    g = BoardGenerator(Lexicon.from_words(["AT", "TO"]))
    # T at (0, 1) makes AT across and TO down; T at (1, 0) makes AT down and TO across:
    # two plays, each found from both directions but listed once
    board = {(0, 0): ("A", "blue"), (1, 1): ("O", "blue")}
    sets = g.word_plays(board, "T").as_sets()
    assert sorted(sets, key=sorted) == [frozenset({(0, 1, "T")}), frozenset({(1, 0, "T")})]


def test_empty_rack_and_empty_board(gen):
    assert len(gen.word_plays({(0, 0): ("A", "blue"), (0, 1): ("T", "blue")}, "")) == 0
    assert len(gen.word_plays({}, "CAT")) == 0


@pytest.mark.slow
def test_many_more_random_positions(gen, lexicon):
    rng = random.Random(7)
    for k in range(20_000):
        pos = random_position(rng, lexicon, n_words=(1, 12), rack_size=(1, 9))
        check_position(
            gen,
            lexicon,
            pos.board,
            pos.rack,
            bounds_around(pos.board, rng) if k % 3 == 0 else None,
        )


def test_conformance_counts_from_two_engines(default_lexicon):
    # tests/data keeps the positions; where ../shared is beside the checkout (CI), its
    # copy must not have moved on
    if conformance.POSITIONS.exists():
        assert conformance.POSITIONS.read_bytes() == conformance.BUNDLED.read_bytes()
    g = BoardGenerator(default_lexicon)
    cases = conformance.cases()
    assert len(cases) == 48
    for case in cases:
        plays = g.word_plays(case.tiles, case.rack)
        assert len(plays) == case.word_plays, case.id
        assert len(set(plays.as_sets())) == len(plays)

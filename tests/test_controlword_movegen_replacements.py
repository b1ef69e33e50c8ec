"""The fast replacement generator against the slow reference and hand-worked cases."""

from __future__ import annotations

import random

import pytest
from wordbot.dictionaries import Lexicon

from tests import controlword_movegen_support
from tests.controlword_movegen_support import BoardGenerator, dense_positions
from tests.controlword_positions import random_position
from tests.reference import controlword as reference
from tests.sampling import fast_and_full

# the small lexicon and its generator, module-scoped fixtures pytest finds here by name
lexicon, gen = controlword_movegen_support.lexicon, controlword_movegen_support.gen


def check(gen, lexicon, board, rack, colour, limit):
    fast = gen.replacement_plays(board, rack, colour, limit)
    sets = fast.as_sets()
    assert len(sets) == len(set(sets)), "a play was listed twice"
    expected = reference.replacement_plays(board, rack, colour, limit, lexicon)
    assert set(sets) == expected, (
        board,
        rack,
        colour,
        limit,
        sorted(map(sorted, expected - set(sets)))[:3],
        sorted(map(sorted, set(sets) - expected))[:3],
    )
    for i, play in enumerate(sets):
        changed = sum(1 for r, c, letter in play if board[(r, c)][0] != letter)
        assert fast.moves[i, 2] == changed
    # the factored list counted exactly the rows it wrote
    assert fast.moves.shape[0] == len(fast)
    assert fast.tiles.shape[0] == int(fast.moves[:, 1].sum())
    return len(sets)


@fast_and_full("count", 100, 1000)
def test_thousand_random_positions_match_the_reference(gen, lexicon, count):
    rng = random.Random(1122)
    total = 0
    sizes = set()
    for _ in range(count):
        pos = random_position(rng, lexicon, n_words=(1, 8), rack_size=(1, 9), limit=(1, 5))
        total += check(gen, lexicon, pos.board, pos.rack, pos.colour, pos.limit)
        sizes.update(
            len(p)
            for p in gen.replacement_plays(
                pos.board, pos.rack, pos.colour, pos.limit
            ).as_sets()
        )
    assert total > 50 * count, total
    assert sizes >= {1, 2, 3, 4, 5}  # sets of every size up to L = 5 were compared


def test_a_search_that_outgrows_its_arrays_goes_on_where_it_stopped(lexicon):
    # the search starts with room for 16 sets of letter changes, then doubles it,
    # going on where it stopped; the result must not depend on where that happened
    import numpy as np
    from wordbot.engine.controlword import adapter
    from wordbot.movegen.controlword import replacements

    records, root = lexicon.gaddag.records, int(lexicon.gaddag.root)
    rng = random.Random(77)
    grown = 0
    for _ in range(60):
        pos = random_position(rng, lexicon, n_words=(4, 8), rack_size=(5, 9), limit=(3, 5))
        grid = adapter.pack(pos.board, 0)
        own, blue = adapter.rack_arrays(pos.rack)
        args = (
            grid.letters,
            grid.colours,
            adapter.colour_index(pos.colour),
            own + blue,
            pos.limit,
            records,
            root,
            replacements.new_pools(4096),
        )
        small = replacements.generate(*args, 16)
        roomy = replacements.generate(*args, 1 << 16)
        assert small[0] == roomy[0] == 0 and small[3] == roomy[3]
        for a, b in zip(small[2], roomy[2]):
            assert np.array_equal(a, b)
        grown += len(small[2][0]) > 16
    assert grown >= 10  # enough searches really stopped and went on


def test_dense_tiny_lexicons():
    shape = {"n_words": (2, 8), "rack_size": (1, 6), "limit": (1, 4)}
    for lex, g, pos in dense_positions(5, 30, **shape):
        check(g, lex, pos.board, pos.rack, pos.colour, pos.limit)


def word_board(word, row=0, col=0, colour="blue", down=False):
    return {
        ((row + k, col) if down else (row, col + k)): (ch, colour)
        for k, ch in enumerate(word)
    }


def test_repast_to_repent_needs_both_changes():
    lex = Lexicon.from_words(["REPAST", "REPENT"])
    g = BoardGenerator(lex)
    board = word_board("REPAST")
    plays = set(g.replacement_plays(board, "EN", "red", 2).as_sets())
    # REPEST and REPANT are not words: the two changes are legal only together
    assert frozenset({(0, 3, "E"), (0, 4, "N")}) in plays
    assert frozenset({(0, 3, "E")}) not in plays
    assert frozenset({(0, 1, "E")}) in plays  # same letter, own colour
    assert plays == reference.replacement_plays(board, "EN", "red", 2, lex)
    assert frozenset({(0, 3, "E"), (0, 4, "N")}) not in set(
        g.replacement_plays(board, "EN", "red", 1).as_sets()
    )  # L = 1 is too few


def test_crossing_square_checks_both_words():
    lex = Lexicon.from_words(["PLAYING", "PRAYING", "LO", "RO"])
    g = BoardGenerator(lex)
    board = word_board("PLAYING")
    board[(1, 1)] = ("O", "green")  # L above O makes LO down
    plays = set(g.replacement_plays(board, "R", "red", 1).as_sets())
    assert frozenset({(0, 1, "R")}) in plays  # RO is a word too
    lex2 = Lexicon.from_words(["PLAYING", "PRAYING", "LO"])
    plays2 = set(BoardGenerator(lex2).replacement_plays(board, "R", "red", 1).as_sets())
    assert frozenset({(0, 1, "R")}) not in plays2  # RO is not: the down word breaks


def test_own_colour_is_never_replaced():
    lex = Lexicon.from_words(["CAT", "BAT"])
    g = BoardGenerator(lex)
    board = {(0, 0): ("C", "red"), (0, 1): ("A", "red"), (0, 2): ("T", "blue")}
    plays = set(g.replacement_plays(board, "BT", "red", 2).as_sets())
    assert plays == {frozenset({(0, 2, "T")})}
    assert set(g.replacement_plays(board, "BT", "green", 2).as_sets()) == {
        frozenset({(0, 0, "B")}),
        frozenset({(0, 2, "T")}),
        frozenset({(0, 0, "B"), (0, 2, "T")}),
    }


def test_nothing_without_rack_or_limit(gen):
    board = word_board("CAT")
    assert len(gen.replacement_plays(board, "", "red", 3)) == 0
    assert len(gen.replacement_plays(board, "CAT", "red", 0)) == 0


@pytest.mark.slow
def test_many_more_random_positions(gen, lexicon):
    rng = random.Random(99)
    for _ in range(10_000):
        pos = random_position(rng, lexicon, n_words=(1, 10), rack_size=(1, 9), limit=(1, 5))
        check(gen, lexicon, pos.board, pos.rack, pos.colour, pos.limit)

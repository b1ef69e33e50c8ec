"""The compiled Control Word generator over plain boards, as the tests and benchmarks call
it: boards map (row, col) to (LETTER, colour), racks are rack strings
(docs/formats/controlword.md). States go through the engine's adapter; this packs boards
the same way."""

from __future__ import annotations

import random

import pytest
from wordbot.engine.controlword import adapter
from wordbot.movegen.controlword import MoveGenerator

from tests.controlword_positions import random_position
from tests.lexicons import small_lexicon, tiny_lexicon


class BoardGenerator:
    """:class:`MoveGenerator` for a lexicon and JQXZ bonus, fed plain boards and racks."""

    def __init__(self, lexicon, jqxz_bonus: int = 4):
        self.table = adapter.score_table(jqxz_bonus)
        self.gen = MoveGenerator(lexicon, self.table)

    def word_plays(self, board, rack: str, bounds=None):
        grid = adapter.pack(board, max(len(rack), 1), bounds)
        return self.gen.word_plays(grid, adapter.rack_counts(rack))

    def best_word_plays(self, board, rack: str, keep: int = 1, bounds=None):
        grid = adapter.pack(board, max(len(rack), 1), bounds)
        return self.gen.best_word_plays(grid, adapter.rack_counts(rack), keep)

    def replacement_plays(self, board, rack: str, colour: str, limit: int):
        own, blue = adapter.rack_arrays(rack)
        return self.gen.replacement_plays(
            adapter.pack(board, 0), adapter.colour_index(colour), own, blue, limit
        )


def dense_positions(lexicons: int, each: int, **shape):
    """(lexicon, its generator, position) of ``each`` random positions (``shape``:
    :func:`random_position`'s ranges) on each of ``lexicons`` dense four-letter lexicons
    (``tiny_lexicon("AEST", seed)``): long parallel plays, many cross words and ties."""
    for seed in range(lexicons):
        lex = tiny_lexicon("AEST", seed=seed)
        g = BoardGenerator(lex)
        rng = random.Random(seed)
        for _ in range(each):
            yield lex, g, random_position(rng, lex, alphabet="AEST", **shape)


# the generator test modules' module-scoped fixtures (taken there by name)
@pytest.fixture(scope="module")
def lexicon():
    """The small lexicon of tests/lexicons.py."""
    return small_lexicon()


@pytest.fixture(scope="module")
def gen(lexicon):
    """A :class:`BoardGenerator` over ``lexicon``."""
    return BoardGenerator(lexicon)

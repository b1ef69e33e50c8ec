"""Move generation on the 48 conformance positions, default lexicon, one thread.

One round generates at every position once, so ``median / 48`` is the mean time per
position (``extra_info["mean_us_per_position"]``), the figure the
generator's targets are set in (word plays <= 200 us, replacement plays with L = 5
<= 1 ms).

* ``full``: from the position's tiles (a dict), as ``MoveGenerator.word_plays`` is
  called: packing, both directions' cross-checks, the walk, the result arrays;
* ``kernel``: the board already packed (what an engine that keeps its board packed pays,
  and what the peer engines' figures measure);
* ``best_kernel[K]``: best-only generation, the K best word plays of each
  packed board, without listing the rest (``MoveGenerator.best_word_plays``);
* ``cross_checks``: only the cross-check kernel, both directions, on the packed boards
  (its share of ``kernel`` is what incremental cross-checks could at most save).

Replacement plays come back factored (each set of letter changes once, with its number
of plays; see ``movegen/replacement_sets.py``): ``replacement_plays`` times that, the
generation; ``replacement_rows`` adds writing one row per play, as players read them.
"""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.controlword import adapter
from wordbot.movegen.controlword.crosschecks import HAS_CROSS, cross_checks

from tests.conformance import cases
from tests.controlword_movegen_support import BoardGenerator

CASES = cases()


@pytest.fixture(scope="module")
def gen(default_lexicon):
    g = BoardGenerator(default_lexicon)
    for c in CASES:  # compile (or load from the numba cache) and size the buffers
        g.word_plays(c.tiles, c.rack)
        g.replacement_plays(c.tiles, c.rack, c.colour, 5)
    return g


def _per_position(benchmark, run):
    total = benchmark.pedantic(run, rounds=15, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:
        benchmark.extra_info["mean_us_per_position"] = round(
            benchmark.stats["median"] / len(CASES) * 1e6, 1
        )
    return total


def test_word_plays_full(benchmark, gen):
    """Every word play of the 48 Control Word conformance positions, each from its
    tiles as a dict (packing, both directions' cross-checks, the walk, the result
    arrays); ``extra_info`` divides by the positions."""

    def run():
        return sum(len(gen.word_plays(c.tiles, c.rack)) for c in CASES)

    assert _per_position(benchmark, run) == sum(c.word_plays for c in CASES)


def test_word_plays_kernel(benchmark, gen):
    """Every word play of the 48 conformance positions, their boards already packed;
    ``extra_info`` divides by the positions."""
    packed = [
        (adapter.pack(c.tiles, len(c.rack)), adapter.rack_counts(c.rack)) for c in CASES
    ]

    def run():
        return sum(len(gen.gen.word_plays(grid, counts)) for grid, counts in packed)

    assert _per_position(benchmark, run) == sum(c.word_plays for c in CASES)


@pytest.mark.parametrize("keep", [1, 5])
def test_best_kernel(benchmark, gen, keep):
    """The K best word plays (the parameter) of each of the 48 packed conformance
    boards, without listing the rest (``best_word_plays``); ``extra_info`` divides by
    the positions."""
    packed = [
        (adapter.pack(c.tiles, len(c.rack)), adapter.rack_counts(c.rack)) for c in CASES
    ]
    for grid, counts in packed:  # compile or load, size the buffers
        gen.gen.best_word_plays(grid, counts, keep)

    def run():
        return [
            int(gen.gen.best_word_plays(grid, counts, keep).points[0])
            for grid, counts in packed
        ]

    best = _per_position(benchmark, run)
    # the full list's best points, position by position
    assert best == [int(gen.gen.word_plays(g, c).points.max()) for g, c in packed]


@pytest.fixture(scope="module")
def self_play(default_lexicon):
    """The word-phase positions of 8 greedy self-play games (seeds 1-8), packed: the
    positions playouts meet, with racks of 7-9 tiles (the conformance set's are
    smaller)."""
    from wordbot.engine.controlword.game import GAME
    from wordbot.players import make_player

    greedy = make_player("greedy", GAME)
    packed = []
    for seed in range(1, 9):
        state = GAME.new(seed=seed, lexicon=default_lexicon)
        while not state.is_over:
            if state.phase == "word":
                rack = adapter.rack_of(state)
                grid = adapter.pack(state.board, max(len(rack), 1), state.board.bounds)
                packed.append((grid, adapter.rack_counts(rack)))
            state = state.apply(greedy.choose(state), check=False)
    return packed


@pytest.mark.parametrize("kind", ["full", "best"])
def test_self_play_positions(benchmark, gen, self_play, kind):
    """The best word play's points at each word-phase position of 8 seeded greedy
    Control Word self-play games, packed: from the full list (``full``) or best-only
    generation (``best``); ``extra_info`` divides by the positions.

    Best-only against the full list where playouts spend their time: on these
    positions the bounds prune little (their racks can fill long spans)."""
    if kind == "full":

        def one(grid, counts):
            return int(gen.gen.word_plays(grid, counts).points.max(initial=0))
    else:

        def one(grid, counts):
            best = gen.gen.best_word_plays(grid, counts, 1)
            return int(best.points[0]) if len(best) else 0

    def run():
        return [one(grid, counts) for grid, counts in self_play]

    points = benchmark.pedantic(run, rounds=15, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:
        benchmark.extra_info["positions"] = len(self_play)
        benchmark.extra_info["mean_us_per_position"] = round(
            benchmark.stats["median"] / len(self_play) * 1e6, 1
        )
    assert points == [  # both find the full list's best points, position by position
        int(gen.gen.word_plays(g, c).points.max(initial=0)) for g, c in self_play
    ]


def test_cross_checks(benchmark, gen):
    """The cross-check kernel alone on the 48 packed conformance boards, both directions
    (each board and its transpose); ``extra_info`` divides by the positions."""
    edges, root = gen.gen._g
    boards = []
    for c in CASES:
        letters = adapter.pack(c.tiles, len(c.rack)).letters
        rbits = sum(1 << code for code, n in enumerate(adapter.rack_counts(c.rack)) if n)
        for grid in (letters, np.ascontiguousarray(letters.T)):
            h, w = grid.shape
            boards.append(
                (grid, rbits, np.zeros((h, w), np.int64), np.zeros((h, 2 * w), np.int64))
            )

    def run():
        for grid, rbits, xmask, xsc in boards:
            cross_checks(grid, edges, root, gen.table, rbits, xmask, xsc)

    _per_position(benchmark, run)
    # every board has tiles, so some empty square beside them has a cross word
    assert all((xmask & HAS_CROSS).any() for _, _, xmask, _ in boards)


@pytest.mark.parametrize("limit", [1, 3, 5])
def test_replacement_plays(benchmark, gen, limit):
    """Every replacement play of the 48 conformance positions at replacement limit L
    (the parameter), as generated: factored, each set of letter changes once with its
    number of plays; ``extra_info`` divides by the positions and gives the plays per
    position."""

    def run():
        return sum(
            len(gen.replacement_plays(c.tiles, c.rack, c.colour, limit)) for c in CASES
        )

    total = _per_position(benchmark, run)
    benchmark.extra_info["plays_per_position"] = round(total / len(CASES))
    assert total > 0


def test_replacement_rows(benchmark, gen):
    """Every replacement play of the 48 conformance positions at replacement limit 5,
    written out one row per play (``.moves``) as players read them; ``extra_info``
    divides by the positions."""

    def run():
        return sum(
            gen.replacement_plays(c.tiles, c.rack, c.colour, 5).moves.shape[0]
            for c in CASES
        )

    total = _per_position(benchmark, run)
    benchmark.extra_info["plays_per_position"] = round(total / len(CASES))
    assert total == sum(
        len(gen.replacement_plays(c.tiles, c.rack, c.colour, 5)) for c in CASES
    )

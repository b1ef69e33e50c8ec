"""RouteWords speed (`pytest benchmarks/bench_routewords.py`), one thread, the default
lexicon, the same seeded positions every run:

- routes of one position, mean over 1,000 random mid-game positions (each round lists
  them all; ``extra_info`` has the mean per position in microseconds);
- the whole action list with pay-and-both, the same positions;
- the 6 best moves by gain (a searching player's candidates below its root), the same
  positions: through the list's own ``best`` (which skips the swap-first pay-and-both
  search when its bound cannot reach them) and through the general one (every move);
- the ``routes`` player's 6 best moves and its best (``search``'s root candidates,
  and its own play), the first 200 of the same positions (ms per position);
- the bonus solver: every word of random 5 x 5 grids dealt from the 98-tile set, in
  one kernel call (grids/s) and one Python call per grid;
- greedy self-play, two players (games/s).

In the plain test run (benchmarks off) each runs once on fewer positions.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from wordbot.engine.routewords import adapter
from wordbot.engine.routewords.game import GAME
from wordbot.engine.routewords.legal import RouteWordsMoves
from wordbot.engine.segments import SegmentedMoves
from wordbot.engine.tiles import FULL_BAG
from wordbot.movegen.routewords import bonus
from wordbot.players import make_player

from tests.routewords_support import mid_game


def measured(request) -> bool:
    return not getattr(request.config.option, "benchmark_disable", False)


@pytest.fixture(scope="module")
def positions(request, default_lexicon):
    return mid_game(default_lexicon, 1000 if measured(request) else 20, seed=2026)


def per_item(benchmark, n: int, unit: str = "us_per_position") -> None:
    if benchmark.stats is not None:
        benchmark.extra_info[unit] = round(benchmark.stats["median"] / n * 1e6, 2)


def test_routes_of_one_position(benchmark, positions):
    """Every word route from the mover's pawn at each of 1,000 random RouteWords
    positions in phase ``turn`` (seeded games of random moves of 2-4 players), one call
    per position; ``extra_info`` divides by the positions."""
    packed = [
        (p.lexicon, p.grid, p.blocked(p.seat), p.pawns[p.seat], p.rules.min_word)
        for p in positions
    ]

    def run():
        return sum(len(adapter.word_paths(*args).tags) for args in packed)

    assert benchmark(run) > 0
    per_item(benchmark, len(positions))


def test_whole_action_list(benchmark, positions):
    """Every action of the same 1,000 positions, a fresh list per position with every
    search run (the swap-first pay-and-both included); ``extra_info`` divides by the
    positions."""

    def run():
        # a fresh list per position (a state keeps the one it made); len() runs every
        # search, the swap-first pay-and-both included
        return sum(len(RouteWordsMoves.of(p)) for p in positions)

    assert benchmark(run) > 0
    per_item(benchmark, len(positions))


@pytest.mark.parametrize("path", ["own", "general"])
def test_six_best_moves(benchmark, positions, path):
    """The 6 best moves by gain at each of the same 1,000 positions, a fresh list per
    position: through the list's own ``best`` (``own``) or the general one over every
    move (``general``); ``extra_info`` divides by the positions."""
    best = RouteWordsMoves.best if path == "own" else SegmentedMoves.best

    def run():
        return [best(RouteWordsMoves.of(p), 6) for p in positions]

    found = benchmark(run)
    assert found == [SegmentedMoves.best(RouteWordsMoves.of(p), 6) for p in positions]
    per_item(benchmark, len(positions))


@pytest.mark.parametrize("n", [1, 6])
def test_routes_player_ranking(benchmark, positions, n):
    """The ``routes`` player's n best moves (the parameter: 1 is its own play, 6
    ``search``'s root candidates) at each of the first 200 of the same positions;
    ``extra_info`` divides by the positions, in milliseconds."""
    player = make_player("routes")
    some = positions[:200]

    def run():
        return [player.top(p, n, random.Random(k))[0].notation for k, p in enumerate(some)]

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:
        ms = benchmark.stats["median"] / len(some) * 1e3
        benchmark.extra_info["ms_per_position"] = round(ms, 2)


def random_grids(n: int, seed: int = 7) -> np.ndarray:
    rng = random.Random(seed)
    return np.array(
        [[ord(ch) - 65 for ch in rng.sample(FULL_BAG, 25)] for _ in range(n)], np.int64
    )


def test_bonus_solver_grids_per_second(benchmark, request, default_lexicon):
    """Every word of 3 letters or more in each of 10,000 random 5 x 5 grids dealt from
    the 98-tile set, counted in one kernel call; ``extra_info`` has the grids a second
    and the mean words per grid."""
    n = 10_000 if measured(request) else 100
    grids = random_grids(n)
    records = default_lexicon.forward.records
    buf = bonus.WalkBuffers(4096, records.shape[0])

    def run():
        return bonus.count_board_words(records, grids, 3, *buf.arrays())

    counts = benchmark(run)
    assert counts.mean() > 10
    if benchmark.stats is not None:
        benchmark.extra_info["grids_per_second"] = round(n / benchmark.stats["median"])
        benchmark.extra_info["mean_words_per_grid"] = round(float(counts.mean()), 1)


def test_bonus_solver_python_call(benchmark, request, default_lexicon):
    """Every word of 3 letters or more in each of 1,000 random 5 x 5 grids, one Python
    call (``bonus.board_words``) per grid; ``extra_info`` divides by the grids."""
    grids = random_grids(1000 if measured(request) else 20, seed=8)
    records = default_lexicon.forward.records

    def run():
        return sum(len(bonus.board_words(records, g, 3)[1]) for g in grids)

    assert benchmark(run) > 0
    per_item(benchmark, len(grids), "us_per_grid")


def test_greedy_self_play_games_per_second(greedy_games_per_second, default_lexicon):
    """20 seeded games of RouteWords on the default lexicon, greedy in both seats;
    ``extra_info`` has the games a second."""
    greedy_games_per_second(
        GAME, lambda seed: GAME.new(seed=seed, lexicon=default_lexicon), 20
    )

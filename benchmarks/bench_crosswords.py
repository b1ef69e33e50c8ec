"""Cross words combat speed (`pytest benchmarks/bench_crosswords.py`), one thread, the
default pages, the same seeded positions every run:

- the whole write list (every legal write with its captures and enclosures), mean over
  1,000 random mid-game positions, each from a fresh copy of the state that keeps the
  grid's arrays (as a state reached by play has them); ``extra_info`` has the mean per
  position in microseconds and the mean number of writes;
- the same from position JSON (the grid packed first);
- greedy self-play (games/s).

In the plain test run (benchmarks off) each runs once on fewer positions.
"""

from __future__ import annotations

import random

import pytest
from wordbot.engine.crosswords.game import GAME
from wordbot.engine.crosswords.legal import CrossWordsMoves

from tests.crosswords_support import random_game_states


def measured(request) -> bool:
    return not getattr(request.config.option, "benchmark_disable", False)


@pytest.fixture(scope="module")
def positions(request):
    """Mid-game positions (turns 10-50) of games of random writes on the default
    pages, none finished."""
    want = 1000 if measured(request) else 20
    rng = random.Random(2026)
    out = []
    seed = 0
    while len(out) < want:
        states = [
            s
            for s in random_game_states(seed, gap=4, default_pages=True)[10:50]
            if not s.is_over
        ]
        out += rng.sample(states, min(len(states), 25))
        seed += 1
    return out[:want]


def per_item(benchmark, n: int, unit: str = "us_per_position") -> None:
    if benchmark.stats is not None:
        benchmark.extra_info[unit] = round(benchmark.stats["median"] / n * 1e6, 2)


def test_whole_write_list(benchmark, positions):
    """Every legal write (with its captures and enclosures) of 1,000 random mid-game
    Cross words combat positions on the default pages, each listed from a fresh copy of
    its state that keeps the packed grid, as play leaves it; ``extra_info`` divides by
    the positions and gives the mean number of writes."""
    states = [p for p in positions]
    for s in states:
        s.window  # noqa: B018  (the grid's arrays, as play leaves them)

    def run():
        total = 0
        for s in states:
            fresh = s._copy()
            fresh._window = s._window
            total += len(CrossWordsMoves(fresh))
        return total

    total = benchmark(run)
    assert total > len(states)
    per_item(benchmark, len(states))
    benchmark.extra_info["mean_writes"] = round(total / len(states), 1)


def test_whole_write_list_from_position_json(benchmark, positions):
    """Every legal write of the first 200 of the same positions, each read from its
    position JSON first (so its grid is packed within the round); ``extra_info`` divides
    by the positions."""
    objs = [p.to_json() for p in positions[:200]]

    def run():
        return sum(len(GAME.from_json(obj).legal_moves()) for obj in objs)

    assert benchmark(run) > 0
    per_item(benchmark, len(objs))


def test_greedy_self_play_games_per_second(greedy_games_per_second):
    """20 seeded games of Cross words combat on the default pages, greedy in both seats;
    ``extra_info`` has the games a second."""
    greedy_games_per_second(GAME, lambda seed: GAME.new(seed=seed), 20)

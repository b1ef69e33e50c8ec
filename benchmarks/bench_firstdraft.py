"""First Draft speed (`pytest benchmarks/bench_firstdraft.py`), one thread, the default
lexicon, the same seeded positions every run:

- the completability oracle: random rows of 1-9 letters in one kernel call
  (``extra_info``: ns per query) and one Python call per row;
- the generator's whole list (every sell, discard, insert and draft, counted, with
  gains), mean over 1,000 positions of seeded games of random moves;
- greedy self-play, three players (games/s);
- the drafter's decision (its five best moves), mean over 100 mid-game positions.

In the plain test run (benchmarks off) each runs once on fewer items.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.legal import FirstDraftMoves
from wordbot.engine.firstdraft.rules import Rules
from wordbot.engine.tiles import FULL_BAG
from wordbot.movegen.firstdraft import oracle
from wordbot.players.firstdraft.drafter import DrafterPlayer

from tests.firstdraft_support import mid_game


def measured(request) -> bool:
    return not getattr(request.config.option, "benchmark_disable", False)


def per_item(benchmark, n: int, unit: str, scale: float = 1e6) -> None:
    if benchmark.stats is not None:
        benchmark.extra_info[unit] = round(benchmark.stats["median"] / n * scale, 2)


def random_rows(n: int, seed: int = 9) -> tuple[np.ndarray, np.ndarray]:
    """Rows of 1-9 letters drawn from the tile set (so common letters are common)."""
    rng = random.Random(seed)
    lengths = np.array([rng.randint(1, 9) for _ in range(n)], np.int64)
    rows = np.array(
        [[ord(c) - 65 for c in rng.sample(FULL_BAG, 9)] for _ in range(n)], np.int64
    )
    return rows, lengths


def test_oracle_kernel(benchmark, request, default_lexicon):
    """The completability oracle (whether a row can still grow into a word that sells,
    default lexicon) on 100,000 random rows of 1-9 letters, in one kernel call;
    ``extra_info`` divides by the rows."""
    n = 100_000 if measured(request) else 100
    rows, lengths = random_rows(n)
    delta = adapter.delta(default_lexicon, Rules())
    found = benchmark(oracle.completable_rows, delta, rows, lengths)
    assert 0 < found.sum() < n
    per_item(benchmark, n, "ns_per_query", 1e9)


def test_oracle_python_call(benchmark, request, default_lexicon):
    """The same oracle on 10,000 random rows of 1-9 letters, one Python call
    (``adapter.completable``) per row; ``extra_info`` divides by the rows."""
    rows, lengths = random_rows(10_000 if measured(request) else 50, seed=10)
    texts = [adapter.text(r[:k]) for r, k in zip(rows, lengths)]
    rules = Rules()

    def run():
        return sum(adapter.completable(default_lexicon, rules, t) for t in texts)

    assert benchmark(run) > 0
    per_item(benchmark, len(texts), "us_per_query")


@pytest.fixture(scope="module")
def positions(request, default_lexicon):
    return mid_game(default_lexicon, 1000 if measured(request) else 20, seed=2026)


def test_whole_list(benchmark, positions):
    """Every move (sells, discards, inserts and drafts, counted, with their gains) of
    1,000 random First Draft positions in phase ``turn`` from seeded games of random
    moves of 2-5 players, a fresh list per position; ``extra_info`` divides by the
    positions and gives the mean number of moves."""

    def run():
        # a fresh list per position (a state keeps the one it made); len() works out every
        # coaster's drafts, gains() every move's gain
        return sum(len(FirstDraftMoves.of(p).gains()) for p in positions)

    assert benchmark(run) > 0
    per_item(benchmark, len(positions), "us_per_position")
    if benchmark.stats is not None:
        benchmark.extra_info["mean_moves"] = round(
            sum(len(FirstDraftMoves.of(p)) for p in positions) / len(positions), 1
        )


def test_greedy_self_play_games_per_second(greedy_games_per_second, default_lexicon):
    """30 seeded games of First Draft on the default lexicon, greedy in all three seats;
    ``extra_info`` has the games a second."""
    seats = GAME.seats[:3]
    greedy_games_per_second(
        GAME, lambda seed: GAME.new(seats, seed=seed, lexicon=default_lexicon), 30
    )


def test_drafter_decision(benchmark, positions):
    """``drafter``'s five best moves on 100 of the positions above, a fresh player per
    run (no potentials kept from an earlier one); ``extra_info`` divides by the
    positions."""
    sample = positions[:100]

    def run():
        player = DrafterPlayer()
        return sum(len(player.top(p, 5, random.Random(i))) for i, p in enumerate(sample))

    assert benchmark.pedantic(run, rounds=3, iterations=1) > 0
    per_item(benchmark, len(sample), "ms_per_decision", 1e3)

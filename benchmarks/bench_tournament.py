"""Tournament throughput: greedy vs greedy, two players, the default lexicon.

The figure is games per second per core (target >= 50). ``pytest benchmarks``
measures; each result's ``extra_info`` holds ``games_per_second`` (per core):

- ``test_games_per_core[GAME]``: one worker in this process, CPU time
  (``time.process_time``), so the figure is per core even on a machine other jobs load;
  greedy self-play of each game of the registry (the speed of the playouts);
- ``test_games_per_core_with_records``: the same, writing every game's record (--out);
- ``test_process_pool``: two worker processes, wall time; games / s / worker.

Plain ``pytest`` runs each once on a few games, unmeasured.
"""

from __future__ import annotations

import time

import pytest
from wordbot.engine.games import DEFAULT_GAME, GAMES

from wordbot.tournament import Tournament, TournamentStore, new_config

MEASURED_GAMES = 100  # per round when measuring
SMOKE_GAMES = 6  # in the plain test run


def _games(benchmark) -> int:
    return SMOKE_GAMES if benchmark.disabled else MEASURED_GAMES


def _config(games: int, game: str = DEFAULT_GAME):
    return new_config(players="greedy,greedy", games=games, seed=1, game=game)


@pytest.mark.benchmark(group="tournament", timer=time.process_time)
@pytest.mark.parametrize("game", GAMES.names())
def test_games_per_core(benchmark, default_lexicon, game):
    """100 seeded games of greedy against greedy (two players, default lexicon) of the
    game named, one worker in this process, CPU time; ``extra_info`` has the games a
    second (per core)."""
    games = _games(benchmark)
    config, lexicon = _config(games, game)
    Tournament(config, lexicon).run(workers=1)  # warm: kernels loaded in this process

    report = benchmark.pedantic(
        lambda: Tournament(config, lexicon).run(workers=1),
        rounds=1 if benchmark.disabled else 3,
        iterations=1,
    )
    assert report.played == games
    if not benchmark.disabled:
        benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="tournament", timer=time.process_time)
def test_games_per_core_with_records(benchmark, default_lexicon, tmp_path):
    """100 seeded Control Word games of greedy against greedy, one worker in this
    process, CPU time, each game's record written to a new tournament folder
    (``--out``); ``extra_info`` has the games a second (per core)."""
    games = _games(benchmark)
    config, lexicon = _config(games)
    Tournament(config, lexicon).run(workers=1)
    runs = iter(range(100))

    def run():
        out = tmp_path / f"run{next(runs)}"
        return Tournament(config, lexicon, TournamentStore.create(out, config)).run(
            workers=1
        )

    report = benchmark.pedantic(run, rounds=1 if benchmark.disabled else 3, iterations=1)
    assert report.played == games
    if not benchmark.disabled:
        benchmark.extra_info["games_per_second"] = games / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="tournament")
def test_process_pool(benchmark, default_lexicon):
    """200 seeded Control Word games of greedy against greedy on two worker processes,
    wall time; ``extra_info`` has the games a second per worker and the start-up
    seconds."""
    games = _games(benchmark) * 2
    config, lexicon = _config(games)
    report = benchmark.pedantic(
        lambda: Tournament(config, lexicon).run(workers=2),
        rounds=1 if benchmark.disabled else 3,
        iterations=1,
    )
    assert report.played == games and report.workers == 2
    benchmark.extra_info["games_per_second_per_worker"] = report.games_per_second / 2
    benchmark.extra_info["startup_seconds"] = report.startup

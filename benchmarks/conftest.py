"""Benchmarks measure when asked for (`pytest benchmarks`); in the whole-suite run
(plain `pytest`) each one runs once, unmeasured, to check it still works."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    asked = any(
        Path(str(arg).split("::")[0]).resolve().is_relative_to(HERE)
        for arg in config.invocation_params.args
        if not str(arg).startswith("-")
    )
    if not asked and hasattr(config.option, "benchmark_disable"):
        config.option.benchmark_disable = True


@pytest.fixture(scope="session")
def default_lexicon():
    from wordbot.dictionaries import Lexicon

    return Lexicon.load()


@pytest.fixture
def greedy_games_per_second(benchmark, request):
    """``greedy_games_per_second(game, new, count)`` times ``count`` games (2, once,
    when unmeasured) of greedy against itself in every seat, ``new(seed)`` the start of
    each, and records the ``games_per_second``."""
    from wordbot.players import make_player
    from wordbot.players.arena import play_game

    measured = not getattr(request.config.option, "benchmark_disable", False)

    def time_games(game, new, count: int) -> None:
        greedy = make_player("greedy", game)
        seeds = range(count if measured else 2)

        def run():
            for seed in seeds:
                state = new(seed)
                play_game(state, dict.fromkeys(state.players, greedy), seed)
            return len(seeds)

        benchmark.pedantic(run, rounds=3 if measured else 1, iterations=1)
        if benchmark.stats is not None:
            benchmark.extra_info["games_per_second"] = round(
                len(seeds) / benchmark.stats["median"], 1
            )

    return time_games

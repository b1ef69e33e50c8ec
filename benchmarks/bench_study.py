"""Study throughput: the target is a study of 2 variants x 400 Control Word games with
``control`` on two workers in under 60 s, and the study's own cost (each game
measured: the standing after every action, the game's own measures) kept small beside
a tournament of the same games.

``pytest benchmarks/bench_study.py`` measures (wall time, two worker processes, default
lexicon, seed 1, ``replacement_order`` same / reverse, medians of 3 rounds):

- ``test_study_two_variants``: the whole study (its ``extra_info`` has games/s);
- ``test_tournament_same_games``: ``control`` against itself for as many games, no
  measuring: the runner's cost without the study's.
- ``test_measuring_one_game``: ``game_measures`` of one finished game, in this process.

Plain ``pytest`` runs each once on a few games, unmeasured.
"""

from __future__ import annotations

import pytest
from wordbot.players.arena import play_game
from wordbot.players.registry import make_player

from wordbot.measures import game_measures
from wordbot.study import Study, new_study
from wordbot.tournament import Tournament, new_config

MEASURED_GAMES = 400  # per variant
SMOKE_GAMES = 4
VARY = ("replacement_order=same,reverse",)


def _games(benchmark) -> int:
    return SMOKE_GAMES if benchmark.disabled else MEASURED_GAMES


@pytest.mark.benchmark(group="study")
def test_study_two_variants(benchmark, default_lexicon):
    """A whole study of Control Word with ``control``: 2 variants (``replacement_order``
    same and reverse) x 400 games, every game measured, on two worker processes, wall
    time; ``extra_info`` has the games a second and the start-up seconds."""
    games = _games(benchmark)
    config, lexicon = new_study("controlword", "control", VARY, games=games, seed=1)
    report = benchmark.pedantic(
        lambda: Study(config, lexicon).run(workers=2),
        rounds=1 if benchmark.disabled else 3,
        iterations=1,
    )
    assert report.played == 2 * games and report.workers == 2
    assert [v["games"] for v in report.result["variants"]] == [games, games]
    benchmark.extra_info["games_per_second"] = round(report.games_per_second, 1)
    benchmark.extra_info["startup_seconds"] = round(report.startup, 2)


@pytest.mark.benchmark(group="study")
def test_tournament_same_games(benchmark, default_lexicon):
    """A tournament of as many games (800) of ``control`` against itself on two worker
    processes, wall time, nothing measured: the runner's cost without the study's;
    ``extra_info`` has the games a second."""
    games = 2 * _games(benchmark)
    config, lexicon = new_config(players="control,control", games=games, seed=1)
    report = benchmark.pedantic(
        lambda: Tournament(config, lexicon).run(workers=2),
        rounds=1 if benchmark.disabled else 3,
        iterations=1,
    )
    assert report.played == games
    benchmark.extra_info["games_per_second"] = round(report.games_per_second, 1)


@pytest.mark.benchmark(group="study-measure")
def test_measuring_one_game(benchmark, default_lexicon):
    """``game_measures`` of one finished Control Word game of ``control`` against itself
    (its states and moves, seed 1, default lexicon), in this process."""
    from wordbot.engine import get_game

    game = get_game("controlword")
    state = game.new(["red", "green"], 1, game.rules(), default_lexicon)
    states = [state]
    result = play_game(
        state,
        dict.fromkeys(state.players, make_player("control", game)),
        on_move=lambda before, move, after: states.append(after),
    )
    measures = benchmark(game_measures, states, result.moves)
    assert measures["length"] == result.actions == len(states) - 1

"""The tournament runner as a library: players that fail, backends that agree, Ray."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordbot.engine.records import read_record

from tests.cli_support import run
from tests.lexicons import SMALL_WORDS
from wordbot.tournament import Tournament, TournamentStore, new_config

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_player_that_raises_loses_that_game_and_the_tournament_goes_on(tmp_path, workers):
    broken_player = (
        "broken-test"  # tests/controlword_tournament_plugin.py: it raises in round 2
    )
    config, lexicon = new_config(
        players=f"greedy,{broken_player}",
        games=4,
        seed=2,
        lexicon_path=SMALL_WORDS,
        plugins=("tests.controlword_tournament_plugin",),
    )
    out = tmp_path / "run"
    report = Tournament(config, lexicon, TournamentStore.create(out, config)).run(
        workers=workers
    )
    pair = report.summary.pairs[0]
    assert (pair.games, pair.a_wins, pair.draws, pair.b_wins) == (4, 4, 0, 0)
    assert report.summary.players[broken_player].errors == 4
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert len(lines) == 4
    for line in lines:
        error = line["error"]
        assert error["player"] == broken_player
        assert error["message"] == "ValueError: broken in round 2"
        assert line["seats"][error["colour"]] == broken_player
        assert line["places"][error["colour"]] == 2
        record = read_record(out / line["record"])
        assert record.result is None  # the record of an unfinished game
        assert len(record.actions) == line["actions"] == error["action"] - 1


@pytest.mark.slow  # a local Ray's own processes take 40-55 s of CPU: a tenth of the suite
def test_ray_backend_on_a_local_ray_gives_the_same_tournament(tmp_path):
    """The default run keeps Ray's import and its refusal of a bad address
    (test_tournament_cli.py) and the same tournament on one or two local processes."""
    pytest.importorskip("ray")
    args = ["tournament", "--players", "greedy,control,greedy", "--games", "4"]
    args += ["--seed", "8", "--lexicon", str(SMALL_WORDS), "--json"]
    ray_run = run(
        *args, "--backend", "ray", "--workers", "2", "--out", tmp_path / "ray", cwd=ROOT
    )
    assert ray_run.returncode == 0, ray_run.stderr
    here = run(*args, "--workers", "1", cwd=ROOT)
    assert here.returncode == 0, here.stderr
    a, b = json.loads(ray_run.stdout), json.loads(here.stdout)
    for timing in ("games_per_second", "seconds_per_move"):
        a.pop(timing), b.pop(timing)
    assert a == b
    assert sum(p["games"] for p in a["pairs"]) == 12
    assert len(list((tmp_path / "ray" / "games").glob("*.jsonl"))) == 12

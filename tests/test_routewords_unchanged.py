"""RouteWords' seeded players keep their games: the tournament kept in
tests/data/records/routewords (random, greedy and routes, see tests/data/README.md)
replays, and played again with the same seed it makes the very same moves, greedy's
seeded choices among tied moves and every draw after them included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordbot.engine.records import read_record, replay

from tests.cli_support import run
from tests.lexicons import default_lexicon

RECORDS = Path(__file__).with_name("data") / "records" / "routewords"
GAMES = sorted(RECORDS.glob("games/*.jsonl"))


def moves(path: Path) -> list:
    return [line["move"] for line in read_record(path).actions]


def test_the_records_are_there():
    assert len(GAMES) == 6
    agents = {
        spec
        for path in GAMES
        for spec in json.loads(path.read_text().splitlines()[0])["agents"].values()
    }
    assert agents == {"random", "greedy", "routes"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_record_replays(path):
    result = replay(read_record(path), default_lexicon())
    assert result.ok, result.mismatch


def test_the_tournament_is_played_again_move_for_move(tmp_path):
    config = json.loads((RECORDS / "tournament.json").read_text())
    assert config["game"] == "routewords" and config["rules"]["bonus_search"] == "full"
    out = tmp_path / "again"
    done = run(
        "tournament",
        "--game",
        "routewords",
        "--players",
        ",".join(config["players"]),
        "--games",
        config["games"],
        "--seed",
        config["seed"],
        "--workers",
        "1",
        "-q",
        "--out",
        out,
    )
    assert done.returncode == 0, done.stderr
    played = sorted((out / "games").glob("*.jsonl"))
    assert [p.name for p in played] == [p.name for p in GAMES]
    for old, new in zip(GAMES, played):
        assert moves(new) == moves(old), old.name

"""Control Word is unchanged by the game interface: records written by the code before it
(tests/data/records, see tests/data/README.md) replay, and today's code plays the very
same games, move for move, for random, greedy and control. mc's games still replay, but
mc no longer plays them again: it used to apply each candidate to the true state before
sampling what the mover cannot see, so its playouts knew the tiles the move would draw;
it now samples first (a deliberate change of its choices)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordbot.engine.records import read_record, replay
from wordbot.players import make_player
from wordbot.players.arena import play_game

from tests.lexicons import default_lexicon
from wordbot.tournament import Tournament, TournamentConfig

RECORDS = Path(__file__).with_name("data") / "records"
TOURNAMENTS = sorted(p for p in RECORDS.iterdir() if p.is_dir())
GAMES = sorted(RECORDS.glob("*/games/*.jsonl"))


def test_the_old_records_are_there():
    assert len(TOURNAMENTS) == 3 and len(GAMES) == 17
    agents = {
        spec
        for path in GAMES
        for spec in json.loads(path.read_text().splitlines()[0])["agents"].values()
    }
    assert agents == {"random", "greedy", "control", "mc:time=1000.0,k=3,iterations=3"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_an_old_record_replays_and_is_played_again_move_for_move(path):
    record = read_record(path)
    result = replay(record, default_lexicon())
    assert result.ok, result.mismatch
    header = record.header
    if any(spec.startswith("mc") for spec in header["agents"].values()):
        return  # mc samples before it applies a candidate now (see the module docstring)
    game = record.game
    state = game.new(
        header["players"],
        header["seed"],
        game.rules((), header["rules"]),
        default_lexicon(),
    )
    seats = {seat: make_player(spec, game) for seat, spec in header["agents"].items()}
    played = play_game(state, seats, seed=header["seed"])
    assert [m.to_json() for m in played.moves] == [line["move"] for line in record.actions]
    assert played.outcome.details == record.result


def without_mc(folder: Path) -> bool:
    players = json.loads((folder / "tournament.json").read_text())["players"]
    return not any(spec.startswith("mc") for spec in players.values())


@pytest.mark.parametrize(
    "folder", [f for f in TOURNAMENTS if without_mc(f)], ids=lambda p: p.name
)
def test_an_old_tournament_gives_the_same_results(folder):
    config = TournamentConfig.from_json(
        json.loads((folder / "tournament.json").read_text()), str(folder)
    )
    assert config.game == "controlword" and config.seat_names[:2] == ("red", "green")
    outcomes = {}
    report = Tournament(config, default_lexicon()).run(
        workers=1, on_game=lambda o: outcomes.__setitem__(o.game, o)
    )
    saved = [
        json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()
    ]
    assert report.played == len(saved) == len(outcomes)
    for line in saved:
        mine = outcomes[line["game"]]
        assert (mine.seats, mine.scores, mine.places, mine.actions) == (
            line["seats"],
            line["scores"],
            line["places"],
            line["actions"],
        )

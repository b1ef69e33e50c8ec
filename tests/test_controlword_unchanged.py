"""Control Word is unchanged by the game interface: records written by the code before it
(tests/data/records, see tests/data/README.md) replay, and at every position of them
today's greedy and control choose the move they made or one of equal value. Four
deliberate changes:

- mc's games still replay, but mc no longer plays them again: it used to apply each
  candidate to the true state before sampling what the mover cannot see, so its
  playouts knew the tiles the move would draw; it now samples first.
- control used to take the first of several moves of equal equity; it now lets its
  generator pick one, and a tournament seeds each player from the deal and its place at
  the table (identical players rotating seats would otherwise replay one game). So an old
  tournament keeps its schedule (seats and deals) but not its games.
- the players' generators are SplitMix64 (what the compiled cores draw from), so where
  several moves tie, greedy and control may pick another of them, and random picks
  another move: greedy's choice is one of the record's value, random's a legal move.
- control plays a learned leave table; the records' control is today's
  ``control:leaves=hand``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordbot.engine.records import read_record, replay
from wordbot.players import make_player
from wordbot.players.arena import Match

from tests.lexicons import default_lexicon
from wordbot.tournament import Tournament, TournamentConfig

RECORDS = Path(__file__).with_name("data") / "records"
TOURNAMENTS = sorted(
    p
    for p in RECORDS.iterdir()
    if json.loads((p / "tournament.json").read_text())["game"] == "controlword"
)
GAMES = sorted(g for folder in TOURNAMENTS for g in folder.glob("games/*.jsonl"))
#: the records' players by their names today
TODAY = {"control": "control:leaves=hand"}


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
    seats = {s: make_player(TODAY.get(p, p), game) for s, p in header["agents"].items()}
    match = Match(state, seats, header["seed"])
    for line in record.actions:
        player, state = match.player(), match.state
        chosen = player.choose(state, match.rngs[state.to_move])
        if player.spec == TODAY["control"]:
            ranked = player.ranked(state)
            best = [make() for e, *_, make in ranked if e >= ranked[0][0] - 1e-9]
            assert line["move"] in [m.to_json() for m in best]
            assert chosen in best
        elif player.spec == "greedy":
            moves = state.bot_moves()
            key = lambda obj: json.dumps(obj, sort_keys=True)  # noqa: E731
            gains = {key(m.to_json()): g for m, g in zip(moves, moves.gains())}
            top = max(gains.values())
            assert gains[key(line["move"])] == top == gains[key(chosen.to_json())]
        else:
            state.check(chosen)
        match.push(state.move_from_json(line["move"]))
    assert match.state.outcome().details == record.result


def without_mc(folder: Path) -> bool:
    players = json.loads((folder / "tournament.json").read_text())["players"]
    return not any(spec.startswith("mc") for spec in players.values())


@pytest.mark.parametrize(
    "folder", [f for f in TOURNAMENTS if without_mc(f)], ids=lambda p: p.name
)
def test_an_old_tournament_keeps_its_schedule_and_plays_to_the_end(folder):
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
        assert (mine.seats, mine.seed, mine.deal, mine.rotation) == (
            line["seats"],
            line["seed"],
            line["deal"],
            line["rotation"],
        )
        assert mine.error is None and sorted(mine.places.values())[0] == 1

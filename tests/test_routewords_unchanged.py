"""RouteWords' players keep their choices: the tournament kept in
tests/data/records/routewords (random, greedy and routes, see tests/data/README.md)
replays, and at every position of it today's greedy and routes choose the move they made
or one of equal value. The players' generators are SplitMix64 now (what the compiled
cores draw from), so where several moves tie they may pick another of them, and random
picks another legal move (CHANGELOG.md); the tournament keeps its schedule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordbot.engine.records import read_record, replay
from wordbot.engine.rng import SplitMixRandom
from wordbot.players import make_player
from wordbot.players.arena import Match

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


def test_an_old_record_is_chosen_again_move_for_move_or_a_tie():
    lexicon = default_lexicon()
    kinds = set()
    for path in GAMES:
        record = read_record(path)
        header, game = record.header, record.game
        state = game.new(
            header["players"], header["seed"], game.rules((), header["rules"]), lexicon
        )
        seats = {s: make_player(p, game) for s, p in header["agents"].items()}
        match = Match(state, seats, header["seed"])
        for line in record.actions:
            player, state = match.player(), match.state
            chosen = player.choose(state, match.rngs[state.to_move])
            played = state.move_from_json(line["move"])
            if player.spec == "random":
                state.check(chosen)
            else:  # greedy and routes: the record's move and today's are worth the same
                worth = values(player, state, [played, chosen])
                top = max(worth.values())
                assert worth.get(key(played)) == pytest.approx(top), (path.name, line)
                assert worth.get(key(chosen)) == pytest.approx(top), (path.name, line)
                kinds.add(player.spec)
            match.push(played)
        assert match.state.outcome().details == record.result
    assert kinds == {"greedy", "routes"}


def key(move) -> str:
    return json.dumps(move.to_json(), sort_keys=True)


def values(player, state, moves) -> dict[str, float]:
    """What ``player`` makes of the moves at the top of its ranking, by each move's
    :func:`key`: far enough down that ``moves`` are there, or that they are known to
    rank below the first."""
    n = 8
    while True:  # as few as the ties need: a position has up to a million moves
        ranked = player.top(state, n, SplitMixRandom(0))
        worth = {key(c.move): c.equity for c in ranked}
        if all(key(m) in worth for m in moves) or ranked[-1].equity < ranked[0].equity:
            return worth
        if len(ranked) < n:
            return worth
        n *= 4


def test_the_tournament_keeps_its_schedule(tmp_path):
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
        old_header, new_header = (read_record(p).header for p in (old, new))
        for field in ("seed", "players", "agents", "digest"):
            assert new_header[field] == old_header[field], (old.name, field)
        assert replay(read_record(new), default_lexicon()).ok

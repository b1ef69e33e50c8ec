"""What ``mc``'s and ``search``'s candidates report means what it says: a win rate (and
its 95 % interval) only where every playout reached the end of the game, the share of
those playouts the mover won (a shared first place half), with their mean final margin;
where the playouts stopped at a horizon, no win rate and the mean value there, marked as
such (``margin_at: "horizon"``), in ``wordbot hint`` (table and ``--json``) and in what
the engine protocol sends."""

from __future__ import annotations

import json
import math
import random
import subprocess

import pytest

from tests.cli_support import cli_env, invoke, run, wordbot_command
from tests.game_profiles import CATALOG, NAMES, game_of
from tests.test_search import near_the_end, positions


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``wins`` in ``n`` (Wilson 1927)."""
    z = 1.959963984540054
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def result(state, mover: str) -> float:
    """The mover's result of a finished game: 1 alone first, 1/2 sharing it, 0."""
    winners = state.outcome().winners
    return 0.0 if mover not in winners else 1.0 if len(winners) == 1 else 0.5


@pytest.mark.parametrize("name", ["controlword", "crosswords", "firstdraft", "routewords"])
@pytest.mark.parametrize("player", ["mc", "search", "search:tree=mcts"])
def test_far_from_the_end_no_win_rate_is_shown(name, player):
    spec = player + ("," if ":" in player else ":") + "iterations=3,time=600"
    args = ["hint", "--game", name, "--player", spec]
    out = invoke(*args, "--json", "--top", "3")
    assert out.returncode == 0, out.stderr
    cands = json.loads(out.stdout)["candidates"]
    played = [c for c in cands if c["iterations"]]
    assert played
    for cand in played:
        assert cand["win_rate"] is None and "win_interval" not in cand
        assert cand["margin_at"] == "horizon" and isinstance(cand["margin"], float)
    table = invoke(*args, "--top", "3").stdout
    assert "margin" in table and "win 95% CI" not in table
    assert "* the playouts stopped before the end of the game" in table
    rows = [line for line in table.splitlines() if line.startswith("│ 1 │")]
    assert rows and "*" in rows[0]


def test_mc_in_control_word_at_its_defaults_shows_no_win_rate():
    # the playouts stop at the end of the round: neither 0 % nor any other win rate
    for seed in (7, 11):
        new = run("new", "--seed", str(seed))
        out = run(
            "hint", "-", "--player", "mc", "--time", "0.5", "--json", input=new.stdout
        )
        assert out.returncode == 0, out.stderr
        cands = json.loads(out.stdout)["candidates"]
        assert all(c["win_rate"] is None and c["margin_at"] == "horizon" for c in cands)
        # mc ranks by that mean value: its equity
        assert all(c["margin"] == pytest.approx(c["equity"], abs=1e-3) for c in cands)


@pytest.mark.parametrize("name", NAMES)
def test_a_candidate_that_ends_the_game_has_the_games_result(name):
    # every playout of a move that ends the game is that game's end: in a game of
    # perfect information its one result, whatever the samples
    game = game_of(name)
    checked = 0
    for n, state in enumerate(positions(name, 4, seed=5, before_end=True)):
        mover = state.to_move
        player = CATALOG.players.make("mc:k=3,iterations=4,time=600", game)
        for cand in player.top(state, 3, random.Random(n)):
            end = state.apply(cand.move)
            if not cand.iterations:  # the only move: nothing to weigh it against
                assert cand.win_rate is None and cand.margin is None
                continue
            if not end.is_over:
                assert cand.win_rate is None or cand.margin_at == "end"
                continue
            assert cand.margin_at == "end"
            assert cand.interval == pytest.approx(
                wilson(cand.win_rate * cand.iterations, cand.iterations), abs=1e-4
            )
            if not game.hidden_information:
                assert cand.win_rate == result(end, mover)
                assert cand.margin == pytest.approx(end.outcome().margin(mover))
            checked += 1
    assert checked


def test_a_win_rate_is_the_share_of_the_playouts_won():
    game = game_of("controlword")
    state = near_the_end("controlword", 6)
    # one playout a candidate, to the end of the game: its win rate is 1 or 0 as its
    # final margin says
    for seed in range(8):
        player = CATALOG.players.make("mc:k=2,iterations=1,to_end=true,time=600", game)
        for cand in player.top(state, 2, random.Random(seed)):
            assert cand.margin_at == "end" and cand.iterations == 1
            if cand.margin != 0:
                assert cand.win_rate == (1.0 if cand.margin > 0 else 0.0)
    # several playouts: the share of them won (in halves: a shared first place), with
    # its Wilson interval
    player = CATALOG.players.make("mc:k=2,iterations=9,to_end=true,time=600", game)
    for cand in player.top(state, 2, random.Random(0)):
        assert cand.iterations == 9 and (cand.win_rate * 18).is_integer()
        low, high = wilson(cand.win_rate * 9, 9)
        assert cand.interval == pytest.approx((low, high), abs=1e-4)
        assert 0 < high - low < 1
    # the same position played out only to the end of the round: no win rate
    player = CATALOG.players.make("mc:k=2,iterations=3,time=600", game)
    horizon = player.top(state, 2, random.Random(0))
    assert all(c.win_rate is None and c.margin_at == "horizon" for c in horizon)


def test_the_engine_protocol_sends_the_same_figures():
    engine = subprocess.Popen(
        wordbot_command("engine"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    try:
        for request in (
            {"id": 1, "cmd": "newgame", "game": "crosswords", "seed": 1},
            {"id": 2, "cmd": "go", "player": "mc:iterations=2,time=600", "top": 2},
        ):
            engine.stdin.write(json.dumps(request) + "\n")
            engine.stdin.flush()
        reply = {}
        while reply.get("type") != "bestmove":
            reply = json.loads(engine.stdout.readline())
        assert reply["player"].startswith("mc") and not reply["stopped"]
        for cand in reply["candidates"]:
            assert cand["iterations"] == 2 and cand["win_rate"] is None
            assert cand["margin_at"] == "horizon" and "margin" in cand
    finally:
        engine.stdin.close()
        engine.wait(timeout=60)

"""Learned value weights (engine/learned.py) for Cross words combat's ``territory``, and
``wordbot learn --game crosswords``, which makes them: files refused by name, the
weights played alike by the Python player and the compiled core, targets from
lookahead, and learning runs on the real program (one worker and two making the same
weights, a killed run resumed to what an unbroken one makes)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from wordbot.engine import learned
from wordbot.engine.core import GAME_HORIZON, TO_END
from wordbot.engine.crosswords.core import CORE, TERRITORY, TERRITORY_HAND, settings_of
from wordbot.engine.crosswords.evaluation import VALUE_WEIGHTS
from wordbot.engine.games import get_game
from wordbot.engine.rng import SplitMixRandom
from wordbot.players import make_player
from wordbot.players.base import PlayerError
from wordbot.players.valuelearning import (
    CANDIDATES,
    HORIZON,
    SETTLE,
    game_positions,
    looked_ahead,
    target_task,
)

from tests import core_exactness as exact
from tests.cli_support import invoke, kill_when, one_line_refusal, run

GAME = get_game("crosswords")
HAND = {"threat": 0.5, "deny": 0.6, "room": 0.01}


def weights_file(path, **changes) -> str:
    obj = learned.LearnedWeights("crosswords", {**HAND, "threat": 0.9}).to_json()
    obj.update(changes)
    path.write_text(json.dumps(obj))
    return str(path)


def midgame(seed: int, plies: int = 8):
    """A position ``plies`` moves of random play into a game on the bundled pages."""
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def test_bad_weights_files_are_refused_by_name(tmp_path):
    cases = {
        "missing": (str(tmp_path / "none.json"), "no such weights"),
        "not json": (str(tmp_path / "x.json"), "not JSON"),
        "format": (weights_file(tmp_path / "f.json", format="other"), "not a weights file"),
        "version": (weights_file(tmp_path / "v.json", version=9), "version 9"),
        "game": (weights_file(tmp_path / "g.json", game="routewords"), "'routewords'"),
        "weights": (
            weights_file(tmp_path / "w.json", weights={"threat": 1}),
            "threat, deny, room",
        ),
        "not finite": (
            weights_file(tmp_path / "n.json", weights={**HAND, "room": "x"}),
            "finite",
        ),
    }
    (tmp_path / "x.json").write_text("{")
    for label, (name, needle) in cases.items():
        with pytest.raises(PlayerError, match=needle) as caught:
            make_player(f"territory:eval={name}", GAME)
        assert name in str(caught.value) and "\n" not in str(caught.value), label
    name, needle = cases["version"]
    one_line_refusal(
        invoke("hint", "--game", "crosswords", "--player", f"territory:eval={name}"),
        name,
        needle,
    )
    with pytest.raises(PlayerError, match="no such weights .*shipped: hand, learned"):
        make_player("territory:eval=nothing", GAME)


def test_territory_values_positions_by_the_weights_it_plays(tmp_path):
    name = weights_file(tmp_path / "w.json")
    hand = make_player("territory:eval=hand", GAME)
    mine = make_player(f"territory:eval={name}", GAME)
    given = make_player(f"territory:eval={name},deny=2", GAME)
    assert hand.weights.tolist() == list(HAND.values())
    assert mine.weights.tolist() == [0.9, 0.6, 0.01]
    assert given.weights.tolist() == [0.9, 2.0, 0.01]  # a weight given is played
    assert mine.spec == f"territory:eval={name}"
    for seed in range(6):
        state = midgame(seed)
        for seat, viewer in enumerate(state.players):
            # the weights differ in threat only: by 0.4 a cell of the best next write
            best_next = max(
                (int(w[4] + w[5]) for w in state.writes(seat, None, current=False)),
                default=0,
            )
            gap = mine.value(state, viewer) - hand.value(state, viewer)
            assert gap == pytest.approx(0.4 * best_next), (seed, viewer)


def test_the_shipped_weights_are_territorys_default_and_were_kept_by_their_check():
    shipped = learned.load("crosswords", "learned", VALUE_WEIGHTS)
    assert shipped is not None and "learned" in learned.names("crosswords")
    assert shipped.made["command"].startswith("wordbot learn --game crosswords")
    assert shipped.made["check"]["elo_low"] > 0
    assert shipped.made["check"]["games"] >= 400
    player = make_player("territory", GAME)
    assert player.weights.tolist() == [shipped.values[k] for k in VALUE_WEIGHTS]
    assert player.weights.tolist() != list(HAND.values())
    settings = settings_of("learned")
    assert [settings[i] for i in (1, 2, 3)] == player.weights.tolist()


def test_the_core_plays_each_set_of_weights_as_the_python_player():
    assert CORE.policies["territory"] == TERRITORY
    assert CORE.policies["territory:eval=hand"] == TERRITORY_HAND
    for i in range(4):
        state = midgame(30 + i, plies=6 + i)
        horizon = GAME_HORIZON if i % 2 else TO_END
        exact.check_playout(CORE, state, ["territory:eval=hand"] * 2, [i, 7], horizon)
        exact.check_playout(CORE, state, ["territory", "greedy"], [i], horizon)
        packed = CORE.pack(state)
        for spec in ("territory", "territory:eval=hand"):
            player = make_player(spec, GAME)
            values = CORE.values(packed, CORE.policies[spec])
            assert values.tolist() == [player.value(state, p) for p in state.players]


def test_one_playout_plays_one_set_of_weights():
    assert not CORE.plays_together([TERRITORY, TERRITORY_HAND])
    assert CORE.plays_together([TERRITORY_HAND, 1]) and CORE.plays_together([2, 2])
    with pytest.raises(ValueError, match="one territory at most"):
        CORE.playout(
            CORE.pack(midgame(1)), [TERRITORY, TERRITORY_HAND], np.array([1], np.uint64)
        )
    # a game between them is played in Python, each seat on its own weights
    out = run(
        "tournament", "--game", "crosswords", "--players",
        "territory,territory:eval=hand", "--games", "2", "--seed", "4", "--workers", "1",
        "--json",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1])["pairs"][0]["games"] == 2


def test_a_target_is_what_a_candidate_gains_six_moves_on_against_the_others():
    player = make_player("territory:eval=hand", GAME)
    state = midgame(5)
    viewer = state.players[0]
    assert looked_ahead(player, state, viewer, 0, SplitMixRandom(1)) == player.value(
        state, viewer
    )
    # the task's targets, from their definition: each of the policy's best candidates
    # played, then six moves of territory and on to where the mover waits again; the
    # value there less the margin the candidate reached, against the candidates' mean
    seed, g = 3, 0
    positions = game_positions(GAME, player, g, seed)
    for j in (len(positions) // 3, len(positions) // 2):
        [(row, features, targets)] = target_task(
            ("crosswords", "territory:eval=hand", None, (), seed, g, 1, [(4, j)])
        )
        position = positions[j]
        mover = position.to_move
        seat, other = position.players.index(mover), position.players[1 - position.seat]
        rng = SplitMixRandom(seed * 65_537 + 4)
        want_x, want_y = [], []
        for cand in player.top(position, CANDIDATES, rng):
            after = position.apply(cand.move)
            ahead, played = after, 0
            draws = SplitMixRandom(rng.getrandbits(62))
            while not ahead.is_over and (
                played < HORIZON or (ahead.to_move == mover and played < HORIZON + SETTLE)
            ):
                ahead = ahead.apply(player.choose(ahead, draws))
                played += 1
            margin = after.scores[mover] - after.scores[other]
            want_x.append(player.features(after, seat))
            want_y.append(player.value(ahead, mover) - margin)
        assert row == 4 and len(targets) == len(want_y) == CANDIDATES
        assert np.allclose(features, np.array(want_x) - np.mean(want_x, axis=0))
        assert np.allclose(targets, np.array(want_y) - np.mean(want_y))


LEARN = ["learn", "--game", "crosswords", "--rule", "turn_limit=8", "--games", "3"]
LEARN += ["--samples", "12", "--refills", "1", "--check", "4", "--seed", "5"]
LEARN += ["--check-time", "0"]  # the policies play the check: the same games anywhere


def test_a_generation_is_the_same_on_one_worker_and_two(tmp_path):
    for name, workers in (("one", "1"), ("two", "2")):
        out = run(*LEARN, "--generations", "1", "--workers", workers, "--quiet",
                  "--out", str(tmp_path / name))  # fmt: skip
        assert out.returncode == 0, (name, out.stderr)
    one, two = (
        json.loads((tmp_path / n / "gen-000.json").read_text()) for n in ("one", "two")
    )
    assert one["weights"] == two["weights"] and one["game"] == "crosswords"
    assert one["weights"] != HAND  # fitted, not the weights it started from
    made = one["made"]
    assert made["samples"] == 12 and made["from"] == "territory:eval=hand"
    assert made["candidates"] > 12  # each sample's candidates compared
    assert made["command"].startswith("wordbot learn --game crosswords")
    spec = f"territory:eval={tmp_path / 'one' / 'gen-000.json'}"
    assert make_player(spec, GAME).weights.tolist() == list(one["weights"].values())


def test_a_killed_learning_resumes_to_what_an_unbroken_one_makes(tmp_path):
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    learn = [*LEARN, "--generations", "1", "--workers", "1"]
    assert invoke(*learn, "--out", str(whole)).returncode == 0
    kill_when(
        [*learn, "--out", str(stopped)], stopped / "check-000" / "results.jsonl", lines=2
    )
    resumed = run("learn", "--resume", str(stopped), "--quiet")
    assert resumed.returncode == 0, resumed.stderr
    results = (stopped / "check-000" / "results.jsonl").read_text().splitlines()
    assert len(results) == 4  # the games before the kill kept, none played twice
    mine = json.loads((stopped / "generations.jsonl").read_text().splitlines()[0])
    theirs = json.loads((whole / "generations.jsonl").read_text().splitlines()[0])
    for key in ("samples", "r2", "games", "score", "kept"):
        assert mine[key] == theirs[key], key

"""``routes`` values a position by weights ``wordbot learn`` fits (reach, deny, claim):
its value is the margin plus those weights times what a position offers each seat, its
moves ranked by how that value changes; the compiled kernels play and value any set of
weights exactly as the Python player does; files are refused by name; ``wordbot learn
--game routewords`` fits them."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from wordbot.engine import learned
from wordbot.engine.core import GAME_HORIZON, TO_END
from wordbot.engine.rng import SplitMixRandom
from wordbot.engine.routewords.core import CORE, ROUTES, ROUTES_HAND, weights_of
from wordbot.engine.routewords.evaluation import VALUE_WEIGHTS
from wordbot.engine.routewords.game import GAME
from wordbot.engine.routewords.legal import reach
from wordbot.engine.routewords.moves import Both, Route
from wordbot.movegen.routewords import core_play, core_routes
from wordbot.movegen.routewords.core_moves import new_scratch
from wordbot.players import make_player
from wordbot.players.base import PlayerError

from tests import core_exactness as exact
from tests.cli_support import invoke, one_line_refusal, run
from tests.lexicons import small_lexicon
from tests.routewords_support import random_positions

HAND = {"reach": 0.5, "deny": 0.7, "claim": 0.4}
#: weights far from the hand-set ones, of either sign (the bounds take the other end)
ODD = [(0.9, 0.2, 1.5), (-0.5, -0.3, -1.0), (0.0, 1.3, 0.05)]


def positions(count: int, seed: int, players=None) -> list:
    states = random_positions(small_lexicon(), 2 * count, seed, players=players)
    return [s for s in states if not s.is_over][:count]


def spec_of(weights) -> str:
    return "routes:" + ",".join(f"{k}={w}" for k, w in zip(VALUE_WEIGHTS, weights))


def kernel_playout(state, weights, seeds, horizon):
    """The kernels' playout of ``state`` by ``routes`` on ``weights`` at every seat:
    the engine's moves it made and the seats' values where it stopped."""
    packed = CORE.pack(state)
    forward = state.lexicon.forward
    ids = np.full(len(state.players), ROUTES, np.int64)
    rows, _, _, _ = core_play.run(
        forward.records,
        forward.below,
        packed.array,
        float(state.rules.compensation),
        np.zeros((0, CORE.width), np.int64),
        ids,
        np.array(weights, np.float64),
        np.array(seeds, np.uint64),
        horizon,
        False,
        False,
    )
    values = core_routes.routes_values(
        forward.records,
        CORE.pack(state).array,  # the playout played ``packed`` on
        new_scratch(forward.below),
        np.array(weights, np.float64),
        float(state.rules.compensation),
    )
    return CORE.moves(CORE.pack(state), rows), values


def test_the_kernels_play_and_value_any_weights_as_the_python_player():
    played = 0
    for i, state in enumerate(positions(9, 41)):
        weights = ODD[i % len(ODD)]
        names = [spec_of(weights)] * len(state.players)
        seeds = [i * 7 + s for s in range(len(state.players))]
        horizon = GAME_HORIZON if i % 2 else 6
        moves, values = kernel_playout(state, weights, seeds, horizon)
        python, _ = exact.python_playout(
            state, names, [SplitMixRandom(s) for s in seeds], horizon
        )
        assert [m.to_json() for m in moves] == [m.to_json() for m in python], i
        player = make_player(names[0], GAME)
        assert values.tolist() == [player.value(state, p) for p in state.players], i
        played += len(moves)
    assert played > 20


def test_the_core_plays_the_hand_set_weights_and_the_default_ones():
    assert CORE.policies["routes"] == ROUTES
    assert CORE.policies["routes:eval=hand"] == ROUTES_HAND
    assert weights_of("hand").tolist() == list(HAND.values())
    assert weights_of("hand").flags.writeable  # a read-only array compiles anew
    for i, state in enumerate(positions(4, 43, players=2)):
        horizon = GAME_HORIZON if i % 2 else TO_END
        exact.check_playout(CORE, state, ["routes:eval=hand"] * 2, [i, 7], horizon)
        exact.check_playout(CORE, state, ["routes", "greedy"], [i], horizon)
        packed = CORE.pack(state)
        for spec in ("routes", "routes:eval=hand"):
            player = make_player(spec, GAME)
            values = CORE.values(packed, CORE.policies[spec])
            assert values.tolist() == [player.value(state, p) for p in state.players]


def test_one_playout_plays_one_set_of_weights():
    assert not CORE.plays_together([ROUTES, ROUTES_HAND])
    assert CORE.plays_together([ROUTES_HAND, 1]) and CORE.plays_together([2, 2, 0])
    state = positions(1, 3, players=2)[0]
    with pytest.raises(ValueError, match="one set of routes' weights at most"):
        CORE.playout(CORE.pack(state), [ROUTES, ROUTES_HAND], np.array([1], np.uint64))


def test_the_value_is_the_margin_plus_the_weights_times_what_each_seat_is_offered():
    hand = make_player("routes:eval=hand", GAME)
    odd = make_player(spec_of(ODD[0]), GAME)
    assert hand.weights.tolist() == list(HAND.values())
    assert odd.weights.tolist() == list(ODD[0])
    checked = 0
    for state in positions(8, 44):
        if state.phase != "turn":
            continue
        mover = state.seat
        # the best coin the mover could take: the best coin of its moves that walk a
        # route (a swap first or after changes the letters, so only routes alone)
        coins = [state.coins[m.end] for m in state.legal_moves() if isinstance(m, Route)]
        features = hand.features(state, mover)
        assert features[0] == max(coins, default=0)
        after = (mover + 1) % len(state.players)
        assert features[1] == -reach(state, after)
        assert features[2] == sum(owner == mover for owner in state.owners)
        viewer = state.players[mover]
        margin = float(state.outcome().margin(viewer))
        for player in (hand, odd):
            w = player.weights
            want = margin + w[0] * features[0] + w[1] * features[1] + w[2] * features[2]
            assert player.value(state, viewer) == pytest.approx(want)
        checked += 1
    assert checked >= 4


def test_a_moves_worth_is_how_it_changes_the_movers_value():
    """Between two routes of one position, the player's equities differ as its values
    of the positions they reach (the coin shows in the margin, the rest in the
    features)."""
    player = make_player("routes:eval=hand", GAME)
    compared = 0
    for state in positions(10, 45, players=2):
        if state.phase != "turn":
            continue
        viewer = state.to_move
        ranked = player.top(state, 4, random.Random(0))
        plain = [c for c in ranked if isinstance(c.move, Route | Both)]
        for a, b in zip(plain, plain[1:]):
            after_a, after_b = state.apply(a.move), state.apply(b.move)
            if after_a.is_over or after_b.is_over:
                continue
            gap = player.value(after_a, viewer) - player.value(after_b, viewer)
            assert a.equity - b.equity == pytest.approx(gap, abs=1e-9)
            compared += 1
    assert compared >= 3


def test_bad_weights_files_are_refused_by_name(tmp_path):
    crosswords = learned.LearnedWeights(
        "crosswords", {"threat": 1.0, "deny": 1.0, "room": 0.0}
    )
    other = tmp_path / "other.json"
    other.write_text(json.dumps(crosswords.to_json()))
    with pytest.raises(PlayerError, match="'crosswords'") as caught:
        make_player(f"routes:eval={other}", GAME)
    assert str(other) in str(caught.value)
    with pytest.raises(PlayerError, match="no such weights"):
        make_player("routes:eval=nothing", GAME)
    one_line_refusal(
        invoke("hint", "--game", "routewords", "--player", f"routes:eval={other}"),
        str(other),
        "'crosswords'",
    )


def test_wordbot_learn_fits_routes_weights(tmp_path):
    out = run(
        "learn", "--game", "routewords", "--rule", "turn_limit=6", "--games", "2",
        "--samples", "10", "--refills", "1", "--check", "2", "--seed", "3",
        "--generations", "1", "--workers", "1", "--quiet", "--out", str(tmp_path),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    made = json.loads((tmp_path / "gen-000.json").read_text())
    assert made["game"] == "routewords" and set(made["weights"]) == set(VALUE_WEIGHTS)
    assert made["weights"] != HAND  # fitted, not the weights it started from
    assert made["made"]["from"] == "routes:eval=hand"
    assert made["made"]["candidates"] > made["made"]["samples"]
    spec = f"routes:eval={tmp_path / 'gen-000.json'}"
    assert make_player(spec, GAME).weights.tolist() == list(made["weights"].values())

"""``mc`` and ``search`` keep to their time over a game, as a clock does: a round of
playouts is not begun past the decision's time, a decision that overran leaves the
next ones less, and where first rounds ran slow only the candidates the time holds are
played (players/montecarlo.py)."""

from __future__ import annotations

import random
import time

import pytest
from wordbot.players import make_player
from wordbot.players.montecarlo import LEAST_SHARE
from wordbot.players.profile import profile_of

from tests.game_profiles import NAMES, game_of, lexicon_of


def decision_seconds(player, state) -> float:
    started = time.perf_counter()
    player.choose(state, random.Random(1))
    return time.perf_counter() - started


@pytest.mark.parametrize("spec", ["mc", "search"])
def test_a_decision_that_overran_leaves_the_next_ones_less(spec):
    # First Draft's drafter plays a move in a few hundredths of a second: one round of
    # its playouts overruns a thousandth of a second many times over
    game = game_of("firstdraft")
    state = game.new(None, 3, None, lexicon_of(game))
    player = make_player(f"{spec}:time=0.001,rollout=drafter,k=2", game)
    first = decision_seconds(player, state)
    assert first > 5 * 0.001  # it overran, many times over: one round of playouts
    assert player._seconds == 0.001
    decision_seconds(player, state)
    assert player._seconds == pytest.approx(LEAST_SHARE * 0.001)


@pytest.mark.parametrize("spec", ["mc", "search:playout=0"])
def test_after_slow_first_rounds_only_the_candidates_the_time_holds_are_played(spec):
    game = game_of("firstdraft")
    states = [game.new(None, seed, None, lexicon_of(game)) for seed in (3, 4, 5)]
    join = "," if ":" in spec else ":"
    # the drafter's playouts to the horizon take a millisecond a candidate or more: two
    # milliseconds, the drafter's candidates found, hold two at most
    slow = make_player(f"{spec}{join}time=0.002,rollout=drafter,k=4", game)
    played = [
        sum(c.iterations > 0 for c in slow.top(s, 4, random.Random(1))) for s in states
    ]
    assert slow._paces["firstdraft"] > 0
    assert played[0] == 4  # no pace yet: one playout each
    assert played[1:] == [2, 2]
    # greedy's playouts take a fraction of a millisecond: half a second holds them all
    fast = make_player(f"{spec}{join}time=0.5,rollout=greedy,k=4", game)
    played = [
        sum(c.iterations > 0 for c in fast.top(s, 4, random.Random(1))) for s in states
    ]
    assert played == [4, 4, 4]


def test_an_iteration_budget_is_never_cut_by_the_clock():
    # time=1000: the clock never shortens a decision, so it replays for its budget
    game = game_of("controlword")
    state = game.new(None, 3, None, lexicon_of(game))
    player = make_player("mc:iterations=3,time=1000,k=3", game)
    ranked = [player.top(state, 3, random.Random(2)) for _ in range(3)]
    assert all([c.iterations for c in r] == [3, 3, 3] for r in ranked)
    assert player._seconds == 1000


@pytest.mark.parametrize("name", NAMES)
def test_mc_plays_out_with_the_games_playout_policy_and_values_by_its_policy(name):
    game = game_of(name)
    profile = profile_of(game)
    mc = make_player("mc", game)
    assert mc.policy(game, rollout=True).spec == profile.playout_policy
    assert mc.policy(game, leaf=True).spec == profile.default_policy
    assert mc.policy(game).spec == profile.default_policy
    given = make_player("mc:rollout=random,leaf=greedy", game)
    assert given.policy(game, rollout=True).spec == "random"
    assert given.policy(game, leaf=True).spec == "greedy"

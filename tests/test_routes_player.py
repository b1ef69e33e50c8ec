"""``routes`` weighs a position's moves lazily (the most promising first, skipping those
whose bound cannot reach the n-th best): its n best are exactly the first n of weighing
every move, in the same order, with the same random tie-breaks drawn."""

from __future__ import annotations

import random

import pytest
from wordbot.engine.routewords.game import GAME
from wordbot.players import make_player

from tests.lexicons import small_lexicon
from tests.routewords_support import random_positions
from tests.sampling import fast_and_full


def _ranking(player, state, n: int, seed: int):
    rng = random.Random(seed)
    ranked = player.top(state, n, rng)
    return [(c.notation, c.equity, c.points, c.details) for c in ranked], rng.random()


@pytest.mark.parametrize(
    "spec",
    [
        "routes",
        "routes:routes=1,claim=2",
        # negative weights: the bounds take the other end of each term
        "routes:reach=-0.5,deny=-0.3,claim=-1",
    ],
)
@fast_and_full("count", 30, 300)
def test_the_n_best_are_the_first_n_of_weighing_every_move(spec, count):
    lexicon = small_lexicon()
    player = make_player(spec)
    states = random_positions(lexicon, count, seed=5) + random_positions(
        lexicon, count // 3, seed=6, players=2, max_turns=2, rules=GAME.rules(["pie=true"])
    )
    compared = 0
    for k, state in enumerate(states):
        if state.is_over or state.phase != "turn":
            continue
        everything, draw = _ranking(player, state, 10**6, k)
        for n in (1, 2, 6):
            assert _ranking(player, state, n, k) == (everything[:n], draw), (k, n)
        compared += 1
    assert compared >= count // 2


def test_the_value_of_a_position():
    """Zero-sum between two players; the points margin with its weights off; the coin
    the player to move can reach raises its value exactly when there is one."""
    from wordbot.engine.routewords.legal import reach

    lexicon = small_lexicon()
    plain = make_player("routes:turn_coin=0,later_coin=0,square=0")
    greedy = make_player("greedy")
    states = [
        s
        for s in random_positions(lexicon, 40, seed=8, players=2)
        if not s.is_over and s.phase == "turn"
    ]
    assert len(states) > 20
    reached = 0
    for state in states:
        red, green = state.players
        fitted = make_player("routes")
        assert fitted.value(state, red) == pytest.approx(-fitted.value(state, green))
        assert plain.value(state, red) == greedy.value(state, red)
        mover = state.to_move
        eager = make_player("routes:turn_coin=1,later_coin=0,square=0")
        coin = reach(state, state.seat)
        assert (eager.value(state, mover) > plain.value(state, mover)) == (coin > 0)
        reached += coin > 0
    assert reached > 5

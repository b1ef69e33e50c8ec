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
@fast_and_full("count", 15, 300)
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

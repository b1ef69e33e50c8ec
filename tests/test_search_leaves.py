"""The short cuts a search takes change none of its values: a tree leaf valued from
the positions above it (packed once, each carried to the next by a move) is valued as
a leaf played out in Python; an arm's mean and interval follow every playout it adds;
greedy's moves, asked for without its candidates' reports, are its candidates' moves."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from wordbot.engine.core import GAME_HORIZON
from wordbot.players.base import Candidate
from wordbot.players.montecarlo import _Arm
from wordbot.players.playouts import End, Playouts
from wordbot.players.profile import profile_of

from tests.game_profiles import CATALOG, NAMES
from tests.test_search import positions

PERFECT = ["routewords", "crosswords"]


def leaves(name: str, horizon: int) -> list[tuple[list[float], bool]]:
    """The values of the leaves one and two moves past a few positions (the greedy's
    best moves and replies), each told the branch that leads to it from the position,
    as a tree tells it, in an order that moves between branches (a tree's siblings
    and cousins, its next depth's new positions)."""
    out = []
    for n, state in enumerate(positions(name, 3, seed=11 + len(name))):
        game = state.game
        greedy = CATALOG.players.make("greedy", game)
        leaf = CATALOG.players.make(profile_of(game).default_policy, game)
        found = []
        for cand in greedy.top(state, 3, random.Random(n)):
            after = state.apply(cand.move, check=False)
            branch = [(state, cand.move)]
            found.append((after, branch))
            for reply in [] if after.is_over else greedy.top(after, 3, random.Random(n)):
                end = after.apply(reply.move, check=False)
                found.append((end, branch + [(after, reply.move)]))
        order = list(range(len(found)))
        random.Random(n).shuffle(order)
        playouts = Playouts(game, greedy, leaf)  # one a decision, as the search's
        values = {}
        for i in order:  # each leaf's seed its own, whatever the order
            end, branch = found[i]
            values[i] = playouts.leaf_values(end, i, horizon, branch)
        out += [values[i] for i in range(len(found))]
    return out


@pytest.mark.parametrize("horizon", [2, GAME_HORIZON])
@pytest.mark.parametrize("name", PERFECT)
def test_a_leaf_valued_from_the_positions_above_it_is_valued_as_in_python(
    name, horizon, monkeypatch
):
    compiled = leaves(name, horizon)
    monkeypatch.setenv("WORDBOT_CORE", "off")  # every playout in Python
    python = leaves(name, horizon)
    assert len(compiled) >= 20
    assert compiled == python


def test_an_arms_mean_and_interval_follow_its_playouts():
    arm = _Arm(Candidate(None, "a"))
    seen: list[float] = []
    for value in (3.0, -1.0, 4.5, 0.25, 2.0):
        arm.add(End(value, False))
        seen.append(value)
        assert arm.n == len(seen)
        assert arm.mean == pytest.approx(statistics.fmean(seen))
        if len(seen) == 1:
            assert arm.stderr == math.inf
        else:
            assert arm.stderr == pytest.approx(
                statistics.stdev(seen) / math.sqrt(len(seen))
            )


@pytest.mark.parametrize("name", NAMES)
def test_greedys_moves_are_its_top_candidates_moves_with_the_same_draws(name):
    for n, state in enumerate(positions(name, 4, seed=3 + len(name))):
        greedy = CATALOG.players.make("greedy", state.game)
        for k in (1, 3, 6):
            by_top, by_moves = random.Random(n), random.Random(n)
            top = [c.move for c in greedy.top(state, k, by_top)]
            assert greedy.moves(state, k, by_moves) == top
            assert by_moves.random() == by_top.random()  # as many draws taken

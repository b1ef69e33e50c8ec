"""Alpha-beta (``search:tree=ab``): the same values as a plain minimax over the same
candidates and leaves, reproducible for an iteration budget, refused by name when the
tree is unknown."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.players.alphabeta import AlphaBeta
from wordbot.players.base import PlayerError

from tests.cli_support import invoke
from tests.game_profiles import CATALOG
from tests.sampling import fast_and_full
from tests.test_search import positions, ranked

PERFECT = ["routewords", "crosswords"]


def minimax(state, depth, me, expand, leaf):
    """The obviously correct value: every candidate of every node, to ``depth``."""
    if depth == 0 or state.is_over:
        return leaf(state)
    moves = expand(state)
    if not moves:
        return leaf(state)
    values = [minimax(state.apply(m), depth - 1, me, expand, leaf) for m in moves]
    return max(values) if state.to_move == me else min(values)


@pytest.mark.parametrize("name", PERFECT)
@fast_and_full("count", 6, 24)
def test_alphabeta_finds_the_minimax_value_of_the_same_tree(name, count):
    for n, state in enumerate(positions(name, count, seed=7 + len(name))):
        policy = CATALOG.players.make("greedy", state.game)
        me = state.to_move

        def expand(s, policy=policy):
            return [c.move for c in policy.top(s, 3, random.Random(0))]

        def leaf(s, policy=policy, me=me):
            return policy.value(s, me)

        root = policy.top(state, 3, random.Random(0))
        for depth in (1, 2, 3, 4):
            search = AlphaBeta(expand, lambda s, key, branch: leaf(s), depth=depth)
            best = search.run(state, root)[0]
            values = [
                minimax(state.apply(c.move), depth - 1, me, expand, leaf) for c in root
            ]
            if len(root) == 1:
                continue
            assert search.depth == depth
            assert best.value == max(values), f"{name} position {n}, depth {depth}"
            assert values[[c.notation for c in root].index(best.cand.notation)] == max(
                values
            )


@pytest.mark.parametrize("name", PERFECT)
def test_alphabeta_search_replays_for_an_iteration_budget(name):
    spec = "search:tree=ab,iterations=12,k=3,time=600"
    for n, state in enumerate(positions(name, 3, seed=len(name))):
        first = CATALOG.players.make(spec, state.game).top(state, 3, random.Random(n))
        again = CATALOG.players.make(spec, state.game).top(state, 3, random.Random(n))
        assert ranked(first) == ranked(again)
        state.check(first[0].move)
        assert all(c.details["depth"] >= 1 for c in first if len(first) > 1)


def test_an_unknown_tree_is_refused_by_name():
    with pytest.raises(PlayerError, match="tree='minimax'"):
        CATALOG.players.make("search:tree=minimax", None)


def test_hint_shows_the_leaves_and_depth_of_each_candidate():
    args = ["--game", "crosswords", "--player", "search:tree=ab,iterations=20,k=3,time=600"]
    cands = json.loads(invoke("hint", *args, "--json", "--top", "3").stdout)["candidates"]
    assert len(cands) == 3
    # every candidate is searched one move deep at least; the leaves past the first
    # depth are capped by the iteration budget
    assert all(c["depth"] >= 1 and c["margin_at"] == "horizon" for c in cands)
    assert all(c["win_rate"] is None for c in cands)  # a new game: far from its end
    assert 3 <= sum(c["iterations"] for c in cands) <= 20 + 3
    text = invoke("hint", *args, "--top", "3").stdout
    assert "playouts" in text and "depth" in text

"""RouteWords' compiled core (wordbot.engine.routewords.core): greedy self-play whole
games in one call into the kernel, beside the same games in the Python arena, and the
playouts ``search`` and ``mc`` play (two rounds ahead); default lexicon, one thread.
Target: the kernel plays at least five times the Python arena's games a second.

* ``kernel``: each game packed from its start and played out by ``Core.playout``
  (greedy in both seats);
* ``python_arena``: the same games by ``players.arena.play_game``, greedy seats;
* ``two_round_playout``: one playout two rounds ahead (``GAME_HORIZON``) from a
  mid-game position, by greedy (``search``'s leaves) and by routes (``mc``'s).
"""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.core import GAME_HORIZON, GREEDY, TO_END
from wordbot.engine.routewords.core import CORE, ROUTES
from wordbot.engine.routewords.game import GAME
from wordbot.players import make_player

GAMES = 20


@pytest.fixture(scope="module")
def starts(default_lexicon):
    return [GAME.new(seed=seed, lexicon=default_lexicon) for seed in range(GAMES)]


def _per_game(benchmark, run, count):
    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:
        benchmark.extra_info["games_per_second"] = round(
            count / benchmark.stats["median"], 1
        )


def test_kernel(benchmark, starts):
    """Greedy self-play, 20 whole two-player games (seeds 0-19), each packed from its
    start and played to the end in one call; ``extra_info`` has the games a second."""

    def run():
        for seed, state in enumerate(starts):
            rngs = np.array([seed, seed + 1], np.uint64)
            played = CORE.playout(CORE.pack(state), [GREEDY, GREEDY], rngs, TO_END)
            assert played.ended

    _per_game(benchmark, run, len(starts))


def test_python_arena(benchmark, starts, monkeypatch):
    """The same 20 games of greedy against greedy in the Python arena
    (``play_game``, every move a Python state); ``extra_info`` has the games a second."""
    from wordbot.players.arena import play_game

    monkeypatch.setenv("WORDBOT_CORE", "off")
    greedy = make_player("greedy", GAME)

    def run():
        for seed, state in enumerate(starts):
            play_game(state, dict.fromkeys(state.players, greedy), seed)

    _per_game(benchmark, run, len(starts))


@pytest.mark.parametrize("policy", ["greedy", "routes"])
def test_two_round_playout(benchmark, starts, policy):
    """One playout two rounds ahead (four moves) from the 9th position of the seed-5
    game of greedy self-play, by greedy (``search``'s leaves) or routes (``mc``'s
    rollouts)."""
    state = starts[5]
    greedy = make_player("greedy", GAME)
    for _ in range(8):
        state = state.apply(greedy.choose(state))
    packed = CORE.pack(state)
    rngs = np.array([1], np.uint64)
    ids = [GREEDY if policy == "greedy" else ROUTES] * len(state.players)

    def run():
        CORE.playout(packed.copy(), ids, rngs.copy(), GAME_HORIZON)

    benchmark(run)

"""Control Word's compiled core (wordbot.engine.controlword.core): greedy self-play
whole games in one call into the kernel, beside the same games in the Python arena, and
the playouts a search plays (to the end of the round); default lexicon, one thread.
Target: the kernel plays at least three times the Python arena's games a second.

* ``kernel``: each game packed from its start and played out by ``Core.playout``
  (greedy in both seats);
* ``python_arena``: the same games by ``players.arena.play_game``, greedy seats;
* ``round_playout``: one playout to the end of the round (``GAME_HORIZON``) from a
  round-3 position, the unit of ``mc`` and ``search``, by ``greedy`` or by ``control``
  (Control Word's playout policy), in the kernel or (``python``) by the Python players.
"""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.controlword.core import CORE
from wordbot.engine.controlword.game import GAME
from wordbot.engine.core import GAME_HORIZON, GREEDY, TO_END
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


@pytest.mark.parametrize("where", ["kernel", "python"])
@pytest.mark.parametrize("policy", ["greedy", "control"])
def test_round_playout(benchmark, starts, policy, where):
    """One playout to the end of the round by ``policy`` in both seats (the parameter)
    from the start of round 3 of the seed-5 game of greedy self-play, what ``mc`` and
    ``search`` play per sample: in the kernel, or by the Python players."""
    from wordbot.engine.rng import SplitMixRandom

    from tests.core_exactness import python_playout

    state = starts[5]
    greedy = make_player("greedy", GAME)
    while state.round < 3:
        state = state.apply(greedy.choose(state))
    packed = CORE.pack(state)
    ids = [CORE.policies[policy]] * 2

    def kernel():
        CORE.playout(packed.copy(), ids, np.array([1], np.uint64), GAME_HORIZON)

    def python():
        python_playout(state, [policy] * 2, [SplitMixRandom(1)], GAME_HORIZON)

    benchmark(kernel if where == "kernel" else python)

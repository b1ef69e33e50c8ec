"""First Draft's compiled core (wordbot.engine.firstdraft.core): greedy self-play whole
games in one call into the kernel, beside the same games in the Python arena, and the
playouts ``search`` and ``mc`` play (two rounds ahead); default lexicon, one thread.
Target: the kernel plays at least five times the Python arena's games a second.

* ``kernel``: each game packed from its start and played out by ``Core.playout``
  (greedy in both seats);
* ``python_arena``: the same games by ``players.arena.play_game``, greedy seats;
* ``two_round_playout``: one playout two rounds ahead (``GAME_HORIZON``) from a
  mid-game position, by greedy (``search``'s leaves) and by drafter (``mc``'s), in the
  kernel (its potentials kept from the rounds before, as a search's playouts from one
  position find them) and by the Python players.
"""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.core import GAME_HORIZON, GREEDY, TO_END
from wordbot.engine.firstdraft.core import CORE, DRAFTER
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.rng import SplitMixRandom
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


@pytest.fixture(scope="module")
def middle(starts):
    """The 9th position of the seed-5 game of greedy self-play."""
    state = starts[5]
    greedy = make_player("greedy", GAME)
    for _ in range(8):
        state = state.apply(greedy.choose(state))
    return state


@pytest.mark.parametrize("policy", ["greedy", "drafter"])
def test_two_round_playout(benchmark, middle, policy):
    """One playout two rounds ahead (four drafts and the sells and inserts between)
    from the 9th position of the seed-5 game of greedy self-play, by greedy
    (``search``'s leaves) or drafter (``mc``'s rollouts), in the kernel."""
    packed = CORE.pack(middle)
    rngs = np.array([1], np.uint64)
    ids = [GREEDY if policy == "greedy" else DRAFTER] * len(middle.players)

    def run():
        CORE.playout(packed.copy(), ids, rngs.copy(), GAME_HORIZON)

    benchmark(run)


@pytest.mark.parametrize("policy", ["greedy", "drafter"])
def test_two_round_playout_python(benchmark, middle, policy):
    """The same playout by the Python players (one player kept from round to round,
    as a search keeps it, so the drafter's potentials are found already)."""
    player = make_player(policy, GAME)

    def run():
        state, rng = middle, SplitMixRandom(1)
        while not state.is_over and not GAME.playout_done(middle, state):
            state = state.apply(player.choose(state, rng))

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)

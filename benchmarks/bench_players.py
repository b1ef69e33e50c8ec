"""Player benchmarks: `wordbot hint` from a cold process, control decisions, mc playouts."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.players import Limit, make_player


@pytest.fixture(scope="module")
def midgame(default_lexicon):
    """Round 3 of a control self-play game on the default lexicon (seed 5)."""
    s = GAME.new(["red", "green"], seed=5, lexicon=default_lexicon)
    player = make_player("control:explain=false")
    while s.round < 3:
        s = s.apply(player.choose(s), check=False)
    return s


def test_hint_new_process(benchmark, default_lexicon):
    """``wordbot hint --json`` on the built-in position in a new process, start to exit,
    caches warm."""

    def run():
        out = subprocess.run(
            [sys.executable, "-m", "wordbot", "hint", "--json"],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0, out.stderr

    benchmark.pedantic(run, rounds=7, iterations=1, warmup_rounds=1)


#: a new process that pays numba's start-up and nothing of the hint: Python, numpy,
#: numba, and one small cached kernel (its first call sets numba's compiler target up);
#: it ends with ``os._exit`` as the quick commands do (numba's teardown is slow)
NUMBA_FLOOR = (
    "import os; import numpy as np; import wordbot; "
    "from wordbot.movegen.crosswords.writes import walls_box; "
    "walls_box(np.zeros((3, 3), np.int8)); os._exit(0)"
)


@pytest.mark.parametrize(
    "what", ["python", "numba_floor"], ids=["python_alone", "numba_floor"]
)
def test_new_process_floor(benchmark, default_lexicon, what):
    """A new process that does no work of its own, start to exit: ``python -c pass``
    (``python_alone``), or Python with numpy, numba, wordbot and one small cached kernel
    (``numba_floor``).

    What any new process of a numba program costs before its own work: the part of
    ``test_hint_new_process`` no change to wordbot can take away."""
    code = "pass" if what == "python" else NUMBA_FLOOR

    def run():
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr

    benchmark.pedantic(run, rounds=7, iterations=1, warmup_rounds=1)


def test_control_decision_word_phase(benchmark, midgame):
    """One decision of ``control`` at the start of round 3 (word phase) of a seeded
    Control Word game of ``control`` against itself on the default lexicon."""
    player = make_player("control:explain=false")
    benchmark(player.choose, midgame)


def test_control_decision_replacement_phase(benchmark, midgame):
    """One decision of ``control`` in the replacement phase of round 3 of the same game
    as ``test_control_decision_word_phase``."""
    player = make_player("control:explain=false")
    s = midgame
    while s.phase != "replacement":
        s = s.apply(player.choose(s), check=False)
    benchmark(player.choose, s)


def test_mc_playouts_per_second(benchmark, midgame):
    """One decision of ``mc`` (its 5 best candidates, at most 8 playouts each) at the
    start of round 3 of the game of ``test_control_decision_word_phase``; ``extra_info``
    has the playouts of the decision and the playouts a second."""
    player = make_player("mc:k=5", limit=Limit(iterations=8, time=60))

    def decide():
        player.top(midgame, 1, random.Random(1))
        return player.playouts

    playouts = benchmark.pedantic(decide, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info["playouts_per_decision"] = playouts
    if benchmark.stats is not None:  # None when the plain test run has benchmarks off
        benchmark.extra_info["playouts_per_second"] = round(
            playouts / benchmark.stats["median"], 1
        )


@pytest.mark.parametrize("game", ["crosswords", "routewords"])
def test_search_decision(benchmark, default_lexicon, game):
    """One decision of ``search``'s alpha-beta at a fixed budget of 60 leaves past its
    first depth, on the 9th position of a seeded greedy game (the same search every
    round: the time is the tree's, its leaves and its table's keys)."""
    from wordbot.engine.games import get_game

    state = get_game(game).new(seed=3, lexicon=default_lexicon)
    greedy = make_player("greedy")
    for i in range(8):
        state = state.apply(greedy.choose(state, random.Random(i)), check=False)
    player = make_player("search:iterations=60,time=60")

    def decide():
        return player.top(state, 1, random.Random(1))[0].notation

    benchmark.pedantic(decide, rounds=7, iterations=1, warmup_rounds=1)

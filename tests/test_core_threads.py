"""The compiled cores' playouts run without the interpreter's lock: while one thread
plays out, the process's other threads go on (a server answers its other clients), and
two threads playing out at once get what one thread alone gets.

A kernel that held the lock would let no other thread run between its start and its
end; the test counts the steps another thread took in the middle of a long call.
"""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest
from wordbot.engine.core import GREEDY, core_of
from wordbot.engine.games import get_game

from tests.lexicons import small_lexicon

GAMES = ["controlword", "routewords", "firstdraft", "crosswords"]


def _start(name: str):
    game = get_game(name)
    if name == "crosswords":  # its words are the page's
        return game.new(seed=3)
    return game.new(seed=3, lexicon=small_lexicon())


def _batch(core, state, seeds: int):
    """Every first move of ``state`` played out by greedy on ``seeds`` seeds: the
    scores."""
    packed = core.pack(state)
    rows = np.array([core.encode(packed, m) for m in state.legal_moves()[:8]])
    policies = [GREEDY] * len(state.players)
    out = core.playouts(packed, rows, policies, np.arange(1, seeds + 1, dtype=np.uint64))
    return out.scores


def _long_batch(core, state) -> int:
    """A number of seeds whose batch takes at least 0.3 s."""
    seeds = 4
    while True:
        t = time.perf_counter()
        _batch(core, state, seeds)
        if time.perf_counter() - t >= 0.3:
            return seeds
        seeds *= 2


@pytest.mark.parametrize("name", GAMES)
def test_other_threads_run_while_a_core_plays_out(name):
    state = _start(name)
    core = core_of(state)
    assert core is not None
    seeds = _long_batch(core, state)
    span: list[float] = []

    def play():
        span.append(time.perf_counter())
        _batch(core, state, seeds)
        span.append(time.perf_counter())

    worker = threading.Thread(target=play)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    worker.join()
    start, end = span
    quarter = (end - start) / 4
    middle = [t for t in ticks if start + quarter < t < end - quarter]
    # half the call is at least 0.15 s: a thread waking each millisecond or so
    assert len(middle) >= 10, (name, end - start, len(middle))


@pytest.mark.parametrize("name", GAMES)
def test_two_threads_playing_out_at_once_get_what_one_gets(name):
    state = _start(name)
    core = core_of(state)
    alone = _batch(core, state, 24)
    results: list = [None, None]

    def play(i: int):
        results[i] = _batch(core, state, 24)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got in results:
        assert np.array_equal(got, alone), name

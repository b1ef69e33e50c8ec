"""Engine speed: ``apply`` on a mid-game board and a whole game of applies.

Run: ``pytest benchmarks/bench_engine_apply.py``.
The game is played once with random legal actions (the reference enumerator chooses them,
which is slow); the benchmarks then time only the engine.
"""

from __future__ import annotations

import random

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Pass, WordPlay

from tests.controlword_games import choose_action
from tests.lexicons import small_words


@pytest.fixture(scope="module")
def game():
    """(start state, moves) of a 2-player game of random legal actions, 10 rounds."""
    rng = random.Random(3)
    start = s = GAME.new(["red", "green"], seed=3, lexicon=small_words())
    moves = []
    while not s.is_over:
        free = sum(1 for m in moves[-2:] if m.type in ("exchange", "redraw"))
        move = choose_action(s, rng, free)
        moves.append(move)
        s = s.apply(move)
    return start, moves


def mid_game(game):
    """The state before the longest word play of round 5 or later, and that play."""
    start, moves = game
    s = start
    best = None
    for move in moves:
        if (
            isinstance(move, WordPlay)
            and s.round >= 5
            and (best is None or len(move.tiles) > len(best[1].tiles))
        ):
            best = (s, move)
        s = s.apply(move, check=False)
    return best


def test_apply_word_play_trusted(benchmark, game):
    """One unchecked ``apply`` (``check=False``) of a mid-game word play: the longest of
    round 5 or later in the seeded two-player Control Word game of random legal actions
    on a small word list."""
    s, move = mid_game(game)
    benchmark(s.apply, move, False)


def test_apply_word_play_checked(benchmark, game):
    """One checked ``apply`` (the default) of the same mid-game word play as
    ``test_apply_word_play_trusted``: the legality check on top of the move."""
    s, move = mid_game(game)
    benchmark(s.apply, move)


def test_apply_pass(benchmark, game):
    """One unchecked ``apply`` of a pass on the mid-game state of
    ``test_apply_word_play_trusted``."""
    s, _ = mid_game(game)
    benchmark(s.apply, Pass(), False)


def test_apply_round_end(benchmark, game):
    """One unchecked ``apply`` of the action that ends round 3 of the seeded game of
    ``test_whole_game_of_applies`` (the last replacement-phase action): draw phase,
    rotation and the new dice."""
    start, moves = game
    s = start
    for move in moves:
        after = s.apply(move, check=False)
        if after.round > s.round and s.round >= 3:
            break
        s = after
    benchmark(s.apply, move, False)


def test_whole_game_of_applies(benchmark, game):
    """Every action of the seeded two-player Control Word game of random legal actions
    (10 rounds, a small word list), applied unchecked from the start; ``extra_info`` has
    the number of actions."""
    start, moves = game

    def play():
        s = start
        for move in moves:
            s = s.apply(move, check=False)
        return s

    final = benchmark(play)
    assert final.is_over
    benchmark.extra_info["actions"] = len(moves)


def test_whole_game_of_checked_applies(benchmark, game):
    """The same whole game of ``test_whole_game_of_applies``, every action checked as it
    is applied."""
    start, moves = game

    def play():
        s = start
        for move in moves:
            s = s.apply(move)
        return s

    assert benchmark(play).is_over

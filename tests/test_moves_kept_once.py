"""A state keeps its list of legal moves, and what the list keeps of the moves read
from it does not grow as they are read again: a client that lists the same position's
moves again and again (``moves`` on a server session's position) keeps the server's
memory as it was, instead of one more set of moves kept alive by every listing."""

from __future__ import annotations

import gc

import pytest

from tests.game_profiles import BUILTIN_NAMES, game_of, lexicon_of


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_moves_read_again_keep_no_more_alive(name):
    game = game_of(name)
    state = game.new(seed=3, lexicon=lexicon_of(game))
    listed = state.moves()
    shown = range(min(len(listed), 60))
    first = [listed[i] for i in shown]
    assert first, name
    kind = type(first[0])
    gc.collect()
    alive = sum(isinstance(o, kind) for o in gc.get_objects())
    for _ in range(30):
        again = state.moves()
        assert [again[i] for i in shown] == first, name
    gc.collect()
    assert sum(isinstance(o, kind) for o in gc.get_objects()) <= alive, name

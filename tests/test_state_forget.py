"""A state's move list refers back to its state, so a state that keeps one forms a
cycle that only the garbage collector's passes free (a busy server's full passes stop
every thread). ``forget`` drops the list, and the protocol's sessions and hosted games
call it on the states they are done with: those are freed at once, by reference
counting, and the collector finds nothing of them."""

from __future__ import annotations

import gc
import json

import pytest
from wordbot.engine import get_game

from tests.faces_support import Client
from tests.lexicons import small_lexicon


@pytest.fixture()
def no_collector():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def _listed_state():
    state = get_game("controlword").new(seed=1, lexicon=small_lexicon())
    assert len(state.legal_moves()) > 10  # the list, kept by the state
    return state


def test_a_state_that_forgets_its_moves_leaves_no_garbage(no_collector):
    state = _listed_state()
    del state
    assert gc.collect() > 10  # the cycle: the state, its list, the list's moves
    state = _listed_state()
    state.forget()
    assert len(state.legal_moves()) > 10  # listed again when asked
    state.forget()
    del state
    assert gc.collect() == 0


def test_a_session_forgets_the_positions_it_is_done_with(no_collector):
    client = Client("controlword")
    position = get_game("controlword").new(seed=2, lexicon=small_lexicon()).to_json()
    client.ask(cmd="moves", id="first", position=position)  # a first call's own making
    gc.collect()
    for n in range(4):  # each position replaces the last, whose moves were listed
        client.ask(cmd="position", id=n, position=position)
        assert client.ask(cmd="moves", id=f"m{n}")["count"] > 10
    client.ask(cmd="moves", id="own", position=position)  # a position of its own
    garbage = gc.collect()
    assert garbage == 0, garbage
    json.dumps(client.messages)  # (the replies hold no state)

"""Comparing a generator's move list with a reference's (the games' exactness tests), and
a move the engine refuses."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from wordbot.engine.errors import IllegalMove, MoveError


def key(move: dict) -> str:
    """A move object as canonical text."""
    return json.dumps(move, sort_keys=True)


def assert_same_moves(ours, theirs: list[dict], position: dict) -> None:
    """``ours`` (move objects) and ``theirs`` (move JSON) hold the same moves, each once;
    a failure names the position and a few moves only one side has."""
    mine = sorted(key(m.to_json()) for m in ours)
    other = sorted(key(m) for m in theirs)
    if mine != other:
        extra, missing = sorted(set(mine) - set(other)), sorted(set(other) - set(mine))
        pytest.fail(
            f"{json.dumps(position)}\n{len(mine)} vs {len(other)} moves; only ours: "
            f"{extra[:3]}; only the reference's: {missing[:3]}"
        )
    assert len(mine) == len(set(mine)), "a move is listed twice"


def under_rules(random_positions: Callable, variants, lexicon, n: int, seed: int) -> list:
    """About ``n`` positions of ``random_positions(lexicon, count, seed=, rules=)``,
    shared out over the rule ``variants`` (at least one of each)."""
    rng = random.Random(seed)
    out = []
    per = max(1, n // len(variants))
    for k, rules in enumerate(variants):
        out += random_positions(lexicon, per, seed=rng.getrandbits(32) + k, rules=rules)
    return out


def compare_with_reference(
    states, reference, words, seed: int, applied: int = 4, after: Callable | None = None
) -> list:
    """At each of ``states`` our move list and the ``reference`` module's agree, and so
    do the positions after ``applied`` of the moves (picked by a generator seeded with
    ``seed``). ``after(position, move, ours)``: the reference's position after ``move``
    where its ``apply`` needs more than the position, the move and ``words`` (``ours``:
    our position after it). Returns ``states``."""
    rng = random.Random(seed)
    for state in states:
        obj = state.to_json()
        moves = state.legal_moves()
        assert_same_moves(moves, reference.legal_moves(obj, words), obj)
        for i in rng.sample(range(len(moves)), min(applied, len(moves))):
            move = moves[i]
            ours = state.apply(move).to_json()
            expected = (
                after(obj, move, ours)
                if after is not None
                else reference.apply(obj, move.to_json(), words)
            )
            assert ours == expected, (obj, move.to_json())
    return states


def refused(state, move, act: str = "apply") -> Exception:
    """The error (:class:`IllegalMove` or :class:`MoveError`) ``state.apply`` (or ``act``:
    ``check``) raises for ``move`` (notation or JSON), which leaves the state as it was."""
    before = state.to_json()
    with pytest.raises((IllegalMove, MoveError)) as err:
        getattr(state, act)(state.parse_move(move))
    assert state.to_json() == before
    return err.value

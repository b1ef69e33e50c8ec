"""Comparing a generator's move list with a reference's (the games' exactness tests)."""

from __future__ import annotations

import json

import pytest


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

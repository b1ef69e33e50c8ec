"""The players and runners on the compiled cores make the choices they make in Python:
a whole game of compiled policies (``play_compiled``), ``mc``'s and ``search``'s
decisions on an iteration budget, and a tournament's records, each played with the
cores and again with ``WORDBOT_CORE=off`` (every move in Python)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from wordbot.engine import get_game
from wordbot.engine.core import core_of
from wordbot.players import make_player
from wordbot.players.arena import play_compiled, play_game

from tests.game_profiles import BUILTIN_NAMES, lexicon_args, new_short

CORED = [name for name in BUILTIN_NAMES if get_game(name).core is not None]


def new_state(name: str, seed: int):
    game = get_game(name)
    return new_short(game, seed, list(game.default_players[:2]))


def test_every_game_has_a_core():
    assert list(BUILTIN_NAMES) == CORED


@pytest.mark.parametrize("name", CORED)
@pytest.mark.parametrize("table", [("greedy", "greedy"), ("greedy", "random")])
def test_a_whole_compiled_game_is_the_python_game(name, table):
    for seed in range(3):
        state = new_state(name, seed)
        assert core_of(state) is not None
        seats = {p: make_player(spec, state.game) for p, spec in zip(state.players, table)}
        compiled = play_compiled(state, seats, seed)
        python = play_game(state, seats, seed)
        assert compiled is not None
        assert [m.to_json() for m in compiled.moves] == [m.to_json() for m in python.moves]
        assert compiled.final.to_json() == python.final.to_json()
        assert compiled.scores == python.scores and compiled.places == python.places
        assert compiled.decisions == python.decisions


def decision(name: str, spec: str, seed: int, monkeypatch, compiled: bool):
    if not compiled:
        monkeypatch.setenv("WORDBOT_CORE", "off")
    else:
        monkeypatch.delenv("WORDBOT_CORE", raising=False)
    state = new_state(name, seed)
    greedy = make_player("greedy", state.game)
    for _ in range(4):
        after = state.apply(greedy.choose(state, random.Random(seed)))
        if after.is_over:
            break
        state = after
    player = make_player(spec, state.game)
    cands = player.top(state, 3, random.Random(seed))
    return [(c.notation, c.iterations, round(c.equity, 9)) for c in cands]


@pytest.mark.parametrize("name", CORED)
@pytest.mark.parametrize(
    "spec",
    [
        "mc:iterations=6,time=100,rollout=greedy,leaf=greedy",
        "search:iterations=40,time=100",
    ],
)
def test_a_search_decides_alike_compiled_or_not(name, spec, monkeypatch):
    for seed in range(2):
        python = decision(name, spec, seed, monkeypatch, compiled=False)
        assert decision(name, spec, seed, monkeypatch, compiled=True) == python


@pytest.mark.parametrize("name", CORED)
def test_a_tournament_writes_the_same_records_compiled_or_not(name, tmp_path):
    runs = {}
    for mode in ("on", "off"):
        out = tmp_path / mode
        args = [sys.executable, "-m", "wordbot", "tournament", "--game", name]
        args += ["--players", "greedy,random", "--games", "4", "--seed", "5"]
        args += ["--workers", "1", "--out", str(out), *lexicon_args(name)]
        env = {**os.environ, "WORDBOT_CORE": mode}
        done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
        assert done.returncode == 0, done.stderr
        runs[mode] = {
            p.name: [
                {k: v for k, v in json.loads(line).items() if k != "agents"}
                for line in p.read_text().splitlines()
            ]
            for p in sorted((out / "games").glob("*.jsonl"))
        }
    assert runs["on"] and runs["on"] == runs["off"]

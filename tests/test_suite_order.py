"""The suite's order and warm-up come from the registry and measured seconds
(tests/durations.json), never from lists naming modules or games: the modules measured
longest run first, the rest after them in file order; ``--record-durations`` writes what
a run measured and keeps the rest; the warm-up warms each game of the registry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

from wordbot.engine.games import GAMES

from tests.conftest import pytest_collection_modifyitems
from tests.test_adding_a_game import copy_of_the_checkout
from tests.warmup import groups, measured, units


def test_the_modules_measured_longest_run_first():
    seconds = measured("modules")
    longest, shorter = (
        sorted(seconds, key=lambda m: -seconds[m])[0],
        min(seconds, key=seconds.get),
    )
    assert seconds[longest] > seconds[shorter]
    names = ["test_not_measured_b.py", shorter, "test_not_measured_a.py", longest]
    items = [types.SimpleNamespace(path=Path("tests") / name) for name in names]
    pytest_collection_modifyitems(None, items)
    assert [item.path.name for item in items] == [
        longest, shorter, "test_not_measured_b.py", "test_not_measured_a.py"
    ]  # fmt: skip


def test_the_warm_up_warms_every_game_shared_by_its_seconds():
    assert units() == GAMES.names()
    seconds = measured("warmup")
    assert set(seconds) <= set(GAMES.names())
    shares = groups(units(), 2, seconds)
    assert sorted(u for share in shares for u in share) == sorted(units())
    # the longest unit starts first, in a process of its own when it outweighs the rest
    longest = max(seconds, key=seconds.get)
    assert shares[0][0] == longest
    if 2 * seconds[longest] >= sum(seconds.values()):
        assert shares[0] == (longest,)
    # a game never measured (a new one) comes after the measured ones of its process
    (with_new,) = [g for g in groups([*units(), "new"], 2, seconds) if "new" in g]
    assert with_new[-1] == "new"


def test_record_durations_writes_what_a_run_measured(tmp_path):
    root = tmp_path / "checkout"
    copy_of_the_checkout(root)
    before = json.loads((root / "tests" / "durations.json").read_text())
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "--record-durations", "tests/test_face_layers.py"],
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    after = json.loads((root / "tests" / "durations.json").read_text())
    assert after["modules"]["test_face_layers.py"] > 0
    # what the run did not measure keeps its seconds
    kept = {k: v for k, v in after["modules"].items() if k != "test_face_layers.py"}
    assert kept == {
        k: v for k, v in before["modules"].items() if k != "test_face_layers.py"
    }
    assert after["warmup"] == before["warmup"]

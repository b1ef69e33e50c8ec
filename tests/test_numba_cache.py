"""Compiled kernels come from numba's cache in every new process: nothing recompiles.

Numba reports its cache traffic on stderr under NUMBA_DEBUG_CACHE=1 ("data loaded from"
on a hit, "data saved to" after a compile); the second run of each command must only
load.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

COMMANDS = [
    ["moves", "{pos}", "--kind", "word", "--count"],
    ["moves", "{pos}", "--kind", "replace", "--count"],
    ["moves", "{pos}", "--kind", "all", "--count"],
    ["hint", "{pos}", "--json"],
]


def wordbot(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "wordbot", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


@pytest.fixture(scope="module")
def position(tmp_path_factory):
    out = wordbot("new", "--seed", "11")
    assert out.returncode == 0, out.stderr
    path = tmp_path_factory.mktemp("cache") / "start.json"
    path.write_text(out.stdout)
    return str(path)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "-".join(c[:1] + c[2:3]))
def test_second_process_loads_every_kernel_from_the_cache(position, command):
    args = [a.format(pos=position) for a in command]
    env = dict(os.environ, NUMBA_DEBUG_CACHE="1")
    first = wordbot(*args, env=env)  # compiles whatever this machine's cache lacks
    assert first.returncode == 0, first.stderr
    second = wordbot(*args, env=env)
    assert second.returncode == 0, second.stderr
    assert "data loaded from" in second.stdout + second.stderr
    saved = [
        line
        for line in (second.stdout + second.stderr).splitlines()
        if "data saved to" in line
    ]
    assert saved == [], f"recompiled in a new process: {saved[:3]}"
    assert answer(second) == answer(first)


def answer(run) -> list[str]:
    """The command's own output (numba's cache lines go to stdout too)."""
    return [line for line in run.stdout.splitlines() if not line.startswith("[cache]")]

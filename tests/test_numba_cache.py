"""Compiled kernels come from numba's cache in every new process: nothing recompiles.

Numba reports its cache traffic on stderr under NUMBA_DEBUG_CACHE=1 ("data loaded from"
on a hit, "data saved to" after a compile); the second run of each command must only
load.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

COMMANDS = [
    ["moves", "{pos}", "--kind", "word", "--count"],
    ["moves", "{pos}", "--kind", "replace", "--count"],
    ["moves", "{pos}", "--kind", "all", "--count"],
    ["hint", "{pos}", "--json"],
]

#: one new process running every command of COMMANDS through the real CLI in turn (one
#: process start, not four: the commands' kernels all load in it), each output framed
#: so that numba's cache lines between them can be told apart
EVERY_COMMAND = """
import sys
from wordbot.cli import main
for args in {commands!r}:
    print("=== " + " ".join(args), flush=True)
    try:
        main(args, standalone_mode=False)
    except SystemExit as exc:
        assert not exc.code, exc
    print("=== end", flush=True)
"""


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


def every_command(position) -> subprocess.CompletedProcess:
    commands = [[a.format(pos=position) for a in c] for c in COMMANDS]
    return subprocess.run(
        [sys.executable, "-c", EVERY_COMMAND.format(commands=commands)],
        capture_output=True,
        text=True,
        env=dict(os.environ, NUMBA_DEBUG_CACHE="1"),
        timeout=600,
    )


def test_second_process_loads_every_kernel_from_the_cache(position):
    first = every_command(position)  # compiles whatever this machine's cache lacks
    assert first.returncode == 0, first.stderr
    second = every_command(position)
    assert second.returncode == 0, second.stderr
    assert "data loaded from" in second.stdout + second.stderr
    saved = [
        line
        for line in (second.stdout + second.stderr).splitlines()
        if "data saved to" in line
    ]
    assert saved == [], f"recompiled in a new process: {saved[:3]}"
    assert answer(second) == answer(first)
    assert answer(second).count("=== end") == len(COMMANDS)  # every command answered


def answer(run) -> list[str]:
    """The commands' own output (numba's cache lines go to stdout too)."""
    return [line for line in run.stdout.splitlines() if not line.startswith("[cache]")]


# -- the cache folder follows the sources: an edit in another module is seen ---------------

#: a kernel (evaluation.word_value) whose callee (control.control_of) is in another module
VALUE = """
import os, numpy as np, wordbot
from wordbot.movegen.controlword.evaluation import word_value
assert wordbot.__file__.startswith(os.environ["PYTHONPATH"]), wordbot.__file__
# three of four tiles red: a majority, 3x the 10 points
print(word_value(np.array([3, 1, 0, 0, 0], np.int64), 4, 10, 0, np.ones(15), 0, 0))
"""
MAJORITY = "return top, 3 if 2 * best >= n else 2, best - second"


def test_an_edit_to_a_callee_in_another_module_is_seen_by_the_next_process(tmp_path):
    # numba stamps a cached kernel with its own file only: without a cache folder per
    # version of the sources, word_value would load the machine code of the old
    # control_of. Nothing is cleared by hand between the runs.
    root = Path(__file__).resolve().parents[1]
    copy = tmp_path / "src"
    for name in ("wordbot", "engine", "movegen", "players", "dictionaries"):
        shutil.copytree(
            root / name, copy / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    env = {
        **{k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"},
        "PYTHONPATH": str(copy),
        "WORDBOT_CACHE_DIR": str(tmp_path / "cache"),
        "NUMBA_DEBUG_CACHE": "1",
    }

    def value() -> tuple[float, str]:
        run = subprocess.run(
            [sys.executable, "-c", VALUE],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,  # not the checkout: `-c` puts the working folder first
        )
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        return float(lines[-1]), "\n".join(lines[:-1])

    first, traffic = value()
    assert first == 30.0 and "data saved to" in traffic  # compiled into the cache
    again, traffic = value()
    assert again == 30.0 and "data saved to" not in traffic  # a new process loads it
    assert "data loaded from" in traffic
    control = copy / "movegen" / "controlword" / "control.py"
    source = control.read_text()
    assert MAJORITY in source
    control.write_text(source.replace(MAJORITY, MAJORITY.replace("3 if", "4 if")))
    edited, traffic = value()
    assert edited == 40.0, "the edited callee was not seen: stale machine code loaded"
    assert "data saved to" in traffic  # compiled afresh, into the sources' new folder


def test_the_cache_folder_names_the_numba_and_numpy_it_was_compiled_by():
    import numba
    import numpy

    from wordbot._paths import _installed_version, kernel_fingerprint

    assert _installed_version("numba") == numba.__version__
    assert _installed_version("numpy") == numpy.__version__
    assert _installed_version("no-such-library") == "none"
    assert kernel_fingerprint([]) != kernel_fingerprint([], libraries=("numba",))

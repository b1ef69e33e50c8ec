"""A command starts lean, in a real process: numba without importing scipy.linalg
(wordbot._numba), numpy's BLAS on one thread (wordbot.cli)."""

from __future__ import annotations

import os
import subprocess
import sys

PROGRAM = """
import sys
import wordbot
from wordbot.dictionaries import Lexicon
from wordbot.engine.games import get_game

state = get_game("controlword").new(seed=1, lexicon=Lexicon.load())
moves = len(list(state.legal_moves()))  # runs compiled kernels: numba's numpy is loaded
print(moves, "numba.np.arraymath" in sys.modules, "scipy.linalg" in sys.modules)
from scipy import stats  # and SciPy still imports whole afterwards

print(round(stats.binomtest(7, 10).pvalue, 5), "scipy.linalg" in sys.modules)
"""


def test_a_process_runs_kernels_without_scipy_linalg_and_can_still_import_it():
    proc = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    first, second = proc.stdout.split("\n")[:2]
    moves, numba_numpy, linalg = first.split()
    assert int(moves) > 0 and numba_numpy == "True" and linalg == "False"
    assert second.split() == ["0.34375", "True"]  # P(X >= 7 or X <= 3), X ~ Bin(10, 1/2)


THREADS = """
import os
{first}
import numpy
print(len(os.listdir("/proc/self/task")))
"""


def threads_after_numpy(first: str, env: dict) -> int:
    """The threads of a new process once numpy has loaded, ``first`` run before it."""
    proc = subprocess.run(
        [sys.executable, "-c", THREADS.format(first=first)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    return int(proc.stdout)


def test_a_command_loads_numpy_with_one_blas_thread_unless_told_otherwise():
    told_how_many = {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"}
    env = {k: v for k, v in os.environ.items() if k not in told_how_many}
    cores = len(os.sched_getaffinity(0))
    # numpy alone: OpenBLAS's thread a core besides the main one
    assert threads_after_numpy("", env) == cores
    assert threads_after_numpy("import wordbot.cli", env) == 1
    told = dict(env, OPENBLAS_NUM_THREADS=str(cores))
    assert threads_after_numpy("import wordbot.cli", told) == cores

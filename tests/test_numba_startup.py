"""numba starts without importing scipy.linalg (wordbot._numba), in a real process."""

from __future__ import annotations

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

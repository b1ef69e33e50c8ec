"""Points when played, in numba (RULES.md "Scoring when played").

A word of n letters scores 0 for n <= 3, else (x*x - x + 2) / 2 with x = n - 3; each J,
Q, X or Z in a word of 4+ letters adds the ``jqxz_bonus``. The engine's scorer is the
reference; the tests check this against it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: 1 for J, Q, X, Z (codes 10, 17, 24, 26), else 0; index 0 is the empty square.
IS_JQXZ = np.zeros(256, np.int8)
IS_JQXZ[[10, 17, 24, 26]] = 1
IS_JQXZ.setflags(write=False)


@njit(cache=True, inline="always")
def word_points(length, jqxz, bonus):
    """Points of a word of ``length`` letters holding ``jqxz`` of J/Q/X/Z.

    (word_points(7, 1, 4) == 7 + 4)
    """
    if length < 4:
        return 0
    x = length - 3
    return (x * x - x + 2) // 2 + bonus * jqxz

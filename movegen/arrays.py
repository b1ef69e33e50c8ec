"""Array helpers for the kernels.

>>> import numpy as np
>>> dst = np.zeros(4, np.int64)
>>> copy_into(dst, np.array([7, 8], np.int64))
>>> dst.tolist()
[7, 8, 0, 0]
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, inline="always")
def copy_into(dst, src):
    """``dst[:len(src)] = src`` as a loop. numba's slice assignment checks the shapes
    and formats an error message for a mismatch, and compiling that formatting costs
    several seconds in every process that compiles such a kernel (nothing at run time)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]

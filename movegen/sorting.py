"""A stable argsort for kernels, written out.

numba compiles ``np.argsort`` into every kernel that calls it, and its merge sort and
quicksort take seconds to compile each time (a fresh clone compiles every kernel once).
The generators sort small arrays of int64 keys once a call, where this plain bottom-up
merge sort is as fast and compiles in a fraction of the time.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def stable_argsort(keys):
    """The indices of ``keys`` (int64) in increasing order, equal keys in index order:
    what ``np.argsort(keys, kind="stable")`` gives.

    >>> stable_argsort(np.array([3, 1, 3, 0, 1], np.int64)).tolist()
    [3, 1, 4, 0, 2]
    """
    n = keys.shape[0]
    order = np.arange(n)
    spare = np.empty(n, np.int64)
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if keys[order[j]] < keys[order[i]]:  # strictly: ties keep the left first
                    spare[k] = order[j]
                    j += 1
                else:
                    spare[k] = order[i]
                    i += 1
                k += 1
            while i < mid:
                spare[k] = order[i]
                i += 1
                k += 1
            while j < hi:
                spare[k] = order[j]
                j += 1
                k += 1
        order, spare = spare, order
        width *= 2
    return order

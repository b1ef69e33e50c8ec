"""SplitMix64 in compiled code: the draws of :class:`wordbot.engine.rng.Rng` and of the
players' :class:`wordbot.engine.rng.SplitMixRandom`, made again inside a kernel.

A generator is one ``uint64`` slot of an array (``rng[i]``), so a kernel carries one per
seat, or one shared, and a playout replays from the seeds it was given in any process.

>>> import numpy as np
>>> from wordbot.engine.rng import SplitMixRandom
>>> rng, same = np.array([7], np.uint64), SplitMixRandom(7)
>>> [int(below(rng, 0, 10)) for _ in range(5)] == [same.randrange(10) for _ in range(5)]
True
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_GAMMA = uint64(0x9E3779B97F4A7C15)
_M1 = uint64(0xBF58476D1CE4E5B9)
_M2 = uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def next64(rng, i):
    """The next draw of generator ``rng[i]`` (advancing it)."""
    s = rng[i] + _GAMMA
    rng[i] = s
    z = (s ^ (s >> uint64(30))) * _M1
    z = (z ^ (z >> uint64(27))) * _M2
    return z ^ (z >> uint64(31))


# inlined: its callers pass constant generators and bounds, each value of which would
# compile a copy of its own
@njit(cache=True, inline="always")
def below(rng, i, n):
    """A uniform integer in [0, n) from ``rng[i]``, by rejection as ``Rng.below``
    (``SplitMixRandom.randrange``)."""
    un = uint64(n)
    limit = uint64(0) - (uint64(0) - un) % un  # 2**64 - (2**64 % n), wrapped
    while True:
        z = next64(rng, i)
        if limit == 0 or z < limit:
            return np.int64(z % un)


@njit(cache=True)
def uniform(rng, i):
    """A float in [0, 1) from ``rng[i]``, as ``SplitMixRandom.random``."""
    return np.float64(next64(rng, i) >> uint64(11)) * (1.0 / 9007199254740992.0)

"""The game's one random generator: SplitMix64, whose whole state is one 64-bit integer.

A state carries that integer, so copying a state copies its generator for free and a game
replays exactly from its seed and its moves. ``apply`` makes an :class:`Rng` from the
state's integer, uses it, and stores the final integer in the new state; the old state's
generator is never touched. No global random state is used anywhere in the engine.
"""

from __future__ import annotations

import hashlib

MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any integer; reduced modulo 2**64)."""
    return seed & MASK


def seed_from_text(text: str) -> int:
    """A 63-bit seed derived from text (used for positions loaded without a seed)."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


class Rng:
    """A SplitMix64 stream.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(6) for _ in range(8)] == [b.below(6) for _ in range(8)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def draw(self, bag: str, count: int) -> tuple[str, str]:
        """Draw up to ``count`` tiles at random from the sorted ``bag`` string.

        Returns (tiles drawn in draw order, the bag left, still sorted)."""
        drawn = []
        for _ in range(min(count, len(bag))):
            i = self.below(len(bag))
            drawn.append(bag[i])
            bag = bag[:i] + bag[i + 1 :]
        return "".join(drawn), bag

    def shuffle(self, items) -> list:
        """A shuffled copy of ``items`` (Fisher-Yates, from the back).

        >>> sorted(Rng(3).shuffle([1, 2, 3])), Rng(3).shuffle("abc") == Rng(3).shuffle("abc")
        ([1, 2, 3], True)
        """
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

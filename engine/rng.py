"""The game's one random generator: SplitMix64, whose whole state is one 64-bit integer.

A state carries that integer, so copying a state copies its generator for free and a game
replays exactly from its seed and its moves. ``apply`` makes an :class:`Rng` from the
state's integer, uses it, and stores the final integer in the new state; the old state's
generator is never touched. No global random state is used anywhere in the engine.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from wordbot.engine.errors import RecordError
from wordbot.engine.tiles import remove_letters

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


class RecordedChance(Rng):
    """Chance as a game record says it came out: each :meth:`draw` gives the next
    recorded draw, each :meth:`shuffle` the next recorded order, each :meth:`below` the
    next recorded pick, each checked against what could have come out. A record that
    holds no seed (a hosted game's) replays with one in place of the state's generator
    (:meth:`~wordbot.engine.state.GameState.apply_recorded`); ``state`` stays the
    generator's as it was.

    >>> chance = RecordedChance(5, draws=["EA"])
    >>> chance.draw("AEIOU", 2), chance.state
    (('EA', 'IOU'), 5)
    >>> chance.draw("AEIOU", 1)
    Traceback (most recent call last):
    ...
    wordbot.engine.errors.RecordError: chance: a draw the record does not hold
    """

    __slots__ = ("draws", "orders", "picks")

    def __init__(self, state: int, draws=(), orders=(), picks=()):
        super().__init__(state)
        self.draws, self.orders, self.picks = list(draws), list(orders), list(picks)

    @staticmethod
    def _next(queue: list, what: str) -> Any:
        if not queue:
            raise RecordError(f"chance: {what} the record does not hold")
        return queue.pop(0)

    def below(self, n: int) -> int:
        pick = self._next(self.picks, "a roll")
        if type(pick) is not int or not 0 <= pick < n:
            raise RecordError(f"chance: {pick!r:.40} is not one of {n} faces")
        return pick

    def draw(self, bag: str, count: int) -> tuple[str, str]:
        tiles = self._next(self.draws, "a draw")
        left = remove_letters(bag, tiles) if isinstance(tiles, str) else None
        if left is None or len(tiles) != min(count, len(bag)):
            raise RecordError(
                f"chance: {tiles!r:.40} is not {min(count, len(bag))} tiles of the bag"
            )
        return tiles, left

    def shuffle(self, items) -> list:
        order = self._next(self.orders, "a shuffle")
        if not isinstance(order, list) or sorted(map(repr, order)) != sorted(
            map(repr, items)
        ):
            raise RecordError(f"chance: {order!r:.40} is not an order of the pile")
        return list(order)


def chance_of(generator: int | Rng) -> Rng:
    """The generator a state draws from: a state's integer as an :class:`Rng`, or the
    :class:`RecordedChance` a replay put in its place."""
    return generator if isinstance(generator, Rng) else Rng(generator)


class SplitMixRandom(random.Random):
    """A :class:`random.Random` drawing from SplitMix64: a player's generator whose
    every draw compiled code can make again from the same seed (the compiled cores'
    playouts, :mod:`wordbot.movegen.rng`), so a game played in one compiled call makes
    the choices the Python players make.

    ``randrange(n)`` is :meth:`Rng.below`; ``random()`` the top 53 bits of a draw over
    2**53; ``getrandbits(k)`` (k <= 64) its top ``k`` bits.

    >>> SplitMixRandom(9).randrange(1000) == Rng(9).below(1000)
    True
    >>> SplitMixRandom(9).getrandbits(63) == Rng(9).next64() >> 1
    True
    """

    def __init__(self, seed: int = 0):
        self._state = 0
        super().__init__(seed)

    def seed(self, a: Any = 0, version: int = 2) -> None:
        self._state = (a if isinstance(a, int) else seed_from_text(repr(a))) & MASK

    def next64(self) -> int:
        self._state = s = (self._state + _GAMMA) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            take = min(64, k - have)
            out |= (self.next64() >> (64 - take)) << have
            have += take
        return out

    def _randbelow(self, n: int) -> int:
        rng = Rng(self._state)
        value = rng.below(n)
        self._state = rng.state
        return value

    def getstate(self) -> Any:
        return self._state

    def setstate(self, state: Any) -> None:
        self._state = int(state) & MASK

"""The seeds a server deals its hosted games from.

By default each hosted game draws a seed of its own from the operating system. With an
operator's seed N (``wordbot serve --seed N``: tests, demonstrations) the k-th hosted
game of the server's run, counted across all its connections, is dealt from a seed
derived from N and k through SHA-256: the same N deals the same games in the same order,
run after run, while each game's deal is its own, so that one finished game (whose
record shows every draw) tells nothing of the next one's. No seed is ever sent to a
client.

>>> deals = Deals(7)
>>> first, second = deals.next(), deals.next()
>>> first != second and first == Deals(7).next() and first != Deals(8).next()
True
>>> 0 <= Deals().next() < 2**63
True
"""

from __future__ import annotations

import itertools
import secrets
import threading

from wordbot.engine.rng import seed_from_text


class Deals:
    """The seeds of one server's hosted games, one :meth:`next` a game: the server holds
    one, shared by every connection (thread-safe)."""

    def __init__(self, seed: int | None = None):
        #: the operator's seed (None: every game draws its own)
        self.seed = seed
        self._count = itertools.count(1)
        self._lock = threading.Lock()

    def next(self) -> int:
        """The seed of the next hosted game (below 2**63)."""
        if self.seed is None:
            return secrets.randbits(63)
        with self._lock:
            k = next(self._count)
        return seed_from_text(f"wordbot serve --seed {self.seed}: game {k}")


__all__ = ["Deals"]

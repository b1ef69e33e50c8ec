"""Gathering sampled positions for tests and benchmarks (shared by the games' supports)."""

from __future__ import annotations

from collections.abc import Callable


def gather(
    batch: Callable[[int, int], list], n: int, keep: Callable[[object], bool], seed: int = 0
) -> list:
    """The first ``n`` states that ``keep`` accepts from batches ``batch(n, seed)`` of
    successive seeds (``seed * 1000``, then + 1, ...)."""
    out: list = []
    k = 0
    while len(out) < n:
        out += [s for s in batch(n, seed * 1000 + k) if keep(s)]
        k += 1
    return out[:n]

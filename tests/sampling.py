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


def fast_and_full(name: str, fast, full):
    """Parametrize a test's ``name`` (a count of positions, games, ...) with ``fast`` in
    the default run and ``full`` under ``pytest -m slow``, so that the default run keeps
    every kind of check at a size that fits the six-minute suite and the slow run keeps
    the full size.

    >>> mark = fast_and_full("count", 20, 1000)
    >>> [p.values[0] for p in mark.args[1]], [bool(p.marks) for p in mark.args[1]]
    ([20, 1000], [False, True])
    """
    import pytest

    return pytest.mark.parametrize(
        name,
        [
            pytest.param(fast, id=f"{name}={fast}"),
            pytest.param(full, id=f"{name}={full}", marks=pytest.mark.slow),
        ],
    )

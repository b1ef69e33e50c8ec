"""The statistics of a study: intervals for rates and means, tests between variants.

- A rate (seat 1 won, a draw, a comeback) is a fraction of games with its 95 % Wilson
  score interval, which stays inside [0, 1] and is honest for small counts and for rates
  near 0 or 1.
- A mean (margin, length, lead changes, ...) has its 95 % Student t interval and the
  sample standard deviation.
- Two variants on the same deals are compared game pair by game pair: a binary outcome
  (the first player won) by McNemar's exact test (a binomial test on the discordant
  pairs), a number (the margin) by the paired t test. Variants with different seat
  counts share no pairs and are compared as independent samples: Fisher's exact test,
  Welch's t test. Holm's step-down adjustment of a family of p-values is given too, since
  a study makes many comparisons at once.

Games of one deal in different rotations are not independent: when the seats are played by
the same player, a deal's rotations are nearly the same game. Given each game's deal
(``clusters``), a rate or a mean has a cluster-robust variance (the deals' residual sums,
not the games'), and its interval counts the *effective* games ``n_eff`` = n / the design
effect (at least 1): a Wilson interval on n_eff, a t interval with one degree of freedom
fewer than the deals. The paired tests do not suffer from it: the pair's two games share
everything but the rule.

The exact tests are exact integer sums; scipy.special gives Student's t.

>>> wilson(40, 100)
(0.3094, 0.498)
>>> mean_interval([1.0, 2.0, 3.0, 4.0])["mean"]
2.5
>>> deals = [d for d in range(10) for _ in range(2)]  # ten deals, each played twice
>>> r = rate([d % 2 for d in deals], clusters=deals)  # ... and twice alike
>>> r["n"], r["deals"], round(r["n_eff"], 1)
(20, 10, 9.5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

#: the 97.5th percentile of the standard normal: 95 % two-sided
Z95 = 1.959963984540054


def _student() -> Any:
    """scipy.special, imported when a t figure is first computed (it costs a command a
    third of a second; scipy.stats, which wraps the same functions, costs two)."""
    from scipy import special

    return special


def _t_two_sided(t: float, df: float) -> float:
    """The two-sided p-value of Student's t statistic ``t`` with ``df`` degrees of freedom."""
    return float(2.0 * _student().stdtr(df, -abs(t)))


def _binomial_two_sided(k: int, n: int) -> float:
    """The exact two-sided p-value of ``k`` successes in ``n`` fair coin tosses: the
    chance of an outcome at least as far from n/2 (exact integer sums, any n)."""
    low = min(k, n - k)
    if 2 * low == n:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(low + 1))
    return min(1.0, 2 * tail / 2**n)


def _hypergeometric_two_sided(a: int, b: int, c: int, d: int) -> float:
    """Fisher's exact two-sided p-value of the 2x2 table [[a, b], [c, d]]: the chance,
    with the margins fixed, of a table no likelier than the one seen."""
    row, col, n = a + b, a + c, a + b + c + d
    weights = {x: math.comb(col, x) * math.comb(n - col, row - x)
               for x in range(max(0, row + col - n), min(row, col) + 1)}  # fmt: skip
    seen = weights[a]
    # a relative tolerance, as the test's usual implementations use, so that tables as
    # likely as the one seen are not lost to rounding (the sums are exact integers here)
    tail = sum(w for w in weights.values() if w * (1 - 1e-7) <= seen)
    return min(1.0, tail / math.comb(n, row))


def _r(x: float) -> float:
    return round(float(x), 4)


def wilson(successes: float, n: float) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``successes`` in ``n`` ((0, 1) when n is 0);
    both may be fractional (an effective count)."""
    if n <= 0:
        return (0.0, 1.0)
    p, z2 = successes / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (_r(max(0.0, centre - half)), _r(min(1.0, centre + half)))


def design_effect(values: Sequence[float], clusters: Sequence[Any]) -> tuple[float, int]:
    """How much the clustering inflates the variance of the mean of ``values`` (at
    least 1), and the number of clusters: the cluster-robust variance (with the small
    sample factor G / (G - 1)) over the independent one.

    >>> design_effect([1, 0, 1, 0], [0, 1, 2, 3])  # every game its own deal
    (1.0, 4)
    >>> design_effect([1, 1, 0, 0] * 5, [d for d in range(10) for _ in range(2)])[0]
    2.1111
    """
    x = np.asarray(values, dtype=float)
    n = x.size
    sums: dict[Any, float] = {}
    residual = x - x.mean() if n else x
    for key, r in zip(clusters, residual):
        sums[key] = sums.get(key, 0.0) + float(r)
    g = len(sums)
    if n < 2 or g < 2 or g == n:
        return 1.0, g
    independent = float(x.var(ddof=1)) / n
    if independent <= 0:
        return 1.0, g
    robust = g / (g - 1) * sum(r * r for r in sums.values()) / (n * n)
    return max(1.0, _r(robust / independent)), g


def rate(
    flags: Sequence[bool | int], clusters: Sequence[Any] | None = None
) -> dict[str, Any]:
    """``{"rate", "ci", "count", "n"}`` of a list of yes/no outcomes (count: the yeses);
    with ``clusters`` (each outcome's deal), also ``deals`` and ``n_eff``, and the
    interval is over the effective count (module docstring)."""
    n, k = len(flags), int(sum(bool(f) for f in flags))
    out: dict[str, Any] = {"rate": _r(k / n) if n else None, "count": k, "n": n}
    if clusters is None:
        out["ci"] = list(wilson(k, n))
        return out
    deff, deals = design_effect([bool(f) for f in flags], clusters)
    n_eff = n / deff
    out["ci"] = list(wilson(k / deff, n_eff))
    out["deals"], out["n_eff"] = deals, _r(n_eff)
    return out


def mean_interval(
    values: Sequence[float], clusters: Sequence[Any] | None = None
) -> dict[str, Any]:
    """``{"mean", "ci", "sd", "n"}``: the mean with its 95 % t interval (None with
    fewer than two values) and the sample standard deviation; with ``clusters`` (each
    value's deal), also ``deals`` and ``n_eff``, the interval cluster-robust."""
    x = np.asarray(values, dtype=float)
    n = x.size
    if n == 0:
        return {"mean": None, "ci": None, "sd": None, "n": 0}
    mean = float(x.mean())
    if n < 2:
        return {"mean": _r(mean), "ci": None, "sd": None, "n": 1}
    sd = float(x.std(ddof=1))
    deff, df, extra = 1.0, n - 1, {}
    if clusters is not None:
        deff, deals = design_effect(values, clusters)
        df = max(1, min(n, deals) - 1)
        extra = {"deals": deals, "n_eff": _r(n / deff)}
    half = float(_student().stdtrit(df, 0.975)) * sd * math.sqrt(deff / n)
    return {
        "mean": _r(mean),
        "ci": [_r(mean - half), _r(mean + half)],
        "sd": _r(sd),
        "n": n,
        **extra,
    }


def mcnemar(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Two-sided exact McNemar p-value of paired yes/no outcomes (1.0: no discordant
    pair).

    >>> mcnemar([True] * 20 + [False] * 5, [False] * 20 + [False] * 5) < 0.001
    True
    """
    only_a = sum(1 for x, y in zip(a, b) if x and not y)
    only_b = sum(1 for x, y in zip(a, b) if y and not x)
    if only_a + only_b == 0:
        return 1.0
    return _p(_binomial_two_sided(only_a, only_a + only_b))


def paired_t(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of the paired t test (1.0 when every difference is the same,
    0 included: nothing to test)."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    if d.size < 2 or np.all(d == d[0]):
        return 1.0 if d.size < 2 or d[0] == 0 else 0.0
    return _p(_t_two_sided(d.mean() / (d.std(ddof=1) / math.sqrt(d.size)), d.size - 1))


def fisher(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Two-sided p-value of Fisher's exact test of two independent yes/no samples."""
    ka, kb = sum(bool(x) for x in a), sum(bool(x) for x in b)
    return _p(_hypergeometric_two_sided(ka, len(a) - ka, kb, len(b) - kb))


def welch(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of Welch's t test of two independent samples."""
    if len(a) < 2 or len(b) < 2:
        return 1.0
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.std() == 0 and y.std() == 0:
        return 1.0 if x[0] == y[0] else 0.0
    va, vb = x.var(ddof=1) / x.size, y.var(ddof=1) / y.size
    df = (va + vb) ** 2 / (va**2 / (x.size - 1) + vb**2 / (y.size - 1))
    return _p(_t_two_sided((x.mean() - y.mean()) / math.sqrt(va + vb), df))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (same order as given).

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = _p(running)
    return adjusted


def _p(p: float) -> float:
    """A p-value kept readable: 4 significant digits."""
    p = float(p)
    return float(f"{p:.4g}") if p == p else 1.0

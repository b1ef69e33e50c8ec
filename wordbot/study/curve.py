"""Where a rule option's curve crosses the seats' share, and how sure that is.

A balance run measures the first seat's score at a few values of an option, every value
on the same deals. A logistic curve fitted to those scores (by maximum likelihood over
their games) crosses the first seat's share at the fair value (:func:`fit_root`).

The same deals at every value make the points move together: a deal that favours the
first seat favours it at every value, so the deals' own lean shifts the whole curve, and
an interval that takes the points as independent samples (the delta method on the fit's
covariance) is too narrow. :func:`bootstrap_root` resamples whole deals, the same deals
at every value, refits each resample and reads the crossing: its interval holds the
deals' lean. In simulated runs with a known fair value (``tests/test_study_curve.py``)
it holds the fair value in about 95 % of them (93.7 % and 94.0 % of 300 runs), the
delta method's in 75-81 %.

>>> fit_root([(0.0, 0.7, 200), (4.0, 0.5, 200), (8.0, 0.3, 200)], 0.5)[0]
4.0
>>> fit_root([(0.0, 0.9, 100), (10.0, 0.5, 100), (20.0, 0.1, 100)], 0.5)[1]
(8.6397, 11.3603)
"""

from __future__ import annotations

import math

import numpy as np

#: resamples of a bootstrap interval: its 2.5th and 97.5th percentiles settle to a
#: hundredth of the interval's width by a few thousand
RESAMPLES = 4000
#: the share of resamples that must fit a curve for their crossings to make an interval
#: (the others' wins are separated by the value: no crossing to read)
FITTED = 0.95


def _fit(
    x: np.ndarray, rates: np.ndarray, games: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Logistic curves ``rate = 1 / (1 + exp(-(a + b x)))`` fitted by maximum likelihood,
    one a row of ``rates`` and ``games`` (values ``x`` shared): ``a``, ``b``, whether the
    row's fit converged, and its information matrix ``[h00, h01, h11]``."""
    rows = rates.shape[0]
    a, b = np.zeros(rows), np.zeros(rows)
    done = np.zeros(rows, dtype=bool)
    ok = np.ones(rows, dtype=bool)
    h = np.zeros((3, rows))
    for _ in range(100):  # Newton's method on the binomial log-likelihood
        with np.errstate(over="ignore"):  # a separated row's curve runs off to a step
            q = 1.0 / (1.0 + np.exp(-(a[:, None] + b[:, None] * x[None, :])))
        w = games * q * (1.0 - q)
        r = games * (rates - q)
        g0, g1 = r.sum(1), (r * x).sum(1)
        h = np.stack([w.sum(1), (w * x).sum(1), (w * x * x).sum(1)])
        det = h[0] * h[2] - h[1] * h[1]
        ok &= det > 1e-9
        safe = np.where(ok, det, 1.0)
        da = np.where(ok & ~done, (h[2] * g0 - h[1] * g1) / safe, 0.0)
        db = np.where(ok & ~done, (h[0] * g1 - h[1] * g0) / safe, 0.0)
        a, b = a + da, b + db
        done |= np.abs(da) + np.abs(db) < 1e-10
        if (done | ~ok).all():
            break
    # still climbing: the wins are separated by the value (the likelihood has no maximum)
    return a, b, ok & done & (b != 0), h


def _crossing(a, b, target: float):
    return (math.log(target / (1.0 - target)) - a) / b


def fit_root(
    points: list[tuple[float, float, float]], target: float
) -> tuple[float, tuple[float, float]] | None:
    """Where a logistic curve fitted to ``points`` ((value, win rate, games) each, by
    maximum likelihood) crosses ``target``, and its 95 % interval by the delta method on
    the fit's covariance, which holds for independent points (not for points on common
    deals: :func:`bootstrap_root`). A logistic curve, not a line: far from the fair value
    the win rate saturates at 0 or 1. None when no curve fits: every point all wins or
    all losses, the wins on one side of some value (the likelihood has no maximum)."""
    x = np.array([p[0] for p in points], dtype=float)
    a, b, ok, h = _fit(
        x, np.array([[p[1] for p in points]]), np.array([[p[2] for p in points]], float)
    )
    if not ok[0]:
        return None
    root = float(_crossing(a[0], b[0], target))
    # the covariance of (a, b) is the inverse of the information matrix
    h00, h01, h11 = (float(v[0]) for v in h)
    det = h00 * h11 - h01 * h01
    va, vab, vb = h11 / det, -h01 / det, h00 / det
    ga, gb = -1.0 / float(b[0]), -root / float(b[0])
    se = math.sqrt(max(ga * ga * va + 2 * ga * gb * vab + gb * gb * vb, 0.0))
    return round(root, 4), (round(root - 1.96 * se, 4), round(root + 1.96 * se, 4))


def bootstrap_root(
    values: list[float],
    scores: np.ndarray,
    games: np.ndarray,
    target: float,
    seed: int,
    resamples: int = RESAMPLES,
) -> tuple[float, tuple[float, float]] | None:
    """Where the curve fitted to every deal's games crosses ``target``, and its 95 %
    interval from ``resamples`` resamples of whole deals: ``scores[i, d]`` is the first
    seat's points over the games of deal ``d`` at ``values[i]``, ``games[i, d]`` how
    many (0: not played there). Each resample draws as many deals as there are, with
    replacement, the same deals at every value, and refits; the interval is the crossing
    give or take 1.96 standard deviations of the resamples' crossings (in simulation it
    covers a little more often than their 2.5th to 97.5th percentiles). None when no
    curve fits the deals, or too few resamples do (:data:`FITTED`).

    >>> values = [0.0, 10.0, 20.0]
    >>> rng = np.random.default_rng(1)
    >>> lean = rng.normal(0, 1, 300)  # each deal's own lean to the first seat
    >>> p = 1 / (1 + np.exp(-(1.0 - 0.1 * np.array(values)[:, None] + lean)))
    >>> scores = (rng.random((3, 300)) < p).astype(float)
    >>> root, (low, high) = bootstrap_root(values, scores, np.ones((3, 300)), 0.5, seed=2)
    >>> low < root < high and high - low > 2.5
    True
    """
    x = np.asarray(values, dtype=float)
    played = games.sum(1)
    whole = fit_root(
        [(v, s / n if n else 0.0, n) for v, s, n in zip(values, scores.sum(1), played)],
        target,
    )
    if whole is None:
        return None
    deals = scores.shape[1]
    rng = np.random.default_rng(seed)
    draws = rng.multinomial(deals, np.full(deals, 1.0 / deals), size=resamples)
    won, counts = draws @ scores.T, draws @ games.T  # (resamples, values)
    rates = np.divide(won, counts, out=np.zeros_like(won), where=counts > 0)
    a, b, ok, _ = _fit(x, rates, counts)
    if ok.mean() < FITTED:
        return None
    half = 1.96 * float(np.std(_crossing(a[ok], b[ok], target)))
    root = whole[0]
    return root, (round(root - half, 4), round(root + half, 4))

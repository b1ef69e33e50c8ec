"""Elo, intervals and the SPRT of paired games, as chess engine testers compute them.

Games of one deal are not independent (the same tiles, the seats rotated), so the
statistics work on *units*: the games of one deal between the same players. A unit's
score is the mean of its games' scores (win 1, draw 1/2, loss 0). With two seats a unit
is a game pair and its score is one of 0, 1/4, 1/2, 3/4, 1: the *pentanomial*
distribution (LL, LD, DD or WL, WD, WW) of fishtest and fastchess.

- score ``s``: fraction of the points; Elo ``= -400 log10(1/s - 1)`` (logistic model).
- 95 % interval: ``s +- 1.96 sigma / sqrt(n)`` over the ``n`` units, ``sigma^2`` the
  variance of the unit scores (population form, as fishtest), each end turned into Elo.
  When every unit scored the same (all won, all lost, every pair split), ``sigma`` is 0
  and says nothing of how sure the score is: the interval is then the 95 % Wilson score
  interval of the score over the games (as a study's rates), never of width 0.
- A score of 0 or 1, or an interval end beyond them, is taken as ``1/(2 games)`` from the
  end so every figure stays finite (JSON has no infinity).
- SPRT: the normal approximation of the generalized SPRT (M. Van den Bergh,
  "A simple approximation of the GSPRT", fishtest's ``LLR_alt2``) on the distribution of
  the unit scores::

      LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 sigma^2),   s_i = score(elo_i)

  Regularized with a prior of one unit spread evenly over the possible unit scores (each
  of the 5 pentanomial categories counts 1/5 more; ``n`` counts it too). fishtest
  instead counts an empty category 0.001, which makes ``sigma^2`` nearly 0 after a few
  identical pairs, and the test "decides" after one DD pair; the prior keeps the variance
  honest while there is little data and fades as pairs come in.

  H1 is accepted when ``LLR >= log((1 - beta) / alpha)``, H0 when
  ``LLR <= log(beta / (1 - alpha))``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054


def elo_from_score(score: float) -> float:
    """The Elo difference that makes ``score`` the expected score (0 < score < 1).

    >>> round(elo_from_score(0.75), 2)  # 400 log10(3)
    190.85
    """
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger.

    >>> score_from_elo(0.0), round(score_from_elo(400 * math.log10(3)), 12)
    (0.5, 0.75)
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def clamp_score(score: float, games: int) -> float:
    """``score`` kept ``1/(2 games)`` inside (0, 1), so that its Elo is finite."""
    eps = 0.5 / max(games, 1)
    return min(max(score, eps), 1.0 - eps)


def mean_and_variance(values: Iterable[float], weights: Iterable[float] | None = None):
    """Weighted mean and population variance: (mean, variance, total weight)."""
    values = list(values)
    weights = [1.0] * len(values) if weights is None else list(weights)
    n = float(sum(weights))
    if n <= 0:
        return 0.0, 0.0, 0.0
    mean = sum(w * x for w, x in zip(weights, values)) / n
    var = sum(w * (x - mean) ** 2 for w, x in zip(weights, values)) / n
    return mean, var, n


@dataclass(frozen=True)
class Estimate:
    """A score with its 95 % interval, and the same in Elo."""

    games: int
    units: int
    score: float
    score_low: float
    score_high: float

    @property
    def elo(self) -> float:
        return elo_from_score(clamp_score(self.score, self.games))

    @property
    def elo_low(self) -> float:
        return elo_from_score(clamp_score(self.score_low, self.games))

    @property
    def elo_high(self) -> float:
        return elo_from_score(clamp_score(self.score_high, self.games))


def wilson(score: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a score of ``score`` over ``games`` games.

    >>> [round(x, 4) for x in wilson(1.0, 10)]  # 10 / (10 + 1.96^2) below
    [0.7225, 1.0]
    """
    n, z2 = float(games), Z95 * Z95
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(score: float, games: int, unit_scores: Sequence[float]) -> Estimate:
    """``score`` (over ``games`` games) with the interval from the complete units: the
    normal one of their scores, or Wilson's of the score when they are all alike.

    With no complete unit the interval is all of [0, 1].
    """
    if not unit_scores:
        return Estimate(games, 0, score, 0.0, 1.0)
    _, var, n = mean_and_variance(unit_scores)
    if var < 1e-12:  # no spread among the units: the score's own binomial uncertainty
        return Estimate(games, len(unit_scores), score, *wilson(score, games))
    half = Z95 * math.sqrt(var / n)
    return Estimate(games, len(unit_scores), score, score - half, score + half)


@dataclass(frozen=True)
class Sprt:
    """``--sprt elo0 elo1 alpha beta``: H0 "the difference is elo0" against H1 "elo1"."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self):
        from wordbot.tournament.schedule import TournamentError

        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise TournamentError(
                f"--sprt: alpha and beta must be between 0 and 1, got "
                f"{self.alpha:g} and {self.beta:g}"
            )
        if self.elo1 <= self.elo0:
            raise TournamentError(
                f"--sprt: elo1 ({self.elo1:g}) must be above elo0 ({self.elo0:g})"
            )
        if self.alpha + self.beta >= 1:
            raise TournamentError("--sprt: alpha + beta must be below 1")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR: log(beta / (1 - alpha))."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR: log((1 - beta) / alpha)."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[float]) -> float:
        """The log-likelihood ratio of unit-score ``counts`` (index i: unit score
        i / (len - 1), e.g. the pentanomial counts LL, LD, DD+WL, WD, WW)."""
        return llr(counts, score_from_elo(self.elo0), score_from_elo(self.elo1))

    def decide(self, llr_value: float) -> str | None:
        if llr_value >= self.upper:
            return "H1"
        if llr_value <= self.lower:
            return "H0"
        return None

    def to_json(self) -> dict:
        return {
            "elo0": self.elo0,
            "elo1": self.elo1,
            "alpha": self.alpha,
            "beta": self.beta,
        }


def llr(counts: Sequence[float], s0: float, s1: float) -> float:
    """The approximate GSPRT log-likelihood ratio of H1 (score s1) against H0 (s0) for
    ``counts[i]`` units of score ``i / (len(counts) - 1)``, with the prior of one unit
    spread over the categories (module docstring). 0 when there is no unit."""
    if sum(counts) <= 0:
        return 0.0
    k = len(counts) - 1
    prior = 1.0 / (k + 1)
    mean, var, n = mean_and_variance(
        [i / k for i in range(k + 1)], [c + prior for c in counts]
    )
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def unit_counts(unit_points: Iterable[float], games_per_unit: int) -> list[int]:
    """Counts of units by their points (in half points, 0 .. games_per_unit): with two
    games per unit, the pentanomial [LL, LD, DD+WL, WD, WW]."""
    counts = [0] * (2 * games_per_unit + 1)
    for points in unit_points:
        counts[round(points * 2)] += 1
    return counts

"""The fair value's interval covers it: simulated balance runs of a known fair value,
every value on the same deals, as a balance run plays them."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from wordbot.study.curve import bootstrap_root, fit_root

VALUES = [0.0, 5.0, 10.0, 15.0, 20.0]
FAIR = 10.0


def leaning(rng: np.random.Generator, deals: int) -> np.ndarray:
    """Random players on deals of their own lean: the first seat wins a game at value x
    with chance 1 / (1 + exp(-(1 - x / 10 + lean))), the lean normal about 0 (even at
    x = 10 over all deals)."""
    lean = rng.normal(0.0, 1.5, deals)
    p = 1 / (1 + np.exp(-(1.0 - np.array(VALUES)[:, None] / 10 + lean)))
    return (rng.random((len(VALUES), deals)) < p).astype(float)


def decided(rng: np.random.Generator, deals: int) -> np.ndarray:
    """Players that make every deal's game the same at every value: the first seat wins
    by a margin normal about 10, so it wins at x when that margin is above x."""
    margin = rng.normal(FAIR, 8.0, deals)
    return (margin[None, :] > np.array(VALUES)[:, None]).astype(float)


@pytest.mark.parametrize("model", [leaning, decided])
def test_resampling_deals_covers_the_fair_value_where_the_fits_covariance_does_not(model):
    runs, deals = 300, 200
    boot = delta = 0
    for n in range(runs):
        scores = model(np.random.default_rng(n), deals)
        games = np.ones_like(scores)
        found = bootstrap_root(VALUES, scores, games, 0.5, seed=10_000 + n, resamples=500)
        assert found is not None
        low, high = found[1]
        boot += low < FAIR < high
        fitted = fit_root([(x, s.mean(), deals) for x, s in zip(VALUES, scores)], 0.5)
        assert fitted is not None
        delta += fitted[1][0] < FAIR < fitted[1][1]
    # 300 runs: a true 95 % lands within 91.5-97.5 % nineteen times in twenty
    assert 0.915 <= boot / runs <= 0.985, boot / runs
    # the points taken as independent: too narrow, as the deals move them together
    assert delta / runs < 0.88, delta / runs


def test_the_resampled_interval_is_centred_on_the_fit_of_every_deal():
    scores = decided(np.random.default_rng(7), 200)
    games = np.ones_like(scores)
    root, (low, high) = bootstrap_root(VALUES, scores, games, 0.5, seed=1)
    whole = fit_root([(x, s.mean(), 200) for x, s in zip(VALUES, scores)], 0.5)
    assert root == whole[0]
    assert high - root == pytest.approx(root - low, abs=1e-3)
    # the same resamples from the same seed; other seeds, nearly the same interval
    assert bootstrap_root(VALUES, scores, games, 0.5, seed=1) == (root, (low, high))
    other = bootstrap_root(VALUES, scores, games, 0.5, seed=2)[1]
    assert other[1] - other[0] == pytest.approx(high - low, rel=0.1)


def test_deals_a_value_did_not_play_are_left_out_of_its_resamples():
    # the first value's games on half the deals only: its rate is over those it played
    rng = np.random.default_rng(3)
    scores = decided(rng, 200)
    games = np.ones_like(scores)
    games[0, 100:] = scores[0, 100:] = 0.0
    root, _ = bootstrap_root(VALUES, scores, games, 0.5, seed=1)
    points = [(x, s.sum() / g.sum(), g.sum()) for x, s, g in zip(VALUES, scores, games)]
    assert root == fit_root(points, 0.5)[0]


def test_no_interval_where_the_wins_are_separated_by_the_value():
    scores = np.array([[1.0] * 50, [1.0] * 50, [0.0] * 50, [0.0] * 50, [0.0] * 50])
    assert bootstrap_root(VALUES, scores, np.ones_like(scores), 0.5, seed=1) is None


def test_the_fit_finds_a_known_curves_even_point_within_its_interval():
    rng = random.Random(3)
    true_root, slope = 12.0, -0.3
    points = []
    for x in (0.0, 6.0, 12.0, 18.0, 24.0):
        p = 1 / (1 + math.exp(-slope * (x - true_root)))
        wins = sum(rng.random() < p for _ in range(2000))
        points.append((x, wins / 2000, 2000))
    root, (low, high) = fit_root(points, 0.5)
    assert low < true_root < high and high - low < 2
    assert abs(root - true_root) < 1
    # a third of the games won by the first of three seats: the even point of three
    assert fit_root(points, 1 / 3)[0] > root
    # the same rates from a quarter of the independent games: the same root, an
    # interval twice as wide (what a deal's four alike rotations are worth)
    root4, (low4, high4) = fit_root([(x, p, n / 4) for x, p, n in points], 0.5)
    assert root4 == pytest.approx(root, abs=1e-3)
    assert high4 - low4 == pytest.approx(2 * (high - low), rel=0.01)

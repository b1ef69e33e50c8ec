"""The statistics of ``wordbot study``: intervals that cover what they claim, tests that
find a planted difference and none where there is none, lead measures from the rules."""

from __future__ import annotations

import math
import random

import pytest

from tests.sampling import fast_and_full
from wordbot.measures import lead_measures, leader
from wordbot.study import stats

Z = 1.959963984540054


def wilson_by_hand(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval from its textbook formula."""
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (40, 100), (200, 400), (399, 400)])
def test_wilson_matches_the_formula(k, n):
    lo, hi = stats.wilson(k, n)
    want = wilson_by_hand(k, n)
    assert lo == pytest.approx(want[0], abs=1e-4) and hi == pytest.approx(want[1], abs=1e-4)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_covers_the_true_rate_about_95_percent_of_the_time():
    rng = random.Random(7)
    for p in (0.1, 0.5, 0.55):
        hits = 0
        for _ in range(1000):
            k = sum(rng.random() < p for _ in range(200))
            lo, hi = stats.wilson(k, 200)
            hits += lo <= p <= hi
        assert 0.92 <= hits / 1000 <= 0.98, (p, hits)


def test_the_t_interval_covers_the_true_mean_about_95_percent_of_the_time():
    rng = random.Random(8)
    hits = 0
    for _ in range(1000):
        sample = [rng.gauss(10.0, 4.0) for _ in range(30)]
        figure = stats.mean_interval(sample)
        hits += figure["ci"][0] <= 10.0 <= figure["ci"][1]
        assert figure["ci"][0] < figure["mean"] < figure["ci"][1]
    assert 0.92 <= hits / 1000 <= 0.98


def clustered_games(rng: random.Random, deals: int, rotations: int, p: float):
    """Yes/no games of ``deals`` deals played ``rotations`` times each, where a deal
    mostly decides its games: each deal has its own rate, drawn around ``p``."""
    flags, clusters = [], []
    for deal in range(deals):
        q = min(1.0, max(0.0, p + rng.choice((-0.35, 0.35))))
        for _ in range(rotations):
            flags.append(rng.random() < q)
            clusters.append(deal)
    return flags, clusters


def test_clustered_intervals_cover_where_the_games_counted_alone_do_not():
    """Deals that decide their games: 40 deals of 5 rotations are worth far fewer than
    200 games; the interval over the deals covers, the one over the games does not."""
    rng = random.Random(9)
    p, covered, naive = 0.5, 0, 0
    for _ in range(400):
        flags, clusters = clustered_games(rng, 40, 5, p)
        lo, hi = stats.rate(flags, clusters)["ci"]
        covered += lo <= p <= hi
        lo, hi = stats.rate(flags)["ci"]
        naive += lo <= p <= hi
        means = stats.mean_interval([float(f) for f in flags], clusters)
        assert means["deals"] == 40 and 40 <= means["n_eff"] <= 200
    assert 0.92 <= covered / 400 <= 0.99, covered
    assert naive / 400 < 0.85, naive


def test_a_deal_repeated_alike_counts_once():
    rng = random.Random(10)
    once = [rng.random() < 0.3 for _ in range(60)]
    clusters = [d for d in range(60) for _ in range(4)]
    repeated = [once[d] for d in clusters]
    alone, clustered = stats.rate(once), stats.rate(repeated, clusters)
    assert clustered["rate"] == alone["rate"] and clustered["n"] == 240
    assert clustered["n_eff"] == pytest.approx(60, rel=0.06)
    assert clustered["ci"] == pytest.approx(alone["ci"], abs=0.01)
    # and one game a deal is no cluster at all: the plain intervals
    assert stats.rate(once, list(range(60)))["ci"] == alone["ci"]
    values = [rng.gauss(0, 1) for _ in range(30)]
    assert (
        stats.mean_interval(values, list(range(30)))["ci"]
        == (stats.mean_interval(values)["ci"])
    )


def test_mean_interval_of_too_few_values_has_no_interval():
    assert stats.mean_interval([]) == {"mean": None, "ci": None, "sd": None, "n": 0}
    assert stats.mean_interval([3.0])["ci"] is None
    figure = stats.mean_interval([1.0, 3.0])
    assert figure["mean"] == 2.0 and figure["sd"] == pytest.approx(math.sqrt(2), abs=1e-4)


def test_mcnemar_finds_a_planted_difference_and_none_in_a_symmetric_one():
    rng = random.Random(9)
    base = [rng.random() < 0.5 for _ in range(400)]
    flipped = [x or rng.random() < 0.25 for x in base]  # b wins more often, pair by pair
    assert stats.mcnemar(base, flipped) < 0.001
    assert stats.mcnemar(base, base) == 1.0
    # as many pairs go one way as the other: no evidence either way
    a = [True] * 30 + [False] * 30 + [True] * 100
    b = [False] * 30 + [True] * 30 + [True] * 100
    assert stats.mcnemar(a, b) == 1.0


def test_paired_t_uses_the_pairing():
    rng = random.Random(10)
    deals = [
        rng.gauss(0, 30) for _ in range(200)
    ]  # the deal matters far more than the rule
    a = [d + rng.gauss(0, 1) for d in deals]
    b = [d + 1.0 + rng.gauss(0, 1) for d in deals]
    assert stats.paired_t(a, b) < 1e-6  # paired: the shift of 1 is plain
    assert stats.welch(a, b) > 0.05  # unpaired, it drowns in the deals' spread
    assert stats.paired_t(a, a) == 1.0


def test_fisher_and_welch_on_independent_samples():
    assert stats.fisher([True] * 80 + [False] * 20, [True] * 50 + [False] * 50) < 0.001
    assert stats.fisher([True, False] * 50, [False, True] * 50) == 1.0
    assert stats.welch([1.0, 2.0, 3.0] * 20, [1.0, 2.0, 3.0] * 20) == 1.0


def test_holm_never_lowers_a_p_value_and_keeps_the_order():
    rng = random.Random(11)
    p = [rng.random() ** 3 for _ in range(12)]
    adjusted = stats.holm(p)
    assert all(a >= x for a, x in zip(adjusted, p))
    assert all(a <= 1.0 for a in adjusted)
    order = sorted(range(12), key=lambda i: p[i])
    assert [adjusted[i] for i in order] == sorted(adjusted)
    assert stats.holm([0.04]) == [0.04]


# ------------------------------------------------------------------ lead measures
def test_a_tie_at_the_top_has_no_leader():
    assert leader({"a": 1, "b": 1, "c": 0}) is None
    assert leader({"a": 1, "b": 2, "c": 2}) is None
    assert leader({"a": 1, "b": 0}) == "a"


def test_a_game_led_from_start_to_end():
    trace = [{"a": 0, "b": 0}] + [{"a": 5 * i, "b": i} for i in range(1, 11)]
    got = lead_measures(trace, ["a"])
    assert got == {"length": 10, "lead_changes": 0, "lead_decided": 0.0, "comeback": 0}


def test_a_tie_between_the_same_leader_is_not_a_change():
    trace = [
        {"a": 0, "b": 0},
        {"a": 3, "b": 0},  # a leads
        {"a": 3, "b": 3},  # tie
        {"a": 6, "b": 3},  # a again: no change
        {"a": 6, "b": 9},  # b: one change
        {"a": 6, "b": 9},
    ]
    got = lead_measures(trace, ["b"])
    assert got["lead_changes"] == 1
    assert got["lead_decided"] == pytest.approx(3 / 5, abs=1e-4)  # b led from action 4
    assert got["comeback"] == 0  # at half time (2 actions) it was a tie: not behind


def test_the_last_action_deciding_the_game_and_a_comeback():
    trace = [{"a": 0, "b": 0}, {"a": 0, "b": 4}, {"a": 0, "b": 8}, {"a": 10, "b": 8}]
    got = lead_measures(trace, ["a"])
    assert got["lead_decided"] == pytest.approx(2 / 3, abs=1e-4)
    assert got["comeback"] == 1  # behind after 1 action (3 // 2)


def test_a_shared_win_has_no_decision_and_no_comeback():
    trace = [{"a": 0, "b": 0}, {"a": 3, "b": 0}, {"a": 3, "b": 3}]
    got = lead_measures(trace, ["a", "b"])
    assert got["lead_decided"] is None and got["comeback"] is None
    assert got["length"] == 2


@fast_and_full("samples", 100, 1000)
def test_every_figure_equals_scipy_stats_on_random_samples(samples):
    """The study computes its tests itself (scipy.stats costs a command two seconds to
    import); scipy.stats is the reference they must equal, to the 4 digits shown."""
    from scipy import stats as reference

    def shown(p):
        return float(f"{p:.4g}")

    rng = random.Random(11)
    for _ in range(samples):
        n, m = rng.randint(2, 120), rng.randint(2, 120)
        a = [rng.random() < 0.5 for _ in range(n)]
        b = [rng.random() < rng.random() for _ in range(n)]
        c = [rng.random() < rng.random() for _ in range(m)]
        k = sum(a)
        ci = reference.binomtest(k, n).proportion_ci(0.95, method="wilson")
        assert stats.wilson(k, n) == (round(ci.low, 4), round(ci.high, 4))
        only_a = sum(x and not y for x, y in zip(a, b))
        only_b = sum(y and not x for x, y in zip(a, b))
        if only_a + only_b:
            want = reference.binomtest(only_a, only_a + only_b, 0.5).pvalue
            assert stats.mcnemar(a, b) == shown(want)
        table = [[k, n - k], [sum(c), m - sum(c)]]
        assert stats.fisher(a, c) == shown(reference.fisher_exact(table).pvalue)
        x = [rng.gauss(0, 3) for _ in range(n)]
        y = [v + rng.gauss(0.3, 1) for v in x]
        z = [rng.gauss(1, 5) for _ in range(m)]
        assert stats.paired_t(x, y) == shown(reference.ttest_rel(x, y).pvalue)
        assert stats.welch(x, z) == shown(reference.ttest_ind(x, z, equal_var=False).pvalue)
        half = reference.t.ppf(0.975, n - 1) * reference.tstd(x) / math.sqrt(n)
        mean = sum(x) / n
        assert stats.mean_interval(x)["ci"] == pytest.approx(
            [mean - half, mean + half], abs=1e-4
        )

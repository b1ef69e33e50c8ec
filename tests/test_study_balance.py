"""``wordbot study --balance``: the fair value of a numeric rule option by
paired self-play and a logistic fit, with its interval, the seats' figures there, the
curve as a plot, and a run that resumes after a kill to the points of one never
stopped."""

from __future__ import annotations

import json
import math
import random

import pytest

from tests.cli_support import invoke, kill_when, run
from wordbot.study.balance import fit_root

#: Cross words combat's short games between territory players: red's edge is large
#: without compensation and gone at thirty points
BALANCE = ["study", "--game", "crosswords", "--players", "territory"]
BALANCE += ["--rule", "turn_limit=5", "--balance", "compensation=0..30", "--games", "4"]
BALANCE += ["--check-games", "6"]
BALANCE += ["--steps", "1", "--seed", "1", "--quiet"]


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


def test_a_balance_run_measures_both_ends_a_midpoint_and_the_fair_value(tmp_path):
    out = invoke(*BALANCE, "--workers", "1", "--out", str(tmp_path / "b"), "--json",
                 "--plot", str(tmp_path / "plots"), "--report", str(tmp_path / "b.md"))  # fmt: skip
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["option"] == "compensation" and found["target"] == 0.5
    values = [p["value"] for p in found["points"]]
    assert values == sorted(values) and {0, 30} <= set(values) and len(values) == 3
    # one player in every seat: one game a deal, so every game counts
    assert found["rotate"] is False
    assert all(p["effective_games"] == p["games"] == 4 for p in found["points"])
    rates = {p["value"]: p["first_player_score"] for p in found["points"]}
    assert rates[0] > 0.5 > rates[30]  # the ends lie on both sides
    for p in found["points"]:  # the score: the wins, and half the draws
        win = p["first_player_win_rate"]
        assert win <= p["first_player_score"] <= win + (1 - win) / 2
    low, high = found["ci"]
    assert low <= found["fair_value"] <= high
    at = found["at_fair_value"]
    assert at["games"] == 6 and at["value"] % 0.5 == 0  # --check-games, new deals
    assert abs(at["value"] - found["fair_value"]) <= 0.25
    assert set(at["seat_win_rate"]) == {"red", "green"}
    red, draws = at["seat_win_rate"]["red"]["rate"], at["draw_rate"]["rate"]
    assert at["seat_score"]["red"]["mean"] == pytest.approx(red + draws / 2, abs=1e-3)
    fresh = json.loads((tmp_path / "b" / "at-fair-value" / "study.json").read_text())
    assert fresh["seed"] == 2  # new deals: the points' seed + 1
    saved = (tmp_path / "b" / "points.jsonl").read_text().splitlines()
    assert len(saved) == 3
    assert (tmp_path / "plots" / "balance.svg").read_text().startswith("<?xml")
    report = (tmp_path / "b.md").read_text()
    assert f"**compensation = {found['fair_value']:g}**" in report
    assert "plots/balance.svg" in report and report.count("\n| ") >= 4


def test_a_killed_balance_run_resumes_to_the_points_of_one_never_stopped(tmp_path):
    whole = invoke(*BALANCE, "--workers", "1", "--out", str(tmp_path / "w"), "--json")
    stopped = tmp_path / "s"
    kill_when([*BALANCE, "--workers", "1", "--out", str(stopped)], stopped / "points.jsonl")
    resumed = run("study", "--resume", str(stopped), "--json", "--quiet")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--balance", "compensation"], "expected NAME=LO..HI"),
        (["--balance", "compensation=5..1"], "LO must be a number below HI"),
        (["--balance", "speed=0..1"], "no rule option 'speed'"),
        (["--balance", "compensation=0..2000"], "compensation"),
        (["--balance", "compensation=0..9", "--vary", "turn_limit=3,4"], "no --vary"),
    ],
)
def test_bad_balance_runs_are_one_line_errors(tmp_path, args, needle):
    out = invoke("study", "--game", "crosswords", "--players", "territory", *args,
                 "--out", str(tmp_path / "x"))  # fmt: skip
    assert out.returncode == 2, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "x").exists()  # nothing written

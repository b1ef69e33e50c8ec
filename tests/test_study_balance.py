"""``wordbot study --balance``: the fair value of a numeric rule option by
paired self-play and a logistic fit, with its interval, the seats' figures there, the
curve as a plot, and a run that resumes after a kill to the points of one never
stopped."""

from __future__ import annotations

import json

import pytest

from tests.cli_support import invoke, kill_when, run

#: Cross words combat's short games between territory players: red's edge is large
#: without compensation and gone at thirty points
BALANCE = ["study", "--game", "crosswords", "--players", "territory"]
BALANCE += ["--rule", "turn_limit=5", "--balance", "compensation=0..30", "--games", "4"]
BALANCE += ["--check-games", "6"]
BALANCE += ["--steps", "1", "--seed", "1", "--quiet"]


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
    # each check on deals of its own; a check that misses sends every value to twice
    # the deals, up to --max-games (4 x --games), and the run stops at one that holds
    checks = found["checks"]
    assert [c["seed"] for c in checks] == [2 + r for r in range(len(checks))]
    assert not any(c["holds"] for c in checks[:-1])
    played = 4 * 2 ** (len(checks) - 1)
    assert checks[-1]["holds"] or played == 16
    assert all(p["effective_games"] == p["games"] == played for p in found["points"])
    for r in range(len(checks)):
        folder = tmp_path / "b" / ("at-fair-value" if r == 0 else f"at-fair-value-{r + 1}")
        assert json.loads((folder / "study.json").read_text())["seed"] == 2 + r
    rates = {p["value"]: p["first_player_score"] for p in found["points"]}
    assert rates[0] > 0.5 > rates[30]  # the ends lie on both sides
    for p in found["points"]:  # the score: the wins, and half the draws
        win = p["first_player_win_rate"]
        assert win <= p["first_player_score"] <= win + (1 - win) / 2
    low, high = found["ci"]
    assert low <= found["fair_value"] <= high
    at = found["at_fair_value"]
    assert at["seed"] == checks[-1]["seed"] and at["holds"] == checks[-1]["holds"]
    assert at["games"] == 6 and at["value"] % 0.5 == 0  # --check-games, new deals
    assert abs(at["value"] - found["fair_value"]) <= 0.25
    assert set(at["seat_win_rate"]) == {"red", "green"}
    red, draws = at["seat_win_rate"]["red"]["rate"], at["draw_rate"]["rate"]
    assert at["seat_score"]["red"]["mean"] == pytest.approx(red + draws / 2, abs=1e-3)
    # a value measured again is saved again: its last line is the one that counts
    saved = (tmp_path / "b" / "points.jsonl").read_text().splitlines()
    assert len(saved) == 3 * len(checks)
    assert (tmp_path / "plots" / "balance.svg").read_text().startswith("<?xml")
    report = (tmp_path / "b.md").read_text()
    assert f"**compensation = {found['fair_value']:g}**" in report
    assert "plots/balance.svg" in report and report.count("\n| ") >= 4


def test_max_games_at_games_checks_once_and_says_the_seats_are_not_even(tmp_path):
    # the run above misses its first check: with no more games allowed it stops there
    out = invoke(*BALANCE, "--workers", "1", "--out", str(tmp_path / "b"), "--max-games",
                 "4")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "the seats are not even there, at 4 games a value" in out.stdout
    found = json.loads(run("study", "--resume", str(tmp_path / "b"), "--json").stdout)
    assert [c["holds"] for c in found["checks"]] == [False]
    assert all(p["games"] == 4 for p in found["points"])


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
        (
            ["--balance", "compensation=0..9", "--games", "8", "--max-games", "4"],
            "--max-games 4: fewer than the 8 games",
        ),  # fmt: skip
    ],
)
def test_bad_balance_runs_are_one_line_errors(tmp_path, args, needle):
    out = invoke("study", "--game", "crosswords", "--players", "territory", *args,
                 "--out", str(tmp_path / "x"))  # fmt: skip
    assert out.returncode == 2, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "x").exists()  # nothing written


#: First Draft at three seats between greedy players: short studies of each seat's value
SEATS = ["study", "--game", "firstdraft", "--players", "greedy", "--seats", "3"]
SEATS += ["--games", "12", "--check-games", "12", "--steps", "1", "--resolution", "0.5"]
SEATS += ["--seed", "1", "--quiet", "--workers", "1"]


def test_one_later_seats_value_is_balanced_with_the_others_as_the_rules_list_them(
    tmp_path,
):
    out = invoke(*SEATS, "--rule", "compensation=0,1,0", "--balance", "compensation=-4..8",
                 "--seat", "3", "--out", str(tmp_path / "b"), "--json", "--max-games",
                 "12")  # fmt: skip
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["seat"] == 3
    # every study lists the three seats' points: the second's from --rule, the third's
    # the value tried
    points = {p["value"]: p for p in found["points"]}
    folders = sorted((tmp_path / "b").glob("point-*"))
    assert len(folders) == len(points)
    for folder in folders:
        saved = json.loads((folder / "study.json").read_text())
        listed = saved["variants"][0]["changed"]["compensation"]
        assert listed[:2] == [0, 1]
        point = points[listed[2]]
        results = (folder / "results.jsonl").read_text()
        # the figures are the third seat's: its share of the points in those games
        games = [json.loads(line) for line in results.splitlines()]
        mine = sum(1 / sum(v == 1 for v in g["places"].values()) for g in games
                   if g["places"]["p3"] == 1)  # fmt: skip
        assert point["first_player_score"] == pytest.approx(mine / len(games), abs=1e-4)
    check = json.loads((tmp_path / "b" / "at-fair-value" / "study.json").read_text())
    at = found["at_fair_value"]["value"]
    assert check["variants"][0]["changed"]["compensation"] == [0, 1, at]


def test_every_later_seat_in_turn_then_every_seat_checked_on_new_deals(tmp_path):
    out = invoke(*SEATS, "--balance", "compensation=-4..8", "--per-seat", "--passes",
                 "1", "--out", str(tmp_path / "b"), "--json", "--report",
                 str(tmp_path / "b.md"))  # fmt: skip
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["per_seat"] is True and len(found["passes"]) == 1
    one = found["passes"][0]
    assert [s["seat"] for s in one["seats"]] == [2, 3]
    values = found["values"]
    assert len(values) == 3 and values[0] == 0 and all(v % 0.5 == 0 for v in values)
    # the third seat's run kept the second's value as found; the check lists both
    third = json.loads((tmp_path / "b" / "pass-1" / "seat-3" / "balance.json").read_text())
    assert third["values"][1] == values[1] and third["seat"] == 2
    check = json.loads((tmp_path / "b" / "pass-1" / "check" / "study.json").read_text())
    assert check["variants"][0]["changed"]["compensation"] == values
    assert check["seed"] == 1001  # deals no balance of the run plays
    shares = one["check"]["seat_score"]
    assert set(shares) == {"p1", "p2", "p3"}
    assert sum(s["mean"] for s in shares.values()) == pytest.approx(1.0, abs=1e-3)
    assert found["even"] == all(one["check"]["holds"].values())
    report = (tmp_path / "b.md").read_text()
    assert f"**compensation = {','.join(f'{v:g}' for v in values)}**" in report
    # a second command on the folder replays nothing and says the same
    again = run("study", "--resume", str(tmp_path / "b"), "--json", "--quiet")
    assert again.returncode == 0 and json.loads(again.stdout) == found


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--seat", "2"], "--seat: only with --balance"),
        (["--balance", "compensation=0..2", "--seat", "4"], "--seat 4: the table has seats 1-3"),
        (["--balance", "compensation=0..2", "--per-seat", "--rule", "compensation=0,1"],
         "2 values for 3 seats"),
        (["--balance", "compensation=0..2", "--per-seat", "--rule", "compensation=1"],
         "start from a list of 3 values"),
        (["--balance", "compensation=0..2", "--per-seat", "--seat", "2"],
         "one seat, or every seat in turn"),
    ],
)  # fmt: skip
def test_bad_per_seat_runs_are_one_line_errors(tmp_path, args, needle):
    out = invoke("study", "--game", "firstdraft", "--players", "greedy", "--seats", "3",
                 *args, "--out", str(tmp_path / "x"))  # fmt: skip
    assert out.returncode == 2, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "x").exists()


def test_a_game_whose_option_takes_no_value_a_seat_says_so(tmp_path):
    out = invoke("study", "--game", "crosswords", "--players", "territory", "--balance",
                 "compensation=0..9", "--per-seat", "--out", str(tmp_path / "x"))  # fmt: skip
    assert out.returncode == 2
    assert "compensation takes no value a seat" in out.stderr
    assert not (tmp_path / "x").exists()

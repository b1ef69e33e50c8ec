"""``wordbot tune``: a (1+1) evolution strategy over a player's numeric
options by paired self-play, each step a saved tournament; a candidate is kept only when
its 95 % interval is above 50 %; a killed tuning resumes to the same steps as one never
stopped; bad input is one line and exit 2."""

from __future__ import annotations

import json

from wordbot.players import make_player

from tests.cli_support import invoke, kill_when, run

#: Cross words combat's short games, territory's two cheapest knobs to read
TUNE = ["tune", "--game", "crosswords", "--rule", "turn_limit=3", "--player", "territory"]
TUNE += ["--knob", "threat=0.3", "--knob", "keep=0.05", "--games", "4", "--seed", "5"]
#: in this process: one worker (a pool would fork the test process)
HERE = ["--workers", "1"]


def steps_of(out) -> list[dict]:
    return [json.loads(line) for line in out.stdout.splitlines()[:-1]]


def test_each_step_moves_a_knob_and_is_kept_only_above_even(tmp_path):
    out = invoke(*TUNE, *HERE, "--steps", "3", "--json", "--out", str(tmp_path / "t"))
    assert out.returncode == 0, out.stderr
    steps, final = steps_of(out), json.loads(out.stdout.splitlines()[-1])
    assert [s["step"] for s in steps] == [0, 1, 2] and final["steps"] == 3
    best = "territory"
    for step in steps:
        assert step["best"] == best and step["games"] == 4
        moved = step["candidate"].partition(":")[2].split(",")
        assert len([m for m in moved if m.split("=")[0] in ("threat", "keep")]) >= 1
        assert step["elo_low"] <= step["elo"] <= step["elo_high"]
        assert step["accepted"] == (step["elo_low"] > 0)
        best = step["candidate"] if step["accepted"] else best
    assert final["best"] == best and final["kept"] == sum(s["accepted"] for s in steps)
    saved = (tmp_path / "t" / "steps.jsonl").read_text().splitlines()
    assert [json.loads(line) for line in saved] == steps
    assert sorted(p.name for p in (tmp_path / "t").glob("step-*")) == [
        "step-0000",
        "step-0001",
        "step-0002",
    ]


def test_a_killed_tuning_resumes_to_the_steps_of_one_never_stopped(tmp_path):
    whole = invoke(*TUNE, *HERE, "--steps", "3", "--json", "--out", str(tmp_path / "w"))
    stopped = tmp_path / "stopped"
    steps = ["--steps", "3", "--out", str(stopped), "--workers", "1"]
    kill_when([*TUNE, *steps], stopped / "steps.jsonl")
    log = stopped / "steps.jsonl"
    resumed = run("tune", "--resume", str(stopped), "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming" in resumed.stderr
    kept = [json.loads(line) for line in log.read_text().splitlines()]
    assert kept == steps_of(whole)


def test_bad_tunings_are_one_line_errors(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    for args, needle in (
        (["--game", "crosswords", "--knob", "speed"], "--knob speed: player territory"),
        (["--game", "crosswords", "--knob", "threat=-1"], "STEP must be > 0"),
        (["--game", "crosswords", "--knob", "threat=fast"], "is not a number"),
        (["--game", "crosswords", "--player", "nobody"], "unknown player 'nobody'"),
        (["--resume", str(tmp_path)], "no tuning.json"),
        (["--game", "crosswords", "--out", str(tmp_path / "full")], "not empty"),
    ):
        out = invoke("tune", *args)
        assert out.returncode == 2, (args, out.stdout)
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and needle in lines[0], (args, out.stderr)


def test_controls_weights_are_its_options():
    player = make_player("control:risk1=0.4,opponent=1.5", "controlword")
    assert (player.weights.risk1, player.weights.opponent) == (0.4, 1.5)
    assert player.spec == "control:opponent=1.5,risk1=0.4"
    assert make_player(player.spec, "controlword").weights == player.weights

"""``wordbot study`` end to end through the command line: studies with a pool of workers
and killed studies in real subprocesses, studies in one process and refusals in this one
(tests.cli_support)."""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path

import pytest
from wordbot.engine.games import DEFAULT_GAME
from wordbot.engine.records import read_record, replay

from tests.game_profiles import (
    BUILTIN_NAMES,
    game_of,
    lexicon_args,
    lexicon_of,
    profile,
    short_rule_texts,
)
from tests.lexicons import SMALL_WORDS
from tests.test_tournament_cli import fails as one_line_error
from tests.test_tournament_cli import kill_after, snapshot, wordbot

SMALL = ["--lexicon", str(SMALL_WORDS)]
VARIANT_KEYS = {
    "rules",
    "label",
    "games",
    "errors",
    "seat_win_rate",
    "seat_score",
    "draw_rate",
    "first_player_edge",
    "margin",
    "length",
    "lead_changes",
    "lead_decided",
    "comeback_rate",
    "measures",
}


def short_study(name: str) -> tuple[list[str], int, list[int]]:
    """A short study of the game (its profile's, else its default rules at its
    smallest table, made short): arguments, variants, seats of each variant."""
    game = game_of(name)
    study = profile(name).study
    if study is None:
        rules = [arg for text in short_rule_texts(name) for arg in ("--rule", text)]
        args = ["--vary", f"seats={game.min_players}", "--players", "greedy", *rules]
        study = (args, 1, [game.min_players])
    args, variants, seats = study
    return [*args, *lexicon_args(name)], variants, seats


def study_json(*args) -> dict:
    proc = wordbot("study", *args, "--json", "--quiet")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def fails(*args) -> str:
    """A study that must fail: exit 2, one line ``wordbot: error: ...``."""
    return one_line_error(*args, command="study")


def results(out: Path) -> list[dict]:
    return [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]


def check_figures(obj: dict, game: str, variants: int, seats: list[int], games: int):
    assert set(obj) == {
        "game",
        "option_values",
        "rules",
        "players",
        "seed",
        "games_per_variant",
        "rotate",
        "variants",
        "comparisons",
    }
    assert obj["game"] == game and len(obj["variants"]) == variants
    for v, k in zip(obj["variants"], seats):
        assert set(v) == VARIANT_KEYS
        assert v["games"] == games and v["errors"] == 0
        assert len(v["seat_win_rate"]) == k
        wins = [s["count"] for s in v["seat_win_rate"].values()]
        assert sum(wins) + v["draw_rate"]["count"] == games  # one winner, or a draw
        for figure in [*v["seat_win_rate"].values(), v["draw_rate"]]:
            assert 0 <= figure["ci"][0] <= figure["rate"] <= figure["ci"][1] <= 1
        scores = {c: s["mean"] for c, s in v["seat_score"].items()}
        assert list(scores) == list(v["seat_win_rate"])
        assert sum(scores.values()) == pytest.approx(1, abs=1e-3)  # a point a game
        for c, s in v["seat_win_rate"].items():  # wins, and a share of the draws
            assert (
                s["rate"] - 1e-4 <= scores[c] <= s["rate"] + v["draw_rate"]["rate"] + 1e-4
            )
        first = next(iter(v["seat_win_rate"].values()))
        # every interval is over the deals: each played once, or in every rotation
        deals = games // k if obj["rotate"] else games
        assert first["deals"] == v["margin"]["deals"] == deals
        assert deals <= first["n_eff"] <= games
        assert v["first_player_edge"]["value"] == pytest.approx(
            first["rate"] - 1 / k, abs=1e-4
        )
        assert v["margin"]["mean"] >= 0 and v["length"]["mean"] > 0
        assert v["length"]["ci"][0] <= v["length"]["mean"] <= v["length"]["ci"][1]
        decided = v["lead_decided"]  # over the games with one winner
        assert decided["n"] == v["games"] - v["draw_rate"]["count"]
        assert decided["n"] == 0 or 0 <= decided["mean"] <= 1
    pairs = list(combinations(range(variants), 2))
    assert len(obj["comparisons"]) == 3 * len(pairs)
    assert {(c["a"], c["b"]) for c in obj["comparisons"]} == set(pairs)
    for c in obj["comparisons"]:
        assert 0 <= c["p_value"] <= c["p_holm"] <= 1


@pytest.mark.parametrize("game", BUILTIN_NAMES)
def test_a_study_of_every_game_saves_its_records_and_pairs_its_games(game, tmp_path):
    args, variants, seats = short_study(game)
    games = math.lcm(*seats)  # a whole rotation of every table
    out = tmp_path / "run"
    # two worker processes for one game (the others play in this process: the killed
    # study below runs two workers too)
    workers = "2" if game == DEFAULT_GAME else "1"
    obj = study_json("--game", game, *args, "--games", str(games), "--seed", "5",
                     "--out", str(out), "--workers", workers)  # fmt: skip
    check_figures(obj, game, variants, seats, games)
    config = json.loads((out / "study.json").read_text())
    lines = results(out)
    assert sorted(x["game"] for x in lines) == list(range(variants * games))
    own = set()
    for line in lines:
        variant = config["variants"][line["variant"]]
        record = read_record(out / line["record"])
        # the record's header carries the variant's rules and seats
        assert record.header["rules"] == variant["rules"]
        assert list(record.header["players"]) == variant["colours"]
        assert replay(record, lexicon_of(game_of(game))).ok
        assert line["measures"]["length"] == line["actions"] == len(record.actions)
        own.add(tuple(sorted(line["measures"]["own"])))
    assert len(own) == 1 and own.pop()  # the game's own measures, the same in every game
    # the pairs: the same deal and rotation under every variant of the same seats
    by_key: dict = {}
    for line in lines:
        k = len(line["seats"])
        by_key.setdefault((k, line["deal"], line["rotation"]), []).append(line)
    for (k, _deal, _rotation), group in by_key.items():
        assert len(group) == sum(1 for s in seats if s == k)
        assert len({x["seed"] for x in group}) == 1
        assert len({json.dumps(x["seats"]) for x in group}) == 1
    # and the study's result file is the --json figures
    assert json.loads((out / "study_result.json").read_text()) == obj


def test_identical_players_play_a_new_game_in_each_rotation(tmp_path):
    """Rotating the seats of identical deterministic players used to replay one game."""
    out = tmp_path / "t"
    proc = wordbot("tournament", "--players", "control,control", "--games", "8", "--seed",
                   "2", "--out", str(out), "--quiet", "--workers", "1", *SMALL)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    deals: dict = {}
    for line in results(out):
        moves = [a["move"] for a in read_record(out / line["record"]).actions]
        deals.setdefault(line["deal"], []).append(moves)
    assert len(deals) == 4
    assert sum(1 for a, b in deals.values() if a != b) >= 3  # nearly every deal: two games
    # a study of one player in every seat plays a new deal in every game instead
    obj = study_json("--players", "control", "--vary", "rounds=3", "--games", "7",
                     "--seed", "2", "--out", str(tmp_path / "s"), "--workers", "1",
                     *SMALL)  # fmt: skip
    assert obj["rotate"] is False and obj["variants"][0]["games"] == 7
    assert json.loads((tmp_path / "s" / "study.json").read_text())["rotate"] is False
    lines = results(tmp_path / "s")
    assert sorted(x["deal"] for x in lines) == list(range(7))
    assert {x["rotation"] for x in lines} == {0}
    assert len({x["seed"] for x in lines}) == 7
    # different players still meet in every rotation of every deal
    obj = study_json("--players", "control,greedy", "--vary", "rounds=3", "--games", "4",
                     "--seed", "2", "--out", str(tmp_path / "m"), "--workers", "1",
                     *SMALL)  # fmt: skip
    assert obj["rotate"] is True
    lines = results(tmp_path / "m")
    assert sorted((x["deal"], x["rotation"]) for x in lines) == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    ]
    assert fails("--players", "control,greedy", "--games", "3", *SMALL).startswith(
        "wordbot: error: --games 3: must be a positive multiple of 2"
    )


def test_report_and_plots(tmp_path):
    report = tmp_path / "docs" / "study.md"
    report.parent.mkdir()
    plots = tmp_path / "docs" / "study"
    proc = wordbot("study", "--vary", "rounds=2,3", "--players", "greedy", "--games", "4",
                   "--seed", "1", "--report", str(report), "--plot", str(plots),
                   "--title", "Two or three rounds", "--workers", "1", *SMALL)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    # the terminal table: a column a variant, a row a figure
    assert "rounds=2" in proc.stdout and "rounds=3" in proc.stdout
    assert "first player's edge" in proc.stdout and "mcnemar exact" in proc.stdout
    text = report.read_text()
    assert text.startswith("# Two or three rounds\n")
    assert "games per variant: 4" in text.splitlines()
    links = [
        line[line.index("](") + 2 : -1]
        for line in text.splitlines()
        if line.startswith("![")
    ]
    assert len(links) >= 8
    for link in links:
        svg = (report.parent / link).read_text()
        assert link.startswith("study/") and "<svg" in svg and "Two or three rounds" in svg


def test_killed_study_resumes_without_losing_or_replaying_a_game(tmp_path):
    out = tmp_path / "run"
    args = ["--players", "control", "--vary", "rounds=2,3", "--games", "24", "--seed", "3",
            *SMALL]  # fmt: skip
    lines_file = out / "results.jsonl"
    kill_after(["study", *args, "--workers", "2", "--out", str(out)], lines_file, 10)
    finished = [
        json.loads(x)
        for x in lines_file.read_bytes().decode().splitlines(keepends=True)
        if x.endswith("\n")
    ]
    assert 10 <= len(finished) < 48
    resumed = wordbot("study", "--resume", str(out), "--json", "--workers", "2")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming" in resumed.stderr
    after = results(out)
    assert sorted(x["game"] for x in after) == list(range(48))  # none lost, none twice
    assert after[: len(finished)] == finished
    # the same study in one go ends with the same figures
    assert study_json(*args, "--workers", "1") == json.loads(resumed.stdout)


def test_bad_options_are_one_line_errors_and_write_nothing(tmp_path):
    out = tmp_path / "never"
    assert "nonsense" in fails(
        "--vary", "nonsense=1,2", "--players", "greedy", "--out", str(out)
    )
    assert "--vary rounds=0" in fails("--vary", "rounds=0,2", "--players", "greedy")
    assert "--games 5" in fails(
        "--vary", "rounds=2,3", "--players", "greedy,control", "--games", "5"
    )
    assert "given twice" in fails(
        "--vary", "rounds=2", "--vary", "rounds=3", "--players", "greedy"
    )
    assert "--rule" in fails(
        "--vary", "rounds=2,3", "--rule", "rounds=4", "--players", "greedy"
    )
    assert "--players" in fails("--game", "firstdraft", "--vary", "seats=2,3", "--players",
                                "greedy,random")  # fmt: skip
    assert "seats" in fails(
        "--game", "firstdraft", "--vary", "seats=2,9", "--players", "greedy"
    )
    assert "--players" in fails("--vary", "rounds=2,3")
    assert "expected NAME=V1,V2" in fails("--vary", "rounds", "--players", "greedy")
    assert not out.exists()


def test_resume_refuses_another_study_and_changes_nothing(tmp_path):
    out = tmp_path / "run"
    study_json("--players", "greedy", "--vary", "rounds=2,3", "--games", "2", "--seed", "1",
               "--out", str(out), "--workers", "1", *SMALL)  # fmt: skip
    before = snapshot(out)
    assert "games" in fails("--resume", str(out), "--games", "4")
    assert "seed" in fails("--resume", str(out), "--seed", "2")
    assert "vary" in fails("--resume", str(out), "--vary", "rounds=2,4")
    assert "already holds a study" in fails("--players", "greedy", "--out", str(out))
    assert snapshot(out) == before

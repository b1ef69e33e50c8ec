"""``wordbot tournament`` end to end through the command line: runs with a pool of
workers, and killed runs, in real subprocesses; runs in one process and refusals in this
one (tests.cli_support)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from wordbot.engine.records import read_record, replay

from tests.cli_support import SHORT_TOURNAMENT, invoke, kill_when, run
from tests.lexicons import SMALL_WORDS, small_words

ROOT = Path(__file__).resolve().parents[1]
SMALL = ["--lexicon", str(SMALL_WORDS)]
#: one deal played in both seatings, on one worker
ONE_DEAL = ("--games", "2", "--seed", "1", "--workers", "1")

PLAYER_KEYS = {"games", "wins", "draws", "losses", "score", "elo", "elo_low", "elo_high"}
PAIR_KEYS = {
    "a",
    "b",
    "games",
    "a_wins",
    "draws",
    "b_wins",
    "score",
    "elo",
    "elo_low",
    "elo_high",
    "sprt",
}


def inline(args) -> bool:
    """A tournament played in one process (``--workers 1``) or refused before any game
    can run in this test's process; one with a pool of workers gets a process of its own
    (forking this one is not what a user's shell does)."""
    return any(a == "--workers" and b == "1" for a, b in zip(args, args[1:]))


def wordbot(*args, via=None):
    via = via or (invoke if inline(args) else run)
    return via(*args, cwd=ROOT)


def ok_json(*args) -> dict:
    proc = wordbot("tournament", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def fails(*args, command: str = "tournament", via=invoke) -> str:
    """A ``wordbot COMMAND`` that must fail: exit 2, one line ``wordbot: error: ...``."""
    proc = wordbot(command, *args, via=via)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordbot: error: "), proc.stderr
    return lines[0]


def snapshot(path: Path) -> dict[str, str]:
    """Every file under ``path`` with its content hash and mtime (to see nothing changed)."""
    if not path.exists():
        return {}
    return {
        str(p.relative_to(path)): hashlib.sha256(p.read_bytes()).hexdigest()
        + f"@{p.stat().st_mtime_ns}"
        for p in sorted(path.rglob("*"))
        if p.is_file()
    }


def check_counts(obj: dict, games_per_pair: int, seats: int = 2) -> None:
    assert set(obj) == {"game", "players", "pairs", "games_per_second", "seconds_per_move"}
    assert obj["game"] == "controlword"
    assert obj["games_per_second"] > 0
    for name, p in obj["players"].items():
        assert set(p) == PLAYER_KEYS, name
        assert p["wins"] + p["draws"] + p["losses"] == p["games"]
        assert p["elo_low"] <= p["elo"] <= p["elo_high"]
        assert obj["seconds_per_move"][name] > 0  # every player chose moves, in time
        if seats == 2:
            assert p["score"] == pytest.approx(
                (p["wins"] + p["draws"] / 2) / p["games"], abs=1e-6
            )
    for pair in obj["pairs"]:
        assert set(pair) == PAIR_KEYS
        assert pair["games"] == games_per_pair
        assert pair["a_wins"] + pair["draws"] + pair["b_wins"] == pair["games"]
        assert pair["score"] == pytest.approx(
            (pair["a_wins"] + pair["draws"] / 2) / pair["games"], abs=1e-6
        )
        assert pair["elo_low"] <= pair["elo"] <= pair["elo_high"]


def kill_after(args: list[str], results: Path, lines: int) -> None:
    """Run ``wordbot ARGS --quiet`` and SIGKILL it with its workers, with no chance to
    clean up, once ``results`` holds ``lines`` lines."""
    kill_when([*args, "--quiet"], results, lines)


def without_rate(obj: dict) -> dict:
    """The results without the timings (which no rerun repeats)."""
    return {
        k: v for k, v in obj.items() if k not in ("games_per_second", "seconds_per_move")
    }


# ------------------------------------------------------------------ formats and results
def test_round_robin_json_is_reproducible_on_any_number_of_workers():
    args = ["--players", "greedy,random,greedy", "--games", "4", "--seed", "5", *SMALL]
    two = ok_json(*args, "--workers", "2")
    check_counts(two, 4)
    assert list(two["players"]) == ["greedy", "random", "greedy#2"]
    assert [(p["a"], p["b"]) for p in two["pairs"]] == [
        ("greedy", "random"),
        ("greedy", "greedy#2"),
        ("random", "greedy#2"),
    ]
    assert all(p["games"] == 8 for p in two["players"].values())
    assert all(p["sprt"] is None for p in two["pairs"])
    # the same player in both seats of a deal: each wins with one seat
    self_play = two["pairs"][1]
    assert self_play["a_wins"] + self_play["draws"] / 2 == 2
    one = ok_json(*args, "--workers", "1")
    assert without_rate(one) == without_rate(two)


@pytest.mark.parametrize("game", ["crosswords", "controlword"])
def test_search_on_an_iteration_budget_replays_on_any_number_of_workers(game):
    # the tree (Cross words combat) and the simulation (Control Word) alike
    rules = {"crosswords": "turn_limit=3", "controlword": "rounds=1"}[game]
    args = ["--game", game, "--rule", rules, "--games", "2", "--seed", "3"]
    args += ["--players", "search:iterations=3,k=2,time=600,greedy"]
    args += SMALL if game == "controlword" else []
    two = ok_json(*args, "--workers", "2")
    one = ok_json(*args, "--workers", "1")
    assert without_rate(one) == without_rate(two)
    assert two["players"]["search:time=600.0,iterations=3,k=2"]["games"] == 2


def test_three_seat_gauntlet_reports_head_to_head_pairs():
    obj = ok_json(
        "--gauntlet",
        "greedy",
        "--opponents",
        "random,greedy",
        "--seats",
        "3",
        "--games",
        "3",
        "--seed",
        "2",
        "--workers",
        "1",
        *SMALL,
    )
    check_counts(obj, 3, seats=3)
    assert list(obj["players"]) == ["greedy", "random", "greedy#2"]
    assert {(p["a"], p["b"]) for p in obj["pairs"]} == {
        ("greedy", "random"),
        ("greedy", "greedy#2"),
        ("random", "greedy#2"),
    }
    assert all(p["games"] == 3 for p in obj["players"].values())


def test_table_on_stdout_and_help_with_an_example():
    proc = wordbot(
        "tournament",
        "--players",
        "greedy,random",
        *ONE_DEAL,
        *SMALL,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Elo A-B" in proc.stdout and "LL LD DD WD WW" in proc.stdout
    assert "2 games, 2 played now" in proc.stdout and "seed 1" in proc.stdout
    help_text = wordbot("tournament", "--help").stdout
    for option in (
        "--players",
        "--gauntlet",
        "--opponents",
        "--seats",
        "--games",
        "--seed",
        "--sprt",
        "--workers",
        "--backend",
        "--address",
        "--out",
        "--resume",
        "--plot",
        "--json",
        "Example",
    ):
        assert option in help_text


def test_sprt_stops_a_decided_pairing_early():
    # control wins every game against greedy on the small lexicon; all-WW pairs accept
    # H1 (Elo 70.4) against H0 (Elo 0) after five pairs (see test_tournament_stats)
    obj = ok_json(
        "--players",
        "control,greedy",
        "--games",
        "200",
        "--seed",
        "1",
        "--sprt",
        "0",
        "70.43650362227247",
        "0.05",
        "0.05",
        "--workers",
        "1",
        *SMALL,
    )
    pair = obj["pairs"][0]
    assert pair["sprt"] == "H1"
    assert pair["games"] == 10 and pair["a_wins"] == 10
    assert obj["players"]["control"]["games"] == 10


# ------------------------------------------------------------------ records and resume
def test_out_dir_holds_the_configuration_and_a_replayable_record_per_game(tmp_path):
    out = tmp_path / "run"
    obj = ok_json(
        *SHORT_TOURNAMENT,
        "--workers",
        "2",
        "--out",
        str(out),
        *SMALL,
    )
    config = json.loads((out / "tournament.json").read_text())
    assert config["format"] == "wordbot.tournament/1" and config["seed"] == 3
    assert config["players"] == {"greedy": "greedy", "random": "random"}
    lines = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert sorted(x["game"] for x in lines) == [0, 1, 2, 3]
    lex = small_words()
    for line in lines:
        record = read_record(out / line["record"])
        assert record.header["agents"] == line["seats"]
        assert record.result is not None and record.header["seed"] == line["seed"]
        assert replay(record, lex).ok
        finals = {c: t["final"] for c, t in record.result["totals"].items()}
        assert finals == line["scores"]
    saved = json.loads((out / "standings.json").read_text())
    assert without_rate(saved) == without_rate(obj)


def test_killed_tournament_resumes_without_losing_or_replaying_a_game(tmp_path):
    out = tmp_path / "run"
    args = ["--players", "control,greedy", "--games", "50", "--seed", "11", *SMALL]
    results = out / "results.jsonl"
    kill_after(["tournament", *args, "--workers", "2", "--out", str(out)], results, 10)
    before = results.read_bytes()
    finished = [
        json.loads(x) for x in before.decode().splitlines(keepends=True) if x.endswith("\n")
    ]
    assert 10 <= len(finished) < 50
    records_before = {p.name: p.read_bytes() for p in (out / "games").glob("*.jsonl")}
    mtimes = {p.name: p.stat().st_mtime_ns for p in (out / "games").glob("*.jsonl")}

    resumed = wordbot("tournament", "--resume", str(out), "--json", "--workers", "2")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming" in resumed.stderr
    obj = json.loads(resumed.stdout)
    check_counts(obj, 50)
    after = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    games = [x["game"] for x in after]
    assert sorted(games) == list(range(50))  # every game once: none lost, none twice
    assert after[: len(finished)] == finished  # the finished ones kept as they were
    for name, data in records_before.items():
        path = out / "games" / name
        if int(path.stem) in {x["game"] for x in finished}:
            assert path.read_bytes() == data and path.stat().st_mtime_ns == mtimes[name]
    assert len(list((out / "games").glob("*.jsonl"))) == 50
    # the same tournament in one go ends with the same table
    whole = ok_json(*args, "--workers", "1")
    assert without_rate(whole) == without_rate(obj)
    # resuming a finished tournament plays nothing and prints the same table
    again = wordbot("tournament", "--resume", str(out), "--json")
    assert again.returncode == 0 and without_rate(json.loads(again.stdout)) == without_rate(
        obj
    )
    assert "0 to play" in again.stderr


def test_resume_with_more_games_keeps_the_games_played_and_adds_the_next_deals(tmp_path):
    """A tournament resumed with a larger --games ends as the larger one played in one
    go: the games played stay as they were, and only the new deals are played."""
    out = tmp_path / "run"
    args = ["--players", "control,greedy", "--seed", "5", *SMALL]
    ok_json(*args, "--games", "4", "--workers", "1", "--out", str(out))
    first = (out / "results.jsonl").read_text().splitlines()
    records = {p.name: p.read_bytes() for p in (out / "games").glob("*.jsonl")}
    more = wordbot("tournament", "--resume", str(out), "--games", "10", "--json")
    assert more.returncode == 0, more.stderr
    assert "4 games a pairing become 10" in more.stderr
    assert "4 games finished, 6 to play" in more.stderr
    grown = json.loads(more.stdout)
    check_counts(grown, 10)
    lines = (out / "results.jsonl").read_text().splitlines()
    assert lines[:4] == first and sorted(json.loads(x)["game"] for x in lines) == list(
        range(10)
    )
    for name, data in records.items():
        assert (out / "games" / name).read_bytes() == data
    assert json.loads((out / "tournament.json").read_text())["games"] == 10
    whole = ok_json(*args, "--games", "10", "--workers", "1")
    assert without_rate(whole) == without_rate(grown)


def test_resume_repairs_a_cut_line_and_recovers_a_record_without_its_line(tmp_path):
    out = tmp_path / "run"
    args = ["--players", "greedy,random", "--games", "6", "--seed", "4", *SMALL]
    full = ok_json(*args, "--out", str(out), "--workers", "1")
    results = out / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    # as if killed: game 5's line never written, game 4's line cut half way
    results.write_text("".join(lines[:4]) + lines[4][:30])
    proc = wordbot("tournament", "--resume", str(out), "--json", "--workers", "1")
    assert proc.returncode == 0, proc.stderr
    assert "dropped the unfinished last line" in proc.stderr
    assert "recovered 2 finished game(s)" in proc.stderr
    assert "0 to play" in proc.stderr
    assert without_rate(json.loads(proc.stdout)) == without_rate(full)
    assert sorted(json.loads(x)["game"] for x in results.read_text().splitlines()) == list(
        range(6)
    )


# ------------------------------------------------------------------ bad input
def test_unknown_players_and_options_are_one_line_errors(tmp_path):
    out = tmp_path / "never"
    assert "unknown player 'nobody'" in fails(
        "--players", "greedy,nobody", "--out", str(out)
    )
    assert "unknown option 'depth'" in fails("--players", "greedy:depth=3,random")
    assert "explain='maybe' is not true or false" in fails(
        "--players", "control:explain=maybe,random"
    )
    assert "--games" in fails("--players", "greedy,random", "--games", "x")
    assert "No such option '--colour'" in fails(
        "--players", "greedy,random", "--colour", "red"
    )
    assert "--seats" in fails("--players", "greedy,random", "--seats", "5")
    assert "--rule" in fails("--players", "greedy,random", "--rule", "rounds=0")
    assert "one or the other" in fails("--players", "greedy,random", "--gauntlet", "greedy")
    assert ".png or .svg" in fails("--players", "greedy,random", "--plot", "x.jpg")
    assert "--address is for --backend ray" in fails(
        "--players", "greedy,random", "--address", "localhost:6379"
    )
    assert not out.exists()


def test_an_unreachable_ray_address_fails_at_once_and_writes_nothing(tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "run"
    line = fails(
        "--players",
        "greedy,random",
        "--backend",
        "ray",
        "--address",
        "127.0.0.1:1",
        "--out",
        str(out),
        via=run,  # Ray's import and its threads stay out of this process
    )
    assert "--address 127.0.0.1:1: nothing answers there" in line
    assert not out.exists()


def test_games_must_be_a_multiple_of_the_rotation():
    line = fails("--players", "greedy,random", "--games", "3")
    assert "--games 3: must be a positive multiple of 2" in line
    line = fails("--players", "greedy,random,control", "--seats", "3", "--games", "4")
    assert "multiple of 3" in line


def test_out_must_be_writable_and_never_overwritten(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a directory\n")
    assert "cannot create it" in fails(
        "--players", "greedy,random", "--out", str(blocker / "run")
    )
    assert "not a directory" in fails("--players", "greedy,random", "--out", str(blocker))
    assert blocker.read_text() == "not a directory\n"
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine\n")
    assert "not empty" in fails("--players", "greedy,random", "--out", str(busy))
    assert (busy / "notes.txt").read_text() == "mine\n" and len(list(busy.iterdir())) == 1


def test_resume_refuses_another_configuration_and_changes_nothing(tmp_path):
    out = tmp_path / "run"
    ok_json(
        "--players",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "3",
        "--workers",
        "1",
        "--out",
        str(out),
        *SMALL,
    )
    before = snapshot(out)
    assert "already holds a tournament" in fails(
        "--players", "greedy,random", "--games", "2", "--out", str(out), *SMALL
    )
    line = fails("--resume", str(out), "--games", "1")
    assert "played with --games 2; resuming can add games" in line
    assert "--games 5: must be a positive multiple of 2" in fails(
        "--resume", str(out), "--games", "5"
    )
    assert "played with --seed 3, not --seed 4" in fails(
        "--resume", str(out), "--seed", "4"
    )
    assert "the players greedy,random, not greedy,control" in fails(
        "--resume", str(out), "--players", "greedy,control"
    )
    assert "--rule rounds=10, not rounds=3" in fails(
        "--resume", str(out), "--rule", "rounds=3"
    )
    other = tmp_path / "other.txt"
    other.write_text("cat\ndog\n")
    assert "other words" in fails("--resume", str(out), "--lexicon", str(other))
    assert "no tournament there" in fails("--resume", str(tmp_path))
    assert snapshot(out) == before
    # the same options again are fine
    proc = wordbot(
        "tournament",
        "--resume",
        str(out),
        "--games",
        "2",
        "--seed",
        "3",
        "--players",
        "greedy,random",
        *SMALL,
    )
    assert proc.returncode == 0, proc.stderr
    # a saved configuration names its game: one without is damaged, never a guess
    config = json.loads((out / "tournament.json").read_text())
    del config["game"]
    (out / "tournament.json").write_text(json.dumps(config))
    assert "damaged configuration (no 'game')" in fails("--resume", str(out))


# ------------------------------------------------------------------ plot
@pytest.mark.parametrize("suffix,magic", [(".png", b"\x89PNG"), (".svg", b"<svg")])
def test_plot_writes_png_or_svg(tmp_path, suffix, magic):
    pytest.importorskip("matplotlib")
    path = tmp_path / f"ratings{suffix}"
    ok_json(
        "--players",
        "greedy,random,control",
        *ONE_DEAL,
        "--plot",
        str(path),
        *SMALL,
    )
    assert magic in path.read_bytes()[:400]


def test_a_run_killed_while_writing_its_configuration_starts_again_or_resumes(tmp_path):
    """The configuration appears whole or not at all: a folder holding only the draft a
    killed run left takes a new run, and one holding the configuration alone (killed
    before anything else was made) resumes, playing every game."""
    whole = json.loads(invoke("tournament", *SHORT_TOURNAMENT, "--json").stdout)
    drafted = tmp_path / "drafted"
    drafted.mkdir()
    (drafted / ".tournament.json.4242").write_text('{"format": "wordbot.tourn')
    out = invoke("tournament", *SHORT_TOURNAMENT, "--json", "--out", str(drafted))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["players"] == whole["players"]
    assert json.loads((drafted / "tournament.json").read_text())["games"] == 4

    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "tournament.json").write_text((drafted / "tournament.json").read_text())
    resumed = invoke("tournament", "--resume", str(bare), "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["players"] == whole["players"]
    assert len(list((bare / "games").glob("*.jsonl"))) == 4

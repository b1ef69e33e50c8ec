"""The command line: wordbot new / apply / score / replay. Whole games (``new``, the
first ``apply`` and ``score``) and a record that does not replay run as real subprocesses;
the long lists of cases, the bad input of ``new`` among them, run the same command line in
this process (tests.cli_support): they check the command's output, exit code and one-line
error, the same as a process's (a real ``new`` refusing bad input: tests/test_cli_errors.py
and tests/test_bad_files.py)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.records import GameRecorder

from tests.cli_support import invoke, run
from tests.controlword_games import CAPPED, choose_action
from tests.controlword_support import tile_census
from tests.game_profiles import CONTROLWORD_EXAMPLE
from tests.lexicons import SMALL_WORDS, small_words

ROOT = Path(__file__).resolve().parents[1]
LEX = ["--lexicon", str(SMALL_WORDS)]


def ok(*args, stdin=None, via=invoke) -> str:
    """Run a command that must succeed (in this process unless ``via=run``); its stdout."""
    proc = via(*args, input=stdin, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def fails(*args, stdin=None, via=invoke) -> str:
    """Run a command that must fail with exit 2 and one error line; return the line."""
    proc = via(*args, input=stdin, cwd=ROOT)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordbot: error: "), proc.stderr
    assert "Traceback" not in proc.stderr
    return lines[0]


def test_new_prints_the_start_position():
    args = ["new", "--players", "red,green,black", "--seed", "7"]
    args += ["--mat", "3", "--rule", "rounds=6"]
    obj = json.loads(ok(*args))
    assert obj["players"] == ["red", "green", "black"] and obj["rules"]["rounds"] == 6
    assert (
        obj["round"] == 1
        and obj["phase"] == "word"
        and obj["to_move"] == obj["first_player"]
    )
    assert all(len(obj["racks"][p]) == obj["rack_limit"] for p in obj["players"])
    again = json.loads(ok(*args))
    assert again == obj
    api = GAME.new(
        ["red", "green", "black"],
        seed=7,
        mat=3,
        rules=GAME.from_json(obj, small_words()).rules,
        lexicon=small_words(),
    )
    assert api.to_json() == obj


def test_new_random_mat_uses_the_lexicon():
    obj = json.loads(ok("new", "--seed", "2", "--mat", "random", *LEX))
    s = GAME.from_json(obj, small_words())
    assert len(s.board.words()) == 4 and all(
        w.letters in small_words() for w in s.board.words()
    )


@pytest.mark.parametrize(
    "args, expected",
    [
        (["new", "--players", "red,pink"], "players: 'pink'"),
        (["new", "--players", "red"], "players: 1 players"),
        (["new", "--mat", "9"], "--mat 9"),
        (["new", "--rule", "rounds=0"], "rounds=0"),
        (["new", "--rule", "board_size=4"], "board_size: 4 is smaller than the start mat"),
        (["new", "--lexicon", "/no/such/words.txt"], "no such file"),
    ],
)
def test_new_bad_input(args, expected):
    assert expected in fails(*args)


@pytest.fixture(scope="module")
def start(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "start.json"
    path.write_text(ok("new", "--seed", "1"))
    return path


def test_apply_accepts_a_file_stdin_and_inline_json(start):
    text = start.read_text()
    from_file = ok("apply", str(start), "pass", *LEX)
    from_stdin = ok("apply", "-", "pass", *LEX, stdin=text)
    inline = ok("apply", text, '{"type": "pass"}', *LEX)
    assert from_file == from_stdin == inline
    after = json.loads(from_file)
    before = json.loads(text)
    assert after["to_move"] != before["to_move"] and after["phase"] == "word"


def test_apply_word_play_in_notation_with_negative_coordinates(start):
    s = GAME.from_json(json.loads(start.read_text()), small_words())
    plays = [m for m in s.legal_moves(CAPPED) if m.type == "word"]
    move = next((m for m in plays if m.tiles[0].row < 0 or m.tiles[0].col < 0), plays[0])
    text = s.notation(move)
    out = json.loads(ok("apply", str(start), text, *LEX))
    assert out == s.apply(move).to_json()
    unquoted = json.loads(
        ok("apply", str(start), *text.split(), *LEX)
    )  # words as arguments
    assert unquoted == out


def test_apply_rule_override_and_seed(start):
    out = json.loads(ok("apply", str(start), "pass", "--rule", "rounds=3", *LEX))
    assert out["rules"]["rounds"] == 3
    position = json.loads(start.read_text())
    exchange = f"exchange {position['racks'][position['to_move']][0]} vowel"
    a = ok("apply", str(start), exchange, "--seed", "5", *LEX)
    assert a == ok("apply", str(start), exchange, "--seed", "5", *LEX)
    s = GAME.from_json(position, small_words(), seed=5)
    assert json.loads(a) == s.apply(s.parse_move(exchange)).to_json()


def test_apply_illegal_moves_name_the_rule_and_word(tmp_path):
    pos = {
        **CONTROLWORD_EXAMPLE,
        "board": [[0, 0, "C", "blue"], [0, 1, "A", "blue"]],
        "racks": {"red": "TQ", "green": "E"},
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(pos))
    line = fails("apply", str(path), "0,0 across (CA)Q", *LEX)
    assert "illegal move (word)" in line and "CAQ" in line
    assert "(connected)" in fails("apply", str(path), "5,5 across QT", *LEX)
    assert "(phase)" in fails("apply", str(path), "replace 0,0=T", *LEX)
    assert "(rack)" in fails("apply", str(path), "0,0 across (CA)E", *LEX)
    # the challenge rule 'penalty' turns the invalid word into a penalty token
    out = json.loads(
        ok("apply", str(path), "0,0 across (CA)Q", "--rule", "challenge_rule=penalty", *LEX)
    )
    assert (
        out["penalties"]["red"] == 1 and out["to_move"] == "red" and len(out["board"]) == 2
    )
    out = json.loads(ok("apply", str(path), "0,0 across (CA)T", *LEX))
    assert out["board"][2] == [0, 2, "T", "red"] and out["racks"]["red"] == "Q"


@pytest.mark.parametrize(
    "position, args, expected",
    [
        ("{not json", ["pass"], "position: malformed JSON at line 1 column 2"),
        ("/no/such/file.json", ["pass"], "position: no such file"),
        ('{"format": "wordbot.controlword.position/1"}', ["pass"], "players: missing"),
        ("START", ["fly"], "not a move"),
        ("START", ["0,0 across (Q)"], "square 0,0 holds A, not (Q)"),
        (
            "START",
            ['{"type": "word", "tiles": [[0, 0, "A", "teal"]]}'],
            "move.tiles[0]: colour 'teal'",
        ),
        ("START", ["pass", "--rule", "rounds=zero"], "rounds=zero"),
    ],
)
def test_apply_bad_input(start, position, args, expected):
    position = str(start) if position == "START" else position
    assert expected in fails("apply", position, *args, *LEX)


def test_position_is_never_left_half_changed(tmp_path, start):
    path = tmp_path / "p.json"
    path.write_text(start.read_text())
    fails("apply", str(path), "0,0 across (Q)", *LEX)
    assert path.read_text() == start.read_text()


def test_score_json_and_table(start):
    obj = json.loads(ok("score", str(start), "--json", *LEX))
    assert set(obj) == {"words", "totals", "ranking", "winners"}
    assert len(obj["words"]) == 4 and all(w["controller"] is None for w in obj["words"])
    assert set(obj["totals"]["red"]) == {
        "word_points",
        "words_controlled",
        "penalty_points",
        "played_points",
        "final",
    }
    table = ok("score", str(start), *LEX)
    assert "PLANT" in table and "final" in table and "shared win" in table


def independent_score(position: dict) -> dict:
    """End-of-game totals recomputed from the position alone, straight from docs/rules/controlword.md."""
    squares = {(r, c): (ch, colour) for r, c, ch, colour in position["board"]}
    totals = {p: {"word_points": 0, "words_controlled": 0} for p in position["players"]}
    for r, c in squares:
        for dr, dc in ((0, 1), (1, 0)):
            if (r - dr, c - dc) in squares or (r + dr, c + dc) not in squares:
                continue
            run = []
            rr, cc = r, c
            while (rr, cc) in squares:
                run.append(squares[(rr, cc)][1])
                rr, cc = rr + dr, cc + dc
            counts = Counter(run).most_common()
            if counts[0][0] == "blue" or (len(counts) > 1 and counts[1][1] == counts[0][1]):
                continue
            colour, k = counts[0]
            n = len(run)
            base = 0 if n <= 3 else ((n - 3) ** 2 - (n - 3) + 2) // 2
            totals[colour]["word_points"] += base * (3 if 2 * k >= n else 2)
            totals[colour]["words_controlled"] += 1
    for p in position["players"]:
        t = totals[p]
        t["penalty_points"] = -5 * position["penalties"][p]
        t["played_points"] = position["scores"][p]
        t["final"] = t["word_points"] + t["penalty_points"] + t["played_points"]
    return totals


@pytest.mark.parametrize(
    "players, seed, rounds",
    [
        ("red,green", 11, 1),  # a round has both phases: words, then replacements
        # more rounds and seats, more processes (a second each): in the slow run
        pytest.param("red,green", 11, 2, marks=pytest.mark.slow),
        pytest.param("red,green", 11, 3, marks=pytest.mark.slow),
        pytest.param("red,green,black", 12, 3, marks=pytest.mark.slow),
        pytest.param("white,red,green,black", 13, 3, marks=pytest.mark.slow),
    ],
)
def test_full_games_through_the_cli(tmp_path, players, seed, rounds):
    """wordbot new -> wordbot apply (random legal actions) until the game is over ->
    wordbot score; every position is checked against the API and conserves tiles. The
    first, second and last commands run as real processes, the applies between them in
    this process (the same command line, without a second of start-up each)."""
    lex = small_words()
    rng = random.Random(seed)
    path = tmp_path / "pos.json"
    path.write_text(
        ok(
            "new",
            "--players",
            players,
            "--seed",
            str(seed),
            "--rule",
            f"rounds={rounds}",
            *LEX,
            via=run,
        )
    )
    census = None
    actions = 0
    free, turn = 0, None
    while True:
        position = json.loads(path.read_text())
        s = GAME.from_json(position, lex)
        census = census or tile_census(s)
        assert tile_census(s) == census
        if s.is_over:
            break
        now = (s.round, s.phase, s.to_move)
        free = free + 1 if now == turn else 0
        turn = now
        move = choose_action(s, rng, free)
        out = ok("apply", str(path), s.notation(move), *LEX, via=invoke if actions else run)
        assert json.loads(out) == s.apply(move).to_json()
        path.write_text(out)
        actions += 1
    assert actions >= rounds * 2 * len(players.split(","))
    score = json.loads(ok("score", str(path), "--json", *LEX, via=run))
    assert score["totals"] == independent_score(position)
    finals = {p: t["final"] for p, t in score["totals"].items()}
    assert score["ranking"][0] in score["winners"]
    assert finals[score["ranking"][0]] == max(finals.values())


def test_replay_command(tmp_path):
    lex = small_words()
    s = GAME.new(["red", "green"], seed=4, lexicon=lex, rules=None)
    path = tmp_path / "g.jsonl"
    rng = random.Random(4)
    with GameRecorder(path, s, {"red": "random", "green": "random"}) as rec:
        for _ in range(12):
            move = choose_action(s, rng, 2)
            after = s.apply(move)
            rec.record(move, after)
            s = after
    out = ok("replay", str(path), "--unfinished", *LEX)
    assert out.startswith("ok: 12 actions replayed")
    obj = json.loads(ok("replay", str(path), "--unfinished", "--json", *LEX))
    assert obj["ok"] and obj["actions"] == 12 and not obj["over"]
    lines = path.read_text().splitlines()
    bad = json.loads(lines[5])
    bad["digest"] = "f" * 64
    lines[5] = json.dumps(bad)
    path.write_text("\n".join(lines) + "\n")
    proc = run("replay", str(path), "--unfinished", *LEX, cwd=ROOT)
    assert proc.returncode == 1 and "action 5: the position after it differs" in proc.stdout
    other = tmp_path / "other.txt"
    other.write_text("cat\ndog\n")
    assert "recorded with lexicon" in fails(
        "replay", str(path), "--unfinished", "--lexicon", str(other)
    )


def test_replay_bad_input(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text("nope\n")
    assert "line 1: malformed JSON" in fails("replay", str(path), *LEX)
    assert "no such file" in fails("replay", str(tmp_path / "none.jsonl"), *LEX)


def test_help_explains_each_command_with_an_example():
    for command in ("new", "apply", "score", "replay"):
        text = ok(command, "--help")
        assert "Example" in text and "--lexicon" in text and "--rule" in text

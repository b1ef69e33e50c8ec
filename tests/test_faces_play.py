"""``wordbot play``: a person (stdin) against bots, in a subprocess and in a real
terminal (tmux); the record it writes replays.

Every game played runs in a real ``wordbot play`` process (its stdin a pipe, or a tmux
terminal). The replays of the records it wrote, the refusals of a bad ``--seat`` or
``--vs`` and ``--help`` run the same command line in this process
(tests.cli_support.invoke): they check output and exit codes only, and ``replay`` keeps
real-process tests of its own (tests/test_controlword_engine_cli.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time

import pytest

from tests.cli_support import ROOT, cli_env, invoke, wordbot_command


def play(*args, lines: list[str], cwd, timeout: float = 900):
    return subprocess.run(
        wordbot_command("play", *args),
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=cwd,
        timeout=timeout,
    )


def play_greedy(seed: int, *args, lines: list[str], cwd):
    """``wordbot play`` against greedy, every deal from ``seed``."""
    return play("--vs", "greedy", "--seed", str(seed), *args, lines=lines, cwd=cwd)


def replay(path, cwd, *args):
    return invoke("replay", str(path), "--json", *args, cwd=cwd)


def test_a_whole_game_against_a_bot_is_recorded_and_replays(tmp_path):
    out = play_greedy(7, "--rule", "rounds=2", lines=["pass"] * 30, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "your rack (red)" in out.stdout
    assert re.search(r"green \(greedy\): \S", out.stdout)
    assert "game over" in out.stdout and re.search(r"winner|shared win", out.stdout)
    record = tmp_path / "wordbot-game-7.jsonl"
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["agents"] == {"red": "human", "green": "greedy"}
    assert "result" in json.loads(lines[-1])
    result = json.loads(replay(record, tmp_path).stdout)
    assert result["ok"] and result["over"]


def test_illegal_moves_are_explained_with_alternatives_hint_and_undo(tmp_path):
    record = tmp_path / "game.jsonl"
    out = play_greedy(
        7,
        "--record",
        str(record),
        lines=["0,0 across ZZZ", "40,40 across QI", "hint 2", "moves 1", "undo"],
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "square 0,0 holds A; write board letters in parentheses" in text
    assert "illegal move (rack)" in text
    assert text.count("legal alternatives:") == 2
    assert "hints (control):" in text and "nothing to take back." in text
    # the best move by points, read off `moves 1`, then played; then taken back
    best = re.search(r"red> +(\d+) +(.+)", text).group(2).strip()
    out = play_greedy(
        7, "--record", str(record), lines=[best, "undo", "score", "quit"], cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert f"red (you): {best}" in out.stdout and "green (greedy): " in out.stdout
    assert "taken back." in out.stdout
    # after undo the record holds no action: replaying it is the start position
    lines = record.read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["agents"]["red"] == "human"
    result = json.loads(replay(record, tmp_path, "--unfinished").stdout)
    assert result["ok"] and result["actions"] == 0


def refusals(stdout: str, prompt: str) -> list[dict]:
    """What followed each refused move: its alternatives (notation), or the line naming
    what can be played instead."""
    found = []
    for block in stdout.split(prompt)[1:]:
        lines = block.splitlines()
        if "legal alternatives:" in lines:
            i = lines.index("legal alternatives:") + 1
            alts = []
            while i < len(lines) and re.match(r"^ +-?\d+  \S", lines[i]):
                alts.append(lines[i].split(None, 1)[1])
                i += 1
            assert lines[i].startswith("(type moves to list legal moves"), block
            found.append({"alternatives": alts})
        elif "no legal move is like that one" in block:
            (line,) = [x for x in lines if x.startswith("no legal move is like that one")]
            kinds = line.split("legal now, one of each kind: ", 1)[1].split(", ")
            found.append({"alternatives": [], "kinds": kinds})
    return found


def test_a_refused_move_gets_alternatives_like_it_or_what_can_be_played(tmp_path):
    out = play_greedy(
        1,
        "--no-record",
        lines=[
            "replace 0,0=A",  # the word phase: no replacement is legal
            "foo",
            "exchnage E vowel",
            "pass",  # both pass: the replacement phase
            "replace 0,0=A",  # no A on the rack
            "3,2 across AI",  # the replacement phase: no word play is legal
            "quit",
        ],
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert "replacement phase" in out.stdout
    word_replace, typo, exchange, replace, word_play = refusals(out.stdout, "red> ")
    for refused in (word_replace, typo):
        assert refused["alternatives"] == []
        kinds = refused["kinds"]
        assert re.fullmatch(r"-?\d+,-?\d+ (across|down) \S+", kinds[0])
        assert kinds[1:3] == ["pass", "redraw"] and kinds[3].startswith("exchange ")
    assert exchange["alternatives"][0] == "exchange E vowel"
    assert replace["alternatives"]
    assert all(a.startswith("replace ") for a in replace["alternatives"])
    assert word_play["alternatives"] == []
    assert sorted(k.split()[0] for k in word_play["kinds"]) == [
        "exchange",
        "pass",
        "replace",
    ]


@pytest.mark.parametrize(
    ("game", "typo", "kind"),
    [
        ("crosswords", "writ CALL 4,0 down", "write "),
        ("routewords", "route ZZZ 9,9 > 9,9", "route "),
        ("firstdraft", "take 9", "take "),
    ],
)
def test_a_typo_in_other_games_gets_alternatives(tmp_path, game, typo, kind):
    first = {"crosswords": "red", "routewords": "red", "firstdraft": "p1"}[game]
    out = play_greedy(
        1, "--game", game, "--no-record", lines=[typo, "foo", "quit"], cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    like, nothing = refusals(out.stdout, f"{first}> ")
    assert like["alternatives"]
    assert all(a.startswith(kind) for a in like["alternatives"])
    assert nothing["alternatives"] == [] and nothing["kinds"]
    assert any(k.startswith(kind) for k in nothing["kinds"])


@pytest.mark.parametrize(
    ("game", "prompt"),
    [
        ("controlword", "red> "),
        ("crosswords", "red> "),
        ("routewords", "red> "),
        ("firstdraft", "p1> "),
    ],
)
def test_help_at_the_prompt_gives_the_notation_and_the_rules_command(
    tmp_path, game, prompt
):
    from wordbot.engine.games import get_game

    notation = get_game(game).notation_help
    assert notation
    out = play_greedy(
        1, "--game", game, "--no-record", lines=["help", "quit"], cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    shown = out.stdout.split(prompt)[1]
    assert "hint [N]" in shown and notation in shown
    assert f"wordbot rules --game {game}" in shown
    assert "FORMATS.md" not in out.stdout and "RULES.md" not in out.stdout


def test_hints_of_a_player_that_plays_out_say_where_the_playouts_stopped(tmp_path):
    out = play_greedy(
        7,
        "--no-record",
        "--hint-player",
        "mc:iterations=2,time=600",
        lines=["hint 2", "quit"],
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    hints = " ".join(out.stdout.split("hints (mc:")[1].split("red> ")[0].split())
    # the playouts stop at the end of the round: a margin there, no win rate
    assert len(re.findall(r"margin [+-]\d+\.\d \(horizon\)", hints)) == 2
    assert "win " not in hints


def test_seat_and_several_bots(tmp_path):
    out = play(
        "--players",
        "red,green,black",
        "--seat",
        "2",
        "--vs",
        "greedy",
        "--vs",
        "random",
        "--seed",
        "3",
        "--no-record",
        lines=["quit"],
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    assert "green> " in out.stdout and not list(tmp_path.iterdir())
    bad = invoke("play", "--seat", "5", "--no-record", input="\n", cwd=tmp_path)
    assert bad.returncode == 2 and "--seat 5" in bad.stderr
    bad = invoke("play", "--vs", "nobody", "--no-record", input="\n", cwd=tmp_path)
    assert bad.returncode == 2 and "nobody" in bad.stderr


def test_play_help_has_examples():
    out = invoke("play", "--help")
    assert out.returncode == 0 and "Examples:" in out.stdout and "--vs" in out.stdout
    # the documents a user has: the rules command and docs/formats.md
    text = " ".join(out.stdout.split())
    assert "wordbot rules --game NAME" in text and "docs/formats.md" in text
    assert "FORMATS.md" not in text and "RULES.md" not in text


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_a_real_terminal_with_colours(tmp_path):
    session = f"wordbot-play-{int(time.time() * 1000)}"
    env = cli_env()
    cmd = " ".join(wordbot_command("play", "--vs", "greedy", "--seed", "7", "--no-record"))
    exports = " ".join(
        f"{k}={env[k]}" for k in ("PYTHONPATH", "WORDBOT_CACHE_DIR") if k in env
    )
    subprocess.run(
        [
            "tmux",
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "120",
            "-y",
            "50",
            f"cd {ROOT} && env {exports} {cmd}; sleep 30",
        ],
        check=True,
    )
    try:

        def screen(colours=False):
            args = ["tmux", "capture-pane", "-p", "-t", session] + (
                ["-e"] if colours else []
            )
            return subprocess.run(args, capture_output=True, text=True).stdout

        deadline = time.monotonic() + 600
        while "red>" not in screen() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert "your rack (red)" in screen()
        assert "\x1b[" in screen(colours=True)  # the tiles are drawn in colour
        subprocess.run(["tmux", "send-keys", "-t", session, "hint 1", "Enter"], check=True)
        deadline = time.monotonic() + 60
        while "hints (control)" not in screen() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert "hints (control)" in screen()
        subprocess.run(["tmux", "send-keys", "-t", session, "quit", "Enter"], check=True)
        deadline = time.monotonic() + 30
        while "game stopped" not in screen() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert "game stopped" in screen()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)

"""Numbers read from text keep one rule everywhere (docs/formats.md, "Bounds of every
reader"): ASCII digits, at most nine of them (a seed's 19). A number past the bound, or
written in other digits (fullwidth, superscript), is one line naming the field: exit 2 on
the command line, an error reply in the protocols, never a traceback, an ``internal``
reply or a move read from other digits.

Each game's notation goes through a real ``wordbot apply`` and a real ``wordbot serve``
(a hosted game's ``play``, and ``/api``); the terminal game through a real ``wordbot
play``; the command line's own options and the players' and rules' options through the
same command line in this process (tests.cli_support.invoke), one of them through a real
process too."""

from __future__ import annotations

import json
import re

import pytest
from wordbot.engine import get_game

from tests.cli_support import invoke, one_line_refusal, run
from tests.faces_support import ServerProcess
from tests.game_profiles import BUILTIN_NAMES, lexicon_args, lexicon_of

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")

BIG = "9" * 5000
FULLWIDTH = {ord(d): ord(d) + 0xFEE0 for d in "0123456789"}


def with_big_number(text: str) -> str:
    """``text`` with its first number 5000 digits long."""
    return re.sub(r"\d+", BIG, text, count=1)


def in_fullwidth(text: str) -> str:
    return text.translate(FULLWIDTH)


def a_move_with_numbers(state) -> str:
    """The notation of a legal move of ``state`` that writes a number."""
    moves = state.legal_moves()
    for i in range(len(moves)):
        text = state.notation(moves[i])
        if re.search(r"\d", text):
            return text
    raise AssertionError(f"{state.game.name}: no legal move writes a number")


@pytest.fixture(scope="module")
def starts(tmp_path_factory):
    """Each game's start position (on the tests' small word list), its file, and a legal
    move of it that writes a number."""
    root = tmp_path_factory.mktemp("numbers")
    out = {}
    for name in BUILTIN_NAMES:
        game = get_game(name)
        state = game.new(None, 7, None, lexicon_of(game))
        path = root / f"{name}.json"
        path.write_text(json.dumps(state.to_json()))
        out[name] = (state, path, a_move_with_numbers(state))
    return out


# -- each game's notation on the command line -----------------------------------------------


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_a_5000_digit_number_in_a_move_is_one_line(starts, name):
    _, path, move = starts[name]
    refused = run("apply", path, with_big_number(move), *lexicon_args(name))
    one_line_refusal(refused, "5000 digits (at most 9)")


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_a_legal_move_in_fullwidth_digits_is_refused(starts, name):
    _, path, move = starts[name]
    assert invoke("apply", path, move, *lexicon_args(name)).returncode == 0
    refused = run("apply", path, in_fullwidth(move), *lexicon_args(name))
    one_line_refusal(refused, "ASCII digits")


def test_ten_digits_are_refused_and_nine_are_read(starts):
    """Nine digits are a number (the rules then refuse the square), ten are not."""
    _, path, _ = starts["crosswords"]
    nine = invoke("apply", path, "write CAT 999999999,-999999999 down")
    line = one_line_refusal(nine, "illegal move")
    assert "digits" not in line
    one_line_refusal(
        invoke("apply", path, "write CAT 1234567890,0 down"), "row", "10 digits"
    )


# -- numbers on the command line -------------------------------------------------------------


def test_a_seed_in_fullwidth_digits_is_refused_by_a_real_process():
    one_line_refusal(run("new", "--game", "crosswords", "--seed", "３"), "'--seed'")


@pytest.mark.parametrize(
    "args,needle",
    [
        (["new", "--seed", "1_000"], "'--seed'"),
        (["new", "--seed", "9" * 23], "23 digits (at most 19)"),
        (["new", "--seed", "-1"], "'--seed'"),
        (["new", "--rule", "turn_limit=３"], "turn_limit"),
        (["new", "--rule", "compensation=１.5"], "compensation"),
    ],
)
def test_the_options_of_a_new_game(args, needle):
    one_line_refusal(invoke(args[0], "--game", "crosswords", *args[1:]), needle)


def test_control_words_mat_and_first_drafts_rule_lists():
    one_line_refusal(invoke("new", "--game", "controlword", "--mat", "３"), "--mat")
    one_line_refusal(
        invoke("new", "--game", "firstdraft", "--rule", "payout=３:1"), "payout"
    )
    one_line_refusal(
        invoke("new", "--game", "firstdraft", "--rule", "coasters=1,1,2,2,3,３"),
        "coasters",
    )


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--top", "３"], "'--top'"),
        (["--time", "１"], "'--time'"),
        (["--time", "inf"], "'--time'"),
        (["--player", "territory:width=３"], "width"),
        (["--player", "territory:threat=１.0"], "threat"),
    ],
)
def test_the_options_of_a_hint_and_its_player(starts, args, needle):
    _, path, _ = starts["crosswords"]
    one_line_refusal(invoke("hint", path, *args), needle)


def test_the_terminal_games_counts(tmp_path):
    played = run(
        "play", "--game", "crosswords", "--vs", "greedy", "--seed", "3",
        "--color", "never", input="hint ²\nmoves ３\nmoves 2\nquit\n", cwd=tmp_path,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr[-2000:]
    assert "Traceback" not in played.stderr
    assert played.stdout.count("is not a whole number (ASCII digits 0-9)") == 2
    assert "hint N: '²'" in played.stdout and "moves N: '３'" in played.stdout


# -- over the protocols ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def server():
    srv = ServerProcess("--game", "crosswords", "--log-level", "warning")
    yield srv
    srv.close()


def ask(ws, req: dict) -> dict:
    ws.send(json.dumps(req))
    while True:
        msg = json.loads(ws.recv(timeout=60))
        if msg.get("id") == req.get("id") and msg.get("type") != "info":
            return msg


def test_a_hosted_play_refuses_a_huge_or_fullwidth_number(server):
    url = server.url.replace("http", "ws") + "/ws"
    with ws_client.connect(url, open_timeout=10) as ws:
        table = ask(ws, {"id": 1, "cmd": "newgame", "seats": ["human", "greedy"]})
        assert table["type"] == "table", table
        listed = ask(ws, {"id": 2, "cmd": "moves", "turn": 0, "limit": 50})
        move = next(
            m["notation"] for m in listed["moves"] if re.search(r"\d", m["notation"])
        )
        for bad, needle in (
            (with_big_number(move), "digits"),
            (in_fullwidth(move), "ASCII"),
        ):
            refused = ask(ws, {"id": 3, "cmd": "play", "turn": 0, "move": bad})
            assert refused["type"] == "error", refused
            assert refused["error"]["code"] == "bad_move" and needle in str(refused), (
                refused
            )
        played = ask(ws, {"id": 4, "cmd": "play", "turn": 0, "move": move})
        assert played["type"] == "table" and played["turn"] == 1, played


def test_api_apply_refuses_a_huge_or_fullwidth_number(server, starts):
    state, _, move = starts["crosswords"]  # the server's game: /api's sessions play it
    for bad, needle in ((with_big_number(move), "digits"), (in_fullwidth(move), "ASCII")):
        answer = httpx.post(
            server.url + "/api",
            json={"cmd": "apply", "position": state.to_json(), "move": bad},
            timeout=60,
        )
        assert answer.status_code == 400, (answer.status_code, answer.text[:300])
        error = answer.json()["error"]
        assert error["code"] == "bad_move" and needle in error["message"], error


def test_every_games_apply_over_a_websocket_refuses_them(server, starts):
    url = server.url.replace("http", "ws") + "/ws"
    with ws_client.connect(url, open_timeout=10) as ws:
        for name in BUILTIN_NAMES:
            state, _, move = starts[name]
            assert ask(ws, {"id": 1, "cmd": "newgame", "game": name})["type"] != "error"
            for bad, needle in (
                (with_big_number(move), "digits"),
                (in_fullwidth(move), "ASCII"),
            ):
                req = {"id": 2, "cmd": "apply", "position": state.to_json(), "move": bad}
                error = ask(ws, req)["error"]
                assert error["code"] == "bad_move" and needle in error["message"], error


def test_api_go_refuses_a_player_option_in_other_digits(server, starts):
    state, _, _ = starts["crosswords"]
    answer = httpx.post(
        server.url + "/api",
        json={"cmd": "go", "position": state.to_json(), "player": "mc:iterations=１"},
        timeout=60,
    )
    assert answer.status_code == 400, answer.text[:300]
    assert "iterations" in answer.json()["error"]["message"]

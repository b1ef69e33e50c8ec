"""``wordbot engine``: the JSON-lines protocol, against the real subprocess (``engine
--help`` runs the same command line in this process: tests.cli_support.invoke)."""

from __future__ import annotations

import json
import time

import pytest

from tests.cli_support import invoke
from tests.faces_support import ENGINE_COMMANDS, EngineProcess


@pytest.fixture(scope="module")
def engine():
    eng = EngineProcess("--plugin", "tests.faces_plugin")
    assert eng.ask({"id": "ready", "cmd": "isready"}, timeout=300)["type"] == "readyok"
    # the first search may compile the kernels (a fresh machine): give it time once
    eng.ask({"id": "warm", "cmd": "newgame", "seed": 1})
    assert (
        eng.ask({"id": "warm", "cmd": "go", "player": "control"}, timeout=900)["type"]
        == "bestmove"
    )
    yield eng
    assert eng.close() == 0


@pytest.fixture(scope="module")
def start(engine):
    return engine.ask(
        {"id": "s", "cmd": "newgame", "players": ["red", "green"], "seed": 11}
    )["position"]


def test_hello_lists_commands_options_and_players(engine):
    hello = engine.ask({"id": 1, "cmd": "hello"})
    assert hello["id"] == 1 and hello["type"] == "hello"
    assert hello["engine"] == "wordbot" and hello["protocol"] == "wordbot.engine/1"
    assert set(ENGINE_COMMANDS) <= set(hello["commands"])
    assert hello["options"]["top"] == {
        "type": "integer",
        "default": 5,
        "nullable": False,
        "help": hello["options"]["top"]["help"],
    }
    assert {"random", "greedy", "control", "slow"} <= set(hello["players"])
    assert hello["players"]["control"]["options"]["explain"]["type"] == "bool"
    assert hello["limits"]["line_bytes"] == 1 << 20


def test_stateful_game_newgame_go_apply_score(engine):
    pos = engine.ask(
        {
            "id": "n",
            "cmd": "newgame",
            "players": ["red", "green"],
            "seed": 7,
            "mat": 3,
            "rules": {"rounds": 4},
        }
    )
    assert (
        pos["type"] == "position"
        and pos["phase"] == "word"
        and pos["game"] == "controlword"
    )
    assert pos["position"]["round"] == 1
    assert pos["position"]["rules"]["rounds"] == 4
    engine.send({"id": "g", "cmd": "go", "player": "control", "top": 3})
    replies = engine.until_final("g")
    infos, best = replies[:-1], replies[-1]
    assert infos and all(r["type"] == "info" and r["id"] == "g" for r in infos)
    assert best["type"] == "bestmove" and best["stopped"] is False
    assert (
        len(best["candidates"]) == 3
        and best["notation"] == best["candidates"][0]["notation"]
    )
    after = engine.ask({"id": "a", "cmd": "apply", "move": best["notation"]})
    assert after["notation"] == best["notation"] and after["player"] == pos["to_move"]
    assert after["move"] == best["move"]
    assert after["to_move"] != pos["to_move"]
    # the session moved on: a move object from the new position's player applies too
    passed = engine.ask({"id": "p", "cmd": "apply", "move": {"type": "pass"}})
    assert passed["position"]["phase"] == "replacement"
    score = engine.ask({"id": "sc", "cmd": "score"})
    assert score["type"] == "score" and set(score["totals"]) == {"red", "green"}
    mover = pos["to_move"]
    assert score["totals"][mover]["played_points"] == best["candidates"][0]["points"]


def test_stateless_requests_leave_the_session_alone(engine, start):
    engine.ask({"id": 1, "cmd": "position", "position": start})
    inline = engine.ask({"id": 2, "cmd": "apply", "position": start, "move": "pass"})
    assert inline["to_move"] != start["to_move"]
    again = engine.ask({"id": 3, "cmd": "apply", "move": "pass"})  # still from start
    assert again["position"] == inline["position"]
    moves = engine.ask(
        {"id": 4, "cmd": "moves", "position": start, "kind": "word", "limit": 4}
    )
    assert moves["count"] > 4 and len(moves["moves"]) == 4
    pts = [m["points"] for m in moves["moves"]]
    assert pts == sorted(pts, reverse=True)
    best = engine.ask({"id": 5, "cmd": "go", "position": start, "player": "greedy"})
    assert best["notation"] == moves["moves"][0]["notation"]
    assert best["candidates"][0]["points"] == pts[0]


def test_go_is_reproducible_with_a_seed(engine, start):
    a = engine.ask({"id": 1, "cmd": "go", "position": start, "player": "random", "seed": 5})
    b = engine.ask({"id": 2, "cmd": "go", "position": start, "player": "random", "seed": 5})
    assert a["move"] == b["move"]


def test_stop_ends_a_search_at_once_with_its_best_so_far(engine, start):
    engine.seen.clear()
    engine.send(
        {"id": "long", "cmd": "go", "position": start, "player": "slow", "time": 30}
    )
    first = engine.next()
    assert first["type"] == "info" and first["id"] == "long"
    # the engine reads and answers while it searches
    assert engine.ask({"id": "r", "cmd": "isready"})["type"] == "readyok"
    busy = engine.ask({"id": "again", "cmd": "go", "position": start})
    assert busy["error"]["code"] == "busy"
    time.sleep(0.4)  # let it think a little
    t0 = time.monotonic()
    engine.send({"id": "halt", "cmd": "stop"})
    replies = engine.until_final("halt")
    assert time.monotonic() - t0 < 2.0
    finals = [r for r in replies if r["type"] != "info"]
    assert [r["type"] for r in finals] == ["bestmove", "stopped"]
    assert finals[0]["id"] == "long" and finals[0]["stopped"] is True
    assert finals[1] == {"id": "halt", "type": "stopped", "search": "long"}
    # a player that streams progress is seen to: infos come from it, iterations grow
    # (the player's spec carries the request's limit: slow:time=30.0)
    slow_infos = [
        r["iterations"]
        for r in engine.seen
        if r["type"] == "info" and r["player"] == "slow:time=30.0"
    ]
    assert len(slow_infos) >= 2 and slow_infos == sorted(slow_infos)
    assert finals[0]["player"] == "slow:time=30.0"


def test_stop_a_player_that_does_not_listen(engine, start):
    engine.send(
        {
            "id": "deaf",
            "cmd": "go",
            "position": start,
            "player": "slow:progress=false",
            "time": 1.5,
        }
    )
    assert engine.next()["player"] == "control"  # the quick first ranking
    engine.send({"id": "x", "cmd": "stop"})
    finals = [r for r in engine.until_final("x") if r["type"] != "info"]
    assert finals[0]["id"] == "deaf" and finals[0]["stopped"] is True
    # the abandoned search still holds the generator until it ends: the next go waits
    t0 = time.monotonic()
    nxt = engine.ask({"id": "y", "cmd": "go", "position": start, "player": "greedy"})
    assert nxt["type"] == "bestmove" and time.monotonic() - t0 < 5


def test_stop_without_a_search(engine):
    assert engine.ask({"id": 9, "cmd": "stop"}) == {
        "id": 9,
        "type": "stopped",
        "search": None,
    }


def test_setoption(engine, start):
    assert engine.ask(
        {"id": 1, "cmd": "setoption", "name": "player", "value": "greedy"}
    ) == {"id": 1, "type": "option", "name": "player", "value": "greedy"}
    best = engine.ask({"id": 2, "cmd": "go", "position": start})
    assert best["player"] == "greedy"
    engine.ask({"id": 3, "cmd": "setoption", "name": "top", "value": 2})
    assert len(engine.ask({"id": 4, "cmd": "go", "position": start})["candidates"]) == 2
    for bad in (
        {"name": "top", "value": 0},
        {"name": "top", "value": "3"},
        {"name": "player", "value": "nobody"},
        {"name": "colour", "value": 1},
        {"name": "seed"},
        {"name": "lexicon", "value": "/no/such/file.txt"},
    ):
        err = engine.ask({"id": 5, "cmd": "setoption", **bad})
        assert err["type"] == "error" and err["id"] == 5, bad
    engine.ask({"id": 6, "cmd": "setoption", "name": "player", "value": "control"})
    engine.ask({"id": 7, "cmd": "setoption", "name": "top", "value": 5})


@pytest.mark.parametrize(
    "request_obj, code, words",
    [
        ({"cmd": "castle"}, "unknown_command", ["castle", "commands"]),
        ({"id": 1}, "bad_request", ["cmd", "missing"]),
        ({"cmd": "position"}, "bad_request", ["position", "missing"]),
        ({"cmd": "score", "postion": {}}, "bad_request", ["postion", "unknown field"]),
        ({"cmd": "position", "position": {"format": "x"}}, "bad_position", []),
        ({"cmd": "position", "position": [1, 2]}, "bad_position", ["JSON object"]),
        ({"cmd": "go", "player": "grandmaster"}, "bad_player", ["grandmaster"]),
        ({"cmd": "go", "time": -1}, "bad_request", ["time"]),
        ({"cmd": "go", "top": 1000}, "bad_request", ["top"]),
        ({"cmd": "newgame", "players": ["red", "red"]}, "bad_request", ["players"]),
        ({"cmd": "newgame", "rules": {"rounds": "ten"}}, "bad_rules", ["rounds"]),
        ({"cmd": "newgame", "mat": 9}, "bad_rules", ["9"]),
        ({"cmd": "moves", "kind": "every"}, "bad_request", ["kind"]),
        ({"cmd": "apply", "move": 42}, "bad_move", ["move"]),
        ({"cmd": "apply", "move": "fly away"}, "bad_move", ["fly away"]),
        ({"cmd": "apply", "move": {"type": "word"}}, "bad_move", ["tiles"]),
        ({"id": [1], "cmd": "hello"}, "bad_request", ["id"]),
    ],
)
def test_bad_requests_get_error_replies_naming_the_problem(
    engine, start, request_obj, code, words
):
    engine.ask({"id": "p", "cmd": "position", "position": start})
    engine.send(request_obj)
    err = engine.until_final()[-1]
    assert err["type"] == "error", err
    assert err["error"]["code"] == code, err
    for word in words:
        assert word in err["error"]["message"], err
    if "id" in request_obj and not isinstance(request_obj["id"], list):
        assert err["id"] == request_obj["id"]


def test_illegal_move_names_rule_and_word(engine, start):
    err = engine.ask(
        {
            "id": "i",
            "cmd": "apply",
            "position": start,
            "move": {"type": "word", "tiles": [[40, 40, "Q", start["to_move"]]]},
        }
    )
    assert err["error"]["code"] in ("illegal_move", "bad_move")
    # a real word play with a non-word: find the first tile row of the mat and extend it
    moves = engine.ask(
        {"id": "m", "cmd": "moves", "position": start, "kind": "word", "limit": 1}
    )["moves"]
    tiles = moves[0]["move"]["tiles"]
    bad = [[r, c, "Z" if letter != "Z" else "Q", colour] for r, c, letter, colour in tiles]
    err = engine.ask(
        {
            "id": "w",
            "cmd": "apply",
            "position": start,
            "move": {"type": "word", "tiles": bad},
        }
    )
    assert err["type"] == "error" and err["id"] == "w"
    assert err["error"]["code"] == "illegal_move"
    assert err["error"]["rule"] in ("rack", "word")


def test_a_non_word_is_refused_naming_the_word(engine, start, default_lexicon):
    # legal plays with their letters reversed: the same rack letters on the same squares,
    # so the only rule they can break is the word rule, and the reply names the word
    moves = engine.ask(
        {"id": "m", "cmd": "moves", "position": start, "kind": "word", "limit": 60}
    )["moves"]
    named = []
    for k, m in enumerate(moves):
        tiles = m["move"]["tiles"]
        letters = [t[2] for t in tiles][::-1]
        if len(tiles) < 3 or letters == [t[2] for t in tiles]:
            continue
        bad = [[r, c, letter, colour] for (r, c, _, colour), letter in zip(tiles, letters)]
        reply = engine.ask(
            {
                "id": k,
                "cmd": "apply",
                "position": start,
                "move": {"type": "word", "tiles": bad},
            }
        )
        if reply["type"] == "error":
            assert reply["error"]["code"] == "illegal_move", reply
            assert reply["error"]["rule"] == "word", reply
            named.append(reply["error"]["word"])
    assert named, "no reversed play was refused"
    assert not [w for w in named if w in default_lexicon], named


def test_no_position_and_game_over(engine):
    fresh = EngineProcess()
    try:
        err = fresh.ask({"id": 1, "cmd": "go"}, timeout=300)
        assert err["error"]["code"] == "no_position"
        assert "newgame" in err["error"]["message"]
        fresh.ask({"id": 2, "cmd": "newgame", "seed": 3, "rules": {"rounds": 1}})
        for _ in range(4):  # everyone passes both phases: the game ends
            last = fresh.ask({"id": 3, "cmd": "apply", "move": "pass"})
        assert last["over"] is True
        err = fresh.ask({"id": 4, "cmd": "go"})
        assert err["error"]["code"] == "game_over"
        err = fresh.ask({"id": 5, "cmd": "apply", "move": "pass"})
        assert err["error"]["code"] == "game_over"
        assert fresh.ask({"id": 6, "cmd": "score"})["over"] is True
    finally:
        assert fresh.close() == 0


def test_junk_lines_and_huge_lines_are_refused_and_the_engine_reads_on(engine):
    for line in (
        b"",
        b"   ",
        b"not json",
        b"\xff\xfe\x00",
        b"[" * 200000,
        b"1" * 5000,
        b'{"cmd": "hello"',
        b"null",
        b'"hello"',
    ):
        engine.send(line)
        err = engine.next()
        assert err["type"] == "error" and err["id"] is None, (line[:20], err)
    engine.send(b'{"id": "big", "cmd": "hello", "pad": "' + b"x" * (1 << 20) + b'"}')
    err = engine.next()
    assert err["error"]["code"] == "too_large" and "1 MB" in err["error"]["message"]
    assert engine.ask({"id": "after", "cmd": "isready"})["type"] == "readyok"


def test_spread_out_board_and_huge_rack_are_refused(engine, start):
    far = json.loads(json.dumps(start))
    far["board"].append([100000, 5, "A", "blue"])
    far.pop("bags", None)
    err = engine.ask({"id": 1, "cmd": "go", "position": far, "player": "greedy"})
    assert err["error"]["code"] == "bad_position" and "span" in err["error"]["message"]
    big = json.loads(json.dumps(start))
    big["racks"][start["to_move"]] = "AEIOURSTLNDCMPBGHEAIOST"
    big.pop("bags", None)
    err = engine.ask({"id": 2, "cmd": "moves", "position": big})
    assert (
        err["error"]["code"] == "bad_position" and "limit is 20" in err["error"]["message"]
    )


def test_quit_and_end_of_input():
    eng = EngineProcess()
    assert eng.ask({"id": "q", "cmd": "quit"}, timeout=300) == {"id": "q", "type": "bye"}
    assert eng.proc.wait(timeout=20) == 0
    eng = EngineProcess()
    eng.proc.stdin.close()
    assert eng.proc.wait(timeout=60) == 0


def test_help_has_examples():
    out = invoke("engine", "--help")  # help only: no session starts
    assert out.returncode == 0
    assert "Examples:" in out.stdout and '"cmd": "go"' in out.stdout

"""The server's limits, each against a real ``wordbot serve`` on
127.0.0.1: same origin by default on /api and /ws (and ``--allow-origin``), an idle
timeout on WebSockets, ``--max-connections``, a bounded search queue that refuses at
once while everything else answers, and ``--rule`` for new games."""

from __future__ import annotations

import contextlib
import json
import threading
import time

import pytest

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

from tests.cli_support import invoke  # noqa: E402  (after the importorskips)
from tests.faces_support import ServerProcess  # noqa: E402

EVIL = "https://evil.example"


@pytest.fixture(scope="module")
def server():
    # Cross words combat: no word list to load, so the server is up at once
    srv = ServerProcess(
        "--game", "crosswords", "--allow-origin", "https://friend.example",
        "--max-searches", "2", "--max-time", "5", "--rule", "turn_limit=7",
        "--plugin", "tests.faces_plugin", "--plugin", "tests.bounds_plugin",
    )  # fmt: skip
    yield srv
    srv.close()


def ws_url(srv) -> str:
    return srv.url.replace("http", "ws") + "/ws"


def ask(ws, req: dict, timeout: float = 30) -> dict:
    ws.send(json.dumps(req))
    while True:
        msg = json.loads(ws.recv(timeout=timeout))
        if msg.get("id") == req.get("id") and msg["type"] != "info":
            return msg


def test_another_page_or_a_rebound_name_is_refused(server):
    hello = {"cmd": "hello", "id": 1}
    own = {"Origin": server.url}
    assert httpx.post(server.url + "/api", json=hello, headers=own).status_code == 200
    assert httpx.post(server.url + "/api", json=hello).status_code == 200  # curl, scripts
    friend = {"Origin": "https://friend.example"}
    assert httpx.post(server.url + "/api", json=hello, headers=friend).status_code == 200
    evil = httpx.post(server.url + "/api", json=hello, headers={"Origin": EVIL})
    assert evil.status_code == 403 and evil.json()["error"]["code"] == "forbidden"
    assert "Origin" in evil.json()["error"]["message"]
    rebound = httpx.post(
        server.url + "/api", json=hello, headers={"Host": f"rebound.example:{server.port}"}
    )
    assert rebound.status_code == 403 and "Host" in rebound.json()["error"]["message"]
    with pytest.raises(ws_exceptions.InvalidStatus) as refused:
        ws_client.connect(ws_url(server), origin=EVIL, open_timeout=10)
    assert refused.value.response.status_code == 403
    with ws_client.connect(ws_url(server), origin=server.url, open_timeout=10) as ws:
        assert ask(ws, hello)["type"] == "hello"


def test_rule_sets_the_rules_of_new_games(server):
    with ws_client.connect(ws_url(server), open_timeout=10) as ws:
        game = ask(ws, {"cmd": "newgame", "id": 2})
        assert game["position"]["rules"]["turn_limit"] == 7
        own = ask(ws, {"cmd": "newgame", "id": 3, "rules": {"turn_limit": 3}})
        assert own["position"]["rules"]["turn_limit"] == 3


def test_a_full_search_queue_refuses_at_once_and_nothing_else_waits(server):
    # a player that thinks its whole time (mc may settle every candidate sooner)
    long_go = {"cmd": "go", "player": "slow:time=4"}
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(ws_client.connect(ws_url(server), open_timeout=10))
            for _ in range(4)
        ]
        for n, ws in enumerate(sockets[:2]):
            ask(ws, {"cmd": "newgame", "id": f"g{n}"})
            ws.send(json.dumps({**long_go, "id": f"go{n}"}))
        deadline = time.monotonic() + 30  # both admitted: one thinking, one waiting
        while httpx.get(server.url + "/healthz", timeout=10).json()["searches"] < 2:
            assert time.monotonic() < deadline, "the two searches were not admitted"
            time.sleep(0.05)
        third = sockets[2]
        ask(third, {"cmd": "newgame", "id": "g2"})
        began = time.monotonic()
        busy = ask(third, {**long_go, "id": "go2"})
        assert busy["type"] == "error" and busy["error"]["code"] == "busy", busy
        assert time.monotonic() - began < 1.0
        other = sockets[3]
        for req in (
            {"cmd": "hello", "id": "h"},
            {"cmd": "newgame", "id": "n"},
            {"cmd": "moves", "id": "m", "limit": 5},
        ):
            began = time.monotonic()
            answer = ask(other, req)
            assert answer["type"] != "error", answer
            assert time.monotonic() - began < 1.0, (req, time.monotonic() - began)
        for n, ws in enumerate(sockets[:2]):
            assert ask(ws, {"cmd": "stop", "id": f"s{n}"})["type"] == "stopped"


def test_an_idle_websocket_is_closed():
    srv = ServerProcess("--game", "crosswords", "--idle-timeout", "1")
    try:
        with ws_client.connect(ws_url(srv), open_timeout=10) as ws:
            assert ask(ws, {"cmd": "hello", "id": 1})["type"] == "hello"
            began = time.monotonic()
            msg = json.loads(ws.recv(timeout=30))
            assert msg["type"] == "error" and msg["error"]["code"] == "idle", msg
            with pytest.raises(ws_exceptions.ConnectionClosed):
                ws.recv(timeout=30)
            assert time.monotonic() - began < 10
    finally:
        srv.close()


def test_max_connections():
    # three held: the one asking for /healthz is a fourth
    srv = ServerProcess("--game", "crosswords", "--max-connections", "3")
    try:
        with contextlib.ExitStack() as stack:
            held = [
                stack.enter_context(ws_client.connect(ws_url(srv), open_timeout=10))
                for _ in range(3)
            ]
            assert httpx.get(srv.url + "/healthz", timeout=10).status_code == 503
            held[0].close()
            deadline = time.monotonic() + 10
            while httpx.get(srv.url + "/healthz", timeout=10).status_code != 200:
                assert time.monotonic() < deadline, "a closed connection's slot came back"
                time.sleep(0.1)
    finally:
        srv.close()


def test_bad_serve_options_are_one_line():
    for args, needle in [
        (["--rule", "turn_limit=0", "--game", "crosswords"], "turn_limit"),
        (["--max-connections", "0"], "--max-connections"),
        (["--idle-timeout", "-1"], "--idle-timeout"),
    ]:
        out = invoke("serve", *args)
        assert out.returncode == 2 and needle in out.stderr, (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1


def test_moves_do_not_wait_for_a_search_of_another_thread():
    """The protocol itself, without the server: a listing while a search holds the
    search lock answers at once."""
    from wordbot.protocol import SEARCH_LOCK, Connection, Session

    replies: list[dict] = []
    conn = Connection(Session(game="crosswords"), replies.append)
    conn.submit(json.dumps({"cmd": "newgame"}))
    held = threading.Event()
    release = threading.Event()

    def hold():
        with SEARCH_LOCK:
            held.set()
            release.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert held.wait(10)
        began = time.monotonic()
        conn.submit(json.dumps({"cmd": "moves", "limit": 3}))
        assert replies[-1]["type"] == "moves" and time.monotonic() - began < 1.0
    finally:
        release.set()
        thread.join()


def test_hosted_bots_take_places_in_the_search_queue_and_nothing_else_waits(server):
    """A hosted game's bot thinks on its own thread, in a place of the search queue: with
    every place taken by two thinking bots, a third hosted game is refused at once with
    nothing done, another client's requests answer at once, and each bot moves."""
    # the bot moves first; it thinks its whole time (mc may decide at once, before the
    # second bot is admitted), so both hold their places together
    thinker = ["slow:time=3", "human"]
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(ws_client.connect(ws_url(server), open_timeout=10))
            for _ in range(4)
        ]
        tables = [ask(ws, {"cmd": "newgame", "id": f"t{n}", "seats": thinker})
                  for n, ws in enumerate(sockets[:2])]  # fmt: skip
        for table in tables:  # answered before the bot has moved
            assert table["type"] == "table" and table["to_move"] != table["seat"], table
        deadline = time.monotonic() + 30
        while httpx.get(server.url + "/healthz", timeout=10).json()["searches"] < 2:
            assert time.monotonic() < deadline, "the two bots were not admitted"
            time.sleep(0.05)
        began = time.monotonic()
        busy = ask(sockets[2], {"cmd": "newgame", "id": "t2", "seats": thinker})
        assert busy["type"] == "error" and busy["error"]["code"] == "busy", busy
        assert time.monotonic() - began < 1.0
        refused = ask(sockets[2], {"cmd": "play", "id": "p2", "turn": 0, "move": "pass"})
        assert refused["error"]["code"] == "no_table", refused  # the refused game is none
        for req in (
            {"cmd": "hello", "id": "h"},
            {"cmd": "newgame", "id": "n"},  # a position to analyse: no place needed
            {"cmd": "moves", "id": "m", "limit": 5},
        ):
            began = time.monotonic()
            answer = ask(sockets[3], req)
            assert answer["type"] != "error", answer
            assert time.monotonic() - began < 1.0, (req, time.monotonic() - began)
        for ws, table in zip(sockets[:2], tables):
            ws.send(json.dumps({"cmd": "play", "id": "early", "turn": 0, "move": "pass"}))
            seen: dict = {}
            while len(seen) < 2:  # the refusal and the bot's move, in either order
                msg = json.loads(ws.recv(timeout=30))
                seen[msg.get("event") or msg.get("id")] = msg
            assert seen["early"]["type"] == "error", seen  # the bot's turn, or later
            assert seen["move"]["by"] != table["seat"]  # the bot (it may move again)

"""``wordbot serve``: a real server on 127.0.0.1 (a free port), spoken to over HTTP and
WebSocket; bad input, slow clients and a load test from a second process."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

from tests.cli_support import ROOT, cli_env, invoke  # noqa: E402  (after the importorskips: skip before importing)
from tests.faces_support import serving  # noqa: E402

# max_searches: the load test's fifty clients queue their hints
server = serving(
    plugin="tests.faces_plugin",
    player="control",
    max_time=5,
    client_timeout=2,
    max_searches=64,
)


@pytest.fixture(scope="module")
def start(server):
    return post(server, {"cmd": "newgame", "seed": 5})[1]["position"]


def test_serve_prepares_every_games_bots_before_it_listens(server):
    """No client waits for a compiler or a word list: serve says it prepares the bots
    of every game of its catalog (its --player where it plays, else mc) and listens
    only once they are ready."""
    output = "".join(server.output)
    preparing = output.index("wordbot: preparing the bots (control) of Control Word")
    for title in ("RouteWords", "First Draft", "Cross words combat"):
        assert title in output[preparing:].splitlines()[0]
    ready = output.index("wordbot: bots ready in")
    assert preparing < ready < output.index("wordbot: serving on")


def test_serve_starts_without_warnings(server):
    """What serve prints as it starts is its own: no library's deprecation or other
    warning reaches a person starting it (the server answers only once uvicorn has
    set up, after any such warning)."""
    output = "".join(server.output)
    assert "wordbot: serving on" in output
    assert "Warning" not in output and "warnings.warn" not in output, output


def post(server, obj, **kw):
    body = json.dumps(obj) if isinstance(obj, dict) else obj
    r = httpx.post(server.url + "/api", content=body, timeout=60, **kw)
    return r.status_code, r.json()


def ws_connect(server):
    return ws_client.connect(
        server.url.replace("http", "ws") + "/ws", open_timeout=10, max_size=4 << 20
    )


def ws_final(ws, rid, timeout=60):
    """Messages up to and including the final reply to ``rid``."""
    out = []
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(deadline - time.monotonic(), 0.01)))
        out.append(msg)
        if msg.get("id") == rid and msg["type"] != "info":
            return out


def test_page_and_health(server):
    page = httpx.get(server.url + "/", timeout=10)
    assert page.status_code == 200 and "wordbot" in page.text and "app.js" in page.text
    assert httpx.get(server.url + "/static/app.js", timeout=10).status_code == 200
    assert httpx.get(server.url + "/healthz", timeout=10).json()["ok"] is True


def test_http_requests_are_the_protocols(server, start):
    status, hello = post(server, {"id": "h", "cmd": "hello"})
    assert status == 200 and hello["id"] == "h" and hello["protocol"] == "wordbot.engine/1"
    assert hello["limits"]["max_time"] == 5.0
    status, best = post(server, {"id": 2, "cmd": "go", "position": start, "top": 3})
    assert status == 200 and best["type"] == "bestmove" and len(best["candidates"]) == 3
    status, after = post(server, {"cmd": "apply", "position": start, "move": best["move"]})
    assert status == 200 and after["notation"] == best["notation"]
    status, moves = post(server, {"cmd": "moves", "position": start})
    # the server lists at most its max_moves (500, in hello's limits); count is all
    assert status == 200 and hello["limits"]["max_moves"] == 500
    assert moves["count"] > 0 and len(moves["moves"]) == min(moves["count"], 500)
    status, score = post(server, {"cmd": "score", "position": after["position"]})
    assert status == 200 and set(score["totals"]) == set(start["players"])


@pytest.mark.parametrize(
    "body, status, code",
    [
        (b"{not json", 400, "bad_json"),
        (b"", 400, "bad_json"),
        (b"[]", 400, "bad_request"),
        (b'{"cmd": "teleport"}', 400, "unknown_command"),
        (b'{"cmd": "go"}', 400, "no_position"),
        (
            b'{"cmd": "setoption", "name": "lexicon", "value": "/etc/passwd"}',
            400,
            "bad_option",
        ),
        (b'{"cmd": "position", "position": {"format": 1}}', 400, "bad_position"),
        (b"\xff\xfe", 400, "bad_json"),
        (b"[" * 100000, 400, "bad_json"),
    ],
    ids=[
        "truncated",
        "empty",
        "array",
        "unknown",
        "no-position",
        "lexicon",
        "position",
        "not-utf8",
        "deep",
    ],
)
def test_http_bad_input_gets_errors(server, body, status, code):
    got, reply = post(server, body)
    assert (got, reply["type"], reply["error"]["code"]) == (status, "error", code)
    assert reply["error"]["message"]


def test_http_huge_bodies_are_refused(server):
    got, reply = post(server, b'{"cmd": "hello", "x": "' + b"y" * (2 << 20) + b'"}')
    assert got == 413 and reply["error"]["code"] == "too_large"

    def chunks():  # no Content-Length: counted as it streams
        for _ in range(40):
            yield b"x" * 65536

    got, reply = post(server, chunks())
    assert got == 413 and reply["error"]["code"] == "too_large"


def test_http_search_time_is_capped(server, start):
    t0 = time.monotonic()
    got, best = post(
        server, {"cmd": "go", "position": start, "player": "slow", "time": 600}
    )
    assert got == 200 and best["type"] == "bestmove"
    assert time.monotonic() - t0 < 20  # --max-time 5, not 600


def test_go_keeps_the_time_its_player_spec_gives(server, start):
    # a request without time: the spec's own 0.2 s, not the server's cap (5 s here)
    got, best = post(
        server, {"cmd": "go", "position": start, "player": "mc:time=0.2", "top": 1}
    )
    assert got == 200 and best["type"] == "bestmove"
    assert best["player"] == "mc:time=0.2", best["player"]


def _raw(server, data: bytes, wait: float) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(data)
        time.sleep(wait)
        s.settimeout(30)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return out


def test_slow_clients_are_cut_off(server):
    # a body that never finishes: 408 after the client timeout (2 s here)
    head = (
        b"POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"cmd": '
    )
    t0 = time.monotonic()
    out = _raw(server, head, 0)
    assert b"408" in out.split(b"\r\n")[0] and b"slow_client" in out
    assert time.monotonic() - t0 < 10
    # a request head that never finishes: the connection is closed (same timeout)
    t0 = time.monotonic()
    out = _raw(server, b"POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\n", 0)
    assert out == b"" and time.monotonic() - t0 < 10
    assert httpx.get(server.url + "/healthz", timeout=10).status_code == 200


def test_websocket_stateful_game_streaming_and_stop(server):
    with ws_connect(server) as ws:
        ws.send(json.dumps({"id": 1, "cmd": "newgame", "seed": 9}))
        pos = ws_final(ws, 1)[-1]
        assert pos["type"] == "position"
        ws.send(json.dumps({"id": 2, "cmd": "go", "top": 2}))
        msgs = ws_final(ws, 2)
        assert msgs[-1]["type"] == "bestmove" and any(m["type"] == "info" for m in msgs)
        ws.send(json.dumps({"id": 3, "cmd": "apply", "move": msgs[-1]["move"]}))
        after = ws_final(ws, 3)[-1]
        assert after["player"] == pos["to_move"] and after["to_move"] != pos["to_move"]
        # a long search streams, and stop ends it at once
        ws.send(json.dumps({"id": 4, "cmd": "go", "player": "slow", "time": 60}))
        first = json.loads(ws.recv(timeout=30))
        assert first["type"] == "info" and first["id"] == 4
        time.sleep(0.3)
        t0 = time.monotonic()
        ws.send(json.dumps({"id": 5, "cmd": "stop"}))
        msgs = ws_final(ws, 5)
        finals = [m for m in msgs if m["type"] != "info"]
        assert [m["type"] for m in finals] == ["bestmove", "stopped"]
        assert finals[0]["stopped"] and time.monotonic() - t0 < 3
        # bad messages get errors and the connection lives on
        for bad in ("nope", "[]", json.dumps({"cmd": "fly"}), "", "x" * ((1 << 20) + 10)):
            ws.send(bad)
            err = json.loads(ws.recv(timeout=30))
            assert err["type"] == "error", err
        ws.send(json.dumps({"id": 6, "cmd": "isready"}))
        assert ws_final(ws, 6)[-1]["type"] == "readyok"
        # a message far over the limit is refused by the WebSocket layer: 1009, too big
        ws.send("x" * (2 << 20))
        with pytest.raises(ws_exceptions.ConnectionClosed) as closed:
            ws.recv(timeout=30)
        assert closed.value.rcvd.code == 1009
    assert httpx.get(server.url + "/healthz", timeout=10).status_code == 200


def test_one_client_does_not_block_another(server, start):
    """While one client's search holds the move generator, others are still answered:
    well before its 5 s (the server's --max-time) are up. Blocked, they would come
    after it; the bound leaves room for a loaded machine (2.3 s seen)."""
    with ws_connect(server) as ws:
        ws.send(
            json.dumps(
                {"id": 1, "cmd": "go", "position": start, "player": "slow", "time": 5}
            )
        )
        assert json.loads(ws.recv(timeout=30))["type"] == "info"
        t0 = time.monotonic()
        for obj in (
            {"cmd": "hello"},
            {"cmd": "newgame", "seed": 1},
            {"cmd": "score", "position": start},
            {"cmd": "apply", "position": start, "move": "pass"},
        ):
            status, reply = post(server, obj)
            assert status == 200, reply
        assert time.monotonic() - t0 < 3.5
        ws.send(json.dumps({"id": 2, "cmd": "stop"}))
        ws_final(ws, 2)


def test_load_fifty_concurrent_hint_clients_from_a_second_process(server):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordbot.server.loadtest",
            "--url",
            server.url,
            "--clients",
            "50",
            "--requests",
            "300",
            "--max-seconds",
            "90",
            "--timeout",
            "60",
            "--player",
            "control",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env=cli_env(),
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    print("\nload test:", json.dumps(result))
    assert result["ok"] == result["requested"] == 300 and not result["errors"], result
    assert result["latency_ms"]["p99"] < 30_000
    assert httpx.get(server.url + "/healthz", timeout=10).json()["searches"] == 0


def test_serve_help_has_examples():
    out = invoke("serve", "--help")  # help only, in this process: no server starts
    assert out.returncode == 0 and "Examples:" in out.stdout and "127.0.0.1" in out.stdout


def server_threads(server) -> int:
    """How many threads the server process runs now (Linux's /proc)."""
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    return int(re.search(r"^Threads:\s+(\d+)", status, re.M).group(1))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_threads_are_not_leaked_by_many_requests(server, start):
    post(server, {"cmd": "go", "position": start, "player": "random"})  # pools started
    before = server_threads(server)
    errors = []

    def worker():
        try:
            for _ in range(3):  # the cheapest player: the threads are what is tested
                status, _ = post(
                    server, {"cmd": "go", "position": start, "player": "random"}
                )
                assert status == 200
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not [t for t in threads if t.is_alive()], "a request never returned"
    assert not errors
    # thirty requests done, ten at a time: the threads they used are gone or pooled
    deadline = time.monotonic() + 10
    while server_threads(server) > before + 10 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert server_threads(server) <= before + 10

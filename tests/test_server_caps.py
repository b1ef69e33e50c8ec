"""Caps that hold, against a real ``wordbot serve`` on 127.0.0.1 over real sockets:
``--max-connections`` counts WebSockets and HTTP alike, ``--max-per-client`` and a short
``--head-timeout`` keep one host (here 127.0.0.2) from filling the server, every
refusal is an immediate 503 with ``Retry-After`` (``busy``), and control requests answer
at once while thirty other connections keep the server's workers busy."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time

import pytest

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

from tests.cli_support import ROOT, cli_env  # noqa: E402  (after the importorskips)
from tests.faces_support import ServerProcess  # noqa: E402

#: room for a loaded machine (2 cores shared by several test runs) over a bound
SLACK = 1.5


def connect(srv):
    return ws_client.connect(srv.url.replace("http", "ws") + "/ws", open_timeout=30)


def refused_as_busy(status: int, headers, body: bytes) -> None:
    assert status == 503, (status, body)
    assert headers["Retry-After"] == "1", headers
    error = json.loads(body)["error"]
    assert error["code"] == "busy" and error["retry_after"] == 1, error


def test_max_connections_counts_websockets_and_http_alike():
    srv = ServerProcess("--game", "crosswords", "--max-connections", "4",
                        "--log-level", "warning")  # fmt: skip
    try:
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(connect(srv)) for _ in range(4)]
            began = time.monotonic()
            with pytest.raises(ws_exceptions.InvalidStatus) as fifth:
                connect(srv)
            answer = fifth.value.response
            refused_as_busy(answer.status_code, answer.headers, answer.body)
            http = httpx.post(srv.url + "/api", json={"cmd": "hello"}, timeout=10)
            refused_as_busy(http.status_code, http.headers, http.content)
            assert time.monotonic() - began < SLACK  # refused at once, never a hang
            held[0].close()
            deadline = time.monotonic() + 10
            while (
                health := httpx.get(srv.url + "/healthz", timeout=10)
            ).status_code != 200:
                assert time.monotonic() < deadline, "a closed connection's slot came back"
                time.sleep(0.05)
            assert health.json()["connections"] == 4  # three held and the one asking
    finally:
        srv.close()


def from_another_host(port: int, data: bytes) -> socket.socket:
    """A connection from 127.0.0.2 (another host, to the server) that sends ``data``."""
    sock = socket.socket()
    sock.bind(("127.0.0.2", 0))
    sock.connect(("127.0.0.1", port))
    sock.sendall(data)
    sock.settimeout(10)
    return sock


def read_all(sock: socket.socket) -> bytes:
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def test_one_host_cannot_fill_the_server():
    """25 half-sent request heads from one host: 5 hold places (its cap), all are cut
    off after the head timeout, a whole request of that host over its cap is refused
    at once, and every request of another host is served meanwhile."""
    srv = ServerProcess("--game", "crosswords", "--max-connections", "20",
                        "--max-per-client", "5", "--head-timeout", "1",
                        "--log-level", "warning")  # fmt: skip
    half = b"POST /api HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    body = b'{"cmd": "hello"}'
    whole = half + b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
    socks, served = [], []

    def another_host():  # while the half-sent heads are held
        for n in range(20):
            answer = httpx.post(
                srv.url + "/api", json={"cmd": "hello", "id": n}, timeout=10
            )
            served.append(answer.status_code)

    try:
        began = time.monotonic()
        socks = [from_another_host(srv.port, half) for _ in range(25)]
        meanwhile = threading.Thread(target=another_host)
        meanwhile.start()
        with from_another_host(srv.port, whole) as over:
            head, _, answer = read_all(over).partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = {k.title(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
        refused_as_busy(int(lines[0].split()[1]), headers, answer)
        assert time.monotonic() - began < SLACK  # at once, not after the head timeout
        assert [read_all(sock) for sock in socks] == [b""] * 25  # closed, unanswered
        assert time.monotonic() - began < 1 + 2 * SLACK  # the head timeout, 1 s
        meanwhile.join(60)
        assert served == [200] * 20
        health = httpx.get(srv.url + "/healthz", timeout=10).json()
        assert health["connections"] == 1, health  # the one asking
    finally:
        for sock in socks:
            sock.close()
        srv.close()


def test_a_full_search_queue_is_a_503_with_retry_after():
    srv = ServerProcess("--game", "controlword", "--max-searches", "1", "--max-time",
                        "30", "--log-level", "warning")  # fmt: skip
    try:
        with connect(srv) as ws:
            ws.send(json.dumps({"cmd": "newgame", "id": 1}))
            json.loads(ws.recv(timeout=30))
            # random playouts to the end, drawn tiles and all: no candidate is ruled
            # out for seconds, so the search holds the one place while the test asks
            player = "mc:time=30,rollout=random,to_end=true"
            ws.send(json.dumps({"cmd": "go", "id": 2, "player": player}))
            assert json.loads(ws.recv(timeout=30))["type"] == "info"  # under way
            position = httpx.post(srv.url + "/api", json={"cmd": "newgame"}, timeout=10)
            began = time.monotonic()
            go = {"cmd": "go", "position": position.json()["position"], "player": "greedy"}
            busy = httpx.post(srv.url + "/api", json=go, timeout=30)
            refused_as_busy(busy.status_code, busy.headers, busy.content)
            assert time.monotonic() - began < SLACK
            ws.send(json.dumps({"cmd": "stop", "id": 3}))
    finally:
        srv.close()


def test_control_requests_never_wait_behind_other_clients_work():
    """Thirty connections pipelining ``moves`` with ``limit`` 500 keep every work
    thread busy; another client's ``hello``, ``isready``, ``observe``, its hosted game's
    ``moves`` and ``GET /healthz`` answer at once (the load test's pipeline scenario,
    from a second process)."""
    srv = ServerProcess("--log-level", "warning")  # the default game, Control Word
    try:
        out = subprocess.run(
            [sys.executable, "-m", "wordbot.server.loadtest", "--url", srv.url,
             "--scenario", "pipeline", "--clients", "30", "--depth", "4",
             "--seconds", "3", "--timeout", "60"],
            capture_output=True, text=True, timeout=180, env=cli_env(), cwd=ROOT,
        )  # fmt: skip
        assert out.returncode == 0, out.stderr
        result = json.loads(out.stdout)
        print("\npipeline load:", json.dumps(result))
        assert not result["errors"] and result["load_latency_ms"]["count"] > 30, result
        probes = result["probe_latency_ms"]
        for cmd in ("hello", "isready", "observe", "moves", "healthz"):
            lat = probes[cmd]
            assert lat["count"] >= 10, (cmd, lat)
            # 100 ms p99 on an idle machine; room for one shared by other runs (one of
            # 2 cores at 13 runnable processes: p50 34 ms, p90 220 ms, p99 690 ms)
            assert lat["p50"] < 100 and lat["p90"] < 500, (cmd, lat)
    finally:
        srv.close()


def test_hosted_games_with_bots_and_hints_answer_at_once():
    """Twenty clients playing hosted games against bots, with hints (the load test's
    games scenario, from a second process): ``hello``, the ``play`` reply and the
    seat's moves come at once, every hint within a cap, and nothing is refused."""
    srv = ServerProcess("--game", "crosswords", "--max-time", "1", "--max-searches", "64",
                        "--log-level", "warning")  # fmt: skip
    try:
        out = subprocess.run(
            [sys.executable, "-m", "wordbot.server.loadtest", "--url", srv.url,
             "--scenario", "games", "--clients", "20", "--seconds", "4",
             "--timeout", "60"],
            capture_output=True, text=True, timeout=180, env=cli_env(), cwd=ROOT,
        )  # fmt: skip
        assert out.returncode == 0, out.stderr
        result = json.loads(out.stdout)
        print("\ngames load:", json.dumps(result))
        assert not result["errors"] and result["plays"] >= 20, result
        latency = result["latency_ms"]
        for cmd in ("hello", "play", "moves"):  # (at 13 runnable processes: p50 140 ms)
            assert latency[cmd]["p50"] < 250 and latency[cmd]["p90"] < 1000, latency
        # a hint is a search: it waits its turn for the move generator, a cap at most
        assert latency["hint"]["count"] and latency["hint"]["max"] < 1000 + 2000, latency
    finally:
        srv.close()

"""A server no client can stall, each bound against a real ``wordbot serve`` on
127.0.0.1 over real sockets: every search (``go``, a hosted hint, a bot's move) thinks
at most ``--max-time`` and holds the move generator little longer, whatever its player
spec says; ``inf`` and ``nan`` are refused in one line; ``stop`` and a closed connection
end a hint; the idle timeout waits while the server works for the client."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

from tests.faces_support import ServerProcess  # noqa: E402  (after the importorskips)

#: the cap of the capped server, in seconds
CAP = 1.0
#: room for a loaded machine (2 cores shared by several test runs) over a bound
SLACK = 1.5
#: ``slow`` (thinks its whole time, looking at ``stop`` every 50 ms) and ``stuck``
#: (deaf to its time and to ``stop``)
PLUGINS = ("--plugin", "tests.faces_plugin", "--plugin", "tests.bounds_plugin")


@pytest.fixture(scope="module")
def capped():
    # Cross words combat: no word list to load, so the server is up at once
    srv = ServerProcess("--game", "crosswords", "--max-time", str(CAP), *PLUGINS,
                        "--max-searches", "8", "--log-level", "warning")  # fmt: skip
    yield srv
    srv.close()


@pytest.fixture(scope="module")
def roomy():
    srv = ServerProcess("--game", "crosswords", "--max-time", "60", *PLUGINS,
                        "--log-level", "warning")  # fmt: skip
    yield srv
    srv.close()


def connect(srv):
    return ws_client.connect(srv.url.replace("http", "ws") + "/ws", open_timeout=30)


def final(ws, rid, timeout: float = 60) -> dict:
    """The final reply to ``rid`` (infos and events before it are passed over)."""
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(deadline - time.monotonic(), 0.01)))
        if msg.get("id") == rid and msg["type"] != "info" and "event" not in msg:
            return msg


def ask(ws, req: dict, timeout: float = 60) -> dict:
    ws.send(json.dumps(req))
    return final(ws, req.get("id"), timeout)


def searches(srv) -> int:
    return httpx.get(srv.url + "/healthz", timeout=10).json()["searches"]


def admitted(srv, count: int) -> None:
    """Wait until ``count`` searches run or wait on ``srv`` (30 s at most)."""
    deadline = time.monotonic() + 30
    while searches(srv) < count:
        assert time.monotonic() < deadline, f"{count} searches were not admitted"
        time.sleep(0.02)


def my_turn(ws, seats: list[str]) -> dict:
    """A new hosted game of these seats, once it is the seat's turn (the bots moved)."""
    msg = ask(ws, {"cmd": "newgame", "id": "game", "seats": seats})
    assert msg["type"] == "table", msg
    while msg["to_move"] != msg["seat"] or msg["over"]:
        assert not msg["over"], msg
        msg = json.loads(ws.recv(timeout=60))
    return msg


def test_a_hint_thinks_at_most_the_cap_whatever_its_spec(capped):
    with connect(capped) as ws:
        table = my_turn(ws, ["human", "greedy"])
        began = time.monotonic()
        hint = ask(ws, {"cmd": "hint", "id": "h", "turn": table["turn"],
                        "player": "slow:time=20"})  # fmt: skip
        took = time.monotonic() - began
        assert hint["type"] == "hint" and hint["candidates"], hint
        assert took < CAP + SLACK, f"a hint of slow:time=20 took {took:.1f} s (cap {CAP})"


@pytest.mark.parametrize("spec", ["mc:time=inf", "mc:time=nan", "mc:time=1e999"])
def test_a_time_that_is_not_finite_is_refused_in_one_line(capped, spec):
    with connect(capped) as ws:
        table = my_turn(ws, ["human", "greedy"])
        ask(ws, {"cmd": "newgame", "id": 0})  # a position for go
        for req in (
            {"cmd": "hint", "id": 1, "turn": table["turn"], "player": spec},
            {"cmd": "newgame", "id": 2, "seats": ["human", spec]},
            {"cmd": "go", "id": 3, "player": spec},
        ):
            began = time.monotonic()
            msg = ask(ws, req, timeout=10)
            assert msg["type"] == "error" and msg["error"]["code"] == "bad_player", msg
            assert "time" in msg["error"]["message"], msg
            assert "\n" not in msg["error"]["message"]
            assert time.monotonic() - began < SLACK
    assert searches(capped) == 0


def test_no_search_holds_the_generator_past_the_cap(capped):
    """While one client's hint asks for 40 s and another's player ignores every limit,
    a third client's greedy ``go`` and a fourth's hosted bot wait at most about one cap
    each, not the 40 s."""
    with contextlib.ExitStack() as stack:
        hinter, stuck, goer, player = (stack.enter_context(connect(capped))
                                       for _ in range(4))  # fmt: skip
        table = my_turn(hinter, ["human", "greedy"])
        hinter.send(json.dumps({"cmd": "hint", "id": "long", "turn": table["turn"],
                                "player": "slow:time=40"}))  # fmt: skip
        ask(stuck, {"cmd": "newgame", "id": "n"})
        stuck.send(json.dumps({"cmd": "go", "id": "deaf", "player": "stuck:wait=30"}))
        admitted(capped, 2)  # the hint and the go
        ask(goer, {"cmd": "newgame", "id": "n"})
        began = time.monotonic()
        best = ask(goer, {"cmd": "go", "id": "quick", "player": "greedy"})
        waited = time.monotonic() - began
        assert best["type"] == "bestmove", best
        # at most the hint's cap and the deaf player's cap (each with its lease's grace)
        assert waited < 2 * (CAP + 0.5) + SLACK, f"greedy's go waited {waited:.1f} s"
        began = time.monotonic()
        player.send(
            json.dumps({"cmd": "newgame", "id": "bot", "seats": ["greedy", "human"]})
        )
        while True:  # the bot moves first
            msg = json.loads(player.recv(timeout=60))
            if msg.get("event") == "move":
                break
        assert time.monotonic() - began < 2 * (CAP + 0.5) + SLACK
        assert final(hinter, "long")["type"] == "hint"


def test_stop_ends_a_hint_as_it_ends_go(roomy):
    with connect(roomy) as ws:
        table = my_turn(ws, ["human", "greedy"])
        ws.send(json.dumps({"cmd": "hint", "id": "h", "turn": table["turn"],
                            "player": "slow:time=30"}))  # fmt: skip
        time.sleep(1.0)  # under way
        began = time.monotonic()
        ws.send(json.dumps({"cmd": "stop", "id": "s"}))
        hint = json.loads(ws.recv(timeout=30))
        stopped = json.loads(ws.recv(timeout=30))
        took = time.monotonic() - began
        assert hint["id"] == "h" and hint["type"] == "hint", hint
        assert hint["stopped"] is True and hint["candidates"], hint
        assert stopped == {"id": "s", "type": "stopped", "search": "h"}, stopped
        assert took < 0.5 + SLACK, f"stop took {took:.2f} s"
        assert searches(roomy) == 0


def test_a_closed_connection_cancels_its_hint_at_once(roomy):
    with connect(roomy) as ws:
        table = my_turn(ws, ["human", "greedy"])
        ws.send(json.dumps({"cmd": "hint", "id": "h", "turn": table["turn"],
                            "player": "slow:time=30"}))  # fmt: skip
        admitted(roomy, 1)
        time.sleep(0.5)  # under way
        with httpx.Client(base_url=roomy.url) as health:  # (a client a call costs 0.1 s)
            began = time.monotonic()
            ws.close()
            while (left := health.get("/healthz").json()["searches"]) > 0:
                if time.monotonic() - began > 30:
                    break
                time.sleep(0.002)
            took = time.monotonic() - began
    assert left == 0 and took < 0.1 + SLACK / 4, f"the hint ran {took:.2f} s on"


def test_idle_time_counts_only_while_the_server_waits_on_the_client():
    """A search longer than the idle timeout: the connection stays open for its reply,
    then is closed once it has been idle for the timeout."""
    srv = ServerProcess("--game", "crosswords", "--idle-timeout", "1", "--max-time", "10",
                        *PLUGINS, "--log-level", "warning")  # fmt: skip
    try:
        with connect(srv) as ws:
            ask(ws, {"cmd": "newgame", "id": "n"})
            best = ask(ws, {"cmd": "go", "id": "g", "player": "slow:time=2.5"})
            assert best["type"] == "bestmove", best
            began = time.monotonic()
            msg = json.loads(ws.recv(timeout=30))
            assert msg["type"] == "error" and msg["error"]["code"] == "idle", msg
            assert 0.5 < time.monotonic() - began < 1 + SLACK
            with pytest.raises(ws_exceptions.ConnectionClosed):
                ws.recv(timeout=30)
    finally:
        srv.close()


def nice_values(pid: int) -> dict[int, int]:
    """Each thread of process ``pid`` (by thread id) and its nice value (Linux)."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):  # a thread that just ended
            stat = (task / "stat").read_text()
            out[int(task.name)] = int(stat[stat.rindex(")") + 2 :].split()[16])
    return out


@pytest.mark.skipif(sys.platform != "linux", reason="a thread's own nice value: Linux")
def test_searches_and_work_leave_the_processor_to_the_replies(roomy):
    """The threads that answer (the event loop's among them) run at the process's own
    priority; the work threads and each search's thread run nicer."""
    pid = roomy.proc.pid
    before = nice_values(pid)
    assert before[pid] == 0  # the event loop's thread
    assert sorted(before.values()).count(10) == 1  # the one work thread
    with connect(roomy) as ws:
        ask(ws, {"cmd": "newgame", "id": "n"})
        ws.send(json.dumps({"cmd": "go", "id": "g", "player": "slow:time=30"}))
        admitted(roomy, 1)
        time.sleep(0.3)  # under way
        during = nice_values(pid)
        ws.send(json.dumps({"cmd": "stop", "id": "s"}))
        assert final(ws, "g")["type"] == "bestmove"
    started = {t: nice for t, nice in during.items() if t not in before}
    assert 10 in started.values(), (before, during)
    assert during[pid] == 0

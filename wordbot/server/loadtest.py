"""A bounded load test of ``wordbot serve``: many concurrent clients, latency percentiles.

    python -m wordbot.server.loadtest --url http://127.0.0.1:8000 --clients 50 \\
        --requests 250 --max-seconds 120
    python -m wordbot.server.loadtest --scenario games --clients 200 --seconds 60
    python -m wordbot.server.loadtest --scenario pipeline --clients 30 --seconds 20

Three scenarios, each printing one JSON object (counts, errors by code, latency
percentiles in milliseconds):

- ``hints`` (the default): each client opens its own keep-alive HTTP connection and
  posts ``go`` requests (a hint: ``{"cmd": "go", "position": ..., "top": 5}``) one after
  another until ``--requests`` or ``--max-seconds`` is reached.
- ``games``: each client plays hosted games over its own WebSocket against a bot
  (``--bot``), as the web page does: on its turn it asks for a hint every
  ``--hint-every`` turns, lists its moves, plays one of them at random and sends
  ``hello``; a finished game is followed by a new one, for ``--seconds``. Latencies of
  ``hello``, ``play`` (its reply; the bot moves after it), ``moves`` and ``hint``.
- ``pipeline``: ``--clients`` WebSockets keep ``--depth`` stateless ``moves`` requests
  (``limit`` 500) in flight each, while one probe with a hosted game of its own asks
  ``hello``, ``isready``, ``observe``, its game's ``moves`` and ``GET /healthz`` in turn:
  the latencies of the probe's requests under that load.

Every request has its own timeout (``--timeout``). Only for servers on this machine:
the URL must be a loopback address.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Iterable
from typing import cast
from urllib.parse import urlsplit


class Http:
    """A minimal HTTP/1.1 keep-alive client for JSON requests."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None
        self.writer: asyncio.StreamWriter | None
        self.reader = self.writer = None

    async def post(self, path: str, obj) -> tuple[int, dict]:
        return await self.request("POST", path, json.dumps(obj).encode())

    async def get(self, path: str) -> tuple[int, dict]:
        return await self.request("GET", path, b"")

    async def request(self, method: str, path: str, body: bytes) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None and self.writer is not None  # connected above
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("server closed the connection")
        status = int(status_line.split()[1])
        length, close = 0, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
            elif name.strip().lower() == "connection" and "close" in value.lower():
                close = True
        data = await self.reader.readexactly(length)
        if close:
            await self.close()
        return status, json.loads(data) if data else {}

    async def close(self):
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
        self.reader = self.writer = None


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = (len(sorted_values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def summary(seconds: Iterable[float]) -> dict:
    """Count and percentiles (ms) of latencies given in seconds."""
    ms = sorted(x * 1000 for x in seconds)
    return {
        "count": len(ms),
        "p50": round(percentile(ms, 0.50), 1),
        "p90": round(percentile(ms, 0.90), 1),
        "p99": round(percentile(ms, 0.99), 1),
        "max": round(ms[-1], 1) if ms else None,
        "mean": round(statistics.fmean(ms), 1) if ms else None,
    }


def count(tally: dict, code: str) -> None:
    """One more error of ``code`` in ``tally["errors"]``."""
    errors = tally.setdefault("errors", {})
    errors[code] = errors.get(code, 0) + 1


def loopback(url: str) -> tuple[str, int]:
    """The host and port of ``url``, which must be on this machine."""
    parts = urlsplit(url)
    # (a URL without a host fails in ip_address below: ValueError)
    host, port = cast(str, parts.hostname), parts.port or 80
    if not ipaddress.ip_address("127.0.0.1" if host == "localhost" else host).is_loopback:
        raise SystemExit("loadtest: only servers on this machine (a loopback address)")
    return host, port


async def run(
    url: str,
    clients: int,
    requests: int,
    max_seconds: float,
    timeout: float,
    player: str | None,
    positions: int,
) -> dict:
    host, port = loopback(url)
    setup = Http(host, port)
    pos = []
    for seed in range(positions):  # a few real positions: new games a few moves in
        _, reply = await setup.post("/api", {"cmd": "newgame", "seed": seed})
        position = reply["position"]
        for _ in range(seed % 3):
            _, best = await setup.post(
                "/api", {"cmd": "go", "position": position, "player": "greedy"}
            )
            _, after = await setup.post(
                "/api", {"cmd": "apply", "position": position, "move": best["move"]}
            )
            position = after["position"]
        pos.append(position)
    await setup.close()

    latencies: list[float] = []
    errors: dict[str, int] = {}
    issued = 0
    started = time.perf_counter()
    deadline = started + max_seconds

    async def client(n: int):
        nonlocal issued
        http = Http(host, port)
        try:
            while issued < requests and time.perf_counter() < deadline:
                issued += 1
                req = {
                    "id": issued,
                    "cmd": "go",
                    "position": pos[issued % len(pos)],
                    "top": 5,
                }
                if player:
                    req["player"] = player
                t0 = time.perf_counter()
                try:
                    status, reply = await asyncio.wait_for(http.post("/api", req), timeout)
                except (TimeoutError, OSError, ConnectionError, ValueError) as exc:
                    errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                    await http.close()
                    continue
                if status == 200 and reply.get("type") == "bestmove":
                    latencies.append(time.perf_counter() - t0)
                else:
                    code = reply.get("error", {}).get("code", str(status))
                    errors[code] = errors.get(code, 0) + 1
        finally:
            await http.close()

    await asyncio.gather(*(client(n) for n in range(clients)))
    wall = time.perf_counter() - started
    lat = summary(latencies)
    del lat["count"]
    return {
        "clients": clients,
        "requested": issued,
        "ok": len(latencies),
        "errors": errors,
        "seconds": round(wall, 2),
        "hints_per_second": round(len(latencies) / wall, 1) if wall else None,
        "latency_ms": lat,
    }


class Socket:
    """One WebSocket to the server: requests by id, the game's state as events tell it."""

    def __init__(self, ws, timeout: float, tally: dict):
        self.ws = ws
        self.timeout = timeout
        self.tally = tally  # command -> latencies (s); "errors" -> code -> count
        self.waiting: dict[str, asyncio.Future] = {}
        self.ids = itertools.count()
        self.state: dict = {}  # the last message that told the game's move number
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self):
        try:
            async for text in self.ws:
                msg = json.loads(text)
                if "turn" in msg and "to_move" in msg:
                    self.state = msg
                    self.changed.set()
                future = self.waiting.pop(msg.get("id"), None)
                if future is not None and msg.get("type") != "info":
                    if not future.done():
                        future.set_result(msg)
                elif future is not None:  # an info: the final reply is still to come
                    self.waiting[msg["id"]] = future
        finally:
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection closed"))

    def send(self, cmd: str, **fields) -> asyncio.Future:
        rid = f"{cmd}{next(self.ids)}"
        future = asyncio.get_running_loop().create_future()
        self.waiting[rid] = future
        asyncio.ensure_future(self.ws.send(json.dumps({"id": rid, "cmd": cmd, **fields})))
        return future

    async def ask(self, cmd: str, **fields) -> dict | None:
        """The final reply to one request, its latency kept under ``cmd``; None (the
        error counted) for an error reply or no reply in time."""
        t0 = time.perf_counter()
        try:
            msg = await asyncio.wait_for(self.send(cmd, **fields), self.timeout)
        except (TimeoutError, ConnectionError) as exc:
            self.error(f"{cmd}:{type(exc).__name__}")
            return None
        if msg.get("type") == "error":
            self.error(f"{cmd}:{msg['error']['code']}")
            return None
        self.tally.setdefault(cmd, []).append(time.perf_counter() - t0)
        return msg

    def error(self, code: str) -> None:
        count(self.tally, code)

    async def until(self, ready, deadline: float) -> bool:
        """Wait until ``ready(self.state)``; False at ``deadline``."""
        while not ready(self.state):
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return False
        return True

    async def close(self):
        self.reader.cancel()
        await self.ws.close()


def _connect(url: str):
    from websockets.asyncio.client import connect

    ws_url = url.replace("http", "ws", 1).rstrip("/") + "/ws"
    return connect(ws_url, open_timeout=60, max_size=8 << 20, ping_interval=None)


def _mine(state: dict) -> bool:
    """Whether it is the seat's turn in a hosted game's latest message (or it is over)."""
    return bool(state) and (state["over"] or state["to_move"] == state["seat"])


async def games(
    url: str,
    clients: int,
    seconds: float,
    timeout: float,
    game: str | None,
    bot: str,
    hint_player: str | None,
    hint_every: int,
    seed: int,
) -> dict:
    """``--scenario games`` (see the module docstring)."""
    loopback(url)
    tally: dict = {}
    done = {"games": 0, "plays": 0}
    started = time.perf_counter()
    stop_at = started + seconds

    async def client(n: int):
        rng = random.Random(seed * 100_003 + n)
        await asyncio.sleep(rng.random() * min(2.0, seconds / 10))  # not all at once
        try:
            ws = await _connect(url)
        except Exception as exc:
            count(tally, f"connect:{type(exc).__name__}")
            return
        sock = Socket(ws, timeout, tally)
        seat, turns = None, 0  # seat: None until the first game is on
        try:
            while time.perf_counter() < stop_at:
                if seat is None or sock.state.get("over"):
                    done["games"] += seat is not None  # the one just over
                    seat = None
                    seats = ["human", bot] if n % 2 else [bot, "human"]
                    new = {"seats": seats, **({"game": game} if game else {})}
                    table = await sock.ask("newgame", **new)
                    if table is None:
                        await asyncio.sleep(0.5)
                        continue
                    seat = table["seat"]
                mine = await sock.until(_mine, min(stop_at, time.perf_counter() + timeout))
                if not mine or time.perf_counter() >= stop_at:
                    continue
                if sock.state["over"]:
                    continue
                turn = sock.state["turn"]
                turns += 1
                if hint_every and turns % hint_every == 0:
                    hint = {"player": hint_player} if hint_player else {}
                    await sock.ask("hint", turn=turn, top=3, **hint)
                listed = await sock.ask("moves", turn=turn, limit=50)
                move = (
                    rng.choice(listed["moves"])["move"]
                    if listed and listed["moves"]
                    else "pass"
                )
                if await sock.ask("play", turn=turn, move=move) is not None:
                    done["plays"] += 1
                await sock.ask("hello")
        finally:
            await sock.close()

    await asyncio.gather(*(client(n) for n in range(clients)))
    wall = time.perf_counter() - started
    return {
        "scenario": "games",
        "clients": clients,
        "bot": bot,
        "hint_player": hint_player,
        "seconds": round(wall, 2),
        **done,
        "errors": tally.pop("errors", {}),
        "latency_ms": {cmd: summary(values) for cmd, values in sorted(tally.items())},
    }


async def pipeline(
    url: str, clients: int, seconds: float, timeout: float, depth: int, game: str | None
) -> dict:
    """``--scenario pipeline`` (see the module docstring)."""
    host, port = loopback(url)
    load: dict = {}
    probe: dict = {}
    new = {"game": game} if game else {}
    kinds = ("hello", "isready", "observe", "moves")
    # every connection set up (and the health probe): the load and its clock start
    ready = asyncio.Barrier(clients + len(kinds) + 1)
    stop_at = float("inf")
    began = 0.0

    async def start() -> None:
        nonlocal stop_at, began
        await ready.wait()
        if not began:
            began = time.perf_counter()
            stop_at = began + seconds

    async def loader(n: int):
        sock = Socket(await _connect(url), timeout, load)
        try:
            await sock.ask("newgame", seed=n, **new)
            await start()
            flying: set[asyncio.Task] = set()
            while time.perf_counter() < stop_at:
                while len(flying) < depth:
                    flying.add(asyncio.create_task(sock.ask("moves", limit=500)))
                _, flying = await asyncio.wait(flying, return_when=asyncio.FIRST_COMPLETED)
            await asyncio.gather(*flying)
        finally:
            await sock.close()

    async def prober(cmd: str):
        """One probe connection asking ``cmd`` again and again (the hosted game's
        ``moves`` on the seat's turns), 50 ms apart, once the load is on."""
        sock = Socket(await _connect(url), timeout, {})  # its set-up is not measured
        try:
            await sock.ask("newgame", seed=1, **new)  # observe's position
            while await sock.ask("newgame", seats=["human", "greedy"], **new) is None:
                await asyncio.sleep(0.2)
            await sock.until(_mine, time.perf_counter() + timeout)  # the bot has moved
            await start()
            await asyncio.sleep(min(1.0, seconds / 5))  # the load first
            sock.tally = probe
            while time.perf_counter() < stop_at:
                if cmd != "moves":
                    await sock.ask(cmd)
                elif _mine(sock.state) and not sock.state["over"]:
                    await sock.ask(cmd, turn=sock.state["turn"], limit=500)
                await asyncio.sleep(0.05)
        finally:
            await sock.close()

    async def health():
        http = Http(host, port)
        await start()
        await asyncio.sleep(min(1.0, seconds / 5))
        try:
            while time.perf_counter() < stop_at:
                t0 = time.perf_counter()
                try:
                    status, _ = await asyncio.wait_for(http.get("/healthz"), timeout)
                except (TimeoutError, OSError, ConnectionError) as exc:
                    count(probe, f"healthz:{type(exc).__name__}")
                    await http.close()
                else:
                    if status == 200:
                        probe.setdefault("healthz", []).append(time.perf_counter() - t0)
                    else:
                        count(probe, f"healthz:{status}")
                await asyncio.sleep(0.05)
        finally:
            await http.close()

    probes = [prober(cmd) for cmd in kinds]
    await asyncio.gather(health(), *probes, *(loader(n) for n in range(clients)))
    wall = time.perf_counter() - began
    moves = load.get("moves", [])
    return {
        "scenario": "pipeline",
        "clients": clients,
        "depth": depth,
        "seconds": round(wall, 2),
        "load_moves_per_second": round(len(moves) / wall, 1),
        "errors": {**load.pop("errors", {}), **probe.pop("errors", {})},
        "load_latency_ms": summary(moves),
        "probe_latency_ms": {cmd: summary(values) for cmd, values in sorted(probe.items())},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--scenario", choices=["hints", "games", "pipeline"], default="hints")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=250, help="hints: total to ask for")
    ap.add_argument("--max-seconds", type=float, default=120.0, help="hints: stop after")
    ap.add_argument("--seconds", type=float, default=30.0, help="games, pipeline: run for")
    ap.add_argument("--timeout", type=float, default=60.0, help="per request, seconds")
    ap.add_argument("--player", default=None, help="hints: player spec of the hints")
    ap.add_argument("--positions", type=int, default=6, help="hints: positions used")
    ap.add_argument("--game", default=None, help="games, pipeline: (the server's)")
    ap.add_argument("--bot", default="greedy", help="games: the bot's player spec")
    ap.add_argument("--hint-player", default=None, help="games: (the game's default)")
    ap.add_argument("--hint-every", type=int, default=3, help="games: turns; 0: none")
    ap.add_argument("--depth", type=int, default=8, help="pipeline: requests in flight")
    ap.add_argument("--seed", type=int, default=0, help="games: the clients' choices")
    args = ap.parse_args(argv)
    if args.scenario == "games":
        work = games(args.url, args.clients, args.seconds, args.timeout, args.game,
                     args.bot, args.hint_player, args.hint_every, args.seed)  # fmt: skip
    elif args.scenario == "pipeline":
        work = pipeline(
            args.url, args.clients, args.seconds, args.timeout, args.depth, args.game
        )
    else:
        work = run(args.url, args.clients, args.requests, args.max_seconds,
                   args.timeout, args.player, args.positions)  # fmt: skip
    json.dump(asyncio.run(work), sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

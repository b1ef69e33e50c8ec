"""A bounded load test of ``wordbot serve``: many concurrent clients asking for hints.

    python -m wordbot.server.loadtest --url http://127.0.0.1:8000 --clients 50 \\
        --requests 250 --max-seconds 120

Each client opens its own keep-alive HTTP connection and posts ``go`` requests (a hint:
``{"cmd": "go", "position": ..., "top": 5}``) one after another until the total count or
the time limit is reached; every request has its own timeout. Prints one JSON object:
counts, errors, throughput and latency percentiles in milliseconds. Standard library
only, and only for servers on this machine: the URL must be a loopback address.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import statistics
import sys
import time
from typing import cast
from urllib.parse import urlsplit


class Http:
    """A minimal HTTP/1.1 keep-alive client for JSON POSTs."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None
        self.writer: asyncio.StreamWriter | None
        self.reader = self.writer = None

    async def post(self, path: str, obj) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None and self.writer is not None  # connected above
        body = json.dumps(obj).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
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
        return status, json.loads(data)

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


async def run(
    url: str,
    clients: int,
    requests: int,
    max_seconds: float,
    timeout: float,
    player: str | None,
    positions: int,
) -> dict:
    parts = urlsplit(url)
    # (a URL without a host fails in ip_address below: ValueError)
    host, port = cast(str, parts.hostname), parts.port or 80
    if not ipaddress.ip_address("127.0.0.1" if host == "localhost" else host).is_loopback:
        raise SystemExit("loadtest: only servers on this machine (a loopback address)")
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
    ms = sorted(x * 1000 for x in latencies)
    return {
        "clients": clients,
        "requested": issued,
        "ok": len(latencies),
        "errors": errors,
        "seconds": round(wall, 2),
        "hints_per_second": round(len(latencies) / wall, 1) if wall else None,
        "latency_ms": {
            "p50": round(percentile(ms, 0.50), 1),
            "p90": round(percentile(ms, 0.90), 1),
            "p99": round(percentile(ms, 0.99), 1),
            "max": round(ms[-1], 1) if ms else None,
            "mean": round(statistics.fmean(ms), 1) if ms else None,
        },
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=250, help="total hints to ask for")
    ap.add_argument("--max-seconds", type=float, default=120.0, help="stop issuing after")
    ap.add_argument("--timeout", type=float, default=60.0, help="per request, seconds")
    ap.add_argument("--player", default=None, help="player spec of the hints")
    ap.add_argument("--positions", type=int, default=6)
    args = ap.parse_args(argv)
    result = asyncio.run(
        run(
            args.url,
            args.clients,
            args.requests,
            args.max_seconds,
            args.timeout,
            args.player,
            args.positions,
        )
    )
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``wordbot serve`` under load: ``python benchmarks/server_load.py [--write docs/speed.md]``.

Starts ``wordbot serve`` on a free loopback port (caps raised for the load: every
client is this machine's address) and drives it from a second process with
``python -m wordbot.server.loadtest``:

- ``games`` at each of ``--games`` (default 50 and 200): that many clients, each playing
  hosted games over its own WebSocket against a bot (``--bot``), as the web page does:
  on its turn a hint every third turn, its moves listed, one played, then ``hello``;
  the latencies of ``hello`` and of the ``play`` reply (and of ``moves`` and ``hint``);
- ``pipeline``: 30 connections keeping 8 stateless ``moves`` (``limit`` 500) in flight
  each while a probe asks ``hello``, ``isready``, ``observe``, its hosted game's
  ``moves`` and ``GET /healthz``: the probe's latencies.

With ``--url`` it drives a server already running instead (another build, say). With
``--write`` the table replaces the section of the speed page that this script keeps.
"""

from __future__ import annotations

import argparse
import json
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from speed_table import write_section  # noqa: E402  (beside this script)
from strength_ladder import machine  # noqa: E402

#: the name of this script's section of the speed page
SECTION = "server-load"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(args) -> tuple[subprocess.Popen, str]:
    """``wordbot serve`` with caps for ``max(args.games)`` clients, once it answers."""
    port = free_port()
    most = max(args.games) + 50
    cmd = [sys.executable, "-m", "wordbot", "serve", "--port", str(port),
           "--log-level", "warning", "--max-time", str(args.max_time),
           "--max-connections", str(most), "--max-per-client", str(most),
           "--max-searches", str(2 * most)]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 1800  # a fresh machine compiles first
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return proc, url
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("server_load: wordbot serve did not come up")
        time.sleep(0.5)


def load(url: str, *options: str) -> dict:
    cmd = [sys.executable, "-m", "wordbot.server.loadtest", "--url", url, *options]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(cmd)} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def cell(lat: dict | None) -> str:
    """p50 / p99 in milliseconds."""
    if not lat or not lat.get("count"):
        return "–"
    return f"{lat['p50']:.0f} / {lat['p99']:.0f}"


def errors(found: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(found.items())) or "none"


def table(runs: list[dict], pipeline: dict) -> str:
    lines = [
        "| load | requests | `hello` | `play` reply | `moves` | `hint` | errors |",
        "|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        lat = run["latency_ms"]
        lines.append(
            f"| {run['clients']} hosted games, {run['seconds']:.0f} s | "
            f"{sum(v['count'] for v in lat.values())} ({run['plays']} plays) | "
            f"{cell(lat.get('hello'))} | {cell(lat.get('play'))} | "
            f"{cell(lat.get('moves'))} | {cell(lat.get('hint'))} | "
            f"{errors(run['errors'])} |"
        )
    probe = pipeline["probe_latency_ms"]
    lines.append(
        f"| {pipeline['clients']} connections pipelining `moves` (`limit` 500), "
        f"{pipeline['seconds']:.0f} s | {pipeline['load_latency_ms']['count']} listings | "
        f"{cell(probe.get('hello'))} | – | {cell(probe.get('moves'))} (the probe's own "
        f"game) | – | {errors(pipeline['errors'])} |"
    )
    extra = ", ".join(
        f"`{cmd}` {cell(probe.get(cmd))}" for cmd in ("isready", "observe", "healthz")
    )
    return "\n".join(lines) + f"\n\nThe pipelining probe besides: {extra}."


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=60.0, help="a run")
    parser.add_argument("--bot", default="greedy", help="the bots' player spec")
    parser.add_argument("--max-time", type=float, default=1.0, help="the server's cap")
    parser.add_argument("--url", default=None, help="a server already running")
    parser.add_argument("--write", type=Path, help="the speed page to write it into")
    args = parser.parse_args(argv)
    started = time.strftime("%Y-%m-%d")
    where = machine()
    proc, url = (None, args.url) if args.url else start_server(args)
    try:
        runs = [
            load(url, "--scenario", "games", "--clients", str(n), "--seconds",
                 str(args.seconds), "--bot", args.bot, "--timeout", "120")
            for n in args.games
        ]  # fmt: skip
        pipeline = load(url, "--scenario", "pipeline", "--clients", "30", "--depth",
                        "8", "--seconds", str(min(args.seconds, 30)))  # fmt: skip
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    text = table(runs, pipeline)
    command = shlex.join(["python", "benchmarks/server_load.py", *(argv or sys.argv[1:])])
    section = (
        "## The server under load\n\n"
        "Latencies of `wordbot serve`'s replies, p50 / p99 in milliseconds, as its "
        "clients see them (`python -m wordbot.server.loadtest`, a second process on the "
        f"same machine): hosted games of a person's seat against `{args.bot}` bots, "
        "a hint (the game's default player) every third turn, the server's "
        f"`--max-time {args.max_time:g}`.\n\n{text}\n\n- Measured {started} on "
        f"{where}.\n- Made by `{command}`."
    )
    if args.write is None:
        print(section)
    else:
        write_section(args.write, SECTION, section)
        print(f"wrote {args.write}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

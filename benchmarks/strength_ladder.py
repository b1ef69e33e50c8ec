"""Every game's ladder of players, measured: ``python benchmarks/strength_ladder.py``.

For each game, each rung plays the one below it with ``wordbot tournament`` (paired
deals, the seats swapped; default rules and word list; one worker), and the results
make one table: the stronger player's wins, draws and losses, its score and Elo with
the tournament's 95 % interval, and each player's thinking time a move. The searching
rungs think for a fixed number of playouts or tree simulations, not for a time, so they
replay exactly on any machine; only their seconds per move depend on the machine. Each
game's timed cells (``TIMED``) are ``search`` at a tenth of a second a move against the
game's heuristic and its ``mc``, as a person meets them.

``--write docs/strength.md`` writes the page with its date, machine and command;
``--out DIR`` keeps every cell's tournament (a second run with the same DIR resumes
them); ``--games`` per ladder cell, ``--timed-games`` per timed cell; ``--game``
(repeatable) for some games only.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

#: each game's ladder, weakest first: the uniform player, the most points now, the
#: game's own heuristic, then Monte Carlo and search over that heuristic's candidates,
#: on budgets that keep the whole ladder of a game within an hour of one core (First
#: Draft's playouts are the dearest: its own player ranks a turn's drafts in 0.1 s)
LADDERS = {
    "controlword": ["random", "greedy", "control", "mc:iterations=16,time=1000",
                    "search:iterations=16,time=1000"],
    "routewords": ["random", "greedy", "routes", "mc:iterations=8,rollout=greedy,time=1000",
                   "search:iterations=64,time=1000"],
    "firstdraft": ["random", "greedy", "drafter", "mc:iterations=2,k=3,plies=2,time=1000",
                   "search:iterations=2,time=1000"],
    "crosswords": ["random", "greedy", "territory",
                   "mc:iterations=3,k=4,plies=2,rollout=greedy,leaf=territory,time=1000",
                   "search:iterations=64,time=1000"],
}  # fmt: skip
#: games a cell at most above a game's own heuristic, where the playouts are dear (First
#: Draft's: its own player ranks a turn's drafts in a tenth of a second)
SEARCH_CELLS = {"firstdraft": 40}
#: each game's timed cells: ``search`` at its default, a tenth of a second a move, against
#: the game's own heuristic and against ``mc`` at the same time (its rung's options); these
#: depend on the machine's speed, as a person's game against a bot does
TIMED = {
    "controlword": ["control", "mc:time=0.1"],
    "routewords": ["routes", "mc:time=0.1,rollout=greedy"],
    "firstdraft": ["drafter", "mc:time=0.1,rollout=greedy,leaf=drafter"],
    "crosswords": ["territory", "mc:time=0.1,k=4,plies=2,rollout=greedy,leaf=territory"],
}
TIMED_SEARCH = "search:time=0.1"
TITLES = {"controlword": "Control Word", "routewords": "RouteWords",
          "firstdraft": "First Draft", "crosswords": "Cross words combat"}  # fmt: skip

PAGE = """# Strength

How strong each player of each game is, measured by self-play: every rung of a game's
ladder against the one below it, on paired deals (each deal played twice, the seats
swapped), with the default rules and word list. A draw counts half. Elo and its 95 %
interval come from the paired games as chess engine testers compute them (an all-wins
cell gets a Wilson bound, never a zero-width interval). The searching rungs think for a
fixed number of playouts (`mc`, and `search` in Control Word and First Draft) or tree
simulations (`search` in RouteWords and Cross words combat) a decision, not for a time,
so those rows replay exactly on any machine; s/move is each player's own thinking time
a decision on the machine below. The last rows of each game are `search` as a person
meets it, thinking a tenth of a second a move, against the game's own heuristic and
against `mc` at the same time: those rows depend on the machine's speed (more time is
stronger), as `wordbot hint --player search --time 1` and the bots of `wordbot serve` do.

{table}

- Measured {date} on {machine}.{note}
- Made by `{command}`.
"""


def machine() -> str:
    """The processor, its cores and the load it had, as this page reports them."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{model}, {os.cpu_count()} cores (load {load:.1f} when the script started), "
        f"Python {platform.python_version()}"
    )


def publish(table: str, page: str, path: Path | None, date: str, where: str, argv) -> None:
    """Print ``table``, or write ``page`` with it to ``path``, dated and signed with the
    machine and the command that made it (the running script and its arguments)."""
    if path is None:
        print(table)
        return
    command = shlex.join(
        ["python", f"benchmarks/{Path(sys.argv[0]).name}", *(argv or sys.argv[1:])]
    )
    path.write_text(page.format(table=table, date=date, machine=where, command=command))
    print(f"wrote {path}", file=sys.stderr)


def play(game: str, strong: str, weak: str, games: int, seed: int, out: Path) -> dict:
    """One cell: ``wordbot tournament``'s JSON, resumed when ``out`` holds it."""
    cmd = [sys.executable, "-m", "wordbot", "tournament", "--json", "-q"]
    if out.exists():  # a cell played before: the run saved with it goes on
        cmd += ["--resume", str(out)]
    else:
        cmd += ["--game", game, "--players", f"{strong},{weak}", "--games", str(games),
                "--seed", str(seed), "--workers", "1", "--out", str(out)]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def row(game: str, strong: str, weak: str, result: dict) -> str:
    pair = result["pairs"][
        0
    ]  # a: the stronger, b: the weaker, as the tournament names them
    per_move = result.get("seconds_per_move", {})
    return (
        f"| {TITLES.get(game, game)} | `{strong}` | `{weak}` | {pair['games']} "
        f"| {pair['a_wins']}-{pair['draws']}-{pair['b_wins']} "
        f"| {100 * pair['score']:.1f} % "
        f"| {pair['elo']:+.0f} ({pair['elo_low']:+.0f}, {pair['elo_high']:+.0f}) "
        f"| {per_move.get(pair['a'], 0):.4f} / {per_move.get(pair['b'], 0):.4f} |"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games a cell")
    parser.add_argument("--timed-games", type=int, default=200, help="games a timed cell")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", action="append", choices=sorted(LADDERS))
    parser.add_argument("--out", type=Path, default=None, help="keep (and resume) here")
    parser.add_argument("--write", type=Path, default=None, help="write the page here")
    parser.add_argument(
        "--note", default="", help="a line for the page on how the cells were run"
    )
    args = parser.parse_args(argv)
    started = datetime.date.today().isoformat()
    where = machine()
    lines = [
        "| game | stronger | weaker | games | W-D-L | stronger's score | Elo (95 %) "
        "| s/move stronger / weaker |",
        "|---|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        base = args.out or Path(tmp)
        for game in args.game or list(LADDERS):
            ladder = LADDERS[game]
            for k, (weak, strong) in enumerate(zip(ladder, ladder[1:])):
                print(f"{game}: {strong} against {weak}", file=sys.stderr, flush=True)
                games = (
                    args.games
                    if k < 2
                    else min(args.games, SEARCH_CELLS.get(game, args.games))
                )
                result = play(
                    game, strong, weak, games, args.seed, base / game / f"rung{k}"
                )
                lines.append(row(game, strong, weak, result))
            for k, weak in enumerate(TIMED[game]):
                print(f"{game}: {TIMED_SEARCH} against {weak}", file=sys.stderr, flush=True)
                result = play(game, TIMED_SEARCH, weak, args.timed_games, args.seed,
                              base / game / f"timed{k}")  # fmt: skip
                lines.append(row(game, TIMED_SEARCH, weak, result))
    page = PAGE.replace("{note}", f"\n- {args.note}" if args.note else "")
    publish("\n".join(lines), page, args.write, started, where, argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())

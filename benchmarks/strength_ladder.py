"""Every game's levels, measured: ``python benchmarks/strength_ladder.py``.

A game's ladder is its levels (``wordbot games`` lists them; ``--level N`` picks one):
each level plays the one below it with ``wordbot tournament`` (paired deals, the seats
swapped; default rules and word list; one worker a cell), and a level's Elo is the sum
of the steps below it, from level 1 (random moves) at 0. Then each game's targets:
``search`` at a tenth of a second a move against the game's own heuristic and, where the
game has a learned evaluation, against ``search:eval=hand``. Every player plays at its
defaults and thinks its own time, so the timed cells depend on the machine's speed, as a
person's game against a bot does.

``--write docs/strength.md`` writes the page with its date, machine and command
(with ``--keep``, the rows of the games this run leaves out stay as that page has them,
with the dates they were measured);
``--out DIR`` keeps every cell's tournament (a second run with the same DIR resumes
them, and plays the deals a cell saved with fewer games lacks); ``--games`` per cell,
``--slow-games`` per cell of a player thinking a second a move; ``--jobs`` cells at
once (one worker each: at most one a core); ``--game`` (repeatable) for some games
only.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from wordbot.engine import get_game
from wordbot.players.levels import levels_of
from wordbot.players.profile import profile_of

GAMES = ["controlword", "routewords", "firstdraft", "crosswords"]
#: ``search`` as a person meets it, and what each target cell sets it against
SEARCH = "search:time=0.1"
TITLES = {"controlword": "Control Word", "routewords": "RouteWords",
          "firstdraft": "First Draft", "crosswords": "Cross words combat"}  # fmt: skip

PAGE = """# Strength

How strong each level of each game is, measured by self-play. A game's levels
(`wordbot games` lists them; `--level N` of `hint`, `play` and `serve`, the player
`level:n=N`, picks one) run from random moves to `search` thinking a second a move: each
level played the one below it on paired deals (each deal played twice, the seats
swapped), with the default rules and word list, every player at its default options. A
draw counts half. Elo and its 95 % interval come from the paired games as chess engine
testers compute them (an all-wins cell gets a Wilson bound, never a zero-width
interval, so a level above such a cell is at least that strong); a level's Elo is the sum
of the steps below it, level 1 at 0. The last rows of each game are its targets:
`search` at a tenth of a second a move against the game's own heuristic and, in Control
Word and Cross words combat, against the same search on the hand-set evaluation
(`search:eval=hand`). Players think their own time, so the timed cells depend on the
machine's speed (more time is stronger); s/move is each player's measured thinking time
a decision.

{table}

{measured}{note}
- Made by `{command}`.
"""
#: a page's line of when and where every game's rows were measured, or one group's
WHEN_ALL = re.compile(r"^- Measured (\d{4}-\d\d-\d\d on .+)\.$")
WHEN_SOME = re.compile(r"^  - (.+): (\d{4}-\d\d-\d\d on .+)\.$")


def cells(game: str) -> list[tuple[str, str, str]]:
    """``(label, stronger, weaker)`` of each cell of ``game``: each level against the one
    below, then the targets."""
    table = levels_of(get_game(game))
    out = [
        (f"{k + 1}: {table[k]}", f"level:n={k + 1}", f"level:n={k}")
        for k in range(1, len(table))
    ]
    profile = profile_of(get_game(game))
    out.append(("", SEARCH, profile.default_policy))
    if profile.hand_policy:
        out.append(("", SEARCH, f"{SEARCH},eval=hand"))
    return out


def machine(playing: bool = True) -> str:
    """The processor, its cores and (where this run plays the cells, ``playing``) the
    load it had, as this page reports them."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    # a page written from cells played before says nothing of the load now
    when = f" (load {load:.1f} when the script started)" if playing else ""
    return f"{model}, {os.cpu_count()} cores{when}, Python {platform.python_version()}"


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


def measured(when: dict[str, str]) -> str:
    """The page's lines saying when and where each game's rows were measured (``when``:
    a game's title -> "date on machine"), the games measured together on one line.

    >>> measured({"Control Word": "2026-12-07 on X", "RouteWords": "2026-12-07 on X"})
    '- Measured 2026-12-07 on X.'
    >>> print(measured({"Control Word": "2026-12-07 on X", "RouteWords": "2026-12-07 on X",
    ...                 "First Draft": "2026-12-08 on X"}))
    - Measured:
      - Control Word and RouteWords: 2026-12-07 on X.
      - First Draft: 2026-12-08 on X.
    """
    groups: dict[str, list[str]] = {}
    for title, at in when.items():
        groups.setdefault(at, []).append(title)
    if len(groups) == 1:
        return f"- Measured {next(iter(groups))}."
    lines = ["- Measured:"]
    for at, titles in groups.items():
        names = (
            ", ".join(titles[:-1]) + " and " + titles[-1] if len(titles) > 1 else titles[0]
        )
        lines.append(f"  - {names}: {at}.")
    return "\n".join(lines)


def kept(page: str) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The rows of a written page by game title, and when and where each game's were
    measured (what :func:`measured` wrote)."""
    rows: dict[str, list[str]] = {}
    lines = page.splitlines()
    for line in lines:
        cells = line.split("|")
        if len(cells) > 2 and cells[1].strip() in TITLES.values():
            rows.setdefault(cells[1].strip(), []).append(line)
    when: dict[str, str] = {}
    for line in lines:
        if every := WHEN_ALL.match(line):
            when = dict.fromkeys(rows, every.group(1))
        elif some := WHEN_SOME.match(line):
            for title in re.split(r", | and ", some.group(1)):
                when[title] = some.group(2)
    missing = sorted(set(rows) - set(when))
    if missing:
        raise SystemExit(
            f"--keep: the page says not when {', '.join(missing)} was measured"
        )
    return rows, when


def play(game: str, strong: str, weak: str, games: int, seed: int, out: Path) -> dict:
    """One cell: ``wordbot tournament``'s JSON, resumed when ``out`` holds it."""
    # one worker a cell, resumed or new: a player thinks its own time, so two games
    # sharing a core would weaken both
    cmd = [sys.executable, "-m", "wordbot", "tournament", "--json", "-q", "--workers", "1"]
    if out.exists():  # a cell played before: the run saved with it goes on
        cmd += ["--resume", str(out)]
        if saved_games(out) < games:  # and plays the deals it lacks
            cmd += ["--games", str(games)]
    else:
        cmd += ["--game", game, "--players", f"{strong},{weak}", "--games", str(games),
                "--seed", str(seed), "--out", str(out)]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def row(game: str, label: str, strong: str, weak: str, result: dict, above: str) -> str:
    pair = result["pairs"][
        0
    ]  # a: the stronger, b: the weaker, as the tournament names them
    per_move = result.get("seconds_per_move", {})
    return (
        f"| {TITLES.get(game, game)} | {label} | `{strong}` | `{weak}` | {pair['games']} "
        f"| {pair['a_wins']}-{pair['draws']}-{pair['b_wins']} "
        f"| {100 * pair['score']:.1f} % "
        f"| {pair['elo']:+.0f} ({pair['elo_low']:+.0f}, {pair['elo_high']:+.0f}) "
        f"| {above} "
        f"| {per_move.get(pair['a'], 0):.4f} / {per_move.get(pair['b'], 0):.4f} |"
    )


def cost(spec: str, game: str) -> int:
    """How dear ``spec`` (a level's or a player's) is a move: 0 (a heuristic), 1 (a
    tenth of a second), 2 (a second)."""
    if spec.startswith("level:n="):
        spec = levels_of(get_game(game))[int(spec.split("=")[1]) - 1].spec
    options = spec.split(":", 1)[-1].split(",")
    return 2 if "time=1" in options else 1 if "time=0.1" in options else 0


def saved_games(out: Path) -> int:
    """The games the cell saved in ``out`` was set to play (0: none saved)."""
    try:
        return int(json.loads((out / "tournament.json").read_text())["games"])
    except (OSError, ValueError, KeyError):
        return 0


def done(out: Path) -> bool:
    """Whether the cell saved in ``out`` has played all its games."""
    try:
        with open(out / "results.jsonl") as results:
            return sum(1 for _ in results) >= saved_games(out) > 0
    except OSError:
        return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a cell")
    parser.add_argument(
        "--slow-games", type=int, default=200, help="games a cell of a 1 s player"
    )
    parser.add_argument("--jobs", type=int, default=1, help="cells at once")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--out", type=Path, default=None, help="keep (and resume) here")
    parser.add_argument("--write", type=Path, default=None, help="write the page here")
    parser.add_argument(
        "--finished",
        action="store_true",
        help="play nothing: the cells --out holds finished, the others marked so",
    )
    parser.add_argument(
        "--note", default="", help="a line for the page on how the cells were run"
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the rows of the games this run leaves out from the page --write names",
    )
    args = parser.parse_args(argv)
    if args.finished and args.out is None:
        parser.error("--finished reads --out")
    rows: dict[str, list[str]] = {}
    when: dict[str, str] = {}
    if args.keep:
        if args.write is None or not args.write.exists():
            parser.error("--keep reads the page --write names, which must exist")
        rows, when = kept(args.write.read_text())
    started = datetime.date.today().isoformat()
    where = machine(playing=not args.finished)
    header = [
        "| game | level | stronger | weaker | games | W-D-L | stronger's score "
        "| Elo (95 %) | level's Elo | s/move stronger / weaker |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for game in args.game or GAMES:
        rows[TITLES[game]] = []
        when[TITLES[game]] = f"{started} on {where}"
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        base = args.out or Path(tmp)
        planned = []
        for game in args.game or GAMES:
            for k, (label, strong, weak) in enumerate(cells(game)):
                dear = max(cost(strong, game), cost(weak, game))
                games = args.slow_games if dear == 2 else args.games
                planned.append(
                    (dear, game, label, strong, weak, games, base / game / f"cell{k:02d}")
                )
        futures = {}
        # the cheap cells first: a run cut short has measured most of the ladder
        for _, game, _label, strong, weak, games, out in sorted(
            planned, key=lambda c: c[0]
        ):
            if not args.finished or done(out):
                futures[out] = pool.submit(play, game, strong, weak, games, args.seed, out)
        above = 0.0
        for _, game, label, strong, weak, _, out in planned:
            if strong == "level:n=2":
                above = 0.0
            lines = rows[TITLES[game]]
            if out not in futures:
                lines.append(f"| {TITLES.get(game, game)} | {label} | `{strong}` | `{weak}` "
                             "| not measured yet | | | | | |")  # fmt: skip
                above = float("nan")
                continue
            print(f"{game}: {strong} against {weak}", file=sys.stderr, flush=True)
            result = futures[out].result()
            level = ""
            if label:
                above += result["pairs"][0]["elo"]
                level = "" if above != above else f"{above:+.0f}"
            lines.append(row(game, label, strong, weak, result, level))
    ordered = {TITLES[game]: when[TITLES[game]] for game in GAMES if TITLES[game] in when}
    page = PAGE.replace(
        "{measured}", measured(ordered).replace("{", "{{").replace("}", "}}")
    )
    page = page.replace("{note}", f"\n- {args.note}" if args.note else "")
    table = header + [line for title in ordered for line in rows.get(title, [])]
    publish("\n".join(table), page, args.write, started, where, argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())

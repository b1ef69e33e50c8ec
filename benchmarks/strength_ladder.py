"""The strength ladder of issue 5, measured: ``python benchmarks/strength_ladder.py``.

Plays each rung against the one below with ``wordbot tournament`` (paired deals, seats
swapped) and prints a table: score of the stronger player with its 95% interval (from
the tournament's paired-game Elo interval), games, and seconds per move of each player
(from the games' think times). ``--games`` per pairing (default 400), ``--seed``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

LADDER = ["random", "greedy", "control", "mc:iterations=10,time=1000"]


def score_of(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def seconds_per_move(out: Path) -> dict[str, float]:
    think: dict[str, float] = {}
    moves: dict[str, int] = {}
    for line in (out / "results.jsonl").read_text().splitlines():
        row = json.loads(line)
        for colour, player in row["seats"].items():
            think[player] = think.get(player, 0.0) + row.get("think", {}).get(colour, 0.0)
            moves[player] = moves.get(player, 0) + row.get("decisions", {}).get(colour, 0)
    return {p: think[p] / moves[p] for p in think if moves.get(p)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--out",
        default=None,
        help="keep each rung's tournament here (rung0, rung1, ...); a "
        "second run resumes them instead of starting over",
    )
    parser.add_argument(
        "--ladder",
        default=",".join(LADDER),
        help="players from weakest to strongest (';'-separated if specs contain commas)",
    )
    args = parser.parse_args(argv)
    ladder = args.ladder.split(";") if ";" in args.ladder else LADDER
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, (weak, strong) in enumerate(zip(ladder, ladder[1:])):
            out = Path(args.out or tmp) / f"rung{k}"
            print(
                f"rung {k}: {strong} against {weak}, {args.games} games",
                file=sys.stderr,
                flush=True,
            )
            cmd = [
                sys.executable,
                "-m",
                "wordbot",
                "tournament",
                "--players",
                f"{strong},{weak}",
                "--games",
                str(args.games),
                "--seed",
                str(args.seed),
                "--json",
                "-q",
                "--resume" if out.exists() else "--out",
                str(out),
            ]
            if args.workers:
                cmd += ["--workers", str(args.workers)]
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode != 0:
                print(done.stderr, file=sys.stderr)
                return done.returncode
            pair = json.loads(done.stdout)["pairs"][0]
            per_move = seconds_per_move(out)
            rows.append((strong, weak, pair, per_move))
    print(
        "| stronger | weaker | games | stronger's score | 95% interval | Elo (95%) | s/move stronger | s/move weaker |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for strong, weak, pair, per_move in rows:
        a, b = pair["a"], pair["b"]
        print(
            f"| {strong} | {weak} | {pair['games']} | {100 * pair['score']:.1f}% "
            f"| {100 * score_of(pair['elo_low']):.1f}-{100 * score_of(pair['elo_high']):.1f}% "
            f"| {pair['elo']:+.0f} ({pair['elo_low']:+.0f}, {pair['elo_high']:+.0f}) "
            f"| {per_move.get(a, 0):.4f} | {per_move.get(b, 0):.4f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Whole games and playouts, two builds side by side:
``python benchmarks/core_speedup.py --before PYTHON [--write docs/speed.md]``.

Runs the same measurements, one game at a time, under this checkout's Python and under
``--before`` (the interpreter of another install of wordbot, e.g. a checkout of the
code before its compiled cores), alternating between the two so that both see the same
machine: greedy self-play games a second (the way a tournament plays a game), the
playouts (or alpha-beta leaves) behind one ``search:time=0.1`` decision, and the
seconds of a ``wordbot study`` of greedy players. Each figure is the median of
``--repeat`` runs. With ``--write`` the table replaces the section of the speed page
that this script keeps.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from strength_ladder import machine  # noqa: E402  (beside this script)

GAMES = ("controlword", "routewords", "firstdraft", "crosswords")
#: where the table lives in the speed page
START, STOP = "<!-- core-speedup -->", "<!-- /core-speedup -->"
#: the speed-ups the compiled cores aim at, by measure: (a game's own goal, the others')
GOALS = {
    "selfplay": ({"controlword": 3.0}, 5.0),
    "search": ({}, 4.0),
    "study": ({}, 4.0),
}
#: how the goals' line names each measure
MEASURES = {"selfplay": "self-play", "search": "search", "study": "study"}

#: run in each interpreter: one measurement, printed as JSON
PROBE = r"""
import json, sys, time
from wordbot.engine import get_game
from wordbot.players import make_player
from wordbot.players import arena
from wordbot.lexicons import load_lexicon
kind, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = get_game(name)
seats = game.default_players[:2]
# read once, as a tournament or a study does: not a part of any game's time
lexicon = load_lexicon(None, None) if game.uses_lexicon else None
if kind == "selfplay":
    greedy = make_player("greedy", game)
    play = getattr(arena, "play_compiled", None)
    def one(seed):
        state = game.new(list(seats), seed, lexicon=lexicon)
        return (play and play(state, dict.fromkeys(seats, greedy), seed)) or \
            arena.play_game(state, dict.fromkeys(seats, greedy), seed)
    one(10_000)  # kernels loaded
    started = time.perf_counter()
    for seed in range(count):
        one(seed)
    print(json.dumps(count / (time.perf_counter() - started)))
elif kind == "search":
    greedy, search = make_player("greedy", game), make_player("search:time=0.1", game)
    import random
    counts = []
    for seed in range(count):
        state = game.new(list(seats), seed, lexicon=lexicon)
        for _ in range(6 + seed % 5):
            if state.is_over:
                break
            state = state.apply(greedy.choose(state, random.Random(seed)))
        if state.is_over:
            continue
        search.choose(state, random.Random(seed))
        counts.append(search.playouts)
    print(json.dumps(sum(counts) / len(counts)))
"""


#: where the builds run: ``python -c`` and ``-m`` import from the working directory
#: first, so run from a checkout every build would import that checkout's code
NEUTRAL = tempfile.gettempdir()


def probe(python: str, kind: str, game: str, count: int) -> float:
    out = subprocess.run(
        [python, "-c", PROBE, kind, game, str(count)],
        capture_output=True,
        text=True,
        check=True,
        cwd=NEUTRAL,
    )
    return float(json.loads(out.stdout.strip().splitlines()[-1]))


def study_seconds(python: str, game: str, games: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        subprocess.run(
            [python, "-m", "wordbot", "study", "--game", game, "--players",
             "greedy", "--games", str(games), "--workers", "1", "--seed", "1",
             "--out", str(Path(tmp) / "study")],
            capture_output=True,
            text=True,
            check=True,
            cwd=NEUTRAL,
        )  # fmt: skip
        return time.perf_counter() - started


def measure(pythons: dict[str, str], args) -> dict:
    figures: dict = {}
    for game in args.games:
        for label in pythons:
            figures.setdefault(game, {}).setdefault(label, {})
        for metric, run in (
            ("selfplay", lambda py, g: probe(py, "selfplay", g, args.selfplay)),
            ("search", lambda py, g: probe(py, "search", g, args.decisions)),
            ("study", lambda py, g: study_seconds(py, g, args.study)),
        ):
            samples: dict[str, list[float]] = {label: [] for label in pythons}
            for _ in range(args.repeat):
                for label, python in pythons.items():  # alternating: one machine
                    samples[label].append(run(python, game))
                    print(f"{game} {metric} {label}: {samples[label][-1]:.4g}",
                          file=sys.stderr)  # fmt: skip
            for label in pythons:
                figures[game][label][metric] = statistics.median(samples[label])
    return figures


def table(figures: dict, args) -> str:
    lines = [
        "| game | greedy self-play games/s, before → after | `search:time=0.1` "
        f"playouts a decision | `wordbot study` of {args.study} greedy games, s |",
        "|---|---|---|---|",
    ]
    for game, by in figures.items():
        b, a = by["before"], by["after"]
        lines.append(
            f"| {game} | {b['selfplay']:.0f} → {a['selfplay']:.0f} "
            f"(×{a['selfplay'] / b['selfplay']:.1f}) | {b['search']:.0f} → "
            f"{a['search']:.0f} (×{a['search'] / b['search']:.1f}) | {b['study']:.1f} → "
            f"{a['study']:.1f} (×{b['study'] / a['study']:.1f}) |"
        )
    return "\n".join(lines)


def speedup(by: dict, metric: str) -> float:
    """The after build's speed-up over the before build's in ``metric`` (a study's
    seconds fall, the others' rates rise)."""
    b, a = by["before"][metric], by["after"][metric]
    return b / a if metric == "study" else a / b


def goal(game: str, metric: str) -> float:
    own, others = GOALS[metric]
    return own.get(game, others)


def against_goals(figures: dict) -> str:
    """One line: which measures reach their goal (:data:`GOALS`) and which do not,
    with the speed-up each got.

    >>> by = {"before": {"selfplay": 100, "search": 10, "study": 8.0},
    ...       "after": {"selfplay": 600, "search": 30, "study": 1.0}}
    >>> print(against_goals({"routewords": by}))
    - Goals (self-play ×3 in Control Word, ×5 in the others; search ×4; study ×4): reached by RouteWords' self-play (×6.0) and study (×8.0); missed by RouteWords' search (×3.0).
    """
    reached: list[str] = []
    missed: list[str] = []
    for game, by in figures.items():
        hit: list[str] = []
        miss: list[str] = []
        for metric in GOALS:
            ratio = speedup(by, metric)
            said = f"{MEASURES[metric]} (×{ratio:.1f})"
            (hit if round(ratio, 1) >= goal(game, metric) else miss).append(said)
        title = _title(game)
        for found, into in ((hit, reached), (miss, missed)):
            if found:
                into.append(f"{_possessive(title)} {_listed(found)}")
    own = ", ".join(f"×{g:g} in {_title(n)}" for n, g in GOALS["selfplay"][0].items())
    head = (
        f"- Goals (self-play {own}, ×{GOALS['selfplay'][1]:g} in the others; search "
        f"×{GOALS['search'][1]:g}; study ×{GOALS['study'][1]:g}): "
    )
    parts = []
    if reached:
        parts.append("reached by " + "; ".join(reached))
    if missed:
        parts.append("missed by " + "; ".join(missed))
    return head + "; ".join(parts) + "."


def _title(name: str) -> str:
    from wordbot.engine import get_game

    return get_game(name).title


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="Python of the build to compare")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--selfplay", type=int, default=100, help="games a figure")
    parser.add_argument("--decisions", type=int, default=10, help="search decisions")
    parser.add_argument("--study", type=int, default=400, help="games of the study")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", type=Path, help="the speed page to write it into")
    args = parser.parse_args(argv)
    figures = measure({"before": args.before, "after": sys.executable}, args)
    text = table(figures, args)
    command = (
        "python benchmarks/core_speedup.py --before PYTHON "
        f"--selfplay {args.selfplay} --decisions {args.decisions} --study {args.study} "
        f"--repeat {args.repeat} --write docs/speed.md"
    )
    section = (
        f"{START}\n## Whole games in one compiled call\n\n"
        "The same measurements under two builds, alternating on one machine, one core, "
        f'the median of {args.repeat} runs: "before" plays every move in Python, '
        '"after" plays a game or a playout of compiled policies in one call into the '
        f"game's compiled core.\n\n{text}\n\n{against_goals(figures)}\n"
        f"- Measured {time.strftime('%Y-%m-%d')} on "
        f"{machine()}.\n- Made by `{command}`.\n{STOP}"
    )
    if args.write is None:
        print(section)
        return 0
    page = args.write.read_text()
    if START in page:
        head, _, rest = page.partition(START)
        page = head + section + rest.partition(STOP)[2]
    else:
        page = page.rstrip("\n") + "\n\n" + section + "\n"
    args.write.write_text(page)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

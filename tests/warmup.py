"""Compile every game's kernels into numba's cache once, before the tests start.

A fresh clone has no compiled kernels, and compiling them is the largest fixed cost of
the suite (minutes of CPU). Left to the tests, the first test of each game pays for it
inside its own timing, and under ``pytest -n 2`` both workers may compile the same
kernel at once. So the session start (tests/conftest.py) runs this module first, its
units shared among processes on every core, and the tests then only load kernels.

A unit is a game of the registry. Warming it is what ``wordbot warm`` does
(:mod:`wordbot.warm`: a few actions of a new game by each of its players, with what
``hint`` computes of the candidates and the first legal moves), then a game on a small
word list built afresh: the builders of the automata, which a default list found in the
lexicon cache skips and the tests' small lists reach. A kernel that only a test reaches
still compiles lazily there: the warm-up only takes most of the work off the tests.

The units are shared among the processes by the seconds each took when last measured
(``warmup`` in tests/durations.json, which ``pytest --record-durations`` writes): the
longest first, each to the process with the least work so far; a unit never measured (a
new game) is counted as the mean of the measured ones, after them.

A folder of the numba cache is named by the kernels' sources and the numba and numpy
versions (``wordbot._paths.kernel_fingerprint``); a marker file in it records which
units were warmed, so a warm cache costs nothing but reading that file.

>>> groups(["a", "b", "c", "d"], 2, {"a": 60.0, "b": 30.0, "c": 25.0})
[('a',), ('b', 'c', 'd')]
>>> groups(["a", "b", "c"], 1, {})
[('a', 'b', 'c')]
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from wordbot.engine.games import GAMES

import wordbot  # noqa: F401  (sets NUMBA_CACHE_DIR before numba is imported)

ROOT = Path(__file__).resolve().parent.parent
#: the environment variable naming this test run (set by tests/conftest.py, inherited by
#: the warm-up's processes and pytest-xdist's workers)
RUN_ID = "WORDBOT_TEST_RUN"
#: the seconds each test module and each warm-up unit took, as last measured
DURATIONS = ROOT / "tests" / "durations.json"


def measured(part: str) -> dict[str, float]:
    """The measured seconds of ``part`` (``modules`` or ``warmup``) of
    :data:`DURATIONS`; none when the file is missing."""
    if not DURATIONS.exists():
        return {}
    return dict(json.loads(DURATIONS.read_text()).get(part, {}))


def units() -> list[str]:
    """Every unit: each game of the registry."""
    return GAMES.names()


def marker(unit: str) -> Path:
    """The file that says ``unit``'s kernels are in this cache folder (the tests' own:
    their unit warms more than ``wordbot warm``)."""
    return Path(os.environ["NUMBA_CACHE_DIR"]) / f"warmed-tests-{unit}"


def groups(todo: list[str], cores: int, seconds: dict[str, float]) -> list[tuple[str, ...]]:
    """``todo`` shared among at most ``cores`` processes by their measured ``seconds``
    (see the module docstring), each process's units in the order it warms them."""
    known = [u for u in todo if u in seconds]
    guess = sum(seconds[u] for u in known) / len(known) if known else 1.0
    order = sorted(known, key=lambda u: -seconds[u]) + [u for u in todo if u not in seconds]
    shares: list[list[str]] = [[] for _ in range(max(1, min(cores, len(todo))))]
    load = [0.0] * len(shares)
    for unit in order:
        least = load.index(min(load))
        shares[least].append(unit)
        load[least] += seconds.get(unit, guess)
    return [tuple(share) for share in shares if share]


def first_warm(unit: str) -> str | None:
    """What ``wordbot warm --game UNIT`` printed when this test run's warm-up compiled
    the unit's kernels from nothing; None when this run found them compiled (a later run,
    or one started after a ``wordbot warm``). On a fresh clone the warm-up is a user's
    first ``wordbot warm``, so tests/test_first_run.py checks it there rather than
    compiling a game a second time."""
    return kept_first("warm", unit)


#: the game whose first ``wordbot moves`` the warm-up runs on the empty cache of a fresh
#: clone, before its ``wordbot warm``: the first compile a user meets outside ``warm``,
#: announced, which tests/test_first_run.py checks from what it printed rather than
#: compiling the game's move generator once more on a cache of its own
FIRST_USE = "routewords"
#: the word list the first use reads (the one every game's tests play with)
FIRST_USE_WORDS = ROOT / "tests" / "data" / "small_words.txt"


def first_use_command(position: str | Path) -> list[str]:
    """The arguments of the first use: count the moves of ``position`` (a RouteWords
    position file) on :data:`FIRST_USE_WORDS`."""
    return ["moves", str(position), "--count", "--lexicon", str(FIRST_USE_WORDS)]


def first_use_position(folder: Path, env: dict | None = None) -> Path:
    """A new RouteWords game (seed 5) written to ``folder`` by the real ``wordbot new``,
    in ``env`` (its caches)."""
    position = folder / "start.json"
    position.write_text(
        run_wordbot("new", "--game", FIRST_USE, "--seed", "5", env=env).stdout
    )
    return position


def run_wordbot(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The real ``wordbot ARGS`` from the checkout, in this environment updated by
    ``env``; RuntimeError with what it printed when it fails."""
    cli = subprocess.run(
        [sys.executable, "-m", "wordbot", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
    )
    if cli.returncode != 0:
        raise RuntimeError(f"wordbot {' '.join(args)}: exit {cli.returncode}\n{cli.stderr}")
    return cli


def first_log(kind: str, unit: str) -> Path:
    """Where the warm-up keeps what its ``kind`` (``warm`` or ``use``) of ``unit``
    printed."""
    return Path(os.environ["NUMBA_CACHE_DIR"]) / f"first-{kind}-{unit}.log"


def keep_first(kind: str, unit: str, printed: str) -> None:
    log = first_log(kind, unit)
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(f"{os.environ.get(RUN_ID, '')}\n{printed}")


def kept_first(kind: str, unit: str) -> str | None:
    """What the warm-up's ``kind`` of ``unit`` printed when this test run's warm-up
    compiled it from nothing; None when this run found it compiled."""
    log = first_log(kind, unit)
    if not log.exists():
        return None
    run, _, printed = log.read_text().partition("\n")
    if run != os.environ.get(RUN_ID) or "compiling" not in printed:
        return None
    return printed


def first_use() -> tuple[str, str] | None:
    """The standard output and error of :func:`first_use_command` when this run's warm-up
    ran it on an empty cache (it compiled RouteWords' move generator); None when this
    run found the cache warm."""
    printed = kept_first("use", FIRST_USE)
    if printed is None:
        return None
    stdout, _, stderr = printed.partition("\n")
    return stdout, stderr


def use_first(folder: Path) -> None:
    """Run :func:`first_use_command` on this cache and keep what it printed."""
    cli = run_wordbot(*first_use_command(first_use_position(folder)))
    keep_first("use", FIRST_USE, f"{cli.stdout.strip()}\n{cli.stderr}")


def warm(name: str) -> bool:
    """Compile the kernels of unit ``name`` (see the module docstring): the real
    ``wordbot warm`` first, its words kept for :func:`first_warm`. Whether that compiled
    the game (it had not been warmed by ``wordbot warm`` in this cache folder)."""
    from wordbot.plugins import BUILTIN

    if name == FIRST_USE:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            use_first(Path(folder))
    cli = run_wordbot("warm", "--game", name)
    keep_first("warm", name, cli.stderr)
    game = BUILTIN.game(name)
    if game.uses_lexicon:
        from tests.lexicons import small_words

        state = game.new(seed=0, lexicon=small_words())
        player = BUILTIN.players.make("random", game)
        for _ in range(2):
            if not state.is_over:
                state = state.apply(player.choose(state, random.Random(0)))
    marker(name).parent.mkdir(parents=True, exist_ok=True)
    marker(name).touch()
    return "compiling for" in cli.stderr


def compile_sources() -> None:
    """Byte-compile the checkout's Python files: where PYTHONDONTWRITEBYTECODE is set
    (as on CI machines) every process of the suite would otherwise compile them all
    again from source, a second or more per subprocess."""
    import compileall

    for folder in ("wordbot", "engine", "movegen", "players", "dictionaries", "tests"):
        compileall.compile_dir(ROOT / folder, quiet=1, workers=0)


def cold(todo: list[str]) -> list[str]:
    """The units of ``todo`` whose kernels this cache folder does not hold yet."""
    return [u for u in todo if not marker(u).exists()]


def warm_all(todo: list[str], cores: int | None = None, out=sys.stderr) -> dict[str, float]:
    """Warm the cold ones of ``todo`` in parallel processes; the seconds each took.
    Raises RuntimeError with the failing process's output when one fails."""
    compile_sources()
    todo = cold(todo)
    if not todo:
        return {}
    started = time.perf_counter()
    print(f"warming numba's cache for {', '.join(todo)} ...", file=out, flush=True)
    procs = [
        (
            group,
            subprocess.Popen(
                [sys.executable, "-m", "tests.warmup", *group],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            ),
        )
        for group in groups(todo, cores or len(os.sched_getaffinity(0)), measured("warmup"))
    ]
    failed, took = [], {}
    for group, proc in procs:
        output, _ = proc.communicate()
        if proc.returncode != 0:
            failed.append(f"{', '.join(group)}: exit {proc.returncode}\n{output[-3000:]}")
        for line in output.splitlines():
            unit, _, rest = line.partition(" ")
            if unit in group and rest.endswith(" s"):
                took[unit] = float(rest[:-2])
    if failed:
        raise RuntimeError("warm-up failed: " + "\n".join(failed))
    seconds = time.perf_counter() - started
    each = ", ".join(f"{unit} {s:.1f} s" for unit, s in took.items())
    print(f"warmed in {seconds:.1f} s ({each})", file=out, flush=True)
    return took


if __name__ == "__main__":
    for unit in sys.argv[1:]:
        began = time.perf_counter()
        if warm(unit):  # only a unit compiled from nothing measures the warm-up
            print(f"{unit} {time.perf_counter() - began:.1f} s", flush=True)

"""Compile every game's kernels into numba's cache once, before the tests start.

A fresh clone has no compiled kernels, and compiling them is the largest fixed cost of
the suite (minutes of CPU). Left to the tests, the first test of each game pays for it
inside its own timing, and under ``pytest -n 2`` both workers may compile the same
kernel at once. So the session start (tests/conftest.py) runs this module first, a
group of games per process on every core, and the tests then only load kernels.

Each game: its lexicon's automata (built into the lexicon cache if missing), then a few
actions of a new game by each of its players (``mc`` and ``search`` with the smallest budget), with
their ranked candidates and the game's own figures of each (what ``wordbot hint``
shows), and every legal move listed; then a game on a small word list built afresh (the
builders of the automata, which a cached default list skips). A kernel that only a test reaches still compiles
lazily there: the warm-up only takes most of the work off the tests.

A folder of the numba cache is named by the kernels' sources and the numba and numpy
versions (``wordbot._paths.kernel_fingerprint``); a marker file in it records which
units were warmed, so a warm cache costs nothing but reading that file.

Control Word compiles as long as the other three games together (its replacement
generator alone as long as they do), so it is warmed in four units that two processes
share (:data:`PLAN`): ``gaddag`` compiles the GADDAG builder, which both generators
need (the other process waits for it rather than compiling it too);
``controlword-replacements`` and ``controlword-words`` compile the two generators on
small positions, one a process; ``controlword`` then plays the game, finding both
cached.

A game of the registry that :data:`PLAN` does not name (a new one) is a unit of its own,
warmed by playing it, after the planned units of the second process.

>>> groups(PLANNED, 2)
[('crosswords', 'controlword-replacements', 'controlword'), ('gaddag', 'controlword-words', 'firstdraft', 'routewords')]
>>> groups(PLANNED, 1)
[('gaddag', 'controlword-words', 'controlword-replacements', 'controlword', 'firstdraft', 'routewords', 'crosswords')]
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

from wordbot.engine.games import GAMES

import wordbot  # noqa: F401  (sets NUMBA_CACHE_DIR before numba is imported)

#: actions of each player's warm-up game (Control Word: a word phase and a replacement
#: phase; the other games: their opening and middle kinds of move)
ACTIONS = 12
#: what each process warms, in order, on two cores. Measured on a fresh clone and home
#: (2 cores, 2026-11-27): compiling the GADDAG builder 18 s, Control Word's replacement
#: generator 47 s more, its word-play generator 16 s more, the rest of Control Word
#: 17 s (and 16 s more since its players ask for best-only word plays, 2026-11-28), First Draft 39 s (11 s of it building its automaton of the default list),
#: RouteWords 15 s, Cross words combat 18 s. Both generators need a GADDAG, so the first
#: process warms Cross words combat (no word list) while the second compiles the builder.
PLAN = (
    ("crosswords", "controlword-replacements", "controlword"),
    ("gaddag", "controlword-words", "firstdraft", "routewords"),
)
#: the units of the plan, in the order one process warms them all
PLANNED = ["gaddag", "controlword-words", "controlword-replacements", "controlword",
           "firstdraft", "routewords", "crosswords"]  # fmt: skip
#: every unit: the planned ones, then each game of the registry they do not name
UNITS = PLANNED + [name for name in GAMES.names() if name not in PLANNED]
#: the generator a Control Word unit compiles first, on small positions
GENERATORS = {
    "controlword-words": "word_plays",
    "controlword-replacements": "replacement_plays",
}
#: the unit another one waits for when a second process warms it (not compiled twice)
NEEDS = {"controlword-words": "gaddag", "controlword-replacements": "gaddag"}
#: the longest a unit waits for what it needs before compiling it itself, seconds
PATIENCE = 300.0
ROOT = Path(__file__).resolve().parent.parent


def marker(unit: str) -> Path:
    """The file that says ``unit``'s kernels are in this cache folder."""
    return Path(os.environ["NUMBA_CACHE_DIR"]) / f"warmed-{unit}"


def groups(units: list[str], cores: int) -> list[tuple[str, ...]]:
    """``units`` (of :data:`UNITS`) split over ``cores`` processes as :data:`PLAN`
    says; on more than two cores the second process's games get processes of their own."""
    if cores <= 1:
        return [tuple(u for u in UNITS if u in units)] if units else []
    first, second = ([u for u in part if u in units] for part in PLAN)
    second += [u for u in UNITS if u in units and u not in PLANNED]
    pinned, rest = second[:2], second[2:]
    split = max(1, cores - 1)
    shares = [pinned + rest[0::split]] + [rest[i::split] for i in range(1, split)]
    return [tuple(g) for g in (first, *shares) if g]


def awaited(group: tuple[str, ...], todo: list[str]) -> list[str]:
    """The units that ``group``'s process waits for: what its units need that another
    process of this warm-up compiles.

    >>> awaited(("crosswords", "controlword-replacements"), UNITS)
    ['gaddag']
    >>> awaited(("gaddag", "controlword-words"), UNITS)
    []
    """
    return sorted(
        {
            NEEDS[u]
            for u in group
            if u in NEEDS and NEEDS[u] in todo and NEEDS[u] not in group
        }
    )


def warm(name: str, wait_for: list[str] = ()) -> None:
    """Compile the kernels of unit ``name`` (see the module docstring), once those of
    ``wait_for`` it needs are in the cache (another process compiles them)."""
    if NEEDS.get(name) in wait_for:
        deadline = time.monotonic() + PATIENCE
        while not marker(NEEDS[name]).exists() and time.monotonic() < deadline:
            time.sleep(0.2)
    if name == "gaddag":
        from wordbot.dictionaries.gaddag import build_gaddag

        build_gaddag(["AT", "CAT", "CATS", "SCAT", "TA", "TAS"])
    elif name in GENERATORS:
        warm_generator(GENERATORS[name])
    else:
        warm_game(name)
    marker(name).parent.mkdir(parents=True, exist_ok=True)
    marker(name).touch()


def warm_generator(kind: str) -> None:
    """Run Control Word's generator of ``kind`` plays on random small positions (the
    kernels are compiled for the arrays' types, so a small word list compiles the same
    code as the default one, without building the default list's GADDAG)."""
    from tests.controlword_movegen_support import BoardGenerator
    from tests.controlword_positions import random_position
    from tests.lexicons import small_lexicon

    lexicon = small_lexicon()
    generator = BoardGenerator(lexicon)
    rng = random.Random(0)
    for _ in range(3):
        pos = random_position(rng, lexicon)
        if kind == "word_plays":
            generator.word_plays(pos.board, pos.rack)
        else:
            generator.replacement_plays(pos.board, pos.rack, pos.colour, pos.limit)


def warm_game(name: str) -> None:
    """Play ``name`` a little with each of its players (see the module docstring)."""
    from wordbot.dictionaries import Lexicon
    from wordbot.engine.games import get_game
    from wordbot.players.profile import profile_of
    from wordbot.players.registry import PLAYERS, make_player

    game = get_game(name)
    profile = profile_of(game)
    lexicon = Lexicon.shared(None, report=None) if game.uses_lexicon else None
    for spec in PLAYERS.for_game(name):
        # the searching players' playouts run the default policy's kernels: two of their
        # moves on the smallest budget reach them all (their own default is a second a
        # move, minutes of the warm-up)
        searching = spec in ("mc", "search")
        actions = 2 if searching else ACTIONS
        player = make_player(f"{spec}:iterations=1,k=2" if searching else spec, game)
        state = game.new(seed=0, lexicon=lexicon)
        rng = random.Random(0)
        for _ in range(actions):
            if state.is_over:
                break
            for move in state.legal_moves()[:3]:  # what hint shows of any move
                profile.facts(state, move)
            cands = player.top(state, 3, rng)
            for cand in cands:
                profile.candidate_json(cand, state)
            state = state.apply(cands[0].move)
    if lexicon is not None:
        # the automata builders: the default list's automata may come from the lexicon
        # cache, while the tests build small lists' afresh (the GADDAG's: unit gaddag)
        from tests.lexicons import small_lexicon

        state = game.new(seed=0, lexicon=small_lexicon())
        player = make_player("random", game)
        for _ in range(2):
            if not state.is_over:
                state = state.apply(player.choose(state, random.Random(0)))


def compile_sources() -> None:
    """Byte-compile the checkout's Python files: where PYTHONDONTWRITEBYTECODE is set
    (as on CI machines) every process of the suite would otherwise compile them all
    again from source, a second or more per subprocess."""
    import compileall

    for folder in ("wordbot", "engine", "movegen", "players", "dictionaries", "tests"):
        compileall.compile_dir(ROOT / folder, quiet=1, workers=0)


def cold(units: list[str]) -> list[str]:
    """The units of ``units`` whose kernels this cache folder does not hold yet."""
    return [u for u in units if not marker(u).exists()]


def warm_all(units: list[str], cores: int | None = None, out=sys.stderr) -> float:
    """Warm the cold ones of ``units`` in parallel processes; the seconds it took.
    Raises RuntimeError with the failing process's output when one fails."""
    compile_sources()
    todo = cold(units)
    if not todo:
        return 0.0
    started = time.perf_counter()
    print(f"warming numba's cache for {', '.join(todo)} ...", file=out, flush=True)
    procs = [
        (
            group,
            subprocess.Popen(
                [sys.executable, "-m", "tests.warmup", *group]
                + [f"--await={unit}" for unit in awaited(group, todo)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            ),
        )
        for group in groups(todo, cores or os.cpu_count() or 1)
    ]
    failed, took = [], []
    for group, proc in procs:
        output, _ = proc.communicate()
        if proc.returncode != 0:
            failed.append(f"{', '.join(group)}: exit {proc.returncode}\n{output[-3000:]}")
        took += [line for line in output.splitlines() if line.endswith(" s")]
    if failed:
        raise RuntimeError("warm-up failed: " + "\n".join(failed))
    seconds = time.perf_counter() - started
    print(f"warmed in {seconds:.1f} s ({', '.join(took)})", file=out, flush=True)
    return seconds


if __name__ == "__main__":
    waits = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--await=")]
    for unit in (a for a in sys.argv[1:] if not a.startswith("--")):
        began = time.perf_counter()
        warm(unit, waits)
        print(f"{unit} {time.perf_counter() - began:.1f} s", flush=True)

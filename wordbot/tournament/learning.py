"""Learning a player's evaluation by self-play, generation by generation (``wordbot
learn``): what a game's players' profile names as its ``learner`` (Control Word:
``control``'s leave table).

Each generation samples self-play positions with the table kept so far, fits a new
table to per-move targets, saves it as ``gen-NNN.json`` in the learning's folder, and
checks it in a tournament of paired deals against the kept one (``check-NNN/``;
``search`` on each, at ``check_time`` seconds a move, or the policies themselves): it is
kept only when its score's 95 % interval lies above 50 %, and saved with its check's
figures as ``best.json``. ``generations.jsonl`` logs
each finished generation, so a learning stopped anywhere resumes where it stopped: a
fitted table is not fitted again, a check goes on from its saved games.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from wordbot.errors import WordbotError


class LearningError(WordbotError):
    """A game without learning, a folder that is not a learning's."""

    code = "bad_learning"


@dataclass(frozen=True)
class LearningConfig:
    """What a learning plays: saved as ``learning.json`` in its folder."""

    game: str
    generations: int
    games: int  # self-play games a generation samples from
    samples: int  # positions a generation fits to, at most
    refills: int  # draws a position's target is averaged over
    check: int  # games of each generation's check
    seed: int
    rules: tuple[str, ...] = ()
    lexicon: str | None = None
    #: seconds a move of the check's players, ``search`` on each evaluation; 0: the
    #: policies themselves (a learning saved without it checked so)
    check_time: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "rules": list(self.rules)}

    def command(self) -> str:
        """The ``wordbot learn`` command line that makes this learning.

        >>> config = LearningConfig("controlword", 2, 10, 50, 1, 4, 7, ("rounds=2",))
        >>> print(config.command().replace(" --", "\\n  --"))
        wordbot learn
          --game controlword
          --generations 2
          --games 10
          --samples 50
          --refills 1
          --check 4
          --check-time 0
          --seed 7
          --rule rounds=2
        """
        words = ["wordbot learn", f"--game {self.game}"]
        for name in ("generations", "games", "samples", "refills", "check"):
            words.append(f"--{name} {getattr(self, name)}")
        words += [f"--check-time {self.check_time:g}", f"--seed {self.seed}"]
        words += [f"--rule {rule}" for rule in self.rules]
        if self.lexicon is not None:
            words.append(f"--lexicon {self.lexicon}")
        return " ".join(words)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> LearningConfig:
        return cls(**{**obj, "rules": tuple(obj["rules"])})


@dataclass
class Generation:
    """One generation: its data and fit, then its check against the kept table."""

    generation: int
    samples: int
    r2: float
    r2_held_out: float
    candidate: str  # the spec of the player with the new table
    best: str  # the spec of the player with the table kept before
    games: int
    score: float
    elo: float
    elo_low: float
    elo_high: float
    kept: bool
    seconds: float


class Learning:
    """A learning saved in folder ``path`` (see the module docstring)."""

    def __init__(self, path: Path, config: LearningConfig, learner: Any):
        self.path = Path(path).resolve()
        self.config = config
        self.learner = learner
        self.log = self.path / "generations.jsonl"
        self.generations: list[Generation] = []
        if self.log.exists():
            lines = self.log.read_text().splitlines()
            self.generations = [Generation(**json.loads(x)) for x in lines if x.strip()]

    @classmethod
    def create(cls, path: Path, config: LearningConfig, learner: Any) -> Learning:
        """A new learning in ``path`` (new or empty) by ``learner`` (:func:`learner_of`)."""
        path = Path(path)
        if path.exists() and any(path.iterdir()):
            raise LearningError(
                f"--out {path}: not empty (continue a learning with --resume)"
            )
        path.mkdir(parents=True, exist_ok=True)
        (path / "learning.json").write_text(json.dumps(config.to_json(), indent=1) + "\n")
        return cls(path, config, learner)

    @classmethod
    def open(cls, path: Path) -> Learning:
        saved = Path(path) / "learning.json"
        if not saved.is_file():
            raise LearningError(
                f"--resume {path}: no learning.json (not a learning's folder)"
            )
        from wordbot.engine.games import GAMES

        config = LearningConfig.from_json(json.loads(saved.read_text()))
        return cls(path, config, learner_of(GAMES.get_game(config.game)))

    def best_spec(self) -> str:
        """The player with the last kept evaluation (the learner's start before any)."""
        spec = self.learner.start
        for g in self.generations:
            if g.kept:
                spec = g.candidate
        return spec

    def checked(self, spec: str) -> str:
        """The player a check plays for the policy ``spec`` (``POLICY:OPTION=VALUE``, as
        a learner names one): the policy itself, or ``search`` at ``check_time`` a move
        on its evaluation.

        >>> config = LearningConfig("crosswords", 1, 2, 10, 1, 2, 1, check_time=0.1)
        >>> Learning(Path("."), config, None).checked("territory:eval=gen-000.json")
        'search:time=0.1,eval=gen-000.json'
        """
        if not self.config.check_time:
            return spec
        evaluation = spec.partition(":")[2].partition("=")[2]
        return f"search:time={self.config.check_time:g},eval={evaluation}"

    def run(
        self,
        workers: int | None = None,
        backend: str = "process",
        address: str | None = None,
        on_generation: Callable[[Generation], None] | None = None,
        on_progress: Callable[[str, int, int], None] | None = None,
    ) -> str:
        """Play the generations still to play; ``on_progress(stage, done, total)`` as a
        generation's self-play and targets go, ``on_generation`` after each one is
        logged. Returns the best player's spec."""
        if len(self.generations) < self.config.generations:
            mapper = _mapper(workers, backend, address)
        while len(self.generations) < self.config.generations:
            generation = self._generation(
                len(self.generations), workers, backend, address, on_progress, mapper
            )
            with self.log.open("a") as log:
                log.write(json.dumps(asdict(generation)) + "\n")
            self.generations.append(generation)
            if on_generation is not None:
                on_generation(generation)
        return self.best_spec()

    def _generation(self, k, workers, backend, address, on_progress, mapper) -> Generation:
        from wordbot.tournament.config import new_config, resumed_config
        from wordbot.tournament.runner import Tournament
        from wordbot.tournament.store import RESULTS, TournamentStore

        cfg = self.config
        started = time.perf_counter()
        best = self.best_spec()
        table = self.path / f"gen-{k:03d}.json"
        if table.exists():  # fitted before the learning stopped
            made = json.loads(table.read_text())["made"]
        else:
            made = self._fit(k, best, table, on_progress, mapper)
        candidate = self.learner.spec(table)
        folder = self.path / f"check-{k:03d}"
        if (folder / "tournament.json").exists():
            store, saved = TournamentStore.open(folder)
            config, lexicon = resumed_config(saved, str(folder))
        else:
            config, lexicon = new_config(
                players=f"{self.checked(candidate)},{self.checked(best)}",
                games=cfg.check,
                seed=cfg.seed * 7919 + k,
                rules=cfg.rules,
                lexicon_path=cfg.lexicon,
                game=cfg.game,
            )
            store = TournamentStore.create(folder, config)
        saved = folder / RESULTS  # the games a stopped check already played
        played = [len(saved.read_text().splitlines()) if saved.exists() else 0]

        def checked(_outcome) -> None:
            played[0] += 1
            if on_progress is not None:
                on_progress("check", played[0], cfg.check)

        report = Tournament(config, lexicon, store).run(
            workers, backend, address, on_game=checked
        )
        pair = report.summary.to_json(report.games_per_second)["pairs"][0]
        if pair["elo_low"] > 0:
            check = {
                key: pair[key] for key in ("games", "score", "elo", "elo_low", "elo_high")
            }
            self.learner.keep(table, {**check, "against": best}, self.path / "best.json")
        return Generation(
            k,
            made["samples"],
            made["r2"],
            made["r2_held_out"],
            candidate,
            best,
            pair["games"],
            pair["score"],
            pair["elo"],
            pair["elo_low"],
            pair["elo_high"],
            kept=pair["elo_low"] > 0,
            seconds=round(time.perf_counter() - started, 1),
        )

    def _fit(self, k, best, table, on_progress, mapper) -> dict[str, Any]:
        """Sample generation ``k``'s positions with ``best``, fit its table and save it
        to ``table``; what made it."""
        cfg = self.config
        made = {
            "command": cfg.command(),
            "game": cfg.game,
            "generation": k,
            "seed": cfg.seed,
            "games": cfg.games,
        }
        return self.learner.fit(
            cfg.game,
            best,
            cfg.games,
            cfg.samples,
            cfg.refills,
            cfg.seed * 1_000_003 + k,
            table,
            cfg.lexicon,
            cfg.rules,
            made,
            on_progress,
            mapper,
        )


def in_turn(fn: Callable, tasks: list, done: Callable[[], None]) -> list:
    """A mapper (``fn, tasks, done -> results in order``) of this process alone."""
    out = []
    for task in tasks:
        out.append(fn(task))
        done()
    return out


def in_pool(workers: int):
    """A mapper (``fn, tasks, done -> results in order``) over a pool of ``workers``
    processes (forked where the platform allows: the kernels already loaded are
    shared)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)

    def mapper(fn: Callable, tasks: list, done: Callable[[], None]) -> list:
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
            out: list[Any] = [None] * len(tasks)
            for future in as_completed(futures):
                out[futures[future]] = future.result()
                done()
        return out

    return mapper


def on_ray(workers: int | None, address: str | None):
    """A mapper over Ray's tasks (a local Ray with ``workers`` CPUs when ``address`` is
    None)."""
    from wordbot.tournament.backends import start_ray

    ray, _, _ = start_ray(workers, address)

    def mapper(fn: Callable, tasks: list, done: Callable[[], None]) -> list:
        remote = ray.remote(num_cpus=1)(fn)
        refs = [remote.remote(task) for task in tasks]
        waiting = list(refs)
        while waiting:
            finished, waiting = ray.wait(waiting, num_returns=1)
            done()
        return ray.get(refs)

    return mapper


def learner_of(game) -> Any:
    """What ``wordbot learn`` learns of ``game`` (its players' profile's ``learner``),
    or a :class:`LearningError` naming the games that have one."""
    from wordbot.engine.games import GAMES
    from wordbot.players.profile import profile_of

    where = profile_of(game).learner
    if where is None:
        learns = [n for n in GAMES.names() if profile_of(GAMES.get_game(n)).learner]
        raise LearningError(
            f"--game {game.name}: nothing to learn yet (learns: {', '.join(learns)})"
        )
    module, _, name = where.partition(":")
    return getattr(import_module(module), name)


def _mapper(workers: int | None, backend: str, address: str | None):
    """Where a generation's self-play and targets run: this process (one worker), a
    pool of processes (every core by default) or Ray."""
    from wordbot.tournament.backends import cpu_count

    if backend == "ray":
        return on_ray(workers, address)
    n = workers or cpu_count()
    return in_turn if n == 1 else in_pool(n)

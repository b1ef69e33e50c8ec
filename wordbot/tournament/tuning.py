"""Tuning a player's numeric options by self-play: a (1+1) evolution strategy.

Each step moves one or two of the chosen options ("knobs") of the best player so far by
a Gaussian step, plays the candidate against the best in a tournament of paired deals
(same deal, seats swapped), and keeps it only when its score's 95 % interval lies above
50 % (the tournament's Elo interval above 0). Every step is a tournament saved under the
tuning's folder, so a tuning stopped anywhere resumes where it stopped: the finished
steps from its log, the step under way from its saved games.

>>> knob = Knob("deny", 0.2)
>>> moved({"deny": 0.7, "reach": 0.5}, [knob], random.Random(1))
{'deny': 0.693, 'reach': 0.5}
>>> spec_of("routes", {"deny": 0.693}, {"deny": 0.7})
'routes:deny=0.693'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from wordbot.engine.numerals import number_text
from wordbot.errors import WordbotError

#: a step's share of a knob's default value when no step is given (0.1 for a zero)
DEFAULT_STEP = 0.25


class TuningError(WordbotError):
    """A bad knob, a player without such an option, a folder that is not a tuning's."""

    code = "bad_tuning"


@dataclass(frozen=True)
class Knob:
    """A numeric option of the tuned player and the standard deviation of its steps."""

    name: str
    step: float


def knobs_of(cls: Any, texts: list[str]) -> list[Knob]:
    """The knobs ``NAME`` or ``NAME=STEP`` of player class ``cls`` (default: each of its
    float options), each checked to be one of its numeric options."""
    numeric = {k: o for k, o in cls.options.items() if o.type in (int, float)}
    if not texts:
        texts = [k for k, o in numeric.items() if o.type is float]
    knobs = []
    for text in texts:
        name, eq, step_text = text.partition("=")
        if name not in numeric:
            raise TuningError(
                f"--knob {name}: player {cls.name} has no numeric option of that name "
                f"(numeric options: {', '.join(sorted(numeric)) or 'none'})"
            )
        default = float(numeric[name].default)
        try:
            step = (
                number_text(step_text, "STEP", error=ValueError)
                if eq
                else abs(default) * DEFAULT_STEP or 0.1
            )
        except ValueError:
            raise TuningError(
                f"--knob {text}: STEP {step_text!r} is not a number"
            ) from None
        if step <= 0:
            raise TuningError(f"--knob {text}: STEP must be > 0")
        knobs.append(Knob(name, step))
    return knobs


def moved(
    settings: dict[str, Any], knobs: list[Knob], rng: random.Random
) -> dict[str, Any]:
    """``settings`` with one or two knobs moved by a Gaussian step (not below 0; an
    integer option stays an integer and moves by at least 1)."""
    out = dict(settings)
    for knob in rng.sample(knobs, min(len(knobs), rng.randint(1, 2))):
        old = out[knob.name]
        new = max(0.0, old + rng.gauss(0.0, knob.step))
        if isinstance(old, int) and not isinstance(old, bool):
            new = int(round(new))
            new = new if new != old else old + (1 if rng.random() < 0.5 or old == 0 else -1)
        else:
            new = round(new, 3)
        out[knob.name] = new
    return out


def spec_of(name: str, settings: dict[str, Any], defaults: dict[str, Any]) -> str:
    """The spec of player ``name`` with the ``settings`` that differ from ``defaults``."""
    changed = [f"{k}={v}" for k, v in settings.items() if v != defaults.get(k)]
    return name + (":" + ",".join(changed) if changed else "")


@dataclass(frozen=True)
class TuningConfig:
    """What a tuning plays: saved as ``tuning.json`` in its folder."""

    game: str
    player: str  # the player spec tuned from
    knobs: tuple[Knob, ...]
    steps: int
    games: int  # games of each step's match
    seed: int
    rules: tuple[str, ...] = ()
    lexicon: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["knobs"] = [asdict(k) for k in self.knobs]
        out["rules"] = list(self.rules)
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> TuningConfig:
        return cls(
            **{
                **obj,
                "knobs": tuple(Knob(**k) for k in obj["knobs"]),
                "rules": tuple(obj["rules"]),
            }
        )


@dataclass
class Step:
    """One step's match: the candidate against the best so far, and the verdict."""

    step: int
    candidate: str
    best: str
    games: int
    score: float
    elo: float
    elo_low: float
    elo_high: float
    accepted: bool


class Tuning:
    """A tuning saved in folder ``path`` (see the module docstring)."""

    def __init__(self, path: Path, config: TuningConfig, catalog: Any):
        self.path = Path(path)
        self.config = config
        self.catalog = catalog
        name, options = catalog.players.parse_spec(config.player)
        self.name = name
        cls = catalog.players.get(name)
        self.defaults = {k: o.default for k, o in cls.options.items()}
        self.start = {**self.defaults, **options}
        self.log = self.path / "steps.jsonl"
        self.steps: list[Step] = []
        if self.log.exists():
            lines = self.log.read_text().splitlines()
            self.steps = [Step(**json.loads(line)) for line in lines if line.strip()]

    @classmethod
    def create(cls, path: Path, config: TuningConfig, catalog: Any) -> Tuning:
        path = Path(path)
        if path.exists() and any(path.iterdir()):
            raise TuningError(f"--out {path}: not empty (continue a tuning with --resume)")
        path.mkdir(parents=True, exist_ok=True)
        (path / "tuning.json").write_text(json.dumps(config.to_json(), indent=1) + "\n")
        return cls(path, config, catalog)

    @classmethod
    def open(cls, path: Path, catalog: Any) -> Tuning:
        saved = Path(path) / "tuning.json"
        if not saved.is_file():
            raise TuningError(f"--resume {path}: no tuning.json (not a tuning's folder)")
        return cls(path, TuningConfig.from_json(json.loads(saved.read_text())), catalog)

    @property
    def best(self) -> dict[str, Any]:
        """The best settings so far: the last accepted candidate's, else the start."""
        settings = dict(self.start)
        for step in self.steps:
            if step.accepted:
                settings = self._settings(step.candidate)
        return settings

    def best_spec(self) -> str:
        return spec_of(self.name, self.best, self.defaults)

    def _settings(self, spec: str) -> dict[str, Any]:
        return {**self.defaults, **self.catalog.players.parse_spec(spec)[1]}

    def run(
        self,
        workers: int | None = None,
        backend: str = "process",
        address: str | None = None,
        on_step: Callable[[Step], None] | None = None,
    ) -> str:
        """Play the steps still to play; ``on_step`` after each one is logged. Returns
        the best spec."""
        from wordbot.tournament.config import new_config, resumed_config
        from wordbot.tournament.runner import Tournament
        from wordbot.tournament.store import TournamentStore

        cfg = self.config
        while len(self.steps) < cfg.steps:
            k = len(self.steps)
            best = self.best
            # each step's candidate and deals follow from the seed and the step alone
            rng = random.Random(cfg.seed * 1_000_003 + k)
            candidate = moved(best, list(cfg.knobs), rng)
            a = spec_of(self.name, candidate, self.defaults)
            b = spec_of(self.name, best, self.defaults)
            folder = self.path / f"step-{k:04d}"
            if folder.exists() and (folder / "tournament.json").exists():
                store, saved = TournamentStore.open(folder)
                config, lexicon = resumed_config(saved, str(folder))
            else:
                config, lexicon = new_config(
                    players=f"{a},{b}",
                    games=cfg.games,
                    seed=rng.randrange(2**31),
                    rules=cfg.rules,
                    lexicon_path=cfg.lexicon,
                    game=cfg.game,
                    plugins=self.catalog.plugins,
                )
                store = TournamentStore.create(folder, config)
            report = Tournament(config, lexicon, store).run(workers, backend, address)
            pair = report.summary.to_json(report.games_per_second)["pairs"][0]
            step = Step(
                k,
                a,
                b,
                pair["games"],
                pair["score"],
                pair["elo"],
                pair["elo_low"],
                pair["elo_high"],
                accepted=pair["elo_low"] > 0,
            )
            with self.log.open("a") as log:
                log.write(json.dumps(asdict(step)) + "\n")
            self.steps.append(step)
            if on_step is not None:
                on_step(step)
        return self.best_spec()

"""The fair value of a numeric rule option: ``wordbot study --balance NAME=LO..HI``.

A balance run plays a study of one variant at each value it tries (each saved in its own
folder, ``point-K``, with the same players and deals), and finds the value at which the
first player scores its share (1/2 with two seats, 1/n with n; a win scores 1, a first
place shared by k seats 1/k, so a draw counts half between two): the values LO and HI
first, which must fall on both sides, then bisection, each midpoint rounded to
``resolution``. The fair value is where a logistic curve fitted to the measured scores
(by maximum likelihood over their games) crosses the share; its 95 % interval
comes from the fit's covariance (the delta method). A last study at the fair value, rounded,
on fresh deals (the seed + 1) and of ``check_games`` games, checks that the seats are
even there. A run stopped anywhere resumes: finished points are kept,
the point under way continues from its saved games.

>>> fit_root([(0.0, 0.7, 200), (4.0, 0.5, 200), (8.0, 0.3, 200)], 0.5)[0]
4.0
>>> fit_root([(0.0, 0.9, 100), (10.0, 0.5, 100), (20.0, 0.1, 100)], 0.5)[1]
(8.6397, 11.3603)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from wordbot.engine.numerals import number_text
from wordbot.study.config import StudyError

#: the file of a balance run's folder that holds its configuration and points
SAVED = "balance.json"


def parse_range(text: str) -> tuple[str, float, float]:
    """``NAME=LO..HI`` as (name, lo, hi).

    >>> parse_range("compensation=0..10")
    ('compensation', 0.0, 10.0)
    """
    name, eq, rng = text.partition("=")
    lo_text, dots, hi_text = rng.partition("..")
    try:
        if not (eq and dots and name):
            raise ValueError
        lo, hi = (number_text(t, "LO..HI", error=ValueError) for t in (lo_text, hi_text))
    except ValueError:
        raise StudyError(
            f"--balance {text}: expected NAME=LO..HI, e.g. compensation=0..10"
        ) from None
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise StudyError(f"--balance {text}: LO must be a number below HI")
    return name, lo, hi


def fit_root(
    points: list[tuple[float, float, float]], target: float
) -> tuple[float, tuple[float, float]] | None:
    """Where a logistic curve fitted to ``points`` ((value, win rate, games) each, by
    maximum likelihood) crosses ``target``, and its 95 % interval (the delta method on
    the fit's covariance). A logistic curve, not a line: far from the fair value the win
    rate saturates at 0 or 1. None when no curve fits: every point all wins or all
    losses, the wins on one side of some value (the likelihood has no maximum)."""
    a, b = 0.0, 0.0
    for _ in range(100):  # Newton's method on the binomial log-likelihood
        g0 = g1 = h00 = h01 = h11 = 0.0
        for x, p, n in points:
            q = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = n * q * (1.0 - q)
            g0 += n * (p - q)
            g1 += n * (p - q) * x
            h00, h01, h11 = h00 + w, h01 + w * x, h11 + w * x * x
        det = h00 * h11 - h01 * h01
        if det <= 1e-9:
            return None
        da, db = (h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    else:
        return None  # still climbing: the wins are separated by the value
    if b == 0:
        return None
    logit = math.log(target / (1.0 - target))
    root = (logit - a) / b
    # the covariance of (a, b) is the inverse of the information matrix
    va, vab, vb = h11 / det, -h01 / det, h00 / det
    ga, gb = -1.0 / b, -root / b
    se = math.sqrt(max(ga * ga * va + 2 * ga * gb * vab + gb * gb * vb, 0.0))
    return round(root, 4), (round(root - 1.96 * se, 4), round(root + 1.96 * se, 4))


@dataclass
class Point:
    """One value tried and what its study measured."""

    value: float
    first_player_win_rate: float
    ci: list[float]
    margin: float | None
    games: int
    #: the first seat's mean points a game (a shared first place split): what is
    #: balanced, so that draws count half in two-player games; None in points saved
    #: before it was measured, which balance the win rate
    first_player_score: float | None = None
    #: the games as independent ones: fewer than ``games`` when a deal's rotations are
    #: alike (the score's design effect, see :mod:`wordbot.study.stats`); None in points
    #: saved before it was measured
    effective_games: float | None = None

    @classmethod
    def of(cls, value: float, result: dict[str, Any]) -> Point:
        variant = result["variants"][0]
        first = next(iter(variant["seat_win_rate"].values()))
        score = next(iter(variant["seat_score"].values()))
        return cls(
            value,
            first["rate"] if first["rate"] is not None else 0.0,
            list(first["ci"]),
            variant["margin"]["mean"],
            variant["games"],
            score["mean"] if score["mean"] is not None else 0.0,
            score.get("n_eff"),
        )

    @property
    def score(self) -> float:
        """The balanced figure: the first seat's score, or its win rate in old points."""
        if self.first_player_score is None:
            return self.first_player_win_rate
        return self.first_player_score


class Balance:
    """A balance run in folder ``path``: the study arguments it repeats at each value
    (``study``: new_study's keyword arguments but ``vary``), the option and its range."""

    def __init__(self, path: Path, config: dict[str, Any]):
        self.path = Path(path)
        self.config = config
        self.points: list[Point] = []
        saved = self.path / "points.jsonl"
        if saved.exists():
            for line in saved.read_text().splitlines():
                if line.strip():
                    self.points.append(Point(**json.loads(line)))

    @classmethod
    def create(cls, path: Path, config: dict[str, Any]) -> Balance:
        path = Path(path)
        if path.exists() and any(path.iterdir()):
            raise StudyError(f"--out {path}: not empty (continue a run with --resume)")
        path.mkdir(parents=True, exist_ok=True)
        (path / SAVED).write_text(json.dumps(config, indent=1) + "\n")
        return cls(path, config)

    @classmethod
    def open(cls, path: Path) -> Balance:
        saved = Path(path) / SAVED
        if not saved.is_file():
            raise StudyError(f"--resume {path}: no {SAVED} (not a balance run's folder)")
        return cls(path, json.loads(saved.read_text()))

    @property
    def rotates(self) -> bool:
        """Whether the studies play each deal in every rotation (the first point's, as
        saved; before a point is made, as a study of these players would)."""
        saved = self.path / "point-00" / "study.json"
        if saved.is_file():
            return bool(json.loads(saved.read_text()).get("rotate", True))
        from wordbot.tournament.schedule import split_player_list

        return len(set(split_player_list(self.config["study"]["players"]))) > 1

    @property
    def target(self) -> float:
        return 1.0 / self.config["seats"]

    def _value(self, x: float) -> float:
        step = self.config["resolution"]
        return round(round(x / step) * step, 6)

    def _measure(self, k: int, value: float, play: Callable[..., dict[str, Any]]) -> Point:
        folder = self.path / f"point-{k:02d}"
        study = self.config["study"]
        result = play(
            folder, f"{self.config['option']}={value:g}", study["games"], study["seed"]
        )
        point = Point.of(value, result)
        with (self.path / "points.jsonl").open("a") as out:
            out.write(json.dumps(asdict(point)) + "\n")
        self.points.append(point)
        return point

    def run(
        self,
        play: Callable[[Path, str, int, int], dict[str, Any]],
        on_point: Callable[[Point], None] | None = None,
    ) -> dict[str, Any]:
        """Measure the points still to measure (``play(folder, "NAME=VALUE", games,
        seed)``: a study's result), then the fair value; the balance JSON."""
        cfg, target = self.config, self.target
        plan = [cfg["lo"], cfg["hi"]]
        while len(self.points) < 2 + cfg["steps"]:
            k = len(self.points)
            if k < 2:
                value = plan[k]
            else:
                below = [p for p in self.points if p.score >= target]
                above = [p for p in self.points if p.score < target]
                if not below or not above:
                    break  # no bracket: the fair value lies outside LO..HI
                lo = max(p.value for p in below)
                hi = min(p.value for p in above)
                value = self._value((lo + hi) / 2)
                if value in {p.value for p in self.points}:
                    break  # the bracket is as narrow as the resolution
            point = self._measure(k, value, play)
            if on_point is not None:
                on_point(point)
        out: dict[str, Any] = {
            "option": cfg["option"],
            "rotate": self.rotates,
            "target": round(target, 4),
            "fair_value": None,
            "ci": None,
            "at_fair_value": None,
            "points": [
                {
                    "value": p.value,
                    "first_player_win_rate": p.first_player_win_rate,
                    "ci": p.ci,
                    "first_player_score": round(p.score, 4),
                    "margin": p.margin,
                    "games": p.games,
                    "effective_games": p.effective_games,
                }
                for p in sorted(self.points, key=lambda p: p.value)
            ],
        }
        rates = [p.score for p in self.points]
        if min(rates) > target or max(rates) < target:
            out["note"] = (
                f"the first player's score stays {'above' if min(rates) > target else 'below'} "
                f"{target:.2f} from {cfg['lo']:g} to {cfg['hi']:g}: the fair value is "
                "outside the range"
            )
            return out
        fitted = fit_root(
            [(p.value, p.score, p.effective_games or p.games) for p in self.points],
            target,
        )
        if fitted is None:  # no curve: the fair value is only bracketed
            lo = max(p.value for p in self.points if p.score >= target)
            hi = min(p.value for p in self.points if p.score < target)
            fitted = ((lo + hi) / 2, (min(lo, hi), max(lo, hi)))
            out["note"] = (
                "every game of a value went one way: the fair value is bracketed by the "
                "closest values on both sides (play more games for a curve)"
            )
        out["fair_value"], out["ci"] = fitted[0], list(fitted[1])
        at = self._value(fitted[0])
        folder = self.path / "at-fair-value"
        study = cfg["study"]
        # fresh deals: the points' own would replay a value tried (an integer option)
        games = cfg.get("check_games", study["games"])
        if self.rotates:  # whole deals
            games = -(-games // cfg["seats"]) * cfg["seats"]
        result = play(folder, f"{cfg['option']}={at:g}", games, study["seed"] + 1)
        variant = result["variants"][0]
        out["at_fair_value"] = {
            "value": at,
            "seat_win_rate": variant["seat_win_rate"],
            "seat_score": variant["seat_score"],
            "draw_rate": variant["draw_rate"],
            "first_player_edge": variant["first_player_edge"],
            "margin": variant["margin"],
            "games": variant["games"],
        }
        return out

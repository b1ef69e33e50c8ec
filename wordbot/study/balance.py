"""The fair value of a numeric rule option: ``wordbot study --balance NAME=LO..HI``.

A balance run plays a study of one variant at each value it tries (each saved in its own
folder, ``point-K``, with the same players and deals), and finds the value at which the
first player scores its share (1/2 with two seats, 1/n with n; a win scores 1, a first
place shared by k seats 1/k, so a draw counts half between two): the values LO and HI
first, which must fall on both sides, then bisection, each midpoint rounded to
``resolution``. The fair value is where a logistic curve fitted to the measured scores
(by maximum likelihood over their games) crosses the share; its 95 % interval comes
from resampling whole deals across every value (:mod:`wordbot.study.curve`: the values
share their deals, so the deals' own lean moves them together).

A study at the fair value, rounded, of ``check_games`` games on deals no value played
(the seed + 1) checks that the seats are even there: the first seat's score interval
holds its share. When it does not, every value plays more deals (twice as many a round,
up to ``max_games``), the curve is fitted again and checked again on new deals (the
seed + 2, ...). A run stopped anywhere resumes: finished points are kept, the point
under way continues from its saved games.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from wordbot.engine.numerals import number_text
from wordbot.study.config import StudyError
from wordbot.study.curve import bootstrap_root, fit_root

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
        # a value measured again with more deals is saved again: its last line holds
        found: dict[float, Point] = {}
        saved = self.path / "points.jsonl"
        if saved.exists():
            for line in saved.read_text().splitlines():
                if line.strip():
                    point = Point(**json.loads(line))
                    found[point.value] = point
        self.points: list[Point] = list(found.values())

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

    def _games(self, n: int) -> int:
        """``n`` games as whole deals (every rotation of a deal, where deals rotate)."""
        seats = self.config["seats"] if self.rotates else 1
        return -(-n // seats) * seats

    def games_of_round(self, r: int) -> int:
        """The games a value plays in round ``r``: the study's, twice as many a round
        after, at most ``max_games`` (runs saved without it play one round)."""
        first = self.config["study"]["games"]
        most = max(first, self.config.get("max_games", first))
        return self._games(min(first * 2**r, most))

    def _measure(
        self, k: int, value: float, games: int, play: Callable[..., dict[str, Any]]
    ) -> Point:
        folder = self.path / f"point-{k:02d}"
        result = play(
            folder,
            f"{self.config['option']}={value:g}",
            games,
            self.config["study"]["seed"],
        )
        point = Point.of(value, result)
        with (self.path / "points.jsonl").open("a") as out:
            out.write(json.dumps(asdict(point)) + "\n")
        if k < len(self.points):
            self.points[k] = point
        else:
            self.points.append(point)
        return point

    def _deals(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Each value's first-seat points and games, deal by deal (``[value, deal]``,
        read from the points' folders), or None where a folder lacks its games."""
        rows = []
        for k in range(len(self.points)):
            folder = self.path / f"point-{k:02d}"
            try:
                study = json.loads((folder / "study.json").read_text())
                first = study["variants"][0]["colours"][0]
                lines = (folder / "results.jsonl").read_text().splitlines()
            except (OSError, ValueError, KeyError, IndexError):
                return None
            row: dict[int, list[float]] = {}
            for line in lines:
                game = json.loads(line) if line.strip() else {}
                if not game or game.get("error") is not None:
                    continue
                top = [seat for seat, place in game["places"].items() if place == 1]
                got = row.setdefault(game["deal"], [0.0, 0.0])
                got[0] += 1.0 / len(top) if first in top else 0.0
                got[1] += 1.0
            rows.append(row)
        deals = sorted({d for row in rows for d in row})
        scores = np.array([[row.get(d, [0.0, 0.0])[0] for d in deals] for row in rows])
        games = np.array([[row.get(d, [0.0, 0.0])[1] for d in deals] for row in rows])
        return scores.reshape(len(rows), len(deals)), games.reshape(len(rows), len(deals))

    def _fit(self) -> tuple[tuple[float, tuple[float, float]] | None, str]:
        """The fair value and its interval, and how the interval was made."""
        deals = self._deals()
        values = [p.value for p in self.points]
        if deals is not None and deals[0].shape[1] > 1:
            found = bootstrap_root(
                values, *deals, self.target, seed=self.config["study"]["seed"]
            )
            if found is not None:
                return found, f"resampling {deals[0].shape[1]} deals"
        # no games to resample: the points taken as independent (too narrow an interval)
        points = [(p.value, p.score, p.effective_games or p.games) for p in self.points]
        return fit_root(points, self.target), "the fit's covariance"

    def _bisect(self, play: Callable[..., dict[str, Any]], on_point) -> None:
        """Measure LO, HI and the bisection's midpoints still to measure."""
        cfg, target = self.config, self.target
        games = self.games_of_round(0)
        if any(p.games > games for p in self.points):
            return  # the values already play more deals: bisection is over
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
            point = self._measure(k, value, games, play)
            if on_point is not None:
                on_point(point)

    def _check(self, r: int, at: float, play: Callable[..., dict[str, Any]]) -> dict:
        """Round ``r``'s study at ``at`` on new deals, and whether the first seat's score
        interval holds its share there."""
        cfg, study = self.config, self.config["study"]
        folder = self.path / ("at-fair-value" if r == 0 else f"at-fair-value-{r + 1}")
        games = self._games(cfg.get("check_games", study["games"]))
        result = play(folder, f"{cfg['option']}={at:g}", games, study["seed"] + 1 + r)
        variant = result["variants"][0]
        interval = next(iter(variant["seat_score"].values()))["ci"]
        return {
            "round": r,
            "value": at,
            "seed": study["seed"] + 1 + r,
            "seat_win_rate": variant["seat_win_rate"],
            "seat_score": variant["seat_score"],
            "draw_rate": variant["draw_rate"],
            "first_player_edge": variant["first_player_edge"],
            "margin": variant["margin"],
            "games": variant["games"],
            "holds": interval is not None and interval[0] <= self.target <= interval[1],
        }

    def run(
        self,
        play: Callable[[Path, str, int, int], dict[str, Any]],
        on_point: Callable[[Point], None] | None = None,
        on_check: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict[str, Any]:
        """Measure the points still to measure (``play(folder, "NAME=VALUE", games,
        seed)``: a study's result, which plays on when given more games than its folder
        holds), then the fair value and its checks; the balance JSON."""
        cfg, target = self.config, self.target
        self._bisect(play, on_point)
        out: dict[str, Any] = {
            "option": cfg["option"],
            "rotate": self.rotates,
            "target": round(target, 4),
            "fair_value": None,
            "ci": None,
            "at_fair_value": None,
        }
        rates = [p.score for p in self.points]
        if min(rates) > target or max(rates) < target:
            out["points"] = self._shown()
            out["note"] = (
                f"the first player's score stays {'above' if min(rates) > target else 'below'} "
                f"{target:.2f} from {cfg['lo']:g} to {cfg['hi']:g}: the fair value is "
                "outside the range"
            )
            return out
        checks: list[dict[str, Any]] = []
        r = 0
        while True:
            games = self.games_of_round(r)
            for k, point in enumerate(list(self.points)):
                if point.games < games:  # the values play the round's deals
                    measured = self._measure(k, point.value, games, play)
                    if on_point is not None:
                        on_point(measured)
            fitted, how = self._fit()
            if fitted is None:  # no curve: the fair value is only bracketed
                lo = max(p.value for p in self.points if p.score >= target)
                hi = min(p.value for p in self.points if p.score < target)
                fitted = ((lo + hi) / 2, (min(lo, hi), max(lo, hi)))
                how = "the values tried on both sides"
                out["note"] = (
                    "every game of a value went one way: the fair value is bracketed by "
                    "the closest values on both sides (play more games for a curve)"
                )
            else:
                out.pop("note", None)
            out["fair_value"], out["ci"], out["interval"] = fitted[0], list(fitted[1]), how
            check = self._check(r, self._value(fitted[0]), play)
            checks.append(check)
            if on_check is not None:
                on_check(check)
            if check["holds"] or self.games_of_round(r + 1) == games:
                break
            r += 1
        out["points"] = self._shown()
        out["at_fair_value"] = checks[-1]
        out["checks"] = [
            {k: c[k] for k in ("value", "seed", "games", "holds")}
            | {"first_player_score": next(iter(c["seat_score"].values()))}
            for c in checks
        ]
        return out

    def _shown(self) -> list[dict[str, Any]]:
        return [
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
        ]

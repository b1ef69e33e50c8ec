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


def new_folder(path: Path, config: dict[str, Any]) -> Path:
    """``path`` made for a new run, ``config`` saved in it (refused when it is not
    empty: a run goes on with ``--resume``)."""
    path = Path(path)
    if path.exists() and any(path.iterdir()):
        raise StudyError(f"--out {path}: not empty (continue a run with --resume)")
    path.mkdir(parents=True, exist_ok=True)
    (path / SAVED).write_text(json.dumps(config, indent=1) + "\n")
    return path


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
    def of(cls, value: float, result: dict[str, Any], seat: int = 0) -> Point:
        """The point of ``result`` (a study's), for the ``seat``-th seat (0: the first)."""
        variant = result["variants"][0]
        first = list(variant["seat_win_rate"].values())[seat]
        score = list(variant["seat_score"].values())[seat]
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
        return cls(new_folder(path, config), config)

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

    @property
    def seat(self) -> int:
        """The seat balanced, from 0 (the first: runs saved without one)."""
        return int(self.config.get("seat", 0))

    @property
    def who(self) -> str:
        """The seat balanced, as the run's messages name it."""
        return "the first player" if self.seat == 0 else f"seat {self.seat + 1}"

    def assignment(self, value: float) -> str:
        """The study's ``--vary`` of the option at ``value``: the number, or where the
        option lists each seat's (``values``), that list with the seat's set to it."""
        option, values = self.config["option"], self.config.get("values")
        if values is None:
            return f"{option}={value:g}"
        listed = [value if k == self.seat else v for k, v in enumerate(values)]
        return f"{option}={','.join(f'{v:g}' for v in listed)}/"

    def rounded(self, x: float) -> float:
        """``x`` to the nearest value the run tries (a multiple of ``resolution``)."""
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
        result = play(folder, self.assignment(value), games, self.config["study"]["seed"])
        point = Point.of(value, result, self.seat)
        with (self.path / "points.jsonl").open("a") as out:
            out.write(json.dumps(asdict(point)) + "\n")
        if k < len(self.points):
            self.points[k] = point
        else:
            self.points.append(point)
        return point

    def _deals(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Each value's points of the seat balanced and its games, deal by deal
        (``[value, deal]``, read from the points' folders), or None where a folder lacks
        its games."""
        rows = []
        for k in range(len(self.points)):
            folder = self.path / f"point-{k:02d}"
            try:
                study = json.loads((folder / "study.json").read_text())
                mine = study["variants"][0]["colours"][self.seat]
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
                got[0] += 1.0 / len(top) if mine in top else 0.0
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

    def _bracket(self) -> tuple[float, float] | None:
        """The values on both sides of the share nearest it: the highest value still on
        the side of LO's score and the lowest on the other (the seat's score falls with
        the value, as the first seat's with a compensation to the later ones, or rises,
        as a later seat's with its own); None when every score is on one side."""
        ends = {p.value: p.score for p in self.points}
        falls = ends.get(self.config["lo"], 1.0) >= ends.get(self.config["hi"], 0.0)
        near = [p.value for p in self.points if (p.score >= self.target) == falls]
        far = [p.value for p in self.points if (p.score >= self.target) != falls]
        if not near or not far:
            return None
        return max(near), min(far)

    def _bisect(self, play: Callable[..., dict[str, Any]], on_point) -> None:
        """Measure LO, HI and the bisection's midpoints still to measure."""
        cfg = self.config
        games = self.games_of_round(0)
        if any(p.games > games for p in self.points):
            return  # the values already play more deals: bisection is over
        plan = [cfg["lo"], cfg["hi"]]
        while len(self.points) < 2 + cfg["steps"]:
            k = len(self.points)
            if k < 2:
                value = plan[k]
            else:
                bracket = self._bracket()
                if bracket is None:
                    break  # no bracket: the fair value lies outside LO..HI
                value = self.rounded(sum(bracket) / 2)
                if value in {p.value for p in self.points}:
                    break  # the bracket is as narrow as the resolution
            point = self._measure(k, value, games, play)
            if on_point is not None:
                on_point(self, point)

    def _check(self, r: int, at: float, play: Callable[..., dict[str, Any]]) -> dict:
        """Round ``r``'s study at ``at`` on new deals, and whether the balanced seat's
        score interval holds its share there."""
        cfg, study = self.config, self.config["study"]
        folder = self.path / ("at-fair-value" if r == 0 else f"at-fair-value-{r + 1}")
        games = self._games(cfg.get("check_games", study["games"]))
        result = play(folder, self.assignment(at), games, study["seed"] + 1 + r)
        variant = result["variants"][0]
        interval = list(variant["seat_score"].values())[self.seat]["ci"]
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
        on_point: Callable[[Balance, Point], None] | None = None,
        on_check: Callable[[Balance, dict[str, Any]], None] | None = None,
    ) -> dict[str, Any]:
        """Measure the points still to measure (``play(folder, "NAME=VALUE", games,
        seed)``: a study's result, which plays on when given more games than its folder
        holds), then the fair value and its checks; the balance JSON. ``on_point`` and
        ``on_check`` are given this run and each point and check as it is made."""
        cfg, target = self.config, self.target
        self._bisect(play, on_point)
        out: dict[str, Any] = {
            "option": cfg["option"],
            "seat": self.seat + 1,
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
                f"{self.who}'s score stays {'above' if min(rates) > target else 'below'} "
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
                        on_point(self, measured)
            fitted, how = self._fit()
            if fitted is None:  # no curve: the fair value is only bracketed
                lo, hi = self._bracket() or (cfg["lo"], cfg["hi"])
                fitted = ((lo + hi) / 2, (min(lo, hi), max(lo, hi)))
                how = "the values tried on both sides"
                out["note"] = (
                    "every game of a value went one way: the fair value is bracketed by "
                    "the closest values on both sides (play more games for a curve)"
                )
            else:
                out.pop("note", None)
            out["fair_value"], out["ci"], out["interval"] = fitted[0], list(fitted[1]), how
            check = self._check(r, self.rounded(fitted[0]), play)
            checks.append(check)
            if on_check is not None:
                on_check(self, check)
            if check["holds"] or self.games_of_round(r + 1) == games:
                break
            r += 1
        out["points"] = self._shown()
        out["at_fair_value"] = checks[-1]
        out["checks"] = [
            {k: c[k] for k in ("value", "seed", "games", "holds")}
            | {"first_player_score": list(c["seat_score"].values())[self.seat]}
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

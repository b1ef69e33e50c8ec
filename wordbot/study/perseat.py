"""Each seat's own fair value of an option that lists one value a seat (First Draft's
``compensation``): ``wordbot study --balance NAME=LO..HI --per-seat``.

A single value a seat, the k-th seat getting (k - 1) x it, evens the first seat but not
the others where the edge is not a straight line in the seat. Here every later seat
gets its own value: the seats are balanced in turn, the second to the last, each by a
balance run of that seat's value (:mod:`wordbot.study.balance`, its score against its
share) with the values found so far fixed (the first seat's stays at its start: a value
added to every seat changes nothing). A seat's value moves the others' shares too, so
a pass over the seats ends with a study at the values found on new deals, and where a
seat's score interval leaves out its share, another pass starts from them (up to
``passes``). Every run is kept in its folder (``pass-P/seat-K``, ``pass-P/check``), so a
stopped run resumes where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from wordbot.study.balance import SAVED, Balance, new_folder

#: added to the study's seed for the check after pass P (+ P): deals no balance plays
CHECK_SEEDS = 1000


class SeatsInTurn:
    """A per-seat balance run in folder ``path`` (``config``: a balance run's, with
    ``per_seat``, ``values`` the start and ``passes``)."""

    def __init__(self, path: Path, config: dict[str, Any]):
        self.path = Path(path)
        self.config = config

    @classmethod
    def create(cls, path: Path, config: dict[str, Any]) -> SeatsInTurn:
        return cls(new_folder(path, config), config)

    def _seat(self, p: int, k: int, values: list[float]) -> Balance:
        """Pass ``p``'s balance of seat ``k`` (from 0), the others at ``values``."""
        folder = self.path / f"pass-{p + 1}" / f"seat-{k + 1}"
        if (folder / SAVED).is_file():
            return Balance.open(folder)
        config = {
            key: value
            for key, value in self.config.items()
            if key not in ("per_seat", "passes")
        }
        return Balance.create(folder, {**config, "seat": k, "values": list(values)})

    def _check(self, p: int, values: list[float], play: Callable[..., dict]) -> dict:
        """The study at ``values`` after pass ``p`` on new deals: each seat's score and
        whether its interval holds its share."""
        study, seats = self.config["study"], self.config["seats"]
        option = self.config["option"]
        listed = ",".join(f"{v:g}" for v in values)
        seed = study["seed"] + CHECK_SEEDS + p
        result = play(
            self.path / f"pass-{p + 1}" / "check",
            f"{option}={listed}/",
            -(-self.config["check_games"] // seats) * seats,
            seed,
        )
        variant = result["variants"][0]
        share = 1.0 / seats
        holds = {
            seat: score["ci"] is not None and score["ci"][0] <= share <= score["ci"][1]
            for seat, score in variant["seat_score"].items()
        }
        return {
            "values": list(values),
            "seed": seed,
            "games": variant["games"],
            "seat_score": variant["seat_score"],
            "seat_win_rate": variant["seat_win_rate"],
            "holds": holds,
        }

    def run(
        self,
        play: Callable[[Path, str, int, int], dict[str, Any]],
        on_point: Callable[..., None] | None = None,
        on_check: Callable[..., None] | None = None,
        on_seat: Callable[[Balance, dict[str, Any]], None] | None = None,
    ) -> dict[str, Any]:
        """Every pass still to play (``play`` as :meth:`Balance.run` takes it); the
        per-seat balance JSON."""
        values = [float(v) for v in self.config["values"]]
        passes: list[dict[str, Any]] = []
        for p in range(self.config["passes"]):
            seats = []
            for k in range(1, self.config["seats"]):
                run = self._seat(p, k, values)
                found = run.run(play, on_point, on_check)
                if on_seat is not None:
                    on_seat(run, found)
                if found["fair_value"] is not None:
                    values[k] = run.rounded(found["fair_value"])
                seats.append(
                    {key: found.get(key) for key in ("seat", "fair_value", "ci", "note")}
                )
            check = self._check(p, values, play)
            passes.append({"seats": seats, "check": check})
            if all(check["holds"].values()):
                break
        last = passes[-1]["check"]
        return {
            "option": self.config["option"],
            "per_seat": True,
            "values": last["values"],
            "even": all(last["holds"].values()),
            "passes": passes,
        }

"""Running a study on the tournament's machinery: the same workers and backends
(processes or Ray), the same ``--out`` layout (one record per game, ``results.jsonl``
written as games finish, resume after a crash), with ``study.json`` as configuration and
``study_result.json`` (the ``--json`` figures) at the end.

>>> from wordbot.study.config import new_study
>>> config, lexicon = new_study("routewords", "routes", ("ko_rule=true,false",), games=2,
...                             seed=1)
>>> report = Study(config, lexicon).run(workers=1)  # doctest: +SKIP
>>> [v["games"] for v in report.result["variants"]]  # doctest: +SKIP
[2, 2]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wordbot.study.analysis import analyse
from wordbot.study.config import StudyConfig
from wordbot.study.schedule import StudySchedule
from wordbot.tournament.runner import Played, play_wanted
from wordbot.tournament.standings import GameOutcome
from wordbot.tournament.store import TournamentStore
from wordbot.tournament.worker import WorkerSetup


class StudyStore(TournamentStore):
    """A study's ``--out`` directory (the tournament's layout, see its module)."""

    config_name = "study.json"
    standings_name = "study_result.json"
    kind = "study"
    config_type = StudyConfig


@dataclass
class StudyReport(Played):
    result: dict[str, Any] = field(kw_only=True)  # analyse()


class Study:
    """A study and its finished games (read from ``store`` when resuming)."""

    def __init__(self, config: StudyConfig, lexicon, store: StudyStore | None = None):
        self.config = config
        self.lexicon = lexicon
        self.store = store
        self.schedule = StudySchedule(
            list(config.players),
            config.variants,
            config.games,
            config.seed,
            config.rotate,
        )
        self.outcomes: dict[int, GameOutcome] = {}
        self.notes: list[str] = []
        if store is not None:
            from wordbot.plugins import load_catalog

            games = load_catalog(config.plugins).games
            outcomes, self.notes = store.load_outcomes(self.schedule, lexicon, games)
            self.outcomes = {o.game: o for o in outcomes}

    @property
    def remaining(self) -> int:
        return len(self.schedule) - len(self.outcomes)

    def worker_setup(self) -> WorkerSetup:
        first = self.config.variants[0]
        return WorkerSetup.of(
            self.config,
            first.rules,
            first.colours,
            self.store is not None,
            variants=tuple(v.rules for v in self.config.variants),
            measure=True,
        )

    def result(self) -> dict[str, Any]:
        return analyse(self.config, self.outcomes.values())

    def run(
        self,
        workers: int | None = None,
        backend: str = "process",
        address: str | None = None,
        on_game: Callable[[GameOutcome], None] | None = None,
        on_start: Callable[[int], None] | None = None,
    ) -> StudyReport:
        """Play every game not finished yet; ``on_game`` after each one is saved."""
        times = play_wanted(
            self.worker_setup(),
            self.schedule.games,
            lambda g: g.index not in self.outcomes,
            self.remaining,
            self.store,
            lambda o: self.outcomes.__setitem__(o.game, o),
            on_game,
            workers,
            backend,
            address,
            on_start,
        )
        result = self.result()
        if self.store is not None:
            if times.played or not self.store.has_standings():
                self.store.write_standings(result)
            self.store.close()
        return times.report(StudyReport, self.notes, result=result)

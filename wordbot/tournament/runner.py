"""Running a tournament: hand out the games still wanted, save and count each one back.

>>> from wordbot.tournament.config import new_config
>>> config, lexicon = new_config(players="greedy,random", games=2, seed=3)  # doctest: +SKIP
>>> report = Tournament(config, lexicon).run(workers=1)                      # doctest: +SKIP
>>> report.summary.to_json(report.games_per_second)["pairs"][0]["games"]    # doctest: +SKIP
2
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from wordbot.tournament.backends import cpu_count, make_backend
from wordbot.tournament.config import TournamentConfig
from wordbot.tournament.schedule import ScheduledGame
from wordbot.tournament.standings import GameOutcome, Standings, Summary
from wordbot.tournament.store import TournamentStore
from wordbot.tournament.worker import WorkerSetup

ReportT = TypeVar("ReportT", bound="Played")


@dataclass
class Played:
    """What one run of a tournament or study played, and how fast."""

    played: int  # games played by this run
    seconds: float  # wall time of this run's play, from the workers being ready
    startup: float  # seconds to start the workers (lexicon, players, numba kernels)
    workers: int
    backend: str
    notes: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0

    def report(self, kind: type[ReportT], notes: list[str], **fields: Any) -> ReportT:
        """These figures as a ``kind`` report (a tournament's or a study's), with the
        run's ``notes`` and the report's own ``fields``.

        >>> Played(4, 2.0, 0.5, 2, "process").report(Played, ["resumed"]).notes
        ['resumed']
        """
        return kind(**{**vars(self), "notes": list(notes)}, **fields)


@dataclass
class RunReport(Played):
    summary: Summary = field(kw_only=True)


class Tournament:
    """A tournament and its finished games (read from ``store`` when resuming)."""

    def __init__(
        self, config: TournamentConfig, lexicon, store: TournamentStore | None = None
    ):
        self.config = config
        self.lexicon = lexicon
        self.store = store
        self.schedule = config.schedule()
        self.standings = Standings(self.schedule, config.sprt_test())
        self.notes: list[str] = []
        if store is not None:
            from wordbot.plugins import load_catalog

            games = load_catalog(config.plugins).games
            outcomes, self.notes = store.load_outcomes(self.schedule, lexicon, games)
            for outcome in outcomes:
                self.standings.add(outcome)

    def worker_setup(self) -> WorkerSetup:
        return WorkerSetup.of(
            self.config, self.config.rules, self.config.colours, self.store is not None
        )

    def run(
        self,
        workers: int | None = None,
        backend: str = "process",
        address: str | None = None,
        on_game: Callable[[GameOutcome], None] | None = None,
        on_start: Callable[[int], None] | None = None,
    ) -> RunReport:
        """Play every game still wanted; ``on_game`` after each one is saved and counted,
        ``on_start(workers)`` once the workers are up."""
        standings = self.standings
        times = play_wanted(
            self.worker_setup(),
            self.schedule.games,
            standings.wanted,
            standings.remaining(),
            self.store,
            standings.add,
            on_game,
            workers,
            backend,
            address,
            on_start,
        )
        report = times.report(RunReport, self.notes, summary=standings.summary())
        if self.store is not None:
            if times.played or not self.store.has_standings():
                self.store.write_standings(
                    {
                        "game": self.config.game,
                        **report.summary.to_json(report.games_per_second),
                    }
                )
            self.store.close()
        return report


def play_wanted(
    setup: WorkerSetup,
    games: Iterable[ScheduledGame],
    wanted: Callable[[ScheduledGame], bool],
    remaining: int,
    store: TournamentStore | None,
    count: Callable[[GameOutcome], None],
    on_game: Callable[[GameOutcome], None] | None,
    workers: int | None,
    backend: str,
    address: str | None,
    on_start: Callable[[int], None] | None = None,
) -> Played:
    """Play the ``games`` still ``wanted`` (``remaining`` of them) on ``backend``, in
    order as workers free up. Each one back is saved in ``store`` (its record, then its
    results line), then counted (``count``), then reported (``on_game``)."""
    started = time.perf_counter()
    if not remaining:
        return Played(0, 0.0, 0.0, 0, backend)
    played = 0

    def done(outcome: GameOutcome, record_text: str | None) -> None:
        nonlocal played
        if store is not None:
            store.write(outcome, record_text)
        count(outcome)
        played += 1
        if on_game is not None:
            on_game(outcome)

    if backend != "ray":
        workers = min(workers or cpu_count(), remaining)
    runner = make_backend(backend, setup, workers, address)
    ready = time.perf_counter()
    if on_start is not None:
        on_start(runner.workers)
    pending = iter(games)

    def next_game() -> ScheduledGame | None:
        for game in pending:
            if wanted(game):
                return game
        return None

    try:
        runner.run(next_game, done)
    finally:
        runner.close()
    return Played(
        played, time.perf_counter() - ready, ready - started, runner.workers, runner.name
    )

"""The tournament on the terminal: a live progress bar and table, and the final tables."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console, Group
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from wordbot.tournament.standings import Standings, Summary, known

if TYPE_CHECKING:
    from rich.text import JustifyMethod


def _elo(x: float) -> str:
    return f"{round(x, 1) + 0.0:+.1f}"  # + 0.0: no "-0.0"


def _interval(low: float, high: float) -> str:
    return f"[{round(low) + 0:+d}, {round(high) + 0:+d}]"


def _table(title: str | None) -> Table:
    return Table(
        title=title,
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        caption_justify="left",
    )


def players_table(summary: Summary, title: str | None = None) -> Table:
    errors = any(p.errors for p in summary.players.values())
    table = _table(title)
    justify: JustifyMethod
    for name, justify in (
        ("#", "right"),
        ("player", "left"),
        ("games", "right"),
        ("W", "right"),
        ("D", "right"),
        ("L", "right"),
        ("score", "right"),
        ("margin", "right"),
        ("Elo", "right"),
        ("95% interval", "right"),
        ("s/move", "right"),
    ):
        table.add_column(name, justify=justify)
    if errors:
        table.add_column("errors", justify="right")
    for rank, p in enumerate(summary.ranked(), 1):
        e = known(p.estimate)
        row = [
            str(rank),
            p.name,
            str(p.games),
            str(p.wins),
            str(p.draws),
            str(p.losses),
            f"{100 * p.score:.1f}%",
            f"{p.mean_margin:+.1f}",
            _elo(e.elo),
            _interval(e.elo_low, e.elo_high),
            f"{p.seconds_per_move:.3g}",
        ]
        if errors:
            row.append(str(p.errors))
        table.add_row(*row)
    return table


def pairs_table(summary: Summary, standings: Standings, title: str | None = None) -> Table:
    """A row per pairing (two seats) or per pair of players met (more seats): A's wins,
    draws and losses against B, score, mean margin, Elo; with two seats the pentanomial
    counts of A's game pairs (LL LD DD WD WW; DD also counts a win and a loss) and the
    SPRT's log-likelihood ratio against its bounds."""
    sprt = standings.sprt
    two = standings.schedule.seats == 2
    table = _table(title)
    columns: list[tuple[str, JustifyMethod]] = [
        ("A", "left"),
        ("B", "left"),
        ("games", "right"),
        ("A W-D-L", "right"),
        ("A score", "right"),
        ("margin", "right"),
        ("Elo A-B", "right"),
        ("95% interval", "right"),
    ]
    if two:
        columns.append(("LL LD DD WD WW", "right"))
    if sprt:
        columns.append(("SPRT", "right"))
        table.caption = (
            f"SPRT: H0 Elo {sprt.elo0:g}, H1 Elo {sprt.elo1:g}, alpha {sprt.alpha:g},"
            f" beta {sprt.beta:g}; LLR bounds [{sprt.lower:.2f}, {sprt.upper:.2f}]"
        )
    for name, justify in columns:
        table.add_column(name, justify=justify)
    for p in summary.pairs:
        e = known(p.estimate)
        row = [
            p.a,
            p.b,
            str(p.games),
            f"{p.a_wins}-{p.draws}-{p.b_wins}",
            f"{100 * p.score:.1f}%",
            f"{p.mean_margin:+.1f}",
            _elo(e.elo),
            _interval(e.elo_low, e.elo_high),
        ]
        if two:
            assert p.pentanomial is not None  # counted for two seats
            row.append(" ".join(str(c) for c in p.pentanomial))
        if sprt:
            llr = f"{p.llr:+.2f}" if p.llr is not None else ""
            row.append(f"{p.sprt} {llr}" if p.sprt else llr)
        table.add_row(*row)
    return table


def tables(summary: Summary, standings: Standings) -> Group:
    parts = []
    if len(summary.players) > 2 or standings.schedule.seats > 2:
        parts.append(players_table(summary, "players"))
    parts.append(
        pairs_table(
            summary,
            standings,
            "pairings" if standings.schedule.seats == 2 else "head to head",
        )
    )
    return Group(*parts)


def running_score(summary: Summary) -> str:
    """One line for the progress bar: the score of a single pairing, else the leader."""
    if len(summary.pairs) == 1:
        p = summary.pairs[0]
        return (
            f"{p.a} {p.a_wins + p.draws / 2:g} - {p.b_wins + p.draws / 2:g} {p.b} "
            f"(Elo {known(p.estimate).elo:+.0f})"
        )
    ranked = summary.ranked()
    if not ranked or not ranked[0].games:
        return ""
    best = ranked[0]
    return (
        f"leader {best.name} {100 * best.score:.1f}% (Elo {known(best.estimate).elo:+.0f})"
    )


def games_progress(console: Console, *more: ProgressColumn) -> Progress:
    """A progress bar of games: done of all, games per second (the task's ``rate``
    field), time so far, then ``more`` columns."""
    return Progress(
        TextColumn("[bold]games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        *more,
        console=console,
    )


class LiveDisplay:
    """Progress bar (games done, games/s, running score) over the live table, redrawn at
    most every ``interval`` seconds. Shown only on a terminal (``console``)."""

    def __init__(self, standings: Standings, console: Console, interval: float = 0.5):
        self.standings = standings
        self.console = console
        self.interval = interval
        self.progress = games_progress(console, TextColumn("{task.fields[score]}"))
        self.task = self.progress.add_task(
            "games",
            total=standings.total(),
            completed=len(standings.outcomes),
            rate="",
            score="",
        )
        self.started = time.perf_counter()
        self.played = 0
        self._last = 0.0
        self._table = tables(standings.summary(), standings)
        self.live = Live(
            Group(self.progress, self._table),
            console=console,
            refresh_per_second=4,
            transient=False,
        )

    def __enter__(self):
        self.live.__enter__()
        return self

    def __exit__(self, *exc):
        self.update(force=True)
        self.live.__exit__(*exc)

    def game_done(self, _outcome=None) -> None:
        self.played += 1
        self.update()

    def update(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._last < self.interval:
            return
        self._last = now
        st = self.standings
        summary = st.summary()
        rate = self.played / (now - self.started) if now > self.started else 0.0
        self.progress.update(
            self.task,
            total=st.total(),
            completed=summary.games,
            rate=f"{rate:.1f} games/s",
            score=running_score(summary),
        )
        self._table = tables(summary, st)
        self.live.update(Group(self.progress, self._table))

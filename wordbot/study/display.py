"""A study on the terminal: the progress bar while it plays, the tables at the end."""

from __future__ import annotations

import time
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.progress import TextColumn, TimeRemainingColumn
from rich.table import Table

from wordbot.study.report import COMPARISON_HEADER, comparison_rows, rows
from wordbot.tournament.display import games_progress


class StudyProgress:
    """Games done of all, games per second and time left (on stderr, a terminal only)."""

    def __init__(self, total: int, done: int, console: Console):
        self.progress = games_progress(console, TextColumn("left"), TimeRemainingColumn())
        self.task = self.progress.add_task("games", total=total, completed=done, rate="")
        self.played = 0
        self.started = time.perf_counter()

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        self.progress.__exit__(*exc)

    def game_done(self, _outcome=None) -> None:
        self.played += 1
        seconds = time.perf_counter() - self.started
        rate = f"{self.played / seconds:.1f} games/s" if seconds > 0 else ""
        self.progress.update(self.task, advance=1, rate=rate)


def tables(result: dict[str, Any], title: str) -> Group:
    """The figures (a column a variant) and the comparisons, for the terminal."""
    figures = Table(
        title=title,
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        caption="95 % intervals: Wilson for rates, t for means",
        caption_justify="left",
    )
    figures.add_column("")
    for v in result["variants"]:
        figures.add_column(v["label"], justify="right")
    for label, cells in rows(result):
        figures.add_row(label, *cells)
    parts: list[Any] = [figures]
    if result["comparisons"]:
        comparisons = Table(
            title="differences between variants (paired on the same deals; * significant "
            "at 5 % after Holm)",
            title_justify="left",
            header_style="bold",
            box=box.SIMPLE_HEAD,
        )
        for name in COMPARISON_HEADER:
            comparisons.add_column(
                name, justify="left" if name in "ab measure test" else "right"
            )
        for row in comparison_rows(result):
            comparisons.add_row(*row)
        parts.append(comparisons)
    return Group(*parts)

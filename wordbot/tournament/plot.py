"""``--plot FILE``: the players' Elo with their 95 % intervals, as PNG or SVG."""

from __future__ import annotations

from pathlib import Path

from wordbot.tournament.schedule import TournamentError
from wordbot.tournament.standings import Summary, known

FORMATS = {".png": "png", ".svg": "svg"}


def check_plot_path(path: Path) -> str:
    """The image format of ``path`` (by its extension); fails early, before any game,
    when the format is unknown, matplotlib is missing or the folder does not exist."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise TournamentError(f"--plot {path}: the file name must end in .png or .svg")
    if not Path(path).parent.is_dir():
        raise TournamentError(f"--plot {path}: no such directory {Path(path).parent}")
    try:
        import matplotlib  # noqa: F401  (only whether it is installed)
    except ImportError:
        raise TournamentError(
            "--plot needs matplotlib: pip install 'wordbot[plot]'"
        ) from None
    return fmt


def plot_ratings(summary: Summary, path: Path, title: str = "wordbot tournament") -> None:
    """Each player's Elo against its average opponent, with its 95 % interval, best on
    top; pairings are drawn as well when there are few players (Elo of A against B)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fmt = check_plot_path(path)
    ranked = summary.ranked()[::-1]
    rows = [(p.name, known(p.estimate)) for p in ranked]
    label = "Elo against the average opponent (95 % interval)"
    if len(summary.players) == 2 and summary.pairs:
        pair = summary.pairs[0]
        rows = [(f"{pair.a} vs {pair.b}", known(pair.estimate))]
        label = f"Elo of {pair.a} against {pair.b} (95 % interval)"
    names = [r[0] for r in rows]
    elo = [r[1].elo for r in rows]
    low = [r[1].elo - r[1].elo_low for r in rows]
    high = [r[1].elo_high - r[1].elo for r in rows]
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.45 * len(rows)))
    y = range(len(rows))
    ax.errorbar(elo, list(y), xerr=[low, high], fmt="o", capsize=4, color="tab:blue")
    ax.axvline(0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_yticks(list(y), names)
    ax.set_xlabel(label)
    games = sum(p.games for p in summary.pairs)
    ax.set_title(f"{title}: {summary.games} games" if games else title)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    fig.tight_layout()
    try:
        fig.savefig(path, format=fmt)
    except OSError as exc:
        raise TournamentError(
            f"--plot {path}: cannot write it ({exc.strerror or exc})"
        ) from None
    finally:
        plt.close(fig)

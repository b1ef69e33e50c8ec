"""``--plot DIR``: each figure of a study per variant with its 95 % interval, one SVG a
figure (the game's own measures share one picture, a panel each)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import Any

from wordbot.study.config import StudyError
from wordbot.study.report import COMMON


def check_plot_dir(path: Path) -> None:
    """Make DIR now, so that a folder that cannot be made or written, or a missing
    matplotlib, fails before any game is played."""
    path = Path(path)
    try:
        import matplotlib  # noqa: F401  (only whether it is installed)
    except ImportError:
        raise StudyError("--plot needs matplotlib: pip install 'wordbot[plot]'") from None
    if path.exists() and not path.is_dir():
        raise StudyError(f"--plot {path}: not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudyError(f"--plot {path}: cannot make it ({exc.strerror or exc})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise StudyError(f"--plot {path}: cannot write there (permission denied)")


def _point(figure: dict[str, Any] | None) -> tuple[float, float, float] | None:
    """(value, below, above) of a figure, scaled to percent for rates; None if unknown."""
    if not figure:
        return None
    for key, scale in (("rate", 100.0), ("value", 100.0), ("mean", 1.0)):
        if key in figure:
            value = figure[key]
            if value is None:
                return None
            ci = figure.get("ci") or [value, value]
            return (
                scale * value,
                scale * (value - ci[0]),
                scale * (ci[1] - value),
            )
    return None


def _panel(ax, labels, series: dict[str, list], ylabel: str) -> None:
    """Draw each series (name -> a point per variant) with its error bars."""
    n = len(series)
    for k, (name, points) in enumerate(series.items()):
        shift = (k - (n - 1) / 2) * 0.12
        xs = [i + shift for i, p in enumerate(points) if p is not None]
        ys = [p[0] for p in points if p is not None]
        err = [
            [p[1] for p in points if p is not None],
            [p[2] for p in points if p is not None],
        ]
        ax.errorbar(xs, ys, yerr=err, fmt="o", capsize=4, label=name if n > 1 else None)
    ax.set_xticks(range(len(labels)), labels, rotation=20 if len(labels) > 4 else 0)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", linewidth=0.3)
    if n > 1:
        ax.legend(fontsize="small")


def plot_study(result: dict[str, Any], folder: Path, title: str) -> list[Path]:
    """Write the study's SVGs into ``folder`` (made if needed): the paths written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = Path(folder)
    check_plot_dir(folder)
    variants = result["variants"]
    labels = [v["label"] for v in variants]
    seats = list(dict.fromkeys(s for v in variants for s in v["seat_win_rate"]))
    pictures: list[tuple[str, str, dict[str, list], str]] = [
        (
            "seat_win_rate",
            "win rate by seat",
            {s: [_point(v["seat_win_rate"].get(s)) for v in variants] for s in seats},
            "% of games won alone",
        )
    ]
    for key, label, how in COMMON:
        unit = "%" if key.endswith("rate") or key == "first_player_edge" else ""
        pictures.append(
            (key, f"{label} ({how})", {label: [_point(v[key]) for v in variants]}, unit)
        )
    written = []
    plt.rcParams["svg.fonttype"] = "none"  # text stays text: small files
    plt.rcParams["svg.hashsalt"] = "wordbot"  # the same figures give the same file
    for key, label, series, unit in pictures:
        fig, ax = plt.subplots(figsize=(6.4, 3.4))
        _panel(ax, labels, series, unit)
        if key == "first_player_edge":
            ax.axhline(0, color="grey", linewidth=0.8, linestyle="--")
        ax.set_title(textwrap.fill(f"{title}: {label}", 70), fontsize="medium")
        written.append(_save(plt, fig, folder / f"{key}.svg"))
    own = list(dict.fromkeys(k for v in variants for k in v["measures"]))
    if own:
        cols = 3 if len(own) > 4 else 2 if len(own) > 1 else 1
        rows_ = -(-len(own) // cols)
        fig, axes = plt.subplots(
            rows_, cols, figsize=(4.2 * cols, 2.8 * rows_), squeeze=False
        )
        for ax, key in zip(axes.flat, own):
            _panel(
                ax, labels, {key: [_point(v["measures"].get(key)) for v in variants]}, ""
            )
            ax.set_title(key, fontsize="medium")
        for ax in list(axes.flat)[len(own) :]:
            ax.axis("off")
        fig.suptitle(f"{title}: the game's own measures (means, 95 % intervals)")
        written.append(_save(plt, fig, folder / "measures.svg"))
    return written


def _save(plt, fig, path: Path) -> Path:
    fig.tight_layout()
    try:
        fig.savefig(path, format="svg", metadata={"Date": None})
    except OSError as exc:
        raise StudyError(
            f"--plot {path}: cannot write it ({exc.strerror or exc})"
        ) from None
    finally:
        plt.close(fig)
    return path


def plot_balance(balance: dict[str, Any], folder: Path, title: str) -> Path:
    """Write ``balance.svg`` into ``folder``: the first player's win rate at each value
    tried (95 % intervals), the even share, and the fair value with its interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = Path(folder)
    check_plot_dir(folder)
    plt.rcParams["svg.fonttype"] = "none"
    plt.rcParams["svg.hashsalt"] = "wordbot"
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    points = balance["points"]
    xs = [p["value"] for p in points]
    ys = [100 * p["first_player_win_rate"] for p in points]
    errs = [
        [100 * (p["first_player_win_rate"] - p["ci"][0]) for p in points],
        [100 * (p["ci"][1] - p["first_player_win_rate"]) for p in points],
    ]
    ax.errorbar(xs, ys, yerr=errs, fmt="o", capsize=3, label="first player's win rate")
    scores = [100 * p.get("first_player_score", p["first_player_win_rate"]) for p in points]
    if scores != ys:  # draws: the score (a draw counts half) is what is balanced
        ax.plot(xs, scores, "x", color="tab:orange", label="first player's score")
    ax.axhline(100 * balance["target"], color="grey", linestyle=":", label="even")
    if balance.get("fair_value") is not None:
        lo, hi = balance["ci"]
        ax.axvspan(lo, hi, color="tab:green", alpha=0.15, label="fair value, 95% interval")
        ax.axvline(balance["fair_value"], color="tab:green")
    ax.set_xlabel(balance["option"])
    ax.set_ylabel("% of games won")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return _save(plt, fig, folder / "balance.svg")

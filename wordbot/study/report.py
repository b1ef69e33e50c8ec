"""A study's figures for people: the rows of its table (shared by the terminal and the
Markdown report), the comparisons, and the Markdown report itself.

>>> cell({"rate": 0.5, "ci": [0.45, 0.55], "n": 400})
'50.0% [45.0, 55.0]'
>>> cell({"mean": 12.25, "ci": [11.5, 13.0], "sd": 3.1, "n": 400})
'12.2 [11.5, 13.0]'
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: the figures every game has: (key, label, how to read it)
COMMON = (
    ("draw_rate", "draws", "first place shared"),
    ("first_player_edge", "first player's edge", "seat 1's win rate minus 1/players"),
    ("margin", "winning margin", "winner's score minus the runner-up's"),
    ("length", "length (actions)", "turns played, passes included"),
    ("lead_changes", "lead changes", "times the leader changed"),
    (
        "lead_decided",
        "lead decided at",
        "fraction of the game before the winner led for good",
    ),
    ("comeback_rate", "comebacks", "winner behind at half time"),
)


def cell(figure: dict[str, Any] | None) -> str:
    """One figure with its 95 % interval, for a table."""
    if not figure:
        return "-"
    if "rate" in figure:
        if figure["rate"] is None:
            return "-"
        lo, hi = figure["ci"]
        return f"{100 * figure['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    if "value" in figure:  # the first player's edge: a difference of rates
        if figure["value"] is None:
            return "-"
        lo, hi = figure["ci"]
        return f"{100 * figure['value']:+.1f} pts [{100 * lo:+.1f}, {100 * hi:+.1f}]"
    if figure.get("mean") is None:
        return "-"
    if figure.get("ci") is None:
        return f"{figure['mean']:.1f}"
    lo, hi = figure["ci"]
    digits = 3 if abs(figure["mean"]) < 1 and figure["mean"] != 0 else 1
    return f"{figure['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def rows(result: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """(label, one cell per variant) for every figure of the study, in table order."""
    variants = result["variants"]
    out: list[tuple[str, list[str]]] = [
        (
            "games",
            [
                f"{v['games']}" + (f" ({v['errors']} errors)" if v["errors"] else "")
                for v in variants
            ],
        )
    ]
    seats = list(dict.fromkeys(s for v in variants for s in v["seat_win_rate"]))
    for seat in seats:
        out.append((f"{seat} wins", [cell(v["seat_win_rate"].get(seat)) for v in variants]))
    for key, label, _ in COMMON:
        out.append((label, [cell(v[key]) for v in variants]))
    own = list(dict.fromkeys(k for v in variants for k in v["measures"]))
    for key in own:
        out.append((key, [cell(v["measures"].get(key)) for v in variants]))
    return out


def comparison_rows(result: dict[str, Any]) -> list[list[str]]:
    """One row a comparison: variants, measure, test, difference (b - a), p, Holm p."""
    labels = [v["label"] for v in result["variants"]]
    out = []
    for c in result["comparisons"]:
        diff = c["difference"]
        shown = (
            "-"
            if diff is None
            else f"{diff:+.3f}"
            if c["measure"] == "first_player_win"
            else f"{diff:+.2f}"
        )
        mark = " *" if c["p_holm"] < 0.05 else ""
        out.append(
            [
                labels[c["a"]],
                labels[c["b"]],
                c["measure"],
                c["test"],
                shown,
                f"{c['p_value']:.3g}",
                f"{c['p_holm']:.3g}{mark}",
            ]
        )
    return out


COMPARISON_HEADER = ["a", "b", "measure", "test", "b - a", "p", "p (Holm)"]


def _md_table(header: list[str], body: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines)


def markdown(
    result: dict[str, Any],
    title: str,
    plots: Sequence[Path] = (),
    relative_to: Path | None = None,
    run_line: str | None = None,
) -> str:
    """The Markdown report of a study: set-up, the figures, the comparisons, the plots
    (linked relative to ``relative_to``, the report's folder)."""
    variants = result["variants"]
    games = {v["games"] for v in variants}
    per_variant = result["games_per_variant"]
    varied = ", ".join(
        f"`{k}` = {', '.join(vs)}" for k, vs in result["option_values"].items()
    )
    parts = [
        f"# {title}",
        "",
        f"games per variant: {per_variant}",
        "",
        f"- game: `{result['game']}`; varied: {varied or 'nothing'}",
        f"- players (seat order of the first rotation): {', '.join(f'`{p}`' for p in result['players'])}",
        f"- other rules: {', '.join(f'`{r}`' for r in result['rules']) or 'the defaults'}",
        f"- seed {result['seed']}; every variant plays the same deals, "
        + (
            "each with every rotation of the seats"
            if result.get("rotate", True)
            else "one game a deal (one player in every seat); intervals over deals"
        ),
    ]
    if games != {per_variant}:
        parts.append(
            f"- games finished per variant: {', '.join(str(v['games']) for v in variants)}"
        )
    if run_line:
        parts.append(f"- {run_line}")
    parts += [
        "",
        "## Figures",
        "",
        "Rates with 95 % Wilson intervals, means with 95 % t intervals.",
        "",
        _md_table(
            ["", *[v["label"] for v in variants]],
            [[label, *cells] for label, cells in rows(result)],
        ),
        "",
        "What the rows mean: "
        + "; ".join(f"*{label}*: {how}" for _, label, how in COMMON)
        + ".",
        "",
    ]
    if result["comparisons"]:
        parts += [
            "## Differences between variants",
            "",
            "Same deals and seats under each variant, so the tests are paired (McNemar's "
            "exact test for the first player's win, the paired t test for margin and "
            "length; Fisher and Welch when the seat counts differ). `*`: significant at 5 % "
            "after Holm's adjustment for the number of comparisons.",
            "",
            _md_table(COMPARISON_HEADER, comparison_rows(result)),
            "",
        ]
    if plots:
        parts += ["## Plots", ""]
        for plot in plots:
            link = Path(os.path.relpath(plot, relative_to)) if relative_to else plot
            parts.append(f"![{plot.stem}]({link.as_posix()})")
            parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def _draws_and_scores(at: dict[str, Any]) -> str:
    """``; draws D %; scores: ...`` of a balance run's study at the fair value, when it
    had draws (scores count a shared first place split; the figures of old runs have
    neither)."""
    draws = at.get("draw_rate")
    if not draws or not draws["count"] or "seat_score" not in at:
        return ""
    scores = ", ".join(
        f"{seat} {100 * r['mean']:.1f} %" for seat, r in at["seat_score"].items()
    )
    return f"; draws {100 * draws['rate']:.1f} %; scores (a draw shared): {scores}"


def _percent_interval(figure: dict[str, Any]) -> str:
    """A mean of points as a percentage with its 95 % interval."""
    if figure["ci"] is None:
        return f"{100 * figure['mean']:.1f} %"
    low, high = figure["ci"]
    return f"{100 * figure['mean']:.1f} % ({100 * low:.1f}-{100 * high:.1f})"


def balance_markdown(
    found: dict[str, Any],
    config: dict[str, Any],
    title: str,
    plot: Path | None = None,
    relative_to: Path | None = None,
) -> str:
    """The Markdown report of a balance run (``study --balance``): its set-up, each
    value tried, the fair value with its interval and the seats' figures there."""
    study = config["study"]
    option = found["option"]
    parts = [
        f"# {title}",
        "",
        f"- game: `{study['game']}`; players: `{study['players']}`; other rules: "
        + (", ".join(f"`{r}`" for r in study["rules"]) or "the defaults"),
        f"- `{option}` from {config['lo']:g} to {config['hi']:g}: both ends, then "
        f"{config['steps']} bisection step{'s' if config['steps'] != 1 else ''} (values multiples of {config['resolution']:g}); "
        f"{study['games']} games a value on the same deals"
        + (
            ", each with the seats swapped"
            if found.get("rotate", True)
            else " (one player in every seat: one game a deal)"
        )
        + f" (seed {study['seed']})",
        f"- the first player's share: {100 * found['target']:.1f} % of the points (a win "
        "scores 1, a first place shared by k seats 1/k each)",
        "",
        "## Values tried",
        "",
        _md_table(
            [
                "value",
                "first player wins",
                "95 % interval",
                "first player's score",
                "mean winning margin",
                "games",
            ],
            [
                [
                    f"{p['value']:g}",
                    f"{100 * p['first_player_win_rate']:.1f} %",
                    f"{100 * p['ci'][0]:.1f}-{100 * p['ci'][1]:.1f} %",
                    f"{100 * p.get('first_player_score', p['first_player_win_rate']):.1f} %",
                    "-" if p["margin"] is None else f"{p['margin']:.1f}",
                    str(p["games"]),
                ]
                for p in found["points"]
            ],
        ),
        "",
    ]
    if found["fair_value"] is None:
        parts += [f"No fair value in the range: {found['note']}.", ""]
    else:
        low, high = found["ci"]
        at = found["at_fair_value"]
        seats = ", ".join(
            f"{seat} {100 * r['rate']:.1f} % ({100 * r['ci'][0]:.1f}-{100 * r['ci'][1]:.1f})"
            for seat, r in at["seat_win_rate"].items()
        )
        parts += [
            "## Fair value",
            "",
            f"**{option} = {found['fair_value']:g}** (95 % interval {low:g} to {high:g}"
            + (f", by {found['interval']}" if found.get("interval") else "")
            + "), where a logistic curve fitted to the values tried crosses the share."
            + (f" {found['note']}." if found.get("note") else ""),
            "",
            f"A fresh study at {at['value']:g} ({at['games']} games on new deals): {seats}"
            + _draws_and_scores(at)
            + ".",
            "",
        ]
        if len(found.get("checks", [])) > 1:
            parts += [
                "Each check on new deals; one that missed sent every value to twice the "
                "deals before the curve was fitted again:",
                "",
                _md_table(
                    ["value", "seed", "games", "first player's score", "even"],
                    [
                        [
                            f"{c['value']:g}",
                            str(c["seed"]),
                            str(c["games"]),
                            _percent_interval(c["first_player_score"]),
                            "yes" if c["holds"] else "no",
                        ]
                        for c in found["checks"]
                    ],
                ),
                "",
            ]
    if plot is not None:
        link = Path(os.path.relpath(plot, relative_to)) if relative_to else plot
        parts += [f"![the first player's win rate]({link.as_posix()})", ""]
    return "\n".join(parts).rstrip() + "\n"


def seats_markdown(found: dict[str, Any], config: dict[str, Any], title: str) -> str:
    """The Markdown report of a per-seat balance run (``study --balance --per-seat``):
    each pass's value of every later seat, and each seat's points where a pass ended."""
    study = config["study"]
    option, seats = found["option"], config["seats"]
    parts = [
        f"# {title}",
        "",
        f"- game: `{study['game']}`; players: `{study['players']}`; {seats} seats; other "
        "rules: " + (", ".join(f"`{r}`" for r in study["rules"]) or "the defaults"),
        f"- each later seat's `{option}` balanced in turn from {config['lo']:g} to "
        f"{config['hi']:g} (values multiples of {config['resolution']:g}; "
        f"{study['games']} games a value, seed {study['seed']}), the values found so far "
        f"fixed; then every seat on {config['check_games']} games of new deals",
        f"- a seat's share: {100 / seats:.1f} % of the points",
        "",
        f"**{option} = {','.join(f'{v:g}' for v in found['values'])}**: "
        + (
            "every seat's interval holds its share."
            if found["even"]
            else "not every seat's interval holds its share."
        ),
        "",
    ]
    for p, one in enumerate(found["passes"], 1):
        check = one["check"]
        parts += [
            f"## Pass {p}",
            "",
            _md_table(
                ["seat", "fair value", "95 % interval"],
                [
                    [
                        str(s["seat"]),
                        "-" if s["fair_value"] is None else f"{s['fair_value']:g}",
                        "-" if s["ci"] is None else f"{s['ci'][0]:g} to {s['ci'][1]:g}",
                    ]
                    for s in one["seats"]
                ],
            ),
            "",
            f"At {','.join(f'{v:g}' for v in check['values'])}, {check['games']} games "
            f"on new deals (seed {check['seed']}):",
            "",
            _md_table(
                ["seat", "points", "holds its share"],
                [
                    [
                        seat,
                        _percent_interval(score),
                        "yes" if check["holds"][seat] else "no",
                    ]
                    for seat, score in check["seat_score"].items()
                ],
            ),
            "",
        ]
    return "\n".join(parts).rstrip() + "\n"

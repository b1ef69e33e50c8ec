"""From a study's finished games to its figures: per variant, and variant against variant.

Everything here is a function of the configuration and the set of finished games, never
of the order they finished in. A game a player lost by an error is counted in the
variant's ``errors`` and left out of every figure.

Per variant (see :mod:`wordbot.study.stats` for the intervals):

- ``seat_win_rate``: each seat's share of the games it won alone; ``draw_rate``: games
  whose first place was shared; ``first_player_edge``: seat 1's win rate minus
  1 / players (0: no edge).
- ``seat_score``: each seat's mean points a game, a win 1 and a first place shared by k
  seats 1/k to each (the seats' scores add up to 1; even seats score 1 / players each,
  draws or not).
- ``margin``: the winner's final score minus the runner-up's (0 for a draw), mean, 95 %
  interval and standard deviation.
- ``length``, ``lead_changes``, ``lead_decided``, ``comeback_rate``: see
  :mod:`wordbot.measures`.
- ``measures``: the mean of each of the game's own measures.

``comparisons``: every two variants, on ``first_player_win`` (seat 1 won alone),
``margin`` and ``length``, with the test used, the number of pairs and the p-value
(also Holm-adjusted over all the study's comparisons).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from wordbot.study import stats
from wordbot.study.config import StudyConfig
from wordbot.tournament.standings import GameOutcome

COMPARED = ("first_player_win", "margin", "length")


def winners(o: GameOutcome) -> list[str]:
    return [c for c, place in o.places.items() if place == 1]


def margin(o: GameOutcome) -> float:
    """The winner's score minus the runner-up's (0 for a shared first place)."""
    scores = sorted(o.scores.values(), reverse=True)
    return float(scores[0] - scores[1])


def points(o: GameOutcome, seat: str) -> float:
    """The seat's points of the game: 1 for a win, 1/k for a first place shared by k."""
    top = winners(o)
    return 1.0 / len(top) if seat in top else 0.0


def first_player_won(o: GameOutcome, first: str) -> bool:
    return winners(o) == [first]


def variant_figures(variant, games: list[GameOutcome], errors: int) -> dict[str, Any]:
    """The figures of one variant from its finished games (module docstring); every
    interval is clustered by deal (a deal's rotations are not independent games)."""
    colours = variant.colours
    deals = [o.deal for o in games]
    sole = [w[0] if len(w) == 1 else None for w in map(winners, games)]
    seat = {c: stats.rate([s == c for s in sole], deals) for c in colours}
    first = seat[colours[0]]
    share = 1.0 / variant.seats
    edge = {
        "value": None if first["rate"] is None else round(first["rate"] - share, 4),
        "ci": [round(first["ci"][0] - share, 4), round(first["ci"][1] - share, 4)],
    }
    measured = [(o.deal, o.measures) for o in games if o.measures is not None]

    def over(pick) -> dict[str, Any]:
        """The mean of ``pick(measures)`` over the games that have it."""
        found = [(d, pick(m)) for d, m in measured]
        found = [(d, x) for d, x in found if x is not None]
        return stats.mean_interval([x for _, x in found], [d for d, _ in found])

    own_keys = list(
        dict.fromkeys(k for _, m in measured for k in m.get("own", {}))
    )  # game order
    comebacks = [(d, m["comeback"]) for d, m in measured if m.get("comeback") is not None]
    return {
        "rules": dict(variant.changed),
        "label": variant.label,
        "games": len(games),
        "errors": errors,
        "seat_win_rate": seat,
        "seat_score": {
            c: stats.mean_interval([points(o, c) for o in games], deals) for c in colours
        },
        "draw_rate": stats.rate([s is None for s in sole], deals),
        "first_player_edge": edge,
        "margin": stats.mean_interval([margin(o) for o in games], deals),
        "length": over(lambda m: m.get("length")),
        "lead_changes": over(lambda m: m.get("lead_changes")),
        "lead_decided": over(lambda m: m.get("lead_decided")),
        "comeback_rate": stats.rate([x for _, x in comebacks], [d for d, _ in comebacks]),
        "measures": {k: over(lambda m, k=k: m.get("own", {}).get(k)) for k in own_keys},
    }


def _compare(config: StudyConfig, by_variant, i: int, j: int) -> list[dict[str, Any]]:
    """The tests of variant i against variant j, one per measure of COMPARED."""
    vi, vj = config.variants[i], config.variants[j]
    paired = vi.seats == vj.seats
    a = {(o.deal, o.rotation): o for o in by_variant[i]}
    b = {(o.deal, o.rotation): o for o in by_variant[j]}
    if paired:
        keys = sorted(a.keys() & b.keys())
        ga, gb = [a[k] for k in keys], [b[k] for k in keys]
    else:
        ga, gb = by_variant[i], by_variant[j]
    out = []
    for measure in COMPARED:
        xa: list[float]
        xb: list[float]
        if measure == "first_player_win":
            xa = [float(first_player_won(o, vi.colours[0])) for o in ga]
            xb = [float(first_player_won(o, vj.colours[0])) for o in gb]
            test, p = (
                ("mcnemar exact", stats.mcnemar([x > 0 for x in xa], [x > 0 for x in xb]))
                if paired
                else (
                    "fisher exact",
                    stats.fisher([x > 0 for x in xa], [x > 0 for x in xb]),
                )
            )
        else:
            value = margin if measure == "margin" else (lambda o: float(o.actions))
            xa, xb = [value(o) for o in ga], [value(o) for o in gb]
            test, p = (
                ("paired t", stats.paired_t(xa, xb))
                if paired
                else ("welch t", stats.welch(xa, xb))
            )
        mean_a = sum(xa) / len(xa) if xa else None
        mean_b = sum(xb) / len(xb) if xb else None
        out.append(
            {
                "a": i,
                "b": j,
                "measure": measure,
                "test": test,
                "pairs": len(ga) if paired else None,
                "difference": (
                    None if mean_a is None or mean_b is None else round(mean_b - mean_a, 4)
                ),
                "p_value": p,
            }
        )
    return out


def analyse(config: StudyConfig, outcomes: Iterable[GameOutcome]) -> dict[str, Any]:
    """The study's JSON (the ``--json`` output): see the module docstring."""
    n = len(config.variants)
    by_variant: list[list[GameOutcome]] = [[] for _ in range(n)]
    errors = [0] * n
    for o in outcomes:
        assert o.variant is not None  # a study's results line names its variant
        if o.error is not None:
            errors[o.variant] += 1
        else:
            by_variant[o.variant].append(o)
    for games in by_variant:
        games.sort(key=lambda o: o.game)
    comparisons = [
        c for i, j in combinations(range(n), 2) for c in _compare(config, by_variant, i, j)
    ]
    for c, adjusted in zip(comparisons, stats.holm([c["p_value"] for c in comparisons])):
        c["p_holm"] = adjusted
    return {
        "game": config.game,
        "option_values": config.option_values,
        "rules": list(config.base),
        "players": list(config.players.values()),
        "seed": config.seed,
        "games_per_variant": config.games,
        "rotate": config.rotate,
        "variants": [
            variant_figures(v, by_variant[i], errors[i])
            for i, v in enumerate(config.variants)
        ],
        "comparisons": comparisons,
    }

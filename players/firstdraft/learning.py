"""What ``wordbot learn --game firstdraft`` learns: the ``drafter``'s settings ``grow``,
``pool`` and ``turns`` (:mod:`wordbot.engine.firstdraft.evaluation`).

As :mod:`wordbot.players.valuelearning` learns value weights, a generation plays the
drafter on the settings kept so far against itself, samples the positions before its
moves, plays each sample's best moves and values the positions they reach by what the
mover's value is six moves on (a short search, never the game's outcome). A row is
worth its sale now or ``time`` times its growth potential, ``time`` being ``grow``
less below ``turns`` own turns left: not a weighted sum, so the settings are found by
a search over a grid of ``grow`` and ``turns``, each with the ``pool`` that fits best
(a letter kept in the pool adds to the mover's value alone, so its best weight is a
least-squares line), the one whose values differ between a sample's candidates most as
their targets do.

>>> import numpy as np
>>> data = Facts(
...     score=np.zeros((2, 2)), sale=np.zeros((2, 2, 1)), growth=np.array(
...         [[[10.0], [0.0]], [[0.0], [0.0]]]), turns_left=np.full(2, 9.0),
...     pool=np.zeros(2), ahead=np.array([8.0, 0.0]), group=np.zeros(2, np.int64))
>>> best_settings(data).values[:2].round(2).tolist()  # 8 of 10 comes: grow 0.8
[0.8, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from wordbot.engine.firstdraft.evaluation import GAME, VALUE_WEIGHTS
from wordbot.players.firstdraft.drafter import own_turns
from wordbot.players.learning import Fit
from wordbot.players.valuelearning import (
    ValueLearner,
    candidates_ahead,
    samples_of,
)

#: the settings searched: ``grow`` (a row's growth against its sale) and ``turns``
GROWS = np.round(np.arange(0.2, 2.0001, 0.05), 2)
TURNS = np.round(np.arange(0.5, 12.0001, 0.5), 2)
#: rows a hand holds
ROWS = 2


@dataclass(frozen=True)
class Facts:
    """What the values of a generation's candidates are made of, one a candidate: each
    seat's score (the mover first), each row's sale now and growth potential (0 where a
    seat holds fewer distinct rows), the own turns left, the likelihood of the mover's
    pool letters, the mover's value looked ahead, and the sample it came from."""

    score: np.ndarray
    sale: np.ndarray
    growth: np.ndarray
    turns_left: np.ndarray
    pool: np.ndarray
    ahead: np.ndarray
    group: np.ndarray

    def values(self, grow: float, turns: float) -> np.ndarray:
        """Each candidate's value to its mover with these settings (the drafter's
        ``value``): its worth less the best other seat's."""
        time = np.minimum(1.0, self.turns_left / turns) * grow
        worth = self.score + np.maximum(self.sale, time[:, None, None] * self.growth).sum(2)
        return worth[:, 0] - worth[:, 1:].max(1)

    def centred(self, x: np.ndarray) -> np.ndarray:
        """``x`` less its mean over each sample's candidates."""
        counts = np.maximum(np.bincount(self.group), 1)  # a sample held out: none
        means = np.bincount(self.group, x) / counts
        return x - means[self.group]

    def where(self, keep: np.ndarray) -> Facts:
        """The candidates ``keep`` (a mask) holds."""
        return Facts(*(getattr(self, f)[keep] for f in self.__dataclass_fields__))


def fitted(data: Facts, grow: float, turns: float) -> tuple[float, float]:
    """The best ``pool`` for ``grow`` and ``turns``, and the squared error left."""
    target = data.centred(data.ahead - data.values(grow, turns))
    pool = data.centred(data.pool)
    spread = float(pool @ pool)
    weight = float(pool @ target) / spread if spread else 0.0
    rest = target - weight * pool
    return weight, float(rest @ rest)


def best_settings(data: Facts) -> Fit:
    """The settings (in the order of ``VALUE_WEIGHTS``) whose values differ between
    each sample's candidates most as the targets do, searched on the grid, and the
    share of the targets' spread they explain (on every candidate; fitted on four
    fifths of the samples, on the fifth held out)."""

    def search(part: Facts) -> np.ndarray:
        best = min(
            (error, g, t, pool)
            for g in GROWS.tolist()
            for t in TURNS.tolist()
            for pool, error in [fitted(part, g, t)]
        )
        return np.array([best[1], best[3], best[2]])

    def r2(values: np.ndarray, part: Facts) -> float:
        target = part.centred(part.ahead)
        spread = float(target @ target)
        error = fitted_error(part, values)
        return 1.0 - error / spread if spread else 0.0

    held = data.group % 5 == 4
    values = search(data)
    return Fit(values, r2(values, data), r2(search(data.where(~held)), data.where(held)))


def fitted_error(data: Facts, values: np.ndarray) -> float:
    """The squared error of the settings ``values`` (``grow``, ``pool``, ``turns``)."""
    grow, pool, turns = values.tolist()
    rest = data.centred(data.ahead - data.values(grow, turns) - pool * data.pool)
    return float(rest @ rest)


def facts_task(args: tuple) -> list[tuple[int, list[tuple[Any, ...]]]]:
    """The facts of the candidates of some positions of a game (a task,
    :func:`~wordbot.players.valuelearning.samples_of`): (sample index, each
    candidate's seats' scores and rows (the mover first), own turns left, pool and
    value looked ahead)."""
    player, seed, refills, samples = samples_of(args)
    out = []
    for i, state in samples:
        seat = state.seat
        weight = player.weights(state)
        rows = []
        for after, ahead in candidates_ahead(player, state, seed, i, refills):
            seats = player.seat_facts(after)
            pool = sum(float(weight[ord(c) - 65]) for c in after.hands[seat].pool)
            rows.append((seats[seat:] + seats[:seat], own_turns(after), pool, ahead))
        if len(rows) > 1:
            out.append((i, rows))
    return out


def facts_of(rows: list[tuple[int, list[tuple[Any, ...]]]]) -> Facts:
    """The :class:`Facts` of :func:`facts_task`'s rows, in the order of the samples."""
    found = [(i, c) for i, cands in sorted(rows, key=lambda r: r[0]) for c in cands]
    seats = len(found[0][1][0])
    score = np.zeros((len(found), seats))
    sale = np.zeros((len(found), seats, ROWS))
    growth = np.zeros((len(found), seats, ROWS))
    for n, (_i, (hands, _turns, _pool, _ahead)) in enumerate(found):
        for s, (points, facts) in enumerate(hands):
            score[n, s] = points
            for r, (row_sale, row_growth) in enumerate(facts):
                sale[n, s, r], growth[n, s, r] = row_sale, row_growth
    groups = {i: k for k, i in enumerate(dict.fromkeys(i for i, _ in found))}
    return Facts(
        score,
        sale,
        growth,
        np.array([c[1] for _, c in found]),
        np.array([c[2] for _, c in found]),
        np.array([c[3] for _, c in found]),
        np.array([groups[i] for i, _ in found], np.int64),
    )


class DrafterLearner(ValueLearner):
    """What ``wordbot learn`` learns of First Draft (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(GAME, "drafter", VALUE_WEIGHTS)
        self.description = "the drafter's settings grow, pool and turns (drafter:eval=FILE)"

    task = staticmethod(facts_task)

    def fitted(self, rows: list, player: Any) -> tuple[np.ndarray, dict[str, Any]]:
        """The settings found for :func:`facts_task`'s ``rows``, and the figures of
        the fit (with the share the settings ``player`` plays explain)."""
        data = facts_of(rows)
        before = np.array([player.evaluation[k] for k in VALUE_WEIGHTS])
        found = best_settings(data)
        target = data.centred(data.ahead)
        spread = float(target @ target)
        return found.values, {
            "candidates": len(data.ahead),
            "r2": round(found.r2, 4),
            "r2_held_out": round(found.r2_held_out, 4),
            "r2_before": round(1 - fitted_error(data, before) / spread, 4)
            if spread
            else 0.0,
        }


LEARNER = DrafterLearner()

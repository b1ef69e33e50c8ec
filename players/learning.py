"""What every learner of ``wordbot learn`` shares: which self-play samples a generation
fits to, the ridge fit, the players and word lists a worker makes once, and progress.

A learner (a game's players' profile names it as ``learner``) plays a generation's
self-play games and values their samples as tasks mapped over workers (a
:data:`Mapper`: this process, a pool of processes or Ray): every task's result follows
from its seed and game alone, so a learning is the same on any number of workers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from wordbot.players.registry import make_player

#: maps a task function over its tasks, results in order, calling ``done`` as each
#: finishes: in this process, a pool of processes or Ray (``wordbot learn`` chooses)
Mapper = Callable[[Callable, list, Callable[[], None]], list]


def chosen(counts: list[int], seed: int, wanted: int) -> list[tuple[int, int]]:
    """Which samples a generation fits to, given each game's count of them: up to
    ``wanted``, each with the same chance, as (game, sample) in the order of the
    sample (whose index seeds its target).

    >>> chosen([2, 1], 5, 10)
    [(0, 0), (0, 1), (1, 0)]
    >>> len(chosen([50, 50], 5, 10)), len(set(chosen([50, 50], 5, 10)))
    (10, 10)
    """
    where = [(g, j) for g, n in enumerate(counts) for j in range(n)]
    if len(where) <= wanted:
        return where
    return [where[i] for i in random.Random(seed).sample(range(len(where)), wanted)]


def by_game(picks: list[tuple[int, int]]) -> dict[int, list[tuple[int, int]]]:
    """``(sample index, index in its game)`` of each pick, by game.

    >>> by_game([(1, 4), (0, 2), (1, 0)])
    {1: [(0, 4), (2, 0)], 0: [(1, 2)]}
    """
    out: dict[int, list[tuple[int, int]]] = {}
    for i, (g, j) in enumerate(picks):
        out.setdefault(g, []).append((i, j))
    return out


@dataclass(frozen=True)
class Fit:
    """Fitted values and how well they fit: the share of the targets' variance they
    explain on the samples they were fitted to and on the fifth held out."""

    values: np.ndarray
    r2: float
    r2_held_out: float


def fit(x: np.ndarray, y: np.ndarray, ridge: float) -> Fit:
    """The ridge fit of ``y`` on the features ``x``: fitted on four fifths first to
    measure it on the fifth left, then on every sample.

    >>> x = np.eye(8)[np.arange(200) % 5]
    >>> round(float(fit(x, x @ np.arange(8), ridge=0.0).values[3]), 6)
    3.0
    """

    def solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.linalg.solve(a.T @ a + (ridge + 1e-9) * np.eye(a.shape[1]), a.T @ b)

    def r2(values: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
        spread = float(((b - b.mean()) ** 2).sum())
        return 1.0 - float(((a @ values - b) ** 2).sum()) / spread if spread else 0.0

    held = np.arange(len(y)) % 5 == 4
    part = solve(x[~held], y[~held])
    values = solve(x, y)
    return Fit(values, r2(values, x, y), r2(part, x[held], y[held]))


def ticker(
    on_progress: Callable[[str, int, int], None] | None, stage: str, total: int
) -> Callable[[], None]:
    """A ``done`` callback that reports ``stage``'s progress out of ``total``."""
    done = [0]

    def step() -> None:
        done[0] += 1
        if on_progress is not None:
            on_progress(stage, done[0], total)

    return step


def sampled(
    mapper: Mapper,
    count_task: Callable,
    target_task: Callable,
    base: tuple,
    games: int,
    wanted: int,
    refills: int,
    on_progress: Callable[[str, int, int], None] | None,
) -> tuple[int, list]:
    """A generation's self-play and targets: ``count_task`` over each game (``(*base,
    g)``; ``base`` ends with the seed), up to ``wanted`` samples chosen, then
    ``target_task`` over the games holding them (``(*base, g, refills, [(sample
    index, index in its game), ...])``). Returns (samples chosen, every task's rows)."""
    counts = mapper(
        count_task,
        [(*base, g) for g in range(games)],
        ticker(on_progress, "self-play", games),
    )
    picks = chosen(counts, base[-1], wanted)
    games_of = by_game(picks)
    tasks = [(*base, g, refills, games_of[g]) for g in sorted(games_of)]
    found = mapper(target_task, tasks, ticker(on_progress, "targets", len(tasks)))
    return len(picks), [row for rows in found for row in rows]


class Worker:
    """What a process (or Ray task) needs to play and value a generation's games, made
    once a process: the game, its word list, its rules and the player."""

    made: dict = {}

    @classmethod
    def get(cls, game_name: str, spec: str, lexicon_path: str | None, rules) -> Any:
        """(game, player, word list or None, parsed rules)."""
        key = (game_name, spec, lexicon_path, rules)
        if key not in cls.made:
            from wordbot.dictionaries import Lexicon
            from wordbot.engine.games import GAMES

            game = GAMES.get_game(game_name)
            lexicon = Lexicon.load(lexicon_path, report=None) if lexicon_path else None
            cls.made[key] = (game, make_player(spec, game), lexicon, game.rules(rules))
        return cls.made[key]

"""Learning the value weights of a game's policy from self-play, a generation at a time.

A policy that values a position as its margin plus a weighted sum of features (Cross
words combat's ``territory``: :meth:`features`, ``weights``, ``value``) uses the value
to choose between its moves: what matters is how the positions its candidates reach
differ. So a generation plays games of the policy on the weights kept so far against
itself and samples the positions before their moves; each sampled position's
``CANDIDATES`` best moves by the policy are played, and each position reached gets as
its target what the mover's value gains ``HORIZON`` moves on (and on to where the mover
waits again), the policy playing every seat there (the mean over ``refills`` playouts,
each drawing its own ties), valued by the same weights: a short search, not the game's
outcome, whose noise buried what outcomes could teach. The weights are fitted, by ridge
regression around the kept ones, to how those gains differ between a position's
candidates, as their features differ (the game's phase, which moves every candidate
alike, drops out); so each generation's values are bootstrapped from the generation
before, as Scrabble programs learn leave values against the alternatives.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from wordbot.engine import learned
from wordbot.engine.rng import SplitMixRandom
from wordbot.players.arena import play_game
from wordbot.players.learning import Mapper, Worker, fit, sampled

#: moves a target looks ahead: both seats' next turns and their answers
HORIZON = 6
#: the policy's best moves of a sampled position whose positions are compared
CANDIDATES = 4
#: ridge penalty of the fit around the kept weights, in squared cells: thousands of
#: samples outweigh it
RIDGE = 1.0


def game_positions(game, player, g: int, seed: int, lexicon=None, rules=None) -> list:
    """The positions before each move of self-play game ``g`` of ``player`` (its deal
    and choices from ``seed`` and ``g``) that leave the game going, in turn."""
    positions: list = []

    def seen(before, _move, after) -> None:
        if not after.is_over:
            positions.append(before)

    deal_seed = seed * 1_000_003 + g
    state = game.new(game.default_players[:2], deal_seed, rules, lexicon)
    play_game(state, dict.fromkeys(state.players, player), deal_seed, on_move=seen)
    return positions


def count_task(args: tuple) -> int:
    """How many positions game ``g`` has (a task: ``(game, spec, lexicon, rules, seed,
    g)``)."""
    game_name, spec, lexicon_path, rules, seed, g = args
    game, player, lexicon, parsed = Worker.get(game_name, spec, lexicon_path, rules)
    return len(game_positions(game, player, g, seed, lexicon, parsed))


#: moves a target plays past ``HORIZON`` at most, to where its seat waits again
SETTLE = 4


def looked_ahead(player, state, viewer: str, moves: int, rng) -> float:
    """``viewer``'s value (by ``player``) of ``state`` after ``moves`` moves of
    ``player`` at every seat and on until ``viewer`` is not to move (at most
    :data:`SETTLE` more), or at the end when it comes first."""
    for played in range(moves + SETTLE):
        if state.is_over or (played >= moves and state.to_move != viewer):
            break
        state = state.apply(player.choose(state, rng), check=False)
    return float(player.value(state, viewer))


def samples_of(args: tuple) -> tuple[Any, int, int, list[tuple[int, Any]]]:
    """What a target task (``(game, spec, lexicon, rules, seed, g, refills, [(sample
    index, position index), ...])``) values: (the player, the seed, the refills, each
    sample's index and position in game ``g``)."""
    game_name, spec, lexicon_path, rules, seed, g, refills, wanted = args
    game, player, lexicon, parsed = Worker.get(game_name, spec, lexicon_path, rules)
    positions = game_positions(game, player, g, seed, lexicon, parsed)
    return player, seed, refills, [(i, positions[j]) for i, j in wanted]


def candidates_ahead(
    player, state, seed: int, i: int, refills: int
) -> list[tuple[Any, float]]:
    """The positions ``player``'s :data:`CANDIDATES` best moves of ``state`` (sample
    ``i``) reach that leave the game going, each with the mover's value
    :func:`looked_ahead` of it, the mean over ``refills`` playouts seeded by ``i``."""
    viewer = state.to_move
    rng = SplitMixRandom(seed * 65_537 + i)
    out = []
    for cand in player.top(state, CANDIDATES, rng):
        after = state.apply(cand.move, check=False)
        if after.is_over:
            continue
        draws = rng.getrandbits(62)
        ahead = sum(
            looked_ahead(player, after, viewer, HORIZON, SplitMixRandom(draws + r))
            for r in range(refills)
        )
        out.append((after, ahead / refills))
    return out


def target_task(args: tuple) -> list[tuple[int, list[list[float]], list[float]]]:
    """The features and targets of the candidates of some positions of a game (a task,
    :func:`samples_of`): (sample index, each candidate's features less their mean, each
    candidate's target less theirs). A candidate's target is what the mover's value
    gains from the position it reaches to :func:`looked_ahead`."""
    player, seed, refills, samples = samples_of(args)
    out = []
    for i, state in samples:
        seat, viewer = state.seat, state.to_move
        xs, ys = [], []
        for after, ahead in candidates_ahead(player, state, seed, i, refills):
            features = player.features(after, seat)
            now = player.value(after, viewer) - float(features @ player.weights)
            xs.append(features)
            ys.append(ahead - now)
        if len(xs) > 1:
            x, y = np.array(xs), np.array(ys)
            out.append((i, (x - x.mean(0)).tolist(), (y - y.mean()).tolist()))
    return out


class ValueLearner:
    """What ``wordbot learn`` learns of a game whose policy ``policy`` values positions
    by weights (see the module docstring)."""

    def __init__(self, game: str, policy: str, names: tuple[str, ...]):
        self.game = game
        self.policy = policy
        self.names = names
        self.description = f"the value weights of {policy} ({policy}:eval=FILE)"
        #: the player before any weights are learned: the hand-set ones
        self.start = f"{policy}:eval=hand"

    def spec(self, table: Path) -> str:
        """The player that plays the weights saved at ``table``."""
        return f"{self.policy}:eval={table}"

    def fit(
        self,
        game_name: str,
        best: str,
        games: int,
        wanted: int,
        refills: int,
        seed: int,
        table: Path,
        lexicon_path: str | None,
        rules: tuple[str, ...],
        made: dict | None,
        on_progress: Callable[[str, int, int], None] | None,
        mapper: Mapper,
    ) -> dict:
        """Play ``games`` self-play games of ``best``, fit the weights to the targets of
        up to ``wanted`` of their positions and save them to ``table`` with ``made``
        and their figures; those figures."""
        base = (game_name, best, lexicon_path, tuple(rules), seed)
        picked, rows = sampled(
            mapper, count_task, self.task, base, games, wanted, refills, on_progress
        )
        player = Worker.get(game_name, best, lexicon_path, tuple(rules))[1]
        values, found = self.fitted(rows, player)
        figures: dict[str, Any] = {
            "samples": picked,
            "refills": refills,
            "horizon": HORIZON,
            "from": best,
            **found,
        }
        weights = dict(zip(self.names, values.tolist(), strict=True))
        learned.LearnedWeights(self.game, weights, {**(made or {}), **figures}).save(table)
        return figures

    #: the task that values a generation's samples (:func:`target_task`'s rows)
    task: Callable[[tuple], list] = staticmethod(target_task)

    def fitted(self, rows: list, player: Any) -> tuple[np.ndarray, dict[str, Any]]:
        """The weights fitted to :attr:`task`'s ``rows`` around those ``player``
        plays, and the figures of the fit."""
        found_rows = {i: (features, values) for i, features, values in rows}
        # in the order of the samples, whichever worker valued them
        x = np.array([f for i in sorted(found_rows) for f in found_rows[i][0]])
        y = np.array([v for i in sorted(found_rows) for v in found_rows[i][1]])
        found = fit(x, y - x @ player.weights, RIDGE)
        values = player.weights + found.values
        spread = float(((y - y.mean()) ** 2).sum())
        return values, {
            "candidates": len(y),
            "r2": round(found.r2, 4),
            "r2_held_out": round(found.r2_held_out, 4),
            # the share of the targets the whole value explains, beside the share of
            # what the kept weights left that the change explains (r2)
            "r2_value": round(1 - float(((x @ values - y) ** 2).sum()) / spread, 4)
            if spread
            else 0.0,
        }

    def keep(self, table: Path, check: dict, to: Path) -> None:
        """Save the weights at ``table`` to ``to`` with the figures of the ``check``
        that kept them."""
        kept = learned.load(self.game, str(table), self.names)
        assert kept is not None  # a file: never the hand-set weights
        learned.LearnedWeights(self.game, kept.values, {**kept.made, "check": check}).save(
            to
        )

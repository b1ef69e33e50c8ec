"""Learning a leave table for ``control`` from self-play, a generation at a time.

A generation plays games of ``control`` (with the table kept so far) against itself and
samples the word plays made in them. Each sampled play's leave gets a target from one
move of lookahead, not from the game's outcome: the mover's best equity (points +
control change + leave, as ``control`` weighs it) on the board after the play, over
``refills`` draws that complete the leave as the rules draw, minus the same over as many
full racks dealt at random from the tiles the mover cannot see. A leave worth keeping
makes the next move better than a random rack would. The table is then fitted, by ridge
regression over the leave's features (:mod:`wordbot.movegen.controlword.leavefeatures`),
to what the hand-set leave weights leave of the targets unexplained: the table adds to
them, and features seen rarely stay near what the hand-set weights say. The
equities behind the targets are
valued with the table of the generation before, so tables are refined generation by
generation, as Scrabble programs make their leave values.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from wordbot.engine.controlword.adapter import evaluation, leavefeatures, rack_arrays
from wordbot.engine.controlword.moves import WordPlay
from wordbot.engine.controlword.tiles import BLUE
from wordbot.engine.rng import SplitMixRandom
from wordbot.players.arena import play_game
from wordbot.players.controlword.control import ControlPlayer
from wordbot.players.controlword.leaves import LeaveTable
from wordbot.players.registry import make_player

#: ridge penalty of the fit, in squared points: features seen rarely stay near zero
RIDGE = 4.0


@dataclass(frozen=True)
class Sample:
    """A word play made in self-play: the position, the play, and its leave as counts
    by letter code (own tiles, blue tiles)."""

    state: object
    move: WordPlay
    own: np.ndarray
    blue: np.ndarray


def leave_of(state, move: WordPlay) -> tuple[np.ndarray, np.ndarray]:
    """The tiles the mover keeps after ``move``: (own, blue) counts by letter code."""
    own, blue = rack_arrays(state.racks[state.to_move])
    for tile in move.tiles:
        kept = blue if tile.colour == BLUE else own
        kept[ord(tile.letter) - 64] -= 1
    return own, blue


def self_play_samples(
    game,
    player: ControlPlayer,
    games: int,
    seed: int,
    wanted: int,
    lexicon=None,
    rules=None,
    on_game: Callable[[], None] | None = None,
) -> list[Sample]:
    """Up to ``wanted`` word plays of ``games`` games of ``player`` against itself
    (deals and choices from ``seed``), each play kept with the same chance."""
    plays: list[Sample] = []

    def seen(before, move, after) -> None:
        if isinstance(move, WordPlay) and not after.is_over and after.phase == "word":
            plays.append(Sample(before, move, *leave_of(before, move)))

    for g in range(games):
        deal_seed = seed * 1_000_003 + g
        state = game.new(game.default_players[:2], deal_seed, rules, lexicon)
        play_game(state, dict.fromkeys(state.players, player), deal_seed, on_move=seen)
        if on_game is not None:
            on_game()
    if len(plays) > wanted:
        plays = random.Random(seed).sample(plays, wanted)
    return plays


def best_equity(player: ControlPlayer, state, seat: str) -> float:
    """``player``'s best equity of any action of ``seat`` in ``state``, as if it were
    that seat's turn."""
    turn = state if state.to_move == seat else state._copy(to_move=seat)
    _, _, equity, _, _, others = player._options(turn)
    return max(float(equity.max(initial=-np.inf)), *(e for e, *_ in others))


def target(player: ControlPlayer, sample: Sample, refills: int, seed: int) -> float:
    """The sample's leave's target: the mover's mean best equity after ``refills`` draws
    completing it, minus the mean over as many random full racks (see the module
    docstring)."""
    seat = sample.state.to_move
    other = next(p for p in sample.state.players if p != seat)
    rng = SplitMixRandom(seed)
    kept = drawn = 0.0
    for _ in range(refills):
        after = sample.state.determinize(seat, rng).apply(sample.move, check=False)
        kept += best_equity(player, after, seat)
        drawn += best_equity(player, after.determinize(other, rng), seat)
    return (kept - drawn) / refills


def features(samples: list[Sample]) -> np.ndarray:
    """Each sample's leave features, a row of zeros and ones."""
    x = np.zeros((len(samples), leavefeatures.LEAVE_FEATURES))
    active = np.empty(leavefeatures.MAX_ACTIVE, np.int64)
    for i, s in enumerate(samples):
        k = leavefeatures.active_features(s.own, s.blue, active)
        x[i, active[:k]] = 1.0
    return x


@dataclass(frozen=True)
class Fit:
    """A fitted table and how well it fits: the share of the targets' variance it
    explains on the samples it was fitted to and on the fifth held out."""

    values: np.ndarray
    r2: float
    r2_held_out: float


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> Fit:
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


class LeaveLearner:
    """What ``wordbot learn`` learns of Control Word: ``control``'s leave table, one
    generation at a time (:meth:`fit`)."""

    description = "the leave table of control (control:leaves=FILE)"
    #: the player before any table is learned
    start = "control"

    def spec(self, table: Path) -> str:
        """The player that plays the table saved at ``table``."""
        return f"control:leaves={table}"

    def fit(
        self,
        game,
        best: str,
        games: int,
        wanted: int,
        refills: int,
        seed: int,
        table: Path,
        lexicon=None,
        rules=None,
        made: dict | None = None,
        on_progress: Callable[[str, int, int], None] | None = None,
    ) -> dict:
        """Sample ``games`` self-play games of ``best``, fit a table to the targets of
        up to ``wanted`` of their word plays and save it to ``table`` with ``made`` and
        its figures; those figures."""
        player = make_player(best, game)
        done = [0]

        def tick(stage: str, total: int) -> Callable[[], None]:
            def step() -> None:
                done[0] += 1
                if on_progress is not None:
                    on_progress(stage, done[0], total)

            return step

        samples = self_play_samples(
            game, player, games, seed, wanted, lexicon, rules,
            on_game=tick("self-play", games),
        )  # fmt: skip
        done[0] = 0
        step = tick("targets", len(samples))
        y = np.empty(len(samples))
        for i, sample in enumerate(samples):
            y[i] = target(player, sample, refills, seed * 65_537 + i)
            step()
        hand = player.weights.vector()  # keep_slots 0: the next word play alone
        y -= [evaluation.leave_value(s.own, s.blue, 0, hand) for s in samples]
        found = fit(features(samples), y)
        figures = {
            "samples": len(samples),
            "refills": refills,
            "from": best,
            "r2": round(found.r2, 4),
            "r2_held_out": round(found.r2_held_out, 4),
        }
        LeaveTable(found.values, {**(made or {}), **figures}).save(table)
        return figures


LEARNER = LeaveLearner()

"""Learning a leave table for ``control`` from self-play, a generation at a time.

A generation plays games of ``control`` (with the table kept so far) against itself and
samples the word plays made in them. A word play's leave goes into the round's
replacement phase, then the draw back up to the rack limit; each sampled leave gets a
target from lookahead through them, not from the game's outcome: what the mover's
position is worth at its next word turn (its static value and its best equity there,
``control`` playing every seat until then), over ``refills`` deals of what it cannot
see, minus the same with the leave swapped for as many random tiles. The table is
fitted, by ridge regression over the leave's features
(:mod:`wordbot.movegen.controlword.leavefeatures`), to what the hand-set leave weights
leave of those targets unexplained (both sides of the difference valued by them): the
table adds to them, and a feature seen rarely stays near what they say. The values
behind the targets come from the table of the generation before, so tables are refined
generation by generation, as Scrabble programs make their leave values.
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
from wordbot.players.controlword.control import ControlPlayer, static_value
from wordbot.players.controlword.leaves import LeaveTable, load
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
        if isinstance(move, WordPlay) and not after.is_over:
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
    """``player``'s best equity of any action of ``seat`` in ``state``, its turn."""
    _, _, equity, _, _, others = player._options(state)
    return max(float(equity.max(initial=-np.inf)), *(e for e, *_ in others))


def next_turn_value(player: ControlPlayer, state, seat: str, rng) -> float:
    """What ``seat``'s position is worth when its next word-phase turn comes, ``player``
    playing every seat until then (the replacement phase, the draw): its static value
    (points and the risk-weighted control of the board) plus its best equity there;
    the final margin when the game ends first."""
    while not state.is_over and not (state.phase == "word" and state.to_move == seat):
        state = state.apply(player.choose(state, rng), check=False)
    if state.is_over:
        return float(state.outcome().margin(seat))
    return static_value(state, seat, player.weights) + best_equity(player, state, seat)


def target(player: ControlPlayer, sample: Sample, refills: int, seed: int) -> float:
    """The sample's leave's target: the mover's mean value at its next word turn
    (:func:`next_turn_value`) after the play, over ``refills`` deals of what it cannot
    see, minus the same with its leave swapped for random tiles as many, less what the
    hand-set leave weights already say of the difference (see the module docstring)."""
    seat = sample.state.to_move
    other = next(p for p in sample.state.players if p != seat)
    rng = SplitMixRandom(seed)
    hand = player.weights.vector()
    kept = swapped = 0.0
    for _ in range(refills):
        deal, swap, play = (rng.getrandbits(62) for _ in range(3))
        after = sample.state.determinize(seat, SplitMixRandom(deal))
        after = after.apply(sample.move, check=False)
        random_leave = after.determinize(other, SplitMixRandom(swap))
        # both on the same choices where the racks do not tell them apart
        kept += next_turn_value(player, after, seat, SplitMixRandom(play))
        swapped += next_turn_value(player, random_leave, seat, SplitMixRandom(play))
        own, blue = rack_arrays(random_leave.racks[seat])
        swapped += evaluation.leave_value(own, blue, 0, hand)
    return (kept - swapped) / refills - evaluation.leave_value(
        sample.own, sample.blue, 0, hand
    )


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

    def keep(self, table: Path, check: dict, to: Path) -> None:
        """Save the table at ``table`` to ``to`` with the figures of the ``check`` that
        kept it."""
        kept = load(str(table))
        assert kept is not None  # a file: never the hand-set leaves
        LeaveTable(kept.values, {**kept.made, "check": check}).save(to)


LEARNER = LeaveLearner()

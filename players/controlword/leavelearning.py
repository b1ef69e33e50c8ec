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

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from wordbot.engine.controlword.adapter import evaluation, leavefeatures, rack_arrays
from wordbot.engine.controlword.leaves import LeaveTable, load
from wordbot.engine.controlword.moves import Pass, WordPlay
from wordbot.engine.controlword.tiles import BLUE
from wordbot.engine.rng import SplitMixRandom
from wordbot.players.arena import play_game
from wordbot.players.controlword.control import ControlPlayer, static_value
from wordbot.players.learning import Fit, Mapper, Worker, sampled
from wordbot.players.learning import fit as ridge_fit

#: ridge penalty of the fit, in squared points: features seen rarely stay near zero
RIDGE = 4.0
#: a pass is valued beside every this many word plays of self-play
PASS_EVERY = 3


@dataclass(frozen=True)
class Sample:
    """A word play made in self-play (or a pass in its position): the position, the
    move, and its leave as counts by letter code (own tiles, blue tiles)."""

    state: Any
    move: WordPlay | Pass
    own: np.ndarray
    blue: np.ndarray


def leave_of(state, move: WordPlay | Pass) -> tuple[np.ndarray, np.ndarray]:
    """The tiles the mover keeps after ``move``: (own, blue) counts by letter code."""
    own, blue = rack_arrays(state.racks[state.to_move])
    for tile in getattr(move, "tiles", ()):
        kept = blue if tile.colour == BLUE else own
        kept[ord(tile.letter) - 64] -= 1
    return own, blue


def game_plays(game, player: ControlPlayer, g: int, seed: int, lexicon=None, rules=None):
    """The word plays of self-play game ``g`` of ``player`` (its deal and choices from
    ``seed`` and ``g``) that leave the game going, and a pass in every
    :data:`PASS_EVERY`-th of their positions: (position, move) pairs in turn. A pass
    keeps the whole rack: without it the table would never see a leave that large, and
    would value one as the sum of its letters (a pass then outweighs a small play)."""
    plays: list[tuple] = []
    words = [0]

    def seen(before, move, after) -> None:
        if isinstance(move, WordPlay) and not after.is_over:
            plays.append((before, move))
            words[0] += 1
            if words[0] % PASS_EVERY == 0:
                plays.append((before, Pass()))

    deal_seed = seed * 1_000_003 + g
    state = game.new(game.default_players[:2], deal_seed, rules, lexicon)
    play_game(state, dict.fromkeys(state.players, player), deal_seed, on_move=seen)
    return plays


def count_task(args: tuple) -> int:
    """How many plays game ``g`` has (a task: ``(game, spec, lexicon, rules, seed,
    g)``)."""
    game_name, spec, lexicon_path, rules, seed, g = args
    game, player, lexicon, parsed = Worker.get(game_name, spec, lexicon_path, rules)
    return len(game_plays(game, player, g, seed, lexicon, parsed))


def target_task(args: tuple) -> list[tuple[int, list[int], float]]:
    """The features and targets of some plays of game ``g`` (a task: ``(game, spec,
    lexicon, rules, seed, g, refills, [(sample index, play index), ...])``): (sample
    index, active features, target) each, the target seeded by its sample index."""
    game_name, spec, lexicon_path, rules, seed, g, refills, wanted = args
    game, player, lexicon, parsed = Worker.get(game_name, spec, lexicon_path, rules)
    plays = game_plays(game, player, g, seed, lexicon, parsed)
    active = np.empty(leavefeatures.MAX_ACTIVE, np.int64)
    out = []
    for i, j in wanted:
        state, move = plays[j]
        sample = Sample(state, move, *leave_of(state, move))
        k = leavefeatures.active_features(sample.own, sample.blue, active)
        out.append(
            (i, active[:k].tolist(), target(player, sample, refills, seed * 65_537 + i))
        )
    return out


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


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> Fit:
    """The ridge fit of a table (:func:`wordbot.players.learning.fit`), at the
    leaves' own penalty."""
    return ridge_fit(x, y, ridge)


class LeaveLearner:
    """What ``wordbot learn`` learns of Control Word: ``control``'s leave table, one
    generation at a time (:meth:`fit`)."""

    description = "the leave table of control (control:leaves=FILE)"
    #: the player before any table is learned: the hand-set leaves
    start = "control:leaves=hand"

    def spec(self, table: Path) -> str:
        """The player that plays the table saved at ``table``."""
        return f"control:leaves={table}"

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
        """Play ``games`` self-play games of ``best``, fit a table to the targets of up
        to ``wanted`` of their word plays and save it to ``table`` with ``made`` and its
        figures; those figures. ``mapper`` spreads the games over workers: every game's
        plays and targets follow from the seed and the game alone, so the table is the
        same on any number of workers."""
        base = (game_name, best, lexicon_path, tuple(rules), seed)
        picked, rows = sampled(
            mapper, count_task, target_task, base, games, wanted, refills, on_progress
        )
        x = np.zeros((picked, leavefeatures.LEAVE_FEATURES))
        y = np.empty(picked)
        for i, active, value in rows:
            x[i, active] = 1.0
            y[i] = value
        found = fit(x, y)
        from wordbot.dictionaries import Lexicon

        figures = {
            # the word list it was learned on: control:leaves=auto plays it there only
            "lexicon": Lexicon.load(lexicon_path, report=None).digest,
            "samples": picked,
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

"""How a searching player plays its playouts: in the game's compiled core
(:mod:`wordbot.engine.core`) when it has one that plays the playouts' policy, in Python
otherwise, with the same moves either way.

A playout's random choices come from one generator seeded by the playout's seed, shared
by every seat (:class:`~wordbot.engine.rng.SplitMixRandom`, whose draws the compiled
policies make again), so a playout replays from its seed in any process, compiled or not.

>>> from wordbot.engine import get_game
>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.players import make_player
>>> game = get_game("routewords")
>>> state = game.new(seed=3, lexicon=Lexicon.from_words(["ART", "RAT", "TAR", "TEA", "EAT"]))
>>> greedy = make_player("greedy", game)
>>> moves = [c.move for c in greedy.top(state, 2)]
>>> ends = Playouts(game, greedy, greedy).run(state, moves, seed=7, horizon=2, mover="red")
>>> len(ends), all(isinstance(e.value, float) for e in ends)
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from wordbot.engine.core import GAME_HORIZON, TO_END, Core, Packed
from wordbot.engine.game import Game
from wordbot.engine.movelist import Move
from wordbot.engine.rng import SplitMixRandom
from wordbot.engine.state import GameState
from wordbot.players.alphabeta import Branch
from wordbot.players.base import Player


@dataclass(frozen=True)
class End:
    """Where a playout stopped, for the mover: the leaf player's value there; whether
    the game ended; if so the mover's final margin and its share of the win (1, a
    shared first place 1/k... as 1/2, 0)."""

    value: float
    ended: bool
    margin: float = 0.0
    win: float = 0.0


def end_of(state: GameState, value: float, mover: str) -> End:
    """The :class:`End` of a playout that stopped at ``state`` (valued ``value``)."""
    if not state.is_over:
        return End(value, False)
    outcome = state.outcome()
    win = 0.0
    if mover in outcome.winners:
        win = 1.0 if len(outcome.winners) == 1 else 0.5
    return End(value, True, float(outcome.margin(mover)), win)


class Playouts:
    """The playouts of one decision's search, played by ``rollout`` and valued at their
    end by ``leaf``'s :meth:`~wordbot.players.base.Player.value`."""

    def __init__(self, game: Game, rollout: Player, leaf: Player):
        self.game = game
        self.rollout = rollout
        self.leaf = leaf
        # a player's spec is text made on every read, and a search asks once a playout
        self._specs = (rollout.spec, leaf.spec)
        self._branch: list[tuple[GameState, Packed]] = []  # see leaf_values

    def core(self, state: GameState) -> Core | None:
        """The compiled core that plays these playouts from ``state`` (None: Python)."""
        from wordbot.engine.core import core_of

        core = core_of(state)
        return core if core is not None and self._ids(core)[0] is not None else None

    def _ids(self, core: Core) -> tuple[int | None, int | None]:
        """The core's ids of the rollout and the leaf player, each where the core
        compiles that player as it is (its name, no options changed), else None."""
        return core.policies.get(self._specs[0]), core.policies.get(self._specs[1])

    def run(
        self,
        sample: GameState,
        moves: Sequence[Move],
        seed: int,
        horizon: int,
        mover: str,
    ) -> list[End]:
        """Each of ``moves`` applied to ``sample`` and played on to ``horizon`` (moves;
        :data:`~wordbot.engine.core.TO_END`; :data:`~wordbot.engine.core.GAME_HORIZON`)
        on the same future: the generator seeded ``seed``."""
        core = self.core(sample)
        if core is None:
            return [self._python(sample, m, seed, horizon, mover) for m in moves]
        return self._compiled(core, sample, moves, seed, horizon, mover)

    def _python(
        self, sample: GameState, move: Move, seed: int, horizon: int, mover: str
    ) -> End:
        state = start = sample.apply(move, check=False)
        rng = SplitMixRandom(seed)
        steps = 0
        while not state.is_over:
            if horizon > 0 and steps >= horizon:
                break
            if horizon == GAME_HORIZON and self.game.playout_done(start, state):
                break
            state = state.apply(self.rollout.choose(state, rng), check=False)
            steps += 1
        return end_of(state, self.leaf.value(state, mover), mover)

    def _compiled(
        self,
        core: Core,
        sample: GameState,
        moves: Sequence[Move],
        seed: int,
        horizon: int,
        mover: str,
    ) -> list[End]:
        packed = core.pack(sample)
        rows = np.array([core.encode(packed, m) for m in moves], dtype=np.int64)
        policy, leaf_id = self._ids(core)
        assert policy is not None
        seats = len(sample.players)
        batch = core.playouts(
            packed,
            rows,
            [policy] * seats,
            np.array([seed], dtype=np.uint64),
            horizon,
            keep=True,
        )
        assert batch.finals is not None
        me = sample.players.index(mover)
        out = []
        # plain numbers: a few numpy calls a playout cost more than its arithmetic
        all_scores, all_ended = batch.scores[:, 0].tolist(), batch.ended[:, 0].tolist()
        for i in range(len(moves)):
            final = batch.finals[i][0]
            scores, ended = all_scores[i], bool(all_ended[i])
            values = None if leaf_id is None else core.values(final, leaf_id)
            if values is not None:
                value = float(values[me])
                top = max(scores)
                if ended and (scores.count(top) == 1 or scores[me] != top):
                    best_other = max(s for seat, s in enumerate(scores) if seat != me)
                    margin = float(scores[me] - best_other)
                    out.append(End(value, True, margin, float(scores[me] == top)))
                    continue
                if not ended:
                    out.append(End(value, False))
                    continue
            # a shared top score: the game's own tie-breaks decide (rare); or a leaf
            # valued in Python
            state = core.unpack(final)
            value = self.leaf.value(state, mover) if values is None else value
            out.append(end_of(state, value, mover))
        return out

    def leaf_values(
        self,
        state: GameState,
        seed: int,
        horizon: int,
        branch: Branch = (),
    ) -> tuple[list[float], bool]:
        """A tree leaf's values: ``state`` played on to ``horizon`` (0: not at all)
        with the generator seeded ``seed``, then every seat's final margin if the game
        ended, else the leaf player's value of it for every seat; and whether it ended.

        ``branch``: the positions from the tree's root to ``state``, each with the move
        played there. A compiled core then packs the root once and every other position
        from the one before it (a copy and a move), keeping those of the last branch that
        the next shares (a leaf's siblings, its cousins), where packing every leaf would
        cost more than its playout."""
        if horizon != 0 and not state.is_over:
            core, seats = self.core(state), len(state.players)
            if core is not None and branch:
                packed = self._along(core, branch)
                if packed is not None:
                    return self.compiled_leaf(core, packed, seats, seed, horizon)
            if core is not None and not 0 < horizon <= core.python_plies:
                return self.compiled_leaf(core, core.pack(state), seats, seed, horizon)
            start, draws, steps = state, SplitMixRandom(seed), 0
            while not state.is_over and (horizon < 0 or steps < horizon):
                if horizon < 0 and self.game.playout_done(start, state):
                    break
                state = state.apply(self.rollout.choose(state, draws), check=False)
                steps += 1
        return self.values_at(state)

    def _along(self, core: Core, branch: Branch) -> Packed | None:
        """Where ``branch`` leads, packed: each of its positions from the one before, the
        first packed, those the last branch shares (the same objects) kept from it; None
        where the core refuses the first."""
        kept, shared = self._branch, 0
        while shared < min(len(kept), len(branch)) and kept[shared][0] is branch[shared][0]:
            shared += 1
        del kept[shared:]
        if not kept:
            if core.refuses(branch[0][0]) is not None:
                return None
            kept.append((branch[0][0], core.pack(branch[0][0])))
        for i in range(len(kept), len(branch)):
            kept.append((branch[i][0], _moved(core, kept[i - 1][1], branch[i - 1][1])))
        return _moved(core, kept[-1][1], branch[-1][1])

    def compiled_leaf(
        self, core: Core, packed: Packed, seats: int, seed: int, horizon: int
    ) -> tuple[list[float], bool]:
        """The values of ``packed`` (changed) as :meth:`leaf_values` gives them."""
        policy, leaf_id = self._ids(core)
        assert policy is not None
        seeds = np.array([seed], np.uint64)
        core.playout(packed, [policy] * seats, seeds, horizon)
        values = None
        if leaf_id is not None and not core.is_over(packed):
            values = core.values(packed, leaf_id)
        if values is None:
            return self.values_at(core.unpack(packed))
        return [float(v) for v in values], False

    def values_at(self, state: GameState) -> tuple[list[float], bool]:
        """Every seat's final margin at the end of the game, else the leaf player's
        value; and whether the game ended."""
        if state.is_over:
            outcome = state.outcome()
            return [float(outcome.margin(p)) for p in state.players], True
        return [self.leaf.value(state, p) for p in state.players], False


def _moved(core: Core, packed: Packed, move: Move) -> Packed:
    """A copy of ``packed`` with ``move`` played (``packed`` is not changed)."""
    out = packed.copy()
    core.apply(out, core.encode(packed, move))
    return out


def horizon_of(plies: int, to_end: bool) -> int:
    """A playout's horizon from ``mc``'s options: ``plies`` moves, the end, or the
    game's own stop.

    >>> horizon_of(3, False), horizon_of(0, True), horizon_of(0, False)
    (3, 0, -1)
    """
    if plies:
        return plies
    return TO_END if to_end else GAME_HORIZON

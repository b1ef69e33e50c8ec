"""Selective alpha-beta with iterative deepening, for games of perfect information.

A node searches the top ``k`` candidates of a policy (its move ordering; at the root the
game's policy, below it ``search``'s ``inner`` player), the best of the previous
iteration first. The depth grows one move at a time until the budget runs out; every
root candidate is weighed at the first depth whatever the budget. A leaf is worth what
``leaf(state, key, branch)`` says it is to the searching player (``key``: the position's
transposition key; ``branch``: the positions from the root to the leaf, each with the
move played there, so that a leaf valuer can carry what it made of a position over to
the positions below it): every other player is taken to play against it (the paranoid
rule, which for two players is plain minimax), and a player moving twice in a row (an
extra turn) is followed as it is. Positions reached along two orders of moves share
their candidates and values through a table keyed by their transposition keys
(:meth:`~wordbot.engine.state.GameState.transposition_key`).

Why not only the Monte Carlo tree: at a tenth of a second a tree holds a few dozen
positions, and a node's mean over its replies then counts the opponent's poor replies
as much as its best one; alpha-beta takes the best reply.

>>> import random
>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine import get_game
>>> from wordbot.players import make_player
>>> lexicon = Lexicon.from_words(["ART", "ATE", "EAT", "ERA", "NET", "ONE", "RAT", "TEA", "TEN"])
>>> state = get_game("routewords").new(seed=1, lexicon=lexicon)
>>> greedy = make_player("greedy")
>>> search = AlphaBeta(
...     lambda s: greedy.moves(s, 3, random.Random(0)),
...     lambda s, key, branch: greedy.value(s, state.to_move),
...     leaves=50,
... )
>>> ranked = search.run(state, greedy.top(state, 3, random.Random(0)))
>>> len(ranked), search.depth >= 1, search.leaves <= 50 + len(ranked)
(3, True, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState
from wordbot.players.base import Candidate


class Position(Protocol):
    """What the search reads of a position: a game's state, or a position of the game's
    compiled core (:class:`~wordbot.players.packed.PackedNode`), whose moves are rows."""

    @property
    def to_move(self) -> str: ...

    @property
    def is_over(self) -> bool: ...

    def apply(self, move: Any, check: bool = True) -> Position: ...

    def transposition_key(self) -> Hashable: ...


#: the positions from the root to a leaf, each with the move played there
Branch = Sequence[tuple[GameState, Move]]
#: a leaf's value: ``leaf(state, key, branch)``, ``state`` being where ``branch`` leads
#: (a packed position's branch holds packed positions and rows)
Leaf = Callable[[Any, Hashable, Any], float]


class _OutOfBudget(Exception):
    """The time or the leaves ran out in the middle of an iteration."""


@dataclass
class Scored:
    """A root candidate with its value at the deepest depth it was searched to, and the
    leaves valued below it."""

    cand: Candidate
    value: float = -math.inf
    depth: int = 0
    leaves: int = 0


@dataclass
class _Entry:
    """What the table keeps of a position: its candidate moves (ranked once) and the
    depth, value and best candidate of its deepest search."""

    moves: list[Any] | None = None
    depth: int = -1
    value: float = 0.0
    bound: int = 0  # 0 exact, -1 an upper bound (failed low), +1 a lower bound (high)
    best: int = 0


class AlphaBeta:
    """Iterative-deepening alpha-beta (see the module docstring). ``expand(state)``
    ranks a position's candidate moves, ``leaf(state, key, branch)`` values a position
    for the searching player; ``seconds``, ``leaves`` (0: no cap) and ``depth`` (in
    moves; the default is deeper than any game here needs) bound a search."""

    def __init__(
        self,
        expand: Callable[[Any], list[Any]],
        leaf: Leaf,
        seconds: float = math.inf,
        leaves: int = 0,
        depth: int = 64,
    ):
        self.expand, self.leaf = expand, leaf
        self.seconds, self.max_leaves, self.max_depth = seconds, leaves, depth
        self.depth = 0  # the deepest depth finished
        self.leaves = 0  # leaves valued by the last run
        self._table: dict[Hashable, _Entry] = {}
        self._values: dict[Hashable, float] = {}
        self._started = 0.0
        self._me = ""
        self._limited = False  # whether the budget is checked (not at the first depth)
        self._best = 0  # the root candidate best so far
        self._branch: list[tuple[Position, Any]] = []  # the root to the node searched

    def run(
        self, state: Position, cands: list[Candidate], started: float | None = None
    ) -> list[Scored]:
        """The root's candidates ``cands`` searched: the best first, then the rest by
        the deepest value each has. The clock runs from ``started`` (a
        ``time.perf_counter()``; default: now), so that ranking ``cands`` counts."""
        self._started = time.perf_counter() if started is None else started
        self._me = state.to_move
        self._table.clear()
        self._values.clear()
        self._branch.clear()
        self.depth = self.leaves = self._best = 0
        root = [Scored(c) for c in cands]
        order = list(range(len(root)))
        while len(root) > 1 and self.depth < self.max_depth:
            self._limited = self.depth > 0
            try:
                self._root(state, root, order, self.depth + 1)
            except _OutOfBudget:
                break
            self.depth += 1
            order.sort(key=lambda i: -root[i].value)  # stable: the policy's order on ties
        best = root[self._best]
        rest = sorted((s for s in root if s is not best), key=lambda s: (s.depth, s.value))
        return [best] + rest[::-1]

    def _root(
        self, state: Position, root: list[Scored], order: list[int], depth: int
    ) -> None:
        """One depth of the root: each candidate's value (the first's exact, the
        others' exact when better, else a bound no better than the best's); the best
        so far in ``_best``, so that an iteration cut short still counts once its first
        candidate is searched."""
        alpha = -math.inf
        for n, i in enumerate(order):
            before = self.leaves
            move = root[i].cand.move
            self._branch.append((state, move))
            value = self._value(state.apply(move, check=False), depth - 1, alpha, math.inf)
            self._branch.pop()
            scored = root[i]
            scored.leaves += self.leaves - before
            scored.value, scored.depth = value, depth
            if n == 0 or value > alpha:
                alpha, self._best = value, i

    def _value(self, state: Position, depth: int, alpha: float, beta: float) -> float:
        """The value of ``state`` searched ``depth`` moves deep, within (alpha, beta)."""
        if depth <= 0 or state.is_over:
            return self._leaf(state)
        self._check()
        key = state.transposition_key()
        entry = self._table.get(key)
        if entry is None:
            entry = self._table[key] = _Entry()
        if entry.depth >= depth:
            if entry.bound == 0:
                return entry.value
            if entry.bound < 0 and entry.value <= alpha:
                return entry.value
            if entry.bound > 0 and entry.value >= beta:
                return entry.value
        if entry.moves is None:
            entry.moves = self.expand(state)
        if not entry.moves:
            return self._leaf(state)
        mine = state.to_move == self._me
        low, high = alpha, beta
        best = -math.inf if mine else math.inf
        # the best of the last search here first, then the policy's order
        others = (i for i in range(len(entry.moves)) if i != entry.best)
        for i in [entry.best, *others]:
            move = entry.moves[i]
            self._branch.append((state, move))
            value = self._value(state.apply(move, check=False), depth - 1, low, high)
            self._branch.pop()
            if (value > best) if mine else (value < best):
                best, entry.best = value, i
            if mine:
                low = max(low, value)
            else:
                high = min(high, value)
            if low >= high:
                break
        entry.depth, entry.value = depth, best
        entry.bound = 1 if best >= beta else -1 if best <= alpha else 0
        return best

    def _leaf(self, state: Position) -> float:
        key = state.transposition_key()
        value = self._values.get(key)
        if value is None:
            self._check()
            value = self._values[key] = self.leaf(state, key, self._branch)
            self.leaves += 1
        return value

    def line(self, state: Position, cand: Candidate) -> Position:
        """The position the last search expects after ``cand``: each node's best
        candidate followed down to where the search valued a leaf."""
        state = state.apply(cand.move, check=False)
        entry = self._table.get(state.transposition_key())
        while entry is not None and entry.moves and entry.depth > 0 and not state.is_over:
            state = state.apply(entry.moves[entry.best], check=False)
            entry = self._table.get(state.transposition_key())
        return state

    def _check(self) -> None:
        """Stop the search (past its first depth) once its budget is spent."""
        if not self._limited:
            return
        if self.max_leaves and self.leaves >= self.max_leaves:
            raise _OutOfBudget
        if time.perf_counter() - self._started >= self.seconds:
            raise _OutOfBudget

"""Monte Carlo tree search over a policy's top candidates, ``search``'s ``tree=mcts``
(:mod:`~wordbot.players.search`).

A node's candidates are a player's top ``k``, tried best ranked first (PUCT with the
prior 1/rank, normalised, exploration ``c``); every candidate of a node is tried once
before the best are searched further; a position met along two orders of moves is one
node (a table keyed by transposition keys); a leaf is valued for every seat, and the
root's most visited move is played, the search stopping once no other can catch it up.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import replace

from wordbot.engine.state import GameState
from wordbot.players.alphabeta import Branch
from wordbot.players.base import Candidate, Progress
from wordbot.players.montecarlo import _interval

#: a node's candidates: (position, generator) -> the player's top candidates
Expand = Callable[[GameState, random.Random], list[Candidate]]
#: a leaf's value: (position, generator, branch) -> (every seat's value, game ended)
Leaf = Callable[[GameState, random.Random, Branch], tuple[list[float], bool]]


class Node:
    """A position of the tree: its candidates (made when first passed through) and, per
    seat, the visits' summed utility, raw value and wins; ``ended``: the visits whose
    playout reached the end of the game (the wins are a win rate only when all did)."""

    __slots__ = (
        "cands",
        "children",
        "ended",
        "priors",
        "raw",
        "state",
        "utility",
        "visits",
        "wins",
    )

    def __init__(self, state: GameState, seats: int):
        self.state = state
        self.cands: list[Candidate] | None = None
        self.children: list[Node | None] = []
        self.priors: list[float] = []
        self.visits = 0
        self.ended = 0
        self.utility = [0.0] * seats
        self.raw = [0.0] * seats
        self.wins = [0.0] * seats

    def q(self, seat: int) -> float:
        return self.utility[seat] / self.visits

    def decided(self, simulations: int, elapsed: float, seconds: float) -> bool:
        """Whether the most visited child can no longer be caught in the time left, at
        the pace of ``simulations`` in ``elapsed`` seconds of ``seconds``."""
        visits = sorted((c.visits for c in self.children if c is not None), reverse=True)
        if len(visits) < 2:
            return False
        left = simulations * (seconds - elapsed) / max(elapsed, 1e-9)
        return visits[0] - visits[1] > left


class MonteCarloTree:
    """One decision's tree: ``expand`` gives a node's candidates below the root, ``leaf``
    values a leaf for every seat and ``utility`` turns a value into what a visit adds;
    at most ``iterations`` simulations (0: no cap) and ``seconds``."""

    def __init__(
        self,
        expand: Expand,
        leaf: Leaf,
        utility: Callable[[float, bool], float],
        c: float,
        seconds: float,
        iterations: int,
    ):
        self.expand, self.leaf, self.utility = expand, leaf, utility
        self.c, self.seconds, self.iterations = c, seconds, iterations
        self.simulations = 0

    def run(
        self,
        state: GameState,
        root_cands: list[Candidate],
        rng: random.Random,
        n: int,
        started: float,
        progress: Progress | None = None,
    ) -> list[Candidate]:
        """The root's ``n`` best of ``root_cands``, most visited first; the seconds
        count from ``started`` (the ``time.perf_counter()`` the decision started at)."""
        table: dict[Hashable, Node] = {}
        root = Node(state, len(state.players))
        self._grow(root, root_cands)
        self.simulations = 0
        if len(root_cands) > 1:
            while True:
                self._simulate(root, table, rng)
                self.simulations += 1
                cap = self.iterations
                if cap and self.simulations >= cap:
                    break
                elapsed = time.perf_counter() - started
                # however short the time, every candidate of the root is weighed once
                # (the first simulation values the root itself)
                if elapsed >= self.seconds and self.simulations > len(root_cands):
                    break
                if self.simulations % 16 == 0:
                    if progress is not None and progress(self.ranking(root)[:n]):
                        break
                    if not cap and root.decided(self.simulations, elapsed, self.seconds):
                        break
        return self.ranking(root)[:n]

    @staticmethod
    def _grow(node: Node, cands: list[Candidate]) -> None:
        """Give ``node`` its candidates, the better ranked the likelier tried first."""
        node.cands = cands
        weights = [1.0 / (i + 1) for i in range(len(cands))]
        node.priors = [w / sum(weights) for w in weights]
        node.children = [None] * len(cands)

    def _simulate(
        self, root: Node, table: dict[Hashable, Node], rng: random.Random
    ) -> None:
        """One simulation: down the tree by PUCT to a position not searched yet, its
        value for every seat, and back up."""
        path = [root]
        node = root
        branch: Branch = ()  # what made node's position (if this descent did)
        while node.visits > 0 and not node.state.is_over:
            if node.cands is None:
                self._grow(node, self.expand(node.state, rng))
            i = self._select(node)
            child = node.children[i]
            made: Branch = ()
            if child is None:
                assert node.cands is not None
                after = node.state.apply(node.cands[i].move, check=False)
                key = after.transposition_key()
                child = table.get(key)
                if child is None:
                    child = table[key] = Node(after, len(root.utility))
                    made = [(node.state, node.cands[i].move)]
                node.children[i] = child
            if child in path:  # a position met again on this line: value it as a leaf
                break
            path.append(child)
            branch, node = made, child
        raw, final = self.leaf(node.state, rng, branch)
        utility = [self.utility(v, final) for v in raw]
        for visited in path:
            visited.visits += 1
            visited.ended += final
            for s, (u, v) in enumerate(zip(utility, raw)):
                visited.utility[s] += u
                visited.raw[s] += v
                visited.wins[s] += 1.0 if v > 0 else 0.5 if v == 0 else 0.0

    def _select(self, node: Node) -> int:
        if None in node.children:  # a candidate not tried yet: the best ranked first
            return node.children.index(None)
        seat = node.state.seat
        root_n = math.sqrt(node.visits)
        first = node.q(seat)  # an untried move is first taken to be worth the node
        best, best_score = 0, -math.inf
        for i, prior in enumerate(node.priors):
            child = node.children[i]
            if child is None or child.visits == 0:
                score = first + self.c * prior * root_n
            else:
                score = child.q(seat) + self.c * prior * root_n / (1 + child.visits)
            if score > best_score:
                best, best_score = i, score
        return best

    @staticmethod
    def ranking(root: Node) -> list[Candidate]:
        """The root's candidates, most visited first (ties: the better mean utility,
        then the policy's order)."""
        assert root.cands is not None
        seat = root.state.seat
        seen = [c if c is not None and c.visits else None for c in root.children]

        def key(i: int) -> tuple[int, float, int]:
            child = seen[i]
            return (child.visits, child.q(seat), -i) if child else (0, -math.inf, -i)

        out = []
        for i in sorted(range(len(root.cands)), key=key, reverse=True):
            cand, child = root.cands[i], seen[i]
            if child is None:
                out.append(replace(cand, iterations=0, details=dict(cand.details)))
                continue
            ended = child.ended == child.visits  # else no win rate: see montecarlo
            out.append(
                Candidate(
                    cand.move,
                    cand.notation,
                    points=cand.points,
                    equity=child.q(seat),
                    win_rate=child.wins[seat] / child.visits if ended else None,
                    iterations=child.visits,
                    details=dict(cand.details),
                    interval=_interval(child.wins[seat], child.visits) if ended else None,
                    margin=child.raw[seat] / child.visits,
                    margin_at="end" if ended else "horizon",
                )
            )
        return out

"""The positions of ``search``'s Monte Carlo tree (:mod:`~wordbot.players.search`)."""

from __future__ import annotations

from wordbot.engine.state import GameState
from wordbot.players.base import Candidate


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

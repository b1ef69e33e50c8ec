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

"""``random``: uniform over every legal action. The floor of the strength ladder."""

from __future__ import annotations

from wordbot.players.base import Candidate, Limit, Player
from wordbot.players.registry import register


@register
class RandomPlayer(Player):
    """Picks uniformly among ``state.legal_moves()`` (its own seeded generator)."""

    name = "random"
    description = "uniform over the legal actions"

    def analyse(self, state, limit: Limit | None = None) -> list[Candidate]:
        moves = state.legal_moves()
        move = moves[self.rng.randrange(len(moves))]
        return [Candidate(move, state.notation(move), iterations=1)]

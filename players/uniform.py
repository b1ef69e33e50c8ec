"""``random``: uniform over every legal action. The floor of the strength ladder."""

from __future__ import annotations

from wordbot.players.base import Candidate, Limit, Player
from wordbot.players.plays import replacement_move, replacement_plays, word_move, word_plays
from wordbot.players.registry import register


@register
class RandomPlayer(Player):
    """Picks uniformly among the legal actions of ``state.legal_moves()`` (plays with own
    tiles first, pass, redraw, exchanges), from its own seeded generator. Only the move
    picked is built: the plays stay in the generator's arrays."""

    name = "random"
    description = "uniform over the legal actions"

    def choose(self, state, limit: Limit | None = None):
        if state.phase == "over":
            raise ValueError("the game is over")
        if state.phase == "word":
            plays, make = word_plays(state), word_move
        else:
            plays, make = replacement_plays(state), replacement_move
        others = state.other_moves()
        k = self.rng.randrange(len(plays) + len(others))
        return make(state, plays, k) if k < len(plays) else others[k - len(plays)]

    def analyse(self, state, limit: Limit | None = None, top: int | None = None):
        move = self.choose(state, limit)
        return [Candidate(move, state.notation(move), iterations=1)]

"""``greedy``: the move that raises the mover's score most now.

Ties are broken by the game's own order first (Control Word: a word play before the
other actions and fewer tiles first; pass first in the replacement phase unless
replacements score; then the generator's order), then by a seeded choice.

>>> import random
>>> from wordbot.engine import get_game
>>> from wordbot.dictionaries import Lexicon
>>> state = get_game("controlword").new(seed=3, lexicon=Lexicon.from_words(["ON", "NO"]))
>>> [c.points for c in GreedyPlayer().top(state, 2)]
[0, 0]
"""

from __future__ import annotations

import random

from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState
from wordbot.players.base import Candidate, Player, Progress


class GreedyPlayer(Player):
    """Most points now (see the module docstring)."""

    name = "greedy"
    description = "the most points now"

    def _choose(self, state: GameState, rng: random.Random) -> Move:
        return state.bot_moves().best(1, rng)[0][0]

    def moves(
        self, state: GameState, n: int = 5, rng: random.Random | None = None
    ) -> list[Move]:
        # without the candidates' count of the moves, which a lazy list (RouteWords')
        # works out at a cost like that of the best moves themselves
        self.check(state)
        best = state.bot_moves().best(n, rng if rng is not None else random.Random(0))
        return [move for move, _ in best]

    def _top(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        moves = state.bot_moves()
        return [
            Candidate(
                move, state.notation(move), points=gain, equity=gain, iterations=len(moves)
            )
            for move, gain in moves.best(n, rng)
        ]

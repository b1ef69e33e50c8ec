"""``random``: uniform over every legal move. The floor of every strength ladder.

>>> import random
>>> from wordbot.engine import get_game
>>> from wordbot.dictionaries import Lexicon
>>> state = get_game("controlword").new(seed=3, lexicon=Lexicon.from_words(["ON", "NO"]))
>>> move = RandomPlayer().choose(state, random.Random(5))
>>> state.check(move)  # legal
"""

from __future__ import annotations

import random

from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState
from wordbot.players.base import Player


class RandomPlayer(Player):
    """Picks uniformly among ``state.bot_moves()``, in the generator's order, with the
    ``rng`` it is given; only the move picked is built."""

    name = "random"
    description = "uniform over the legal moves"

    def _choose(self, state: GameState, rng: random.Random) -> Move:
        moves = state.bot_moves()
        return moves[rng.randrange(len(moves))]

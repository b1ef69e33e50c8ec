"""Rules and state: the game interface every game implements, the registry of games, and
what games share (errors, rule options, seeded generator, tile set, positions, records).

Each game is a subpackage (``wordbot.engine.controlword``, ...), loaded only when that game
is asked for: importing this package loads none of them.

>>> from wordbot.engine import get_game
>>> get_game("controlword").title
'Control Word'
"""

from wordbot.engine.errors import (
    GameError,
    GameOverError,
    IllegalMove,
    MoveError,
    PositionError,
    RecordError,
    RuleError,
    StateError,
)
from wordbot.engine.game import Game, GameState, Move, MoveList
from wordbot.engine.games import GAMES, Games, get_game
from wordbot.engine.outcome import Outcome
from wordbot.engine.rng import Rng

__all__ = [
    "GAMES", "Game", "GameError", "GameOverError", "GameState", "Games", "IllegalMove",
    "Move", "MoveError", "MoveList", "Outcome", "PositionError", "RecordError", "Rng",
    "RuleError", "StateError", "get_game",
]  # fmt: skip

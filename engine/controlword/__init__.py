"""Control Word (docs/rules/controlword.md): tiles, board, moves, legality, scoring,
state, positions, and the game object the registry finds (:data:`GAME`).

Pure Python but for one module: :mod:`~wordbot.engine.controlword.adapter`, the bridge
to the compiled kernels of :mod:`wordbot.movegen.controlword` (move generation, and who
controls a word). See engine/controlword/README.md for the choices the engine makes where
the rules and formats leave room.
"""

from wordbot.engine.controlword.board import ACROSS, DOWN, Board, Word, centred_bounds
from wordbot.engine.controlword.game import GAME, ControlWord
from wordbot.engine.controlword.mats import BUILTIN_MATS, MatError, builtin_mat, random_mat
from wordbot.engine.controlword.moves import (
    Exchange,
    Move,
    Pass,
    Placement,
    Redraw,
    Replacement,
    WordPlay,
    format_move,
    move_from_json,
    parse_move,
)
from wordbot.engine.controlword.position import POSITION_FORMAT
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.scoring import Evaluation, played_points, word_score
from wordbot.engine.controlword.state import ControlWordState
from wordbot.engine.controlword.tiles import (
    BLUE,
    COLOURS,
    PLAYER_COLOURS,
    TILE_COUNTS,
    Tile,
)
from wordbot.engine.errors import (
    IllegalMove,
    MoveError,
    PositionError,
    RuleError,
    StateError,
)

GAME_FORMAT = GAME.record_format

__all__ = [
    "ACROSS", "BLUE", "BUILTIN_MATS", "COLOURS", "ControlWord", "ControlWordState", "DOWN",
    "Board", "Evaluation", "Exchange", "GAME", "GAME_FORMAT", "IllegalMove", "MatError",
    "Move", "MoveError", "PLAYER_COLOURS", "POSITION_FORMAT", "Pass", "Placement",
    "PositionError", "Redraw", "Replacement", "RuleError", "Rules", "StateError",
    "TILE_COUNTS", "Tile", "Word", "WordPlay", "builtin_mat", "centred_bounds",
    "format_move", "move_from_json", "parse_move", "played_points", "random_mat",
    "word_score",
]  # fmt: skip

"""The Control Word rules engine: tiles, board, moves, legality, scoring, state, records.

Pure Python; imports only the standard library, :mod:`wordbot.errors` and
:mod:`wordbot.dictionaries`. See shared/RULES.md (section 1) and shared/FORMATS.md.
"""

from wordbot.engine.controlword.board import ACROSS, DOWN, Board, Word, centred_bounds
from wordbot.engine.controlword.generator import get_move_generator, set_move_generator
from wordbot.engine.controlword.legality import IllegalMove
from wordbot.engine.controlword.mats import BUILTIN_MATS, MatError, builtin_mat, random_mat
from wordbot.engine.controlword.moves import (
    Exchange,
    Move,
    MoveError,
    Pass,
    Placement,
    Redraw,
    Replacement,
    WordPlay,
    move_from_json,
)
from wordbot.engine.controlword.notation import format_move, parse_move
from wordbot.engine.controlword.position import POSITION_FORMAT, PositionError, read_position_arg
from wordbot.engine.controlword.records import (
    GAME_FORMAT,
    GameRecord,
    GameRecorder,
    RecordError,
    ReplayResult,
    read_record,
    replay,
)
from wordbot.engine.rng import Rng
from wordbot.engine.controlword.rules import RuleError, Rules
from wordbot.engine.controlword.scoring import Evaluation, control, evaluate, word_score
from wordbot.engine.controlword.state import ControlWordState, StateError
from wordbot.engine.controlword.tiles import (
    BLUE,
    COLOURS,
    PLAYER_COLOURS,
    TILE_COUNTS,
    Tile,
    played_points,
)

__all__ = [
    "ACROSS", "BLUE", "BUILTIN_MATS", "COLOURS", "ControlWordState", "DOWN", "Board",
    "Evaluation", "Exchange", "GAME_FORMAT", "GameRecord", "GameRecorder", "IllegalMove",
    "MatError", "Move", "MoveError", "PLAYER_COLOURS", "POSITION_FORMAT", "Pass",
    "Placement", "PositionError", "RecordError", "Redraw", "Replacement", "ReplayResult",
    "Rng", "RuleError", "Rules", "StateError", "TILE_COUNTS", "Tile", "Word", "WordPlay",
    "builtin_mat", "centred_bounds", "control", "evaluate", "format_move",
    "get_move_generator", "move_from_json", "parse_move", "played_points", "random_mat",
    "read_position_arg", "read_record", "replay", "set_move_generator", "word_score",
]  # fmt: skip

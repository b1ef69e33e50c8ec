"""Rules and state: the game interface every game implements, the registry of games, and
what games share (errors, rule options, set-up options, results, seeded generator, tile
set, positions, move lists, tensor planes, the pie rule).

This package is the public API of a game: every name a game needs is exported here, and
stays exported here wherever its module moves (a plugin game writes
``from wordbot.engine import Game, GameState, ...``; docs/games.md lists the names).
The tensor planes and segmented move lists, which import numpy, are imported when first
asked for.

Each game is a subpackage (``wordbot.engine.controlword``, ...), loaded only when that game
is asked for: importing this package loads none of them.

>>> from wordbot.engine import get_game
>>> get_game("controlword").title
'Control Word'
"""

from importlib import import_module
from typing import Any

from wordbot.engine import pie
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
from wordbot.engine.game import Game
from wordbot.engine.games import GAMES, Games, get_game
from wordbot.engine.movelist import Move, MoveList, is_listed
from wordbot.engine.numerals import NUMERAL, int_text
from wordbot.engine.options import (
    GameRules,
    NotAllowed,
    RuleOption,
    boolean,
    choice,
    custom,
    integer,
    number,
)
from wordbot.engine.outcome import (
    Outcome,
    compensated,
    outcome_by_score,
    places_from_keys,
)
from wordbot.engine.position import (
    MAX_POINTS,
    check_fields,
    header_json,
    int_in,
    letters,
    per_player,
    player_in,
    player_map,
    read_header,
)
from wordbot.engine.rng import RecordedChance, Rng, seed_from_text, seed_state
from wordbot.engine.setup import SetupOption, rule_shortcut
from wordbot.engine.state import OVER, GameState
from wordbot.engine.tiles import (
    FULL_BAG,
    LETTERS,
    TILE_COUNTS,
    VOWELS,
    excess,
    remove_letters,
    sort_tiles,
)

#: name -> the module it is imported from when first asked for (these import numpy)
_LATER = {
    "Segment": "wordbot.engine.segments",
    "SegmentedMoves": "wordbot.engine.segments",
    "GridWindow": "wordbot.engine.planes",
    "letter_counts": "wordbot.engine.planes",
    "letter_index": "wordbot.engine.planes",
    "seat_rows": "wordbot.engine.planes",
}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(import_module(_LATER[name]), name)
    raise AttributeError(f"module 'wordbot.engine' has no attribute {name!r}")


__all__ = [
    # the interface and the registry
    "Game", "GameState", "Move", "MoveList", "OVER", "GAMES", "Games", "get_game",
    # errors
    "GameError", "GameOverError", "IllegalMove", "MoveError", "PositionError",
    "RecordError", "RuleError", "StateError",
    # results
    "Outcome", "places_from_keys", "outcome_by_score", "compensated",
    # rule options and set-up options
    "GameRules", "RuleOption", "NotAllowed", "boolean", "choice", "custom", "integer",
    "number", "SetupOption", "rule_shortcut",
    # positions
    "read_header", "header_json", "check_fields", "int_in", "letters", "per_player",
    "player_in", "player_map", "MAX_POINTS",
    # numbers in a notation
    "int_text", "NUMERAL",
    # chance and tiles
    "Rng", "RecordedChance", "seed_state", "seed_from_text", "FULL_BAG", "LETTERS", "TILE_COUNTS",
    "VOWELS", "excess", "remove_letters", "sort_tiles",
    # move lists, tensor planes, the pie rule
    "is_listed", "Segment", "SegmentedMoves", "GridWindow", "letter_counts",
    "letter_index", "seat_rows", "pie",
]  # fmt: skip

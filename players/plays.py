"""Generated plays of a state as arrays, and single plays turned into engine moves.

Players rank plays on the generator's flat arrays and build an engine move only for
the few they report or choose.
"""

from __future__ import annotations

from wordbot.engine.controlword import Replacement, WordPlay
from wordbot.engine.controlword.generator import coloured
from wordbot.errors import WordbotError
from wordbot.movegen.controlword import FAST


def rack_of(state) -> str:
    rack = state.racks.get(state.to_move)
    if rack is None:
        raise WordbotError(f"racks: the rack of {state.to_move} (to move) is unknown")
    return rack


def word_plays(state):
    """Every word play of the player to move (a :class:`WordPlayList`)."""
    return FAST.for_state(state).word_plays(state.board, rack_of(state), state.board.bounds)


def replacement_plays(state):
    """Every replacement play of the player to move (a :class:`ReplacementList`)."""
    return FAST.for_state(state).replacement_plays(state.board, rack_of(state), state.to_move,
                                                   state.replacement_limit)


def word_move(state, plays, i: int, blue_first: bool = False) -> WordPlay:
    return WordPlay(coloured(plays.placements(i), rack_of(state), state.to_move, blue_first))


def replacement_move(state, plays, i: int, blue_first: bool = False) -> Replacement:
    return Replacement(coloured(plays.placements(i), rack_of(state), state.to_move,
                                blue_first))

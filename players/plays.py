"""Generated plays of a state as arrays, and single plays turned into engine moves.

Players rank plays on the generator's flat arrays and build an engine move only for
the few they report or choose.
"""

from __future__ import annotations

from collections import Counter

from wordbot.engine import BLUE, Placement, Replacement, WordPlay
from wordbot.errors import WordbotError
from wordbot.movegen import FAST


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


def coloured(placements, rack: str, colour: str, blue_first: bool = False):
    """Placements with colours: own tiles first (or blue first), in square order.

    >>> coloured([(0, 1, "T"), (0, 0, "A")], "At", "red")
    (Placement(row=0, col=0, letter='A', colour='red'), Placement(row=0, col=1, letter='T', colour='blue'))
    """
    own = Counter(ch for ch in rack if ch.isupper())
    blue = Counter(ch.upper() for ch in rack if ch.islower())
    first, second = (blue, own) if blue_first else (own, blue)
    first_colour, second_colour = (BLUE, colour) if blue_first else (colour, BLUE)
    out = []
    for row, col, letter in sorted(placements):
        if first[letter] > 0:
            first[letter] -= 1
            out.append(Placement(row, col, letter, first_colour))
        else:
            second[letter] -= 1
            out.append(Placement(row, col, letter, second_colour))
    return tuple(out)


def word_move(state, plays, i: int, blue_first: bool = False) -> WordPlay:
    return WordPlay(coloured(plays.placements(i), rack_of(state), state.to_move, blue_first))


def replacement_move(state, plays, i: int, blue_first: bool = False) -> Replacement:
    return Replacement(coloured(plays.placements(i), rack_of(state), state.to_move,
                                blue_first))

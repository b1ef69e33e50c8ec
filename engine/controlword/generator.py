"""The pluggable move generator behind ``state.legal_moves()``.

A generator is any object with ``word_plays(state)`` and ``replacement_plays(state)``
returning :class:`WordPlay` / :class:`Replacement` moves for the player to move. The fast
generator registers itself with :func:`set_move_generator`; until then (and whenever
``None`` is set) the slow reference enumerator of :mod:`wordbot.engine.controlword.reference` is used.

Reference plays are sets of (row, col, LETTER); they become moves with the mover's own
tiles used first: squares in canonical order take an own-colour tile of their letter while
the rack has one, then a blue one. (Other colourings of the same squares are legal moves
too; they are not listed.)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from wordbot.engine.controlword.moves import Placement, Replacement, WordPlay
from wordbot.engine.controlword.tiles import BLUE

if TYPE_CHECKING:
    from wordbot.engine.controlword.state import ControlWordState

_generator = None


def set_move_generator(generator) -> None:
    """Use ``generator`` for every state's ``legal_moves()`` (None: the reference)."""
    global _generator
    _generator = generator


def get_move_generator():
    return _generator if _generator is not None else ReferenceGenerator()


def coloured(play: Iterable, rack: str, colour: str,
             blue_first: bool = False) -> tuple[Placement, ...]:
    """One play's (row, col, LETTER) squares as placements in square order, taking the
    mover's own tiles of each letter first (or, with ``blue_first``, blue tiles first).

    >>> [p.colour for p in coloured([(0, 1, "T"), (0, 0, "T")], "Tt", "red")]
    ['red', 'blue']
    """
    own = Counter(ch for ch in rack if ch.isupper())
    blue = Counter(ch.upper() for ch in rack if ch.islower())
    first, first_colour, second_colour = (blue, BLUE, colour) if blue_first else \
        (own, colour, BLUE)
    tiles = []
    for row, col, letter in sorted(play):
        if first[letter] > 0:
            first[letter] -= 1
            tiles.append(Placement(row, col, letter, first_colour))
        else:
            tiles.append(Placement(row, col, letter, second_colour))
    return tuple(tiles)


def colour_tiles(plays: Iterable, rack: str, colour: str) -> list[tuple[Placement, ...]]:
    """Each play (iterable of (row, col, LETTER)) as placements, own tiles first."""
    return [coloured(play, rack, colour) for play in plays]


class ReferenceGenerator:
    """Adapter from a state to the reference enumerator (slow; tests and oracle only)."""

    def word_plays(self, state: "ControlWordState") -> list[WordPlay]:
        from wordbot.engine.controlword.reference import word_plays

        rack = state.racks[state.to_move]
        plays = word_plays(state.board, rack, state.lexicon, state.board.bounds)
        return [WordPlay(t) for t in sorted(colour_tiles(plays, rack, state.to_move))]

    def replacement_plays(self, state: "ControlWordState") -> list[Replacement]:
        from wordbot.engine.controlword.reference import replacement_plays

        rack = state.racks[state.to_move]
        plays = replacement_plays(
            state.board, rack, state.to_move, state.replacement_limit, state.lexicon
        )
        return [Replacement(t) for t in sorted(colour_tiles(plays, rack, state.to_move))]

"""The pluggable move generator behind ``state.legal_moves()``.

A generator is any object with ``word_plays(state)`` and ``replacement_plays(state)``
returning :class:`WordPlay` / :class:`Replacement` moves for the player to move. The fast
generator registers itself with :func:`set_move_generator`; until then (and whenever
``None`` is set) the slow reference enumerator of :mod:`wordbot.engine.reference` is used.

Reference plays are sets of (row, col, LETTER); they become moves with the mover's own
tiles used first: squares in canonical order take an own-colour tile of their letter while
the rack has one, then a blue one. (Other colourings of the same squares are legal moves
too; they are not listed.)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from wordbot.engine.moves import Placement, Replacement, WordPlay
from wordbot.engine.tiles import BLUE

if TYPE_CHECKING:
    from wordbot.engine.state import ControlWordState

_generator = None


def set_move_generator(generator) -> None:
    """Use ``generator`` for every state's ``legal_moves()`` (None: the reference)."""
    global _generator
    _generator = generator


def get_move_generator():
    return _generator if _generator is not None else ReferenceGenerator()


def colour_tiles(plays: Iterable, rack: str, colour: str) -> list[tuple[Placement, ...]]:
    """Each play (iterable of (row, col, LETTER)) as placements, own tiles first."""
    own = Counter(ch for ch in rack if ch.isupper())
    out = []
    for play in plays:
        left = own.copy()
        tiles = []
        for row, col, letter in sorted(play):
            if left[letter] > 0:
                left[letter] -= 1
                tiles.append(Placement(row, col, letter, colour))
            else:
                tiles.append(Placement(row, col, letter, BLUE))
        out.append(tuple(tiles))
    return out


class ReferenceGenerator:
    """Adapter from a state to the reference enumerator (slow; tests and oracle only)."""

    def word_plays(self, state: "ControlWordState") -> list[WordPlay]:
        from wordbot.engine.reference import word_plays

        rack = state.racks[state.to_move]
        plays = word_plays(state.board, rack, state.lexicon, state.board.bounds)
        return [WordPlay(t) for t in sorted(colour_tiles(plays, rack, state.to_move))]

    def replacement_plays(self, state: "ControlWordState") -> list[Replacement]:
        from wordbot.engine.reference import replacement_plays

        rack = state.racks[state.to_move]
        plays = replacement_plays(
            state.board, rack, state.to_move, state.replacement_limit, state.lexicon
        )
        return [Replacement(t) for t in sorted(colour_tiles(plays, rack, state.to_move))]

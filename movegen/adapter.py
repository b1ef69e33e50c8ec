"""The fast generator behind ``ControlWordState.legal_moves()``.

:class:`FastGenerator` turns a state into grid arrays, runs the kernels and hands back
engine moves (own tiles first, as the engine's reference adapter does). It keeps one
:class:`MoveGenerator` per lexicon so buffers and array views are made once.
"""

from __future__ import annotations

from wordbot.engine import Replacement, WordPlay
from wordbot.engine.generator import colour_tiles
from wordbot.movegen.generator import MoveGenerator


class FastGenerator:
    """The engine's move-generator interface (``word_plays`` / ``replacement_plays``)."""

    def __init__(self):
        self._by_lexicon: dict[int, tuple[object, MoveGenerator]] = {}

    def for_state(self, state) -> MoveGenerator:
        """The :class:`MoveGenerator` of the state's lexicon and JQXZ bonus."""
        key = id(state.lexicon)
        held = self._by_lexicon.get(key)
        if held is None or held[0] is not state.lexicon:
            held = (state.lexicon, MoveGenerator(state.lexicon, state.rules.jqxz_bonus))
            self._by_lexicon[key] = held
        gen = held[1]
        gen.jqxz_bonus = state.rules.jqxz_bonus
        return gen

    def word_plays(self, state) -> list[WordPlay]:
        rack = state.racks[state.to_move]
        found = self.for_state(state).word_plays(state.board, rack, state.board.bounds)
        return [WordPlay(t) for t in colour_tiles(found.as_sets(), rack, state.to_move)]

    def replacement_plays(self, state) -> list[Replacement]:
        rack = state.racks[state.to_move]
        found = self.for_state(state).replacement_plays(state.board, rack, state.to_move,
                                                        state.replacement_limit)
        return [Replacement(t) for t in colour_tiles(found.as_sets(), rack, state.to_move)]

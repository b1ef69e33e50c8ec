"""The fast generator behind ``ControlWordState.legal_moves()``.

:class:`FastGenerator` turns a state into grid arrays, runs the kernels and hands back
engine moves (own tiles first, as the engine's reference adapter does). It keeps one
:class:`MoveGenerator` per lexicon so buffers and array views are made once.
"""

from __future__ import annotations

import threading
from collections import Counter
from itertools import combinations, product

from wordbot.engine.controlword import BLUE, Placement, Replacement, WordPlay
from wordbot.engine.controlword.generator import colour_tiles
from wordbot.movegen.controlword.generator import MoveGenerator


def colour_variants(placements, rack: str, colour: str) -> list[tuple[Placement, ...]]:
    """Every legal colouring of a play's (row, col, LETTER) squares from ``rack`` (own
    uppercase, blue lowercase), own-first colouring first.

    >>> [[p.colour for p in v] for v in colour_variants([(0, 0, "E"), (0, 1, "E")], "Ee", "red")]
    [['red', 'blue'], ['blue', 'red']]
    """
    own = Counter(ch for ch in rack if ch.isupper())
    blue = Counter(ch.upper() for ch in rack if ch.islower())
    squares = sorted(placements)
    by_letter: dict[str, list[int]] = {}
    for k, (_, _, letter) in enumerate(squares):
        by_letter.setdefault(letter, []).append(k)
    choices = []  # per letter: the sets of its positions that take blue tiles
    for letter, positions in by_letter.items():
        need = len(positions)
        lo, hi = max(0, need - own[letter]), min(need, blue[letter])
        options = [set(c) for j in range(lo, hi + 1) for c in combinations(positions, j)]
        # own-first means the blue tiles go on the last squares of that letter
        options.sort(key=lambda c: (len(c), [-p for p in sorted(c, reverse=True)]))
        choices.append(options)
    out = []
    for pick in product(*choices):
        blue_at = set().union(*pick) if pick else set()
        out.append(tuple(Placement(r, c, letter, BLUE if k in blue_at else colour)
                         for k, (r, c, letter) in enumerate(squares)))
    return out


class FastGenerator:
    """The engine's move-generator interface (``word_plays`` / ``replacement_plays``).

    Each thread gets its own :class:`MoveGenerator` per lexicon (they reuse buffers
    between calls), so threads may generate at the same time.
    """

    def __init__(self):
        self._local = threading.local()

    def for_state(self, state) -> MoveGenerator:
        """This thread's :class:`MoveGenerator` for the state's lexicon and JQXZ bonus."""
        by_lexicon = getattr(self._local, "by_lexicon", None)
        if by_lexicon is None:
            by_lexicon = self._local.by_lexicon = {}
        key = id(state.lexicon)
        held = by_lexicon.get(key)
        if held is None or held[0] is not state.lexicon:
            held = (state.lexicon, MoveGenerator(state.lexicon, state.rules.jqxz_bonus))
            by_lexicon[key] = held
        gen = held[1]
        gen.jqxz_bonus = state.rules.jqxz_bonus
        return gen

    def word_plays(self, state, variants: bool = False) -> list[WordPlay]:
        """Every word play, own tiles first; ``variants`` also lists every other legal
        colouring of a play whose letters the rack holds in both colours."""
        rack = state.racks[state.to_move]
        found = self.for_state(state).word_plays(state.board, rack, state.board.bounds)
        if variants:
            return [WordPlay(t) for play in found.as_sets()
                    for t in colour_variants(play, rack, state.to_move)]
        return [WordPlay(t) for t in colour_tiles(found.as_sets(), rack, state.to_move)]

    def replacement_plays(self, state) -> list[Replacement]:
        rack = state.racks[state.to_move]
        found = self.for_state(state).replacement_plays(state.board, rack, state.to_move,
                                                        state.replacement_limit)
        return [Replacement(t) for t in colour_tiles(found.as_sets(), rack, state.to_move)]

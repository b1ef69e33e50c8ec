"""Compiled move generation: numba kernels over the GADDAG's flat arrays.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.movegen.controlword import MoveGenerator
>>> gen = MoveGenerator(Lexicon.from_words(["AT", "TA"]))
>>> sorted(sorted(play) for play in gen.word_plays({(0, 0): ("A", "blue")}, "T").as_sets())
[[(-1, 0, 'T')], [(0, -1, 'T')], [(0, 1, 'T')], [(1, 0, 'T')]]

Importing this package makes the fast generator the one behind every
``ControlWordState.legal_moves()`` (see :func:`register`).
"""

from wordbot.movegen.controlword.adapter import FastGenerator, colour_variants
from wordbot.movegen.controlword.generator import MoveGenerator
from wordbot.movegen.controlword.movelist import ReplacementList, WordPlayList

FAST = FastGenerator()


def register() -> None:
    """Make the fast generator the engine's default (done on import)."""
    from wordbot.engine.controlword import set_move_generator

    set_move_generator(FAST)


register()

__all__ = ["FAST", "FastGenerator", "colour_variants", "MoveGenerator", "ReplacementList", "WordPlayList",
           "register"]

"""Control Word's compiled move generation: numba kernels over the GADDAG's flat arrays
and the board packed into a grid. Arrays in, arrays out: the engine's adapter
(:mod:`wordbot.engine.controlword.adapter`) packs a state and reads the results back.

>>> import numpy as np
>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.movegen.controlword import Grid, MoveGenerator
>>> gen = MoveGenerator(Lexicon.from_words(["AT", "TA"]), np.zeros((3, 512), np.int64))
>>> grid = Grid.from_arrays(np.array([0, 0]), np.frombuffer(b"A", np.uint8),
...                         np.array([4], np.int8), pad=1)
>>> rack = np.zeros(27, np.int64); rack[20] = 1  # a T
>>> sorted(sorted(play) for play in gen.word_plays(grid, rack).as_sets())
[[(-1, 0, 'T')], [(0, -1, 'T')], [(0, 1, 'T')], [(1, 0, 'T')]]
"""

from wordbot.movegen.controlword.generator import MoveGenerator
from wordbot.movegen.controlword.grid import Grid
from wordbot.movegen.controlword.movelist import ReplacementList, WordPlayList

__all__ = ["Grid", "MoveGenerator", "ReplacementList", "WordPlayList"]

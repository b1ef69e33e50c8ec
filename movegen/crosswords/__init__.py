"""Cross words combat's compiled move generation: numba kernels over the grid as flat
arrays (a window of the unbounded grid with an empty margin). Arrays in, arrays out: the
engine's adapter (:mod:`wordbot.engine.crosswords.adapter`) packs a state and reads the
results back.

- :mod:`~wordbot.movegen.crosswords.enclosure`: the regions a player walls in;
- :mod:`~wordbot.movegen.crosswords.writes`: every legal write and what it captures.
"""

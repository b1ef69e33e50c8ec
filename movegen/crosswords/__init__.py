"""Cross words combat's compiled move generation: numba kernels over the grid as flat
arrays (a window of the unbounded grid with an empty margin). Arrays in, arrays out: the
engine's adapter (:mod:`wordbot.engine.crosswords.adapter`) packs a state and reads the
results back.

- :mod:`~wordbot.movegen.crosswords.enclosure`: the regions a player walls in;
- :mod:`~wordbot.movegen.crosswords.writes`: every legal write and what it captures.

The game's compiled core (:mod:`wordbot.engine.crosswords.core` packs for it) plays whole
games on them:

- :mod:`~wordbot.movegen.crosswords.core_state`: a position as arrays, a turn's writes;
- :mod:`~wordbot.movegen.crosswords.core_apply`: moves applied, the end found;
- :mod:`~wordbot.movegen.crosswords.core_territory`: the ``territory`` player;
- :mod:`~wordbot.movegen.crosswords.core_play`: the policies, playouts and batches.
"""

"""RouteWords' compiled move generation: numba kernels over the forward tile automaton
(:mod:`wordbot.dictionaries.forward`) and the 5 x 5 grid as flat arrays. Arrays in,
arrays out: the engine's adapter (:mod:`wordbot.engine.routewords.adapter`) packs a
state and reads the results back.

- :mod:`~wordbot.movegen.routewords.board`: squares, intersections and their tables;
- :mod:`~wordbot.movegen.routewords.routes`: routes from a pawn, on the grid and after
  each swap, and the squares a loop encloses;
- :mod:`~wordbot.movegen.routewords.bonus`: every word on the grid (bonus rounds).
"""

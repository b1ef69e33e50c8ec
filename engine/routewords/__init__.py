"""RouteWords (docs/rules/routewords.md): Boggle-style routes on a 5 x 5 grid, coins on the
intersections, swaps with ko, loops that claim squares and bonus rounds.

- :mod:`.rules`: the options and the fixed layout (coins, pawns, seats);
- :mod:`.moves`: the moves, their JSON and their notation;
- :mod:`.position`: position JSON in and out;
- :mod:`.state`: the immutable :class:`~.state.RouteWordsState`;
- :mod:`.legal`: the legal moves as a lazy list over the generator's arrays;
- :mod:`.adapter`: the one bridge to the kernels of :mod:`wordbot.movegen.routewords`;
- :mod:`.display`: terminal and SVG pictures; :mod:`.game`: the registry's ``GAME``.
"""

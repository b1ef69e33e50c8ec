"""First Draft (docs/rules/firstdraft.md): draft letters on coasters from a line, insert them
into two word rows without reordering, sell rows that are words.

- :mod:`.rules`: the options; :mod:`.moves`: the moves, their JSON and notation;
- :mod:`.position`: position JSON in and out;
- :mod:`.state`: the immutable :class:`~.state.FirstDraftState`;
- :mod:`.legal`: the legal moves as a lazy list over the generator's arrays;
- :mod:`.adapter`: the one bridge to the kernels of :mod:`wordbot.movegen.firstdraft`;
- :mod:`.game`: the registry's ``GAME``.
"""

"""Cross words combat (docs/rules/crosswords.md): write words from your page of text through
your own letters on an unbounded grid; cross the opponent's letters and wall in areas to
capture cells.

- :mod:`.pages`: pages, their words and combo markers, extra-turn restrictions;
- :mod:`.rules`: the options; :mod:`.moves`: the moves, their JSON and notation;
- :mod:`.position`: position JSON in and out;
- :mod:`.state`: the immutable :class:`~.state.CrossWordsState`;
- :mod:`.legal`: the legal moves as a lazy list over the generator's rows;
- :mod:`.adapter`: the one bridge to the kernels of :mod:`wordbot.movegen.crosswords`;
- :mod:`.game`: the registry's ``GAME``.
"""

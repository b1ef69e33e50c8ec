"""Control Word (docs/rules/controlword.md): coloured tiles on an open board; words are
played in the word phase and taken over by replacing tiles in the replacement phase, and
each word scores at the end for the colour that controls it.

- :mod:`.tiles`: colours, bags, dice; :mod:`.board`: the immutable :class:`~.board.Board`
  and the words on it; :mod:`.mats`: the start mats;
- :mod:`.rules`: the options and the order of play; :mod:`.moves`: the moves, their JSON
  and notation;
- :mod:`.legality`: which rule a move breaks; :mod:`.scoring`: the points rule and the
  end-of-game evaluation;
- :mod:`.position`: position JSON in and out;
- :mod:`.state`: the immutable :class:`~.state.ControlWordState`, its hidden racks
  included;
- :mod:`.legal`: the legal moves, plays generated when first needed;
- :mod:`.adapter`: the one bridge to the kernels of :mod:`wordbot.movegen.controlword`;
- :mod:`.display`: terminal and SVG pictures; :mod:`.game`: the registry's ``GAME`` and
  the deal of a new game.
"""

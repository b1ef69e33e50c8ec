"""A finished game's own measures of where its points came from (``wordbot study``
averages them per rule variant): :func:`measures`, from the game's measures module
(``Game.measures`` names it; imported when first asked for), none for a game without.

A game's measures module has ``measures(states, moves)``: name -> a number for the whole
game, the same names for every game of the same rules.

>>> from wordbot.engine.games import get_game
>>> from wordbot.dictionaries import Lexicon
>>> state = get_game("routewords").new(seed=1, lexicon=Lexicon.from_words(["TEA"]))
>>> sorted(measures([state], []))[:2]
['bonus_points', 'bonus_rounds']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def measures(states: Sequence[Any], moves: Sequence[Any]) -> dict[str, float]:
    """The measures of one game: ``states[0]`` is its start, ``states[i + 1]`` the
    state after ``moves[i]``, the last one over."""
    own = getattr(states[0].game.part("measures"), "measures", None)
    out: dict[str, float] = {} if own is None else own(states, moves)
    return out

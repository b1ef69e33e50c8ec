"""Players: deciders behind one interface, ``choose(state, limit)`` and
``analyse(state, limit)``, made by name with :func:`make_player`.

>>> from wordbot.players import PLAYERS
>>> sorted(PLAYERS)
['control', 'greedy', 'mc', 'random']
"""

from wordbot.players import greedy, montecarlo, uniform  # noqa: F401  (they register)
from wordbot.players.controlword import control  # noqa: F401
from wordbot.players.base import Candidate, Limit, Option, Player, PlayerError
from wordbot.players.registry import PLAYERS, make_player, parse_spec, register

__all__ = ["Candidate", "Limit", "Option", "PLAYERS", "Player", "PlayerError", "make_player",
           "parse_spec", "register"]

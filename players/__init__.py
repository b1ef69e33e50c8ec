"""Players: deciders behind one contract (:mod:`wordbot.players.base`), made by name.

Generic players play every game through the game interface: ``random``, ``greedy``,
``mc`` and ``search``; a game's own players live in ``wordbot.players.<game>`` (Control Word's
``control``), with the game's profile (:mod:`wordbot.players.profile`: its policy and
how the generic players weigh it). Importing this package imports no game.

>>> from wordbot.players import PLAYERS, make_player
>>> PLAYERS.for_game("controlword")
['control', 'greedy', 'level', 'mc', 'random', 'search']
>>> make_player("mc:k=3").spec
'mc:k=3'
"""

from wordbot.players.base import Candidate, Limit, Option, Player, PlayerError
from wordbot.players.profile import PlayerProfile, profile_of
from wordbot.players.registry import PLAYERS, Players, make_player, parse_spec

__all__ = [
    "Candidate",
    "Limit",
    "Option",
    "PLAYERS",
    "Player",
    "PlayerError",
    "PlayerProfile",
    "Players",
    "make_player",
    "parse_spec",
    "profile_of",
]

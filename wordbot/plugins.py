"""What the faces play: the built-in games and players, plus those of plugin modules.

A plugin is a Python module (installed, or in the current directory) that defines
``GAMES`` (a dict name -> :class:`~wordbot.engine.game.Game`) and/or ``PLAYERS`` (a list
of :class:`~wordbot.players.base.Player` classes). ``wordbot --plugin MODULE COMMAND ...``
(or ``--plugin`` on ``engine``, ``serve`` and ``play``) imports it and hands the resulting
:class:`Catalog` to the command: nothing registers itself anywhere, and a tournament's
workers import the same plugins by name.

>>> BUILTIN.games is GAMES, BUILTIN.players.for_game("routewords")
(True, ['greedy', 'level', 'mc', 'random', 'routes', 'search'])
>>> load_catalog(["no_such_module_xyz"])
Traceback (most recent call last):
...
wordbot.errors.WordbotError: --plugin no_such_module_xyz: cannot import (ModuleNotFoundError: No module named 'no_such_module_xyz')
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from wordbot.engine.game import Game
from wordbot.engine.games import GAMES, Games
from wordbot.errors import WordbotError
from wordbot.players.registry import PLAYERS, Players


@dataclass(frozen=True)
class Catalog:
    """The games and players a command may use, and the plugin modules they came from."""

    games: Games
    players: Players
    plugins: tuple[str, ...] = ()

    def game(self, name: str | Game) -> Game:
        return self.games.get_game(name)


#: The built-in games and players.
BUILTIN = Catalog(GAMES, PLAYERS)


def load_catalog(modules: Iterable[str], base: Catalog = BUILTIN) -> Catalog:
    """``base`` plus the games and players of each plugin module (imported now)."""
    modules = tuple(modules)
    if not modules:
        return base
    games: dict[str, Game] = {}
    players: list = []
    if os.getcwd() not in sys.path:  # a plugin may be a module of the current directory,
        sys.path.append(os.getcwd())  # as with `python -m`
    for name in modules:
        try:
            module = importlib.import_module(name)
        except Exception as exc:
            raise WordbotError(
                f"--plugin {name}: cannot import ({type(exc).__name__}: {exc})"
            ) from None
        found_games = getattr(module, "GAMES", {})
        found_players = getattr(module, "PLAYERS", [])
        if not found_games and not found_players:
            raise WordbotError(f"--plugin {name}: defines neither GAMES nor PLAYERS")
        games.update(found_games)
        players.extend(found_players)
    try:
        all_games = base.games.with_games(games)
        all_players = base.players.extended(players, all_games)
    except WordbotError as exc:
        raise WordbotError(f"--plugin {', '.join(modules)}: {exc}") from None
    return Catalog(all_games, all_players, base.plugins + modules)

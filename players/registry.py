"""Players by name: ``make_player("mc:time=0.5,plies=4")``.

A player is named ``name:key=value,...`` everywhere a player is named (command line,
tournaments, the line protocol). The players of every game are listed in
:data:`GENERIC`; a game's own players in its players package (``wordbot.players.<game>``,
``PLAYERS``), looked at only when that game's players are asked for. A player's module
is imported when the player is first asked for.

>>> {"random", "greedy", "mc", "control"} <= set(PLAYERS.names())
True
>>> parse_spec("mc:time=0.5,plies=4")
('mc', {'time': 0.5, 'plies': 4})
>>> make_player("control", game="controlword").spec
'control'
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from importlib import import_module
from typing import Any

from wordbot.engine.game import Game
from wordbot.engine.games import GAMES, Games, load_path
from wordbot.engine.numerals import int_text, number_text
from wordbot.players.base import Limit, Player, PlayerError

#: name -> "module:class" of the players of every game. A game's own players are listed
#: by its players package, ``wordbot.players.<game>``, as ``PLAYERS`` (name -> path).
GENERIC: dict[str, str] = {
    "random": "wordbot.players.uniform:RandomPlayer",
    "greedy": "wordbot.players.greedy:GreedyPlayer",
    "mc": "wordbot.players.montecarlo:MonteCarloPlayer",
    "search": "wordbot.players.search:SearchPlayer",
    "level": "wordbot.players.levels:LevelPlayer",
}


#: how an option's type reads in an error
_KIND = {int: "an integer", float: "a number", bool: "true or false", str: "a text"}


def _convert(player: str, key: str, text: str, kind: type) -> Any:
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if kind is int:
            return int_text(text, key, error=ValueError)
        if kind is float:
            return number_text(text, key, error=ValueError)
        return kind(text)
    except ValueError:
        raise PlayerError(
            f"player {player}: option {key}={text!r:.40} is not "
            f"{_KIND.get(kind, kind.__name__)}"
        ) from None


class Players:
    """An immutable table of players (the generic ones, each game's own, and ``extra``
    classes, a plugin's) and of the games they play (``games``)."""

    def __init__(self, extra: Iterable[type[Player]] = (), games: Games = GAMES):
        self.games = games
        self._paths: dict[str, str] = dict(GENERIC)
        self._loaded: dict[str, type[Player]] = {}
        self._own: dict[str, dict[str, str]] = {}  # game -> its own players' paths
        for cls in extra:
            if not (isinstance(cls, type) and issubclass(cls, Player)):
                raise PlayerError(f"{cls!r}: not a Player class")
            self._paths[cls.name] = ""
            self._loaded[cls.name] = cls

    def extended(
        self, players: Iterable[type[Player]] = (), games: Games | None = None
    ) -> Players:
        """These players and ``players``, for ``games`` (default: the same games)."""
        mine = [c for n, c in self._loaded.items() if self._paths.get(n) == ""]
        return Players([*mine, *players], games or self.games)

    def own_players(self, game: str) -> dict[str, str]:
        """A game's own players (name -> path), from ``wordbot.players.<game>``'s
        ``PLAYERS`` when the game has such a package."""
        if game not in self._own:
            module = f"wordbot.players.{game}"
            found = importlib.util.find_spec(module) is not None
            self._own[game] = (
                dict(getattr(import_module(module), "PLAYERS", {})) if found else {}
            )
        return self._own[game]

    def _every_path(self) -> dict[str, str]:
        paths = {}
        for game in self.games.names():
            paths.update(self.own_players(game))
        return {**paths, **self._paths}

    def names(self) -> list[str]:
        """Every player's name (each game's own players included)."""
        return sorted(self._every_path())

    def __contains__(self, name: object) -> bool:
        return name in self._paths or name in self._every_path()

    def get(self, name: str) -> type[Player]:
        """The class of the player named ``name``."""
        if name not in self._loaded:
            path = self._paths.get(name) or self._every_path().get(name)
            if not path:
                raise PlayerError(
                    f"unknown player {name!r} (players: {', '.join(self.names())})"
                )
            self._loaded[name] = load_path(path)
        return self._loaded[name]

    def for_game(self, game: str | Game[Any]) -> list[str]:
        """The names of the players that play ``game`` (of the games' own players, only
        that game's are looked at)."""
        name = game.name if isinstance(game, Game) else game
        candidates = {**self.own_players(name), **self._paths}
        return sorted(p for p in candidates if self.get(p).plays(name))

    def parse_spec(self, spec: str) -> tuple[str, dict[str, Any]]:
        """Split ``name:key=value,...`` into the name and typed options."""
        if not isinstance(spec, str):
            raise PlayerError("player: a player spec string (name:key=value,...)")
        name, _, rest = spec.strip().partition(":")
        cls = self.get(name)
        options = {}
        for part in filter(None, (p.strip() for p in rest.split(","))):
            key, eq, value = part.partition("=")
            if not eq:
                raise PlayerError(f"player {name}: option {part!r} needs key=value")
            if key not in cls.options:
                known = ", ".join(sorted(cls.options)) or "none"
                raise PlayerError(
                    f"player {name}: unknown option {key!r} (options: {known})"
                )
            options[key] = _convert(name, key, value, cls.options[key].type)
        return name, options

    def own_time(self, spec: str) -> float | None:
        """The seconds a player ``spec`` gives itself: its ``time=``, else its player's
        default; None for a player without a time option.

        >>> PLAYERS.own_time("mc:time=0.2"), PLAYERS.own_time("greedy")
        (0.2, None)
        """
        name, options = self.parse_spec(spec)
        option = self.get(name).options.get("time")
        if option is None:
            return None
        seconds = options.get("time", option.default)
        return None if seconds is None else float(seconds)

    def make(
        self, spec: str, game: str | Game[Any] | None = None, limit: Limit | None = None
    ) -> Player:
        """A player from its spec; with ``game``, one that plays it (else a
        :class:`PlayerError` naming both); ``limit`` sets its time / iterations / plies
        options, where it has them."""
        name, options = self.parse_spec(spec)
        cls = self.get(name)
        if game is not None:
            game_name = game.name if isinstance(game, Game) else game
            if not cls.plays(game_name):
                raise PlayerError(
                    f"player {name}: plays {', '.join(sorted(cls.games or ()))}"
                    f" only, not {game_name}"
                )
        if limit is not None:
            for key, value in limit.options().items():
                if key in cls.options:
                    options[key] = cls.options[key].type(value)
        player = cls(**options)
        if isinstance(game, Game):
            player.validate(game)
        return player


#: The built-in players.
PLAYERS = Players()


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """:meth:`Players.parse_spec` of the built-in players."""
    return PLAYERS.parse_spec(spec)


def make_player(
    spec: str, game: str | Game[Any] | None = None, limit: Limit | None = None
) -> Player:
    """:meth:`Players.make` of the built-in players."""
    return PLAYERS.make(spec, game, limit)

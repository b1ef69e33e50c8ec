"""The games wordbot plays, by name: the one table a new game adds its line to.

A game's package is imported only when the game is first asked for, so asking for one
game loads that game alone.

>>> GAMES.names() == sorted(BUILTIN), "routewords" in GAMES
(True, True)
>>> get_game("controlword").position_format
'wordbot.controlword.position/1'
>>> GAMES.of_position({"format": "wordbot.controlword.position/1"}).name
'controlword'
>>> get_game("chess")
Traceback (most recent call last):
...
wordbot.engine.errors.GameError: unknown game 'chess' (games: controlword, crosswords, ...)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from wordbot.engine.errors import GameError, PositionError, RecordError
from wordbot.engine.game import Game

#: name -> "module:attribute" of the game's :class:`Game` object.
BUILTIN: dict[str, str] = {
    "controlword": "wordbot.engine.controlword.game:GAME",
    "routewords": "wordbot.engine.routewords.game:GAME",
    "firstdraft": "wordbot.engine.firstdraft.game:GAME",
    "crosswords": "wordbot.engine.crosswords.game:GAME",
}

DEFAULT_GAME = "controlword"


def load_path(path: str) -> Any:
    """The object a ``"module:attribute"`` path names (the module imported now)."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


class Games(Mapping[str, Game[Any]]):
    """An immutable name -> :class:`Game` table: the built-in games plus ``extra`` ones
    (a plugin's). Never changed after it is made: :meth:`with_games` makes another."""

    def __init__(self, extra: Mapping[str, Game[Any]] | None = None):
        self._paths = dict(BUILTIN)
        self._loaded: dict[str, Game[Any]] = {}
        for name, game in (extra or {}).items():
            if not isinstance(game, Game) or game.name != name:
                raise GameError(f"game {name!r}: not a Game object named {name!r}")
            if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
                raise GameError(
                    f"game {name!r}: a game's name is lowercase letters, digits "
                    "and _ (it is part of its formats' names)"
                )
            self._paths[name] = ""
            self._loaded[name] = game

    def with_games(self, extra: Mapping[str, Game[Any]]) -> Games:
        """These games and ``extra`` ones."""
        mine = {n: g for n, g in self._loaded.items() if n not in BUILTIN}
        return Games({**mine, **extra})

    def names(self) -> list[str]:
        return sorted(self._paths)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self._paths)

    def __contains__(self, name: object) -> bool:
        return name in self._paths

    def __getitem__(self, name: str) -> Game[Any]:
        if not isinstance(name, str) or name not in self._paths:
            shown = name if isinstance(name, str) else repr(name)
            raise GameError(
                f"unknown game {shown[:60]!r} (games: {', '.join(self.names())})"
            )
        if name not in self._loaded:
            self._loaded[name] = load_path(self._paths[name])
        return self._loaded[name]

    def get_game(self, name: str | Game[Any]) -> Game[Any]:
        """The game named ``name`` (a :class:`Game` is returned as it is)."""
        return name if isinstance(name, Game) else self[name]

    def of_format(
        self, fmt: Any, kind: str = "position", field: str = "format"
    ) -> Game[Any]:
        """The game whose ``wordbot.<game>.<kind>/1`` format ``fmt`` names."""
        error = RecordError if kind == "game" else PositionError
        parts = fmt.split(".") if isinstance(fmt, str) else []
        if len(parts) != 3 or parts[0] != "wordbot" or parts[1] not in self._paths:
            formats = ", ".join(f"wordbot.{n}.{kind}/1" for n in self.names())
            shown = fmt[:80] if isinstance(fmt, str) else fmt
            raise error(
                f"{field}: {shown!r} is not a {kind} format of a game wordbot plays "
                f"({formats})"
            )
        game = self[parts[1]]
        want = game.record_format if kind == "game" else game.position_format
        if fmt != want:
            raise error(f"{field}: {fmt!r} is not {want!r}")
        return game

    def of_position(self, obj: Any) -> Game[Any]:
        """The game of a position object, from its ``format`` field."""
        if not isinstance(obj, dict):
            raise PositionError("position: must be a JSON object")
        if "format" not in obj:
            raise PositionError("format: missing")
        return self.of_format(obj["format"])


#: The built-in games.
GAMES = Games()


def get_game(name: str | Game[Any]) -> Game[Any]:
    """A built-in game by name (see :class:`Games` for a table with plugin games)."""
    return GAMES.get_game(name)

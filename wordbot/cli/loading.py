"""Loading what commands work on: the game, its lexicon and positions (with --lexicon,
--rule and the catalog of games and players of ``--plugin``)."""

from __future__ import annotations

from typing import Any

import click


def catalog():
    """The games and players of this command (the built-in ones and its plugins')."""
    from wordbot.plugins import BUILTIN

    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.obj is not None:
            return ctx.obj
        ctx = ctx.parent
    return BUILTIN


def game_named(name: str):
    """The game of ``--game NAME`` (an unknown one is a one-line error naming it)."""
    from wordbot.engine.errors import GameError

    try:
        return catalog().game(name)
    except GameError as exc:
        raise GameError(f"--game {name}: {exc}") from None


def load_lexicon(path):
    """The lexicon at ``path`` (None: the bundled default), compiled or from the cache."""
    from wordbot.dictionaries import Lexicon

    return Lexicon.shared(path)


class LazyLexicon:
    """The lexicon of ``path``, loaded when first used (``wordbot new`` of a game whose
    set-up needs no word never pays for loading one)."""

    def __init__(self, path):
        self._path = path
        self._lexicon = None

    def _get(self):
        if self._lexicon is None:
            self._lexicon = load_lexicon(self._path)
        return self._lexicon

    def __getattr__(self, name: str) -> Any:
        return getattr(self._get(), name)

    def __contains__(self, word: object) -> bool:
        return word in self._get()

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def lexicon_for(game, path, lazy: bool = False):
    """The lexicon a game's states need (None for a game without one)."""
    if not game.uses_lexicon:
        if path is not None:
            from wordbot.engine.errors import GameError

            raise GameError(f"--lexicon {path}: {game.title} uses no word list")
        return None
    # a word list the user names is read now, so that a bad one fails at once
    return LazyLexicon(path) if lazy and path is None else load_lexicon(path)


def read_position(position: str):
    """(game, position JSON) of a POSITION argument (file, ``-`` or inline JSON): the game
    comes from the position's ``format``."""
    from wordbot.engine.position import read_position_arg

    obj = read_position_arg(position)
    return catalog().games.of_position(obj), obj


def load_state(position: str, lexicon_path, rules=(), seed=None):
    """The state of a POSITION argument, in the game its ``format`` names."""
    game, obj = read_position(position)
    return game.from_json(
        obj, lexicon_for(game, lexicon_path), seed=seed, rule_overrides=rules
    )

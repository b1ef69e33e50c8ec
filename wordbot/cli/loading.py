"""Loading what commands work on: the game, its lexicon and positions (with --lexicon,
--rule and the catalog of games and players of ``--plugin``)."""

from __future__ import annotations

import click

from wordbot.lexicons import lexicon_for


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

"""Options shared by many commands, so that they read and behave the same everywhere."""

from __future__ import annotations

from pathlib import Path

import click

lexicon_option = click.option(
    "--lexicon",
    "lexicon_path",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE",
    help="Word list: one word a line, any case, plain or gzip "
    "(words with characters outside A-Z are skipped). Default: bundled SCOWL 80.",
)

json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print JSON for programs."
)

rule_option = click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set a rule option of the game (repeatable); it overrides a position's own "
    "rules. `wordbot games` lists every game's options, their values and defaults.",
)

page_option = click.option(
    "--page",
    "pages",
    multiple=True,
    metavar="PLAYER=FILE",
    help="Cross words combat: the page (a UTF-8 text file) PLAYER writes from "
    "(repeatable; default: the bundled public-domain pages).",
)

game_option = click.option(
    "--game",
    "game_name",
    default="controlword",
    show_default=True,
    metavar="NAME",
    help="The game (`wordbot games` lists them).",
)

plugin_option = click.option(
    "--plugin",
    "plugins",
    multiple=True,
    metavar="MODULE",
    help="Import MODULE first (repeatable): a module defining GAMES (name -> Game) and/or "
    "PLAYERS (Player classes), to play your own game or put your own bot here.",
)

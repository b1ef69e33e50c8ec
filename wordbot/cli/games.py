"""``wordbot games``: the games wordbot plays, their rule options and their players."""

from __future__ import annotations

import json

import click

from wordbot.cli import main
from wordbot.cli.loading import catalog
from wordbot.cli.options import json_option


def games_json(cat) -> list[dict]:
    """``[{"name", "title", "position_format", "rules": {OPTION: {"default", "help",
    "allowed"}}, "setup": {OPTION: {"help", "flag", "metavar", "repeatable"}},
    "players": [...], "levels": [{"level", "player", "slips", "name"}]}]`` for every
    game of the catalog."""
    from wordbot.players.levels import levels_json
    from wordbot.players.profile import profile_of

    out = []
    for name in cat.games.names():
        game = cat.games[name]
        out.append(
            {
                "name": name,
                "title": game.title,
                "position_format": game.position_format,
                "record_format": game.record_format,
                "players_per_game": [game.min_players, game.max_players],
                "seats": list(game.seats),
                "default_policy": profile_of(game).default_policy,
                "rules": game.Rules.catalogue(),
                "setup": {o.name: o.describe() for o in game.setup_options},
                "players": cat.players.for_game(game),
                "levels": levels_json(game),
            }
        )
    return out


@main.command()
@json_option
def games(as_json) -> None:
    """List the games, their rule options (values, defaults, meanings) and the players
    that play them, and its levels: opponents by strength (`--level N` of hint, play
    and serve; the player level:n=N), from random moves to its strongest search.

    A game's set-up options are flags of `wordbot new`, `play`, `tournament` and
    `study` and fields of the protocol's `newgame`.

    --json prints [{"name", "title", "position_format", "record_format",
    "players_per_game", "seats", "default_policy", "rules": {OPTION: {"default",
    "help", "allowed"}}, "setup": {OPTION: {"help", "flag", "metavar", "repeatable"}},
    "players": [...], "levels": [{"level", "player", "slips", "name"}]}].

    \b
    Examples:
      wordbot games
      wordbot games --json
      wordbot --plugin mygames games
    """
    info = games_json(catalog())
    if as_json:
        click.echo(json.dumps(info))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    for entry in info:
        low, high = entry["players_per_game"]
        seats = f"{low}" if low == high else f"{low}-{high}"
        console.print(
            f"[bold]{entry['name']}[/] ({entry['title']}): {seats} players; "
            f"positions {entry['position_format']}; players "
            f"{', '.join(entry['players'])} (default policy "
            f"{entry['default_policy']})"
        )
        table = Table(show_lines=False)
        for column in ("rule option", "default", "values", "meaning"):
            table.add_column(column, overflow="fold")
        for option, spec in entry["rules"].items():
            default = spec["default"]
            shown = str(default).lower() if isinstance(default, bool) else str(default)
            table.add_row(option, shown, spec["allowed"], spec["help"])
        console.print(table)
        console.print(
            "levels: " + "; ".join(f"{lv['level']} {lv['name']}" for lv in entry["levels"]),
            soft_wrap=True,
        )
        for name, spec in entry["setup"].items():
            console.print(
                f"set-up option {name}: {spec['flag']} {spec['metavar']} "
                f"(protocol field {name}): {spec['help']}"
            )

"""``wordbot warm``: compile the games' kernels now, not at their first use."""

from __future__ import annotations

import click

from wordbot.cli import main
from wordbot.cli.loading import catalog
from wordbot.cli.options import lexicon_option, plugin_option


@main.command()
@click.option(
    "--game",
    "game_names",
    multiple=True,
    metavar="NAME",
    help="A game to warm (repeatable; default: every game `wordbot games` lists).",
)
@click.option("--force", is_flag=True, help="Warm games already warmed again.")
@plugin_option
@lexicon_option
def warm(game_names, force, plugins, lexicon_path) -> None:
    """Compile every kernel the commands use, once per machine, ahead of time.

    wordbot's move generators are compiled by numba the first time they run on a
    machine (after an install or an upgrade) and cached; until then the first hint,
    bot move or move list of a game waits for the compiler: up to a minute or two for
    Control Word on two cores, less for the others. This command plays a few moves of
    each game with each of its players, so that the waiting is done here, in one go,
    with progress on stderr. A game already warmed takes no time (--force warms it
    again). The word list's automata are built and cached on the way.

    \b
    Examples:
      wordbot warm                      # every game
      wordbot warm --game controlword   # only Control Word
    """
    from wordbot._numba import hush_compiles
    from wordbot.plugins import load_catalog
    from wordbot.warm import warm as warm_games

    hush_compiles()
    click.get_current_context().obj = load_catalog(plugins, catalog())
    cat = catalog()
    names = list(game_names) or cat.games.names()
    for name in names:
        cat.game(name)  # an unknown game fails before anything is compiled
    took = warm_games(
        names,
        cat,
        str(lexicon_path) if lexicon_path else None,
        force=force,
        report=lambda line: click.echo(f"wordbot: {line}", err=True),
    )
    click.echo(f"wordbot: warm ({sum(took.values()):.1f} s)", err=True)

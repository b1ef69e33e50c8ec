"""``wordbot rules``: a game's rules in the terminal."""

from __future__ import annotations

import re
import sys

import click

from wordbot.cli import main
from wordbot.cli.loading import game_named
from wordbot.cli.options import game_option, plugin_option

#: the marks the documentation's tests read (``<!-- run -->``): not for readers
COMMENT = re.compile(r"^\s*<!--.*-->\s*$")


def rules_page(game) -> str:
    """The Markdown of ``game``'s rules page (docs/rules/<game>.md), without the
    documentation's marks; a game without one (a plugin's) gets its rule options."""
    from wordbot._paths import document

    path = document(f"rules/{game.name}.md")
    if path is not None:
        lines = path.read_text(encoding="utf-8").splitlines()
        return "\n".join(line for line in lines if not COMMENT.match(line)) + "\n"
    options = game.Rules.catalogue()
    rows = "\n".join(
        f"| `{name}` | {info['default']} | {info['allowed']} | {info['help']} |"
        for name, info in options.items()
    )
    return (
        f"# {game.title}\n\nThis game has no rules page; its rule options:\n\n"
        "| option | default | allowed | meaning |\n|---|---|---|---|\n" + rows + "\n"
    )


@main.command()
@game_option
@click.option(
    "--markdown",
    is_flag=True,
    help="Print the page's Markdown source (the default when the output is not a "
    "terminal).",
)
@plugin_option
def rules(game_name, markdown, plugins) -> None:
    """Print the rules of a game: how it is won, set-up, turns, every move with its
    notation and an example, scoring, rule options and fair variants.

    The same pages are in the repository's docs/rules/ folder; docs/formats.md
    describes positions, moves and records for programs.

    \b
    Examples:
      wordbot rules                      # Control Word
      wordbot rules --game routewords | less
    """
    from wordbot.cli.loading import catalog
    from wordbot.plugins import load_catalog

    click.get_current_context().obj = load_catalog(plugins, catalog())
    text = rules_page(game_named(game_name))
    if markdown or not sys.stdout.isatty():
        click.echo(text, nl=False)
        return
    import os

    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    os.environ.setdefault("LESS", "-R")  # less shows the page's colours, not codes
    with console.pager(styles=True):
        console.print(Markdown(text))

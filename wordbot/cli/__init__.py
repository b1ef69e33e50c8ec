"""The ``wordbot`` command line: many small commands over one library.

Each command lives in a module of this package named for what it does and registers
itself on :data:`main`; bad input anywhere becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys

import click

from wordbot import __version__
from wordbot.errors import WordbotError

EXIT_USAGE = 2


class WordbotGroup(click.Group):
    """A click group that turns every :class:`WordbotError` into a one-line error."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except WordbotError as exc:
            click.echo(f"wordbot: error: {exc}", err=True)
            sys.exit(EXIT_USAGE)
        except BrokenPipeError:  # `wordbot moves ... | head` is not an error
            sys.stderr.close()
            sys.exit(0)


@click.group(cls=WordbotGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="wordbot")
def main() -> None:
    """wordbot: an AI opponent and move generator for Control Word.

    Every command that reads words takes --lexicon FILE (one word a line, any case;
    gzip is fine); without it the bundled SCOWL size-80 list (242,821 words) is used.
    Run `wordbot COMMAND --help` for the details of a command.
    """


def _register() -> None:
    # Imported for their side effect: each module adds its commands to `main`.
    from wordbot.cli import engine, game, lexicon, moves, play, serve  # noqa: F401


_register()

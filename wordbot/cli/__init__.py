"""The ``wordbot`` command line: many small commands over one library.

Each command lives in a module of this package named for what it does and registers
itself on :data:`main`; bad input anywhere becomes one line on stderr and exit code 2.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

import click

from wordbot import __version__
from wordbot._numba import announce_compiles
from wordbot.engine.games import DEFAULT_GAME
from wordbot.errors import WordbotError, one_line

# numpy's OpenBLAS starts a thread a core when it loads, and that thread spins for a
# moment: a tenth of a second of CPU in every command (a sixth of an ``apply``), for
# matrix products no command makes. One thread, unless the environment says otherwise;
# a command's own processes (tournament workers, a server) inherit it. Nothing above
# imports numpy, so this comes before it loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

EXIT_USAGE = 2

#: command -> the module of this package that defines it (and registers it on `main`)
COMMANDS = {
    "apply": "game",
    "engine": "engine",
    "games": "games",
    "hint": "hint",
    "learn": "learn",
    "lexicon": "lexicon",
    "moves": "moves",
    "new": "game",
    "play": "play",
    "replay": "game",
    "score": "game",
    "rules": "rules",
    "serve": "serve",
    "study": "study",
    "tournament": "tournament",
    "tune": "tune",
    "warm": "warm",
}


class WordbotGroup(click.Group):
    """A click group that turns every :class:`WordbotError` and every usage mistake
    (a missing argument, a bad option value) into one line on stderr and exit code 2."""

    def main(
        self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra
    ):
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"wordbot: error: {exc.format_message()}{where}", err=True)
            sys.exit(EXIT_USAGE)
        except click.ClickException as exc:
            click.echo(f"wordbot: error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("wordbot: aborted", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str):
        # a command's module is imported when the command is asked for, so `wordbot hint`
        # does not pay for importing the server, the tournament runner, ...
        if name in COMMANDS and name not in self.commands:
            import_module(f"wordbot.cli.{COMMANDS[name]}")
        return super().get_command(ctx, name)

    def resolve_command(self, ctx: click.Context, args):
        name, command, rest = super().resolve_command(ctx, args)
        self.resolved = name
        return name, command, rest

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except WordbotError as exc:
            click.echo(f"wordbot: error: {one_line(str(exc))}", err=True)
            sys.exit(EXIT_USAGE)
        except BrokenPipeError:  # `wordbot moves ... | head` is not an error
            sys.stderr.close()
            sys.exit(0)


MAIN_HELP = f"""wordbot: AI opponents and move generators for word games.

    `wordbot games` lists the games, their rule options and their set-up options.
    Commands that start a game take --game NAME (default {DEFAULT_GAME}) and the game's
    set-up options; commands that read a position or a record take the game from its
    format. Every command that reads words takes --lexicon FILE (one word a line, any
    case; gzip is fine); without it the bundled SCOWL size-80 list (242,821 words) is
    used. Run `wordbot COMMAND --help` for the details of a command.
    """


@click.group(
    cls=WordbotGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=MAIN_HELP,
)
@click.version_option(__version__, "-V", "--version", prog_name="wordbot")
@click.option(
    "--plugin",
    "plugins",
    multiple=True,
    metavar="MODULE",
    help="Import MODULE first (repeatable): a module defining GAMES (name -> "
    "Game) and/or PLAYERS (Player classes); every command then knows them.",
)
@click.pass_context
def main(ctx: click.Context, plugins: tuple[str, ...]) -> None:
    """The ``wordbot`` command group (its help: :data:`MAIN_HELP`): loads the plugins."""
    from wordbot.plugins import load_catalog

    ctx.obj = load_catalog(plugins)


#: Commands that compute, print and end. After them the process exits at once: Python's
#: own teardown of numba's compiler state takes about 0.3 s, a third of a hint.
QUICK = frozenset(
    {"apply", "games", "hint", "lexicon", "moves", "new", "replay", "rules", "score"}
)


def run() -> None:
    """The ``wordbot`` program (console script and ``python -m wordbot``): :data:`main`,
    ending quick commands without the interpreter's teardown. Everything they write is
    flushed first; long-running commands (servers, tournaments, play) exit normally."""
    code: int | str | None
    announce_compiles(lambda line: print(f"wordbot: {line}", file=sys.stderr, flush=True))
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    if getattr(main, "resolved", None) not in QUICK:
        sys.exit(code)
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # a closed pipe (`| head`) or stream
            pass
    os._exit(code)

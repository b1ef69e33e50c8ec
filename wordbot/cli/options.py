"""Options shared by many commands, so that they read and behave the same everywhere."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from wordbot.engine.games import DEFAULT_GAME
from wordbot.engine.numerals import MAX_TEXT_DIGITS, SEED_DIGITS, int_text, number_text
from wordbot.errors import WordbotError


class WholeNumber(click.ParamType):
    """A whole number option, read as every reader of text reads one
    (:func:`~wordbot.engine.numerals.int_text`: ASCII digits, at most nine, a seed's
    19), from ``low`` to ``high``."""

    name = "integer"

    def __init__(
        self, low: int | None = None, high: int | None = None, digits: int = MAX_TEXT_DIGITS
    ):
        self.low, self.high, self.digits = low, high, digits

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int):  # a default
            return value
        try:
            return int_text(value, "", self.low, self.high, WordbotError, self.digits)
        except WordbotError as exc:
            self.fail(str(exc), param, ctx)


class Number(click.ParamType):
    """A number option (``2``, ``0.5``): ASCII and finite
    (:func:`~wordbot.engine.numerals.number_text`), from ``low`` (or above it, with
    ``above``) to ``high``."""

    name = "number"

    def __init__(
        self, low: float | None = None, high: float | None = None, above: bool = False
    ):
        self.low, self.high, self.above = low, high, above

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        if isinstance(value, (int, float)):  # a default
            return float(value)
        try:
            number = number_text(value, "", self.low, self.high, WordbotError)
        except WordbotError as exc:
            self.fail(str(exc), param, ctx)
        if self.above and number == self.low:
            self.fail(f"{number:g} is not above {self.low:g}", param, ctx)
        return number


#: a seed: every seed a record can hold, 0 to 2**63 - 1
SEED = WholeNumber(0, 2**63 - 1, SEED_DIGITS)

lexicon_option = click.option(
    "--lexicon",
    "lexicon_path",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE",
    help="Word list: one word a line, any case, plain or gzip "
    "(words with characters outside A-Z are skipped). Default: bundled SCOWL 80.",
)


def top_option(default: int, help: str):
    """``--top K``: how many of the best to show (hint's candidates, moves --best)."""
    return click.option(
        "--top",
        type=WholeNumber(1),
        default=default,
        show_default=True,
        metavar="K",
        help=help,
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

players_option = click.option(
    "--players",
    default=None,
    metavar="NAMES",
    help="Seat order, comma-separated (default: the game's; `wordbot games` lists "
    "each game's seats).",
)

game_option = click.option(
    "--game",
    "game_name",
    default=DEFAULT_GAME,
    show_default=True,
    metavar="NAME",
    help="The game (`wordbot games` lists them).",
)

#: ``--game`` of the commands that can resume a saved run (tournament, study): no default
#: of its own, since a resumed run keeps its saved game
runner_game_option = click.option(
    "--game",
    "game_name",
    default=None,
    metavar="NAME",
    help=f"The game (default {DEFAULT_GAME}; `wordbot games` lists them and their "
    "options).",
)

plugin_option = click.option(
    "--plugin",
    "plugins",
    multiple=True,
    metavar="MODULE",
    help="Import MODULE first (repeatable): a module defining GAMES (name -> Game) and/or "
    "PLAYERS (Player classes), to play your own game or put your own bot here.",
)


def runner_options(command):
    """``--workers``, ``--backend`` and ``--address``: where a command's games are played
    (a pool of processes here, or Ray), the same for tournaments and studies."""
    options = [
        click.option(
            "--workers",
            type=WholeNumber(1),
            default=None,
            help="Processes (or Ray actors) playing at once (default: every core).",
        ),
        click.option(
            "--backend",
            type=click.Choice(["process", "ray"]),
            default="process",
            show_default=True,
            help="A pool of processes here, or Ray.",
        ),
        click.option(
            "--address",
            default=None,
            metavar="ADDR",
            help="Ray cluster to join (default: start a local Ray).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def check_backend(backend: str, address: str | None) -> None:
    """Fail at once, before anything is written or played, when Ray is asked for but
    missing or its address does not answer, or an address is given without Ray."""
    from wordbot.tournament.backends import check_reachable
    from wordbot.tournament.schedule import TournamentError

    if address is not None and backend != "ray":
        raise TournamentError("--address is for --backend ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401  (only whether it is installed)
        except ImportError:
            raise TournamentError(
                "--backend ray needs Ray: pip install 'wordbot[ray]'"
            ) from None
        if address is not None:
            check_reachable(address)


class SetupCommand(click.Command):
    """A command that also takes the set-up flags of the games (each game declares its
    own, :mod:`wordbot.engine.setup`): click leaves them over, :func:`setup_values`
    reads them for the game chosen, and the help lists every game's."""

    def __init__(self, *args: Any, **kwargs: Any):
        settings = kwargs.setdefault("context_settings", {})
        settings.update(ignore_unknown_options=True, allow_extra_args=True)
        super().__init__(*args, **kwargs)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from wordbot.cli.loading import catalog

        super().format_options(ctx, formatter)
        rows = [
            (f"{option.flag} {option.metavar}", f"{game.title}: {option.help}")
            for game in catalog().games.values()
            for option in game.setup_options
        ]
        if rows:
            with formatter.section("Set-up options of the games"):
                formatter.write_dl(rows)


def setup_words() -> list[str]:
    """The words of the set-up flags given to this command (what click left over)."""
    return list(click.get_current_context().args)


def _not_a_flag(word: str) -> click.UsageError | None:
    """Click's own error for a word left over that no game's set-up flag is (None: it
    is one)."""
    from wordbot.cli.loading import catalog

    ctx = click.get_current_context()
    if not word.startswith("-"):
        return click.UsageError(f"Got unexpected extra argument ({word})", ctx)
    games = catalog().games
    if any(o.flag == word for name in games for o in games[name].setup_options):
        return None
    known = [o for p in ctx.command.get_params(ctx) for o in p.opts]
    return click.NoSuchOption(word, possibilities=known, ctx=ctx)


@contextmanager
def setup_errors() -> Iterator[None]:
    """Reading set-up flags: a flag that no game has is click's unknown option (a word
    that is no flag, an extra argument), as for any other command; a flag of another
    game stays that game's one-line error."""
    from wordbot.engine.setup import UnknownSetupOption

    try:
        yield
    except UnknownSetupOption as exc:
        error = _not_a_flag(exc.name)
        if error is not None:
            raise error from None
        raise


def setup_values(game) -> dict[str, Any]:
    """The :meth:`~wordbot.engine.game.Game.new` values of the set-up flags given to
    this command, for ``game``."""
    with setup_errors():
        return game.setup_from_cli(setup_words())


def check_no_setup(error: type, where: str) -> None:
    """Refuse set-up flags where the set-up is a saved one (``--resume``): ``error``
    of ``where`` naming the first flag."""
    words = setup_words()
    if words:
        flag = words[0].partition("=")[0]
        refused = _not_a_flag(flag)
        raise refused or error(f"{where}; {flag} is for a new one")


def saved_run_options(out_help: str, resume_help: str, folders_only: bool = False):
    """``--out DIR`` and ``--resume DIR``: where a long run saves itself as it goes, and
    the saved run to continue (tournaments, studies, tunings, learnings)."""

    def folder(name: str, help_text: str):
        return click.option(
            name,
            type=click.Path(file_okay=not folders_only, path_type=Path),
            default=None,
            metavar="DIR",
            help=help_text,
        )

    def apply(command):
        return folder("--out", out_help)(folder("--resume", resume_help)(command))

    return apply


level_option = click.option(
    "--level",
    type=WholeNumber(1),
    default=None,
    metavar="N",
    help="An opponent by strength: level N of the game's levels, from 1 (random moves) "
    "to the strongest search at a second a move (`wordbot games` lists them and their "
    "measured Elo); the same as the player level:n=N.",
)


def level_player(level: int | None, spec: Any, flag: str, seconds: float | None = None):
    """The player spec of ``--level`` (``level:n=N``), or ``spec`` without one; refused
    in one line beside ``flag`` (the command's own player option) or ``--time`` (a level
    sets its own time)."""
    if level is None:
        return spec
    if spec:
        raise click.UsageError(f"--level: give --level or {flag}, not both")
    if seconds is not None:
        raise click.UsageError("--time: a level thinks its own time (--level sets it)")
    return f"level:n={level}"

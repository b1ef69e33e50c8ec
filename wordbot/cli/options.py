"""Options shared by many commands, so that they read and behave the same everywhere."""

from __future__ import annotations

from pathlib import Path

import click

from wordbot.engine.games import DEFAULT_GAME

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
    default=DEFAULT_GAME,
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


def runner_options(command):
    """``--workers``, ``--backend`` and ``--address``: where a command's games are played
    (a pool of processes here, or Ray), the same for tournaments and studies."""
    options = [
        click.option(
            "--workers",
            type=click.IntRange(1),
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

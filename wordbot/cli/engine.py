"""``wordbot engine``: the JSON-lines engine protocol on stdin / stdout (for front-ends)."""

from __future__ import annotations

import click

from wordbot.cli import main
from wordbot.cli.options import lexicon_option
from wordbot.errors import WordbotError


def load_plugins(modules) -> None:
    """Import each plugin module (it registers players with ``wordbot.players.register``)."""
    import importlib

    import wordbot.players  # noqa: F401  (the built-in players first)

    for name in modules:
        try:
            importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001  (any import failure is the user's to fix)
            raise WordbotError(f"--plugin {name}: cannot import ({type(exc).__name__}: "
                               f"{exc})") from None


plugin_option = click.option(
    "--plugin", "plugins", multiple=True, metavar="MODULE",
    help="Import MODULE first (repeatable): a module that registers more players with "
         "wordbot.players.register, to put your own bot behind this face.")


@main.command()
@click.option("--player", default=None, metavar="SPEC",
              help="Default player for go (name:key=value,...; default: mc when "
                   "available, else control). Same as setoption player.")
@plugin_option
@lexicon_option
def engine(player, plugins, lexicon_path) -> None:
    """Speak the wordbot engine protocol on stdin / stdout, for front-ends.

    One JSON request a line, one JSON reply a line; each request may carry an "id" that
    its replies echo. Commands: hello, isready, setoption, position, newgame, apply,
    moves, score, go (streams "info", ends with "bestmove"), stop, quit. Bad input gets
    an error reply {"id": ..., "type": "error", "error": {"code": ..., "message": ...}}
    and the engine reads on. Full reference: docs/protocol.md.

    \b
    Examples:
      wordbot engine
      {"id": 1, "cmd": "hello"}
      {"id": 2, "cmd": "newgame", "players": ["red", "green"], "seed": 7}
      {"id": 3, "cmd": "go", "player": "control", "top": 3}
      {"id": 4, "cmd": "apply", "move": "pass"}
      {"cmd": "quit"}
    \b
      echo '{"cmd": "hello"}' | wordbot engine
      wordbot engine --player greedy --lexicon my-words.txt
      wordbot engine --plugin mybots --player mybot:depth=3
    """
    from wordbot.protocol import Session
    from wordbot.stdio import run

    load_plugins(plugins)
    if player is not None:
        from wordbot.players import parse_spec

        parse_spec(player)
    session = Session(lexicon=str(lexicon_path) if lexicon_path else None, player=player)
    raise SystemExit(run(session=session))

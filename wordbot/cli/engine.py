"""``wordbot engine``: the JSON-lines engine protocol on stdin / stdout (for front-ends)."""

from __future__ import annotations

import click

from wordbot.cli import main
from wordbot.cli.options import game_option, lexicon_option, plugin_option


@main.command()
@game_option
@click.option(
    "--player",
    default=None,
    metavar="SPEC",
    help="Default player for go (name:key=value,...; default: mc). Same as "
    "setoption player.",
)
@plugin_option
@lexicon_option
def engine(game_name, player, plugins, lexicon_path) -> None:
    """Speak the wordbot engine protocol on stdin / stdout, for front-ends.

    One JSON request a line, one JSON reply a line; each request may carry an "id" that
    its replies echo. The session plays --game until a newgame names another. Commands: hello, isready, setoption, position, newgame, apply,
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
    from wordbot.cli.loading import catalog, game_named
    from wordbot.plugins import load_catalog
    from wordbot.protocol import Session
    from wordbot.stdio import run

    click.get_current_context().obj = load_catalog(plugins, catalog())
    game = game_named(game_name)
    if player is not None:
        catalog().players.make(player, game)
    session = Session(
        lexicon=str(lexicon_path) if lexicon_path else None,
        player=player,
        game=game.name,
        catalog=catalog(),
    )
    raise SystemExit(run(session=session))

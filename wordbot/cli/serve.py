"""``wordbot serve``: the engine protocol over HTTP / WebSocket and a page to play on."""

from __future__ import annotations

import os
import time
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import (
    SEED,
    Number,
    WholeNumber,
    game_option,
    level_option,
    level_player,
    lexicon_option,
    plugin_option,
    rule_option,
)


def limit_option(flag: str, default, kind, help: str):
    """One of the server's limits: a number with its default shown in --help."""
    return click.option(flag, default=default, show_default=True, type=kind, help=help)


def usable_state_dir(path: Path) -> None:
    """Make ``path`` (readable by its owner only) or check it is a folder this process
    may write; one line and exit 2 otherwise."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not os.access(path, os.W_OK | os.X_OK):
            raise PermissionError("not writable")
    except OSError as exc:
        raise click.UsageError(
            f"--state-dir {path}: cannot keep games there ({exc.strerror or exc})"
        ) from None


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (loopback unless told otherwise; 0.0.0.0 for "
    "every interface).",
)
@click.option("--port", default=8000, show_default=True, type=WholeNumber(0, 65535))
@game_option
@click.option(
    "--player", default=None, metavar="SPEC", help="Default player for go (default: mc)."
)
@level_option
@limit_option(
    "--max-time",
    10.0,
    Number(0.01),
    "Longest search a client may ask for, in seconds.",
)
@limit_option(
    "--max-searches",
    8,
    WholeNumber(1),
    "Searches running or queued at once, one per connection; more are refused "
    "at once (busy), never kept waiting.",
)
@limit_option(
    "--max-connections",
    512,
    WholeNumber(1),
    "Connections at once, HTTP and WebSocket alike; more are refused at once (503, "
    "Retry-After).",
)
@limit_option(
    "--max-per-client",
    64,
    WholeNumber(1),
    "Connections at once from one address (behind a proxy on this machine every client "
    "has the proxy's: give it --max-connections); more are refused at once (503).",
)
@limit_option(
    "--idle-timeout",
    300.0,
    Number(0.1),
    "Seconds a WebSocket may send nothing, while the server owes it nothing (no "
    "request, search, hint or bot move under way), before it is closed.",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Deal the hosted games (the page's) from this seed and each game's number "
    "(1, 2, ... over the server's run), for tests and demonstrations: the same seed "
    "deals the same sequence of games run after run, each game a deal of its own. By "
    "default each game draws its own seed. Never sent to a client (its records hold "
    "the draws instead).",
)
@click.option(
    "--state-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    metavar="DIR",
    help="Keep each hosted game in a journal file of its own under DIR (made if "
    "missing), written at every move, so that a server stopped or killed and started "
    "again with the same DIR resumes its games and their bots. A journal holds what "
    "clients never see (the deal's seed): keep DIR private. By default games live in "
    "memory only.",
)
@limit_option(
    "--grace",
    300.0,
    Number(0),
    "Seconds a hosted game whose connection dropped (or whose server restarted) "
    "waits for its seat to rejoin with the token its newgame reply gave; then it is "
    "dropped, its journal deleted. Its bots wait meanwhile.",
)
@limit_option(
    "--max-games",
    1000,
    WholeNumber(1),
    "Hosted games kept at once, played or waiting for their seat: a new one drops the "
    "game that has waited longest, and is refused (busy) when every game is played.",
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Another page that may use /api and /ws (repeatable), as the browser names "
    "it: https://example.org. By default only this server's own page may.",
)
@limit_option(
    "--queue-timeout",
    60.0,
    Number(0.1),
    "Longest a search waits for its turn, s.",
)
@limit_option(
    "--client-timeout",
    10.0,
    Number(0.1),
    "Seconds a client has to send a request's body once its head has arrived.",
)
@limit_option(
    "--head-timeout",
    5.0,
    Number(0.1),
    "Seconds a client has to send a request head (request line and headers) once "
    "connected or answered; then the connection is closed.",
)
@click.option(
    "--log-level",
    default="info",
    show_default=True,
    type=click.Choice(["critical", "error", "warning", "info", "debug"]),
)
@rule_option
@plugin_option
@lexicon_option
def serve(
    host,
    port,
    game_name,
    player,
    level,
    max_time,
    max_searches,
    queue_timeout,
    client_timeout,
    max_connections,
    max_per_client,
    head_timeout,
    idle_timeout,
    seed,
    state_dir,
    grace,
    max_games,
    allow_origins,
    log_level,
    rules,
    plugins,
    lexicon_path,
) -> None:
    """Serve the engine protocol over HTTP and WebSocket, with a page to play on.

    \b
      GET  /        a web page: play against a bot, with hints (Control Word,
                    RouteWords, First Draft, Cross words combat; other games
                    say "not yet")
      POST /api     one protocol request (JSON body) -> its final reply
      GET  /ws      WebSocket: one request per message, replies (and info) streamed
    The requests are those of `wordbot engine` (docs/protocol.md). Bodies and messages
    are limited to 1 MB; searches run on worker threads, capped at --max-time. Only
    this server's own page (and --allow-origin pages) may use /api and /ws, through
    this server's address or localhost. --rule NAME=VALUE sets the rules of new games
    of --game that do not give their own. A hosted game (the page's) survives a
    dropped connection: the seat rejoins with its token within --grace seconds, and
    with --state-dir a restarted server too.

    \b
    Examples:
      wordbot serve                      # then open http://127.0.0.1:8000/
      wordbot serve --port 9000 --player control --max-time 5
      wordbot serve --rule rounds=6 --idle-timeout 60 --allow-origin https://example.org
      wordbot serve --state-dir ~/.local/state/wordbot --grace 600
      curl -s localhost:8000/api -d '{"cmd": "newgame", "seed": 7}'
    """
    from wordbot.cli.loading import catalog, game_named
    from wordbot.plugins import load_catalog
    from wordbot.protocol import DEFAULT_PLAYER, warm_up
    from wordbot.server import ServerConfig
    from wordbot.server import serve as run_server

    click.get_current_context().obj = load_catalog(plugins, catalog())
    player = level_player(level, player, "--player")
    game = game_named(game_name)
    game.rules(rules)  # a bad --rule fails now, in one line
    if player is not None:
        catalog().players.make(player, game)
    lexicon = str(lexicon_path) if lexicon_path else None
    if state_dir is not None:
        usable_state_dir(state_dir)
    # every game the page offers, with the player its bots and hints default to: a bad
    # word list fails now, and no client waits for the compiler or the word list
    names = [game.name] + [n for n in catalog().games.names() if n != game.name]
    if level is not None:  # a level every game the page offers has, or one line
        from wordbot.players.levels import LevelPlayer

        for name in names:
            LevelPlayer(n=level).level(catalog().game(name))
    click.echo(
        f"wordbot: preparing the bots ({player or DEFAULT_PLAYER}) of "
        f"{', '.join(catalog().game(n).title for n in names)} ...",
        err=True,
    )
    started = time.perf_counter()
    warm_up(lexicon, names, catalog(), player)
    click.echo(f"wordbot: bots ready in {time.perf_counter() - started:.1f} s", err=True)
    config = ServerConfig(
        lexicon=lexicon,
        player=player,
        max_time=max_time,
        max_searches=max_searches,
        queue_timeout=queue_timeout,
        body_timeout=client_timeout,
        header_timeout=head_timeout,
        game=game.name,
        catalog=catalog(),
        host=host,
        allow_origins=tuple(allow_origins),
        idle_timeout=idle_timeout,
        limit_concurrency=max_connections,
        max_per_client=max_per_client,
        rules=tuple(rules),
        seed=seed,
        grace=grace,
        state_dir=None if state_dir is None else str(state_dir),
        max_games=max_games,
    )
    click.echo(f"wordbot: serving on http://{host}:{port}/ (Ctrl-C to stop)", err=True)
    run_server(host, port, config, log_level)

"""``wordbot tournament``: bot-vs-bot tournaments with paired deals, Elo and SPRT."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import (
    SEED,
    Number,
    SetupCommand,
    WholeNumber,
    check_backend,
    check_no_setup,
    json_option,
    lexicon_option,
    rule_option,
    runner_game_option,
    runner_options,
    saved_run_options,
    setup_errors,
    setup_words,
)
from wordbot.engine.games import DEFAULT_GAME


@main.command(cls=SetupCommand)
@runner_game_option
@click.option(
    "--players",
    default=None,
    metavar="A,B,...",
    help="Round robin between these players (name:key=value,... each; a player "
    "listed twice plays itself).",
)
@click.option(
    "--gauntlet",
    default=None,
    metavar="PLAYER",
    help="Gauntlet: this player against each of --opponents.",
)
@click.option(
    "--opponents", default=None, metavar="B,C,...", help="The gauntlet's opponents."
)
@click.option(
    "--seats",
    type=WholeNumber(2),
    default=None,
    help="Players at each table (default: the fewest the game allows).",
)
@click.option(
    "--games",
    type=WholeNumber(1),
    default=None,
    help="Games per pairing, a multiple of --seats: each deal is played once with "
    "every rotation of the seats (default: 20 deals).",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed of every deal (default: random; it is saved with --out).",
)
@click.option(
    "--sprt",
    type=(Number(), Number(), Number(), Number()),
    default=None,
    metavar="ELO0 ELO1 ALPHA BETA",
    help="Stop a pairing once the sequential test tells H0 (Elo difference ELO0) "
    "from H1 (ELO1), e.g. --sprt 0 10 0.05 0.05 (two seats only).",
)
@runner_options
@saved_run_options(
    "Save the configuration and every game's record (JSON Lines) in DIR, a new or "
    "empty directory.",
    "Continue the tournament saved in DIR: its finished games are kept and the rest "
    "played; a larger --games than it was saved with plays more deals after them. "
    "Options that define the games may be left out.",
)
@click.option(
    "--plot",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE",
    help="Draw the ratings with their intervals to FILE (.png or .svg).",
)
@click.option("--quiet", "-q", is_flag=True, help="No live progress on the terminal.")
@json_option
@rule_option
@lexicon_option
def tournament(
    game_name, workers, backend, address, out, resume, plot, quiet, as_json, **options
) -> None:
    """Play bots against each other and rate them (Elo with a 95% interval).

    Every deal (seed) is played once with every rotation of the seats, so luck of the
    tiles and of the seat cancels out; the statistics treat the games of one deal as one
    unit (with two seats: the pentanomial counts of game pairs, as fishtest and fastchess
    do). With more than two seats, A beats B in a game when A places above B.

    Players are named as everywhere (NAME:KEY=VALUE,...): greedy, random, mc:iterations=8,
    a game's own players (Control Word: control), and a player listed twice plays
    itself (each player is seeded per game from the deal and its place at the table, so
    the rotations of a deal are different games); a player must play --game. Plugins (wordbot --plugin MODULE tournament ...)
    are imported by every worker too. The table
    shows each player's wins / draws / losses, score, mean margin and Elo against its
    average opponent, and each pairing's Elo, pentanomial counts and SPRT state. With
    --json the same figures are printed as one JSON object at the end. A player
    stopped by a time limit (mc's time) depends on the machine's speed: give it an
    iterations cap that stops it first when the tournament must replay exactly.

    \b
    Examples:
      wordbot tournament --players greedy,control,random --games 100 --seed 1
      wordbot tournament --gauntlet control --opponents greedy,random --seats 3 --games 30
      wordbot tournament --players control,greedy --games 2000 --sprt 0 20 0.05 0.05 \\
          --out runs/ctl --plot ctl.svg
      wordbot tournament --resume runs/ctl          # after a crash or Ctrl-C
      wordbot tournament --resume runs/ctl --games 4000   # more games, same deals first
      wordbot tournament --players greedy,control --backend ray --address ray://head:10001
    """
    from rich.console import Console

    from wordbot.cli.loading import catalog
    from wordbot.tournament.config import new_config, resumed_config
    from wordbot.tournament.display import LiveDisplay, tables
    from wordbot.tournament.plot import check_plot_path, plot_ratings
    from wordbot.tournament.runner import Tournament
    from wordbot.tournament.schedule import TournamentError
    from wordbot.tournament.store import TournamentStore

    # --- every check before anything is written or played
    if plot is not None:
        check_plot_path(plot)
    check_backend(backend, address)
    # the options that define the games (players, seats, seed, rules, ...) go to the
    # configuration as given
    options["plugins"] = catalog().plugins
    store: TournamentStore | None
    if resume is not None:
        if out is not None and Path(out).resolve() != Path(resume).resolve():
            raise TournamentError(
                "--out and --resume name different directories; --resume "
                "DIR alone continues writing in DIR"
            )
        check_no_setup(
            TournamentError,
            f"--resume {resume}: the set-up is the one saved with the tournament",
        )
        store, saved = TournamentStore.open(resume)
        config, lexicon = resumed_config(saved, str(resume), game=game_name, **options)
        if config.games != saved.games:
            store.save_config(config)
            click.echo(
                f"wordbot: {resume}: {saved.games} games a pairing become "
                f"{config.games}, the new deals after the ones played",
                err=True,
            )
    else:
        if out is not None:
            TournamentStore.check_new(out)
        with setup_errors():
            config, lexicon = new_config(
                game=game_name or DEFAULT_GAME, setup_words=setup_words(), **options
            )
        store = TournamentStore.create(out, config) if out is not None else None

    t = Tournament(config, lexicon, store)
    err = Console(stderr=True)
    for note in t.notes:
        click.echo(f"wordbot: {note}", err=True)
    if resume is not None:
        done = len(t.standings.outcomes)
        click.echo(
            f"wordbot: resuming {resume}: {done} games finished, "
            f"{t.standings.remaining()} to play",
            err=True,
        )
    live = None
    if not quiet and err.is_terminal:
        live = LiveDisplay(t.standings, err)
    try:
        if live is not None:
            with live:
                report = t.run(workers, backend, address, on_game=live.game_done)
        else:
            report = t.run(workers, backend, address)
    except KeyboardInterrupt:
        where = (
            f"; continue with: wordbot tournament --resume {store.path}" if store else ""
        )
        click.echo(
            f"wordbot: interrupted after {len(t.standings.outcomes)} games{where}", err=True
        )
        sys.exit(130)

    summary = report.summary
    _report_errors(t.standings)
    if as_json:
        click.echo(
            json.dumps({"game": config.game, **summary.to_json(report.games_per_second)})
        )
    else:
        out_console = Console()
        if not out_console.is_terminal:
            out_console = Console(width=120)  # a file or a pipe: no wrapping of the tables
        if live is None or not out_console.is_terminal:
            out_console.print(tables(summary, t.standings))
        where = f"; saved in {store.path}" if store is not None else ""
        plural = "s" if report.workers != 1 else ""
        rate = (
            f" in {report.seconds:.1f} s ({report.games_per_second:.1f} games/s on "
            f"{report.workers} {report.backend} worker{plural}, ready in "
            f"{report.startup:.1f} s)"
            if report.played
            else ""
        )
        out_console.print(
            f"{config.game}: {summary.games} games, {report.played} played "
            f"now{rate}; seed {config.seed}{where}",
            highlight=False,
        )
    if plot is not None:
        plot_ratings(summary, plot)


def _report_errors(standings) -> None:
    """One stderr line per distinct player error (the games are counted as its losses)."""
    from collections import Counter

    errors = Counter(
        (o.error.get("player"), o.error["message"])
        for o in standings.outcomes.values()
        if o.error
    )
    for (player, message), n in sorted(errors.items(), key=lambda kv: -kv[1])[:5]:
        who = (
            f"{player} lost {n} game{'s' if n != 1 else ''}"
            if player
            else f"{n} game{'s' if n != 1 else ''} drawn"
        )
        click.echo(f"wordbot: warning: {who} by an error: {message}", err=True)
    if len(errors) > 5:
        click.echo(
            f"wordbot: warning: ... and {len(errors) - 5} other errors "
            "(results.jsonl has them all)",
            err=True,
        )

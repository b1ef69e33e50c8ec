"""``wordbot warm``: compile the games' kernels now, not at their first use."""

from __future__ import annotations

import os
import subprocess
import sys
import time

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
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=None,
    help="Games compiled at once, each in a process of its own (default: one a core).",
)
@click.option("--part", is_flag=True, hidden=True)  # a process of a parallel warm
@plugin_option
@lexicon_option
def warm(game_names, force, jobs, part, plugins, lexicon_path) -> None:
    """Compile every kernel the commands use, once per machine, ahead of time.

    wordbot's move generators are compiled by numba the first time they run on a
    machine (after an install or an upgrade) and cached; until then the first hint,
    bot move or move list of a game waits for the compiler: up to a minute or two for
    Control Word on two cores, less for the others. This command plays a few moves of
    each game with each of its players, so that the waiting is done here, in one go,
    with progress on stderr, the games compiled side by side on the machine's cores. A
    game already warmed takes no time (--force warms it again). The word list's automata
    are built and cached on the way.

    \b
    Examples:
      wordbot warm                      # every game
      wordbot warm --game controlword   # only Control Word
    """
    from wordbot._numba import hush_compiles
    from wordbot.plugins import load_catalog
    from wordbot.warm import is_warm
    from wordbot.warm import warm as warm_games

    hush_compiles()
    click.get_current_context().obj = load_catalog(plugins, catalog())
    cat = catalog()
    names = list(game_names) or cat.games.names()
    for name in names:
        cat.game(name)  # an unknown game fails before anything is compiled
    started = time.perf_counter()
    cold = [name for name in names if force or not is_warm(name)]
    jobs = jobs or len(os.sched_getaffinity(0))
    if jobs > 1 and len(cold) > 1:
        extra = [*(["--force"] if force else []), *(f"--plugin={m}" for m in plugins)]
        if lexicon_path:
            extra.append(f"--lexicon={lexicon_path}")
        warm_apart(cold, jobs, extra)
        for name in names:
            if name not in cold:
                click.echo(f"wordbot: {cat.game(name).title}: already compiled", err=True)
    else:
        warm_games(
            names,
            cat,
            str(lexicon_path) if lexicon_path else None,
            force=force,
            report=lambda line: click.echo(f"wordbot: {line}", err=True),
        )
    if not part:
        click.echo(f"wordbot: warm ({time.perf_counter() - started:.1f} s)", err=True)


def warm_apart(names: list[str], jobs: int, extra: list[str]) -> None:
    """Warm each of ``names`` in a ``wordbot warm`` process of its own, at most ``jobs``
    at once, in their order (numba compiles on one core: games side by side use the
    others). Their progress lines go to this stderr as they come."""
    waiting, failed = list(names), []
    running: dict[str, subprocess.Popen] = {}
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                name = waiting.pop(0)
                argv = [sys.executable, "-m", "wordbot", "warm", "--game", name]
                running[name] = subprocess.Popen([*argv, "--jobs=1", "--part", *extra])
            time.sleep(0.05)
            for name, proc in list(running.items()):
                if proc.poll() is not None:
                    del running[name]
                    if proc.returncode != 0:
                        failed.append(f"{name} (exit {proc.returncode})")
    finally:
        for proc in running.values():
            proc.terminate()
    if failed:
        raise click.ClickException(f"warming failed: {', '.join(failed)}")

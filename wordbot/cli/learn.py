"""``wordbot learn``: a player's evaluation learned by self-play."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import (
    SEED,
    Number,
    WholeNumber,
    check_backend,
    json_option,
    lexicon_option,
    rule_option,
    runner_game_option,
    runner_options,
    saved_run_options,
)


@main.command()
@runner_game_option
@click.option(
    "--generations",
    type=WholeNumber(1),
    default=3,
    show_default=True,
    help="Generations: each samples self-play, fits a new evaluation and checks it.",
)
@click.option(
    "--games",
    type=WholeNumber(1),
    default=100,
    show_default=True,
    help="Self-play games a generation samples its positions from.",
)
@click.option(
    "--samples",
    type=WholeNumber(10),
    default=2000,
    show_default=True,
    help="Positions a generation fits its evaluation to, at most.",
)
@click.option(
    "--refills",
    type=WholeNumber(1),
    default=4,
    show_default=True,
    help="Draws (Control Word) or playouts each position's target is averaged over.",
)
@click.option(
    "--check",
    type=WholeNumber(2),
    default=400,
    show_default=True,
    help="Games of each generation's check against the evaluation kept before (paired "
    "deals: a multiple of the seats).",
)
@click.option(
    "--check-time",
    type=Number(0.0),
    default=0.1,
    show_default=True,
    help="Seconds a move of the check's players: search on the new evaluation against "
    "search on the kept one. 0: the game's policies play the check themselves (faster, "
    "and the same games on any machine).",
)
@click.option("--seed", type=SEED, default=None, help="Seed of the self-play and checks.")
@saved_run_options(
    "Save the learning in DIR (a new or empty directory): every generation's evaluation, "
    "its check's games and the log. Default: a new folder under runs/.",
    "Continue the learning saved in DIR.",
    folders_only=True,
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@json_option
@rule_option
@lexicon_option
@runner_options
def learn(
    game_name,
    generations,
    games,
    samples,
    refills,
    check,
    check_time,
    seed,
    out,
    resume,
    quiet,
    as_json,
    rules,
    lexicon_path,
    workers,
    backend,
    address,
):
    """Learn a player's evaluation from self-play.

    Each generation plays --games games of the game's policy against itself with the
    evaluation kept so far, values up to --samples of their positions by lookahead
    (never by the game's outcome), fits a new evaluation to those values and checks it
    against the kept one in --check paired games, search on each at --check-time
    seconds a move; it is kept only when its score's 95% interval lies above 50%. Evaluations are saved under --out as gen-NNN.json, the
    kept one also as best.json. A stopped learning continues with --resume DIR. The
    self-play, the targets and the checks' games run on --workers processes (or
    --backend ray); an evaluation is the same on any number of them.

    \b
    What each game learns:
      controlword  control's leave table (what the tiles a move keeps are worth): each
                   sampled word play's leave valued by the best next move over
                   --refills draws, against random racks; play one with
                   control:leaves=FILE
      crosswords   territory's value weights (threat, deny, room): each sampled
                   position's four best moves played on six moves (--refills
                   playouts) and valued there, the weights fitted to how those
                   values differ; play them with territory:eval=FILE
      routewords   routes' value weights (reach, deny, claim), as crosswords learns
                   territory's; play them with routes:eval=FILE
      firstdraft   the drafter's settings (grow, pool, turns), each sampled
                   position's four best moves valued six moves on, the settings
                   searched on a grid for values that differ as those do; play them
                   with drafter:eval=FILE

    \b
    Examples:
      wordbot learn --game controlword --generations 3 --out runs/leaves
      wordbot learn --resume runs/leaves
      wordbot hint position.json --player control:leaves=runs/leaves/gen-002.json
      wordbot hint position.json --player search:eval=runs/leaves/gen-002.json
      wordbot learn --game crosswords --games 60 --samples 3000 --out runs/territory
    """
    import secrets

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from wordbot.cli.loading import game_named
    from wordbot.tournament.learning import (
        Learning,
        LearningConfig,
        LearningError,
        learner_of,
    )

    check_backend(backend, address)
    if resume is not None:
        if out is not None and out.resolve() != resume.resolve():
            raise LearningError("--out and --resume name different directories")
        learning = Learning.open(resume)
    else:
        game = game_named(game_name or "controlword")
        learner = learner_of(game)
        if check % game.min_players:
            raise LearningError(
                f"--check {check}: not a multiple of {game.min_players} seats"
            )
        game.rules(tuple(rules))  # a bad rule fails here, before anything is played
        seed = secrets.randbits(31) if seed is None else seed
        config = LearningConfig(
            game.name,
            generations,
            games,
            samples,
            refills,
            check,
            seed,
            tuple(rules),
            None if lexicon_path is None else str(lexicon_path),
            check_time,
        )
        out = out or Path("runs") / f"learn-{game.name}-{seed}"
        learning = Learning.create(out, config, learner)
    console = Console(stderr=True)
    total = learning.config.generations
    if learning.generations:
        console.print(
            f"resuming {learning.path}: {len(learning.generations)} of {total} "
            "generations done"
        )
    bar = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
        transient=True,
    )
    task = bar.add_task("", total=1)

    def progress(stage: str, done: int, of: int) -> None:
        k = len(learning.generations) + 1
        bar.update(
            task, description=f"generation {k}/{total}: {stage}", completed=done, total=of
        )

    def shown(g) -> None:
        if as_json:
            click.echo(json.dumps(vars(g)))
            return
        verdict = "[green]kept[/]" if g.kept else "dropped"
        console.print(
            f"generation {g.generation + 1}/{total}: {g.samples} positions, fit R² "
            f"{g.r2:.2f} ({g.r2_held_out:.2f} held out); against the kept one "
            f"{100 * g.score:.1f}% of {g.games} games (Elo {g.elo:+.0f}, 95% "
            f"{g.elo_low:+.0f} to {g.elo_high:+.0f}): {verdict}",
            highlight=False,
        )

    try:
        with bar:
            best = learning.run(
                workers, backend, address, on_generation=shown, on_progress=progress
            )
    except KeyboardInterrupt:
        click.echo(
            f"wordbot: interrupted; continue with: wordbot learn --resume {learning.path}",
            err=True,
        )
        raise SystemExit(130) from None
    kept = sum(g.kept for g in learning.generations)
    if as_json:
        click.echo(json.dumps({"best": best, "kept": kept, "generations": total}))
    else:
        click.echo(f"best: {best}  ({kept} of {total} generations kept; {learning.path})")

"""``wordbot tune``: a player's numeric options improved by self-play."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import (
    SEED,
    WholeNumber,
    check_backend,
    game_option,
    json_option,
    lexicon_option,
    rule_option,
    runner_options,
    saved_run_options,
)


@main.command()
@game_option
@click.option(
    "--player",
    "player_spec",
    default=None,
    metavar="NAME[:K=V,...]",
    help="The player to tune, with the options it starts from (default: the game's "
    "own policy, e.g. territory, routes, drafter, control).",
)
@click.option(
    "--knob",
    "knobs",
    multiple=True,
    metavar="NAME[=STEP]",
    help="A numeric option to tune, with the standard deviation of its steps "
    "(repeatable; default: every float option, each step a quarter of its default).",
)
@click.option(
    "--steps",
    type=WholeNumber(1),
    default=20,
    show_default=True,
    help="Candidates to try.",
)
@click.option(
    "--games",
    type=WholeNumber(2),
    default=200,
    show_default=True,
    help="Games of each candidate against the best so far (paired deals; a multiple "
    "of the seats).",
)
@click.option("--seed", type=SEED, default=None, help="Seed of the steps and deals.")
@saved_run_options(
    "Save the tuning in DIR (a new or empty directory): its steps and every game. "
    "Default: a new folder under runs/.",
    "Continue the tuning saved in DIR.",
    folders_only=True,
)
@json_option
@rule_option
@lexicon_option
@runner_options
def tune(
    game_name,
    player_spec,
    knobs,
    steps,
    games,
    seed,
    out,
    resume,
    as_json,
    rules,
    lexicon_path,
    workers,
    backend,
    address,
):
    """Improve a player's numeric options by self-play.

    Each step moves one or two of the --knob options of the best player so far by a
    random step, plays the candidate against the best in --games paired games (each
    deal with the seats swapped), and keeps it only when its score's 95% interval lies
    above 50%. Every step is a tournament saved under --out, so a stopped tuning
    continues with --resume DIR. At the end it prints the best player's spec.

    \b
    Examples:
      wordbot tune --game crosswords --player territory --steps 10 --games 100
      wordbot tune --game routewords --player routes --knob deny=0.2 --knob reach
      wordbot tune --player control --knob risk1=0.05 --knob opponent=0.1
      wordbot tune --resume runs/tune-crosswords-1234
    """
    import secrets

    from rich.console import Console

    from wordbot.cli.loading import catalog, game_named
    from wordbot.players.profile import profile_of
    from wordbot.tournament.tuning import Tuning, TuningConfig, TuningError, knobs_of

    check_backend(backend, address)
    cat = catalog()
    if resume is not None:
        if out is not None and out.resolve() != resume.resolve():
            raise TuningError("--out and --resume name different directories")
        tuning = Tuning.open(resume, cat)
    else:
        game = game_named(game_name)
        spec = player_spec or profile_of(game).default_policy
        cat.players.make(spec, game)  # an unknown player or option fails here
        name = cat.players.parse_spec(spec)[0]
        if games % game.min_players:
            raise TuningError(
                f"--games {games}: not a multiple of {game.min_players} seats"
            )
        seed = secrets.randbits(31) if seed is None else seed
        config = TuningConfig(
            game.name,
            spec,
            tuple(knobs_of(cat.players.get(name), list(knobs))),
            steps,
            games,
            seed,
            tuple(rules),
            None if lexicon_path is None else str(lexicon_path),
        )
        out = out or Path("runs") / f"tune-{game.name}-{seed}"
        tuning = Tuning.create(out, config, cat)
    console = Console(stderr=True)
    total = tuning.config.steps
    if tuning.steps:
        console.print(f"resuming {tuning.path}: {len(tuning.steps)} of {total} steps done")

    def shown(step) -> None:
        if as_json:
            click.echo(json.dumps(vars(step)))
            return
        verdict = "[green]kept[/]" if step.accepted else "dropped"
        console.print(
            f"step {step.step + 1}/{total}: {step.candidate} scored "
            f"{100 * step.score:.1f}% over {step.games} games "
            f"(Elo {step.elo:+.0f}, 95% {step.elo_low:+.0f} to {step.elo_high:+.0f}): "
            f"{verdict}",
            highlight=False,
        )

    try:
        best = tuning.run(workers, backend, address, on_step=shown)
    except KeyboardInterrupt:
        click.echo(
            f"wordbot: interrupted; continue with: wordbot tune --resume {tuning.path}",
            err=True,
        )
        raise SystemExit(130) from None
    kept = sum(s.accepted for s in tuning.steps)
    if as_json:
        click.echo(json.dumps({"best": best, "kept": kept, "steps": len(tuning.steps)}))
    else:
        click.echo(
            f"best: {best}  ({kept} of {len(tuning.steps)} steps kept; {tuning.path})"
        )

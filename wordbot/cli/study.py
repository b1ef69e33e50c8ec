"""``wordbot study``: self-play under rule variants, to see what each rule does."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.balance import BalanceArgs, balance_command, write_report
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
from wordbot.study.config import StudyError


@main.command(cls=SetupCommand)
@runner_game_option
@click.option(
    "--vary",
    multiple=True,
    metavar="NAME=V1,V2,...",
    help="A rule option and the values to try (repeatable: every combination is a "
    "variant). Values that hold commas are separated by / instead (one such value "
    "ends with /: compensation=0,0.5,2/). `seats` varies the number of players.",
)
@click.option(
    "--players",
    default=None,
    metavar="A,B,...",
    help="The table, in seat order (NAME:KEY=VALUE,... each); one player fills every seat.",
)
@click.option(
    "--seats",
    type=WholeNumber(2),
    default=None,
    help="Players at the table when one player is given (default: the fewest the game "
    "allows).",
)
@click.option(
    "--games",
    type=WholeNumber(1),
    default=None,
    help="Games per variant (default 400); with different players, a multiple of the "
    "seats (each deal is played in every rotation of the table).",
)
@click.option(
    "--seed", type=SEED, default=None, help="Seed of every deal (default: random)."
)
@runner_options
@saved_run_options(
    "Save the configuration, every game's record and the results in DIR (new or "
    "empty), as games finish.",
    "Continue the study saved in DIR (after a crash or Ctrl-C).",
)
@click.option(
    "--report",
    type=click.Path(path_type=Path),
    default=None,
    metavar="FILE.md",
    help="Write the Markdown report (with the plots of --plot linked); with --balance, "
    "the balance run's.",
)
@click.option(
    "--plot",
    type=click.Path(path_type=Path),
    default=None,
    metavar="DIR",
    help="Draw each figure per variant with its interval, one SVG a figure, into DIR.",
)
@click.option(
    "--title",
    default=None,
    help="The report's and plots' title (default: from the options).",
)
@click.option(
    "--balance",
    default=None,
    metavar="NAME=LO..HI",
    help="Find the value of a numeric rule option that makes the seats even (the first "
    "player winning its share): a study at LO and at HI, then bisection; the fair "
    "value with a 95% interval, the seats' figures there, and with --plot the curve.",
)
@click.option(
    "--steps",
    type=WholeNumber(0),
    default=4,
    show_default=True,
    help="With --balance: bisection steps after LO and HI.",
)
@click.option(
    "--resolution",
    type=Number(0, above=True),
    default=0.5,
    show_default=True,
    help="With --balance: the values tried are multiples of this.",
)
@click.option(
    "--check-games",
    type=WholeNumber(1),
    default=400,
    show_default=True,
    help="With --balance: games of the study at the fair value, on deals no value "
    "played (the seed + 1, + 2 in the next round, ...), a check that the seats are even "
    "there (the first player's score interval holds its share).",
)
@click.option(
    "--max-games",
    type=WholeNumber(1),
    default=None,
    help="With --balance: when the check at the fair value misses (its interval of the "
    "first player's score leaves out the share), every value plays twice as many deals, "
    "up to this many games, and the fair value is found and checked again on new deals "
    "[default: 4 x --games; --games: never].",
)
@click.option(
    "--seat",
    type=WholeNumber(1),
    default=None,
    help="With --balance of an option that takes a value a seat (First Draft's "
    "compensation): balance this seat's value and score (1 = the first), the others' "
    "as --rule lists them (else 0).",
)
@click.option(
    "--per-seat",
    is_flag=True,
    help="With --balance of an option that takes a value a seat: balance every later "
    "seat's value in turn (each seat's own run), then check every seat on new deals; "
    "another pass where a seat's interval misses its share (--passes).",
)
@click.option(
    "--passes",
    type=WholeNumber(1),
    default=2,
    show_default=True,
    help="With --per-seat: passes over the seats at most.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@json_option
@rule_option
@lexicon_option
def study(
    game_name,
    vary,
    players,
    seats,
    games,
    seed,
    workers,
    backend,
    address,
    out,
    resume,
    report,
    plot,
    title,
    balance,
    steps,
    resolution,
    check_games,
    max_games,
    seat,
    per_seat,
    passes,
    quiet,
    as_json,
    rules,
    lexicon_path,
) -> None:
    """Play the same players under each rule variant and compare the games.

    Every variant plays the same deals, so two variants' games come in pairs that
    differ only by the rule. A table of different players plays each deal in every
    rotation of the seats; one player in every seat plays each deal once (its rotations
    would replay nearly the same game), so --games are as many deals. Per variant: each
    seat's win rate, draws and the first player's edge (Wilson 95 % intervals); the
    winning margin, the length, lead changes, how late the lead was decided and
    comebacks (t intervals), every interval counting a deal's rotations as one
    cluster; and the game's own measures of where the points came
    from. Between variants: paired tests on the first player's win (McNemar) and on
    the margin and length (paired t), with p-values, Holm-adjusted as well.

    \b
    Examples:
      wordbot study --vary rounds=6,8,10 --players control --games 400 --seed 1
      wordbot study --game routewords --vary ko_rule=true,false --players routes \\
          --games 400 --out runs/ko --report ko.md --plot ko-plots
      wordbot study --game firstdraft --vary seats=2,3,4,5 --players drafter --games 60
      wordbot study --game firstdraft --players drafter \\
          --vary coasters=1,2,2,3,3,3,3,4,4,5/1,1,2,2,3,3,4,4,5,5
      wordbot study --resume runs/ko              # after a crash or Ctrl-C
      wordbot study --game crosswords --players territory --balance compensation=0..20 \\
          --games 200 --out runs/fair --plot fair-plots
      wordbot study --game firstdraft --players drafter --seats 5 --per-seat \\
          --balance compensation=-2..4 --games 300 --out runs/fair5
    """
    from rich.console import Console

    from wordbot.cli.loading import catalog
    from wordbot.study.config import new_study, resumed_study
    from wordbot.study.display import StudyProgress, tables
    from wordbot.study.plot import check_plot_dir, plot_study
    from wordbot.study.report import markdown
    from wordbot.study.runner import Study, StudyStore

    # --- every check before anything is written or played
    if plot is not None:
        check_plot_dir(plot)
    balancing = balance is not None or (
        resume is not None and (Path(resume) / "balance.json").is_file()
    )
    for given, name in ((seat is not None, "--seat"), (per_seat, "--per-seat")):
        if given and balance is None:
            raise StudyError(f"{name}: only with --balance (the option it balances)")
    if seat is not None and per_seat:
        raise StudyError("--seat and --per-seat: one seat, or every seat in turn")
    if balancing:
        if vary:
            raise StudyError("--balance: varies one option itself (no --vary)")
        if report is not None and not Path(report).parent.is_dir():
            raise StudyError(f"--report {report}: no such directory {Path(report).parent}")
        return balance_command(
            BalanceArgs(
                game_name, players, seats, games, seed, tuple(rules), lexicon_path,
                balance, steps, resolution, check_games, max_games, seat, per_seat,
                passes, out, resume, plot, report, title, workers, backend, address,
                quiet, as_json,
            )
        )  # fmt: skip
    if report is not None and not Path(report).parent.is_dir():
        raise StudyError(f"--report {report}: no such directory {Path(report).parent}")
    check_backend(backend, address)
    plugins = catalog().plugins
    store: StudyStore | None
    if resume is not None:
        if out is not None and Path(out).resolve() != Path(resume).resolve():
            raise StudyError("--out and --resume name different directories")
        check_no_setup(
            StudyError, f"--resume {resume}: the set-up is the one saved with the study"
        )
        store, saved = StudyStore.open(resume)
        given = None
        if (
            any(x is not None for x in (players, games, seed, seats, game_name))
            or vary
            or rules
        ):
            given, _ = new_study(
                game_name or saved.game,
                players or _players_of(saved),
                vary or tuple(f"{n}={'/'.join(v)}" for n, v in saved.vary),
                games or saved.games,
                saved.seed if seed is None else seed,
                rules or saved.base,
                seats
                if seats is not None or "seats" in saved.option_values
                else len(saved.players),
                lexicon_path,
                plugins,
            )
        config, lexicon = resumed_study(saved, str(resume), given, lexicon_path)
    else:
        if out is not None:
            StudyStore.check_new(out)
        with setup_errors():
            config, lexicon = new_study(
                game_name or DEFAULT_GAME,
                players,
                vary,
                400 if games is None else games,
                seed,
                rules,
                seats,
                lexicon_path,
                plugins,
                tuple(setup_words()),
            )
        store = StudyStore.create(out, config) if out is not None else None

    run = Study(config, lexicon, store)
    err = Console(stderr=True)
    for note in run.notes:
        click.echo(f"wordbot: {note}", err=True)
    if resume is not None:
        click.echo(
            f"wordbot: resuming {resume}: {len(run.outcomes)} games finished, "
            f"{run.remaining} to play",
            err=True,
        )
    title = title or _title(config)
    try:
        if not quiet and err.is_terminal and run.remaining:
            with StudyProgress(len(run.schedule), len(run.outcomes), err) as bar:
                result = run.run(workers, backend, address, on_game=bar.game_done)
        else:
            result = run.run(workers, backend, address)
    except KeyboardInterrupt:
        where = f"; continue with: wordbot study --resume {store.path}" if store else ""
        click.echo(f"wordbot: interrupted after {len(run.outcomes)} games{where}", err=True)
        sys.exit(130)

    figures = result.result
    speed = (
        f"{result.played} games played in {result.seconds:.1f} s "
        f"({result.games_per_second:.1f} games/s on {result.workers} {result.backend} "
        f"worker{'s' if result.workers != 1 else ''})"
        if result.played
        else None
    )
    written = plot_study(figures, plot, title) if plot is not None else []
    if report is not None:
        write_report(report, markdown(figures, title, written, Path(report).parent))
    if as_json:
        click.echo(json.dumps(figures))
        return
    console = Console() if sys.stdout.isatty() else Console(width=140)
    console.print(tables(figures, title))
    where = f"; saved in {store.path}" if store is not None else ""
    console.print(
        f"{config.game}: {len(config.variants)} variants x {config.games} games; "
        f"seed {config.seed}{where}" + (f"; {speed}" if speed else ""),
        highlight=False,
    )


def _players_of(saved) -> str:
    specs = list(saved.players.values())
    return specs[0] if len(set(specs)) == 1 else ",".join(specs)


def _title(config) -> str:
    """What the study varies, or with nothing varied the rules it plays (``--rule``)."""
    varied = " x ".join(name for name, _ in config.vary)
    return f"{config.game}: {varied or ', '.join(config.base) or 'the default rules'}"

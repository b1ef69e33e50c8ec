"""``wordbot study --balance``: the fair value of a rule option (see
:mod:`wordbot.study.balance`), of one seat's value (``--seat``) or of every seat's in
turn (``--per-seat``, :mod:`wordbot.study.perseat`)."""

from __future__ import annotations

import dataclasses
import json
import secrets
import sys
from pathlib import Path
from typing import Any

import click

from wordbot.engine.errors import RuleError
from wordbot.engine.games import DEFAULT_GAME
from wordbot.study.config import StudyError


@dataclasses.dataclass
class BalanceArgs:
    """The ``wordbot study`` options a balance run reads."""

    game_name: str | None
    players: str
    seats: int | None
    games: int | None
    seed: int | None
    rules: tuple[str, ...]
    lexicon_path: str | None
    balance: str | None
    steps: int
    resolution: float
    check_games: int
    max_games: int | None
    seat: int | None
    per_seat: bool
    passes: int
    out: str | None
    resume: str | None
    plot: str | None
    report: str | None
    title: str | None
    workers: int | None
    backend: str
    address: str | None
    quiet: bool
    as_json: bool


def _start_values(game, option: str, rules: tuple[str, ...], seats: int) -> list[float]:
    """Each seat's value of ``option`` to start from: a list given by ``--rule``, else
    0 a seat; a StudyError when the option holds no list."""
    given = [r.split("=", 1)[1] for r in rules if r.split("=", 1)[0].strip() == option]
    text = given[-1] if given else ",".join("0" * seats)
    unlisted = StudyError(
        f"--balance {option}: {game.name}'s {option} takes no value a seat "
        "(--seat, --per-seat)"
    )
    try:
        value = getattr(game.Rules.parse([f"{option}={text}"]), option)
    except RuleError as exc:
        if not given:
            raise unlisted from None
        raise StudyError(str(exc)) from None
    if not isinstance(value, tuple):
        if given:
            raise StudyError(
                f"--rule {option}={text}: --seat and --per-seat start from a list of "
                f"{seats} values, one a seat"
            )
        raise unlisted
    if len(value) != seats:
        raise StudyError(f"--rule {option}={text}: {len(value)} values for {seats} seats")
    return [float(v) for v in value]


def _create(args: BalanceArgs, plugins) -> Any:
    """A new balance run (or per-seat run), every option checked before anything is
    written or played."""
    from wordbot.cli.loading import catalog
    from wordbot.study.balance import Balance, parse_range
    from wordbot.study.config import new_study
    from wordbot.study.perseat import SeatsInTurn

    assert args.balance is not None
    option, lo, hi = parse_range(args.balance)
    game = catalog().game(args.game_name or DEFAULT_GAME)
    if option not in game.Rules.OPTIONS:
        raise StudyError(
            f"--balance {args.balance}: {game.name} has no rule option {option!r} "
            f"(options: {', '.join(game.Rules.OPTIONS)})"
        )
    seed = secrets.randbits(31) if args.seed is None else args.seed
    spec = dict(
        game=game.name,
        players=args.players,
        games=400 if args.games is None else args.games,
        seed=seed,
        rules=list(args.rules),
        seats=args.seats,
        lexicon=None if args.lexicon_path is None else str(args.lexicon_path),
    )
    if args.max_games is not None and args.max_games < spec["games"]:
        raise StudyError(
            f"--max-games {args.max_games}: fewer than the {spec['games']} games a value "
            "plays (--games)"
        )
    # the table first (how many seats), with the option at a value of its own kind
    config, _ = new_study(
        spec["game"], args.players, (), spec["games"], seed, tuple(args.rules),
        args.seats, args.lexicon_path, plugins,
    )  # fmt: skip
    seats = config.variants[0].seats
    saved: dict[str, Any] = {
        "option": option,
        "lo": lo,
        "hi": hi,
        "steps": args.steps,
        "resolution": args.resolution,
        "seats": seats,
        "check_games": args.check_games,
        "max_games": 4 * spec["games"] if args.max_games is None else args.max_games,
        "study": spec,
    }
    if args.seat is not None and not 1 <= args.seat <= seats:
        raise StudyError(f"--seat {args.seat}: the table has seats 1-{seats}")
    listed = args.per_seat or (args.seat is not None and args.seat > 1)
    if listed:
        values = _start_values(game, option, args.rules, seats)
        # the list given by --rule is where the run starts: every study varies it whole
        spec["rules"] = [r for r in args.rules if r.split("=", 1)[0].strip() != option]
        ends = []
        seat = 1 if args.seat is None else args.seat - 1  # per seat: the second first
        for end in (lo, hi):
            ends.append(
                ",".join(f"{end if k == seat else v:g}" for k, v in enumerate(values))
            )
        vary = f"{option}={'/'.join(ends)}"
        saved["values"] = values
    else:
        vary = f"{option}={lo:g},{hi:g}"
    # both ends checked before anything is played (the option's values, the table)
    new_study(
        spec["game"], args.players, (vary,), spec["games"], seed, tuple(spec["rules"]),
        args.seats, args.lexicon_path, plugins,
    )  # fmt: skip
    out = Path(args.out or f"runs/balance-{game.name}-{option}-{seed}")
    if args.per_seat:
        return SeatsInTurn.create(out, {**saved, "per_seat": True, "passes": args.passes})
    if args.seat is not None:
        saved["seat"] = args.seat - 1
    return Balance.create(out, saved)


def balance_command(args: BalanceArgs) -> None:
    """``study --balance`` (or ``--resume`` of a balance run's folder)."""
    from rich.console import Console

    from wordbot.cli.loading import catalog
    from wordbot.study.balance import Balance
    from wordbot.study.config import new_study, resumed_study
    from wordbot.study.perseat import SeatsInTurn
    from wordbot.study.plot import plot_balance
    from wordbot.study.report import balance_markdown, seats_markdown
    from wordbot.study.runner import Study, StudyStore

    plugins = catalog().plugins
    err = Console(stderr=True)
    if args.resume is not None:
        if args.out is not None and Path(args.out).resolve() != Path(args.resume).resolve():
            raise StudyError("--out and --resume name different directories")
        run: Any = Balance.open(Path(args.resume))  # refuses a folder of no balance run
        if run.config.get("per_seat"):
            run = SeatsInTurn(run.path, run.config)
        err.print(f"resuming {args.resume}")
    else:
        run = _create(args, plugins)
    if args.plot is not None and isinstance(run, SeatsInTurn):
        raise StudyError("--plot: a per-seat run draws no curve (each seat's run does)")
    spec = run.config["study"]

    def play(folder: Path, vary: str, games: int, seed: int) -> dict:
        if (folder / "study.json").is_file():
            store, saved = StudyStore.open(folder)
            config, lexicon = resumed_study(saved, str(folder), None, spec["lexicon"])
            if config.games < games:  # the value plays more deals: the next ones
                config = dataclasses.replace(config, games=games)
                store.save_config(config)
        else:
            config, lexicon = new_study(
                spec["game"], spec["players"], (vary,), games, seed,
                tuple(spec["rules"]), spec["seats"], spec["lexicon"], plugins,
            )  # fmt: skip
            store = StudyStore.create(folder, config)
        study = Study(config, lexicon, store)
        if not args.quiet:
            err.print(
                f"{vary.rstrip('/')}: {study.remaining} games to play", highlight=False
            )
        return study.run(args.workers, args.backend, args.address).result

    def checked(balance: Balance, check: dict[str, Any]) -> None:
        if args.quiet:
            return
        score = list(check["seat_score"].values())[balance.seat]
        low, high = score["ci"] or (float("nan"),) * 2
        more = balance.games_of_round(check["round"] + 1)
        again = more > balance.games_of_round(check["round"])
        err.print(
            f"check at {balance.assignment(check['value']).rstrip('/')} on new deals "
            f"(seed {check['seed']}): {balance.who} scores {100 * score['mean']:.1f}% "
            f"({100 * low:.1f}-{100 * high:.1f}%)"
            + ("" if check["holds"] else f", not {100 * balance.target:.0f}%")
            + (f"; every value plays {more} games" if not check["holds"] and again else ""),
            highlight=False,
        )

    def shown(balance: Balance, point) -> None:
        if args.quiet:
            return
        low, high = point.ci
        err.print(
            f"{balance.assignment(point.value).rstrip('/')}: {balance.who} wins "
            f"{100 * point.first_player_win_rate:.1f}% ({100 * low:.1f}-"
            f"{100 * high:.1f}%), scores {100 * point.score:.1f}%, "
            f"margin {point.margin:+.1f}",
            highlight=False,
        )

    def seated(balance: Balance, found: dict[str, Any]) -> None:
        if not args.quiet and found["fair_value"] is not None:
            low, high = found["ci"]
            err.print(
                f"{balance.who}: fair {found['option']} {found['fair_value']:g} (95% "
                f"{low:g} to {high:g})",
                highlight=False,
            )

    try:
        if isinstance(run, SeatsInTurn):
            found = run.run(play, shown, checked, seated)
        else:
            found = run.run(play, shown, checked)
    except KeyboardInterrupt:
        click.echo(
            f"wordbot: interrupted; continue with: wordbot study --resume {run.path}",
            err=True,
        )
        sys.exit(130)
    title = args.title or f"{spec['game']}: the fair {found['option']}"
    if isinstance(run, SeatsInTurn):
        if args.report is not None:
            write_report(args.report, seats_markdown(found, run.config, title))
        if args.as_json:
            click.echo(json.dumps(found))
            return
        check = found["passes"][-1]["check"]
        scores = ", ".join(
            f"{seat} {100 * s['mean']:.1f}%" for seat, s in check["seat_score"].items()
        )
        listed = ",".join(f"{v:g}" for v in found["values"])
        verdict = (
            "every seat's interval holds its share"
            if found["even"]
            else "not every seat's interval holds its share (more with --passes)"
        )
        click.echo(
            f"fair {found['option']}: {listed}; there, on {check['games']} games of new "
            f"deals: {scores} of the points ({verdict}); saved in {run.path}"
        )
        return
    drawn = plot_balance(found, Path(args.plot), title) if args.plot is not None else None
    if args.report is not None:
        parent = Path(args.report).parent
        write_report(args.report, balance_markdown(found, run.config, title, drawn, parent))
    if args.as_json:
        click.echo(json.dumps(found))
        return
    if found["fair_value"] is None:
        click.echo(f"{found['option']}: {found['note']}; saved in {run.path}")
        return
    at = found["at_fair_value"]
    rates = ", ".join(
        f"{seat} {100 * r['rate']:.1f}%" for seat, r in at["seat_win_rate"].items()
    )
    low, high = found["ci"]
    missed = (
        ""
        if at["holds"]
        else f"; the seats are not even there, at {found['points'][0]['games']} games a "
        "value (more with --max-games)"
    )
    click.echo(
        f"fair {found['option']}: {found['fair_value']:g} (95% {low:g} to {high:g}); "
        f"at {run.assignment(at['value']).split('=', 1)[1].rstrip('/')}: {rates} over "
        f"{at['games']} games on new deals{missed}; saved in {run.path}"
    )


def write_report(report, text: str) -> None:
    """Write ``--report``'s Markdown (a one-line error when it cannot be written)."""
    try:
        Path(report).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise StudyError(
            f"--report {report}: cannot write it ({exc.strerror or exc})"
        ) from None

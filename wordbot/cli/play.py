"""``wordbot play``: a person against bots in the terminal, in any game."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import (
    SEED,
    Number,
    SetupCommand,
    WholeNumber,
    game_option,
    level_option,
    level_player,
    lexicon_option,
    players_option,
    plugin_option,
    rule_option,
    setup_values,
)


@main.command(cls=SetupCommand)
@game_option
@click.option(
    "--vs",
    "bots",
    multiple=True,
    metavar="SPEC",
    help="The bot(s), one --vs per bot seat in seat order (the last one fills "
    "the rest); name:key=value,... Default: mc.",
)
@level_option
@click.option(
    "--seat",
    type=WholeNumber(1),
    default=1,
    show_default=True,
    help="Your seat, 1-based, in the order of --players.",
)
@players_option
@click.option("--seed", type=SEED, default=None, help="Seed of the deal (default: random).")
@click.option(
    "--time",
    "seconds",
    type=Number(0),
    default=None,
    help="Seconds per bot move (default: each bot's own).",
)
@click.option(
    "--hint-player",
    default=None,
    metavar="SPEC",
    help="Who answers `hint` (default: the game's own policy, as `wordbot games` "
    "lists it).",
)
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Record file (JSON Lines; default: wordbot-game-SEED.jsonl here).",
)
@click.option("--no-record", is_flag=True, help="Do not write a record.")
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colours: auto = when the output is a terminal.",
)
@plugin_option
@rule_option
@lexicon_option
def play(
    game_name,
    bots,
    level,
    seat,
    players,
    seed,
    seconds,
    hint_player,
    record,
    no_record,
    color,
    plugins,
    rules,
    lexicon_path,
) -> None:
    """Play a game against bots in the terminal.

    The position is drawn in colour, your rack (or hand) below it. Type moves in the
    game's notation (`help` at the prompt shows it; `wordbot rules --game NAME` has the
    rules, docs/formats.md every format); an illegal move is explained, with legal
    alternatives. Commands: hint [N], moves [N], undo, board, score, help, quit. The game
    is written to a record as it goes (replay it with `wordbot replay`). A game's own
    set-up options (`wordbot games` lists them) follow the others.

    \b
    Examples:
      wordbot play                          # you (seat 1) against the default bot
      wordbot play --vs greedy --seat 2 --seed 7
      wordbot play --level 3                # an opponent by strength
      wordbot play --players red,green,black --vs mc --vs control
      wordbot play --vs mc:time=2 --rule rounds=6 --record my-game.jsonl
    \b
    At the Control Word prompt:
      red> 3,-1 across CA(T)s
      red> replace 0,2=R 1,4=e
      red> exchange E vowel
      red> hint 3
    """
    from rich.console import Console

    from wordbot.cli.loading import catalog, game_named
    from wordbot.lexicons import lexicon_for
    from wordbot.players import Limit, profile_of
    from wordbot.plugins import load_catalog
    from wordbot.protocol.session import DEFAULT_PLAYER
    from wordbot.terminal import TerminalGame, make_seats

    ctx = click.get_current_context()
    ctx.obj = load_catalog(plugins, catalog())
    game = game_named(game_name)
    rule_set = game.rules(rules)
    setup = setup_values(game)
    if seed is None:
        seed = secrets.randbits(31)
    if level is not None:
        bots = (level_player(level, ",".join(bots), "--vs", seconds),)
    limit = Limit(time=seconds)
    table = catalog().players
    seats = make_seats(table, game, players, seat, list(bots) or [DEFAULT_PLAYER], limit)
    helper = table.make(hint_player or profile_of(game).default_policy, game)
    # the table and its rules checked before anyone bids
    game.new(list(seats), seed, rule_set, lexicon_for(game, lexicon_path), **setup)
    path = None if no_record else (record or Path(f"wordbot-game-{seed}.jsonl"))
    console = Console(
        highlight=False,
        force_terminal={"always": True, "never": False, "auto": None}[color],
        no_color=color == "never",
    )

    def read(prompt: str) -> str:
        return console.input(prompt)

    if getattr(rule_set, "bidding", False):
        seats, rule_set = bid_at_the_table(game, rule_set, seats, read, console.print)
    state = game.new(list(seats), seed, rule_set, lexicon_for(game, lexicon_path), **setup)

    game_play = TerminalGame(state, seats, seed, helper, path, console, read)
    try:
        game_play.play()
    except KeyboardInterrupt:
        console.print("\ninterrupted; the record so far is kept")
    finally:
        game_play.close()


def bid_at_the_table(game, rules, seats: dict, read, say) -> tuple[dict, object]:
    """The rule ``bidding`` at a terminal: the person's bid read at a prompt (asked
    again until it is a number of points), each bot's its own, then the seats as the
    bids leave them and the rules with the winning bid as the compensation."""
    from wordbot.engine import bidding
    from wordbot.engine.numerals import number_text
    from wordbot.players.arena import bid_seats

    given = {}
    for colour in [c for c, player in seats.items() if player is None]:
        while True:
            text = read("your bid (the points you would give to move first): ")
            try:
                given[colour] = bidding.valid(
                    number_text(text.strip(), "bid", error=ValueError)
                )
                break
            except ValueError as exc:
                say(str(exc))
    moved, rules, bids = bid_seats(game, rules, seats, given)
    seated = {moved[dealt]: player for dealt, player in seats.items()}
    assert bids is not None  # the rule bidding is on
    shown = ", ".join(
        f"{'you' if seated[c] is None else seated[c].spec} {bids[c]:g}" for c in seats
    )
    first = seated[next(iter(seats))]
    who = (
        "you move first and give"
        if first is None
        else f"{first.spec} moves first and gives"
    )
    say(f"bids: {shown}; {who} {rules.compensation:g} points at the end")
    return {c: seated[c] for c in seats}, rules

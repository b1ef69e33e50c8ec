"""``wordbot play``: a person against bots in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.engine import load_plugins, plugin_option
from wordbot.cli.options import lexicon_option, rule_option


@main.command()
@click.option("--vs", "bots", multiple=True, metavar="SPEC",
              help="The bot(s), one --vs per bot seat in seat order (the last one fills "
                   "the rest); name:key=value,... Default: mc when available, else "
                   "control.")
@click.option("--seat", type=int, default=1, show_default=True,
              help="Your seat, 1-based, in the order of --players.")
@click.option("--players", default="red,green", show_default=True, metavar="COLOURS",
              help="Seat order, 2-4 of black, white, red, green.")
@click.option("--seed", type=int, default=None, help="Seed of the deal (default: random).")
@click.option("--mat", default=None, metavar="1-6|random", help="Start mat.")
@click.option("--time", "seconds", type=click.FloatRange(0), default=None,
              help="Seconds per bot move (default: each bot's own).")
@click.option("--hint-player", default="control", show_default=True, metavar="SPEC",
              help="Who answers `hint`.")
@click.option("--record", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Record file (JSON Lines; default: wordbot-game-SEED.jsonl here).")
@click.option("--no-record", is_flag=True, help="Do not write a record.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True, help="Colours: auto = when the output is a terminal.")
@plugin_option
@rule_option
@lexicon_option
def play(bots, seat, players, seed, mat, seconds, hint_player, record, no_record, color,
         plugins, rules, lexicon_path) -> None:
    """Play Control Word against bots in the terminal.

    The board is drawn in colour, your rack below it. Type moves in the notation of
    FORMATS.md; an illegal move is explained, with legal alternatives. Commands: hint
    [N], moves [N], undo, board, score, help, quit. The game is written to a record as
    it goes (replay it with `wordbot replay`).

    \b
    Examples:
      wordbot play                          # you (red, seat 1) against the default bot
      wordbot play --vs greedy --seat 2 --seed 7
      wordbot play --players red,green,black --vs mc --vs control
      wordbot play --vs mc:time=2 --rule rounds=6 --record my-game.jsonl
    \b
    At the prompt:
      red> 3,-1 across CA(T)s
      red> replace 0,2=R 1,4=e
      red> exchange E vowel
      red> hint 3
    """
    from rich.console import Console

    from wordbot.cli.loading import load_lexicon, load_rules
    from wordbot.engine.controlword import ControlWordState
    from wordbot.players import Limit, make_player
    from wordbot.protocol import default_player
    from wordbot.terminal import TerminalGame, make_seats

    load_plugins(plugins)
    rule_set = load_rules(rules, mat)
    if seed is None:
        seed = secrets.randbits(31)
    colours = [p.strip() for p in players.split(",")]
    seats = make_seats(colours, seat, bots or [default_player()], seed)
    helper = make_player(hint_player, seed)
    state = ControlWordState.new(colours, seed, None, rule_set, load_lexicon(lexicon_path))
    path = None if no_record else (record or Path(f"wordbot-game-{seed}.jsonl"))
    console = Console(highlight=False, force_terminal={"always": True, "never": False,
                                                       "auto": None}[color],
                      no_color=color == "never")

    def read(prompt: str) -> str:
        return console.input(prompt)

    game = TerminalGame(state, seats, Limit(time=seconds), helper, path, console, read)
    try:
        game.play()
    except KeyboardInterrupt:
        console.print("\ninterrupted; the record so far is kept")
    finally:
        game.close()

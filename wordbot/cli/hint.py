"""``wordbot hint``: the best moves of a position, and why."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wordbot.cli import main
from wordbot.cli.options import json_option, lexicon_option, rule_option
from wordbot.errors import WordbotError

#: the built-in position hinted on without POSITION: a new two-player game
BUILTIN_SEED = 1


def _state(position, lexicon_path, rules):
    from wordbot.cli.loading import load_lexicon, load_state

    if position is not None:
        return load_state(position, lexicon_path, rules)
    from wordbot.engine.controlword import ControlWordState, Rules

    return ControlWordState.new(["red", "green"], seed=BUILTIN_SEED,
                                rules=Rules.parse(rules), lexicon=load_lexicon(lexicon_path))


def _print(state, spec, cands) -> None:
    from rich.console import Console
    from rich.table import Table

    from wordbot.engine.controlword.display import board_text, move_highlight

    console = Console(highlight=False)
    console.print(f"[bold]{state.to_move}[/] to move, {state.phase} phase, round {state.round}"
                  f" (R={state.rack_limit}, L={state.replacement_limit}), rack "
                  f"[bold]{state.racks.get(state.to_move, '?')}[/]; player {spec}")
    table = Table(show_lines=False)
    for name, justify in (("#", "right"), ("move", "left"), ("points", "right"),
                          ("control", "right"), ("equity", "right"), ("win %", "right"),
                          ("words that change hands", "left")):
        table.add_column(name, justify=justify, overflow="fold")
    for i, c in enumerate(cands, 1):
        table.add_row(str(i), c.notation, str(c.points), f"{c.control_change:+.1f}",
                      f"{c.equity:.1f}", "-" if c.win_rate is None else f"{100 * c.win_rate:.0f}",
                      "; ".join(c.words) or "-")
    console.print(table)
    console.print(board_text(state.board, move_highlight(cands[0].move)))


@main.command()
@click.argument("position", required=False)
@click.option("--player", "player_spec", default="control", show_default=True,
              metavar="NAME[:K=V,...]",
              help="Who ranks the moves: control, mc, greedy (or random), with options, "
                   "e.g. mc:k=8,plies=4.")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True,
              help="How many candidates to show.")
@click.option("--time", "seconds", type=click.FloatRange(min=0), default=None, metavar="S",
              help="Thinking time in seconds (for mc; default 1).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the player's random choices (mc sampling).")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE", help="Also write the board with the best move as SVG.")
@json_option
@rule_option
@lexicon_option
def hint(position, player_spec, top, seconds, seed, svg_path, as_json, rules, lexicon_path):
    """The best moves for the player to move in POSITION, and why.

    Each candidate shows its points now, the change in end-of-game control value, the
    equity it is ranked by (win rate for mc), and the words that change hands. Without
    POSITION, hints on a built-in start position (a new red-green game, seed 1).
    POSITION is a position JSON file (FORMATS.md), `-` for stdin, or the JSON itself.

    \b
    Examples:
      wordbot hint
      wordbot new --seed 7 > game.json && wordbot hint game.json --top 3
      wordbot hint game.json --player mc --time 2 --json
      wordbot hint game.json --svg best.svg
    """
    from wordbot.players import Limit, make_player

    player = make_player(player_spec, seed=seed)
    state = _state(position, lexicon_path, rules)
    if state.is_over:
        raise WordbotError("position: the game is over (phase 'over'): there is no move to hint")
    if state.racks.get(state.to_move) is None:
        raise WordbotError(f"racks: the rack of {state.to_move} (to move) is unknown")
    cands = player.analyse(state, Limit(time=seconds), top=top)
    if svg_path is not None:
        from wordbot.engine.controlword.display import board_svg, move_highlight

        title = f"{state.to_move}: {cands[0].notation}"
        try:
            svg_path.write_text(board_svg(state.board, move_highlight(cands[0].move),
                                          title=title))
        except OSError as exc:
            raise WordbotError(f"--svg {svg_path}: cannot write ({exc.strerror})") from None
    if as_json:
        click.echo(json.dumps({"player": player.spec, "candidates": [
            {"move": c.move.to_json(), "notation": c.notation, "points": c.points,
             "control_change": round(c.control_change, 3), "equity": round(c.equity, 3),
             "win_rate": None if c.win_rate is None else round(c.win_rate, 4),
             "words": c.words} for c in cands]}))
        return
    _print(state, player.spec, cands)

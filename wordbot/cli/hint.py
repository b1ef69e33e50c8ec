"""``wordbot hint``: the best moves of a position of any game, and why."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING

import click

from wordbot.cli import main
from wordbot.cli.options import (
    SEED,
    Number,
    game_option,
    json_option,
    level_option,
    level_player,
    lexicon_option,
    rule_option,
    top_option,
)
from wordbot.errors import WordbotError

if TYPE_CHECKING:
    from rich.text import JustifyMethod

#: the built-in position hinted on without POSITION: a new game of the default players
BUILTIN_SEED = 1


def _state(position, game_name, lexicon_path, rules):
    from wordbot.cli.loading import game_named, load_state
    from wordbot.lexicons import lexicon_for

    if position is not None:
        return load_state(position, lexicon_path, rules)
    game = game_named(game_name)
    return game.new(None, BUILTIN_SEED, game.rules(rules), lexicon_for(game, lexicon_path))


def _cell(value) -> str:
    if isinstance(value, float):
        return f"{value:+.1f}"
    if isinstance(value, (list, tuple)):
        return "; ".join(map(str, value)) or "-"
    return str(value)


#: below a table with a margin at a horizon
HORIZON_NOTE = (
    "* the playouts stopped before the end of the game: the margin is their mean value "
    "there (the score margin and what the position promises, as the playouts' player "
    "values it), and there is no win rate; a win % is shown where every playout reached "
    "the end"
)


def _margin(cand) -> str:
    """A candidate's mean margin, ``*`` when taken at a horizon (see HORIZON_NOTE)."""
    if cand.margin is None:
        return "-"
    return f"{cand.margin:+.1f}" + ("*" if cand.margin_at == "horizon" else "")


def _print(state, spec, cands) -> None:
    from rich.console import Console
    from rich.table import Table

    from wordbot.engine.display import picture
    from wordbot.players.profile import profile_of

    game = state.game
    profile = profile_of(game)
    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(
            highlight=False, width=120
        )  # a file or a pipe: room for the table
    console.print(f"[bold]{state.to_move}[/] to move · {state.describe()} · player {spec}")
    table = Table(show_lines=False)
    fields = profile.candidate_fields
    columns: list[tuple[str, JustifyMethod]] = [
        ("#", "right"),
        ("move", "left"),
        ("points", "right"),
    ]
    columns += [
        (label, "left" if isinstance(default, list) else "right")
        for label, default in fields.values()
    ]
    columns.append(("equity", "right"))
    # a player that plays out (mc, search): the win rate and its interval where the
    # playouts reached the end, the mean margin, the work (a column none fills is left
    # out: a heuristic's hint has no win rate to show)
    won = any(c.win_rate is not None for c in cands)
    ended = any(c.interval is not None for c in cands)
    played = any(c.margin is not None or "depth" in c.details for c in cands)
    horizon = any(c.margin_at == "horizon" for c in cands)
    deep = any("depth" in c.details for c in cands)  # search:tree=ab's moves deep
    if won:
        columns.append(("win %", "right"))
    if ended:
        columns.append(("win 95% CI", "right"))
    if played:
        columns += [("margin", "right"), ("playouts", "right")]
    if deep:
        columns.append(("depth", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, overflow="fold")
    for i, c in enumerate(cands, 1):
        shown = profile.candidate_json(c, state)
        row = [
            str(i),
            c.notation,
            str(c.points),
            *[_cell(shown[key]) for key in fields],
            f"{c.equity:.2f}" if played else f"{c.equity:.1f}",
        ]
        if won:
            row.append("-" if c.win_rate is None else f"{100 * c.win_rate:.0f}")
        if ended:
            row.append(
                "-"
                if c.interval is None
                else f"{100 * c.interval[0]:.0f}-{100 * c.interval[1]:.0f}"
            )
        if played:
            row += [_margin(c), str(c.iterations)]
        if deep:
            row.append(str(c.details.get("depth", "-")))
        table.add_row(*row)
    console.print(table)
    if horizon:
        console.print(HORIZON_NOTE, soft_wrap=True, markup=False)
    console.print(picture(state, cands[0].move, viewer=state.to_move))


@main.command()
@click.argument("position", required=False)
@game_option
@click.option(
    "--player",
    "player_spec",
    default=None,
    metavar="NAME[:K=V,...]",
    help="Who ranks the moves (default: the game's own policy; Control Word: "
    "control), with options, e.g. mc:k=8,plies=4.",
)
@level_option
@top_option(5, "How many candidates to show.")
@click.option(
    "--time",
    "seconds",
    type=Number(0),
    default=None,
    metavar="S",
    help="Thinking time in seconds (for mc and search; default 1).",
)
@click.option(
    "--seed",
    type=SEED,
    default=0,
    show_default=True,
    help="Seed of the player's random choices (mc sampling).",
)
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="FILE",
    help="Also write the position with the best move as SVG.",
)
@json_option
@rule_option
@lexicon_option
def hint(
    position,
    game_name,
    player_spec,
    level,
    top,
    seconds,
    seed,
    svg_path,
    as_json,
    rules,
    lexicon_path,
):
    """The best moves for the player to move in POSITION, and why.

    Each candidate shows what it adds to the score now, the game's own figures (Control
    Word: the change in the risk-weighted control value: what the words on the board
    will pay at the end, each discounted by the risk of losing it before then; and the
    words that change hands) and the equity it is ranked by (mean value of the playouts
    for mc, the win probability with the margin blended in for search). A player that
    plays out (mc, search) also shows the playouts (tree simulations in RouteWords and
    Cross words combat; with search:tree=ab the leaves valued below it, and the moves
    deep it was searched) spent on each candidate and their mean margin. Where every
    playout reached the end of the game, that is the final margin, with the win rate and
    its 95% interval; where they stopped before (mc's playouts stop at a horizon: Control
    Word's at the end of the round, the other games' two rounds ahead), there is no win
    rate, and the margin (marked *) is the mean value where they stopped. Without
    POSITION, hints on a built-in start position (a new game of --game, seed 1).
    POSITION is a position JSON file (docs/formats.md) of any game, `-` for stdin, or the
    JSON itself.

    \b
    Examples:
      wordbot hint
      wordbot new --seed 7 > game.json && wordbot hint game.json --top 3
      wordbot hint game.json --player mc --time 2 --json
      wordbot hint game.json --player search --time 0.5
      wordbot hint game.json --level 5      # what level 5 would play
      wordbot hint game.json --svg best.svg
    """
    from wordbot.cli.loading import catalog
    from wordbot.engine.display import svg
    from wordbot.players import Limit, profile_of

    player_spec = level_player(level, player_spec, "--player", seconds)
    state = _state(position, game_name, lexicon_path, rules)
    game = state.game
    player = catalog().players.make(
        player_spec or profile_of(game).default_policy, game, Limit(time=seconds)
    )
    if state.is_over:
        raise WordbotError(
            "position: the game is over (phase 'over'): there is no move to hint"
        )
    cands = player.top(state, top, random.Random(seed))
    if svg_path is not None:
        try:
            svg_path.write_text(svg(state, cands[0].move))
        except OSError as exc:
            raise WordbotError(f"--svg {svg_path}: cannot write ({exc.strerror})") from None
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": game.name,
                    "player": player.spec,
                    "candidates": [
                        profile_of(game).candidate_json(c, state) for c in cands
                    ],
                }
            )
        )
        return
    _print(state, player.spec, cands)

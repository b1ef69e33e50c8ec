"""``wordbot new / apply / score / replay``: positions and records of any game.

Positions are docs/formats.md position JSON (the game comes from their ``format``); moves are
the game's text notation or a move object. Bad input of any kind is one line
``wordbot: error: ...`` and exit code 2.
"""

from __future__ import annotations

import json

import click

from wordbot.cli import main
from wordbot.cli.loading import game_named, load_state
from wordbot.cli.options import (
    SEED,
    SetupCommand,
    game_option,
    json_option,
    lexicon_option,
    players_option,
    rule_option,
    setup_values,
)
from wordbot.lexicons import lexicon_for


def _print_json(obj) -> None:
    click.echo(json.dumps(obj))


@main.command(cls=SetupCommand)
@game_option
@players_option
@click.option(
    "--seed", type=SEED, default=None, help="Seed of every random event (default: random)."
)
@rule_option
@lexicon_option
def new(game_name, players, seed, rules, lexicon_path) -> None:
    """Print the start position of a new game (JSON).

    Everything the set-up leaves to chance comes from one seeded generator: the same
    --seed gives the same position. A game's own set-up options (`wordbot games` lists
    them) follow the others.

    \b
    Examples:
      wordbot new --seed 7
      wordbot new --players red,green,black --seed 7 --rule rounds=6
      wordbot new --game NAME --seed 7 [the game's set-up options, below]
    """
    game = game_named(game_name)
    state = game.new(
        players,
        seed,
        game.rules(rules),
        lexicon_for(game, lexicon_path, lazy=True),
        **setup_values(game),
    )
    _print_json(state.to_json())


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("position")
@click.argument("move", nargs=-1, required=True)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed for the draws this move causes (default: derived from the position).",
)
@rule_option
@lexicon_option
def apply(position, move, seed, rules, lexicon_path) -> None:
    """Print the position after MOVE (JSON), or the rule it breaks.

    POSITION is a file, - for stdin, or inline JSON. MOVE is the game's text notation
    (quoted or not) or a JSON move object, made by the player to move. Control Word:

    \b
      ROW,COL across|down WORD   word play; (X) = letter on the board, lowercase = blue
      replace ROW,COL=L ...      replacement (lowercase = blue tile)
      pass | redraw | exchange E vowel | exchange T consonant

    \b
    Examples:
      wordbot apply game.json "3,-1 across CA(T)s"
      wordbot new --seed 1 | wordbot apply - pass
      wordbot apply game.json '{"type": "replace", "tiles": [[0, 2, "R", "red"]]}'
    """
    state = load_state(position, lexicon_path, rules, seed)
    after = state.apply(state.parse_move(" ".join(move)))
    _print_json(after.to_json())


@main.command()
@click.argument("position")
@json_option
@rule_option
@lexicon_option
def score(position, as_json, rules, lexicon_path) -> None:
    """Score POSITION as if the game ended now.

    Control Word: every word (run of 2+ tiles) goes to the colour with strictly the most
    tiles in it (majority: at least half, 3x its when-played points; plurality: 2x); ties
    and blue score nothing. Final = played points + word points - penalty tokens x 5.
    With --json: the game's result JSON (Control Word: {"words": [...], "totals": {...},
    "ranking": [...], "winners": [...]}).

    \b
    Example:
      wordbot score game.json --json
    """
    from wordbot.engine.display import score_text

    state = load_state(position, lexicon_path, rules)
    if as_json:
        _print_json(state.outcome().details)
        return
    click.echo(score_text(state))


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option(
    "--unfinished",
    is_flag=True,
    help="The record may stop before its game's end (a game quit part-way, a "
    "forfeited one): check it as far as it goes.",
)
@json_option
@rule_option
@lexicon_option
def replay(record, unfinished, as_json, rules, lexicon_path) -> None:
    """Replay a game RECORD (JSON Lines) of any game, verifying every position.

    The moves are re-applied from the record's seed (a hosted game's record, which
    holds none, takes each action's draws from its line); each action's chance events,
    scores and position digest must match. Exit 0 when all match, 1 at the first
    mismatch (printed), 2 for a record that cannot be read or is not whole: a line cut
    off mid-way, or no result line at the end (a record cut short, or, without
    --unfinished, a game that did not finish).

    \b
    Example:
      wordbot replay games/0001.jsonl --lexicon small.txt
    """
    from wordbot.cli.loading import catalog
    from wordbot.engine.errors import RecordError
    from wordbot.engine.records import read_record
    from wordbot.engine.records import replay as run_replay

    rec = read_record(record, catalog().games)
    assert rec.game is not None  # read_record names the game of every record
    if rec.truncated:
        raise RecordError(
            f"{record} line {rec.truncated}: cut off mid-line (its writer stopped); "
            "the record is incomplete"
        )
    if rec.result is None and not unfinished:
        raise RecordError(
            f"{record} line {rec.last_line}: the record ends there, without its result "
            "line (cut short, or a game that did not finish: --unfinished checks it "
            "as far as it goes)"
        )
    result = run_replay(rec, lexicon_for(rec.game, lexicon_path), rules)
    final = result.final
    outcome = final.outcome()
    if as_json:
        _print_json(
            {
                "game": rec.game.name,
                "ok": result.ok,
                "actions": result.actions,
                "mismatch": result.mismatch,
                "notes": result.notes,
                "over": final.is_over,
                "result": outcome.details,
            }
        )
    else:
        for note in result.notes:
            click.echo(f"note: {note}")
        if result.ok:
            click.echo(f"ok: {result.actions} actions replayed, every position matches")
        else:
            click.echo(
                f"mismatch after {result.actions} verified actions: {result.mismatch}"
            )
        ranking = sorted(final.players, key=lambda p: outcome.places[p])
        totals = ", ".join(f"{p} {outcome.scores[p]}" for p in ranking)
        scores = "final scores" if final.is_over else "scores so far"
        click.echo(f"{final.describe()}; {scores}: {totals}")
    raise SystemExit(0 if result.ok else 1)

"""``wordbot new / apply / score / replay``: Control Word positions from the command line.

Positions are FORMATS.md position JSON; moves are the FORMATS.md text notation or a move
object. Bad input of any kind is one line ``wordbot: error: ...`` and exit code 2.
"""

from __future__ import annotations

import json

import click

from wordbot.cli import main
from wordbot.cli.loading import load_lexicon, load_rules, load_state
from wordbot.cli.options import json_option, lexicon_option, rule_option


def _print_json(obj) -> None:
    click.echo(json.dumps(obj))


@main.command()
@click.option(
    "--players",
    default="red,green",
    show_default=True,
    metavar="COLOURS",
    help="Seat order, 2-4 of black, white, red, green, comma-separated.",
)
@click.option("--seed", type=int, default=None, help="Seed of every random event (default: random).")
@click.option("--mat", default=None, metavar="1-6|random", help="Start mat (same as --rule start_mat=...).")
@rule_option
@lexicon_option
def new(players, seed, mat, rules, lexicon_path) -> None:
    """Print the start position of a new Control Word game (JSON).

    The mat is placed, both dice rolled, every rack dealt and the first player chosen
    (lowest drawn letter), all from one seeded generator.

    \b
    Example:
      wordbot new --players red,green,black --seed 7 --mat 3 --rule rounds=6
    """
    from wordbot.engine.controlword import ControlWordState

    rule_set = load_rules(rules, mat)
    lex = load_lexicon(lexicon_path) if (lexicon_path or rule_set.start_mat == "random") else None
    state = ControlWordState.new(players, seed, None, rule_set, lex if lex else _LazyLexicon())
    _print_json(state.to_json())


class _LazyLexicon:
    """Stands in for the default lexicon where `new` does not need to look up words."""

    def __contains__(self, word):  # pragma: no cover - never reached by `new`
        raise RuntimeError("lexicon not loaded")


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("position")
@click.argument("move", nargs=-1, required=True)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Seed for the draws this move causes (default: derived from the position).",
)
@rule_option
@lexicon_option
def apply(position, move, seed, rules, lexicon_path) -> None:
    """Print the position after MOVE (JSON), or the rule it breaks.

    POSITION is a file, - for stdin, or inline JSON. MOVE is text notation (quoted or
    not) or a JSON move object, made by the player to move:

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
    text = " ".join(move)
    after = state.apply(state.parse_move(text))
    _print_json(after.to_json())


_CODE = {"black": "k", "white": "w", "red": "r", "green": "g", "blue": "b"}


@main.command()
@click.argument("position")
@json_option
@rule_option
@lexicon_option
def score(position, as_json, rules, lexicon_path) -> None:
    """Score the board of POSITION as if the game ended now.

    Every word (run of 2+ tiles) goes to the colour with strictly the most tiles in it
    (majority: at least half, 3x its when-played points; plurality: 2x); ties and blue
    score nothing. Final = played points + word points - penalty tokens x 5. With --json:
    {"words": [...], "totals": {...}, "ranking": [...], "winners": [...]}.

    \b
    Example:
      wordbot score game.json --json
    """
    state = load_state(position, lexicon_path, rules)
    ev = state.evaluate()
    if as_json:
        _print_json(ev.to_json())
        return
    click.echo("colours: k black, w white, r red, g green, b blue")
    click.echo(f"{'word':<16} {'at':<14} {'colours':<16} {'controller':<10} {'control':<10} points")
    for w in ev.words:
        r0, c0 = w.word.squares[0]
        colours = "".join(_CODE[c] for c in w.word.colours)
        click.echo(
            f"{w.word.letters:<16} {f'{r0},{c0} {w.word.direction}':<14} {colours:<16} "
            f"{w.controller or '-':<10} {w.control or '-':<10} {w.points:>6}"
        )
    click.echo("")
    click.echo(f"{'player':<8} {'played':>7} {'words':>7} {'penalty':>8} {'final':>7}  controlled")
    for p in ev.ranking:
        t = ev.totals[p]
        click.echo(
            f"{p:<8} {t.played_points:>7} {t.word_points:>7} {t.penalty_points:>8} "
            f"{t.final:>7}  {t.words_controlled}"
        )
    label = "winner" if len(ev.winners) == 1 else "shared win"
    click.echo(f"{label}: {', '.join(ev.winners)}")


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@json_option
@rule_option
@lexicon_option
def replay(record, as_json, rules, lexicon_path) -> None:
    """Replay a game RECORD (JSON Lines), verifying every position.

    The moves are re-applied from the record's seed; each action's dice, draws, scores
    and position digest must match. Exit 0 when all match, 1 at the first mismatch
    (printed), 2 for a record that cannot be read.

    \b
    Example:
      wordbot replay games/0001.jsonl --lexicon small.txt
    """
    from wordbot.engine.controlword import read_record
    from wordbot.engine.controlword import replay as run_replay

    rec = read_record(record)
    result = run_replay(rec, load_lexicon(lexicon_path), rules)
    final = result.final
    ev = final.evaluate()
    if as_json:
        _print_json(
            {
                "ok": result.ok,
                "actions": result.actions,
                "mismatch": result.mismatch,
                "notes": result.notes,
                "over": final.is_over,
                "result": ev.to_json(),
            }
        )
    else:
        for note in result.notes:
            click.echo(f"note: {note}")
        if result.ok:
            click.echo(f"ok: {result.actions} actions replayed, every position matches")
        else:
            click.echo(f"mismatch after {result.actions} verified actions: {result.mismatch}")
        status = "game over" if final.is_over else f"round {final.round}, {final.phase} phase"
        totals = ", ".join(f"{p} {ev.totals[p].final}" for p in ev.ranking)
        click.echo(f"{status}; final scores: {totals}")
    raise SystemExit(0 if result.ok else 1)

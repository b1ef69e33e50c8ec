"""``wordbot moves``: every legal play of a position, from the compiled generator."""

from __future__ import annotations

import json
import statistics
import time

import click

from wordbot.cli import main
from wordbot.cli.loading import load_state
from wordbot.cli.options import json_option, lexicon_option, rule_option
from wordbot.errors import WordbotError


def _generate(state, kind: str):
    """(moves, points) for ``kind``: engine moves in generation order, points when played."""
    from wordbot.engine.controlword.generator import colour_tiles
    from wordbot.engine.controlword.moves import Replacement, WordPlay

    if kind == "all":
        if state.phase == "over":
            return [], []
        moves, points = _generate(state, "word" if state.phase == "word" else "replace")
        rest = state.other_moves()
        return moves + rest, points + [0] * len(rest)
    found = _plays(state, kind)
    rack = state.racks[state.to_move]
    if kind == "word":
        moves = [WordPlay(t) for t in colour_tiles(found.as_sets(), rack, state.to_move)]
        return moves, [int(p) for p in found.points]
    moves = [Replacement(t) for t in colour_tiles(found.as_sets(), rack, state.to_move)]
    return moves, [0] * len(moves)


def _plays(state, kind: str):
    """The generator's list of word plays or replacement plays (``kind`` "all": those
    of the position's phase), without making a move object each."""
    from wordbot.movegen.controlword import FAST

    rack = state.racks.get(state.to_move)
    if rack is None:
        raise WordbotError(f"racks: the rack of {state.to_move} (to move) is unknown")
    gen = FAST.for_state(state)
    if kind == "all":
        kind = "word" if state.phase != "replacement" else "replace"
    if kind == "word":
        return gen.word_plays(state.board, rack, state.board.bounds)
    return gen.replacement_plays(state.board, rack, state.to_move, state.replacement_limit)


def _count(state, kind: str) -> int:
    """How many moves ``wordbot moves`` would list: a replacement list counts its plays
    without writing them out."""
    if kind != "all":
        return len(_plays(state, kind))
    if state.phase == "over":
        return 0
    return len(_plays(state, kind)) + len(state.other_moves())


def _bench(state, kind: str, n: int) -> dict:
    def once():
        return _plays(state, kind)

    count = len(once())  # warm-up: kernels loaded, buffers sized
    times = []
    for _ in range(n):
        start = time.perf_counter()
        once()
        times.append((time.perf_counter() - start) * 1e6)
    return {"min_us": min(times), "median_us": statistics.median(times), "moves": count}


@main.command()
@click.argument("position")
@click.option("--kind", type=click.Choice(["word", "replace", "all"]), default="all",
              show_default=True,
              help="word: word plays; replace: replacement plays (with the position's "
                   "replacement_limit); all: every legal action of the position's phase, "
                   "pass, redraw and blue exchanges included.")
@click.option("--count", is_flag=True, help="Print only the number of moves.")
@click.option("--bench", type=click.IntRange(min=1), default=None, metavar="N",
              help="Generate N times in this process after one warm-up and print "
                   "min_us=... median_us=... moves=...: the generator's word or "
                   "replacement plays (with --kind all, those of the phase; pass, "
                   "redraw and exchanges are neither timed nor counted).")
@json_option
@rule_option
@lexicon_option
def moves(position, kind, count, bench, as_json, rules, lexicon_path) -> None:
    """List every legal move of POSITION for the player to move.

    POSITION is a position JSON file (FORMATS.md), `-` for stdin, or the JSON text
    itself. Text output is one move a line: points when played, then the move in text
    notation, best first. --json prints a JSON array of move objects in the same order.

    \b
    Examples:
      wordbot new --seed 1 > start.json
      wordbot moves start.json --kind word | head
      wordbot moves start.json --count
      wordbot moves start.json --bench 200
    """
    state = load_state(position, lexicon_path, rules)
    if bench:
        result = _bench(state, kind, bench)
        click.echo(f"min_us={result['min_us']:.1f} median_us={result['median_us']:.1f} "
                   f"moves={result['moves']}")
        return
    if count:
        click.echo(_count(state, kind))
        return
    found, points = _generate(state, kind)
    order = sorted(range(len(found)), key=lambda i: -points[i])
    if as_json:
        click.echo(json.dumps([found[i].to_json() for i in order]))
        return
    for i in order:
        click.echo(f"{points[i]:>4}  {state.notation(found[i])}")

"""``wordbot moves``: every legal move of a position, from the game's compiled generator."""

from __future__ import annotations

import json
import statistics
import time

import click

from wordbot.cli import main
from wordbot.cli.loading import load_state
from wordbot.cli.options import (
    WholeNumber,
    json_option,
    lexicon_option,
    rule_option,
    top_option,
)
from wordbot.engine.errors import MoveError


def _check_kind(ctx, param, value: str) -> str:
    """``all`` or a kind of move of some game (the position's game is checked later).
    Games are loaded only until one has the kind: ``all`` loads none (a game's module
    brings its kernels' imports, most of a ``wordbot moves`` process's start)."""
    if value == "all":
        return value
    from wordbot.cli.loading import catalog

    games = catalog().games
    if any(value in games[name].move_kinds for name in games.names()):
        return value
    kinds = {"all"}.union(*(games[name].move_kinds for name in games.names()))
    raise click.BadParameter(
        f"{value!r} is not a kind of move ({', '.join(sorted(kinds))})"
    )


def _best(state, kind: str, top: int, by: str) -> list:
    """The ``top`` best moves of ``kind`` as (move, points) pairs, best first: by the
    points they add now (ties in the game's own order, then the generator's), or as the
    player of spec ``by`` ranks every legal move."""
    if by == "points":
        return state.moves(kind).best(top)
    if kind != "all":
        raise MoveError(
            f"--by {by}: a player ranks every move (--kind all); use --by points for "
            f"--kind {kind}"
        )
    ranked = _ranker(by, state.game).top(state, top)
    return [(c.move, c.points) for c in ranked]


def _ranker(spec: str, game):
    """The player of ``--by SPEC``: one of ``game``'s players that ranks its moves."""
    from wordbot.cli.loading import catalog
    from wordbot.players import PlayerError
    from wordbot.players.base import Player

    players = catalog().players
    try:
        player = players.make(spec, game)
    except PlayerError as exc:
        raise PlayerError(f"--by {spec}: {exc}") from None
    # a player that only picks (random) keeps the contract's one-candidate ranking
    if type(player)._top is Player._top:
        ranking = [
            name
            for name in players.for_game(game)
            if players.get(name)._top is not Player._top
        ]
        raise PlayerError(
            f"--by {spec}: player {player.name} picks a move without ranking any "
            f"({game.title}'s players that rank: points, {', '.join(ranking)})"
        )
    return player


def _bench(state, kind: str, n: int, best: tuple[int, str] | None = None) -> dict:
    def once():
        # a fresh copy each time (a state keeps the list it made); the length makes the
        # generator run
        fresh = state.with_seed(state.seed)
        if best is not None:
            return len(_best(fresh, kind, *best))
        return len(fresh.moves(kind))

    count = once()  # warm-up: kernels loaded, buffers sized
    times = []
    for _ in range(n):
        start = time.perf_counter()
        once()
        times.append((time.perf_counter() - start) * 1e6)
    return {"min_us": min(times), "median_us": statistics.median(times), "moves": count}


@main.command()
@click.argument("position")
@click.option(
    "--kind",
    default="all",
    show_default=True,
    metavar="KIND",
    callback=_check_kind,
    help="all: every legal move of the position; or one kind of the game's moves "
    "(`wordbot games` lists them; Control Word: word, the word plays, and "
    "replace, the replacement plays with the position's replacement_limit, "
    "whatever the phase).",
)
@click.option("--count", is_flag=True, help="Print only the number of moves.")
@click.option(
    "--bench",
    type=WholeNumber(1),
    default=None,
    metavar="N",
    help="List the moves N times in this process after one warm-up and print "
    "min_us=... median_us=... moves=... (generation only: no move is "
    "written out).",
)
@click.option(
    "--best",
    is_flag=True,
    help="Only the best moves (--top of them), best first, ranked --by.",
)
@top_option(1, "With --best: how many moves.")
@click.option(
    "--by",
    default="points",
    show_default=True,
    metavar="points|PLAYER",
    help="With --best: points, what a move adds to the mover's score now (ties in "
    "the game's own order: Control Word plays fewer tiles first); or a player that "
    "ranks moves, with its options (`wordbot games` lists each game's players), "
    "e.g. control, routes, drafter, territory, greedy, mc:iterations=200: its own "
    "ranking of every legal move.",
)
@json_option
@rule_option
@lexicon_option
def moves(
    position, kind, count, bench, best, top, by, as_json, rules, lexicon_path
) -> None:
    """List every legal move of POSITION for the player to move.

    POSITION is a position JSON file (docs/formats.md) of any game, `-` for stdin, or the JSON
    text itself. Text output is one move a line: what it adds to the mover's score now,
    then the move in text notation, best first. --json prints a JSON array of move
    objects in the same order. A finished game has no moves. --best lists only the
    --top best (with --bench: times finding them).

    \b
    Examples:
      wordbot new --seed 1 > start.json
      wordbot moves start.json --kind word | head
      wordbot moves start.json --count
      wordbot moves start.json --bench 200
      wordbot moves start.json --best --top 5
      wordbot moves start.json --best --by control --json
      wordbot moves start.json --best --top 3 --by mc:iterations=100
    """
    state = load_state(position, lexicon_path, rules)
    kinds = ("all", *state.game.move_kinds)
    if kind not in kinds:
        raise MoveError(
            f"--kind {kind}: not a kind of {state.game.title} move ({', '.join(kinds)})"
        )
    if not best and (top != 1 or by != "points"):
        raise click.UsageError("--top and --by go with --best")
    if bench:
        result = _bench(state, kind, bench, (top, by) if best else None)
        click.echo(
            f"min_us={result['min_us']:.1f} median_us={result['median_us']:.1f} "
            f"moves={result['moves']}"
        )
        return
    if best:
        ranked = _best(state, kind, top, by)
        if count:
            click.echo(len(ranked))
        elif as_json:
            click.echo(json.dumps([move.to_json() for move, _ in ranked]))
        else:
            for move, points in ranked:
                click.echo(f"{points:>4}  {state.notation(move)}")
        return
    found = state.moves(kind)
    if count:
        click.echo(len(found))
        return
    gains = list(found.gains())
    order = sorted(range(len(found)), key=lambda i: -gains[i])
    if as_json:
        click.echo(json.dumps([found[i].to_json() for i in order]))
        return
    for i in order:
        click.echo(f"{gains[i]:>4}  {state.notation(found[i])}")

"""Compiling the games' kernels ahead of their first use (``wordbot warm``, ``serve``).

numba compiles a kernel the first time a process on this machine calls it and keeps the
machine code in its cache; until then a game's first hint, bot move or move list waits
for the compiler (a minute or more for Control Word on two cores). Warming a game plays
a few moves of a new game with each of its players, the searching ones on the smallest
budget, listing moves and ranking candidates as ``wordbot hint`` does: that calls every
kernel the commands reach, so they compile now, in one place, with a word said about it.

A marker file in numba's cache folder (named for the kernels' sources and the numba and
numpy versions, see ``wordbot._paths.kernel_fingerprint``) records that a game was
warmed: a second ``wordbot warm`` only reads it.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path

#: actions of each player's warming game: enough to reach a game's later move kinds
#: (Control Word's replacement phase, the others' middle game)
ACTIONS = 12
#: actions of a searching player's warming game: two moves on the smallest budget (one
#: playout a candidate) reach all of its kernels, since its playouts run the game's
#: policies
SEARCHING_ACTIONS = 2


def marker(game_name: str) -> Path:
    """The file that says ``game_name``'s kernels are in this numba cache folder."""
    return Path(os.environ["NUMBA_CACHE_DIR"]) / f"warmed-{game_name}"


def is_warm(game_name: str) -> bool:
    return marker(game_name).exists()


def play_briefly(game, lexicon, players: Iterable[str], catalog) -> None:
    """A few actions of a new game of ``game`` by each of ``players`` (specs, searching
    ones held to one playout a candidate), with what ``hint`` computes of every
    candidate and of the first legal moves."""
    from wordbot.players.base import Limit
    from wordbot.players.profile import profile_of

    profile = profile_of(game)
    for spec in players:
        searching = "iterations" in catalog.players.get(spec.split(":", 1)[0]).options
        player = catalog.players.make(
            spec, game, Limit(iterations=1) if searching else None
        )
        state = game.new(seed=0, lexicon=lexicon)
        rng = random.Random(0)
        for _ in range(SEARCHING_ACTIONS if searching else ACTIONS):
            if state.is_over:
                break
            for move in state.legal_moves()[:3]:
                profile.facts(state, move)
            candidates = player.top(state, 3, rng)
            for candidate in candidates:
                profile.candidate_json(candidate, state)
            state = state.apply(candidates[0].move)


def play_compiled_briefly(game, lexicon, catalog) -> None:
    """One whole game of greedy in the game's compiled core, as tournaments and studies
    play one (its own signatures of the core's kernels), its moves decoded."""
    from wordbot.players.arena import play_compiled

    state = game.new(seed=0, lexicon=lexicon)
    greedy = catalog.players.make("greedy", game)
    play_compiled(state, dict.fromkeys(state.players, greedy), 0)


def warm(
    game_names: Iterable[str],
    catalog,
    lexicon_path: str | None = None,
    force: bool = False,
    report: Callable[[str], None] | None = None,
) -> dict[str, float]:
    """Warm each of ``game_names`` with all of its players (skipping those already
    warm unless ``force``); the seconds each took (0 for a game already warm)."""
    from wordbot.lexicons import load_lexicon

    took: dict[str, float] = {}
    for name in game_names:
        game = catalog.game(name)
        if is_warm(name) and not force:
            took[name] = 0.0
            if report:
                report(f"{game.title}: already compiled")
            continue
        started = time.perf_counter()
        players = catalog.players.for_game(game)
        if report:
            report(f"{game.title}: compiling for {', '.join(players)} ...")
        # --lexicon is for the games with words: the others are warmed without one
        lexicon = load_lexicon(lexicon_path, report) if game.uses_lexicon else None
        play_briefly(game, lexicon, players, catalog)
        play_compiled_briefly(game, lexicon, catalog)
        marker(name).parent.mkdir(parents=True, exist_ok=True)
        marker(name).touch()
        took[name] = time.perf_counter() - started
        if report:
            report(f"{game.title}: ready in {took[name]:.1f} s")
    return took

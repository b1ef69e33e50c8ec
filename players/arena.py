"""Playing games between players: one game, and paired games (same deal, seats swapped).

The tournament runner (``wordbot tournament``) builds on these.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordbot.engine.controlword import ControlWordState, Rules
from wordbot.engine.controlword.scoring import rank_key
from wordbot.players.base import Limit, Player

MAX_ACTIONS = 2000  # a guard against a player that never ends its turn


def derive_seed(*parts) -> int:
    """A 63-bit seed from any parts (game seed, seat, ...), stable across runs.

    >>> derive_seed(1, "red") == derive_seed(1, "red") != derive_seed(1, "green")
    True
    """
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass
class GameResult:
    """A finished game: final state, finals by colour, who played which colour."""

    seed: int
    seats: dict[str, str]  # colour -> player spec
    final: ControlWordState
    scores: dict[str, int]
    winners: tuple[str, ...]
    actions: int
    think_time: dict[str, float] = field(default_factory=dict)  # colour -> seconds
    decisions: dict[str, int] = field(default_factory=dict)
    moves: list = field(default_factory=list)
    #: with ``on_error="forfeit"``: the colour whose player raised (None: the game itself
    #: failed, e.g. no end after MAX_ACTIONS), and the error as one line
    forfeit: str | None = None
    error: str | None = None
    evaluation: Any = None  # the final state's evaluate()

    def margin(self, colour: str) -> int:
        """The colour's final score minus the best other final score."""
        others = [v for c, v in self.scores.items() if c != colour]
        return self.scores[colour] - max(others)


def play_game(state: ControlWordState, seats: Mapping[str, Player], limit: Limit | None = None,
              on_move=None, seed: int = 0, on_error: str = "raise") -> GameResult:
    """Play ``state`` to the end; ``seats`` maps each colour to its player.

    Each player is re-seeded from ``seed`` and its colour, so a game replays exactly.
    ``on_move(state_before, move, state_after)`` is called after every action.

    ``on_error="forfeit"``: a player that raises (in ``choose``, or by making an illegal
    move) ends the game there and loses it: the result names it in ``forfeit`` with the
    error, and ``winners`` are the best of the others on the board as it stands. A game
    that does not end within MAX_ACTIONS ends the same way with ``forfeit`` None.
    """
    if on_error not in ("raise", "forfeit"):
        raise ValueError(f"on_error: {on_error!r} is not 'raise' or 'forfeit'")
    for colour, player in seats.items():
        player.reseed(derive_seed(seed, colour))
    think = dict.fromkeys(seats, 0.0)
    decisions = dict.fromkeys(seats, 0)
    moves = []
    actions = 0
    forfeit = error = None
    while not state.is_over:
        if actions >= MAX_ACTIONS:
            message = f"game {seed}: no end after {MAX_ACTIONS} actions"
            if on_error == "raise":
                raise RuntimeError(message)
            error = message
            break
        colour = state.to_move
        started = time.perf_counter()
        try:
            move = seats[colour].choose(state, limit)
            think[colour] += time.perf_counter() - started
            decisions[colour] += 1
            after = state.apply(move)
        except Exception as exc:
            if on_error == "raise":
                raise
            forfeit, error = colour, f"{type(exc).__name__}: {exc}".splitlines()[0]
            break
        if on_move is not None:
            on_move(state, move, after)
        moves.append(move)
        state = after
        actions += 1
    totals = state.evaluate()
    scores = {c: t.final for c, t in totals.totals.items()}
    winners = totals.winners
    if forfeit is not None:
        others = [c for c in totals.ranking if c != forfeit]
        best = min(rank_key(totals.totals[c]) for c in others)
        winners = tuple(c for c in others if rank_key(totals.totals[c]) == best)
    return GameResult(seed, {c: p.spec for c, p in seats.items()}, state, scores,
                      winners, actions, think, decisions, moves, forfeit, error, totals)


def new_game(seed: int, colours: Sequence[str], lexicon, rules: Rules | None = None,
             mat=None) -> ControlWordState:
    """The deal of game ``seed``: the same seed gives the same mat, dice and racks."""
    return ControlWordState.new(list(colours), seed=seed, mat=mat, rules=rules or Rules(),
                                lexicon=lexicon)


def paired_games(a: Player, b: Player, seed: int, lexicon, rules: Rules | None = None,
                 limit: Limit | None = None) -> tuple[GameResult, GameResult]:
    """Two games on one deal with the seats swapped: ``a`` is red first, then green."""
    colours = ("red", "green")
    first = play_game(new_game(seed, colours, lexicon, rules), {"red": a, "green": b},
                      limit, seed=seed)
    second = play_game(new_game(seed, colours, lexicon, rules), {"red": b, "green": a},
                       limit, seed=seed)
    return first, second

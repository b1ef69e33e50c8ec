"""The last moves of a game of hidden information, searched exactly on a sample: every
own move, each met by the replies best for the players making them, to the end of the
game (``search:exact``).

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine import get_game
>>> from wordbot.players import make_player
>>> state = get_game("routewords").new(seed=3, lexicon=Lexicon.from_words(["ART", "RAT"]))
>>> greedy = make_player("greedy", state.game)
>>> values, end = replied(state, 1, greedy)
>>> sorted(values) == sorted(state.players), end.is_over
(True, False)
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any, cast

from wordbot.engine.state import GameState
from wordbot.players.base import Player

#: every player's value of where a line of play stopped, and that position
Line = tuple[dict[str, float], GameState]


def own_moves(
    state: GameState, policy: Player, k: int, width: int, rng: random.Random
) -> list[tuple[Any, str]]:
    """At most ``width`` of the mover's legal moves with their notation: ``policy``'s
    ``k`` best first, then the others in the order of the move list."""
    first = [(c.move, c.notation) for c in policy.top(state, k, rng)]
    seen = {text for _, text in first}
    rest = ((m, state.notation(m)) for m in state.legal_moves())
    fresh = islice(((m, t) for m, t in rest if t not in seen), width)  # of millions
    return (first + list(fresh))[:width]


def replied(state: GameState, depth: int, leaf: Player) -> Line:
    """Every player's final margin once each player to move makes the reply best for
    itself, ``depth`` moves deep (``leaf``'s values beyond), and where that line
    stops."""
    if state.is_over:
        outcome = state.outcome()
        return {p: float(outcome.margin(p)) for p in state.players}, state
    if depth <= 0:
        return {p: leaf.value(state, p) for p in state.players}, state
    player, best = state.to_move, cast(Line, ({}, state))
    for reply in state.legal_moves():
        line = replied(state.apply(reply, check=False), depth - 1, leaf)
        if not best[0] or line[0][player] > best[0][player]:
            best = line
    return best

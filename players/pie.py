"""The first turn under the pie rule (rule option ``pie`` of Cross words combat and
RouteWords): the second player may take it over, so the best first move is not the
strongest but the one that leaves the second player least, whether it takes it over or
plays on.

A heuristic player ranks its first-turn moves that way: a spread of its candidates,
strongest to weakest (``SPREAD`` of them, evenly by rank), each followed by the rest of
the first player's turn as the player would play it (extra turns), then valued by the
second player's best candidate as the same player ranks it (its equity: the take-over's
or a move's), the lower the better.

>>> from wordbot.engine.games import get_game
>>> game = get_game("crosswords")
>>> facing_pie(game.new(rules=game.rules(["pie=true"]))), facing_pie(game.new())
(True, False)
"""

from __future__ import annotations

import random
from typing import Any

from wordbot.players.base import Candidate, Player, Progress

#: the first-turn candidates weighed against the second player's answer
SPREAD = 12


def facing_pie(state: Any) -> bool:
    """Whether the player to move makes the first turn of a two-player game whose
    second player may take it over."""
    return (
        bool(getattr(state.rules, "pie", False))
        and len(state.players) == 2
        and state.seat == 0
        and not any(state.turns)
    )


def spread(candidates: list[Candidate], k: int = SPREAD) -> list[Candidate]:
    """``k`` of the candidates (best first), evenly by rank, the best and the worst
    among them.

    >>> [c for c in spread(list(range(10)), 4)]
    [0, 3, 6, 9]
    """
    if len(candidates) <= k:
        return list(candidates)
    step = (len(candidates) - 1) / (k - 1)
    return [candidates[round(i * step)] for i in range(k)]


def against_pie(
    player: Player, state: Any, candidates: list[Candidate], n: int, rng: random.Random
) -> list[Candidate]:
    """The first player's ``n`` best first-turn moves under the pie rule, from its
    ranked ``candidates`` (see the module docstring). Each candidate's ``equity``
    becomes minus the second player's best equity, ``details["answer"]`` its
    notation."""
    weighed = []
    for c in spread(candidates):
        after = state.apply(c.move, check=False)
        while not after.is_over and after.seat == 0:  # the rest of the first turn
            after = after.apply(player.choose(after, rng), check=False)
        if after.is_over:
            weighed.append(c)
            continue
        answer = player.top(after, 1, rng)[0]
        weighed.append(
            Candidate(
                c.move,
                c.notation,
                points=c.points,
                equity=round(-answer.equity, 3),
                details={**c.details, "answer": answer.notation},
            )
        )
    weighed.sort(key=lambda c: -c.equity)
    return weighed[:n]


class PieAware(Player):
    """A heuristic player whose ranking (:meth:`_ranked`) is weighed against the
    second player's answer at a first turn it may take over (:func:`against_pie`)."""

    def _top(
        self, state: Any, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        if facing_pie(state):  # the second player may take the first turn over
            return against_pie(
                self, state, self._ranked(state, len(state.legal_moves()), rng), n, rng
            )
        return self._ranked(state, n, rng)

    def _ranked(self, state: Any, n: int, rng: random.Random) -> list[Candidate]:
        """The ``n`` best candidates, best first, as if no one could take over."""
        raise NotImplementedError

"""A game's result as things stand: each player's score, place and the winners, and how
most games rank their players (by points, ties sharing a place)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """The game's result as things stand (final when the state is over).

    ``scores``: each player's score as it would end now; ``places``: 1 + the players
    ranked strictly above (the game's tie-breaks included); ``winners``: the players
    sharing first place; ``details``: the game's own result JSON (the ``result`` line of a
    record, ``wordbot score --json``).

    >>> o = Outcome({"red": 5, "green": 3}, {"red": 1, "green": 2}, ("red",), {})
    >>> o.margin("red"), o.margin("green")
    (2, -2)
    """

    scores: Mapping[str, float]
    places: Mapping[str, int]
    winners: tuple[str, ...]
    details: dict[str, Any] = field(default_factory=dict)

    def margin(self, player: str) -> float:
        """The player's score minus the best other score."""
        return self.scores[player] - max(v for p, v in self.scores.items() if p != player)


def places_from_keys(keys: Mapping[str, Any]) -> dict[str, int]:
    """Places (1 = first) from each player's rank key (lower is better; equal keys share
    a place).

    >>> places_from_keys({"red": (-10,), "green": (-10,), "black": (-3,)})
    {'red': 1, 'green': 1, 'black': 3}
    """
    return {p: 1 + sum(1 for o in keys.values() if o < k) for p, k in keys.items()}


def compensated(
    scores: Mapping[str, float],
    players: tuple[str, ...],
    value: float | tuple[float, ...],
) -> dict[str, float]:
    """``scores`` with a compensation for moving later: the k-th seat of ``players``
    gets (k - 1) x ``value`` points (the rule option ``compensation``), or the k-th of
    ``value``'s points, one a seat.

    >>> compensated({"red": 10, "green": 8}, ("red", "green"), 2.5)
    {'red': 10, 'green': 10.5}
    >>> compensated({"a": 10, "b": 8, "c": 7}, ("a", "b", "c"), (0, 0.5, 3))
    {'a': 10, 'b': 8.5, 'c': 10}
    """
    if not value:
        return dict(scores)
    if isinstance(value, tuple):
        out = {p: scores[p] + value[players.index(p)] for p in scores}
    else:
        out = {p: scores[p] + players.index(p) * value for p in scores}
    return {p: int(v) if float(v).is_integer() else v for p, v in out.items()}


def outcome_by_score(scores: Mapping[str, float]) -> Outcome:
    """The outcome of a game won by the most points, ties sharing the place.

    >>> outcome_by_score({"red": 3, "green": 5, "black": 5}).winners
    ('green', 'black')
    """
    places = places_from_keys({p: -v for p, v in scores.items()})
    winners = tuple(p for p in scores if places[p] == 1)
    return Outcome(
        dict(scores), places, winners, {"scores": dict(scores), "winners": list(winners)}
    )

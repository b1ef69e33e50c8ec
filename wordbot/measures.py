"""What one finished game tells a study: its length, how the lead went, and the game's
own measures of where the points came from. A tournament's workers measure each game as
they finish it (``wordbot study`` plays its games on them), so this sits below both.

The *standing* after each action is the score each player would finish with if the game
ended there (``state.standing()``, the scores of ``state.outcome()``: in Control Word,
words controlled count as they stand). The *leader* is the one player strictly ahead; a tie has no leader.

- ``length``: actions played (every turn, a pass too).
- ``lead_changes``: how often the leader became another player (a tie in between is
  not a change by itself: A, tie, B is one change, A, tie, A none).
- ``lead_decided``: for a game with one winner, the fraction of its actions played
  before the winner led for good (0: led from the first action on; 1: took the lead
  with the last one). None for a shared win.
- ``comeback``: 1 when the winner was strictly behind someone at half time (after
  ``length // 2`` actions), else 0. None for a shared win.
- ``own``: the game's own (:func:`wordbot.engine.measures.measures`).

>>> trace = [{"a": 0, "b": 0}, {"a": 0, "b": 5}, {"a": 3, "b": 5}, {"a": 9, "b": 5},
...          {"a": 9, "b": 12}, {"a": 15, "b": 12}]
>>> lead_measures(trace, winners=("a",))
{'length': 5, 'lead_changes': 3, 'lead_decided': 0.8, 'comeback': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wordbot.engine.measures import measures as own_measures


def leader(standing: Mapping[str, float]) -> str | None:
    """The one player strictly ahead, or None on a tie at the top.

    >>> leader({"a": 3, "b": 1}), leader({"a": 3, "b": 3})
    ('a', None)
    """
    best = max(standing.values())
    top = [p for p, v in standing.items() if v == best]
    return top[0] if len(top) == 1 else None


def lead_measures(
    trace: Sequence[Mapping[str, float]], winners: Sequence[str]
) -> dict[str, Any]:
    """The lead measures (module docstring) of a game whose standings were ``trace``
    (the start, then after each action) and whose winners are ``winners``."""
    length = len(trace) - 1
    leaders = [leader(s) for s in trace[1:]]
    changes, last = 0, None
    for who in leaders:
        if who is not None:
            changes += last is not None and who != last
            last = who
    decided: float | None = None
    comeback: int | None = None
    if len(winners) == 1 and length > 0:
        (winner,) = winners
        before = length  # actions before the winner led for good
        while before > 0 and leaders[before - 1] == winner:
            before -= 1
        decided = round(before / length, 4)
        half = trace[length // 2]
        comeback = int(half[winner] < max(half.values()))
    return {
        "length": length,
        "lead_changes": changes,
        "lead_decided": decided,
        "comeback": comeback,
    }


def game_measures(states: Sequence[Any], moves: Sequence[Any]) -> dict[str, Any]:
    """Every measure of one finished game: :func:`lead_measures` from the states'
    standings, and the game's own under ``own``."""
    trace = [s.standing() for s in states]
    final = states[-1].outcome()
    winners = [p for p, place in final.places.items() if place == 1]
    return {
        **lead_measures(trace, winners),
        "own": own_measures(states, moves),
    }

"""What ``territory``'s value of a position weighs, by name: the weights ``wordbot
learn`` fits (:mod:`wordbot.engine.learned`), read alike by the Python player and the
compiled core.

>>> VALUE_WEIGHTS
('threat', 'deny', 'room')
>>> weights("hand") is None
True
"""

from __future__ import annotations

from wordbot.engine import learned

GAME = "crosswords"
#: territory's value beside the score margin: ``threat`` times the most cells the player
#: could capture with a write of its next turn, less ``deny`` times the most the
#: opponent could, plus ``room`` times how many writes it has more than the opponent
VALUE_WEIGHTS = ("threat", "deny", "room")


def weights(name: str) -> dict[str, float] | None:
    """The value weights ``name`` (``hand``: None, the player's options; ``learned``:
    those shipped; else a file's), refused in one line (a
    :class:`~wordbot.engine.learned.WeightsError`) when they cannot be read."""
    return learned.weights(GAME, name, VALUE_WEIGHTS)

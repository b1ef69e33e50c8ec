"""What ``routes``' value of a position weighs, by name: the weights ``wordbot learn``
fits (:mod:`wordbot.engine.learned`), read alike by the Python player and the compiled
core.

>>> VALUE_WEIGHTS
('reach', 'deny', 'claim')
>>> weights("hand") is None
True
"""

from __future__ import annotations

from wordbot.engine import learned

GAME = "routewords"
#: routes' value beside the score margin: ``reach`` times the best coin the player could
#: take with a route from its pawn, less ``deny`` times the best the next player could,
#: plus ``claim`` per square the player owns
VALUE_WEIGHTS = ("reach", "deny", "claim")
#: the weights ``routes`` plays unless told (``routes:eval=...``)
DEFAULT = "hand"


def weights(name: str) -> dict[str, float] | None:
    """The value weights ``name`` (``hand``: None, the player's options; ``learned``:
    those shipped; else a file's), refused in one line (a
    :class:`~wordbot.engine.learned.WeightsError`) when they cannot be read."""
    return learned.weights(GAME, name, VALUE_WEIGHTS)

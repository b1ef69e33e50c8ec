"""What the ``drafter``'s value of a position weighs, by name: the settings ``wordbot
learn`` fits (:mod:`wordbot.engine.learned`), read alike by the Python player and the
compiled core.

>>> VALUE_WEIGHTS
('grow', 'pool', 'turns')
>>> weights("hand") is None
True
"""

from __future__ import annotations

from wordbot.engine import learned

GAME = "firstdraft"
#: a row is worth its sale now or ``grow`` times what it can still become, that growth
#: shrinking below ``turns`` own turns left; a letter kept in the pool is worth ``pool``
#: times how likely it is to come (what a draft leaves there)
VALUE_WEIGHTS = ("grow", "pool", "turns")
#: the settings ``drafter`` plays unless told (``drafter:eval=...``)
DEFAULT = "hand"


def weights(name: str) -> dict[str, float] | None:
    """The settings ``name`` (``hand``: None, the player's options; else a file's),
    refused in one line (a :class:`~wordbot.engine.learned.WeightsError`) when they
    cannot be read."""
    return learned.weights(GAME, name, VALUE_WEIGHTS)

"""Compensation bidding (the rule option ``bidding`` of the two-player games Cross words
combat and RouteWords; docs/rules/crosswords.md and docs/rules/routewords.md): before
the deal each player bids, unseen by the other, the points it would give to move first.
The higher bid moves first and gives that many points to the other player at the end,
as the rule ``compensation`` does; with equal bids the seats stay as they were dealt
and the first seat gives its bid. A fair start without a table of fair values: each
player prices the first move itself.

The game played is then an ordinary game whose ``compensation`` is the winning bid: a
position or a record of it says ``bidding`` and that compensation, and replays as any
other.

>>> settle(("red", "green"), {"red": 2.0, "green": 5.5})
({'red': 'green', 'green': 'red'}, 5.5, {'red': 5.5, 'green': 2.0})
>>> settle(("red", "green"), {"red": 3.0, "green": 3.0})
({'red': 'red', 'green': 'green'}, 3.0, {'red': 3.0, 'green': 3.0})
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any

from wordbot.engine.errors import RuleError
from wordbot.engine.options import boolean

#: the highest bid (the rule ``compensation``'s highest value)
MOST = 1000.0

#: the rule option ``bidding``, the same in both games
OPTION = dataclasses.replace(
    boolean(
        "before the deal each player bids the points it would give to move first; the "
        "higher bid moves first and gives them to the other at the end (equal bids: the "
        "seats stay); the bots bid the game's measured fair compensation"
    ),
    omitted_at_default=True,
)


def check(rules: Any, players: int) -> None:
    """RuleError when the rule ``bidding`` is on at a table of other than two players,
    or with the rule ``pie`` (the bids already price the first move)."""
    if not rules.bidding:
        return
    if players != 2:
        raise RuleError(f"bidding: a rule of two-player games, not of {players} players")
    if rules.pie:
        raise RuleError("bidding: not with pie (the bids already price the first move)")


def valid(bid: Any) -> float:
    """``bid`` as a number of points, or ValueError naming what is wrong with it.

    >>> valid(2), valid(0.5)
    (2.0, 0.5)
    >>> valid(-1)
    Traceback (most recent call last):
    ...
    ValueError: a bid is a number of points 0-1000, not -1
    """
    if (
        isinstance(bid, bool)
        or not isinstance(bid, (int, float))
        or not math.isfinite(bid)
        or not 0 <= bid <= MOST
    ):
        raise ValueError(f"a bid is a number of points 0-{MOST:g}, not {bid!r}")
    return float(bid)


def settle(
    seats: Sequence[str], bids: Mapping[str, float]
) -> tuple[dict[str, str], float, dict[str, float]]:
    """Where the player of each seat as dealt sits after the bids (``seats``: the two
    as dealt, the first moving first; ``bids``: by seat as dealt), the points the first
    mover gives the other, and the bids by the seats they left: the higher bidder
    moves first and gives its bid; equal bids leave the seats."""
    first, second = seats
    moved = {first: first, second: second}
    if bids[second] > bids[first]:
        moved = {first: second, second: first}
    by_seat = {
        seat: bids[dealt] for seat in seats for dealt in seats if moved[dealt] == seat
    }
    return moved, valid(by_seat[first]), by_seat

"""RouteWords' measures of one finished game (its ``measures`` part,
:mod:`wordbot.engine.measures`, for ``wordbot study``): where the final points came
from, totalled over all players.

docs/rules/routewords.md: a player's points are the one they start with, plus the coins their
routes take, plus what they score in bonus rounds, minus 1 for each turn in which they
pay to do both a route and a swap. So, over all players,

    start_points + coin_points + bonus_points - payment_turns == sum of final scores

Squares owned score nothing themselves: ownership only closes squares to the other
players' routes.

Keys (every one in every game, 0 when it did not happen):

- ``start_points``: the points the players hold at ``states[0]`` (1 each at the set-up).
- ``coin_points``: points from coins taken (their values summed).
- ``coins_1``, ``coins_2``, ``coins_5``: coins taken of value 1, 2 and 5 (inner, edge
  and corner intersections: the only values there are, a position included).
- ``bonus_points``: points scored in bonus rounds; ``bonus_rounds``: bonus rounds
  played (the final one included).
- ``squares_owned``: squares owned at the end.
- ``route_turns``, ``swap_turns``: turns with a route, with a swap (a paid turn has both);
  ``payment_turns``: turns paid for (each costs 1 point); ``pass_turns``: passes.
- ``take_overs``: first turns taken over (the rule ``pie``: 0 or 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from wordbot.engine.movelist import Move
from wordbot.engine.pie import TakeOver
from wordbot.engine.routewords.moves import BonusWord, Both, Pass, Route, Swap
from wordbot.engine.routewords.rules import BONUS, START_COINS
from wordbot.engine.routewords.state import RouteWordsState

COIN_VALUES = tuple(sorted(set(START_COINS)))  # (1, 2, 5)

KEYS = (
    "start_points",
    "coin_points",
    *(f"coins_{value}" for value in COIN_VALUES),
    "bonus_points",
    "bonus_rounds",
    "squares_owned",
    "route_turns",
    "swap_turns",
    "payment_turns",
    "pass_turns",
    "take_overs",
)


def measures(states: Sequence[RouteWordsState], moves: Sequence[Move]) -> dict[str, float]:
    """The measures of the module docstring for one finished game (``states[i + 1]`` is
    the state after ``moves[i]``).

    >>> from wordbot.engine.routewords.game import GAME
    >>> from wordbot.dictionaries import Lexicon
    >>> state = GAME.new(seed=1, lexicon=Lexicon.from_words(["TEA"]))
    >>> out = measures([state], [])
    >>> out["start_points"], out["coin_points"], out["squares_owned"]
    (2.0, 0.0, 0.0)
    """
    out = dict.fromkeys(KEYS, 0)
    out["start_points"] = sum(states[0].points)
    for before, move, after in zip(states, moves, states[1:]):
        # the coins a route takes are the intersections that held one and now hold none
        for had, has in zip(before.coins, after.coins):
            if had and not has:
                out["coin_points"] += had
                out[f"coins_{had}"] += 1
        if isinstance(move, BonusWord):
            # a bonus round scores on its last submission and nothing else does
            out["bonus_points"] += sum(after.points) - sum(before.points)
            out["bonus_rounds"] += after.phase != BONUS
        out["route_turns"] += isinstance(move, (Route, Both))
        out["swap_turns"] += isinstance(move, (Swap, Both))
        out["payment_turns"] += isinstance(move, Both)
        out["pass_turns"] += isinstance(move, Pass)
        out["take_overs"] += isinstance(move, TakeOver)
    out["squares_owned"] = sum(owner >= 0 for owner in states[-1].owners)
    return {key: float(value) for key, value in out.items()}

"""RouteWords' rule options and its fixed layout: the squares and their neighbours, the
coins of the set-up, the pawns' starts, the seats and the phases.

>>> coin_at(0, 0), coin_at(0, 3), coin_at(2, 2), sum(START_COINS)
(5, 2, 1, 68)
>>> Rules().turn_limit, Rules.parse(["ko_rule=false"]).ko_rule
(60, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from wordbot.engine.bidding import OPTION as BIDDING
from wordbot.engine.options import GameRules, boolean, choice, integer, number
from wordbot.engine.pie import OPTION as PIE

SIZE = 5  # squares a side
SIDE = SIZE + 1  # intersections a side
TURN, BONUS = "turn", "bonus"  # the phases of a game not over: turns, a bonus round
SEATS = ("red", "green", "black", "white")
#: the pawns' start intersections by seat (two players: diagonally opposite)
STARTS = ((2, 2), (3, 3), (2, 3), (3, 2))


def adjacent(a: int, b: int) -> bool:
    """8-adjacent squares."""
    return a != b and abs(a // SIZE - b // SIZE) <= 1 and abs(a % SIZE - b % SIZE) <= 1


def coin_at(i: int, j: int) -> int:
    """The coin the set-up puts on intersection (i, j): 5 on an outer corner, 2 on the
    other edge intersections, 1 inside."""
    edge_i, edge_j = i in (0, SIZE), j in (0, SIZE)
    return 5 if edge_i and edge_j else 2 if edge_i or edge_j else 1


#: the set-up coin of each intersection, ``i * 6 + j``
START_COINS = tuple(coin_at(k // SIDE, k % SIDE) for k in range(SIDE * SIDE))


@dataclass(frozen=True)
class Rules(GameRules):
    """The options of docs/rules/routewords.md ("Options")."""

    ko_rule: bool = True
    turn_limit: int = 60
    min_word: int = 3
    bonus_search: str = "full"
    compensation: float = 0.0
    pie: bool = False
    bidding: bool = False

    OPTIONS = {
        "ko_rule": boolean("no swap undoes the previous turn's swap"),
        "turn_limit": integer(
            "turns per player before the game ends anyway", minimum=1, maximum=1000
        ),
        "min_word": integer(
            "shortest word, in letters, for routes and bonus submissions",
            minimum=1,
            maximum=50,
        ),
        "bonus_search": choice(
            "full: bots submit the board's longest word; none: bots "
            "never trigger nor submit",
            "full",
            "none",
        ),
        "compensation": number(
            "points each later seat gets at the end, the k-th (k - 1) x this; "
            "two routes players are even at 1 (fitted 1.35, 95% 1.09-1.62); mc "
            "players are closest at 1.5 (red 44%; docs/studies/routewords-balance.md)",
            0,
            1000,
        ),
        "pie": PIE,
        "bidding": BIDDING,
    }

"""Cross words combat's rule options (docs/rules/crosswords.md, "Options") and its seats.

>>> Rules().turn_limit, Rules.parse(["start_gap=2"]).start_gap
(30, 2)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from wordbot.engine.bidding import OPTION as BIDDING
from wordbot.engine.options import GameRules, integer, number
from wordbot.engine.pie import OPTION as PIE

SEATS = ("red", "green")  # red is the "bottom" player and moves first
ACROSS, DOWN = "across", "down"
DIRECTIONS = (ACROSS, DOWN)
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}


@dataclass(frozen=True)
class Rules(GameRules):
    """The options of docs/rules/crosswords.md."""

    turn_limit: int = 30
    start_gap: int = 4
    compensation: float = 0.0
    min_start_word: int = 2
    pie: bool = False
    bidding: bool = False

    OPTIONS = {
        "turn_limit": integer(
            "turns per player, extra turns not counted", minimum=1, maximum=1000
        ),
        "start_gap": integer(
            "red's start word is on row start_gap, green's on -start_gap",
            minimum=1,
            maximum=100,
        ),
        "compensation": number(
            "points green gets at the end for moving second; even at 40.5 between mc "
            "players (fitted 40.6, 95% 37.0-44.1), 13.5 between territory players "
            "(docs/studies/crosswords-balance.md)",
            0,
            1000,
        ),
        "min_start_word": dataclasses.replace(
            integer(
                "letters of the shortest start word: a page's first word of at least "
                "this many letters is its start word (docs/rules/crosswords.md)",
                minimum=2,
                maximum=50,
            ),
            omitted_at_default=True,
        ),
        "pie": PIE,
        "bidding": BIDDING,
    }

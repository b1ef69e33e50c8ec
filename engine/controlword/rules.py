"""The rule options of Control Word (docs/rules/controlword.md) and their defaults, and
the order of play they set.

Every open question of the rule sheet that docs/rules/controlword.md settles with a default is a field of
:class:`Rules`; commands set them with ``--rule NAME=VALUE`` and positions carry them in
their ``rules`` object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from wordbot.engine.errors import RuleError
from wordbot.engine.options import GameRules, RuleOption, boolean, choice, integer

MAT_COUNT = 6
UNBOUNDED = "unbounded"
#: the widest board_size: a board the engine can hold (MAX_EXTENT rows and columns)
MAX_BOARD = 1000


@dataclass(frozen=True)
class Rules(GameRules):
    """Every rule option of docs/rules/controlword.md with its default.

    >>> Rules().rounds, Rules.parse(["rounds=3", "board_size=15"]).board_size
    (10, 15)
    """

    #: Number of rounds (the game also ends when a player's bag and rack are empty, or
    #: when every player passed both phases of a whole round).
    rounds: int = 10
    #: Seat order of the word phase from the first player: ``clockwise`` is the order of
    #: ``players``; ``counterclockwise`` the reverse.
    turn_order: str = "clockwise"
    #: Replacement phase order: ``same`` as the word phase, or ``reverse`` (last first).
    replacement_order: str = "same"
    #: The first-player token passes to the next seat after every round.
    rotate_first_player: bool = True
    #: ``None``: unbounded table; N: an N x N board centred on the mat (see board.py).
    board_size: int | None = None
    #: Replacement plays score the "when played" points of the words they change.
    score_replacements: bool = False
    #: What each penalty token costs at the end.
    penalty_points: int = 5
    #: Penalty tokens for each rack redraw after the first in one turn.
    redraw_penalty: int = 2
    #: ``reject``: an invalid word is refused; ``penalty``: withdrawn, one penalty token.
    challenge_rule: str = "reject"
    #: Bonus per J, Q, X or Z in a scored word of 4+ letters.
    jqxz_bonus: int = 4
    #: Start mat: 1-6 (built in) or ``random`` (made from the lexicon with the seed).
    start_mat: int | str = 1

    OPTIONS: ClassVar[dict[str, RuleOption]] = {
        "rounds": integer("rounds before the game ends", minimum=1, maximum=100),
        "turn_order": choice(
            "seat order of the word phase from the first player",
            "clockwise",
            "counterclockwise",
        ),
        "replacement_order": choice(
            "replacement phase order: as the word phase, or last player first",
            "same",
            "reverse",
        ),
        "rotate_first_player": boolean("the first-player token passes on every round"),
        "board_size": integer(
            "the table: unbounded, or an N x N board centred on the mat",
            minimum=3,
            maximum=MAX_BOARD,
            special={UNBOUNDED: None, "none": None},
            allowed=f"unbounded or 3-{MAX_BOARD}",
        ),
        "score_replacements": boolean("replacement plays score their words when made"),
        "penalty_points": integer(
            "points each penalty token costs at the end", minimum=0, maximum=1000
        ),
        "redraw_penalty": integer(
            "penalty tokens for each rack redraw after the first in a turn",
            minimum=0,
            maximum=100,
        ),
        "challenge_rule": choice(
            "an invalid word: refused (reject), or withdrawn for one "
            "penalty token (penalty)",
            "reject",
            "penalty",
        ),
        "jqxz_bonus": integer(
            "bonus per J, Q, X or Z in a scored word of 4+ letters", minimum=0, maximum=1000
        ),
        "start_mat": integer(
            "the start mat: built-in 1-6, or random from the lexicon",
            minimum=1,
            maximum=MAT_COUNT,
            special={"random": "random"},
            allowed=f"1-{MAT_COUNT} or random",
        ),
    }


def word_order(
    players: tuple[str, ...], first_player: str, rules: Rules
) -> tuple[str, ...]:
    """The word phase order of a round: the seats from the first player, clockwise or
    not as ``rules.turn_order`` says."""
    seats = players if rules.turn_order == "clockwise" else players[::-1]
    i = seats.index(first_player)
    return seats[i:] + seats[:i]


RULE_NAMES: tuple[str, ...] = tuple(Rules.OPTIONS)
assert set(RULE_NAMES) == set(Rules.__dataclass_fields__) - {"OPTIONS"}

__all__ = ["MAT_COUNT", "RULE_NAMES", "RuleError", "Rules", "UNBOUNDED", "word_order"]

"""First Draft's rule options (docs/rules/firstdraft.md, "Options").

>>> r = Rules()
>>> r.coasters, r.lengths, r.pays(7), r.pays(2)
((1, 2, 2, 3, 3, 3, 3, 4, 4, 5), (3, 4, 5, 6, 7, 8, 9), 7, 0)
>>> Rules.parse(["payout=3:1,5:4", "coasters=2,2,3,3,3,3"]).to_json()["payout"]
{'3': 1, '5': 4}
>>> Rules.parse(["coasters=1,0"])
Traceback (most recent call last):
...
wordbot.engine.errors.RuleError: --rule coasters=1,0: '1,0' is not allowed (a list of up to 100 coaster values 1-20, at least line + 1 of them)
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

from wordbot.engine.numerals import int_text, number_text
from wordbot.engine.options import GameRules, NotAllowed, custom, integer

SEATS = ("p1", "p2", "p3", "p4", "p5")
ROWS = "AB"
TURN = "turn"  # the phase of a game not over
MAX_ROW_LIMIT = 20  # the kernels build rows of up to 32 letters; 20 keeps lists bounded


#: the most coasters a game may have (the sheet's game has 10)
MAX_COASTERS = 100


def _integer(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _values(items) -> tuple[int, ...]:
    values = tuple(items)
    if not 0 < len(values) <= MAX_COASTERS or not all(
        _integer(v) and 1 <= v <= 20 for v in values
    ):
        raise NotAllowed
    return values


def _whole(text: str) -> int:
    if not isinstance(text, str):
        raise NotAllowed
    return int_text(text.strip(), "value", error=NotAllowed)


def _coasters_text(text: str) -> tuple[int, ...]:
    return _values(_whole(v) for v in text.split(","))


def _coasters_json(value) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise NotAllowed
    return _values(value)


def _payout(pairs) -> tuple[tuple[int, int], ...]:
    table = {}
    for length, coins in pairs:
        if (
            not (
                _integer(length)
                and _integer(coins)
                and 1 <= length <= 99
                and 0 <= coins <= 1000
            )
            or length in table
        ):
            raise NotAllowed
        table[length] = coins
    if not table:
        raise NotAllowed
    return tuple(sorted(table.items()))


def _payout_text(text: str) -> tuple[tuple[int, int], ...]:
    pairs = [tuple(_whole(x) for x in item.split(":")) for item in text.split(",")]
    if not all(len(pair) == 2 for pair in pairs):
        raise NotAllowed
    return _payout(pairs)


def _payout_json(value) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, dict):
        raise NotAllowed
    return _payout((k if type(k) is int else _whole(k), v) for k, v in value.items())


def _points(value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise NotAllowed
    if not (math.isfinite(value) and -1000 <= value <= 1000):
        raise NotAllowed
    return float(value)


def _compensation(value) -> float | tuple[float, ...]:
    """A number 0-1000 (the k-th seat gets (k - 1) x it) or a list of 2-5 numbers
    -1000-1000, one a seat."""
    if isinstance(value, list | tuple):
        if not 2 <= len(value) <= len(SEATS):
            raise NotAllowed
        return tuple(_points(v) for v in value)
    points = _points(value)
    if points < 0:
        raise NotAllowed
    return points


def _compensation_text(text: str) -> float | tuple[float, ...]:
    items = [number_text(t, "value", error=NotAllowed) for t in text.split(",")]
    return _compensation(items if len(items) > 1 else items[0])


def _compensation_json(value) -> float | int | list[float | int]:
    def whole(v: float) -> float | int:
        return int(v) if float(v).is_integer() else v

    return [whole(v) for v in value] if isinstance(value, tuple) else whole(value)


def seat_points(compensation: float | tuple[float, ...], seats: int) -> tuple[float, ...]:
    """The points each of ``seats`` seats gets at the end by ``compensation``.

    >>> seat_points(0.75, 4), seat_points((0, 0.5, 2, 2.5), 4)
    ((0.0, 0.75, 1.5, 2.25), (0, 0.5, 2, 2.5))
    """
    if isinstance(compensation, tuple):
        if len(compensation) != seats:
            from wordbot.engine.errors import StateError

            raise StateError(
                f"compensation: {len(compensation)} values for {seats} seats (one a seat)"
            )
        return compensation
    return tuple(k * compensation for k in range(seats))


@dataclass(frozen=True)
class Rules(GameRules):
    """The options of docs/rules/firstdraft.md."""

    coasters: tuple[int, ...] = (1, 2, 2, 3, 3, 3, 3, 4, 4, 5)
    line: int = 5
    start_coins: int = 4
    row_limit: int = 9
    pool_limit: int = 4
    payout: tuple[tuple[int, int], ...] = (
        (3, 1),
        (4, 2),
        (5, 3),
        (6, 5),
        (7, 7),
        (8, 9),
        (9, 12),
    )
    seat_coins: int = 0
    compensation: float | tuple[float, ...] = 0.0

    OPTIONS = {
        "coasters": custom(
            "coaster values",
            f"a list of up to {MAX_COASTERS} coaster values 1-20, at least line + 1 of them",
            _coasters_text,
            _coasters_json,
            list,
        ),
        "line": integer("coasters in the line", minimum=1, maximum=9),
        "start_coins": integer("coins each player starts with", minimum=0, maximum=1000),
        "row_limit": integer("letters per row", minimum=1, maximum=MAX_ROW_LIMIT),
        "pool_limit": integer("letters in the pool", minimum=0, maximum=9),
        "payout": custom(
            "coins for a sold word by length",
            "LENGTH:COINS,... (lengths 1-99, coins 0-1000)",
            _payout_text,
            _payout_json,
            lambda table: {str(n): c for n, c in table},
        ),
        "seat_coins": dataclasses.replace(
            integer(
                "extra start coins of each later seat, the k-th (k - 1) x this; whole "
                "coins overshoot at 5 seats (1 takes the first seat from 33.7% of the "
                "points to 16.1%): use compensation (docs/studies/firstdraft-balance-5.md)",
                minimum=0,
                maximum=1000,
            ),
            omitted_at_default=True,
        ),
        "compensation": dataclasses.replace(
            custom(
                "points each later seat gets at the end, the k-th (k - 1) x this, or a "
                "list of the points of each seat (one a seat, e.g. 0,0.5,1,2.5,2); between "
                "drafter players 0.25 at 4 seats, 0.75 at 5 (fitted 0.23 and 0.62; "
                "docs/studies/firstdraft-balance-4.md, -5.md)",
                "a number 0-1000, or a list of 2-5 numbers -1000-1000 (one a seat)",
                _compensation_text,
                _compensation,
                _compensation_json,
            ),
            omitted_at_default=True,
        ),
    }

    def __post_init__(self):
        from wordbot.engine.errors import RuleError

        if len(self.coasters) < self.line + 1:
            raise RuleError(
                f"coasters: {len(self.coasters)} coasters; a line of "
                f"{self.line} needs at least {self.line + 1}"
            )

    @functools.cached_property
    def lengths(self) -> tuple[int, ...]:
        """The word lengths that sell: those ``payout`` pays, up to ``row_limit``."""
        return tuple(n for n, _ in self.payout if n <= self.row_limit)

    def pays(self, length: int) -> int:
        """The coins a word of ``length`` letters sells for (0: it does not sell)."""
        return dict(self.payout).get(length, 0) if length <= self.row_limit else 0

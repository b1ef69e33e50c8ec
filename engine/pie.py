"""The pie rule (the rule option ``pie`` of the two-player games Cross words combat and
RouteWords; docs/rules/crosswords.md and docs/rules/routewords.md): after the first player's first turn the second player may
take that turn over instead of moving. Everything of the two seats is exchanged (the
letters or squares, points, page or pawn, turns taken) and the first player moves next,
from the second seat's untouched position. The take-over is not a turn.

Hex's swap rule: the first player, who may lose their first move, makes it neither too
strong nor too weak. A game whose take-over was made says so in its positions
(``pie_taken``), and the compensation for moving later (``compensation``) goes to the
player who did not make the first move.

>>> TakeOver().to_json(), parse_json({"type": "take_over"}), TakeOver() == parse_text(" Take  over")
({'type': 'take_over'}, TakeOver(), True)
>>> exchanged((3, 5, 0)), seat_order(("red", "green"), taken=True)
((5, 3, 0), ('green', 'red'))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from wordbot.engine.errors import IllegalMove, MoveError, PositionError, RuleError
from wordbot.engine.options import boolean
from wordbot.engine.outcome import Outcome, compensated, outcome_by_score

T = TypeVar("T")

#: the notation of the move
NOTATION = "take over"
#: the rule option ``pie``, the same in both games
OPTION = dataclasses.replace(
    boolean(
        "after the first turn the second player may take it over, the seats exchanged; "
        "between the heuristic players it hands green the edge (see the game's rules page, 'Fair variants')"
    ),
    omitted_at_default=True,
)


@dataclass(frozen=True)
class TakeOver:
    """Take the first player's first turn over (the pie rule)."""

    type: ClassVar[str] = "take_over"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}


def parse_json(obj: dict[str, Any]) -> TakeOver:
    """The take-over of a move object whose type is ``take_over``."""
    extra = sorted(set(obj) - {"type"})
    if extra:
        raise MoveError(f"move.{extra[0]}: not a field of a take_over move")
    return TakeOver()


def parse_text(text: str) -> TakeOver | None:
    """The take-over when ``text`` is its notation (any spacing or case), else None."""
    return TakeOver() if text.lower().split() == NOTATION.split() else None


def offered(state: Any) -> bool:
    """The part of "may the player to move take the first turn over" both games share:
    the rule on, not taken yet, green to move after one turn of red's (each game adds
    when its turn is open: no extra turn, not a bonus round)."""
    return (
        state.rules.pie
        and not state.pie_taken
        and state.seat == 1
        and tuple(state.turns) == (1, 0)
    )


def refuse(state: Any) -> None:
    """IllegalMove (rule ``pie``) for a take-over the state does not offer."""
    raise IllegalMove(
        "pie",
        "a take-over only by green at its first turn, with the rule pie"
        + ("" if state.rules.pie else " (off in this game)"),
    )


def outcome(state: Any) -> Outcome:
    """The scores as they stand, each later seat's ``compensation`` added (the k-th
    seat gets (k - 1) x it), the first two seats counted exchanged after a take-over."""
    return outcome_by_score(
        compensated(
            state.scores,
            seat_order(state.players, state.pie_taken),
            state.rules.compensation,
        )
    )


def check_seats(rules: Any, players: int) -> None:
    """RuleError when the rule ``pie`` is on at a table of other than two players."""
    if rules.pie and players != 2:
        raise RuleError(f"pie: a rule of two-player games, not of {players} players")


def read_taken(obj: dict[str, Any], rules: Any, players: int) -> bool:
    """A position's ``pie_taken`` (false when left out), checked against its rules."""
    taken = obj.get("pie_taken", False)
    if not isinstance(taken, bool):
        raise PositionError(f"pie_taken: {taken!r} is not true or false")
    if taken and not rules.pie:
        raise PositionError("pie_taken: true, but the rule pie is off")
    if rules.pie and players != 2:
        raise PositionError(f"rules.pie: a rule of two-player games, not of {players}")
    return taken


def exchanged(values: tuple[T, ...]) -> tuple[T, ...]:
    """A per-seat tuple with its first two seats exchanged."""
    return (values[1], values[0], *values[2:])


def seat_order(players: tuple[str, ...], taken: bool) -> tuple[str, ...]:
    """The players in the order that the compensation for moving later counts: the
    seat order, the first two exchanged once the first turn was taken over."""
    return exchanged(players) if taken else players


__all__ = [
    "offered",
    "outcome",
    "refuse",
    "check_seats",
    "read_taken",
    "NOTATION",
    "OPTION",
    "TakeOver",
    "exchanged",
    "parse_json",
    "parse_text",
    "seat_order",
]

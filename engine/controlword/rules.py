"""The rule options of Control Word (shared/RULES.md section 1) and their defaults.

Every open question of the rule sheet that RULES.md settles with a default is a field of
:class:`Rules`; commands set them with ``--rule NAME=VALUE`` and positions carry them in
their ``rules`` object.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Iterable

from wordbot.errors import WordbotError


class RuleError(WordbotError):
    """A rule option that does not exist or a value it does not allow."""


MAT_COUNT = 6
UNBOUNDED = "unbounded"


@dataclass(frozen=True)
class Rules:
    """Every rule option of RULES.md with its default.

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

    # ------------------------------------------------------------------ parsing
    @classmethod
    def parse(cls, assignments: Iterable[str], base: "Rules | None" = None) -> "Rules":
        """Rules from ``["NAME=VALUE", ...]`` on top of ``base`` (default: the defaults)."""
        changes: dict[str, Any] = {}
        for item in assignments:
            name, sep, text = item.partition("=")
            name = name.strip()
            if not sep:
                raise RuleError(f"--rule {item}: expected NAME=VALUE")
            spec = _spec(name, f"--rule {item}")
            changes[name] = spec.from_text(name, text.strip())
        return dataclasses.replace(base or cls(), **changes)

    @classmethod
    def from_json(cls, obj: Any, field: str = "rules") -> "Rules":
        """Rules from a position's ``rules`` object; missing options take the defaults."""
        if not isinstance(obj, dict):
            raise RuleError(f"{field}: must be an object of rule options")
        changes = {}
        for name, value in obj.items():
            spec = _spec(name, f"{field}.{name}")
            changes[name] = spec.from_json(f"{field}.{name}", value)
        return cls(**changes)

    def to_json(self) -> dict[str, Any]:
        """Every option, JSON-ready (``board_size`` unbounded is the string ``unbounded``)."""
        # every option is a scalar: a shallow copy is asdict() without its deep walk,
        # which game records pay for on every action (the per-action position digest)
        out = {name: getattr(self, name) for name in _OPTION_NAMES}
        if out["board_size"] is None:
            out["board_size"] = UNBOUNDED
        return out

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults (JSON-ready)."""
        default = Rules().to_json()
        return {k: v for k, v in self.to_json().items() if default[k] != v}


_OPTION_NAMES = tuple(f.name for f in dataclasses.fields(Rules))


# ---------------------------------------------------------------------- option specs
@dataclass(frozen=True)
class _Spec:
    kind: str  # "int", "choice", "bool", "board_size", "start_mat"
    allowed: str  # human text of the allowed values
    minimum: int = 0
    choices: tuple[str, ...] = ()

    def _bad(self, where: str, value: Any) -> RuleError:
        return RuleError(f"{where}: {value!r} is not allowed ({self.allowed})")

    def from_text(self, name: str, text: str) -> Any:
        where = f"--rule {name}={text}"
        low = text.lower()
        if self.kind == "bool":
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise self._bad(where, text)
        if self.kind == "choice":
            if low in self.choices:
                return low
            raise self._bad(where, text)
        if self.kind == "board_size" and low in (UNBOUNDED, "none"):
            return None
        if self.kind == "start_mat" and low == "random":
            return "random"
        try:
            number = int(text)
        except ValueError:
            raise self._bad(where, text) from None
        return self.from_json(where, number)

    def from_json(self, where: str, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._bad(where, value)
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise self._bad(where, value)
        if self.kind == "board_size" and (value is None or value == UNBOUNDED):
            return None
        if self.kind == "start_mat" and value == "random":
            return "random"
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._bad(where, value)
        if value < self.minimum or (self.kind == "start_mat" and value > MAT_COUNT):
            raise self._bad(where, value)
        return value


_SPECS: dict[str, _Spec] = {
    "rounds": _Spec("int", "an integer >= 1", minimum=1),
    "turn_order": _Spec(
        "choice", "clockwise or counterclockwise", choices=("clockwise", "counterclockwise")
    ),
    "replacement_order": _Spec("choice", "same or reverse", choices=("same", "reverse")),
    "rotate_first_player": _Spec("bool", "true or false"),
    "board_size": _Spec("board_size", "unbounded or an integer >= 3", minimum=3),
    "score_replacements": _Spec("bool", "true or false"),
    "penalty_points": _Spec("int", "an integer >= 0"),
    "redraw_penalty": _Spec("int", "an integer >= 0"),
    "challenge_rule": _Spec("choice", "reject or penalty", choices=("reject", "penalty")),
    "jqxz_bonus": _Spec("int", "an integer >= 0"),
    "start_mat": _Spec("start_mat", f"1-{MAT_COUNT} or random", minimum=1),
}
assert set(_SPECS) == {f.name for f in dataclasses.fields(Rules)}

RULE_NAMES: tuple[str, ...] = tuple(_SPECS)


def _spec(name: str, where: str) -> _Spec:
    try:
        return _SPECS[name]
    except KeyError:
        raise RuleError(
            f"{where}: unknown rule option {name!r} (options: {', '.join(RULE_NAMES)})"
        ) from None


def describe_rules() -> str:
    """One line per option: name, allowed values and default (for --help texts)."""
    default = Rules().to_json()

    def text(value: Any) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    return "\n".join(f"{n}: {s.allowed} (default {text(default[n])})" for n, s in _SPECS.items())

"""The player interface: ``choose(state, limit)`` and ``analyse(state, limit)``.

Every player is deterministic given its seed: all its randomness comes from
``self.rng``, a generator seeded at construction (and re-seeded by :meth:`Player.reseed`
at the start of each game a tournament plays).

>>> from wordbot.players import make_player, Limit
>>> p = make_player("greedy")
>>> p.name, Limit(time=0.5).time
('greedy', 0.5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from wordbot.errors import WordbotError


class PlayerError(WordbotError):
    """An unknown player or option, or an option value of the wrong type."""


@dataclass(frozen=True)
class Limit:
    """How much a player may think: seconds, iterations (playouts) or plies.

    Any combination; a player stops at the first it reaches. ``Limit()`` means the
    player's own defaults.
    """

    time: float | None = None
    iterations: int | None = None
    plies: int | None = None

    def __post_init__(self):
        for name in ("time", "iterations", "plies"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise PlayerError(f"limit {name}: must be >= 0, got {value}")


@dataclass
class Candidate:
    """One ranked option of :meth:`Player.analyse`.

    ``points``: points when played; ``control_change``: the change in end-of-game control
    value (the player's words minus the opponents'); ``equity``: what the player ranks by;
    ``win_rate``: estimated from playouts (None when not measured); ``words``: the words
    that change hands, as sentences.
    """

    move: Any
    notation: str
    points: int = 0
    control_change: float = 0.0
    equity: float = 0.0
    win_rate: float | None = None
    iterations: int = 0
    words: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move.to_json(), "notation": self.notation,
                "points": self.points, "control_change": round(self.control_change, 3),
                "equity": round(self.equity, 3),
                "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
                "iterations": self.iterations, "words": list(self.words)}


@dataclass(frozen=True)
class Option:
    """A player option: its type, default and a line of help."""

    type: type
    default: Any
    help: str


class Player:
    """Base class: subclasses set ``name``, ``options`` and implement :meth:`analyse`."""

    name: ClassVar[str] = "player"
    options: ClassVar[dict[str, Option]] = {}
    description: ClassVar[str] = ""

    def __init__(self, seed: int = 0, **options: Any):
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise PlayerError(f"player {self.name}: unknown option {unknown[0]!r} "
                              f"(options: {known})")
        self.settings = {key: opt.default for key, opt in self.options.items()}
        self.settings.update(options)
        self.seed = seed
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Start a fresh, reproducible stream of choices (a new game)."""
        self.seed = seed
        self.rng = random.Random(seed)

    def analyse(self, state, limit: Limit | None = None) -> list[Candidate]:
        """Ranked candidates for the player to move, best first."""
        raise NotImplementedError

    def choose(self, state, limit: Limit | None = None):
        """The move this player makes in ``state``."""
        return self.analyse(state, limit)[0].move

    @property
    def spec(self) -> str:
        """The ``name:key=value,...`` text that makes this player again."""
        changed = [f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                   for k, v in self.settings.items() if v != self.options[k].default]
        return self.name + (":" + ",".join(changed) if changed else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} seed={self.seed}>"

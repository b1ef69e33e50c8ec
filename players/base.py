"""The player contract: every player, for every game it plays.

* ``choose(state, rng)``: the move it makes (its random choices come from ``rng``);
* ``top(state, n, rng, progress)``: its ranked candidates with their values (what hints
  show); a searching player calls ``progress(candidates)`` as it goes and stops when it
  returns True;
* ``value(state, viewer)``: a static evaluation of a position for ``viewer`` (the leaf
  value of a searching player's playouts);
* ``games``: the games it plays (None: every game); asking it about another game, or
  about a finished one, is a clear error.

Players work on the game interface (:mod:`wordbot.engine.game`,
:mod:`wordbot.engine.state`) only: a game's own player may also use that game's engine.
Limits (time, iterations, plies) are options.

>>> import random
>>> from wordbot.players import make_player
>>> from wordbot.engine import get_game
>>> from wordbot.dictionaries import Lexicon
>>> state = get_game("controlword").new(seed=3, lexicon=Lexicon.from_words(["ON", "NO"]))
>>> player = make_player("greedy")
>>> player.name, player.choose(state, random.Random(1)) == player.choose(state, random.Random(2))
('greedy', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from wordbot.engine.errors import GameError, GameOverError
from wordbot.engine.learned import WeightsError
from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState

from wordbot.errors import WordbotError

#: Called with the current candidates while a player searches; True asks it to stop.
Progress = Callable[[list["Candidate"]], bool]


class PlayerError(WordbotError):
    """An unknown player or option, an option value of the wrong type, or a player asked
    to play a game it does not play."""

    code = "bad_player"


@dataclass(frozen=True)
class Limit:
    """How much a player may think: seconds, iterations (playouts) or plies. The fields
    set become the options of those names of a player that has them
    (``make_player(spec, limit=Limit(time=0.5))``).

    >>> Limit(time=0.5).options()
    {'time': 0.5}
    """

    time: float | None = None
    iterations: int | None = None
    plies: int | None = None

    def __post_init__(self) -> None:
        for name in ("time", "iterations", "plies"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise PlayerError(f"limit {name}: must be >= 0, got {value}")

    def options(self) -> dict[str, Any]:
        return {
            k: v
            for k, v in (
                ("time", self.time),
                ("iterations", self.iterations),
                ("plies", self.plies),
            )
            if v is not None
        }


@dataclass
class Candidate:
    """One ranked option of :meth:`Player.top`.

    ``points``: what it adds to the mover's score now; ``equity``: what the player ranks
    by; ``win_rate``: estimated from playouts (None when not measured); ``iterations``:
    the playouts (or moves looked at) behind it; ``details``: the game's own figures
    (Control Word: ``control_change``, the change in the risk-weighted control value, and
    ``words``, the words that change hands); a player that plays out (mc, search) adds
    ``margin`` and says where it was taken (``margin_at``): ``"end"``, the mean final
    margin of playouts that all reached the end of the game, with ``win_rate`` and its
    95 % ``interval``; ``"horizon"``, the mean value where the playouts stopped before
    the end, and no win rate.
    """

    move: Move
    notation: str
    points: float = 0
    equity: float = 0.0
    win_rate: float | None = None
    iterations: int = 0
    details: dict[str, Any] = field(default_factory=dict)
    interval: tuple[float, float] | None = None
    margin: float | None = None
    margin_at: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "move": self.move.to_json(),
            "notation": self.notation,
            "points": self.points,
            "equity": round(self.equity, 3),
            "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
            "iterations": self.iterations,
        }
        if self.interval is not None:
            out["win_interval"] = [round(x, 4) for x in self.interval]
        if self.margin is not None:
            out["margin"] = round(self.margin, 3)
            out["margin_at"] = self.margin_at
        for key, value in self.details.items():
            out[key] = round(value, 3) if isinstance(value, float) else value
        return out


class Shortlist:
    """Candidates ranked by value, best first; ties go by a draw of ``rng`` taken as
    each is added, so the order is the seeded generator's.

    >>> import random
    >>> ranked = Shortlist(random.Random(0))
    >>> for name, value in [("a", 1), ("b", 2), ("c", 2)]:
    ...     ranked.add(value, Candidate(name, name))
    >>> [c.move for c in ranked.best(2)], len(ranked)
    (['c', 'b'], 3)
    """

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.items: list[tuple[float, float, Candidate]] = []

    def __len__(self) -> int:
        return len(self.items)

    def add(self, value: float, candidate: Candidate, draw: bool = True) -> None:
        """``candidate`` at ``value``; without ``draw`` first among its equals."""
        self.items.append((value, self.rng.random() if draw else 0.0, candidate))

    def best(self, n: int) -> list[Candidate]:
        self.items.sort(key=lambda t: (-t[0], t[1]))
        return [c for _, _, c in self.items[:n]]


@dataclass(frozen=True)
class Option:
    """A player option: its type, default and a line of help."""

    type: type
    default: Any
    help: str


class Player:
    """Base class: subclasses set ``name``, ``description``, ``options`` and ``games``,
    and implement :meth:`_top` (and :meth:`_choose` when choosing is cheaper than
    ranking)."""

    name: ClassVar[str] = "player"
    description: ClassVar[str] = ""
    options: ClassVar[dict[str, Option]] = {}
    #: the games it plays (registry names); None: every game
    games: ClassVar[frozenset[str] | None] = None

    def __init__(self, **options: Any):
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise PlayerError(
                f"player {self.name}: unknown option {unknown[0]!r} (options: {known})"
            )
        self.settings = {key: opt.default for key, opt in self.options.items()}
        self.settings.update(options)

    # -- the contract --------------------------------------------------------------------
    @classmethod
    def plays(cls, game: str) -> bool:
        """Whether this player plays the game named ``game``."""
        return cls.games is None or game in cls.games

    def validate(self, game: Any) -> None:
        """Refuse, in one line, options this player cannot play ``game`` (a
        :class:`~wordbot.engine.game.Game`) with, before any game is played: none
        by default."""

    def bidder(self, game: Any) -> Player:
        """The player whose kind bids for this one under the rule ``bidding``
        (:func:`wordbot.players.profile.bid_of`): itself; a player that plays another
        in its place, that one."""
        return self

    def check(self, state: GameState[Any]) -> None:
        """Refuse a state of a game this player does not play, or a finished one."""
        game = state.game.name
        if not self.plays(game):
            raise GameError(
                f"player {self.name}: plays {', '.join(sorted(self.games or ()))}"
                f" only, not {game}"
            )
        if state.is_over:
            raise GameOverError("the game is over: there is no move to choose")

    def choose(self, state: GameState[Any], rng: random.Random | None = None) -> Move:
        """The move this player makes in ``state``."""
        self.check(state)
        return self._choose(state, rng if rng is not None else random.Random(0))

    def top(
        self,
        state: GameState[Any],
        n: int = 5,
        rng: random.Random | None = None,
        progress: Progress | None = None,
    ) -> list[Candidate]:
        """Up to ``n`` candidates for the player to move, best first."""
        self.check(state)
        return self._top(state, n, rng if rng is not None else random.Random(0), progress)

    def moves(
        self, state: GameState[Any], n: int = 5, rng: random.Random | None = None
    ) -> list[Move]:
        """The moves of :meth:`top`'s candidates (the same draws from ``rng``), where
        their reports are not wanted: a search's inner nodes."""
        return [c.move for c in self.top(state, n, rng)]

    def value(self, state: GameState[Any], viewer: str) -> float:
        """How good ``state`` is for ``viewer``: by default the score margin as things
        stand (``viewer``'s score minus the best other)."""
        return float(state.outcome().margin(viewer))

    # -- what subclasses implement ---------------------------------------------------------
    def _top(
        self, state: GameState[Any], n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        move = self._choose(state, rng)
        return [Candidate(move, state.notation(move), iterations=1)]

    def _choose(self, state: GameState[Any], rng: random.Random) -> Move:
        return self._top(state, 1, rng, None)[0].move

    # -- names -------------------------------------------------------------------------------
    @property
    def spec(self) -> str:
        """The ``name:key=value,...`` text that makes this player again."""
        changed = [
            f"{k}={str(v).lower() if isinstance(v, bool) else v}"
            for k, v in self.settings.items()
            if k in self.options and v != self.options[k].default
        ]
        return self.name + (":" + ",".join(changed) if changed else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


def played_weights(
    settings: dict[str, Any],
    given: dict[str, Any],
    names: tuple[str, ...],
    load: Callable[[str], dict[str, float] | None],
) -> list[float]:
    """The value weights ``names`` a player plays: those its ``eval`` option names
    (``load``: None for the options' own), each weight ``given`` in its spec as given;
    a file that cannot be read is a :class:`PlayerError` in one line.

    >>> played_weights({"a": 1.0, "b": 2.0, "eval": "x"}, {"b": 5.0}, ("a", "b"),
    ...                lambda name: {"a": 0.5, "b": 0.5})
    [0.5, 2.0]
    """
    try:
        found = load(settings["eval"])
    except WeightsError as exc:
        raise PlayerError(str(exc)) from None
    return [settings[k] if found is None or k in given else found[k] for k in names]

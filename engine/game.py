"""The game interface: one :class:`Game` per game, which makes its immutable positions
(:class:`~wordbot.engine.state.GameState`, in :mod:`wordbot.engine.state`), so that
every player, face and runner plays any game (after OpenSpiel's ``Game``/``State`` and
python-chess's ``Board``).

>>> from wordbot.engine.games import get_game
>>> from wordbot.dictionaries import Lexicon
>>> game = get_game("controlword")
>>> state = game.new(["red", "green"], seed=7, lexicon=Lexicon.from_words(["AT", "TA"]))
>>> state.game.name, state.players, state.to_move, state.phase, state.is_over
('controlword', ('red', 'green'), 'red', 'word', False)
>>> state.apply(state.parse_move("pass")).to_move
'green'

Every game provides, besides the abstract methods of :class:`Game` and
:class:`~wordbot.engine.state.GameState`, a rules class
(:class:`wordbot.engine.options.GameRules`), moves with ``to_json()`` and a ``type``,
and position JSON in the common envelope of docs/formats.md.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from wordbot.engine import setup as setup_module
from wordbot.engine.errors import GameError, PositionError, StateError
from wordbot.engine.options import GameRules
from wordbot.engine.position import (
    canonical_json,
    check_format,
    check_players,
    position_digest,
)
from wordbot.engine.rng import seed_from_text

if TYPE_CHECKING:
    from wordbot.engine.setup import SetupOption


class StateLike(Protocol):
    """What a :class:`Game` calls on the states it makes: every
    :class:`~wordbot.engine.state.GameState` is one. (A state names its game, so
    :mod:`wordbot.engine.state` imports this module, which names states only through
    this.)"""

    def to_json(self) -> dict[str, Any]: ...

    def with_seed(self, seed: int) -> StateLike: ...


#: a game's own state class (:class:`Game` is generic in it)
StateT = TypeVar("StateT", bound=StateLike)


def lexicon_or_default(lexicon: Any) -> Any:
    """``lexicon``, or the default word list when it is None (loaded once, cached)."""
    if lexicon is None:
        from wordbot.dictionaries import Lexicon

        lexicon = Lexicon.load(None)
    return lexicon


class Game(ABC, Generic[StateT]):
    """A game: its names and formats, rule options, seats, and how states are made.

    One instance per game (its module's ``GAME``), found by name through
    :mod:`wordbot.engine.games`.
    """

    #: registry name (``controlword``); also the ``<game>`` of the formats
    name: ClassVar[str]
    #: for people (``Control Word``)
    title: ClassVar[str]
    #: the game's rules class (a frozen dataclass mixing in GameRules)
    Rules: ClassVar[type[GameRules]]
    #: whether states need a lexicon (a word list)
    uses_lexicon: ClassVar[bool] = True
    #: the seats' names in seat order (as many as ``max_players``), the players of a game
    #: set up without names, and how many players may sit
    seats: ClassVar[tuple[str, ...]]
    default_players: ClassVar[tuple[str, ...]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: whether the players are the seats' own names (else any names), and whether they
    #: sit in seat order (:meth:`check_players`)
    players_are_seats: ClassVar[bool] = False
    seats_in_order: ClassVar[bool] = False
    #: whether :meth:`from_json` without a seed derives it from the position as read and
    #: written back (two spellings of one position, bags left out or given, draw the
    #: same tiles) rather than from the object given
    seeds_from_reading: ClassVar[bool] = False
    #: the game's state class, a :class:`~wordbot.engine.state.GameState` (what
    #: :meth:`make_state` builds)
    State: ClassVar[type[StateLike]]
    #: the kinds of move ``wordbot moves --kind`` offers (kind -> help)
    move_kinds: ClassVar[dict[str, str]] = {}
    #: the sizes :meth:`check_size` refuses beyond (name -> limit; in the protocol's hello)
    size_limits: ClassVar[dict[str, int]] = {}
    #: whether a player may not see everything (others' tiles, the order of a bag, the
    #: draws to come): the game's states then override ``observation`` and
    #: ``determinize``, and wrappers declare it (OpenSpiel's imperfect information)
    hidden_information: ClassVar[bool] = False
    #: the game's move notation for people, with examples (terminal play's ``help``)
    notation_help: ClassVar[str] = ""
    #: the inputs of :meth:`new` besides players, seed, rules and lexicon
    #: (:mod:`wordbot.engine.setup`): every face's flags and fields for them come from
    #: these declarations
    setup_options: ClassVar[tuple[SetupOption, ...]] = ()
    #: the modules of the game's parts beside its core, each imported when first used
    #: (:meth:`part`; None: the part's defaults): ``display``, its pictures
    #: (:mod:`wordbot.engine.display`); ``tensor``, what learning agents see
    #: (:mod:`wordbot.engine.tensor`); ``measures``, where a finished game's points came
    #: from (:mod:`wordbot.engine.measures`); ``core``, its compiled core, whole
    #: playouts in one call (:mod:`wordbot.engine.core`; its module's ``CORE``)
    display: ClassVar[str | None] = None
    tensor: ClassVar[str | None] = None
    measures: ClassVar[str | None] = None
    core: ClassVar[str | None] = None

    @property
    def position_format(self) -> str:
        return f"wordbot.{self.name}.position/1"

    @property
    def record_format(self) -> str:
        return f"wordbot.{self.name}.game/1"

    # -- states ------------------------------------------------------------------------
    def new(
        self,
        players: Sequence[str] | str | None = None,
        seed: int | None = None,
        rules: Any = None,
        lexicon: Any = None,
        **setup: Any,
    ) -> StateT:
        """A new game set up as the rules say, all chance from ``seed`` (None: a random
        seed): the set-up options (each a value or its JSON form; None: not given; a
        rule's shortcut sets the rule), players and seed checked, then the game's
        :meth:`deal`."""
        rules, setup = setup_module.apply_rules(
            self.setup_options, rules or self.Rules(), setup, self.title
        )
        players = self.check_players(players)
        seed = secrets.randbits(63) if seed is None else self._seed(seed)
        lexicon = self._lexicon(lexicon)
        fields = self.deal(players, rules, seed, lexicon, setup)
        return self.make_state(
            fields, rules=rules, seed=seed, lexicon=lexicon, origin="new"
        )

    @abstractmethod
    def deal(
        self,
        players: tuple[str, ...],
        rules: Any,
        seed: int,
        lexicon: Any,
        setup: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The fields (slot -> value) of a new game's first state: the set-up of the
        rules for ``players`` (``setup``: the game's set-up options given), all chance
        from ``seed`` (:meth:`new` has checked every argument and fills in rules, seed,
        lexicon and origin)."""

    def from_json(
        self,
        obj: Any,
        lexicon: Any = None,
        seed: int | None = None,
        rule_overrides: Iterable[str] = (),
    ) -> StateT:
        """A state from a docs/formats.md position (its ``format`` must be this game's): the
        format, rules and seed checked, then the game's :meth:`read`. ``seed`` None
        derives one from the position (the same position draws the same tiles; with
        :attr:`seeds_from_reading`, from the position as it is written back)."""
        if not isinstance(obj, dict):
            raise PositionError("position: must be a JSON object")
        check_format(obj, self.position_format)
        rules = self.rules(rule_overrides, obj.get("rules", {}))
        derived = seed is None
        if seed is None:
            seed = 0 if self.seeds_from_reading else seed_from_text(position_digest(obj))
        seed = self._seed(seed)
        fields = self.read(obj, rules, seed)
        lexicon = self._lexicon(lexicon)
        state = self.make_state(
            fields, rules=rules, seed=seed, lexicon=lexicon, origin="position"
        )
        if derived and self.seeds_from_reading:
            return cast(
                StateT, state.with_seed(seed_from_text(canonical_json(state.to_json())))
            )
        return state

    @abstractmethod
    def read(self, obj: dict[str, Any], rules: Any, seed: int) -> dict[str, Any]:
        """The fields (slot -> value) of the state of the position ``obj``, every field
        checked (:class:`~wordbot.engine.errors.PositionError` naming it): the game's
        position reader. ``seed`` is the state's (for what a view leaves to chance)."""

    def make_state(
        self, fields: Mapping[str, Any], *, rules: Any, seed: int, lexicon: Any, origin: str
    ) -> StateT:
        """The game's state of ``fields`` with its rules, seed, lexicon and origin, its
        caches (``CACHES``) empty: the one place a game's states are built from
        scratch."""
        state: Any = object.__new__(self.State)
        for name, value in fields.items():
            setattr(state, name, value)
        state.rules, state.seed, state.lexicon, state.origin = rules, seed, lexicon, origin
        for name in state.CACHES:  # the state class's, which StateLike leaves out
            if name in state.__slots__:
                setattr(state, name, None)
        made: StateT = state
        return made

    def _seed(self, seed: Any) -> int:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise StateError(f"seed: {seed!r:.40} is not an integer")
        return seed

    def _lexicon(self, lexicon: Any) -> Any:
        return lexicon_or_default(lexicon) if self.uses_lexicon else None

    def rules(self, assignments: Iterable[str] = (), obj: Any = None) -> Any:
        """The game's rules from a position's ``rules`` object and ``NAME=VALUE`` texts on
        top."""
        base = self.Rules.from_json(obj) if obj is not None else None
        return self.Rules.parse(assignments, base=base)

    def seat_names(self, n: int) -> tuple[str, ...]:
        """The names of the first ``n`` seats (a table of ``n`` players)."""
        if not self.min_players <= n <= self.max_players:
            want = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise StateError(f"seats: {n} players; {self.title} is for {want}")
        return tuple(self.seats[:n])

    def check_players(self, players: Sequence[str] | str | None) -> tuple[str, ...]:
        """The seat names (a list or comma-separated text), checked: ``min_players`` to
        ``max_players`` distinct names (the seats' own, in seat order, as
        ``players_are_seats`` and ``seats_in_order`` say)."""
        if players is None:
            return tuple(self.default_players)
        if isinstance(players, str):
            players = [p.strip() for p in players.split(",")]
        return check_players(list(players), **self.seating(), error=StateError)

    def seating(self) -> dict[str, Any]:
        """Who may sit, as :func:`~wordbot.engine.position.check_players` takes it (a
        game's position reader checks its ``players`` with the same)."""
        return {
            "least": self.min_players,
            "most": self.max_players,
            "seats": self.seats if self.players_are_seats else None,
            "in_order": self.seats_in_order,
            "title": self.title,
        }

    def made_up(self, obj: dict[str, Any]) -> tuple[str, ...]:
        """The hidden fields a reader of the position ``obj`` makes up because they are
        left out (a seat's view): a face must not send them back as if they were known,
        nor play chance from them. Most games make up nothing.

        >>> from wordbot.engine.games import get_game
        >>> get_game("routewords").made_up({})
        ()
        """
        return ()

    def check_size(self, state: StateT) -> None:
        """Refuse (:class:`~wordbot.engine.errors.PositionError`) a position too large
        to work on in bounded time and memory; the protocols call it on the positions
        their clients send."""

    def record_header(self, state: StateT) -> dict[str, Any]:
        """The game's own fields of a record's header (after ``agents``)."""
        return {}

    # -- set-up ---------------------------------------------------------------------------
    def setup_from_cli(self, words: Sequence[str]) -> dict[str, Any]:
        """The :meth:`new` values of command-line words of the set-up flags
        (``["--page", "red=moby.txt"]``)."""
        return setup_module.from_words(self.setup_options, words, self.title)

    def setup_from_json(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """The :meth:`new` values of JSON fields (a ``newgame`` request's)."""
        return setup_module.from_json(self.setup_options, fields, self.title)

    def setup_json(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """Set-up values as JSON, which :meth:`new` takes back (saved in tournament and
        study configurations)."""
        return setup_module.to_json(self.setup_options, setup)

    def setup_of(self, start: Any) -> dict[str, Any]:
        """The :meth:`new` values a recorded start position was made with."""
        return setup_module.of_start(self.setup_options, start)

    # -- search and parts -----------------------------------------------------------------
    def playout_done(self, start: StateT, state: StateT) -> bool:
        """Where a default-length playout from ``start`` stops before the end of the
        game (Control Word: the end of the round); the default plays to the end."""
        return False

    def part(self, kind: str) -> ModuleType | None:
        """The module of the game's part ``kind`` (``display``, ``tensor``,
        ``measures`` or ``core``), imported now; None when the game leaves it to the
        defaults (no core: every playout in Python)."""
        paths = {
            "display": self.display,
            "tensor": self.tensor,
            "measures": self.measures,
            "core": self.core,
        }
        if kind not in paths:
            raise GameError(f"part: {kind!r} is not one of {', '.join(paths)}")
        path = paths[kind]
        return None if path is None else import_module(path)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

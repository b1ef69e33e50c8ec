"""The game interface: one :class:`Game` per game and its immutable :class:`GameState`
positions, so that every player, face and runner plays any game (after OpenSpiel's
``Game``/``State`` and python-chess's ``Board``).

A state never changes: :meth:`GameState.apply` returns a new one. Chance (draws, dice,
shuffles) comes from the state's own seeded generator, so a game replays exactly from
its seed and its moves. Hidden information goes through :meth:`GameState.observation`
(what one player may see) and :meth:`GameState.determinize` (a state consistent with it,
the hidden parts sampled): a searching player works on determinized states and never
peeks.

>>> from wordbot.engine.games import get_game
>>> from wordbot.dictionaries import Lexicon
>>> game = get_game("controlword")
>>> state = game.new(["red", "green"], seed=7, lexicon=Lexicon.from_words(["AT", "TA"]))
>>> state.game.name, state.players, state.to_move, state.phase, state.is_over
('controlword', ('red', 'green'), 'red', 'word', False)
>>> state.apply(state.parse_move("pass")).to_move
'green'

Every game provides, besides the abstract methods below, a rules class
(:class:`wordbot.engine.options.GameRules`), moves with ``to_json()`` and a ``type``,
and position JSON in the common envelope of docs/formats.md.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, cast

from wordbot.engine import setup as setup_module
from wordbot.engine.errors import GameError, MoveError, PositionError, StateError
from wordbot.engine.movelist import Move as Move
from wordbot.engine.movelist import MoveList as MoveList
from wordbot.engine.options import GameRules
from wordbot.engine.outcome import Outcome
from wordbot.engine.position import (
    canonical_json,
    check_format,
    check_players,
    load_json_text,
    position_digest,
)
from wordbot.engine.rng import seed_from_text

if TYPE_CHECKING:
    from wordbot.engine.setup import SetupOption

OVER = "over"
#: the slot where a state keeps its list of legal moves (:meth:`GameState.legal_moves`)
MOVES_CACHE = "_moves"

#: a game's own state class (:class:`Game` is generic in it)
StateT = TypeVar("StateT", bound="GameState[Any]")


def lexicon_or_default(lexicon: Any) -> Any:
    """``lexicon``, or the default word list when it is None (loaded once, cached)."""
    if lexicon is None:
        from wordbot.dictionaries import Lexicon

        lexicon = Lexicon.load(None)
    return lexicon


#: a game's own move list class (:class:`GameState` is generic in it)
MovesT = TypeVar("MovesT", bound=MoveList)


class GameState(ABC, Generic[MovesT]):
    """One position of a game. Treat every attribute as read-only.

    Every state has ``players`` (seat order), ``to_move``, ``phase`` (``over`` once the
    game has ended), ``rules``, ``seed`` (its generator's seed), ``lexicon`` (None for a
    game without one), ``scores`` (the running scores of its position JSON) and
    ``origin`` (how the game's first state was made: ``new`` or ``position``; records
    write it as their ``setup``).
    """

    __slots__: tuple[str, ...] = ()
    #: the slots a copy starts empty (None): caches such as a lazily made move list
    CACHES: ClassVar[tuple[str, ...]] = ("_moves",)
    game: ClassVar[Game[Any]]
    players: tuple[str, ...]
    to_move: str
    phase: str
    rules: GameRules
    seed: int
    lexicon: Any
    origin: str

    def _copy(self, **changes: Any) -> Self:
        """A copy of this state with ``changes`` (slot -> value), its caches empty."""
        s = object.__new__(type(self))
        for name in type(self).__slots__:
            setattr(
                s,
                name,
                None if name in self.CACHES else changes.get(name, getattr(self, name)),
            )
        return s

    # -- where the game stands ---------------------------------------------------------
    @property
    def seat(self) -> int:
        """The seat of the player to move."""
        return self.players.index(self.to_move)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    @abstractmethod
    def scores(self) -> dict[str, int]:
        """The running scores, as in the position JSON."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result as it stands (see :class:`Outcome`)."""

    @property
    def winners(self) -> tuple[str, ...]:
        """The players sharing first place as things stand."""
        return self.outcome().winners

    # -- moves ---------------------------------------------------------------------------
    def legal_moves(self, generator: Any = None) -> MovesT:
        """Every legal move of the player to move, empty once the game is over: the game's
        own list (:meth:`list_moves`, kept by a state with a ``_moves`` slot), or
        ``generator.legal_moves(state)``, another generator's list (the slow references
        the tests check the games' generators against)."""
        if generator is not None:
            listed: MovesT = generator.legal_moves(self)
            return listed
        if MOVES_CACHE not in type(self).__slots__:
            return self.list_moves()
        kept: MovesT | None = getattr(self, MOVES_CACHE)
        if kept is None:
            kept = self.list_moves()
            setattr(self, MOVES_CACHE, kept)
        return kept

    @abstractmethod
    def list_moves(self) -> MovesT:
        """The game's own list of every legal move of the player to move (callers use
        :meth:`legal_moves`, which keeps it)."""

    def bot_moves(self) -> MoveList:
        """The legal moves a bot chooses among: all of them, unless the game's rules
        keep bots from some (RouteWords' ``bonus_search: none``: bots never trigger nor
        submit in bonus rounds)."""
        return self.legal_moves()

    def moves(self, kind: str = "all") -> MoveList:
        """The moves of one kind of ``game.move_kinds`` that the generator lists for the
        player to move (``all``: :meth:`legal_moves`; another kind:
        :meth:`moves_of_kind`); :class:`MoveError` names an unknown kind."""
        if kind == "all":
            return self.legal_moves()
        if kind not in self.game.move_kinds:
            raise MoveError(
                f"kind: {kind!r} is not one of all, {', '.join(self.game.move_kinds)}"
            )
        return self.moves_of_kind(kind)

    def moves_of_kind(self, kind: str) -> MoveList:
        """The moves of ``kind`` (one of ``game.move_kinds``): by default the legal
        moves whose ``type`` is ``kind``."""
        moves = self.legal_moves()
        if hasattr(moves, "of_kind"):  # a segmented list selects without building moves
            of_kind: MoveList = moves.of_kind(kind)
            return of_kind
        chosen = [i for i in range(len(moves)) if moves[i].type == kind]
        gains = moves.gains()
        return MoveList([moves[i] for i in chosen], [gains[i] for i in chosen])

    @abstractmethod
    def check(self, move: Move) -> None:
        """Raise :class:`~wordbot.engine.errors.IllegalMove` (naming the rule) unless
        ``move`` is legal now."""

    @abstractmethod
    def apply(self, move: Move, check: bool = True) -> GameState[Any]:
        """The state after ``move`` by the player to move (this one is unchanged).
        ``check=False`` trusts the move (the generator's own output)."""

    @abstractmethod
    def move_from_json(self, obj: Any) -> Move:
        """The move of a docs/formats.md move object (:class:`MoveError` names the field)."""

    @abstractmethod
    def parse_notation(self, text: str) -> Move:
        """The move of a line of text notation, for the player to move."""

    @abstractmethod
    def notation(self, move: Move) -> str:
        """The docs/formats.md text of ``move`` in this position."""

    def parse_move(self, text: str | Mapping[str, Any]) -> Move:
        """A move from notation text, JSON text or a move object."""
        if isinstance(text, Mapping):
            return self.move_from_json(dict(text))
        if not isinstance(text, str):
            raise MoveError("move: notation text or a move object")
        if text.lstrip().startswith("{"):
            return self.move_from_json(load_json_text(text, "move", MoveError))
        return self.parse_notation(text)

    def check_playable(self) -> None:
        """Raise :class:`~wordbot.engine.errors.PositionError` when the player to move
        cannot move in this position as given (Control Word: its rack is unknown)."""

    # -- positions -----------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The docs/formats.md position."""

    def digest(self) -> str:
        """sha256 of the canonical position JSON (the records' per-action check)."""
        return position_digest(self.to_json())

    def transposition_key(self) -> Hashable:
        """What a search's table is keyed by: equal for two states exactly when their
        digests are (the digest, unless a game gives a cheaper key of its fields)."""
        return self.digest()

    @abstractmethod
    def with_seed(self, seed: int) -> GameState[Any]:
        """The same position with its generator reseeded (to sample other futures)."""

    # -- hidden information ----------------------------------------------------------------
    def observation(self, viewer: str) -> dict[str, Any]:
        """The position as ``viewer`` may see it (position JSON without what is hidden
        from that player). A game without hidden information shows everything."""
        return self.to_json()

    def determinize(self, viewer: str, rng: random.Random) -> GameState[Any]:
        """A state consistent with ``observation(viewer)``, the hidden parts sampled from
        ``rng`` (a searching player plays on these, never on the true state). A game
        without hidden information returns the state itself."""
        return self

    # -- records ---------------------------------------------------------------------------
    def record_context(self) -> dict[str, Any]:
        """Fields of a record line that say where a move made in this state stands (they
        go before ``player``)."""
        return {}

    def record_events(self) -> dict[str, Any]:
        """What chance did in the action that made this state (dice, draws ...), as record
        fields; a replay must reproduce them."""
        return {}

    def record_scores(self) -> dict[str, Any]:
        """The score fields of a record line after an action (checked by a replay)."""
        return {"scores": dict(self.scores)}

    def describe(self) -> str:
        """Where the game stands, for people, in a few words (``game over`` once over);
        the faces add whose turn it is and the scores."""
        return "game over" if self.is_over else f"{self.phase} phase"

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.describe()}, {self.to_move} to move, "
            f"scores {self.scores}>"
        )


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
    #: the game's state class (what :meth:`make_state` builds)
    State: ClassVar[type[GameState[Any]]]
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
    #: from (:mod:`wordbot.engine.measures`)
    display: ClassVar[str | None] = None
    tensor: ClassVar[str | None] = None
    measures: ClassVar[str | None] = None

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
        for name in self.State.CACHES:
            if name in self.State.__slots__:
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
        """The module of the game's part ``kind`` (``display``, ``tensor`` or
        ``measures``), imported now; None when the game leaves it to the defaults."""
        paths = {"display": self.display, "tensor": self.tensor, "measures": self.measures}
        if kind not in paths:
            raise GameError(f"part: {kind!r} is not one of {', '.join(paths)}")
        path = paths[kind]
        return None if path is None else import_module(path)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

"""One position of a game: :class:`GameState`, what every game's states implement (its
game, a :class:`~wordbot.engine.game.Game`, makes them).

A state never changes: :meth:`GameState.apply` returns a new one. Chance (draws, dice,
shuffles) comes from the state's own seeded generator, so a game replays exactly from
its seed and its moves. Hidden information goes through :meth:`GameState.observation`
(what one player may see) and :meth:`GameState.determinize` (a state consistent with it,
the hidden parts sampled): a searching player works on determinized states and never
peeks.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, Generic, Self, TypeVar

from wordbot.engine.errors import MoveError
from wordbot.engine.game import Game
from wordbot.engine.movelist import Move, MoveList
from wordbot.engine.options import GameRules
from wordbot.engine.outcome import Outcome
from wordbot.engine.position import load_json_text, position_digest
from wordbot.engine.rng import RecordedChance

OVER = "over"
#: the slot where a state keeps its list of legal moves (:meth:`GameState.legal_moves`)
MOVES_CACHE = "_moves"

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

    def forget(self) -> None:
        """Drop what this state keeps to save work (:data:`CACHES`, its move list
        among them), to be made again if asked for. A move list refers back to its
        state, so a state that keeps one is freed only by the garbage collector's
        passes: a holder done with a state calls this, and the state goes at once."""
        for name in self.CACHES:
            if name in type(self).__slots__:  # a game may keep none of them
                setattr(self, name, None)

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

    def standing(self) -> Mapping[str, float]:
        """The scores of :meth:`outcome` alone: what each player would finish with if
        the game ended here (a game whose outcome is dear may give them cheaper)."""
        return dict(self.outcome().scores)

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

    def recorded_chance(self, line: Mapping[str, Any]) -> RecordedChance | None:
        """What chance did in a record's action ``line`` (its :meth:`record_events`), as
        a generator that draws it again; None for a game whose chance is all in its
        deal (its start position holds it). A game that draws later keeps its generator
        in a slot ``rng_state``."""
        return None

    def apply_recorded(self, move: Move, line: Mapping[str, Any]) -> GameState[Any]:
        """The state after ``move``, its chance coming out as the record's action
        ``line`` says it did: how a record that holds no seed (a hosted game's, whose
        seed the server keeps) replays. Anything the rules could not have drawn is a
        :class:`~wordbot.engine.errors.RecordError`."""
        chance = self.recorded_chance(line)
        if chance is None:
            return self.apply(move)
        after = self._copy(rng_state=chance).apply(move)
        # nothing drawn: the generator stays as it was (``after`` is new, nobody's yet)
        if after.rng_state is chance:  # type: ignore[attr-defined]
            after.rng_state = chance.state  # type: ignore[attr-defined]
        return after

    def describe(self) -> str:
        """Where the game stands, for people, in a few words (``game over`` once over);
        the faces add whose turn it is and the scores."""
        return "game over" if self.is_over else f"{self.phase} phase"

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.describe()}, {self.to_move} to move, "
            f"scores {self.scores}>"
        )

"""A game's compiled core: whole playouts, and whole games, in one call into compiled
code. The Python engine stays the reference; a core plays the same rules on flat arrays.

A game names its core's module in ``Game.core`` (``wordbot.engine.<game>.core``, its
kernels under ``wordbot.movegen.<game>``); the module's ``CORE`` is a :class:`Core`,
reached through ``game.part("core")``. A game without one plays every playout in Python.

What a core promises (tests/test_core_*.py hold it to the Python engine):

* :meth:`Core.pack` turns a state into flat arrays (a :class:`Packed`): board, racks,
  bags or decks, scores, turn, phase and the game's random generator, exactly as the
  state holds them. A search packs a state already determinized from the mover's view
  (``state.determinize``): a core never sees what the mover may not.
* :meth:`Core.unpack` turns them back into the Python state at that point, JSON-equal
  to the one the Python engine reaches by ``apply``.
* a move is a row of ``int64`` (``Core.width`` of them): :meth:`Core.encode` and
  :meth:`Core.decode` between rows and the engine's moves.
* :meth:`Core.playout` plays on from a packed position by compiled policies (one per
  seat, :data:`RANDOM`, :data:`GREEDY` or a game's own), each drawing from a SplitMix64
  generator (:mod:`wordbot.movegen.rng`): the same choices as the Python player of that
  name given a :class:`~wordbot.engine.rng.SplitMixRandom` of the same seed.
* :meth:`Core.playouts` plays many playouts from one position: each first move (a
  candidate) on each seed, every candidate meeting the same futures (common random
  numbers).
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

#: the compiled policies every core plays: uniform over the legal moves as ``random``,
#: the most points now as ``greedy`` (their Python players' choices, move for move)
RANDOM, GREEDY = 0, 1
#: a playout's horizon: to the end of the game, or to where the game stops a playout
#: (``game.playout_done``: Control Word's end of the round); a positive horizon is a
#: number of moves
TO_END, GAME_HORIZON = 0, -1


class Packed(ABC):
    """A position as flat numpy arrays (each game's own fields)."""

    @abstractmethod
    def copy(self) -> Packed:
        """An independent copy (playouts change a packed position in place)."""


@dataclass
class Playout:
    """Where a playout stopped: every seat's score as things stand there (the order of
    ``state.players``; the outcome's scores at the end of the game), whether the game
    ended, and the moves played (one row each); ``movers``, when the core recorded
    them, what it knew of each move as it played it (column 0 the seat that made it,
    further columns what the core's :meth:`Core.played_turns` reads to decode it)."""

    scores: np.ndarray
    ended: bool
    moves: np.ndarray
    movers: np.ndarray | None = None


@dataclass
class Playouts:
    """Many playouts from one position: ``scores[candidate, seed, seat]`` and
    ``ended[candidate, seed]``, and with ``keep`` the positions where they stopped
    (``finals[candidate][seed]``)."""

    scores: np.ndarray
    ended: np.ndarray
    finals: list[list[Packed]] | None = None


class Core(ABC):
    """A game's compiled core (see the module docstring)."""

    #: the policies it compiles, by player name (``random``, ``greedy``, a game's own)
    policies: ClassVar[dict[str, int]] = {"random": RANDOM, "greedy": GREEDY}
    #: int64s a move's row holds
    width: ClassVar[int]
    #: playouts of at most this many moves cost less in Python than packing the
    #: position for the core (a search's short leaf playouts); 0: none
    python_plies: ClassVar[int] = 0

    def plays_together(self, ids: Sequence[int]) -> bool:
        """Whether one :meth:`playout` plays these policies, one a seat (any mix, unless
        the game's own policies say otherwise)."""
        return True

    @abstractmethod
    def refuses(self, state: Any) -> str | None:
        """Why the core cannot play ``state`` (a rule option or a position it lacks, in
        one line), or None when it can: the caller then plays in Python."""

    @abstractmethod
    def pack(self, state: Any) -> Packed:
        """``state`` as flat arrays."""

    @abstractmethod
    def unpack(self, packed: Packed) -> Any:
        """The Python state of ``packed``."""

    @abstractmethod
    def encode(self, packed: Packed, move: Any) -> np.ndarray:
        """The row of ``move``, a legal move of ``packed``."""

    @abstractmethod
    def decode(self, packed: Packed, row: np.ndarray) -> Any:
        """The engine's move of ``row`` in ``packed`` (equal to the one its move list
        holds)."""

    @abstractmethod
    def playout(
        self,
        packed: Packed,
        policies: Sequence[int],
        rngs: np.ndarray,
        horizon: int = TO_END,
    ) -> Playout:
        """Play ``packed`` on in place, seat ``i`` by ``policies[i]``, drawing from
        ``rngs[i]`` (or, with one generator, every seat from ``rngs[0]``), until the end
        or ``horizon``. ``rngs`` (``uint64``) hold the generators' states as they end."""

    @abstractmethod
    def playouts(
        self,
        packed: Packed,
        firsts: np.ndarray,
        policies: Sequence[int],
        seeds: np.ndarray,
        horizon: int = TO_END,
        keep: bool = False,
    ) -> Playouts:
        """For each row of ``firsts`` (moves of ``packed``) and each seed: ``packed``
        copied, that move applied, then played on as :meth:`playout` with one generator
        seeded by the seed, shared by every seat (``packed`` itself is not changed)."""

    def moves(self, packed: Packed, rows: np.ndarray) -> list[Any]:
        """The engine's moves of ``rows`` played in turn from ``packed`` (not changed)."""
        return [move for _, move in self.turns(packed, rows)]

    def played_turns(self, state: Any, played: Playout) -> list[tuple[int, Any]]:
        """:meth:`turns` of a :meth:`playout` from ``state``; a core that records its
        ``movers`` decodes them without playing the moves again."""
        return self.turns(self.pack(state), played.moves)

    def turns(self, packed: Packed, rows: np.ndarray) -> list[tuple[int, Any]]:
        """Each move of ``rows`` played in turn from ``packed`` (not changed): the seat
        that made it and the engine's move, from one pass over the rows."""
        out, at = [], packed.copy()
        for row in rows:
            out.append((self.to_move(at), self.decode(at, row)))
            self.apply(at, row)
        return out

    def to_move(self, packed: Packed) -> int:
        """The seat (its index in ``state.players``) to move in ``packed``."""
        state = self.unpack(packed)
        return state.players.index(state.to_move)

    def is_over(self, packed: Packed) -> bool:
        """Whether the game of ``packed`` has ended (a core answers without unpacking)."""
        return bool(self.unpack(packed).is_over)

    def values(self, packed: Packed, policy: int) -> np.ndarray | None:
        """Every seat's value of ``packed`` by the compiled policy ``policy``, as its
        Python player's ``value(state, seat)``, or None where the core does not compile
        that value (the caller values the unpacked state in Python)."""
        return None

    def top(self, packed: Packed, k: int) -> np.ndarray | None:
        """The rows of the ``greedy`` player's ``k`` best moves in ``packed``, in the
        order of its ``moves(state, k)`` (for ``k`` > 1, which draws nothing), or None
        where the core does not compile that ranking (a search then ranks in Python)."""
        return None

    def key(self, packed: Packed) -> Hashable:
        """A transposition key of ``packed``: two positions of one search have equal
        keys exactly when their states' ``transposition_key()`` are equal."""
        return self.unpack(packed).transposition_key()

    @abstractmethod
    def apply(self, packed: Packed, row: np.ndarray) -> None:
        """Apply the move ``row`` to ``packed`` in place (drawing from the position's
        own generator, as the engine's ``apply``)."""


def core_of(state: Any) -> Core | None:
    """The compiled core that plays ``state``, or None (the game has none, its core
    refuses the state's rules or position, or the environment variable ``WORDBOT_CORE``
    is ``off``): the caller then plays in Python, the same moves more slowly."""
    if os.environ.get("WORDBOT_CORE", "").lower() == "off":
        return None
    module = state.game.part("core")
    core: Core | None = getattr(module, "CORE", None)
    if core is None or core.refuses(state) is not None:
        return None
    return core

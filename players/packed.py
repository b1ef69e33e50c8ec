"""Alpha-beta on a game's compiled core (:mod:`wordbot.engine.core`): the positions
below the root packed, their moves rows ranked by the core as the ``greedy`` player
ranks them, applied, keyed and played out in compiled code. The root alone is a Python
state (its candidates are the game's policy's); a search reaches the same positions,
in the same order, with the same values as on Python states, at a fraction of the cost.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine import get_game
>>> from wordbot.players import make_player
>>> game = get_game("routewords")
>>> state = game.new(seed=3, lexicon=Lexicon.from_words(["ART", "RAT", "TAR", "TEA", "EAT"]))
>>> greedy = make_player("greedy", game)
>>> root = packed_root(state, greedy, 3, Playouts(game, greedy, greedy))
>>> [root.core.decode(root.packed, row) for row in root.moves()] == greedy.moves(state, 3)
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
from wordbot.engine.core import Core, Packed, core_of
from wordbot.engine.state import GameState
from wordbot.players.base import Player
from wordbot.players.playouts import Playouts


class PackedNode:
    """A position of a search as its core packs it (see the module docstring): what
    :class:`~wordbot.players.alphabeta.AlphaBeta` reads of a position, its moves rows of
    ``core.top``. The positions of one search share ``players`` and ``k``."""

    __slots__ = ("_key", "core", "k", "packed", "players")

    def __init__(self, core: Core, packed: Packed, players: tuple[str, ...], k: int):
        self.core, self.packed, self.players, self.k = core, packed, players, k
        self._key: Hashable | None = None

    @property
    def to_move(self) -> str:
        return self.players[self.core.to_move(self.packed)]

    @property
    def is_over(self) -> bool:
        return self.core.is_over(self.packed)

    def apply(self, move: Any, check: bool = True) -> PackedNode:
        """The position after ``move``: a row, or (at the root) an engine's move."""
        core = self.core
        row = move if isinstance(move, np.ndarray) else core.encode(self.packed, move)
        out = self.packed.copy()
        core.apply(out, row)
        return PackedNode(core, out, self.players, self.k)

    def transposition_key(self) -> Hashable:
        if self._key is None:
            self._key = self.core.key(self.packed)
        return self._key

    def moves(self) -> list[np.ndarray]:
        """The rows of the ``greedy`` player's ``k`` best moves, best first."""
        rows = self.core.top(self.packed, self.k)
        assert rows is not None  # packed_root packs only for a core that ranks
        return list(rows)

    def leaf_values(
        self, playouts: Playouts, seed: int, horizon: int
    ) -> tuple[list[float], bool]:
        """:meth:`Playouts.leaf_values` of this position."""
        if horizon != 0 and not self.is_over:
            packed = self.packed.copy()
            return playouts.compiled_leaf(
                self.core, packed, len(self.players), seed, horizon
            )
        return playouts.values_at(self.core.unpack(self.packed))


def packed_root(
    state: GameState, inner: Player, k: int, playouts: Playouts | None
) -> PackedNode | None:
    """``state`` packed for a search whose nodes below the root rank ``inner``'s ``k``
    best moves and whose leaves ``playouts`` plays out, where the game's core does all of
    that (``inner`` is ``greedy`` as it is, ``k`` > 1: its ranking draws nothing); else
    None (the search runs on Python states)."""
    core = core_of(state)
    if core is None or inner.spec != "greedy" or k < 2:
        return None
    if playouts is None or playouts.core(state) is None:
        return None
    if type(core).top is Core.top:  # the core does not rank moves
        return None
    root = PackedNode(core, core.pack(state), tuple(state.players), k)
    # ranked once here, so that a search too short to reach an inner node (``wordbot
    # warm``'s, of one playout) compiles the ranking before a search that needs it
    root.moves()
    return root

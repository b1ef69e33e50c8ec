"""A state's legal moves as one sequence (:class:`MoveList`) and what a move is
(:class:`Move`): the part of the game interface that players read move by move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, overload

if TYPE_CHECKING:
    from typing import TypeAlias

    from numpy.typing import NDArray

    #: per-move numbers of a move list (gains, tie-break keys): a sequence or an array
    Numbers: TypeAlias = Sequence[float] | NDArray[Any]


class Move(Protocol):
    """A move: a small immutable value; ``to_json()`` is its docs/formats.md move object."""

    type: ClassVar[str]

    def to_json(self) -> dict[str, Any]: ...


class MoveList(Sequence[Move]):
    """The legal moves of a state in the generator's order, as a sequence whose moves are
    built only when read (a game may hold tens of thousands of plays as arrays).

    Besides ``len`` and indexing it answers what the generic players ask: ``gains()``,
    how much each move raises the mover's score now, and ``tiebreak()``, the game's own
    order among equal gains (lower first; None: no order of its own, ties are settled
    by a seeded choice).

    >>> moves = MoveList(["a", "b", "c"], gains=[0, 2, 2])
    >>> len(moves), moves[1], list(moves.gains()), moves.tiebreak()
    (3, 'b', [0, 2, 2], None)
    """

    def __init__(
        self,
        moves: Sequence[Move] = (),
        gains: Numbers | None = None,
        tiebreak: Numbers | None = None,
    ):
        self._moves = moves
        self._gains = gains
        self._tiebreak = tiebreak

    def __len__(self) -> int:
        return len(self._moves)

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...
    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return self._moves[i]

    def made(self, move: Move) -> bool:
        """Whether this list built that very object (``is``, not ``==``): a move of the
        state's own generator, legal by construction, which ``apply`` need not check.
        A plain list builds nothing (False); lists that build moves when read say.

        >>> MoveList(["a"]).made("a")
        False
        """
        return False

    def gains(self) -> Numbers:
        """The score each move adds for the mover now (0 when the game does not say)."""
        return self._gains if self._gains is not None else [0] * len(self)

    def tiebreak(self) -> Numbers | None:
        return self._tiebreak

    def best(self, n: int = 1, rng: random.Random | None = None) -> list[tuple[Move, Any]]:
        """The ``n`` moves that raise the mover's score most now, as (move, gain), best
        first: equal gains by :meth:`tiebreak`, then (for the first place, when ``rng`` is
        given) by a seeded choice among those still equal, else in the list's order.

        >>> MoveList(["a", "b", "c"], gains=[1, 2, 2], tiebreak=[0, 5, 1]).best(2)
        [('c', 2), ('b', 2)]
        """
        import numpy as np

        gains = np.asarray(self.gains())
        if gains.size == 0 or n < 1:
            return []
        tiebreak = self.tiebreak()
        if n == 1:
            top = np.flatnonzero(gains == gains.max())
            if tiebreak is not None and top.size > 1:
                keys = np.asarray(tiebreak)[top]
                top = top[keys == keys.min()]
            pick = int(
                top[0] if top.size == 1 or rng is None else top[rng.randrange(top.size)]
            )
            return [(self[pick], gains[pick].item())]
        index = np.arange(gains.size)
        sort_keys = (
            (index, -gains) if tiebreak is None else (index, np.asarray(tiebreak), -gains)
        )
        order = np.lexsort(sort_keys)[:n]
        return [(self[int(i)], gains[i].item()) for i in order]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} moves>"


def is_listed(state: Any, move: Move) -> bool:
    """Whether ``move`` was built by the move list ``state`` keeps (its ``_moves``
    cache, when it has one): such a move needs no check when applied.

    >>> class Plain:
    ...     _moves = None
    >>> is_listed(Plain(), "a")
    False
    """
    kept = getattr(state, "_moves", None)
    return kept is not None and kept.made(move)

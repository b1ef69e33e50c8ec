"""A lazy move list made of segments: runs of moves of one kind whose gains are arrays
and whose move objects are built only when read. A game whose generator returns arrays
(tens of thousands of moves) lists them this way.

>>> moves = SegmentedMoves([Segment("a", 2, [1, 3], lambda i: f"a{i}"),
...                         Segment("b", 1, later=lambda: (1, [3], lambda i: "b"))])
>>> len(moves), moves[1], moves[2], moves.gains().tolist(), moves.tiebreak().tolist()
(3, 'a1', 'b', [1, 3, 3], [0, 0, 0])
>>> [m for m in moves.without("a")]
['b']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import Any, Self

import numpy as np
from wordbot.engine.movelist import MoveList


class Segment:
    """``count`` moves of one kind, their gains and how to build the i-th; or, with
    ``later``, a segment worked out when first read (``later()`` returns the three, or
    four with the ``order``).
    ``order``: the tie-break of each move among equal gains (lower first; default the
    list's kind order)."""

    __slots__ = ("kind", "_count", "_gains", "_build", "_later", "order", "_made", "_at")

    def __init__(
        self,
        kind: str,
        count: int = 0,
        gains=None,
        build: Callable[[int], object] | None = None,
        later=None,
        order=None,
    ):
        self.kind, self._count, self._gains, self._build = kind, count, gains, build
        self._later, self.order = later, order
        self._made: dict[int, object] = {}  # id -> each move built (kept alive)
        # index -> the move built there: read again, the same object (one kept a move)
        self._at: dict[int, object] = {}

    def _resolve(self) -> None:
        if self._later is not None:
            self._count, self._gains, self._build, *order = self._later()
            self.order = order[0] if order else self.order
            self._later = None

    @property
    def ready(self) -> bool:
        return self._later is None

    @property
    def count(self) -> int:
        self._resolve()
        return self._count

    @property
    def gains(self):
        self._resolve()
        return self._gains

    def build(self, i: int) -> Any:
        move = self._at.get(i)
        if move is None:
            self._resolve()
            assert self._build is not None  # a resolved segment has its builder
            move = self._at[i] = self._build(i)
            self._made[id(move)] = move
        return move

    def made(self, move: object) -> bool:
        """Whether :meth:`build` returned that very object."""
        return self._made.get(id(move)) is move

    def orders(self):
        """The tie-break of each move, or None for the list's kind order."""
        self._resolve()
        return self.order


class SegmentedMoves(MoveList):
    """A :class:`~wordbot.engine.movelist.MoveList` over :class:`Segment` runs, in order.
    ``KIND_ORDER`` (kind -> rank, lower first) breaks ties among equal gains where a
    segment gives no ``order`` of its own."""

    KIND_ORDER: dict[str, int] = {}

    def __init__(self, segments: list[Segment]):
        self.segments = segments
        self._offsets: list[int] | None = None
        super().__init__(self, None, None)

    def _derived(self, segments: list[Segment]) -> Self:
        """A list of these segments, carrying whatever else this list keeps."""
        return type(self)(segments)

    @property
    def offsets(self) -> list[int]:
        if self._offsets is None:
            self._offsets = np.cumsum([0] + [seg.count for seg in self.segments]).tolist()
        return self._offsets

    def __len__(self) -> int:
        return self.offsets[-1]

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("move index out of range")
        k = bisect_right(self.offsets, i) - 1
        return self.segments[k].build(i - self.offsets[k])

    def made(self, move) -> bool:
        return any(seg.made(move) for seg in self.segments)

    def gains(self) -> np.ndarray:
        if not self.segments:
            return np.zeros(0, np.int64)
        return np.concatenate([np.asarray(seg.gains, np.int64) for seg in self.segments])

    def tiebreak(self) -> np.ndarray:
        if not self.segments:
            return np.zeros(0, np.int64)
        return np.concatenate(
            [
                np.full(seg.count, self.KIND_ORDER.get(seg.kind, 0), np.int64)
                if seg.orders() is None
                else np.asarray(seg.order, np.int64)
                for seg in self.segments
            ]
        )

    def of_kind(self, *kinds: str) -> Self:
        """The moves of these kinds."""
        return self._derived([s for s in self.segments if s.kind in kinds])

    def without(self, kind: str) -> Self:
        """These moves less those of one kind."""
        return self._derived([s for s in self.segments if s.kind != kind])

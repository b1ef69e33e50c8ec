"""Cross words combat's legal moves as a lazy list over the generator's rows: every
write of the player to move in the turn being played (each usable word, every first
cell and direction where it crosses one of their letters), or ``pass`` alone when there
is none. Each write's gain is the cells it captures now (opponent letters crossed and
cells enclosed); :meth:`CrossWordsMoves.details` says which extra turns it earns.

>>> from wordbot.engine.crosswords.game import GAME
>>> state = GAME.new(pages={"red": "An ant ate 2 hay", "green": "By my ox"})
>>> moves = state.legal_moves()
>>> len(moves), moves[0], list(moves.gains())
(3, Write(row=0, word=1, r=4, c=0, direction='across'), [0, 0, 0])
"""

from __future__ import annotations

from typing import Any

from wordbot.engine.crosswords.moves import Pass, Write
from wordbot.engine.crosswords.pages import extra_turns
from wordbot.engine.game import MoveList


class CrossWordsMoves(MoveList):
    """The legal moves of a state (see the module docstring); ``rows`` keeps the
    generator's rows (word index, r, c, direction, crossed, enclosed)."""

    def __init__(self, state):
        self.state = state
        self.rows = [] if state.is_over else state.writes()
        self.pass_only = not state.is_over and not self.rows
        self._index = None
        super().__init__(self, [r[4] + r[5] for r in self.rows] or [0] * self.pass_only)

    def __len__(self) -> int:
        return len(self.rows) + self.pass_only

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if self.pass_only:
            if i not in (0, -1):
                raise IndexError(i)
            return Pass()
        w, r, c, d, _, _ = self.rows[i]
        word = self.state.pages[self.state.seat].words[w]
        return Write(word.row, word.index, r, c, d)

    def facts(self, move) -> dict[str, Any]:
        """:meth:`details` of a move of the list (found by value); {} for another."""
        if self._index is None:
            self._index = {self[i]: i for i in range(len(self))}
        i = self._index.get(move)
        return {} if i is None else self.details(i)

    def details(self, i: int) -> dict[str, Any]:
        """What move ``i`` does: opponent letters crossed, cells enclosed, and the extra
        turns it earns (each with its restriction and why)."""
        if self.pass_only:
            return {"crossed": 0, "enclosed": 0, "extra_turns": []}
        w, _, _, _, crossed, enclosed = self.rows[i]
        word = self.state.pages[self.state.seat].words[w]
        return {"crossed": crossed, "enclosed": enclosed,
                "extra_turns": [f"{why}: {e.describe()}"
                                for e, why in extra_turns(word, crossed, enclosed)]}

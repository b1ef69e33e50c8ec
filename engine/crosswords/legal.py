"""Cross words combat's legal moves as a lazy list over the generator's rows: every
write of the player to move in the turn being played (each usable word, every first
cell and direction where it crosses one of their letters), or ``pass`` alone when there
is none; with the rule ``pie``, green's first turn lists the take-over last. Each
write's gain is the cells it captures now (opponent letters crossed and cells enclosed),
a take-over's the captures it exchanges; :meth:`CrossWordsMoves.details` says which
extra turns a write earns.

>>> from wordbot.engine.crosswords.game import GAME
>>> state = GAME.new(pages={"red": "An ant ate 2 hay", "green": "By my ox"})
>>> moves = state.legal_moves()
>>> len(moves), moves[0], moves.gains().tolist()
(3, Write(row=0, word=1, r=4, c=0, direction='across'), [0, 0, 0])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from wordbot.engine import pie
from wordbot.engine.crosswords.adapter import (
    COL,
    CROSSED,
    DIRECTION,
    ENCLOSED,
    NO_WRITES,
    ROW,
    WORD,
)
from wordbot.engine.crosswords.moves import Pass, Write
from wordbot.engine.crosswords.pages import extra_turns
from wordbot.engine.crosswords.rules import DIRECTIONS
from wordbot.engine.movelist import MoveList


class CrossWordsMoves(MoveList):
    """The legal moves of a state (see the module docstring); ``rows`` keeps the
    generator's rows (word index, r, c, direction, crossed, enclosed)."""

    def __init__(self, state):
        self.state = state
        self.rows = NO_WRITES if state.is_over else state.writes()
        self.pass_only = not state.is_over and not len(self.rows)
        self.take_over = state.pie_offered
        self._index = None
        gains = (
            np.zeros(1, np.int64)
            if self.pass_only
            else self.rows[:, CROSSED] + self.rows[:, ENCLOSED]
        )
        if self.take_over:  # the mover's score becomes red's
            scores = list(state.scores.values())
            gains = np.append(gains, scores[0] - scores[1])
        super().__init__(self, gains)

    def __len__(self) -> int:
        return len(self.rows) + self.pass_only + self.take_over

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self)
        if not -n <= i < n:
            raise IndexError(i)
        i %= n
        if self.take_over and i == n - 1:
            return pie.TakeOver()
        if self.pass_only:
            return Pass()
        w, r, c, d, _, _ = self.rows[i].tolist()
        word = self.state.pages[self.state.seat].words[w]
        return Write(word.row, word.index, r, c, DIRECTIONS[d])

    def find(self, move) -> int | None:
        """The row of a write in the list (None when it is not one of them).

        >>> from wordbot.engine.crosswords.game import GAME
        >>> moves = GAME.new(pages={"red": "An ant", "green": "By my ox"}).legal_moves()
        >>> moves.find(Write(0, 1, 4, 0, "down")), moves.find(Write(0, 1, 9, 9, "down"))
        (1, None)
        """
        if self.pass_only or not isinstance(move, Write):
            return None
        page = self.state.pages[self.state.seat]
        if move.row >= len(page.by_row) or move.word >= len(page.by_row[move.row]):
            return None
        rows = self.rows
        hit = np.flatnonzero(
            (rows[:, ROW] == move.r)
            & (rows[:, COL] == move.c)
            & (rows[:, WORD] == page.starts[move.row] + move.word)
            & (rows[:, DIRECTION] == DIRECTIONS.index(move.direction))
        )
        return int(hit[0]) if hit.size else None

    def facts(self, move) -> dict[str, Any]:
        """:meth:`details` of a move of the list (found by value); {} for another."""
        if self._index is None:
            self._index = {self[i]: i for i in range(len(self))}
        i = self._index.get(move)
        return {} if i is None else self.details(i)

    def details(self, i: int) -> dict[str, Any]:
        """What move ``i`` does: opponent letters crossed, cells enclosed, and the extra
        turns it earns (each with its restriction and why)."""
        if self.pass_only or (self.take_over and i % len(self) == len(self) - 1):
            return {"crossed": 0, "enclosed": 0, "extra_turns": []}
        w, _, _, _, crossed, enclosed = self.rows[i].tolist()
        word = self.state.pages[self.state.seat].words[w]
        return {
            "crossed": crossed,
            "enclosed": enclosed,
            "extra_turns": [
                f"{why}: {e.describe()}" for e, why in extra_turns(word, crossed, enclosed)
            ],
        }

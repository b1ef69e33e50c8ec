"""The legal actions of a Control Word state, as ``state.legal_moves()`` lists them.

In the generator's order: the word plays (word phase) or replacement plays (replacement
phase), then pass, a rack redraw (word phase) and every blue exchange. Plays come from a
generator object with ``word_plays(state)`` and ``replacement_plays(state)``: the
compiled one (:data:`wordbot.engine.controlword.adapter.FAST`) unless the caller names
another, such as the tests' slow reference (``ReferenceGenerator`` of
tests/reference/controlword.py). Plays are generated when first needed and each move is made when
it is read.

The game's own order among equal gains (what ``greedy`` follows): in the word phase a
word play before the other actions and fewer tiles first; in the replacement phase pass
first unless replacements score (``score_replacements``), then the plays; the
generator's order after that.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from wordbot.engine.controlword.moves import Exchange, Pass, Redraw, Replacement
from wordbot.engine.controlword.scoring import play_points
from wordbot.engine.controlword.tiles import BLUE_CONSONANTS, BLUE_VOWELS
from wordbot.engine.movelist import Move, MoveList
from wordbot.engine.state import OVER

if TYPE_CHECKING:
    from wordbot.engine.controlword.moves import Move as ControlWordMove


def other_moves(state) -> list[ControlWordMove]:
    """The legal actions of ``state``'s player to move that are not word or replacement
    plays: pass, a rack redraw (word phase) and every blue exchange."""
    if state.phase == OVER:
        return []
    moves: list[ControlWordMove] = [Pass(), Redraw()] if state.phase == "word" else [Pass()]
    rack = state.racks.get(state.to_move) or ""
    for letter in sorted(set(ch for ch in rack if ch.isupper())):
        if state.bags[BLUE_VOWELS]:
            moves.append(Exchange(letter, "vowel"))
        if state.bags[BLUE_CONSONANTS]:
            moves.append(Exchange(letter, "consonant"))
    return moves


def gain(state, move: Move) -> int:
    """What a move adds to the mover's score now: a word play its words' points, a
    replacement its changed words' when replacements score, anything else nothing."""
    tiles = getattr(move, "tiles", ())
    replacement = isinstance(move, Replacement)
    if not tiles or (replacement and not state.rules.score_replacements):
        return 0
    return play_points(state.board.place(tiles), tiles, state.rules, replacement)


#: the most moves ``best`` asks the best-only generator for: it keeps its plays sorted by
#: insertion, so for more (the terminal's pool of 2,000 alternatives) the whole list,
#: sorted once, is faster
BEST_ONLY_UP_TO = 64


class ControlWordMoves(MoveList):
    """Every legal action of the player to move of ``state`` (a
    :class:`~wordbot.engine.controlword.state.ControlWordState`; see the module
    docstring)."""

    def __init__(self, state, generator: Any):
        self.state = state
        self.generator = generator
        self._plays: Any = None
        self._best: Any = None  # the best few word plays, when only those were asked for
        self._others: list[ControlWordMove] | None = None

    @property
    def others(self) -> list[ControlWordMove]:
        """Pass, a redraw (word phase) and the blue exchanges, in that order."""
        if self._others is None:
            self._others = other_moves(self.state)
        return self._others

    @property
    def plays(self):
        """The word or replacement plays (generated on first use)."""
        if self._plays is None:
            state = self.state
            if state.is_over:
                self._plays = []
            elif state.phase == "word":
                self._plays = self.generator.word_plays(state)
            else:
                self._plays = self.generator.replacement_plays(state)
        return self._plays

    def __len__(self) -> int:
        return len(self.plays) + len(self.others)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self.plays)
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.plays[i] if i < n else self.others[i - n]

    def points_of(self, move) -> int | None:
        """The points of ``move`` when it is a play this list made (the very object, so
        the generator's own), else None: such a play needs no check."""
        for plays in (self._plays, self._best):
            points = plays.points_of(move) if hasattr(plays, "points_of") else None
            if points is not None:
                return points
        return None

    def gains(self):
        import numpy as np

        plays = self.plays
        state = self.state
        if state.phase == "replacement" and not state.rules.score_replacements:
            points = np.zeros(len(plays), np.int64)
        elif state.phase == "replacement" and hasattr(plays, "plays"):
            from wordbot.engine.controlword.adapter import replacement_points

            points = replacement_points(state, plays.plays)
        elif hasattr(plays, "points"):
            points = plays.points
        else:
            points = np.array([gain(state, m) for m in plays], np.int64)
        return np.concatenate([points, np.zeros(len(self.others), np.int64)])

    def tiebreak(self):
        import numpy as np

        plays, n = self.plays, len(self.plays)
        total = n + len(self.others)
        index = np.arange(total, dtype=np.int64)
        keys = index.copy()
        if self.state.phase == "word":
            if hasattr(plays, "tile_counts"):
                tiles = plays.tile_counts.astype(np.int64)
            else:
                tiles = np.array([len(m.tiles) for m in plays], np.int64)
            keys[:n] += tiles * total
            keys[n:] += 64 * total  # after every play (a play has at most 31 tiles)
        elif not self.state.rules.score_replacements:
            keys[:n] += total
            keys[n:] += 2 * total
            keys[n] = 0  # pass (the first of the others) before everything
        else:
            keys[n:] += total
        return keys

    def best(self, n: int = 1, rng: random.Random | None = None):
        """:meth:`MoveList.best` by the game's own order, without building the whole
        order: replacements that score nothing leave pass first (no need to generate
        them); in the word phase the best-only generator's plays (the compiled
        generator; the full list's best otherwise), then pass, redraw and exchanges."""
        state = self.state
        if n == 1 and state.phase == "replacement" and not state.rules.score_replacements:
            return [(Pass(), 0)]
        if (
            1 <= n <= BEST_ONLY_UP_TO
            and self._plays is None
            and state.phase == "word"
            and hasattr(self.generator, "best_word_plays")
        ):
            # only the best: the compiled generator finds them without the whole list
            # (and a seeded choice has nothing to choose: the order has no ties)
            self._best = best = self.generator.best_word_plays(state, n)
            ranked = [(best[i], int(best.points[i])) for i in range(len(best))]
            if len(ranked) < n:  # every play is in: pass, redraw and exchanges next
                ranked += [(m, 0) for m in self.others[: n - len(ranked)]]
            return ranked
        plays = self.plays
        if n == 1 and state.phase == "word" and hasattr(plays, "points"):
            if len(plays) == 0:
                return [(self.others[0], 0)]
            import numpy as np

            points = plays.points
            top = np.flatnonzero(points == points.max())
            i = int(top[np.argmin(plays.tile_counts[top])])
            return [(plays[i], int(points[i]))]
        return super().best(n, rng)

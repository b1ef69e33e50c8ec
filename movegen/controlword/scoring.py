"""Points when played, as the kernels read them: from a table the engine fills.

The rule (docs/rules/controlword.md "Scoring when played") is written once, in the engine
(:func:`wordbot.engine.controlword.scoring.word_points`); the kernels only look its values
up in a ``table`` (int64, ``TABLE_ROWS`` x ``TABLE_WIDTH``) that the game's adapter builds
from it and the rule options:

* ``table[POINTS, n]``: the points of a word of n letters without bonus letters;
* ``table[BONUS, n]``: what each bonus letter adds to a word of n letters;
* ``table[BONUS_LETTER, code]``: 1 when the letter of grid code ``code`` (1..26) is a
  bonus letter, else 0 (codes up to 255 may be looked up: empty and blocked squares are 0).

A word on a board never has more than ``TABLE_WIDTH - 1`` letters (the tile sets hold
490 tiles in all, racks 31 at most).
"""

from __future__ import annotations

from numba import njit

POINTS, BONUS, BONUS_LETTER = 0, 1, 2
TABLE_ROWS = 3
TABLE_WIDTH = 512


@njit(cache=True, inline="always")
def word_points(table, length, bonus_letters):
    """Points of a word of ``length`` letters holding ``bonus_letters`` bonus letters."""
    return table[POINTS, length] + table[BONUS, length] * bonus_letters


@njit(cache=True, inline="always")
def bonus_letter(table, code):
    """1 when grid letter ``code`` is a bonus letter (J Q X Z), else 0."""
    return table[BONUS_LETTER, code]

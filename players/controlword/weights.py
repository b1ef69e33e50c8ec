"""Every weight of the ``control`` evaluation, in one place.

``python -m wordbot.players.controlword.tune`` searches these by self-play and prints what it found;
what its runs found, and why the defaults below stand, is recorded in TUNING at the
bottom.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

import numpy as np
from wordbot.engine.controlword.adapter import evaluation


@dataclass(frozen=True)
class Weights:
    """Weights of equity = points + control * (change in control value) + leave terms."""

    control: float = 1.0  # one point of end-of-game control value, in points now
    opponent: float = 1.0  # an opponent's controlled word counts this much against us
    short_word: float = 0.15  # a controlled 2-3 letter word (tie-break only)
    risk1: float = 0.35  # chance per opponent replacement phase of losing a word ...
    risk2: float = 0.12  # ... that one, two, three+ replacements would neutralise
    risk3: float = 0.04
    keep_tile: float = 0.6  # word phase: each tile kept for the replacement phase (<= L)
    balance: float = 0.8  # per vowel away from the ideal share of the leave
    no_vowel: float = 2.0  # a leave of 3+ tiles with no vowel (or no consonant)
    duplicate: float = 0.7  # each duplicate tile kept
    blue_kept: float = -0.2  # each blue tile kept (flexible, but weakens control)
    q_without_u: float = 3.0
    exchange_gain: float = 1.0  # exchange when the leave would improve by this much ...
    exchange_below: float = 4.0  # ... and no play is worth more than this
    redraw_below: float = 0.5  # redraw when no play is worth more than this

    def vector(self) -> np.ndarray:
        """The weights as the float64 vector the evaluation kernels read (laid out as
        their ``WEIGHTS`` names them)."""
        return np.array([getattr(self, name) for name in evaluation.WEIGHTS], np.float64)

    def to_json(self) -> dict:
        return asdict(self)

    def with_(self, **changes) -> Weights:
        return replace(self, **changes)


assert set(evaluation.WEIGHTS) == {f.name for f in fields(Weights)}

#: a line of help for each weight (the ``control`` player's options of the same names)
HELP = {
    "control": "one point of end-of-game control value, in points now",
    "opponent": "how much an opponent's controlled word counts against the mover",
    "short_word": "value of a controlled 2-3 letter word (a tie-break)",
    "risk1": "chance per opponent replacement phase of losing a word one tile can take",
    "risk2": "the same for a word two replacements would neutralise",
    "risk3": "the same for three or more",
    "keep_tile": "word phase: each tile kept for the replacement phase",
    "balance": "per vowel away from the ideal share of the leave",
    "no_vowel": "a leave of 3+ tiles with no vowel (or no consonant)",
    "duplicate": "each duplicate tile kept",
    "blue_kept": "each blue tile kept",
    "q_without_u": "a Q kept without a U",
    "exchange_gain": "exchange when the leave would improve by this much",
    "exchange_below": "... and no play is worth more than this",
    "redraw_below": "redraw when no play is worth more than this",
}
assert set(HELP) == {f.name for f in fields(Weights)}

DEFAULT = Weights()

TUNING = """
Hand-set values, kept after two self-play tuning runs (2026-11-22, default lexicon):

* ``--steps 30 --games 200 --seed 7``: no candidate reached the 53% acceptance bar;
  the best scored 51.5% (duplicate 0.89, q_without_u 3.579). Most candidates scored
  exactly 50%: they played the same moves as the defaults in nearly every game.
* ``--steps 30 --games 400 --accept 0.52 --seed 8``: one candidate accepted at 52.25%
  (no_vowel 0.263, q_without_u 3.2); nothing improved on it afterwards. Checked on 1,000
  fresh paired games against the defaults it scored 49.85% (mean margin +0.5), i.e. no
  better, so the defaults stay.

What the runs did show: the risk weights matter most (risk1 0.47 with small other changes
scored 41.25%, mean margin -22.9), the leave terms hardly at all.
"""

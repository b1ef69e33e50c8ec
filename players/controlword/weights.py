"""Every weight of the ``control`` evaluation, in one place: what each weighs, its help
and its tuning (the default values live with the kernels that read them,
``wordbot.movegen.controlword.evaluation.DEFAULT_WEIGHTS``, where the compiled core's
``control`` policy reads them too).

``python -m wordbot.players.controlword.tune`` searches these by self-play and prints what it found;
what its runs found, and why the defaults below stand, is recorded in TUNING at the
bottom.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

import numpy as np
from wordbot.engine.controlword.adapter import evaluation

D = evaluation.DEFAULT_WEIGHTS


@dataclass(frozen=True)
class Weights:
    """Weights of equity = points + control * (change in control value) + leave terms."""

    #: one point of end-of-game control value, in points now
    control: float = D["control"]
    #: an opponent's controlled word counts this much against us
    opponent: float = D["opponent"]
    #: a controlled 2-3 letter word (tie-break only)
    short_word: float = D["short_word"]
    #: chance per opponent replacement phase of losing a word ...
    risk1: float = D["risk1"]
    #: ... that one, two, three+ replacements would neutralise
    risk2: float = D["risk2"]
    risk3: float = D["risk3"]
    #: word phase: each tile kept for the replacement phase (<= L)
    keep_tile: float = D["keep_tile"]
    #: per vowel away from the ideal share of the leave
    balance: float = D["balance"]
    #: a leave of 3+ tiles with no vowel (or no consonant)
    no_vowel: float = D["no_vowel"]
    #: each duplicate tile kept
    duplicate: float = D["duplicate"]
    #: each blue tile kept (flexible, but weakens control)
    blue_kept: float = D["blue_kept"]
    q_without_u: float = D["q_without_u"]
    #: exchange when the leave would improve by this much ...
    exchange_gain: float = D["exchange_gain"]
    #: ... and no play is worth more than this
    exchange_below: float = D["exchange_below"]
    #: redraw when no play is worth more than this
    redraw_below: float = D["redraw_below"]

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

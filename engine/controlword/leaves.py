"""Leave tables of the ``control`` policy: what the tiles a move keeps are worth.

``hand`` is the hand-set leave weights alone (those of :data:`HAND_WEIGHTS`). A learned
table is a small JSON file that ``wordbot learn`` writes: a value for each feature of a
leave (:mod:`wordbot.movegen.controlword.leavefeatures`), added to the hand-set leave
weights' value of the leave (a table of zeros plays as ``hand``), and how it was made
(the command, seed, games, the figures of its fit, and the digest of the word list it
was learned on). Tables shipped with wordbot are in ``leavetables/`` beside this module
and are named without their ``.json``; any other table is named by its path.

``control`` plays :data:`AUTO` unless told otherwise, in Python and in the compiled core
alike (:func:`vector`): the shipped table :data:`LEARNED` on the word list it was learned
on, the hand-set leaves on any other (what a leave is worth depends on the words there
are to play it into: on a list of a few thousand words the learned table keeps racks a
small play would have used).

>>> table_names()[0], LEARNED in table_names()
('hand', True)
>>> load("hand") is None
True
>>> len(vector(HAND)) < len(vector(LEARNED))
True
>>> len(vector(AUTO, lexicon="not the default word list's digest")) == len(vector(HAND))
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from wordbot.engine.controlword.adapter import evaluation, leavefeatures

from wordbot.errors import WordbotError

FORMAT = "wordbot-leaves"
VERSION = 1
HAND = "hand"
#: the table shipped with wordbot that :data:`AUTO` plays on the word list it was
#: learned on
LEARNED = "learned"
#: ``control``'s default: :data:`LEARNED` on its own word list, else the hand-set leaves
AUTO = "auto"
DEFAULT = AUTO
#: the hand-set weights, in the order the evaluation kernels read them
HAND_WEIGHTS = np.array(list(evaluation.DEFAULT_WEIGHTS.values()), np.float64)
SHIPPED = Path(__file__).parent / "leavetables"


class LeaveTableError(WordbotError):
    """A leave table that is missing, unreadable or of another format or version."""

    code = "bad_player"


@dataclass(frozen=True)
class LeaveTable:
    """A learned leave table: ``values[f]`` for each leave feature ``f``."""

    values: np.ndarray
    made: dict[str, Any] = field(default_factory=dict)

    def vector(self, weights: np.ndarray) -> np.ndarray:
        """The weight vector the evaluation kernels read: ``weights`` (the hand-set
        ones, in the order of ``DEFAULT_WEIGHTS``), then the table."""
        return np.concatenate([weights, self.values])

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "features": leavefeatures.LEAVE_FEATURES,
            "values": [round(float(v), 6) for v in self.values],
            "made": self.made,
        }

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, obj: Any, name: str) -> LeaveTable:
        where = f"leaves {name}"
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise LeaveTableError(f"{where}: not a leave table (format {FORMAT!r})")
        if obj.get("version") != VERSION:
            raise LeaveTableError(
                f"{where}: version {obj.get('version')!r}, this wordbot reads {VERSION}"
            )
        values = obj.get("values")
        if (
            not isinstance(values, list)
            or len(values) != leavefeatures.LEAVE_FEATURES
            or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                for v in values
            )
        ):
            raise LeaveTableError(
                f"{where}: values must be {leavefeatures.LEAVE_FEATURES} finite numbers"
            )
        made = obj.get("made", {})
        return cls(np.array(values, np.float64), made if isinstance(made, dict) else {})


def table_names() -> list[str]:
    """``hand``, ``auto`` and the names of the tables shipped with wordbot."""
    return [HAND, AUTO] + sorted(p.stem for p in SHIPPED.glob("*.json"))


def load(name: str) -> LeaveTable | None:
    """The leave table ``name``: None for ``hand``, a shipped table by its name, else
    the file at that path; refused in one line when missing, unreadable or of another
    format or version."""
    if name == HAND:
        return None
    shipped = SHIPPED / f"{name}.json"
    path = shipped if "/" not in name and shipped.is_file() else Path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        known = ", ".join(table_names())
        raise LeaveTableError(
            f"leaves {name}: no such table (shipped: {known}; or a file wordbot learn wrote)"
        ) from None
    try:
        obj = json.loads(text)
    except ValueError:
        raise LeaveTableError(f"leaves {name}: not JSON") from None
    return LeaveTable.from_json(obj, name)


def vector(
    name: str, weights: np.ndarray | None = None, lexicon: str | None = None
) -> np.ndarray:
    """The evaluation kernels' weight vector of ``weights`` (default: the hand-set
    defaults) with the leave table ``name`` (:func:`load`); for :data:`AUTO`, that of
    :data:`LEARNED` where ``lexicon`` (a word list's digest) is the one it was learned
    on, else the hand-set leaves."""
    hand = HAND_WEIGHTS if weights is None else weights
    if name == AUTO:
        table = _shipped(LEARNED)
        mine = table is not None and table.made.get("lexicon") == lexicon
        return table.vector(hand) if mine and table is not None else hand
    table = load(name)
    return hand if table is None else table.vector(hand)


@cache
def _shipped(name: str) -> LeaveTable | None:
    """A shipped table, read once (``auto`` asks at every playout of the core)."""
    return load(name)

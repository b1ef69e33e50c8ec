"""Learned weights of a game's policy: small JSON files that ``wordbot learn`` writes.

A game whose policy values positions by a weighted sum of its features (Cross words
combat's ``territory``: the margin, plus ``threat`` times the most cells the player
could capture next, and so on) plays either the hand-set weights (``hand``, the
policy's option defaults) or a learned set: a file naming the game, each weight by
name, and how it was made (the command, seed, games and the figures of its fit and
check). Files shipped with wordbot are in the folder ``weights/`` of the game's engine
package and are named without their ``.json``; any other file is named by its path.
Whatever plays the policy, its Python player or the compiled core, reads the same file.

>>> names("crosswords")[:2]
['hand', 'learned']
>>> load("crosswords", "hand", ("threat",)) is None
True
>>> load("crosswords", "nothing-here", ("threat",))
Traceback (most recent call last):
...
wordbot.engine.learned.WeightsError: eval nothing-here: no such weights (shipped: hand, learned; or a file wordbot learn wrote)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from wordbot.errors import WordbotError

FORMAT = "wordbot-weights"
VERSION = 1
#: the policy's own option defaults
HAND = "hand"
#: the weights shipped with a game that learns them, its policy's default
LEARNED = "learned"
ENGINE = Path(__file__).parent


class WeightsError(WordbotError):
    """A weights file that is missing, unreadable, of another format, version or game,
    or without the weights its policy reads."""

    code = "bad_player"


@dataclass(frozen=True)
class LearnedWeights:
    """A game's learned weights by name, and what made them."""

    game: str
    values: dict[str, float]
    made: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "weights": {k: round(float(v), 6) for k, v in self.values.items()},
            "made": self.made,
        }

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(
        cls, obj: Any, name: str, game: str, wanted: Sequence[str]
    ) -> LearnedWeights:
        """The weights of ``obj`` (read from ``name``), refused in one line unless they
        are ``game``'s and hold every weight of ``wanted`` as a finite number."""
        where = f"eval {name}"
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise WeightsError(f"{where}: not a weights file (format {FORMAT!r})")
        if obj.get("version") != VERSION:
            raise WeightsError(
                f"{where}: version {obj.get('version')!r}, this wordbot reads {VERSION}"
            )
        if obj.get("game") != game:
            raise WeightsError(f"{where}: weights of {obj.get('game')!r}, not of {game}")
        values = obj.get("weights")
        if not isinstance(values, dict) or not all(
            isinstance(values.get(k), (int, float))
            and not isinstance(values.get(k), bool)
            and math.isfinite(values[k])
            for k in wanted
        ):
            raise WeightsError(
                f"{where}: weights must give {', '.join(wanted)} as finite numbers"
            )
        made = obj.get("made", {})
        return cls(
            game,
            {k: float(values[k]) for k in wanted},
            made if isinstance(made, dict) else {},
        )


def shipped_folder(game: str) -> Path:
    """Where the weights shipped with ``game`` are."""
    return ENGINE / game / "weights"


def names(game: str) -> list[str]:
    """``hand`` and the names of the weights shipped with ``game``."""
    return [HAND] + sorted(p.stem for p in shipped_folder(game).glob("*.json"))


def load(game: str, name: str, wanted: Sequence[str]) -> LearnedWeights | None:
    """The weights ``name`` of ``game``: None for ``hand``, shipped weights by name,
    else the file at that path; refused in one line when missing, unreadable or not
    ``game``'s weights of ``wanted``."""
    if name == HAND:
        return None
    shipped = shipped_folder(game) / f"{name}.json"
    path = shipped if "/" not in name and shipped.is_file() else Path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        known = ", ".join(names(game))
        raise WeightsError(
            f"eval {name}: no such weights (shipped: {known}; or a file wordbot learn "
            "wrote)"
        ) from None
    try:
        obj = json.loads(text)
    except ValueError:
        raise WeightsError(f"eval {name}: not JSON") from None
    return LearnedWeights.from_json(obj, name, game, wanted)


@cache
def shipped(game: str, name: str, wanted: tuple[str, ...]) -> LearnedWeights | None:
    """:func:`load` of weights shipped with wordbot, read once (a core asks at every
    playout)."""
    return load(game, name, wanted)


def weights(game: str, name: str, wanted: tuple[str, ...]) -> dict[str, float] | None:
    """The value weights ``name`` of ``game`` by name (``hand``: None, the policy's
    options; a shipped name: read once; else a file's), refused in one line (a
    :class:`WeightsError`) when they cannot be read."""
    if "/" in name or name.endswith(".json"):
        found = load(game, name, wanted)
    else:
        found = shipped(game, name, wanted)
    return None if found is None else found.values


@lru_cache(maxsize=16)
def settings(
    game: str,
    name: str,
    wanted: tuple[str, ...],
    slots: tuple[int, ...],
    defaults: tuple[float, ...],
) -> np.ndarray:
    """A compiled policy's settings ``defaults`` with the weights ``name`` (those of
    :func:`weights`) in their ``slots`` (one for each of ``wanted``): what the core
    plays. Every caller shares the array and none writes it; it stays writable, as
    the kernels' other arguments are (a read-only array compiles them anew).

    >>> settings("crosswords", "hand", ("threat",), (1,), (0.0, 0.5))
    array([0. , 0.5])
    """
    out = np.array(defaults, np.float64)
    slot = dict(zip(wanted, slots, strict=True))
    for key, value in (weights(game, name, wanted) or {}).items():
        out[slot[key]] = value
    return out

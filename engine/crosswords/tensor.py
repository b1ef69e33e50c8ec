"""Cross words combat's part for learning agents (:mod:`wordbot.engine.tensor`): its
action bound and its observation tensor; nothing is hidden.

The grid is unbounded, so it is a fixed 31 x 31 window centred on the middle of the
letters' bounding box (rounded down); letters beyond it are counted in ``window``.

- ``grid`` (26 + 2 + 2, 31, 31): letter planes A-Z, the letters each seat wrote, the
  cells each seat captured (seat order);
- ``window`` (3,): the window's top-left (row, col), letters left out;
- ``players`` (2, 5): score, is the viewer, is to move, turns taken, words used;
- ``extra`` (6,): extra turns queued, the restriction of the turn being played (any
  word, a longest length (0: none), allowed lengths given, a first letter given), and
  whether green took red's first turn over (the pie rule: the compensation then goes to
  red).

The pages (public text) are not in the tensor; the position JSON has them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from wordbot.engine.planes import GridWindow, seat_rows

WINDOW = 31
#: the size of the action space
ACTION_BOUND = 2**15  # 791 in 40 random games; 4,966 in a game against MCTS


def observation_tensor(obs: dict[str, Any], viewer: str) -> dict[str, NDArray[Any]]:
    """The named arrays of ``obs`` (a position) for ``viewer``."""
    players = obs["players"]
    window = GridWindow(WINDOW, players)
    letters, where = window.planes(obs["cells"])
    origin = (int(where[0]), int(where[1]))
    captured = window.marks(obs["captured"], origin, players)
    used = {p: len(obs["pages"][p]["used"]) for p in players}
    extra = obs["extra"]
    first = extra[0] if extra else {}
    return {
        "grid": np.concatenate([letters, captured]),
        "window": where,
        "players": seat_rows({**obs, "used": used}, viewer, "turns_taken", "used"),
        "extra": np.array(
            [
                len(extra),
                bool(first.get("any_word")),
                first.get("max_length", 0),
                "lengths" in first,
                "first_letter" in first,
                bool(obs.get("pie_taken")),
            ],
            np.float32,
        ),
    }

"""RouteWords' part for learning agents (:mod:`wordbot.engine.tensor`): its action bound
and its observation tensor; nothing is hidden.

- ``grid`` (26 + n + 1, 5, 5): letter planes A-Z (``Q`` is the Qu tile), one plane per
  seat's owned squares (seat order), the two squares of the ko;
- ``intersections`` (1 + n, 6, 6): the coin on each intersection, then each seat's pawn;
- ``players`` (n, 6): score, is the viewer, is to move, bonus tokens, turns taken, the
  letters of the word submitted in the bonus round under way (0: none);
- ``phase`` (4,): turn, bonus round, over, and whether green took red's first turn over
  (the pie rule: the compensation then goes to red).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from wordbot.engine.planes import LETTERS, letter_index, seat_rows

SIDE = 5
#: the size of the action space
ACTION_BOUND = 2**19  # 238,100 seen in 3 random games (routes x swaps)


def observation_tensor(obs: dict[str, Any], viewer: str) -> dict[str, NDArray[Any]]:
    """The named arrays of ``obs`` (a position) for ``viewer``."""
    players = obs["players"]
    seat = {p: i for i, p in enumerate(players)}
    grid = np.zeros((LETTERS + len(players) + 1, SIDE, SIDE), np.float32)
    for r, line in enumerate(obs["grid"]):
        for c, ch in enumerate(line):
            grid[letter_index(ch), r, c] = 1
    for r, c, owner in obs["owners"]:
        grid[LETTERS + seat[owner], r, c] = 1
    for r, c in obs.get("ko") or ():
        grid[-1, r, c] = 1
    corners = np.zeros((1 + len(players), SIDE + 1, SIDE + 1), np.float32)
    for i, j, value in obs["coins"]:
        corners[0, i, j] = value
    for p, (i, j) in obs["pawns"].items():
        corners[1 + seat[p], i, j] = 1
    words = (obs.get("bonus") or {}).get("words", {})
    submitted = {p: len(w or "") + (w or "").count("Q") for p, w in words.items()}
    phase = obs["phase"]
    return {
        "grid": grid,
        "intersections": corners,
        "players": seat_rows(
            {**obs, "submitted": submitted},
            viewer,
            "bonus_tokens",
            "turns_taken",
            "submitted",
        ),  # fmt: skip
        "phase": np.array(
            [
                phase == "turn",
                phase == "bonus",
                phase == "over",
                bool(obs.get("pie_taken")),
            ],
            np.float32,
        ),
    }

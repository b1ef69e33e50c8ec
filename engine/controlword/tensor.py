"""Control Word's part for learning agents (:mod:`wordbot.engine.tensor`): its action
bound and its observation tensor, from what the viewer sees
(:meth:`ControlWordState.observation`).

The table is unbounded, so the board is a fixed 31 x 31 window centred on the middle of
the tiles' bounding box (rounded down); tiles beyond it are counted in ``window``.

- ``board`` (26 + n + 1, 31, 31): letter planes A-Z, then one plane per seat's colour
  (seat order) and one for blue;
- ``window`` (3,): the window's top-left (row, col) on the table, tiles left out;
- ``rack`` (2, 26): the viewer's own-colour tiles and blue tiles, by letter;
- ``bags`` (n + 1, 26): each seat's bag and the blue bags as the viewer can know them
  (another player's bag counts that player's unseen rack tiles too);
- ``players`` (n, 4): score, is the viewer, is to move, penalty tokens;
- ``round`` (6,): round, rack limit, replacement limit, word phase, replacement phase,
  over.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from wordbot.engine.planes import GridWindow, letter_counts, seat_rows

WINDOW = 31
#: the size of the action space
ACTION_BOUND = 2**20  # 59,602 in 10 random games; 551,263 in a random playout


def observation_tensor(obs: dict[str, Any], viewer: str) -> dict[str, NDArray[Any]]:
    """The named arrays of ``obs`` (an observation position) for ``viewer``."""
    players = obs["players"]
    board, window = GridWindow(WINDOW, [*players, "blue"]).planes(obs["board"])
    rack = obs["racks"].get(viewer) or ""
    own = letter_counts("".join(ch for ch in rack if ch.isupper()))
    blue = letter_counts("".join(ch for ch in rack if ch.islower()))
    bags = np.stack([letter_counts(obs["bags"].get(p, "")) for p in [*players, "blue"]])
    phase = obs["phase"]
    rounds = np.array(
        [
            obs["round"],
            obs["rack_limit"],
            obs["replacement_limit"],
            phase == "word",
            phase == "replacement",
            phase == "over",
        ],
        np.float32,
    )
    return {
        "board": board,
        "window": window,
        "rack": np.stack([own, blue]),
        "bags": bags,
        "players": seat_rows(obs, viewer, "penalties"),
        "round": rounds,
    }

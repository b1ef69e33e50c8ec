"""First Draft's part for learning agents (:mod:`wordbot.engine.tensor`): its action
bound and its observation tensor, from what the viewer sees
(:meth:`FirstDraftState.observation`: everything but the order of the bag and of the
deck).

- ``line`` (line, 28): per coaster of the line (position 1 first): value, coins on it,
  its tiles by letter;
- ``rows`` (n, 2, row_limit, 26): each seat's rows A and B, one-hot letters by place;
- ``pool`` (n, 26): each seat's pool by letter;
- ``players`` (n, 5): score, is the viewer, is to move, coins, discarded tiles;
- ``gone`` (27,): the tiles that left the game by letter, then the turn.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray
from wordbot.engine.planes import LETTERS, letter_counts, letter_index, seat_rows

#: the size of the action space
ACTION_BOUND = 2**21  # 1,079,717 seen in 20 random games (drafts: rows x pool)


def observation_tensor(obs: dict[str, Any], viewer: str) -> dict[str, NDArray[Any]]:
    """The named arrays of ``obs`` (an observation position) for ``viewer``."""
    rules, players = obs["rules"], obs["players"]
    line = np.zeros((rules["line"], 2 + LETTERS), np.float32)
    for k, coaster in enumerate(obs["line"]):
        line[k, 0], line[k, 1] = coaster["value"], coaster["coins"]
        line[k, 2:] = letter_counts(coaster["tiles"])
    rows = np.zeros((len(players), 2, rules["row_limit"], LETTERS), np.float32)
    hands = obs["hands"]
    for i, p in enumerate(players):
        for r, text in enumerate(hands[p]["rows"]):
            for k, ch in enumerate(text):
                rows[i, r, k, letter_index(ch)] = 1
    columns = {
        "coins": {p: hands[p]["coins"] for p in players},
        "discarded": {p: hands[p]["discarded"] for p in players},
    }
    return {
        "line": line,
        "rows": rows,
        "pool": np.stack([letter_counts(hands[p]["pool"]) for p in players]),
        "players": seat_rows({**obs, **columns}, viewer, "coins", "discarded"),
        "gone": np.append(letter_counts(obs["gone"]), np.float32(obs.get("turn", 0))),
    }

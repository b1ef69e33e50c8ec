"""What learning agents see of a game (the OpenSpiel and PettingZoo faces):
:func:`observation_tensor` and :func:`action_bound`.

Both come from the game's tensor module (``Game.tensor`` names it; imported when first
asked for) where it has them: ``observation_tensor(obs, viewer)``, named float32 arrays
of the viewer's observation (:meth:`GameState.observation`, so nothing hidden gets in)
whose shapes depend only on the rules and the number of players, and ``ACTION_BOUND``,
the legal moves a position lists at most in practice (measured on random games, with
room to spare): the size of the faces' action spaces. Else the tensor holds the seats'
scores and who is to move, and the bound is :data:`ACTION_BOUND`.

>>> from wordbot.engine.games import get_game
>>> from wordbot.dictionaries import Lexicon
>>> game = get_game("routewords")
>>> state = game.new(seed=1, lexicon=Lexicon.from_words(["TEA"]))
>>> seat_tensor(state.observation("red"), "red")["players"].tolist()
[[1.0, 1.0, 1.0], [1.0, 0.0, 0.0]]
>>> action_bound(game) > ACTION_BOUND
True
"""

from __future__ import annotations

from typing import Any

from numpy.typing import NDArray
from wordbot.engine.planes import seat_rows

#: the action bound of a game whose tensor module gives none
ACTION_BOUND = 4096


def seat_tensor(obs: dict[str, Any], viewer: str) -> dict[str, NDArray[Any]]:
    """``players``: one row per seat (score, is the viewer, is to move)."""
    return {"players": seat_rows(obs, viewer)}


def observation_tensor(state: Any, viewer: str) -> dict[str, NDArray[Any]]:
    """What ``viewer`` may see of ``state`` as named float32 arrays."""
    own = getattr(state.game.part("tensor"), "observation_tensor", seat_tensor)
    tensor: dict[str, NDArray[Any]] = own(state.observation(viewer), viewer)
    return tensor


def action_bound(game: Any) -> int:
    """The size of ``game``'s action space."""
    bound: int = getattr(game.part("tensor"), "ACTION_BOUND", ACTION_BOUND)
    return bound

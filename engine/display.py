"""The pictures of a game that has no display module of its own
(:attr:`~wordbot.engine.game.Game.display`): the position JSON as text, one field a
line, as the viewer sees it, and the same lines in an SVG.

A game's display module has these two functions with the same signatures:
``picture(state, move, viewer)`` (rich Text for a terminal) and ``svg(state, move)``.

>>> from wordbot.engine.games import get_game
>>> from wordbot.dictionaries import Lexicon
>>> state = get_game("routewords").new(seed=1, lexicon=Lexicon.from_words(["TEA"]))
>>> [line.split(":")[0] for line in picture(state, viewer="green").plain.splitlines()][:4]
['rules', 'players', 'to_move', 'phase']
>>> svg(state).startswith("<svg")
True
"""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape

from rich.text import Text


def picture(state: Any, move: Any = None, viewer: str | None = None) -> Text:
    """The position JSON (the viewer's observation when ``viewer`` is given), one field
    a line, ``move`` in its notation last."""
    shown = state.observation(viewer) if viewer is not None else state.to_json()
    lines = [f"{k}: {json.dumps(v)}" for k, v in shown.items() if k != "format"]
    if move is not None:
        lines.append(f"move: {state.notation(move)}")
    return Text("\n".join(lines))


def svg(state: Any, move: Any = None) -> str:
    """The lines of :func:`picture` in a monospaced SVG."""
    text = picture(state, move).plain.splitlines()
    rows = "".join(
        f'<text x="8" y="{20 + 18 * i}">{escape(line)}</text>'
        for i, line in enumerate(text)
    )
    height = 24 + 18 * len(text)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}" '
        f'font-family="monospace" font-size="14">{rows}</svg>'
    )

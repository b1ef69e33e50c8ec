"""A game's pictures for people: :func:`picture` (rich Text for a terminal), :func:`svg`
and :func:`score_text` (the result as it stands, ``wordbot score``).

Each is drawn by the game's display module (``Game.display`` names it; imported when
first drawn) where that module defines a function of the same name and signature:
``picture(state, move, viewer)``, ``svg(state, move)``, ``score_text(state)``. Else it is
drawn here: the position JSON as text, one field a line, as the viewer sees it
(:func:`text_picture`), the same lines in an SVG (:func:`text_svg`), and the players'
scores and places (:func:`score_table`).

>>> from wordbot.engine.games import get_game
>>> from wordbot.dictionaries import Lexicon
>>> state = get_game("routewords").new(seed=1, lexicon=Lexicon.from_words(["TEA"]))
>>> [line.split(":")[0] for line in text_picture(state, viewer="green").plain.splitlines()][:4]
['rules', 'players', 'to_move', 'phase']
>>> text_svg(state).startswith("<svg"), picture(state).plain == text_picture(state).plain
(True, False)
>>> print(score_text(state))
player       score  place
red              1  1
green            1  1
shared win: red, green
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from rich.text import Text


def _drawing(state: Any, name: str, default: Callable[..., Any]) -> Callable[..., Any]:
    """The game's own drawing ``name``, else ``default``."""
    own: Callable[..., Any] | None = getattr(state.game.part("display"), name, None)
    return own or default


def picture(state: Any, move: Any = None, viewer: str | None = None) -> Text:
    """The position for a terminal, ``move`` marked, as ``viewer`` sees it (None: the
    whole position)."""
    drawn: Text = _drawing(state, "picture", text_picture)(state, move, viewer)
    return drawn


def svg(state: Any, move: Any = None) -> str:
    """The position as an SVG picture, ``move`` marked."""
    drawn: str = _drawing(state, "svg", text_svg)(state, move)
    return drawn


def score_text(state: Any) -> str:
    """The result as it stands, for people."""
    text: str = _drawing(state, "score_text", score_table)(state)
    return text


def text_picture(state: Any, move: Any = None, viewer: str | None = None) -> Text:
    """The position JSON (the viewer's observation when ``viewer`` is given), one field
    a line, ``move`` in its notation last."""
    shown = state.observation(viewer) if viewer is not None else state.to_json()
    lines = [f"{k}: {json.dumps(v)}" for k, v in shown.items() if k != "format"]
    if move is not None:
        lines.append(f"move: {state.notation(move)}")
    return Text("\n".join(lines))


def text_svg(state: Any, move: Any = None) -> str:
    """The lines of :func:`text_picture` in a monospaced SVG."""
    text = text_picture(state, move).plain.splitlines()
    rows = "".join(
        f'<text x="8" y="{20 + 18 * i}">{escape(line)}</text>'
        for i, line in enumerate(text)
    )
    height = 24 + 18 * len(text)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}" '
        f'font-family="monospace" font-size="14">{rows}</svg>'
    )


def score_table(state: Any) -> str:
    """Each player's score and place, best first, and who won (or shares the win)."""
    outcome = state.outcome()
    lines = [f"{'player':<10} {'score':>7}  place"]
    for p in sorted(state.players, key=lambda p: outcome.places[p]):
        lines.append(f"{p:<10} {outcome.scores[p]:>7}  {outcome.places[p]}")
    label = "winner" if len(outcome.winners) == 1 else "shared win"
    lines.append(f"{label}: {', '.join(outcome.winners)}")
    return "\n".join(lines)

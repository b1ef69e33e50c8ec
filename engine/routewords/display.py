"""RouteWords pictures: the grid for a terminal (rich Text) and as SVG, with coins on
the intersections, pawns, owned squares in their owner's colour and a route drawn.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.routewords.game import GAME
>>> state = GAME.new(seed=2, lexicon=Lexicon.from_words(["AT"]))
>>> print(picture(state).plain.splitlines()[0])
 5 ─ 2 ─ 2 ─ 2 ─ 2 ─ 5
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from rich.text import Text
from wordbot.engine.routewords.moves import Both, Route, Swap
from wordbot.engine.routewords.rules import SIDE, SIZE

#: terminal and SVG colours of the seats
STYLE = {
    "red": "bold red",
    "green": "bold green",
    "black": "bold bright_black",
    "white": "bold white",
}
FILL = {"red": "#f4c7c3", "green": "#c8e6c9", "black": "#bdbdbd", "white": "#fff8e1"}
INK = {"red": "#c62828", "green": "#2e7d32", "black": "#212121", "white": "#9e9e9e"}


def _marks(move: Any) -> tuple[tuple[int, ...], int | None, tuple[int, ...]]:
    """(route squares in order, the route's end, swapped squares) of a move."""
    route = (
        move if isinstance(move, Route) else move.route if isinstance(move, Both) else None
    )
    swap = move if isinstance(move, Swap) else move.swap if isinstance(move, Both) else None
    return (
        route.path if route else (),
        route.end if route else None,
        (swap.a, swap.b) if swap else (),
    )


def picture(state, move=None, viewer=None) -> Text:
    """Intersections (coin value, ``·`` for none, a pawn as its player's initial) between
    rows of squares (letters; owned squares in the owner's colour; the route's squares
    numbered by step order below the grid)."""
    path, end, swap = _marks(move) if move is not None else ((), None, ())
    pawn_at = {k: p for p, k in zip(state.players, state.pawns)}
    out = Text()
    for i in range(SIDE):
        for j in range(SIDE):
            k = i * SIDE + j
            if k in pawn_at:
                out.append(
                    f" {pawn_at[k][0].upper()}", style=STYLE[pawn_at[k]] + " reverse"
                )
            elif k == end:
                out.append(" *", style="bold yellow")
            else:
                out.append(
                    f" {state.coins[k] or '·'}", style="yellow" if state.coins[k] else ""
                )
            if j < SIZE:
                out.append(" ─")
        out.append("\n")
        if i == SIZE:
            break
        out.append("  ")
        for c in range(SIZE):
            s = i * SIZE + c
            letter = "Qu" if state.grid[s] == "Q" else state.grid[s]
            owner = state.owners[s]
            style = STYLE[state.players[owner]] if owner >= 0 else ""
            if s in path:
                style += " underline reverse"
            elif s in swap:
                style += " italic reverse"
            out.append(f"{letter:<2}", style=style.strip())
            out.append("  ")
        out.append("\n")
    if path:
        assert end is not None  # a route has an end
        out.append(
            "route: "
            + " ".join(f"{s // SIZE},{s % SIZE}" for s in path)
            + f" > {end // SIDE},{end % SIDE}\n"
        )
    return out


def svg(state, move=None, cell: int = 64) -> str:
    """The position as an SVG picture: squares (owned ones tinted), letters, coins on
    the intersections, pawns as discs, the route as a line from the pawn to its end."""
    pad = cell // 2
    size = SIZE * cell + 2 * pad
    path, end, swap = _marks(move) if move is not None else ((), None, ())
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif">',
        f'<rect width="{size}" height="{size}" fill="#fafafa"/>',
    ]
    for s in range(SIZE * SIZE):
        r, c = divmod(s, SIZE)
        owner = state.owners[s]
        fill = FILL[state.players[owner]] if owner >= 0 else "#ffffff"
        stroke = "#f9a825" if s in swap else "#90a4ae"
        parts.append(
            f'<rect x="{pad + c * cell}" y="{pad + r * cell}" width="{cell}" '
            f'height="{cell}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
        )
        letter = "Qu" if state.grid[s] == "Q" else state.grid[s]
        parts.append(
            f'<text x="{pad + c * cell + cell / 2}" y="{pad + r * cell + cell * 0.62}" '
            f'font-size="{cell * 0.42:.0f}" text-anchor="middle">{letter}</text>'
        )
    for k, value in enumerate(state.coins):
        if value:
            x, y = pad + (k % SIDE) * cell, pad + (k // SIDE) * cell
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{cell * 0.16:.0f}" fill="#ffd54f" '
                f'stroke="#f57f17"/><text x="{x}" y="{y + cell * 0.07:.0f}" '
                f'font-size="{cell * 0.2:.0f}" text-anchor="middle">{value}</text>'
            )
    if path:
        assert end is not None  # a route has an end
        mover = state.pawns[state.seat]
        points = [(pad + (mover % SIDE) * cell, pad + (mover // SIDE) * cell)]
        points += [
            (pad + (s % SIZE) * cell + cell / 2, pad + (s // SIZE) * cell + cell / 2)
            for s in path
        ]
        points.append((pad + (end % SIDE) * cell, pad + (end // SIDE) * cell))
        line = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
        parts.append(
            f'<polyline points="{line}" fill="none" stroke="#1565c0" '
            f'stroke-width="4" stroke-opacity="0.7"/>'
        )
    for p, k in zip(state.players, state.pawns):
        x, y = pad + (k % SIDE) * cell, pad + (k // SIDE) * cell
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.2:.0f}" fill="{INK[p]}" '
            f'stroke="#000"><title>{escape(p)}</title></circle>'
        )
    parts.append("</svg>")
    return "".join(parts)

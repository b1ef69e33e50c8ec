"""Cross words combat pictures: the part of the unbounded grid that holds letters, for a
terminal (rich Text) and as SVG. Red's letters are upper case in red, green's lower case
in green (so the colours read without colour too); a captured cell is tinted in its
captor's colour (``+`` / ``x`` when empty). A move given to a picture is one the player
to move may make (a hint): its word is drawn where it would be written, in the mover's
letters, its cells underlined (outlined in SVG).

>>> from wordbot.engine.crosswords.game import GAME
>>> state = GAME.new(pages={"red": "An ant ate", "green": "By my ox"}, rules=GAME.rules(
...     ["start_gap=1"]))
>>> print(picture(state).plain.splitlines()[2])
 -1 · b y ·
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from rich.text import Text
from wordbot.engine.crosswords.moves import Write
from wordbot.engine.crosswords.rules import STEP

#: terminal style, light fill (captured cells) and ink of each seat
STYLE = ("bold red", "bold green")
FILL = ("#f4c7c3", "#c8e6c9")
INK = ("#c62828", "#2e7d32")
EMPTY_CAPTURED = ("+", "x")


def written_cells(state, move) -> dict[tuple[int, int], tuple[str, int]]:
    """The cells a write by the player to move covers, each with the letter it would
    hold and its writer (none for a pass)."""
    if not isinstance(move, Write):
        return {}
    dr, dc = STEP[move.direction]
    text = state.word_of(move).text
    return {
        (move.r + j * dr, move.c + j * dc): (ch, state.seat) for j, ch in enumerate(text)
    }


def _bounds(state, extra: dict, margin: int = 1):
    spots = list(state.cells) + list(state.captured) + list(extra)
    rows = [r for r, _ in spots]
    cols = [c for _, c in spots]
    return (min(rows) - margin, max(rows) + margin, min(cols) - margin, max(cols) + margin)


def picture(state, move=None, viewer=None) -> Text:
    """The grid with row numbers on the left and a column ruler on top (every fifth
    column), ``move`` (the player to move's) written in and underlined; below it each
    player's next words (the mover's as the turn being played allows)."""
    marked = written_cells(state, move) if move is not None else {}
    r_lo, r_hi, c_lo, c_hi = _bounds(state, marked)
    out = Text()
    ruler = "".join(f"{c:<2}"[:2] if c % 5 == 0 else "  " for c in range(c_lo, c_hi + 1))
    out.append("    " + ruler.rstrip() + "\n", style="dim")
    for r in range(r_lo, r_hi + 1):
        out.append(f"{r:>3}", style="dim")
        for c in range(c_lo, c_hi + 1):
            out.append(" ")
            held = state.cells.get((r, c)) or marked.get((r, c))
            captor = state.captured.get((r, c))
            if held is None:
                char = EMPTY_CAPTURED[captor] if captor is not None else "·"
                style = STYLE[captor] if captor is not None else "dim"
            else:
                char = held[0] if held[1] == 0 else held[0].lower()
                style = STYLE[held[1]]
                if captor is not None:
                    style = f"{STYLE[captor]} reverse"
            if (r, c) in marked:
                style += " underline"
            out.append(char, style=style)
        out.append("\n")
    if not state.is_over:
        for seat, player in enumerate(state.players):
            turn = state.restriction if seat == state.seat else None
            words = [w.text for w in state.usable(seat, turn)]
            shown = ", ".join(words[:12]) + (
                f" (+{len(words) - 12})" if len(words) > 12 else ""
            )
            out.append(f"{player}'s next words: ", style=STYLE[seat])
            out.append((shown or "none") + "\n")
    return out


def svg(state, move=None, cell: int = 28) -> str:
    """The grid as an SVG picture: letters in their writer's ink, captured cells tinted
    in the captor's colour, ``move`` (the player to move's) written in, its cells
    outlined."""
    marked = written_cells(state, move) if move is not None else {}
    r_lo, r_hi, c_lo, c_hi = _bounds(state, marked)
    width, height = (c_hi - c_lo + 1) * cell, (r_hi - r_lo + 1) * cell
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#fafafa"/>',
    ]
    for r in range(r_lo, r_hi + 1):
        for c in range(c_lo, c_hi + 1):
            x, y = (c - c_lo) * cell, (r - r_lo) * cell
            captor = state.captured.get((r, c))
            held = state.cells.get((r, c)) or marked.get((r, c))
            if captor is None and held is None:
                continue
            fill = FILL[captor] if captor is not None else "#ffffff"
            stroke = "#1565c0" if (r, c) in marked else "#b0bec5"
            title = f"{r},{c}" + (
                f" captured by {state.players[captor]}" if captor is not None else ""
            )
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="{stroke}" stroke-width="'
                f'{3 if (r, c) in marked else 1}"><title>{escape(title)}</title></rect>'
            )
            if held is not None:
                parts.append(
                    f'<text x="{x + cell / 2}" y="{y + cell * 0.7:.1f}" '
                    f'font-size="{cell * 0.6:.0f}" text-anchor="middle" '
                    f'fill="{INK[held[1]]}">{held[0]}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)

"""Board pictures: rich Text for terminals and an SVG (like chess.svg.board).

Tiles are drawn in their colour, blue ones in lowercase as in the move notation. A
``highlight`` is either a set of squares to mark (the last move) or a mapping of squares
to (letter, colour) drawn on top (a proposed move); marked squares are bold and
underlined in the terminal and framed in gold in the SVG.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from rich.text import Text

#: tile colour -> (background, letter) for the terminal and the SVG
STYLES = {
    "black": ("#262626", "#ffffff"),
    "white": ("#f2f2f2", "#000000"),
    "red": ("#c62828", "#ffffff"),
    "green": ("#2e7d32", "#ffffff"),
    "blue": ("#1565c0", "#ffffff"),
}
EMPTY_STYLE = ("#e8e0c8", "#9e9e9e")
HIGHLIGHT = "#ffb300"


def _extent(board, squares: Iterable[tuple[int, int]], margin: int):
    cells = list(board) + list(squares)
    if not cells:
        return 0, 0, 0, 0
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows) - margin, max(rows) + margin, min(cols) - margin, max(cols) + margin


def _overlay(board, highlight) -> dict:
    """A highlight as ``{square: (letter, colour)}``: a set of squares marks the tiles
    already there."""
    if highlight is None:
        return {}
    if isinstance(highlight, dict):
        return highlight
    return {sq: (board[sq].letter, board[sq].colour) for sq in highlight if sq in board}


def _shown(letter: str, colour: str) -> str:
    return letter.lower() if colour == "blue" else letter


def board_text(board, highlight=None, margin: int = 1) -> Text:
    """The board as rich Text: one 3-character cell per square, row numbers at the left,
    column numbers on top; highlighted squares in brackets.

    >>> from wordbot.engine.controlword.board import Board
    >>> from wordbot.engine.controlword.tiles import Tile
    >>> print(board_text(Board({(0, 0): Tile("A", "blue"), (0, 1): Tile("T", "red")}),
    ...                  highlight={(0, 2): ("S", "red")}, margin=0).plain)
         0  1  2
      0  a  T [S]
    """
    overlay = _overlay(board, highlight)
    r0, r1, c0, c1 = _extent(board, overlay, margin)
    text = Text()
    text.append("    " + "".join(f"{c:>3}" for c in range(c0, c1 + 1)) + "\n", style="dim")
    for r in range(r0, r1 + 1):
        text.append(f"{r:>3} ", style="dim")
        for c in range(c0, c1 + 1):
            if (r, c) in overlay:
                letter, colour = overlay[(r, c)]
                bg, fg = STYLES[colour]
                text.append(
                    f"[{_shown(letter, colour)}]", style=f"bold underline {fg} on {bg}"
                )
            elif (r, c) in board:
                tile = board[(r, c)]
                bg, fg = STYLES[tile.colour]
                text.append(
                    f" {_shown(tile.letter, tile.colour)} ", style=f"bold {fg} on {bg}"
                )
            else:
                text.append(" · ", style="grey50")
        if r < r1:
            text.append("\n")
    return text


def rack_text(rack: str, colour: str) -> Text:
    """A rack's tiles in their colours (lowercase letters are blue tiles)."""
    text = Text()
    for ch in rack:
        bg, fg = STYLES["blue" if ch.islower() else colour]
        text.append(f" {ch} ", style=f"bold {fg} on {bg}")
        text.append(" ")
    return text


def board_svg(
    board,
    highlight: dict | None = None,
    size: int = 32,
    margin: int = 1,
    title: str | None = None,
) -> str:
    """The board as an SVG document; ``highlight`` as in :func:`board_text`.

    >>> from wordbot.engine.controlword.board import Board
    >>> from wordbot.engine.controlword.tiles import Tile
    >>> svg = board_svg(Board({(0, 0): Tile("A", "red")}))
    >>> svg.startswith("<svg") and ">A</text>" in svg
    True
    """
    highlight = _overlay(board, highlight)
    r0, r1, c0, c1 = _extent(board, highlight, margin)
    label = size
    width = label + (c1 - c0 + 1) * size
    height = label + (r1 - r0 + 1) * size + (size if title else 0)
    top = size if title else 0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="DejaVu Sans, Arial, sans-serif">'
    ]
    if title:
        out.append(
            f'<text x="{width / 2}" y="{size * 0.7}" text-anchor="middle" '
            f'font-size="{size * 0.5}">{escape(title)}</text>'
        )
    small = size * 0.35
    for c in range(c0, c1 + 1):
        x = label + (c - c0) * size + size / 2
        out.append(
            f'<text x="{x}" y="{top + label * 0.7}" text-anchor="middle" '
            f'font-size="{small}" fill="#666">{c}</text>'
        )
    for r in range(r0, r1 + 1):
        y = top + label + (r - r0) * size
        out.append(
            f'<text x="{label * 0.5}" y="{y + size * 0.62}" text-anchor="middle" '
            f'font-size="{small}" fill="#666">{r}</text>'
        )
        for c in range(c0, c1 + 1):
            x = label + (c - c0) * size
            if (r, c) in highlight:
                letter, colour = highlight[(r, c)]
            elif (r, c) in board:
                letter, colour = board[(r, c)].letter, board[(r, c)].colour
            else:
                letter, colour = "", None
            bg, fg = STYLES[colour] if colour else EMPTY_STYLE
            out.append(
                f'<rect x="{x + 1}" y="{y + 1}" width="{size - 2}" height="{size - 2}" '
                f'rx="3" fill="{bg}"/>'
            )
            if (r, c) in highlight:
                out.append(
                    f'<rect x="{x + 2}" y="{y + 2}" width="{size - 4}" '
                    f'height="{size - 4}" rx="3" fill="none" stroke="{HIGHLIGHT}" '
                    f'stroke-width="3"/>'
                )
            if letter:
                out.append(
                    f'<text x="{x + size / 2}" y="{y + size * 0.7}" '
                    f'text-anchor="middle" font-size="{size * 0.55}" '
                    f'font-weight="bold" fill="{fg}">{escape(letter)}</text>'
                )
    out.append("</svg>")
    return "\n".join(out)


def move_highlight(move) -> dict:
    """The squares a move puts tiles on, as ``{(row, col): (letter, colour)}``."""
    return {(t.row, t.col): (t.letter, t.colour) for t in getattr(move, "tiles", ())}


def picture(state, move=None, viewer: str | None = None) -> Text:
    """The board in colour (``move``'s tiles marked), and the viewer's rack."""
    text = board_text(state.board, move_highlight(move) if move is not None else None)
    rack = state.racks.get(viewer) if viewer is not None else None
    if rack is not None and viewer is not None:
        line = Text(f"\nyour rack ({viewer}): ")
        line.append_text(rack_text(rack, viewer))
        text.append_text(line)
    return text


def svg(state, move=None) -> str:
    """The board as an SVG picture, ``move``'s tiles framed and named in the title."""
    title = f"{state.to_move}: {state.notation(move)}" if move is not None else None
    return board_svg(
        state.board, move_highlight(move) if move is not None else None, title=title
    )


_CODE = {"black": "k", "white": "w", "red": "r", "green": "g", "blue": "b"}


def score_text(state) -> str:
    """The result for people (``wordbot score``): every word with its colours and
    controller, then each player's totals."""
    return evaluation_text(state.evaluate())


def evaluation_text(ev) -> str:
    """An evaluation as a text table: every word with its colours, controller, kind of
    control and points, then each player's totals and the winner."""
    lines = [
        "colours: k black, w white, r red, g green, b blue",
        f"{'word':<16} {'at':<14} {'colours':<16} {'controller':<10} {'control':<10} "
        "points",
    ]
    for w in ev.words:
        r0, c0 = w.word.squares[0]
        colours = "".join(_CODE[c] for c in w.word.colours)
        lines.append(
            f"{w.word.letters:<16} {f'{r0},{c0} {w.word.direction}':<14} "
            f"{colours:<16} {w.controller or '-':<10} {w.control or '-':<10} "
            f"{w.points:>6}"
        )
    lines.append("")
    lines.append(
        f"{'player':<8} {'played':>7} {'words':>7} {'penalty':>8} {'final':>7}  controlled"
    )
    for p in ev.ranking:
        t = ev.totals[p]
        lines.append(
            f"{p:<8} {t.played_points:>7} {t.word_points:>7} {t.penalty_points:>8} "
            f"{t.final:>7}  {t.words_controlled}"
        )
    label = "winner" if len(ev.winners) == 1 else "shared win"
    lines.append(f"{label}: {', '.join(ev.winners)}")
    return "\n".join(lines)

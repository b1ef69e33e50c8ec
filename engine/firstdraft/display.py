"""First Draft pictures: the line of coasters and every player's board, for a terminal
(rich Text) and as SVG. A move is shown by what it changes: the taken coaster is marked,
the mover's rows and pool are drawn as they will be, letters it adds highlighted, rows it
sells or discards struck through.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.firstdraft.game import GAME
>>> from wordbot.engine.firstdraft.state import EXAMPLE
>>> state = GAME.from_json(EXAMPLE, Lexicon.from_words(["SOFT"]))
>>> print(picture(state, state.parse_move("take 3 A=SOFT B=EX pool=A")).plain)
turn 5 · 70 tiles in the bag · 2 coasters in the deck
line  1 ERT (3) ●1   2 A (1) ●1   3 OX (2) ●1   4 DELN (4)   5 GIP (3)
▶ p1  3 coins · 0 discarded · score 3
     A  SFT → SOFT
     B  · → EX
     pool  AE → A
  p2  6 coins · 2 discarded · score 4
     A  QI
     B  BRN
     pool  ·
move  take 3 A=SOFT B=EX pool=A  (pays 2, gains 1, discards 0)
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple
from xml.sax.saxutils import escape

from rich.text import Text
from wordbot.engine.firstdraft.moves import Discard, Draft, Insert, Sell
from wordbot.engine.firstdraft.rules import ROWS

#: a seat's colour (index by seat; players have free names, so colours go by seat)
INK = ("#c62828", "#2e7d32", "#1565c0", "#6a1b9a", "#ef6c00")
STYLE = ("bold red", "bold green", "bold blue", "bold magenta", "bold yellow")
GOLD = "#ffb300"


class Change(NamedTuple):
    """What a move does to the mover: the coaster it takes (line position or None), the
    rows and pool after it, each row's fate (``sold`` / ``discarded`` / None), the
    indexes of the letters it adds to each row, and the coins paid, gained and letters
    discarded by a draft."""

    coaster: int | None
    rows: tuple[str, ...]
    pool: str
    fate: tuple[str | None, ...]
    added: tuple[frozenset[int], ...]
    pays: int = 0
    gains: int = 0
    discards: int = 0


def added_letters(old: str, new: str) -> frozenset[int]:
    """The indexes of ``new`` holding letters not in ``old`` (``old`` matched leftmost
    as a subsequence; every index when it is not one).

    >>> sorted(added_letters("SFT", "SOFTEN"))
    [1, 4, 5]
    """
    out, i = set(), 0
    for j, ch in enumerate(new):
        if i < len(old) and old[i] == ch:
            i += 1
        else:
            out.add(j)
    return frozenset(out) if i == len(old) else frozenset(range(len(new)))


def change(state, move) -> Change:
    """The :class:`Change` a move makes for the player to move (read off the move, not
    applied: a picture of a refused move still shows what was meant)."""
    hand = state.hand
    rows, pool = list(hand.rows), hand.pool
    fate: list[str | None] = [None, None]
    if isinstance(move, (Sell, Discard)):
        fate[move.row] = "sold" if isinstance(move, Sell) else "discarded"
        return Change(None, hand.rows, pool, tuple(fate), (frozenset(), frozenset()))
    if isinstance(move, Insert):
        row = rows[move.row]
        rows[move.row] = row[: move.at] + move.letter + row[move.at :]
        pool = pool.replace(move.letter, "", 1)
        added: list[frozenset[int]] = [frozenset(), frozenset()]
        added[move.row] = frozenset({move.at})
        return Change(None, tuple(rows), pool, (None, None), tuple(added))
    assert isinstance(move, Draft), move
    k = move.coaster
    taken = state.line[k - 1] if k <= len(state.line) else None
    offered = Counter((taken.tiles if taken else "") + hand.pool + "".join(hand.rows))
    dropped = sum((offered - Counter("".join(move.rows) + move.pool)).values())
    drafted = tuple(added_letters(o, n) for o, n in zip(hand.rows, move.rows))
    return Change(
        k,
        tuple(move.rows),
        move.pool,
        (None, None),
        drafted,
        k - 1,
        taken.coins if taken else 0,
        dropped,
    )


def _header(state) -> str:
    if state.is_over:
        return f"game over · winners: {', '.join(state.winners)}"
    return (
        f"turn {state.turn} · {len(state.bag)} tiles in the bag · "
        f"{len(state.deck)} coasters in the deck"
    )


def _row_text(out: Text, letters: str, added=frozenset(), style: str = "") -> None:
    if not letters:
        out.append("·", style="grey50")
    for i, ch in enumerate(letters):
        out.append(ch, style="bold black on yellow" if i in added else style)


def picture(state, move=None, viewer=None) -> Text:
    """The position as rich Text: a header, the line (position, tiles, value, ``●``
    coins), then each player (``▶`` the one to move) with coins, discarded letters,
    score, rows A and B and pool; ``move`` marked (see the module docstring)."""
    ch = change(state, move) if move is not None else None
    out = Text(_header(state) + "\n")
    out.append("line ")
    for k, coaster in enumerate(state.line, start=1):
        style = "bold reverse yellow" if ch and ch.coaster == k else ""
        out.append(f" {k} {coaster.tiles} ({coaster.value})", style=style)
        out.append(f" ●{coaster.coins}" if coaster.coins else "", style="yellow")
        out.append("  ")
    out.rstrip()
    out.append("\n")
    for seat, (player, hand) in enumerate(zip(state.players, state.hands)):
        mover = not state.is_over and player == state.to_move
        out.append("▶ " if mover else "  ")
        out.append(player, style=STYLE[seat % len(STYLE)])
        out.append(
            f"  {hand.coins} coins · {hand.discarded} discarded · score {hand.score}\n"
        )
        shown = ch if mover else None
        for r, row in enumerate(hand.rows):
            out.append(f"     {ROWS[r]}  ")
            fate = shown.fate[r] if shown else None
            _row_text(out, row, style="strike" if fate else "")
            if fate:
                gain = state.rules.pays(len(row)) if fate == "sold" else -len(row)
                out.append(f"  {fate} {gain:+d}", style="bold")
            elif shown and shown.rows[r] != row:
                out.append(" → ")
                _row_text(out, shown.rows[r], shown.added[r])
            out.append("\n")
        out.append("     pool  ")
        _row_text(out, hand.pool)
        if shown and shown.pool != hand.pool:
            out.append(" → ")
            _row_text(out, shown.pool)
        out.append("\n")
    if move is not None:
        out.append(f"move  {state.notation(move)}", style="bold")
        assert ch is not None  # made from the move
        if ch.coaster is not None:
            out.append(f"  (pays {ch.pays}, gains {ch.gains}, discards {ch.discards})")
    out.rstrip()
    return out


# -- SVG ---------------------------------------------------------------------------------
TILE = 26  # a tile's pitch in the SVG, in pixels
PAD = 12


def _tile(
    x: float,
    y: float,
    letter: str,
    fill: str = "#f3e5ab",
    stroke: str = "#8d6e63",
    width: float = 1,
) -> str:
    s = TILE - 3
    return (
        f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="3" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="{x + s / 2}" y="{y + s * 0.72:.1f}" font-size="15" font-weight="bold" '
        f'text-anchor="middle">{escape(letter)}</text>'
    )


def _slot(x: float, y: float) -> str:
    s = TILE - 3
    return (
        f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="3" fill="none" '
        f'stroke="#cfd8dc" stroke-dasharray="3 2"/>'
    )


def _coaster_svg(k: int, coaster, x: float, y: float, taken: bool) -> tuple[str, int]:
    """One coaster card (tiles wrapped 5 a line): its SVG and height."""
    lines = max(1, -(-coaster.value // 5))
    w, h = 5 * TILE + 2 * PAD, 30 + lines * TILE + 8
    coins = f", {coaster.coins} coin{'s' * (coaster.coins != 1)}" if coaster.coins else ""
    parts = [
        f'<g class="coaster" data-position="{k}" data-tiles="{coaster.tiles}">'
        f"<title>coaster {k}: {coaster.tiles} (value {coaster.value}{coins})</title>",
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="#fff" '
        f'stroke="{GOLD if taken else "#90a4ae"}" stroke-width="{4 if taken else 1.5}"/>',
        f'<text x="{x + PAD}" y="{y + 20}" font-size="14">{k} · value {coaster.value}'
        f"</text>",
    ]
    if coaster.coins:
        cx = x + w - PAD - 8
        parts.append(
            f'<circle cx="{cx}" cy="{y + 15}" r="10" fill="#ffd54f" '
            f'stroke="#f57f17"/><text x="{cx}" y="{y + 20}" font-size="12" '
            f'text-anchor="middle">{coaster.coins}</text>'
        )
    for i, letter in enumerate(coaster.tiles):
        parts.append(_tile(x + PAD + (i % 5) * TILE, y + 28 + (i // 5) * TILE, letter))
    parts.append("</g>")
    return "".join(parts), h


def _letters_svg(
    x: float, y: float, letters: str, slots: int, added=frozenset(), struck: bool = False
) -> str:
    parts = [_slot(x + i * TILE, y) for i in range(len(letters), slots)]
    for i, letter in enumerate(letters):
        new = i in added
        parts.append(
            _tile(
                x + i * TILE,
                y,
                letter,
                GOLD if new else "#f3e5ab",
                "#e65100" if new else "#8d6e63",
                2 if new else 1,
            )
        )
    if struck and letters:
        parts.append(
            f'<line x1="{x - 2}" y1="{y + TILE / 2}" x2="{x + len(letters) * TILE}" '
            f'y2="{y + TILE / 2}" stroke="#b71c1c" stroke-width="3"/>'
        )
    return "".join(parts)


def svg(state, move=None) -> str:
    """The position as an SVG picture: the line of coasters (tiles, value, coins) on top,
    then a panel per player (the one to move framed in their colour) with rows A and B
    in slots up to the row limit and the pool; ``move`` marked: the taken coaster framed
    in gold, the mover's rows and pool as they will be, added letters in gold, sold or
    discarded rows struck through. Coasters, rows and pools carry ``<title>`` texts."""
    ch = change(state, move) if move is not None else None
    rules = state.rules
    card_w = 5 * TILE + 2 * PAD
    longest = max([rules.row_limit] + [len(r) for r in (ch.rows if ch else ())])
    width = max(
        2 * PAD + len(state.line) * (card_w + PAD), 2 * PAD + 60 + longest * TILE + 90, 520
    )
    y = PAD
    parts = []
    title = _header(state)
    if move is not None:
        title = f"{state.to_move}: {state.notation(move)}"
    parts.append(
        f'<text x="{PAD}" y="{y + 14}" font-size="15" font-weight="bold">'
        f"{escape(title)}</text>"
    )
    y += 26
    tallest = 0
    for k, coaster in enumerate(state.line, start=1):
        svg, h = _coaster_svg(
            k, coaster, PAD + (k - 1) * (card_w + PAD), y, bool(ch and ch.coaster == k)
        )
        parts.append(svg)
        tallest = max(tallest, h)
    y += tallest + PAD
    for seat, (player, hand) in enumerate(zip(state.players, state.hands)):
        mover = not state.is_over and player == state.to_move
        shown = ch if mover else None
        ink = INK[seat % len(INK)]
        h = 32 + 3 * (TILE + 6) + 6
        parts.append(
            f'<g class="hand" data-player="{escape(player)}">'
            f"<title>{escape(player)}: A={hand.rows[0]} B={hand.rows[1]} "
            f"pool={hand.pool}</title>"
            f'<rect x="{PAD}" y="{y}" width="{width - 2 * PAD}" height="{h}" rx="8" '
            f'fill="#fff" stroke="{ink if mover else "#cfd8dc"}" '
            f'stroke-width="{3 if mover else 1}"/>'
            f'<text x="{PAD * 2}" y="{y + 22}" font-size="15"><tspan fill="{ink}" '
            f'font-weight="bold">{"▶ " if mover else ""}{escape(player)}</tspan>  '
            f"{hand.coins} coins · {hand.discarded} discarded · score {hand.score}"
            f"</text>"
        )
        rows = shown.rows if shown else hand.rows
        lines = [
            (
                ROWS[r],
                rows[r],
                rules.row_limit,
                shown.added[r] if shown else frozenset(),
                shown.fate[r] if shown else None,
            )
            for r in range(2)
        ]
        lines.append(
            (
                "pool",
                shown.pool if shown else hand.pool,
                rules.pool_limit,
                frozenset(),
                None,
            )
        )
        for i, (name, letters, slots, added, fate) in enumerate(lines):
            ry = y + 32 + i * (TILE + 6)
            label = f"{name}={letters}" if name != "pool" else f"pool={letters}"
            parts.append(
                f'<g class="{"pool" if name == "pool" else "row"}" '
                f'data-row="{name}" data-letters="{letters}"><title>{label}</title>'
                f'<text x="{PAD * 2}" y="{ry + 18}" font-size="13" fill="#555">'
                f"{name}</text>"
            )
            parts.append(_letters_svg(PAD * 2 + 50, ry, letters, slots, added, bool(fate)))
            if fate:
                gain = rules.pays(len(letters)) if fate == "sold" else -len(letters)
                parts.append(
                    f'<text x="{PAD * 2 + 60 + max(slots, len(letters)) * TILE}" '
                    f'y="{ry + 18}" font-size="13" fill="#b71c1c">{fate} {gain:+d}'
                    f"</text>"
                )
            parts.append("</g>")
        parts.append("</g>")
        y += h + PAD
    height = y
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        f'<rect width="{width}" height="{height}" fill="#fafafa"/>'
        + "".join(parts)
        + "</svg>"
    )

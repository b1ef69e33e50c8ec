"""The grid of the Cross words combat reference (tests/reference/crosswords.py): whose
letter stands where, neighbours, a word's cells and the enclosures a player holds,
written from docs/rules/crosswords.md like the rest of the reference."""

from __future__ import annotations

PLAYERS = ("red", "green")


def _opponent(player: str) -> str:
    """The other player."""
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def _letters(position: dict) -> dict:
    """{(r, c): (LETTER, writer)} from the position's ``cells``."""
    return {(r, c): (letter, writer) for r, c, letter, writer in position["cells"]}


def _captured(position: dict) -> dict:
    """{(r, c): captor} from the position's ``captured``."""
    return {(r, c): captor for r, c, captor in position["captured"]}


def _belongs(letters: dict, captured: dict, cell) -> str | None:
    """Who a cell belongs to.

    Set-up: "A cell belongs to the player who captured it; a letter not captured belongs
    to the player who wrote it". Empty uncaptured cells belong to nobody (None).
    """
    if cell in captured:
        return captured[cell]
    if cell in letters:
        return letters[cell][1]
    return None


def _neighbours(cell):
    """The four orthogonal neighbours of a cell."""
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def _word_cells(at, direction: str, length: int) -> list[tuple[int, int]]:
    """The consecutive cells of a word written from ``at`` across (c grows) or down (r grows)."""
    r, c = at
    if direction == "across":
        return [(r, c + k) for k in range(length)]
    return [(r + k, c) for k in range(length)]


def enclosures(position: dict, player: str) -> list[list[tuple[int, int]]]:
    """Return the regions the player encloses, from the position's ``cells`` and ``captured``.

    Enclosure combo: "every finite orthogonally connected region of empty, uncaptured cells
    whose orthogonal neighbours outside the region all belong to the player". A region
    whose outside neighbours all belong to the player has no empty uncaptured neighbour, so
    it is a whole connected component of the empty uncaptured cells; we therefore look at
    those components.

    Finiteness, exactly: let B be the bounding box of all cells holding a letter or
    captured, grown by one cell on each side. Every cell on B's border ring and every cell
    outside B is empty and uncaptured, and those cells are all connected to each other and
    are infinitely many. So a component that reaches B's border ring is infinite (never
    counts), and one that does not lies inside the bounding box and is finite. Components
    are found by flood fill inside B.

    Each region is a sorted list of (r, c) tuples; the regions are sorted.
    """
    letters = _letters(position)
    captured = _captured(position)
    occupied = set(letters) | set(captured)  # cells holding a letter or captured
    if not occupied:
        return []
    r0 = min(r for r, _ in occupied) - 1
    r1 = max(r for r, _ in occupied) + 1
    c0 = min(c for _, c in occupied) - 1
    c1 = max(c for _, c in occupied) + 1

    def in_box(cell):
        return r0 <= cell[0] <= r1 and c0 <= cell[1] <= c1

    def on_ring(cell):
        return cell[0] in (r0, r1) or cell[1] in (c0, c1)

    seen = set()
    found = []
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            start = (r, c)
            if start in occupied or start in seen:
                continue
            # flood fill the connected empty uncaptured cells inside B
            component = {start}
            stack = [start]
            while stack:
                cell = stack.pop()
                for n in _neighbours(cell):
                    if in_box(n) and n not in occupied and n not in component:
                        component.add(n)
                        stack.append(n)
            seen |= component
            if any(on_ring(cell) for cell in component):
                continue  # reaches the ring: not finite, never counts
            outside = {n for cell in component for n in _neighbours(cell)} - component
            if all(_belongs(letters, captured, n) == player for n in outside):
                found.append(sorted(component))
    return sorted(found)

"""The geometry of the RouteWords reference (tests/reference/routewords.py): squares,
intersections and their neighbours, and the squares a closed route claims (its winding
number), written from docs/rules/routewords.md like the rest of the reference."""

from __future__ import annotations

SIZE = 5  # "A 5 x 5 grid of squares (r, c), r and c in 0..4"


# -- Geometry: squares and intersections -------------------------------------------------


def _all_squares() -> list[tuple[int, int]]:
    return [(r, c) for r in range(SIZE) for c in range(SIZE)]


def _is_square(sq) -> bool:
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


def _adjacent(a, b) -> bool:
    """8-adjacent: distinct squares whose rows and columns differ by at most 1."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _neighbours(sq) -> list[tuple[int, int]]:
    """The (up to 8) squares 8-adjacent to ``sq``."""
    r, c = sq
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0) and _is_square((r + dr, c + dc))
    ]


def _corners(sq) -> list[tuple[int, int]]:
    """ "square (r, c) has the four corners (r, c), (r, c+1), (r+1, c), (r+1, c+1)"."""
    r, c = sq
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def _squares_at(point) -> list[tuple[int, int]]:
    """ "the (up to 4) squares that have it as a corner"."""
    i, j = point
    return [sq for sq in ((i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j)) if _is_square(sq)]


def _start_coins() -> dict:
    """ "5 on each of the 4 outer corners, 2 on each of the other 16 edge intersections,
    1 on each of the 16 inner ones (68 in all)"."""
    return {
        (i, j): {2: 5, 1: 2, 0: 1}[(i in (0, SIZE)) + (j in (0, SIZE))]  # edges met
        for i in range(SIZE + 1)
        for j in range(SIZE + 1)
    }


# -- Ownership: the closed polygon and its winding number --------------------------------


def _winding_number(point, polygon) -> int:
    """Winding number of the closed polygon (vertices in order, last joined to first)
    around ``point``, exact in integers (x = column, y = row).

    Standard upward/downward crossing count: an edge going up past the point's level with
    the point on its left adds 1, one going down with the point on its right subtracts 1;
    the half-open test (y0 <= py < y1) counts a vertex at the point's level once.
    The point must not lie on an edge; see ``captures`` for why it never does (asserted).
    """
    py, px = point
    wn = 0
    n = len(polygon)
    for k in range(n):
        y0, x0 = polygon[k]
        y1, x1 = polygon[(k + 1) % n]
        cross = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)
        on_segment = (
            cross == 0
            and min(x0, x1) <= px <= max(x0, x1)
            and min(y0, y1) <= py <= max(y0, y1)
        )
        assert not on_segment, "a tested centre lies on an edge of the polygon"
        if y0 <= py < y1 and cross > 0:
            wn += 1
        elif y1 <= py < y0 and cross < 0:
            wn -= 1
    return wn


def captures(path) -> set:
    """Squares enclosed by a closing route, ownership by others not yet applied.

    Ownership: "when a route's last square is 8-adjacent to its first and the route has
    at least 4 squares, it closes a polygon through the square centres (first to last and
    back). Every square not on the route whose centre lies inside it (non-zero winding
    number ...)". Centres are the integer points (r, c). Every edge (the closing one too)
    joins 8-adjacent centres, so it is a unit horizontal, vertical or diagonal segment
    whose only integer points are its two ends, which are squares of the route. A centre
    not on the route is therefore never on an edge ("a centre never lies on an edge"
    holds), and the exact winding number is well defined for it.
    """
    path = [tuple(sq) for sq in path]
    if len(path) < 4 or not _adjacent(path[-1], path[0]):
        return set()
    on_route = set(path)
    return {
        sq for sq in _all_squares() if sq not in on_route and _winding_number(sq, path) != 0
    }

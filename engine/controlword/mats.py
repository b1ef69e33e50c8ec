"""Start mats: four blue words in a ``#`` (two across, two down, each crossing both of the
others, no other adjacency), centred on (0, 0) by the board's convention (board.py).

Six mats are built in, made of common words; ``random_mat`` makes one from any lexicon
with the game's generator.
"""

from __future__ import annotations

from collections import Counter

from wordbot.engine.controlword.board import ACROSS, DOWN, Board, centring_offset
from wordbot.engine.controlword.tiles import BLUE, TILE_COUNTS, Tile, excess
from wordbot.engine.errors import RuleError
from wordbot.engine.rng import Rng

# '.' is an empty square. Each grid is checked by the tests to be a proper '#'.
BUILTIN_MATS: dict[int, tuple[str, ...]] = {
    1: (  # PLANT, COAST across; FLOOR, SONGS down
        "...S.",
        ".F.O.",
        "PLANT",
        ".O.G.",
        "COAST",
        ".R...",
    ),
    2: (  # GARDEN, EARTH across; APPLE, DESERT down
        "....D.",
        "GARDEN",
        ".P..S.",
        ".P..E.",
        ".L..R.",
        ".EARTH",
    ),
    3: (  # SHEEP, TOAST across; WHEAT, PLANE down
        "..W....",
        "..H....",
        "SHEEP..",
        "..A.L..",
        "..TOAST",
        "....N..",
        "....E..",
    ),
    4: (  # FOREST, SNAKE across; GREEN, TIGER down
        "..G...",
        "FOREST",
        "..E..I",
        "..E..G",
        ".SNAKE",
        ".....R",
    ),
    5: (  # CLOUD, GATE across; COAST, PHONE down
        "...P..",
        "...H..",
        ".CLOUD",
        ".O.N..",
        "GATE..",
        ".S....",
        ".T....",
    ),
    6: (  # ROUTE, STAR across; FROST, STORM down
        ".F...",
        ".R.S.",
        "ROUTE",
        ".S.O.",
        "STAR.",
        "...M.",
    ),
}


class MatError(RuleError):
    """A start mat that cannot be made (e.g. a lexicon without four words for a '#')."""


def grid_tiles(grid: tuple[str, ...]) -> dict[tuple[int, int], Tile]:
    """The blue tiles of a text grid, centred on (0, 0)."""
    r0, c0 = centring_offset(len(grid), max(len(row) for row in grid))
    return {
        (r0 + r, c0 + c): Tile(ch, BLUE)
        for r, row in enumerate(grid)
        for c, ch in enumerate(row)
        if ch != "."
    }


def builtin_mat(number: int) -> dict[tuple[int, int], Tile]:
    try:
        return grid_tiles(BUILTIN_MATS[number])
    except KeyError:
        raise MatError(
            f"start_mat: {number!r} is not a mat (1-{len(BUILTIN_MATS)} or random)"
        ) from None


def is_hash_shape(tiles: dict[tuple[int, int], Tile]) -> bool:
    """True when the tiles are exactly four words in a '#': two across, two down, each
    crossing both words of the other direction, every tile in one of them."""
    words = Board(tiles).words()
    across = [w for w in words if w.direction == ACROSS]
    down = [w for w in words if w.direction == DOWN]
    if len(across) != 2 or len(down) != 2:
        return False
    covered = {s for w in words for s in w.squares}
    if covered != set(tiles):
        return False
    crossings = {s for a in across for d in down for s in set(a.squares) & set(d.squares)}
    return len(crossings) == 4


#: Random mats use words of these lengths (all lengths >= 3 when none fit).
_MAT_LENGTHS = range(3, 8)
_POOL = 5000
_SET = Counter(TILE_COUNTS)
_ATTEMPTS = 400


def random_mat(words, rng: Rng) -> dict[tuple[int, int], Tile]:
    """A random '#' of four distinct words of ``words`` (a Lexicon or any iterable of
    uppercase words), drawn with ``rng``; centred on (0, 0)."""
    candidates = [w for w in words if len(w) in _MAT_LENGTHS]
    if len(candidates) < 4:
        candidates = [w for w in words if len(w) >= 3]
    if len(candidates) > _POOL:
        candidates = [candidates[rng.below(len(candidates))] for _ in range(_POOL)]
        candidates = sorted(set(candidates))
    by_letter: dict[str, list[tuple[str, int]]] = {}
    for w in candidates:
        for pos, ch in enumerate(w):
            by_letter.setdefault(ch, []).append((w, pos))

    def pick(items):
        return items[rng.below(len(items))] if items else None

    for _ in range(_ATTEMPTS if candidates else 0):
        a1 = pick(candidates)
        pairs = [(i, j) for i in range(len(a1)) for j in range(i + 2, len(a1))]
        if not pairs:
            continue
        i, j = pick(pairs)
        d1, p = pick([x for x in by_letter[a1[i]] if x[0] != a1]) or (None, 0)
        d2, q = pick([x for x in by_letter[a1[j]] if x[0] not in (a1, d1)]) or (None, 0)
        if d1 is None or d2 is None:
            continue
        gaps = [g for g in range(2, 8) if p + g < len(d1) and q + g < len(d2)]
        g = pick(gaps)
        if g is None:
            continue
        x, y, d = d1[p + g], d2[q + g], j - i
        a2, k = pick(
            [
                (w, k)
                for (w, k) in by_letter.get(x, ())
                if k + d < len(w) and w[k + d] == y and w not in (a1, d1, d2)
            ]
        ) or (None, 0)
        if a2 is None:
            continue
        cells = {}
        for c, ch in enumerate(a1):
            cells[(0, c)] = ch
        for r, ch in enumerate(d1):
            cells[(r - p, i)] = ch
        for r, ch in enumerate(d2):
            cells[(r - q, j)] = ch
        for c, ch in enumerate(a2):
            cells[(g, c - k + i)] = ch
        if excess(Counter(cells.values()), _SET) is not None:
            continue  # the mat's letters come out of the blue bags
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        top, left = min(rows), min(cols)
        r0, c0 = centring_offset(max(rows) - top + 1, max(cols) - left + 1)
        return {
            (r - top + r0, c - left + c0): Tile(ch, BLUE) for (r, c), ch in cells.items()
        }
    raise MatError(
        "start_mat random: the lexicon has no four words that make a '#' start mat "
        "(needs words of 3+ letters that cross)"
    )

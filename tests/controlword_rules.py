"""Independent, direct rule checkers for Control Word plays, and brute-force enumerators.

These are the tests' own reading of docs/rules/ ("Word play", "Replacement play"),
written separately from ``tests.reference.controlword`` and in a different style: they apply
a given play to a copy of the board and then look at the runs through the new tiles. They
decide whether *one* play is legal; ``brute_*`` try every conceivable play on a tiny
position and keep the legal ones, so the reference's *completeness* can be checked too.

Boards are mappings ``(row, col) -> (LETTER, colour)``; plays are iterables of
``(row, col, LETTER)``; racks are strings (lowercase = blue, counts as the letter).
"""

from __future__ import annotations

import itertools
from collections import Counter

ACROSS = (0, 1)
DOWN = (1, 0)


def run_through(letters, square, direction) -> str:
    """The letters of the maximal run through ``square`` (occupied) along ``direction``."""
    dr, dc = direction
    r, c = square
    while (r - dr, c - dc) in letters:
        r, c = r - dr, c - dc
    word = ""
    while (r, c) in letters:
        word += letters[(r, c)]
        r, c = r + dr, c + dc
    return word


def all_runs(letters) -> list[str]:
    """Every maximal run of 2+ tiles on the board, across and down, as words."""
    words = []
    for square in letters:
        for dr, dc in (ACROSS, DOWN):
            if (square[0] - dr, square[1] - dc) not in letters:
                word = run_through(letters, square, (dr, dc))
                if len(word) >= 2:
                    words.append(word)
    return words


def _letters(board):
    return {square: letter for square, (letter, _colour) in board.items()}


def _rack_holds(rack: str, tiles) -> bool:
    return not (Counter(letter for _, _, letter in tiles) - Counter(rack.upper()))


def word_play_problem(board, tiles, lexicon, rack=None, bounds=None) -> str | None:
    """Why ``tiles`` is not a legal word play (a short reason), or None when it is.

    ``rack=None`` skips the rack check (used to grow random boards)."""
    tiles = list(tiles)
    letters = _letters(board)
    squares = [(r, c) for r, c, _ in tiles]
    if not tiles:
        return "no new tile"
    if len(set(squares)) != len(squares):
        return "two tiles on one square"
    if any(sq in letters for sq in squares):
        return "a tile on an occupied square"
    if bounds is not None:
        rmin, rmax, cmin, cmax = bounds
        if not all(rmin <= r <= rmax and cmin <= c <= cmax for r, c in squares):
            return "a tile outside the bounds"
    if rack is not None and not _rack_holds(rack, tiles):
        return "letters not on the rack"
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    if len(rows) > 1 and len(cols) > 1:
        return "not in one line"
    after = dict(letters)
    after.update({(r, c): letter for r, c, letter in tiles})
    # Contiguous once the board tiles between them are counted.
    if len(rows) == 1:
        (r,) = rows
        gap = any((r, c) not in after for c in range(min(cols), max(cols) + 1))
    else:
        (c,) = cols
        gap = any((r, c) not in after for r in range(min(rows), max(rows) + 1))
    if gap:
        return "not contiguous"
    # Connected: a new tile touches a board tile (a board tile inside the main word is
    # next to a new tile along the line, so "using a board tile" is included).
    if not any(
        (r + dr, c + dc) in letters
        for r, c in squares
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
    ):
        return "not connected to the board"
    # Every run through a new tile (the main word and the cross words) of 2+ letters is a
    # word, and at least one such run exists (one-letter runs are not words).
    words = {run_through(after, sq, d) for sq in squares for d in (ACROSS, DOWN)}
    words = {w for w in words if len(w) >= 2}
    if not words:
        return "no word of 2+ letters"
    for word in sorted(words):
        if word not in lexicon:
            return f"{word} is not a word"
    return None


def replacement_problem(board, tiles, rack, colour, limit, lexicon) -> str | None:
    """Why ``tiles`` is not a legal replacement play, or None when it is."""
    tiles = list(tiles)
    squares = [(r, c) for r, c, _ in tiles]
    if not tiles:
        return "no tile"
    if not rack:
        return "empty rack"
    if len(tiles) > limit:
        return "more tiles than the limit"
    if len(set(squares)) != len(squares):
        return "two tiles on one square"
    for sq in squares:
        if sq not in board:
            return f"no board tile at {sq}"
        if board[sq][1] == colour:
            return f"{sq} is the player's own colour"
    if not _rack_holds(rack, tiles):
        return "letters not on the rack"
    after = _letters(board)
    after.update({(r, c): letter for r, c, letter in tiles})
    for sq in squares:
        for d in (ACROSS, DOWN):
            word = run_through(after, sq, d)
            if len(word) >= 2 and word not in lexicon:
                return f"{word} is not a word"
    return None


def _assignments(rack: str, k: int):
    """Every distinct sequence of k letters drawn from the rack (as a multiset)."""
    return set(itertools.permutations(rack.upper(), k))


def brute_word_plays(board, rack, lexicon, bounds=None) -> set[frozenset]:
    """Every legal word play, by trying every set of empty squares in one line within the
    board's bounding box grown by the rack size, with every arrangement of rack letters.

    Exponential: only for boards of a few tiles and racks of up to 3 or 4 letters."""
    letters = _letters(board)
    if not letters or not rack:
        return set()
    n = len(rack)
    rows = [r for r, _ in letters]
    cols = [c for _, c in letters]
    row_range = range(min(rows) - n, max(rows) + n + 1)
    col_range = range(min(cols) - n, max(cols) + n + 1)
    lines = [[(r, c) for c in col_range] for r in row_range]
    lines += [[(r, c) for r in row_range] for c in col_range]
    plays = set()
    for line in lines:
        empty = [sq for sq in line if sq not in letters]
        for k in range(1, n + 1):
            for squares in itertools.combinations(empty, k):
                for word in _assignments(rack, k):
                    tiles = [(r, c, letter) for (r, c), letter in zip(squares, word)]
                    if word_play_problem(board, tiles, lexicon, rack, bounds) is None:
                        plays.add(frozenset(tiles))
    return plays


def brute_replacement_plays(board, rack, colour, limit, lexicon) -> set[frozenset]:
    """Every legal replacement play, by trying every set of up to ``limit`` board squares
    with every arrangement of rack letters. Exponential: tiny positions only."""
    plays = set()
    squares = sorted(board)
    for k in range(1, min(limit, len(rack)) + 1):
        for chosen in itertools.combinations(squares, k):
            for word in _assignments(rack, k):
                tiles = [(r, c, letter) for (r, c), letter in zip(chosen, word)]
                if replacement_problem(board, tiles, rack, colour, limit, lexicon) is None:
                    plays.add(frozenset(tiles))
    return plays


def control(colours) -> tuple[str | None, str | None]:
    """(controller, "majority" | "plurality") of a word's tile colours, or (None, None),
    read straight off docs/rules/: the colour with strictly the most tiles
    controls the word, unless it is blue; a tie for the most controls nothing; at least
    half the tiles is a majority."""
    colours = list(colours)
    counts = Counter(colours)
    most = max(counts.values())
    leaders = [c for c, n in counts.items() if n == most]
    if len(leaders) > 1 or leaders[0] == "blue":
        return None, None
    return leaders[0], "majority" if 2 * most >= len(colours) else "plurality"

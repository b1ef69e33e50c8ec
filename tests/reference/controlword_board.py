"""The reference's ground (see tests/reference/controlword.py, whose public functions
read it): squares, directions and plays, the checks of its inputs, the index of a
lexicon's words that narrows the candidates, and the runs (maximal lines of 2+ tiles) of
a board. Standard library only, like the reference."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

Square = tuple[int, int]
Play = frozenset[tuple[int, int, str]]

ACROSS = (0, 1)
DOWN = (1, 0)
DIRECTIONS = (ACROSS, DOWN)
COLOURS = frozenset({"black", "white", "red", "green", "blue"})
WILDCARD = "."


# ---------------------------------------------------------------------------------------
# Input checking
# ---------------------------------------------------------------------------------------


def _board_letters(board: Mapping) -> dict[Square, str]:
    """``(row, col) -> LETTER`` from the board, with a clear error on a malformed entry."""
    if not isinstance(board, Mapping):
        raise ValueError(
            f"board: expected a mapping (row, col) -> (LETTER, colour), got {type(board).__name__}"
        )
    letters = {}
    for square, tile in board.items():
        if (
            not isinstance(square, tuple)
            or len(square) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in square)
        ):
            raise ValueError(
                f"board: square {square!r} is not a (row, col) pair of integers"
            )
        if not isinstance(tile, tuple) or len(tile) != 2:
            raise ValueError(f"board: tile at {square} is {tile!r}, not (LETTER, colour)")
        letter, colour = tile
        if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "Z"):
            raise ValueError(
                f"board: tile at {square} has letter {letter!r}, not one of A-Z"
            )
        if colour not in COLOURS:
            raise ValueError(
                f"board: tile at {square} has colour {colour!r}, not one of {', '.join(sorted(COLOURS))}"
            )
        letters[square] = letter
    return letters


def _rack_count(rack: str) -> Counter:
    """The rack as a multiset of uppercase letters (blue lowercase tiles count as letters)."""
    if not isinstance(rack, str):
        raise ValueError(f"rack: expected a string of letters, got {type(rack).__name__}")
    for ch in rack:
        if not ("A" <= ch <= "Z" or "a" <= ch <= "z"):
            raise ValueError(f"rack: {ch!r} in {rack!r} is not a letter A-Z or a-z")
    return Counter(rack.upper())


def _check_bounds(bounds):
    if bounds is None:
        return None
    if (
        not isinstance(bounds, (tuple, list))
        or len(bounds) != 4
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in bounds)
    ):
        raise ValueError(
            f"bounds: {bounds!r} is not None or (row_min, row_max, col_min, col_max)"
        )
    return tuple(bounds)


def _in_bounds(square: Square, bounds) -> bool:
    if bounds is None:
        return True
    row_min, row_max, col_min, col_max = bounds
    return row_min <= square[0] <= row_max and col_min <= square[1] <= col_max


# ---------------------------------------------------------------------------------------
# Lexicon index: only ever narrows the candidate words, never decides legality by itself
# ---------------------------------------------------------------------------------------


class _LexiconIndex:
    """The lexicon's words (2+ letters) with three look-ups:

    - ``words``: membership;
    - ``by_slot[(length, position, letter)]``: the words of that length with that letter at
      that position (``by_length[length]``: all words of that length);
    - ``by_letters[sorted letters]``: the words that are anagrams of those letters.
    """

    def __init__(self, lexicon: Iterable[str]):
        words = set()
        for word in lexicon:
            if not isinstance(word, str):
                raise ValueError(f"lexicon: {word!r} is not a string")
            if len(word) >= 2:
                words.add(word)
        self.words = frozenset(words)
        by_length: dict[int, list[str]] = {}
        by_slot: dict[tuple[int, int, str], list[str]] = {}
        by_letters: dict[str, list[str]] = {}
        for word in sorted(words):
            by_length.setdefault(len(word), []).append(word)
            for position, letter in enumerate(word):
                by_slot.setdefault((len(word), position, letter), []).append(word)
            by_letters.setdefault("".join(sorted(word)), []).append(word)
        self.by_length = by_length
        self.by_slot = by_slot
        self.by_letters = by_letters

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def matching(self, pattern: str) -> Iterator[str]:
        """The words that match ``pattern`` (``.`` = any letter, other = that letter)."""
        fixed = [(i, ch) for i, ch in enumerate(pattern) if ch != WILDCARD]
        if not fixed:
            yield from self.by_length.get(len(pattern), ())
            return
        # Start from the shortest list among the fixed letters, then check every letter.
        shortest = min(
            (self.by_slot.get((len(pattern), i, ch), ()) for i, ch in fixed), key=len
        )
        for word in shortest:
            if all(word[i] == ch for i, ch in fixed):
                yield word

    def any_matching(self, pattern: str) -> bool:
        """True when some word matches ``pattern``."""
        return next(self.matching(pattern), None) is not None


# Indexes of lexicons that cannot change (Lexicon objects, frozensets), by identity. The
# cache holds the lexicon itself so that its id cannot be reused by another object.
_INDEX_CACHE: dict[int, tuple[object, _LexiconIndex]] = {}
_INDEX_CACHE_SIZE = 8


def _index_for(lexicon) -> _LexiconIndex:
    # wordbot.dictionaries.Lexicon is recognised by name: this module imports nothing
    # outside the standard library.
    immutable = isinstance(lexicon, frozenset) or (
        type(lexicon).__name__ == "Lexicon" and hasattr(lexicon, "digest")
    )
    if not immutable:
        return _LexiconIndex(lexicon)
    cached = _INDEX_CACHE.get(id(lexicon))
    if cached is not None and cached[0] is lexicon:
        return cached[1]
    index = _LexiconIndex(lexicon)
    if len(_INDEX_CACHE) >= _INDEX_CACHE_SIZE:
        _INDEX_CACHE.pop(next(iter(_INDEX_CACHE)))
    _INDEX_CACHE[id(lexicon)] = (lexicon, index)
    return index


# ---------------------------------------------------------------------------------------
# Runs (maximal lines of 2+ tiles)
# ---------------------------------------------------------------------------------------


def _step(square: Square, direction, k: int = 1) -> Square:
    return (square[0] + k * direction[0], square[1] + k * direction[1])


def _perpendicular(direction):
    return DOWN if direction == ACROSS else ACROSS


def _run_squares(occupied, square: Square, direction) -> list[Square]:
    """The maximal run of occupied squares along ``direction`` through ``square``
    (``square`` itself counts as occupied)."""
    first = square
    while _step(first, direction, -1) in occupied:
        first = _step(first, direction, -1)
    run = [first]
    while _step(run[-1], direction) in occupied or _step(run[-1], direction) == square:
        run.append(_step(run[-1], direction))
    return run


def _runs_of(letters: Mapping[Square, str]) -> list[tuple[Square, ...]]:
    """Every word position on the board: every maximal run of 2+ tiles, across and down."""
    runs = []
    for direction in DIRECTIONS:
        for square in sorted(letters):
            starts_run = _step(square, direction, -1) not in letters
            if starts_run and _step(square, direction) in letters:
                runs.append(tuple(_run_squares(letters, square, direction)))
    return runs

"""The slow, obviously-correct reference move enumerator for Control Word.

This module is the *test oracle* for the fast move generator. It is written from the rules
(docs/rules/controlword.md, "Word play" and "Replacement play") and nothing else, in plain
Python with the standard library only, and favours checks that read like the rules over
speed. Never call it on a hot path: players and the engine use ``wordbot.movegen``.

Public API::

    word_plays(board, rack, lexicon, bounds=None)                -> set[frozenset[(row, col, LETTER)]]
    replacement_plays(board, rack, colour, limit, lexicon)       -> set[frozenset[(row, col, LETTER)]]

Inputs
------
``board``
    a mapping ``(row, col) -> (LETTER, colour)``; rows grow downward, columns rightward,
    coordinates may be negative; colours are ``black white red green blue``.
``rack``
    a string of letters, uppercase = the player's colour, lowercase = blue tiles (as the
    racks of docs/formats/controlword.md). Colour does not matter for which plays exist:
    ``"Ee"`` is two E.
``lexicon``
    anything that iterates over its (uppercase) words: a ``Lexicon``, a set, a list...
    The words are read once by iteration; words of fewer than 2 letters are ignored
    (one-letter runs are never words). ``Lexicon`` and ``frozenset`` lexicons are indexed
    once and the index is kept (they cannot change); other containers are re-read on
    every call.
``bounds``
    ``None`` for the unbounded table, or ``(row_min, row_max, col_min, col_max)``
    inclusive: squares outside may not receive tiles.

A play is a ``frozenset`` of ``(row, col, LETTER)``: the squares the play puts tiles on,
letters uppercase. Results are sets, so a play found twice (a one-tile play seen across
and down) is listed once.

How the enumeration works (brute force over lexicon patterns)
------------------------------------------------------------
Word plays. Every word play has a main word: the maximal run along its line, at least two
letters long (a one-tile play has a run of 2+ letters in at least one direction; that
direction is its line). So for each direction, each line near the board and each *window*
(a stretch of consecutive squares on that line) we test the window against the rules that
do not depend on the letters - at least one empty square, the squares just before and
after the window empty, empty squares inside the bounds, connection to the board - and
then every lexicon word of the window's length that agrees with the board letters in the
window, draws its other letters from the rack and makes a lexicon word (or a lone letter)
across every new tile. The words tried for a window come from an index (words by length,
position and letter; and words by sorted letters), which only narrows the candidates:
each candidate is still checked letter by letter.

Replacement plays. A replacement play changes the letters of some squares (``changed``)
and may put same-letter tiles on others (``recoloured``); only ``changed`` squares alter
any word. So we first list every set of letter changes (up to L squares, letters from the
rack) after which every word through a changed square is a lexicon word, by a depth-first
search over (square, letter) candidates in a fixed order that gives up on a branch as soon
as some word it touches cannot become a lexicon word any more. Then, for each such set,
any same-letter squares whose words are all lexicon words afterwards may be added, within
L and the rack.

Complexity and measured cost (CPU time on the project's 2-core machine; reproduce with
``benchmarks/reference_timing.py``):

- word plays: about (lines near the board) x (windows per line, bounded by the rack size)
  x (candidate words per window). Candidates per window are the words with the window's
  board letters in place, or the anagrams of the board letters plus rack sub-multisets,
  whichever list is shorter. Seeded random positions (tests.controlword_positions, boards of 16 tiles
  on average, up to 40; racks of 1-9; a 2,500-word lexicon): 14 ms mean, 120 ms at most.
  With the full 242,821-word default list: about 0.15 s per position.
- replacement plays: the search visits each partial set of letter changes that can still
  complete; each visit matches a pattern per changed word (memoised). Same positions, L
  1-5: 14 ms mean, 2 ms median, 0.8 s at most. The output itself can be huge, and the cost
  follows it (roughly 30-80 us per play): with a 9-tile rack and L = 5 every choice of up
  to 5 replaceable squares whose letters are on the rack (within its tile counts) is a
  play, and single-letter
  substitutions combine freely, so a 40-tile board can have 10^5 - 10^6 replacement plays
  (seconds to tens of seconds, and hundreds of MB for the result set).
- the lexicon index reads every word once: a few ms for a few thousand words, about 2 s
  and 50 MB for the full default list (kept for ``Lexicon`` and ``frozenset`` lexicons).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping

from tests.reference.controlword_board import (  # squares, inputs, lexicon index, runs
    ACROSS,
    COLOURS,
    DIRECTIONS,
    WILDCARD,
    Play,
    Square,
    _board_letters,
    _check_bounds,
    _in_bounds,
    _index_for,
    _LexiconIndex,
    _perpendicular,
    _rack_count,
    _run_squares,
    _step,
)
from tests.reference.controlword_replacements import _ReplacementSearch

__all__ = ["REFERENCE", "ReferenceGenerator", "word_plays", "replacement_plays"]

# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def word_plays(board: Mapping, rack: str, lexicon: Iterable[str], bounds=None) -> set[Play]:
    """Every distinct legal word play of ``rack`` on ``board``.

    The rules (docs/rules/controlword.md, "Word play"): tiles from the rack placed in one line (one row or
    one column), contiguous once the board tiles between them are counted, at least one
    new tile, on empty squares, connected to the existing board (touching orthogonally or
    using a board tile). The main word (the maximal run along the line) and every cross
    word formed by a new tile (the maximal perpendicular run through it, length >= 2) must
    be lexicon words. One-letter runs are not words. An empty board has no word plays.

    >>> board = {(0, 0): ("C", "blue"), (0, 1): ("A", "blue"), (0, 2): ("T", "blue")}
    >>> sorted(sorted(p) for p in word_plays(board, "S", {"CAT", "CATS"}))
    [[(0, 3, 'S')]]
    """
    letters = _board_letters(board)
    rack_count = _rack_count(rack)
    bounds = _check_bounds(bounds)
    if not letters or not rack_count:
        return set()
    index = _index_for(lexicon)
    plays: set[Play] = set()
    for direction in DIRECTIONS:
        plays |= _WordPlaySearch(letters, rack_count, index, bounds, direction).plays()
    return plays


def replacement_plays(
    board: Mapping, rack: str, colour: str, limit: int, lexicon: Iterable[str]
) -> set[Play]:
    """Every distinct legal replacement play of ``rack`` for the player of ``colour``.

    The rules (docs/rules/controlword.md, "Replacement play"): with tiles on the rack, put 1 to ``limit``
    rack tiles on top of board tiles that are not the player's colour (other players' or
    blue). The new tile may carry the same letter or a different one. After the whole
    action every word (maximal run of 2+ tiles, across and down) that runs through a
    changed square must be a lexicon word; a crossing square checks both words. Several
    squares of one word may change together. Each square at most once; the letters used
    come from the rack (tile counts matter, ``E`` and ``e`` are both E).

    A tile that is in no word (an isolated tile) has no word to check, so any rack letter
    may go on it.

    >>> board = {(0, 0): ("A", "blue"), (0, 1): ("T", "red")}
    >>> sorted(sorted(p) for p in replacement_plays(board, "IA", "red", 1, {"AT", "IT"}))
    [[(0, 0, 'A')], [(0, 0, 'I')]]
    """
    letters = _board_letters(board)
    rack_count = _rack_count(rack)
    if colour not in COLOURS:
        raise ValueError(f"colour: {colour!r} is not one of {', '.join(sorted(COLOURS))}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit: {limit!r} is not an integer >= 0")
    if not rack_count or limit == 0:
        return set()
    index = _index_for(lexicon)
    search = _ReplacementSearch(board, letters, rack_count, colour, limit, index)
    return search.all_plays()


# ---------------------------------------------------------------------------------------
# Word plays
# ---------------------------------------------------------------------------------------


class _WordPlaySearch:
    """The word plays of one position whose main word (2+ letters) runs along one
    direction; see ``word_plays``."""

    def __init__(self, letters, rack_count, index, bounds, direction):
        self.letters = letters
        self.rack_count = rack_count
        self.rack_size = sum(rack_count.values())
        self.index = index
        self.bounds = bounds
        self.direction = direction
        self.cross = _perpendicular(direction)
        # Empty squares orthogonally next to a board tile: a new tile there touches it.
        self.touching = {
            _step(sq, d, k) for sq in letters for d in DIRECTIONS for k in (-1, 1)
        } - set(letters)
        self._cross_memo: dict[tuple[Square, str], bool] = {}
        # Sub-multisets of the rack by size, as sorted strings (for the anagram look-up).
        rack_letters = "".join(sorted(rack_count.elements()))
        self.sub_racks = {
            size: {"".join(c) for c in itertools.combinations(rack_letters, size)}
            for size in range(1, self.rack_size + 1)
        }

    def square_at(self, line: int, pos: int) -> Square:
        return (line, pos) if self.direction == ACROSS else (pos, line)

    def plays(self) -> set[Play]:
        """Try every window (run of consecutive squares, 2+ long) on every line that could
        hold a connected play.

        A connected play has a square on a line holding a tile or next to one, at a position
        along the line between the first and last board tile (a new tile touches a board
        tile beside it or in a neighbouring line; the squares just outside the window are
        empty). Between that square and either end of the window, every square beyond the
        board's first or last position is empty, so a window reaches at most rack_size
        squares beyond them.
        """
        across = self.direction == ACROSS
        lines_of_tiles = {sq[0] if across else sq[1] for sq in self.letters}
        positions = [sq[1] if across else sq[0] for sq in self.letters]
        first_pos, last_pos = min(positions), max(positions)
        lines = sorted({line + d for line in lines_of_tiles for d in (-1, 0, 1)})
        plays: set[Play] = set()
        for line in lines:
            for start in range(first_pos - self.rack_size, last_pos + 1):
                window: list[Square] = []
                empties = 0
                for pos in itertools.count(start):
                    square = self.square_at(line, pos)
                    window.append(square)
                    empties += square not in self.letters
                    if empties > self.rack_size:
                        break  # more new tiles than the rack holds, and it only grows
                    if len(window) >= 2:  # one-letter runs are not words
                        plays.update(self.plays_in_window(window))
        return plays

    def cross_word_ok(self, square: Square, letter: str) -> bool:
        """The cross word through a new tile is a lone letter or a lexicon word."""
        key = (square, letter)
        if key not in self._cross_memo:
            run = _run_squares(self.letters, square, self.cross)
            word = "".join(letter if sq == square else self.letters[sq] for sq in run)
            self._cross_memo[key] = len(word) < 2 or word in self.index
        return self._cross_memo[key]

    def plays_in_window(self, window: list[Square]) -> list[Play]:
        """The plays whose main word occupies exactly the squares of ``window``."""
        letters = self.letters
        # Rule: the main word is the maximal run, so the squares just outside are empty.
        if (
            _step(window[0], self.direction, -1) in letters
            or _step(window[-1], self.direction) in letters
        ):
            return []
        new_squares = [sq for sq in window if sq not in letters]
        # Rule: at least one new tile.
        if not new_squares:
            return []
        # Rule: connected to the board: uses a board tile, or a new tile touches one.
        uses_board_tile = len(new_squares) < len(window)
        if not (uses_board_tile or any(sq in self.touching for sq in new_squares)):
            return []
        # Rule: new tiles only inside the bounds.
        if not all(_in_bounds(sq, self.bounds) for sq in new_squares):
            return []
        # A quick necessary condition: each new square can hold some rack letter.
        for sq in new_squares:
            if not any(self.cross_word_ok(sq, letter) for letter in self.rack_count):
                return []

        pattern = "".join(letters.get(sq, WILDCARD) for sq in window)
        plays = []
        for word in _candidate_words(pattern, len(new_squares), self.index, self.sub_racks):
            # Rule: the main word is a lexicon word that agrees with every board tile.
            if word not in self.index or any(
                letters[sq] != word[i] for i, sq in enumerate(window) if sq in letters
            ):
                continue
            tiles = [(sq, word[i]) for i, sq in enumerate(window) if sq not in letters]
            # Rule: the new tiles come from the rack (tile counts matter).
            if Counter(letter for _, letter in tiles) - self.rack_count:
                continue
            # Rule: every cross word formed by a new tile is a lexicon word.
            if not all(self.cross_word_ok(sq, letter) for sq, letter in tiles):
                continue
            plays.append(frozenset((sq[0], sq[1], letter) for sq, letter in tiles))
        return plays


def _candidate_words(
    pattern: str, n_new: int, index: _LexiconIndex, sub_racks
) -> Iterable[str]:
    """Words that may fit ``pattern`` (a superset of the legal ones; checked by the caller).

    Either the words with the pattern's board letters in place, or the anagrams of the
    board letters plus ``n_new`` rack letters; whichever list is cheaper.
    """
    fixed = [ch for ch in pattern if ch != WILDCARD]
    racks = sub_racks.get(n_new, ())
    if fixed:
        slot_lists = [
            index.by_slot.get((len(pattern), i, ch), ())
            for i, ch in enumerate(pattern)
            if ch != WILDCARD
        ]
        by_slot = min(slot_lists, key=len)
        if len(by_slot) <= len(racks):
            return by_slot
    else:
        if len(index.by_length.get(len(pattern), ())) <= len(racks):
            return index.by_length.get(len(pattern), ())
    words: list[str] = []
    for sub_rack in racks:
        words.extend(index.by_letters.get("".join(sorted(sub_rack + "".join(fixed))), ()))
    return words


class ReferenceGenerator:
    """This enumerator as a generator for ``state.legal_moves(generator=...)``: the plays
    of the player to move as engine moves (coloured as the compiled generator's are, own
    tiles first), sorted by their tiles. Slow: for the tests that check the compiled
    generator. ``replacement_cap`` lowers the replacement limit (every play of up to that
    many tiles is still legal under any higher limit)."""

    def __init__(self, replacement_cap: int | None = None):
        self.replacement_cap = replacement_cap

    def legal_moves(self, state):
        """The state's legal moves with this enumerator's plays."""
        return state.moves_from(self)

    def word_plays(self, state) -> list:
        from wordbot.engine.controlword.adapter import coloured_sets
        from wordbot.engine.controlword.moves import WordPlay

        rack = state.racks[state.to_move]
        plays = word_plays(state.board, rack, state.lexicon, state.board.bounds)
        return sorted(coloured_sets(state, list(plays), WordPlay), key=lambda m: m.tiles)

    def replacement_plays(self, state) -> list:
        from wordbot.engine.controlword.adapter import coloured_sets
        from wordbot.engine.controlword.moves import Replacement

        limit = state.replacement_limit
        if self.replacement_cap is not None:
            limit = min(limit, self.replacement_cap)
        rack = state.racks[state.to_move]
        plays = replacement_plays(state.board, rack, state.to_move, limit, state.lexicon)
        return sorted(coloured_sets(state, list(plays), Replacement), key=lambda m: m.tiles)


#: The reference as a generator (``state.legal_moves(generator=REFERENCE)``).
REFERENCE = ReferenceGenerator()

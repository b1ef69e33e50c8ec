"""The reference's replacement-play search (see :func:`tests.reference.controlword.
replacement_plays`, its public entry point and its description): every set of
letter changes after which each word through a changed square is a lexicon word, then
the same-letter squares that may be added to it."""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Iterator, Mapping

from tests.reference.controlword_board import WILDCARD, Play, Square, _runs_of


class _ReplacementSearch:
    """All replacement plays of one position; see ``replacement_plays``.

    A play puts tiles on a set of squares. On ``changed`` squares the letter differs from
    the board's, on ``recoloured`` squares it is the same letter (only the colour changes).
    The board's words after the play depend on ``changed`` alone.
    """

    def __init__(self, board, letters, rack_count, colour, limit, index):
        self.letters = letters
        self.rack_count = rack_count
        self.limit = limit
        self.index = index
        # Rule: only tiles that are not the player's colour may be replaced.
        self.replaceable = sorted(sq for sq, (_, c) in board.items() if c != colour)
        self.replaceable_set = set(self.replaceable)
        self._pattern_memo: dict[str, bool] = {}
        self.runs = _runs_of(letters)
        self.runs_through: dict[Square, list[int]] = {sq: [] for sq in letters}
        for r, run in enumerate(self.runs):
            for sq in run:
                self.runs_through[sq].append(r)

    # -- words after a set of letter changes ---------------------------------------------

    def may_be_word(self, pattern: str) -> bool:
        """Some lexicon word matches ``pattern`` (memoised: patterns repeat a lot)."""
        known = self._pattern_memo.get(pattern)
        if known is None:
            known = self._pattern_memo[pattern] = self.index.any_matching(pattern)
        return known

    def word_after(self, run: int, changed: Mapping[Square, str]) -> str:
        return "".join(changed.get(sq, self.letters[sq]) for sq in self.runs[run])

    # -- step 1: sets of letter changes ------------------------------------------------

    def change_candidates(self) -> list[tuple[Square, str]]:
        """(square, letter) pairs that might be part of a set of letter changes: a
        replaceable square, a rack letter other than the board's, and for every word
        through the square a lexicon word with that letter there that keeps the letters
        of the squares that cannot change."""
        candidates = []
        for sq in self.replaceable:
            for letter in sorted(self.rack_count):
                if letter == self.letters[sq]:
                    continue
                possible = True
                for r in self.runs_through[sq]:
                    pattern = "".join(
                        letter
                        if s == sq
                        else (WILDCARD if s in self.replaceable_set else self.letters[s])
                        for s in self.runs[r]
                    )
                    if not self.may_be_word(pattern):
                        possible = False
                        break
                if possible:
                    candidates.append((sq, letter))
        return candidates

    def letter_change_sets(self) -> list[dict[Square, str]]:
        """Every set of letter changes (0 to L squares, letters from the rack) after which
        every word through a changed square is a lexicon word; the empty set included.

        Depth-first over the candidates in order (sorted by square). In a branch whose
        last chosen candidate is on square q, the candidate squares after q may still
        change (a wildcard in the word patterns) while every other square keeps its letter
        for good; a branch stops as soon as a word it changes matches no lexicon word.
        A set is kept when every word through a changed square reads a lexicon word.
        """
        candidates = self.change_candidates()
        candidate_squares = sorted({sq for sq, _ in candidates})
        open_after = {}  # square -> the candidate squares after it (may still change)
        for i, sq in enumerate(candidate_squares):
            open_after[sq] = frozenset(candidate_squares[i + 1 :])
        found: list[dict[Square, str]] = [{}]

        def may_become_word(run: int, changed: dict[Square, str], last: Square) -> bool:
            pattern = "".join(
                changed[s]
                if s in changed
                else WILDCARD
                if s in open_after[last]
                else self.letters[s]
                for s in self.runs[run]
            )
            return self.may_be_word(pattern)

        def extend(
            first: int, changed: dict[Square, str], touched: frozenset, last, left: Counter
        ) -> None:
            """Add candidates from index ``first`` on to ``changed`` (whose last square is
            ``last``; ``touched``: the words through its squares)."""
            if len(changed) == self.limit:
                return
            for i in range(first, len(candidates)):
                sq, letter = candidates[i]
                if sq in changed or left[letter] == 0:
                    continue  # each square at most once; letters from the rack
                changed[sq] = letter
                left[letter] -= 1
                # Only these patterns differ from the parent branch's (which all matched):
                # the words through sq, and the touched words through the candidate
                # squares passed over between ``last`` and sq (now fixed for good).
                lo = 0 if last is None else bisect.bisect_right(candidate_squares, last)
                hi = bisect.bisect_left(candidate_squares, sq)
                passed = candidate_squares[lo:hi]
                recheck = set(self.runs_through[sq])
                recheck.update(
                    r for s in passed for r in self.runs_through[s] if r in touched
                )
                if all(may_become_word(r, changed, sq) for r in recheck):
                    now_touched = touched | set(self.runs_through[sq])
                    if all(self.word_after(r, changed) in self.index for r in now_touched):
                        found.append(dict(changed))
                    extend(i + 1, changed, now_touched, sq, left)
                del changed[sq]
                left[letter] += 1

        extend(0, {}, frozenset(), None, Counter(self.rack_count))
        return found

    # -- step 2: add same-letter squares -----------------------------------------------

    def all_plays(self) -> set[Play]:
        plays: set[Play] = set()
        # Which words on the board are lexicon words as they stand (before any change).
        word_now = [self.word_after(r, {}) in self.index for r in range(len(self.runs))]
        tiles_made: dict[tuple[Square, str], tuple[int, int, str]] = {}

        def tile(sq: Square, letter: str) -> tuple[int, int, str]:
            # One tuple per (square, letter), shared by every play that holds it: large
            # move sets take much less memory.
            return tiles_made.setdefault((sq, letter), (sq[0], sq[1], letter))

        for changed in self.letter_change_sets():
            left = self.rack_count - Counter(changed.values())
            budget = self.limit - len(changed)
            # After the changes every word through a changed square is a lexicon word (that
            # is what letter_change_sets returns) and every other word reads as it does
            # now. Same-letter squares: replaceable, not changed, a rack tile of that
            # letter is left, and every word through the square is a lexicon word after
            # the changes: a changed word, or a word that is a lexicon word now.
            touched = {r for sq in changed for r in self.runs_through[sq]}
            by_letter: dict[str, list[Square]] = {}
            for sq in self.replaceable:
                letter = self.letters[sq]
                if (
                    sq not in changed
                    and left[letter] > 0
                    and all(r in touched or word_now[r] for r in self.runs_through[sq])
                ):
                    by_letter.setdefault(letter, []).append(sq)
            base = [tile(sq, letter) for sq, letter in changed.items()]
            for recoloured in _choices_by_letter(sorted(by_letter.items()), left, budget):
                tiles = base + [tile(sq, self.letters[sq]) for sq in recoloured]
                if tiles:  # the empty set is not a play
                    plays.add(frozenset(tiles))
        return plays


def _choices_by_letter(groups, left: Counter, budget: int) -> Iterator[list[Square]]:
    """Every choice of squares from ``groups`` ([(letter, squares)]) taking at most
    ``left[letter]`` squares of each letter and at most ``budget`` squares in all."""
    if not groups:
        yield []
        return
    (letter, squares), rest = groups[0], groups[1:]
    for k in range(0, min(len(squares), left[letter], budget) + 1):
        for chosen in itertools.combinations(squares, k):
            for more in _choices_by_letter(rest, left, budget - k):
                yield list(chosen) + more

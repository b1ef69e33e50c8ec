"""The letter tiles several games share: the standard English 100-tile set without its two
blanks (98 tiles), as Control Word's bags, RouteWords' deal and First Draft's bag hold it.

Bags, racks and pools are strings of letters (a multiset; kept sorted where order does
not matter).

>>> len(FULL_BAG), FULL_BAG.count("E"), remove_letters("AABC", "CA")
(98, 12, 'AB')
"""

from __future__ import annotations

from collections import Counter

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VOWELS = frozenset("AEIOU")

#: The 98 tiles of one set: the standard 100-tile set without blanks.
TILE_COUNTS: dict[str, int] = {
    "A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9, "J": 1,
    "K": 1, "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 1, "R": 6, "S": 4, "T": 6,
    "U": 4, "V": 2, "W": 2, "X": 1, "Y": 2, "Z": 1,
}  # fmt: skip

#: One full set as a sorted string (98 letters).
FULL_BAG = "".join(letter * n for letter, n in sorted(TILE_COUNTS.items()))


def sort_tiles(letters: str) -> str:
    """The canonical order of a bag or rack string: sorted (uppercase before lowercase)."""
    return "".join(sorted(letters))


def remove_letters(pool: str, letters: str) -> str | None:
    """``pool`` without one occurrence of each of ``letters``; None when one is missing."""
    for ch in letters:
        i = pool.find(ch)
        if i < 0:
            return None
        pool = pool[:i] + pool[i + 1 :]
    return pool


def excess(have: Counter, limit: Counter) -> str | None:
    """The first letter of which ``have`` holds more than ``limit``, as 'X: 3 > 2'.

    >>> excess(Counter("QQ"), Counter(TILE_COUNTS))
    'Q: 2 > 1'
    """
    for letter in sorted(have):
        if have[letter] > limit.get(letter, 0):
            return f"{letter}: {have[letter]} > {limit.get(letter, 0)}"
    return None

"""Tiles, colours, the tile sets of the bags, and the dice of Control Word.

Every player's bag and the blue bags hold the standard English 100-tile set without its
two blanks (98 tiles). Blue is split by letter into the vowel bag (A E I O U, 42 tiles)
and the consonant bag (the other 56, Y included).

Bags and racks are strings of letters (a multiset; the engine keeps them sorted). In a
rack, uppercase letters are the owner's colour and lowercase letters are blue tiles, as in
FORMATS.md.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

PLAYER_COLOURS: tuple[str, ...] = ("black", "white", "red", "green")
BLUE = "blue"
COLOURS: tuple[str, ...] = PLAYER_COLOURS + (BLUE,)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VOWELS = frozenset("AEIOU")

#: The 98 tiles of one bag: the standard 100-tile set without blanks.
TILE_COUNTS: dict[str, int] = {
    "A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9, "J": 1,
    "K": 1, "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "Q": 1, "R": 6, "S": 4, "T": 6,
    "U": 4, "V": 2, "W": 2, "X": 1, "Y": 2, "Z": 1,
}  # fmt: skip

#: One player's full bag as a sorted string (98 letters).
FULL_BAG = "".join(letter * n for letter, n in sorted(TILE_COUNTS.items()))
#: The full blue vowel bag (42) and blue consonant bag (56), sorted.
FULL_VOWEL_BAG = "".join(ch for ch in FULL_BAG if ch in VOWELS)
FULL_CONSONANT_BAG = "".join(ch for ch in FULL_BAG if ch not in VOWELS)

#: The letters whose tiles score the J/Q/X/Z bonus in words of 4+ letters.
BONUS_LETTERS = frozenset("JQXZ")

#: Faces of the draw die (rack limit R) and of the replacement die (limit L).
DRAW_DIE: tuple[int, ...] = (6, 7, 7, 8, 8, 9)
REPLACEMENT_DIE: tuple[int, ...] = (2, 3, 3, 4, 4, 5)

#: Names of the two blue bags as the engine keys them in ``state.bags``.
BLUE_VOWELS = "blue_vowels"
BLUE_CONSONANTS = "blue_consonants"


class Tile(NamedTuple):
    """A tile on the board: an uppercase letter and its colour."""

    letter: str
    colour: str


def is_vowel(letter: str) -> bool:
    return letter.upper() in VOWELS


def blue_bag_for(letter: str) -> str:
    """The blue bag a letter belongs to (``BLUE_VOWELS`` or ``BLUE_CONSONANTS``)."""
    return BLUE_VOWELS if letter.upper() in VOWELS else BLUE_CONSONANTS


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
    """The first letter of which ``have`` holds more than ``limit`` as 'X: 3 > 2'."""
    for letter in sorted(have):
        if have[letter] > limit.get(letter, 0):
            return f"{letter}: {have[letter]} > {limit.get(letter, 0)}"
    return None


def played_points(length: int) -> int:
    """The "when played" points of a word of ``length`` letters (without the JQXZ bonus).

    n <= 3: 0; n >= 4: x = n - 3, points = (x*x - x + 2) / 2.

    >>> [played_points(n) for n in range(2, 13)]
    [0, 0, 1, 2, 4, 7, 11, 16, 22, 29, 37]
    """
    if length <= 3:
        return 0
    x = length - 3
    return (x * x - x + 2) // 2

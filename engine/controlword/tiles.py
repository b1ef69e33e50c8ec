"""Tiles, colours, the bags and the dice of Control Word.

Every player's bag and the blue bags hold the shared tile set of
:mod:`wordbot.engine.tiles` (98 tiles). Blue is split by letter into the vowel bag
(A E I O U, 42 tiles) and the consonant bag (the other 56, Y included).

Bags and racks are strings of letters (a multiset; the engine keeps them sorted). In a
rack, uppercase letters are the owner's colour and lowercase letters are blue tiles, as in
docs/formats/controlword.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from wordbot.engine.errors import RecordError
from wordbot.engine.rng import RecordedChance, Rng
from wordbot.engine.tiles import (
    FULL_BAG,
    LETTERS,
    TILE_COUNTS,
    VOWELS,
    excess,
    remove_letters,
    sort_tiles,
)

PLAYER_COLOURS: tuple[str, ...] = ("black", "white", "red", "green")
BLUE = "blue"
COLOURS: tuple[str, ...] = PLAYER_COLOURS + (BLUE,)

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


def roll_dice(rng: Rng) -> tuple[int, int]:
    """Roll the draw die and the replacement die: (rack limit R, replacement limit L)."""
    return DRAW_DIE[rng.below(6)], REPLACEMENT_DIE[rng.below(6)]


def recorded_chance(line: Mapping[str, Any], generator: int) -> RecordedChance:
    """What chance did in a record's action ``line`` (docs/formats/controlword.md), to
    draw it again: the draws of ``drawn`` in its order (blue tiles lowercase), then
    those of ``penalty_tiles``, and the two ``dice``."""
    draws: list[Any] = []
    for key in ("drawn", "penalty_tiles"):
        per_player = line.get(key, {})
        if not isinstance(per_player, dict):
            raise RecordError(f"{key}: {per_player!r:.40} is not an object of players")
        draws += [t.upper() if isinstance(t, str) else t for t in per_player.values()]
    dice = line.get("dice", [])
    if not isinstance(dice, list):
        raise RecordError(f"dice: {dice!r:.40} is not [R, L]")
    faces = zip((DRAW_DIE, REPLACEMENT_DIE), dice)
    return RecordedChance(
        generator, draws, picks=[die.index(v) if v in die else -1 for die, v in faces]
    )


def blue_bag_for(letter: str) -> str:
    """The blue bag a letter belongs to (``BLUE_VOWELS`` or ``BLUE_CONSONANTS``)."""
    return BLUE_VOWELS if letter.upper() in VOWELS else BLUE_CONSONANTS


__all__ = [
    "BLUE", "BLUE_CONSONANTS", "BLUE_VOWELS", "BONUS_LETTERS", "COLOURS", "DRAW_DIE",
    "FULL_BAG", "FULL_CONSONANT_BAG", "FULL_VOWEL_BAG", "LETTERS", "PLAYER_COLOURS",
    "REPLACEMENT_DIE", "TILE_COUNTS", "Tile", "VOWELS", "blue_bag_for", "excess",
    "recorded_chance", "remove_letters", "roll_dice", "sort_tiles",
]  # fmt: skip

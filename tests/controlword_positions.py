"""Random Control Word positions for tests (shared by the reference and generator tests).

Every function takes a seeded ``random.Random`` and uses nothing else for chance, so a
seed gives the same position on every machine and Python version (given the same
lexicon).

- ``random_board(rng, lexicon, n_words)``: a connected board grown from lexicon words by
  legal word plays (every run of 2+ tiles on it is a lexicon word), tiles in random
  colours.
- ``random_rack(rng, n)``: a rack string of n tiles, some blue (lowercase).
- ``random_position(rng, lexicon)``: board + rack + player colour + replacement limit.

Boards are dicts ``(row, col) -> (LETTER, colour)`` as ``tests.reference.controlword`` takes.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from tests.controlword_rules import ACROSS, DOWN, word_play_problem
from tests.rules_pages import tile_counts

PLAYER_COLOURS = ("black", "white", "red", "green")
ALL_COLOURS = PLAYER_COLOURS + ("blue",)

# The 98-tile set of the rules page (the standard 100 without blanks), for rack draws.
TILE_COUNTS = tile_counts("controlword")
TILE_BAG = "".join(letter * count for letter, count in TILE_COUNTS.items())


def _words_of(lexicon) -> list[str]:
    return sorted(w for w in lexicon if len(w) >= 2)


def random_board(
    rng: random.Random,
    lexicon,
    n_words: int,
    colours=ALL_COLOURS,
    attempts_per_word: int = 200,
) -> dict:
    """A connected board of up to ``n_words`` lexicon words, grown by legal word plays.

    The first word goes across from (0, 0). Each later word is tried many times: a random
    lexicon word, either through a random board tile (crossing it, or extending the word
    it lies in) or next to a random board tile (a parallel or end-to-end play); it is
    placed only if it is a legal word play on the board (tests.controlword_rules.word_play_problem,
    rack ignored), so every run on the board stays a lexicon word. Each new tile gets a
    colour from ``colours`` at random. Fewer words are placed when no attempt fits.

    ``n_words <= 0`` gives an empty board.
    """
    words = _words_of(lexicon)
    board: dict = {}
    if n_words <= 0 or not words:
        return board
    first = rng.choice(words)
    for i, letter in enumerate(first):
        board[(0, i)] = (letter, rng.choice(colours))
    placed = 1
    attempts = 0
    while placed < n_words and attempts < attempts_per_word * n_words:
        attempts += 1
        word = rng.choice(words)
        direction = rng.choice((ACROSS, DOWN))
        anchor = rng.choice(sorted(board))
        if rng.random() < 0.7:
            # Through the anchor: one of the word's letters lands on it.
            offsets = [i for i, ch in enumerate(word) if ch == board[anchor][0]]
            if not offsets:
                continue
            i = rng.choice(offsets)
            start = (anchor[0] - i * direction[0], anchor[1] - i * direction[1])
        else:
            # Somewhere next to the anchor (one row/column off, any overlap).
            side = rng.choice((-1, 1))
            perp = (direction[1], direction[0])
            i = rng.randrange(-len(word), 2)
            start = (
                anchor[0] + side * perp[0] + i * direction[0],
                anchor[1] + side * perp[1] + i * direction[1],
            )
        squares = [
            (start[0] + k * direction[0], start[1] + k * direction[1])
            for k in range(len(word))
        ]
        if any(sq in board and board[sq][0] != word[k] for k, sq in enumerate(squares)):
            continue
        tiles = [(sq[0], sq[1], word[k]) for k, sq in enumerate(squares) if sq not in board]
        if word_play_problem(board, tiles, lexicon) is not None:
            continue
        for r, c, letter in tiles:
            board[(r, c)] = (letter, rng.choice(colours))
        placed += 1
    return board


def random_rack(
    rng: random.Random, n: int, blue: float = 0.25, alphabet: str | None = None
) -> str:
    """``n`` tiles: letters drawn from the 98-tile set (or uniformly from ``alphabet``),
    each blue (lowercase) with probability ``blue``."""
    pool = alphabet if alphabet is not None else TILE_BAG
    rack = ""
    for _ in range(n):
        letter = rng.choice(pool)
        rack += letter.lower() if rng.random() < blue else letter.upper()
    return rack


class Position(NamedTuple):
    board: dict
    rack: str
    colour: str
    limit: int


def random_position(
    rng: random.Random,
    lexicon,
    n_words=(1, 8),
    rack_size=(1, 9),
    limit=(1, 5),
    alphabet: str | None = None,
) -> Position:
    """A random (board, rack, colour, limit); each range is inclusive (lo, hi).

    Boards of 1-8 words have roughly 3-40 tiles with a few-thousand-word lexicon."""
    board = random_board(rng, lexicon, rng.randint(*n_words))
    rack = random_rack(rng, rng.randint(*rack_size), alphabet=alphabet)
    return Position(board, rack, rng.choice(PLAYER_COLOURS), rng.randint(*limit))

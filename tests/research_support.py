"""What the OpenSpiel and PettingZoo tests share: a small word list as a file (both
faces take a word list by path) and short rules for every game of the registry (the
games both faces register: tests/game_profiles.py)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.game_profiles import BUILTIN_NAMES, profile
from tests.lexicons import small_lexicon

GAMES = BUILTIN_NAMES

#: rule options that keep a whole game short (a few dozen actions)
SHORT = {name: dict(profile(name).short) for name in GAMES}


def small_word_file(directory: Path) -> str:
    """The tests' small lexicon (2,500 real words) written to a file in ``directory``."""
    path = directory / "small.txt"
    path.write_text("\n".join(sorted(small_lexicon(2500))) + "\n")
    return str(path)


def random_states(game, lexicon, games: int, seed: int = 0):
    """Every state of ``games`` games of uniformly random moves (seeded)."""
    rng = random.Random(seed)
    for k in range(games):
        state = game.new(seed=seed + k, lexicon=lexicon if game.uses_lexicon else None)
        while True:
            yield state
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))], check=False)

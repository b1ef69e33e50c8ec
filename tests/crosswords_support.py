"""Shared helpers of the Cross words combat tests: random pages and random positions
reached by play (with the engine's own legal moves, from seeded generators)."""

from __future__ import annotations

import random

from wordbot.engine.crosswords.game import GAME

LETTERS = "AEIOURSTNLDM"


def random_page(rng: random.Random, rows: int | None = None) -> str:
    """A page of random rows: words of 2-6 letters over a small alphabet (they cross
    often), digit markers, one-letter markers and punctuation between them."""
    lines = []
    for _ in range(rows or rng.randint(3, 9)):
        tokens = []
        for _ in range(rng.randint(1, 6)):
            roll = rng.random()
            if roll < 0.12:
                tokens.append(str(rng.randint(0, 99)))
            elif roll < 0.22:
                tokens.append(rng.choice(LETTERS).lower())
            else:
                tokens.append(
                    "".join(rng.choice(LETTERS) for _ in range(rng.randint(2, 6)))
                )
        lines.append(
            rng.choice([" ", ", ", "; ", " - "]).join(tokens) + rng.choice(["", ".", "!"])
        )
        if rng.random() < 0.15:
            lines.append("  ")  # a blank line: dropped
    if not any(len(t) >= 2 and t.isalpha() for line in lines for t in line.split()):
        lines.insert(0, "TO")
    return "\n".join(lines)


def random_game_states(seed: int, gap: int | None = None, default_pages: bool = False):
    """Every state of one game of random legal moves (random pages unless
    ``default_pages``), the first the set-up."""
    rng = random.Random(seed)
    pages = None if default_pages else {"red": random_page(rng), "green": random_page(rng)}
    rules = GAME.rules(
        [f"start_gap={gap or rng.randint(1, 4)}", f"turn_limit={rng.randint(3, 30)}"]
    )
    state = GAME.new(seed=seed, rules=rules, pages=pages)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))], check=False)
        states.append(state)
    return states

"""The compiled RouteWords generator against the slow reference written from docs/rules/routewords.md
alone (tests/reference/routewords.py): the same legal moves and the same positions
after them, on random positions of random games under varied rules.

CI runs a small lexicon; ``pytest -m slow`` runs 10,000 positions with the default one
(``WORDBOT_SLOW_POSITIONS`` to change how many).
"""

from __future__ import annotations

import os
import random

import pytest
from wordbot.engine.routewords import adapter
from wordbot.engine.routewords.rules import Rules

from tests.lexicons import default_lexicon, small_lexicon
from tests.movelists import compare_with_reference, under_rules
from tests.reference import routewords as ref
from tests.routewords_support import random_positions
from tests.sampling import fast_and_full

RULE_VARIANTS = (
    Rules(),
    Rules(ko_rule=False),
    Rules(min_word=2),
    Rules(min_word=4),
    Rules(turn_limit=6),
)


def run(lexicon, n: int, seed: int) -> int:
    states = under_rules(random_positions, RULE_VARIANTS, lexicon, n, seed)
    return len(compare_with_reference(states, ref, set(lexicon.words), seed))


@fast_and_full("count", 5, 150)
def test_generator_equals_reference_small_lexicon(count):
    checked = run(small_lexicon(), count, seed=11)
    assert checked == count


def test_generator_equals_reference_on_a_rich_position():
    """The docs/formats/routewords.md grid, pawn in the centre: thousands of pay-and-both
    moves."""
    from wordbot.engine.routewords.game import GAME

    lex = small_lexicon()
    state = GAME.new(seed=0, lexicon=lex)
    obj = state.to_json()
    obj["grid"] = ["TEIKL", "AMGQO", "WSWPR", "EOTOL", "YTRDS"]
    compare_with_reference([GAME.from_json(obj, lex)], ref, set(lex.words), 1, applied=20)


def test_board_words_equal_reference():
    lex = small_lexicon()
    words = set(lex.words)
    rng = random.Random(5)
    for _ in range(60):
        grid = "".join(
            rng.choice(
                "AEIOUQSTRNLQ" if rng.random() < 0.3 else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            )
            for _ in range(25)
        )
        for min_word in (2, 3, 5):
            found = {w for w, _ in adapter.board_words(lex, grid, min_word)}
            rows = [grid[r * 5 : (r + 1) * 5] for r in range(5)]
            assert found == set(ref.bonus_words(rows, words, min_word)), grid


def random_loop(rng: random.Random) -> list[int]:
    """A random self-avoiding path whose last square touches its first (4+ squares)."""
    while True:
        path = [rng.randrange(25)]
        for _ in range(rng.randrange(3, 20)):
            r, c = divmod(path[-1], 5)
            nxt = [
                (r + dr) * 5 + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc)
                and 0 <= r + dr < 5
                and 0 <= c + dc < 5
                and (r + dr) * 5 + c + dc not in path
            ]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        a, b = divmod(path[0], 5), divmod(path[-1], 5)
        if len(path) >= 4 and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
            return path


def test_loop_captures_equal_reference():
    rng = random.Random(9)
    seen = 0
    for _ in range(3000):
        path = random_loop(rng)
        mask = adapter.loop_captures(path)
        ours = {divmod(s, 5) for s in range(25) if (mask >> s) & 1}
        assert ours == ref.captures([divmod(s, 5) for s in path]), path
        seen += bool(ours)
    assert seen > 300  # many of the loops enclose something


CHUNKS = 20  # the slow run in parts, so that `-n` workers share it


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generator_equals_reference_default_lexicon(chunk):
    n = int(os.environ.get("WORDBOT_SLOW_POSITIONS", "10000")) // CHUNKS
    assert run(default_lexicon(), n, seed=2026 + chunk) >= n - len(RULE_VARIANTS)

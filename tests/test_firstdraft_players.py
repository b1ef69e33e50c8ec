"""First Draft's own player: the row potentials it reads (against a brute force over the
word list) and ``drafter`` against ``greedy``."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.game import GAME
from wordbot.players import make_player
from wordbot.players.arena import play_game
from wordbot.players.firstdraft.drafter import WEIGHT

from tests.lexicons import small_lexicon


def holds(word: str, row: str) -> bool:
    it = iter(word)
    return all(ch in it for ch in row)


def brute_potential(words, row: str, pay, row_limit: int, max_missing: int):
    best = grow = 0.0
    for w in words:
        if len(w) > row_limit or len(w) >= len(pay) or not pay[len(w)] or not holds(w, row):
            continue
        if len(w) - len(row) > max_missing:
            continue
        value = pay[len(w)] * float(
            np.prod([WEIGHT[ord(c) - 65] for c in (Counter(w) - Counter(row)).elements()])
        )
        best = max(best, value)
        if len(w) > len(row):
            grow = max(grow, value)
    return best, grow


@pytest.mark.parametrize("row_limit,max_missing", [(9, 9), (6, 9), (9, 2)])
def test_row_potentials_equal_a_brute_force(row_limit, max_missing):
    lex = small_lexicon()
    words = list(lex.words)
    pay = np.zeros(10)
    pay[3:10] = [1, 2, 3, 5, 7, 9, 12]
    rng = random.Random(row_limit * 10 + max_missing)
    rows = (
        [""]
        + ["".join(c for c in rng.choice(words) if rng.random() < 0.5) for _ in range(60)]
        + ["QZX", "EEEE"]
    )
    found = adapter.row_potentials(lex, rows, WEIGHT, pay, row_limit, max_missing)
    for row, (best, grow) in zip(rows, found.tolist()):
        want = brute_potential(words, row, pay, row_limit, max_missing)
        assert (best, grow) == pytest.approx(want), row


def test_drafter_beats_greedy_on_paired_deals():
    lex = small_lexicon()
    drafter, greedy = make_player("drafter", GAME), make_player("greedy", GAME)
    wins = games = 0
    for seed in range(6):
        for seats in ({"p1": drafter, "p2": greedy}, {"p1": greedy, "p2": drafter}):
            played = play_game(GAME.new(seed=seed, lexicon=lex), seats, seed)
            mine = next(p for p, player in seats.items() if player is drafter)
            wins += mine in played.outcome.winners
            games += 1
    assert wins >= 0.7 * games, f"drafter won {wins} of {games}"

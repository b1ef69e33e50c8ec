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


@pytest.mark.parametrize("time", [0.0, 0.3, 0.8])
def test_best_fillings_are_the_best_rows_of_each_group_weighed_in_full(time):
    """The drafter's best row of each group of fillings, found with floors, is the
    first row of the group with the most worth when every row is weighed in full."""
    lex = small_lexicon(6000, 9, 3)
    words = [w for w in lex.words if len(w) >= 4]
    rules = GAME.rules()
    pay = np.array([rules.pays(n) for n in range(rules.row_limit + 1)], np.float64)
    rng = random.Random(int(time * 10))
    groups = 0
    for _ in range(40):
        rows = tuple(
            "".join(c for c in rng.choice(words) if rng.random() < 0.5) for _ in range(2)
        )
        letters = "".join(rng.choice("AEIOURSTLNCDPMBGH") for _ in range(rng.randint(2, 5)))
        options = adapter.draft_options(lex, rules, rows, letters)
        for fill in (options.a, options.b):
            old = rng.uniform(0.0, 3.0)
            tops, worth = adapter.best_fillings(lex, fill, old, time, WEIGHT, pay)
            texts = [fill.row(i) for i in range(len(fill.lengths))]
            grows = adapter.row_potentials(lex, texts, WEIGHT, pay, rules.row_limit, 9)
            full = np.array(
                [
                    max(float(pay[len(t)]) if t in lex else 0.0, time * g)
                    for t, g in zip(texts, grows[:, 1])
                ]
            )
            full = full - old
            for g, (lo, hi) in enumerate(zip(fill.starts[:-1], fill.starts[1:])):
                want = lo + int(np.argmax(full[lo:hi]))
                assert (tops[g], worth[g]) == (want, full[want]), (texts[lo:hi], time)
            groups += len(fill.starts) - 1
    assert groups > 300


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

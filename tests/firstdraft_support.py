"""Random First Draft positions for tests and benchmarks, the same on every machine.

``random_positions(lexicon, n, seed)`` plays seeded games of 2-5 players whose moves mix
the kinds (drafts mostly, some inserts, sells when a row is a word, a rare discard) and
keeps one position of each game, from the start to the end: rows part-built, pools of
every size, coins on the line, reshuffled decks. ``mid_game`` keeps positions in phase
``turn``.
"""

from __future__ import annotations

import random

from wordbot.engine.firstdraft.game import GAME

from tests.sampling import gather


def random_action(state, rng: random.Random):
    """A random legal move, kinds mixed (a uniform pick would nearly always be a
    draft, of which there can be thousands)."""
    moves = state.legal_moves()
    kinds = {}
    for seg in moves.segments:
        if seg.count:
            kinds.setdefault(seg.kind, []).append(seg)
    weights = {"sell": 5, "insert": 1, "discard": 0.1, "draft": 3}
    options = list(kinds)
    kind = rng.choices(options, [weights[k] for k in options])[0]
    seg = rng.choice(kinds[kind])
    if kind == "draft" and rng.random() < 0.7:  # mostly drafts that place many letters
        order = seg.orders()
        best = [i for i in range(seg.count) if order[i] == order.min()]
        return seg.build(rng.choice(best))
    return seg.build(rng.randrange(seg.count))


def random_positions(lexicon, n: int, seed: int = 0, players=None, rules=None):
    """``n`` positions, each a random one of its own seeded game (played to the end, so
    most are mid-game)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        count = players or rng.choice((2, 2, 3, 4, 5))
        state = GAME.new(
            GAME.seats[:count], seed=rng.getrandbits(32), rules=rules, lexicon=lexicon
        )
        history = [state]
        while not state.is_over:
            state = state.apply(random_action(state, rng), check=False)
            history.append(state)
        out.append(rng.choice(history))
    return out


def mid_game(lexicon, n: int, seed: int = 0, players=None):
    """``n`` positions in phase ``turn``."""
    return gather(
        lambda k, s: random_positions(lexicon, k, s, players),
        n,
        lambda state: not state.is_over,
        seed,
    )

"""Random RouteWords positions for tests and benchmarks, the same on every machine.

``random_positions(lexicon, n, seed)`` plays seeded games of 2-4 players with a mix of
moves (routes mostly, swaps, pay-and-both, bonus rounds with random submissions) and
keeps one position of each game, from the start to the end: mid-game positions with
moved pawns, taken coins, owned squares, ko and bonus rounds in progress.
``mid_game(lexicon, n, seed)`` keeps only positions in phase ``turn``.
"""

from __future__ import annotations

import random

from wordbot.engine.routewords.game import GAME
from wordbot.engine.routewords.moves import BonusWord

from tests.sampling import gather


def random_action(state, rng: random.Random):
    """A random legal move, kinds mixed (a uniform pick would nearly always be a
    pay-and-both, of which there are thousands)."""
    moves = state.legal_moves()
    if state.phase == "bonus":
        words = [m for m in moves if m.word]
        return rng.choice(words) if words and rng.random() < 0.7 else BonusWord(None)
    kinds = {}
    for seg in moves.segments:
        kinds.setdefault(seg.kind, []).append(seg)
    weights = {"route": 6, "swap": 2, "both": 1, "bonus": 0.3, "pass": 1, "take_over": 1}
    options = [k for k in kinds if any(s.count for s in kinds[k])]
    kind = rng.choices(options, [weights[k] for k in options])[0]
    segs = [s for s in kinds[kind] if s.count]
    seg = rng.choice(segs)
    return seg.build(rng.randrange(seg.count))


def random_positions(
    lexicon, n: int, seed: int = 0, players=None, max_turns: int = 60, rules=None
):
    """``n`` positions, each after a random number of actions of its own seeded game."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        count = players or rng.choice((2, 2, 3, 4))
        state = GAME.new(
            GAME.seats[:count], seed=rng.getrandbits(32), rules=rules, lexicon=lexicon
        )
        for _ in range(rng.randrange(max_turns)):
            if state.is_over:
                break
            state = state.apply(random_action(state, rng), check=False)
        out.append(state)
    return out


def mid_game(lexicon, n: int, seed: int = 0, players=None):
    """``n`` positions in phase ``turn`` (a route or a swap to find)."""
    return gather(
        lambda k, s: random_positions(lexicon, k, s, players),
        n,
        lambda state: state.phase == "turn",
        seed,
    )

"""First Draft's legal moves as a lazy list over the generator's arrays (RULES.md "What the
move generator lists"): every sell, every row discard, every insert that leaves its row
completable (one per distinct new row: the smallest index), then every distinct draft,
coaster by coaster: (coaster, row A, row B, pool) with each changed row completable.

A draft's gain is what it adds to the score now: the coaster's coins, less its price and
the letters the pool cannot keep. Among equal gains the list prefers sells, then drafts
that place more letters, then inserts, then discards.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.firstdraft.game import GAME
>>> from wordbot.engine.firstdraft.state import EXAMPLE
>>> state = GAME.from_json(EXAMPLE, Lexicon.from_words(["SOFT", "SOFTEN", "AXE", "TEA"]))
>>> moves = state.legal_moves()
>>> [state.notation(m) for m in moves.of_kind("insert")]
['insert E A3', 'insert A B0', 'insert E B0']
>>> state.notation(moves.best()[0][0])  # coaster 1 is free and holds a coin: E, R, T
'take 1 A=SFTE B=TEA pool=R'
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.moves import Discard, Draft, Insert, Sell
from wordbot.engine.segments import Segment, SegmentedMoves

KIND_ORDER = {"sell": -200, "draft": -100, "insert": 0, "discard": 10}


class FirstDraftMoves(SegmentedMoves):
    """The legal moves of a First Draft state (see the module docstring); ``drafts``
    keeps each coaster's :class:`~wordbot.engine.firstdraft.adapter.DraftOptions`."""

    KIND_ORDER = KIND_ORDER

    def __init__(self, segments: list[Segment], drafts=None):
        super().__init__(segments)
        self.drafts = drafts or {}

    def _derived(self, segments: list[Segment]) -> "FirstDraftMoves":
        return FirstDraftMoves(segments, self.drafts)

    @classmethod
    def of(cls, state) -> "FirstDraftMoves":
        if state.is_over:
            return cls([])
        hand, rules = state.hand, state.rules
        sells = [Sell(r) for r in range(2) if state.is_word(hand.rows[r])]
        discards = [Discard(r) for r in range(2) if hand.rows[r]]
        inserts = _inserts(state)
        segments = [
            Segment("sell", len(sells), [rules.pays(len(hand.rows[m.row])) for m in sells],
                    sells.__getitem__),
            Segment("discard", len(discards), [-len(hand.rows[m.row]) for m in discards],
                    discards.__getitem__),
            Segment("insert", len(inserts), np.zeros(len(inserts), np.int64),
                    inserts.__getitem__),
        ]
        drafts = {}
        for k, coaster in enumerate(state.line, start=1):
            if hand.coins < k - 1:
                continue
            options = adapter.draft_options(state.lexicon, rules, hand.rows,
                                            coaster.tiles + hand.pool)
            drafts[k] = options
            segments.append(_draft_segment(k, coaster.coins - (k - 1), options,
                                           rules.pool_limit))
        return cls(segments, drafts)


def _inserts(state) -> list[Insert]:
    hand = state.hand
    found = []
    for r, row in enumerate(hand.rows):
        if not hand.pool or len(row) + 1 > state.rules.row_limit:
            continue
        fits = adapter.insertions(state.lexicon, state.rules, row)
        for letter in sorted(set(hand.pool)):
            c = ord(letter) - 65
            found += [Insert(r, i, letter) for i in range(len(row) + 1)
                      if fits[i, c] and (i == 0 or row[i - 1] != letter)]
    return found


def _draft_segment(k: int, gain: int, options, pool_limit: int) -> Segment:
    pairs = options.pairs
    choices = pairs[:, 2]
    ends = np.cumsum(choices)
    placed = options.a.used.sum(axis=1)[pairs[:, 0]] + options.b.used.sum(axis=1)[pairs[:, 1]]
    gains = np.repeat(gain - pairs[:, 3], choices)
    order = np.repeat(KIND_ORDER["draft"] - placed, choices)

    def build(i: int) -> Draft:
        p = int(np.searchsorted(ends, i, side="right"))
        j = i - (int(ends[p - 1]) if p else 0)
        a, b = int(pairs[p, 0]), int(pairs[p, 1])
        rest = options.counts - options.a.used[a] - options.b.used[b]
        left = "".join(ch * int(n) for ch, n in zip(options.kinds, rest))
        pool = left if len(left) <= pool_limit else pool_choice(left, pool_limit, j)
        return Draft(k, (options.a.row(a), options.b.row(b)), pool)

    return Segment("draft", int(ends[-1]) if len(ends) else 0, gains, build, order=order)


def pool_choice(letters: str, size: int, j: int) -> str:
    """The ``j``-th (in sorted order) distinct multiset of ``size`` of the sorted
    ``letters``.

    >>> [pool_choice("AABC", 2, j) for j in range(4)]
    ['AA', 'AB', 'AC', 'BC']
    """
    return "".join(sorted(set(combinations(letters, size)))[j])

"""First Draft's legal moves as a lazy list over the generator's arrays (docs/rules/firstdraft.md "What the
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

import functools
from itertools import combinations

import numpy as np
from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.moves import Discard, Draft, Insert, Sell
from wordbot.engine.segments import Segment, SegmentedMoves

KIND_ORDER = {"sell": -200, "draft": -100, "insert": 0, "discard": 10}


class FirstDraftMoves(SegmentedMoves):
    """The legal moves of a First Draft state (see the module docstring). A coaster's
    drafts are worked out when first read; ``drafts`` keeps each coaster's
    :class:`~wordbot.engine.firstdraft.adapter.DraftOptions` once it has been."""

    KIND_ORDER = KIND_ORDER

    def __init__(self, segments: list[Segment], drafts=None, bounds=None):
        super().__init__(segments)
        self.drafts = drafts if drafts is not None else {}
        self.bounds = bounds if bounds is not None else []  # per draft segment

    def _derived(self, segments: list[Segment]) -> FirstDraftMoves:
        kept = [
            b
            for s, b in zip([s for s in self.segments if s.kind == "draft"], self.bounds)
            if s in segments
        ]
        return FirstDraftMoves(segments, self.drafts, kept)

    @classmethod
    def of(cls, state) -> FirstDraftMoves:
        if state.is_over:
            return cls([])
        hand, rules = state.hand, state.rules
        sells = [Sell(r) for r in range(2) if state.is_word(hand.rows[r])]
        discards = [Discard(r) for r in range(2) if hand.rows[r]]
        inserts = _inserts(state)
        segments = [
            Segment(
                "sell",
                len(sells),
                [rules.pays(len(hand.rows[m.row])) for m in sells],
                sells.__getitem__,
            ),
            Segment(
                "discard",
                len(discards),
                [-len(hand.rows[m.row]) for m in discards],
                discards.__getitem__,
            ),
            Segment(
                "insert",
                len(inserts),
                np.zeros(len(inserts), np.int64),
                inserts.__getitem__,
            ),
        ]
        drafts: dict = {}
        bounds = []
        for k, coaster in enumerate(state.line, start=1):
            if hand.coins >= k - 1:
                bounds.append(coaster.coins - (k - 1))
                segments.append(
                    Segment(
                        "draft", later=functools.partial(_draft_segment, state, k, drafts)
                    )
                )
        return cls(segments, drafts, bounds)

    def best(self, n: int = 1, rng=None):
        """As :meth:`MoveList.best`, without working out the drafts of a coaster that
        cannot gain as much as a move already found (a draft gains at most the
        coaster's coins less its price)."""
        if n != 1:
            return super().best(n, rng)
        drafts = [s for s in self.segments if s.kind == "draft"]
        bounds = dict(zip(map(id, drafts), self.bounds))
        top = None  # (gain, order) of the best so far
        for seg in sorted(self.segments, key=lambda s: -bounds.get(id(s), np.inf)):
            if seg.kind == "draft" and top is not None and bounds[id(seg)] < top[0]:
                continue  # its best draft gains less than a move already found
            if seg.count:
                gains, order = np.asarray(seg.gains), self._orders(seg)
                g = gains.max()
                o = order[gains == g].min()
                if top is None or (g, -o) > (top[0], -top[1]):
                    top = (g, o)
        if top is None:
            return []
        found = [
            (seg, i)
            for seg in self.segments
            if seg.ready and seg.count
            for i in np.flatnonzero(
                (np.asarray(seg.gains) == top[0]) & (self._orders(seg) == top[1])
            ).tolist()
        ]
        seg, i = found[0 if len(found) == 1 or rng is None else rng.randrange(len(found))]
        return [(seg.build(i), int(top[0]))]

    def _orders(self, seg: Segment) -> np.ndarray:
        order = seg.orders()
        return (
            np.full(seg.count, self.KIND_ORDER[seg.kind], np.int64)
            if order is None
            else np.asarray(order)
        )


def _inserts(state) -> list[Insert]:
    hand = state.hand
    found = []
    for r, row in enumerate(hand.rows):
        if not hand.pool or len(row) + 1 > state.rules.row_limit:
            continue
        fits = adapter.insertions(state.lexicon, state.rules, row)
        for letter in sorted(set(hand.pool)):
            c = ord(letter) - 65
            found += [
                Insert(r, i, letter)
                for i in range(len(row) + 1)
                if fits[i, c] and (i == 0 or row[i - 1] != letter)
            ]
    return found


def _draft_segment(state, k: int, found: dict):
    """(count, gains, build, order) of coaster ``k``'s drafts; its options go in
    ``found``."""
    hand, rules = state.hand, state.rules
    coaster = state.line[k - 1]
    options = found[k] = adapter.draft_options(
        state.lexicon, rules, hand.rows, coaster.tiles + hand.pool
    )
    gain, pool_limit = coaster.coins - (k - 1), rules.pool_limit
    a, b, pairs = options.a, options.b, options.pairs
    ga, gb, choices = pairs[:, 0], pairs[:, 1], pairs[:, 2]
    size_b = b.sizes[gb]
    counts = a.sizes[ga] * size_b * choices  # the moves of each pair of groups
    ends = np.cumsum(counts)
    placed = a.used[a.starts[ga]].sum(axis=1) + b.used[b.starts[gb]].sum(axis=1)
    gains = np.repeat(gain - pairs[:, 3], counts)
    order = np.repeat(KIND_ORDER["draft"] - placed, counts)

    def build(i: int) -> Draft:
        p = int(np.searchsorted(ends, i, side="right"))
        j = i - (int(ends[p - 1]) if p else 0)
        ra, rest = divmod(j, int(size_b[p] * choices[p]))
        rb, choice = divmod(rest, int(choices[p]))
        ia, ib = int(a.starts[ga[p]]) + ra, int(b.starts[gb[p]]) + rb
        rest = options.counts - a.used[ia] - b.used[ib]
        left = "".join(ch * int(n) for ch, n in zip(options.kinds, rest))
        pool = left if len(left) <= pool_limit else pool_choice(left, pool_limit, choice)
        return Draft(k, (a.row(ia), b.row(ib)), pool)

    return (int(ends[-1]) if len(ends) else 0), gains, build, order


def pool_choice(letters: str, size: int, j: int) -> str:
    """The ``j``-th (in sorted order) distinct multiset of ``size`` of the sorted
    ``letters``.

    >>> [pool_choice("AABC", 2, j) for j in range(4)]
    ['AA', 'AB', 'AC', 'BC']
    """
    return "".join(sorted(set(combinations(letters, size)))[j])

"""RouteWords' legal moves as a lazy list over the generator's arrays: a position can
have tens of thousands of pay-and-both moves, and a move object is built only when read.

Order (the generator's): routes, swaps, route-first pay-and-both (route by route, each
with every swap), swap-first pay-and-both, the bonus trigger, ``pass`` (listed only
when no route and no swap exists), and with the rule ``pie`` at green's first turn the
take-over (its gain: the points it exchanges). In a bonus round: every word on the grid once, then
the empty submission.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.routewords.game import GAME
>>> words = ["ART", "ATE", "EAT", "ERA", "NET", "ONE", "RAT", "SET", "TAR", "TEA", "TEN"]
>>> state = GAME.new(seed=1, lexicon=Lexicon.from_words(words))
>>> moves = state.legal_moves()
>>> sorted({m.type for m in moves})
['bonus', 'both', 'route', 'swap']
>>> len(moves.of_kind("swap")), len(moves.of_kind("bonus"))
(72, 1)
"""

from __future__ import annotations

from typing import Any, SupportsIndex, SupportsInt

import numpy as np
from wordbot.engine import pie
from wordbot.engine.routewords import adapter
from wordbot.engine.routewords.moves import Bonus, BonusWord, Both, Pass, Route, Swap
from wordbot.engine.segments import Segment, SegmentedMoves

#: the 72 swaps, in the kernels' numbering
ALL_SWAPS = [Swap(int(a), int(b)) for a, b in adapter.SWAPS]
#: the tie-break among equal gains (lower first): the simplest move of a kind
KIND_ORDER = {
    "route": 0,
    "swap": 1,
    "both": 2,
    "bonus": 3,
    "bonus_word": 0,
    "pass": 4,
    "take_over": 5,
}


class RouteWordsMoves(SegmentedMoves):
    """The legal moves of a RouteWords state (see the module docstring).

    Besides the list it keeps the generator's rows for players that look closer:
    ``rows`` (the word paths from the pawn) and ``routes`` ((row, end) arrays of the
    plain routes). The swap-first pay-and-both moves are searched for only when first
    read."""

    KIND_ORDER = KIND_ORDER
    top_coin = 0  # the largest coin on the grid (bounds what a pay-and-both gains)

    def __init__(self, segments: list[Segment], rows=None, routes=None):
        super().__init__(segments)
        self.rows, self.routes = rows, routes

    def _derived(self, segments: list[Segment]) -> RouteWordsMoves:
        out = RouteWordsMoves(segments, self.rows, self.routes)
        out.top_coin = self.top_coin
        return out

    @classmethod
    def of(cls, state) -> RouteWordsMoves:
        if state.is_over:
            return cls([])
        if state.phase == "bonus":
            words = list(state.board_words().items())
            found = Segment(
                "bonus_word",
                len(words),
                np.array([n for _, n in words], np.int64),
                lambda i: BonusWord(words[i][0]),
            )
            return cls(
                [
                    found,
                    Segment(
                        "bonus_word", 1, np.zeros(1, np.int64), lambda i: BonusWord(None)
                    ),
                ]
            )
        return _turn_moves(cls, state)

    def of_kind(self, *kinds: str) -> RouteWordsMoves:
        """The moves of one ``wordbot moves --kind`` (``bonus``: the trigger, or in a
        bonus round every submission)."""
        if kinds == ("bonus",):
            kinds = ("bonus", "bonus_word")
        return super().of_kind(*kinds)

    def best(self, n: int = 1, rng=None):
        """As :meth:`MoveList.best`, without the swap-first pay-and-both search when it
        cannot matter: such a move gains at most the largest coin less 1, so when the
        ``n`` best of the moves listed already gain more (or as much, of a kind that
        wins the tie), they are the ``n`` best of all. The first place alone is looked
        for among the plain routes (a route-first pay-and-both gains 1 less than its
        route), and the other kinds listed (swaps, the bonus trigger, the take-over)
        only for their largest gain."""
        lazy = any(not s.ready for s in self.segments)
        if not lazy or n < 1 or not self.segments or self.segments[0].kind != "route":
            return super().best(n, rng)
        bound = self.top_coin - 1
        routes = self.segments[0]
        if n == 1 and routes.count:
            gains = np.asarray(routes.gains)
            most = gains.max()
            others = [
                np.asarray(s.gains).max()
                for s in self.segments[1:]
                if s.ready and s.count and s.kind != "both"
            ]
            # a route wins its ties with every other kind
            if most >= bound and all(most >= g for g in others):
                top = np.flatnonzero(gains == most)
                pick = (
                    top[0] if top.size == 1 or rng is None else top[rng.randrange(top.size)]
                )
                return [(routes.build(int(pick)), most.item())]
        listed = self._derived([s for s in self.segments if s.ready])
        # a trial without the generator: a draw here and another in the general best
        # would leave the generator, and every later choice of the game, elsewhere
        found = listed.best(n)
        if len(found) == n:
            move, gain = found[-1]
            # a tie with a swap-first "both" goes to the simpler kind (or, for a "both",
            # to the seeded choice among them all): only a simpler kind is sure of it
            if gain > bound or (
                gain == bound and KIND_ORDER[move.type] < KIND_ORDER["both"]
            ):
                # the tied first places are those of the general best, in its order
                return found if n > 1 or rng is None else listed.best(1, rng)
        return super().best(n, rng)


def _corners(rows) -> np.ndarray:
    """The 4 corners of each row's last square."""
    n = len(rows.tags)
    return adapter.CORNERS[rows.paths[np.arange(n), rows.lengths - 1]]


def _route(rows: Any, row: SupportsIndex, end: SupportsInt) -> Route:
    return Route(tuple(rows.paths[row, : rows.lengths[row]].tolist()), int(end))


def _turn_moves(cls, state) -> RouteWordsMoves:
    seat, pawn = state.seat, state.pawns[state.seat]
    blocked, allowed = state.blocked(seat), state.allowed_swaps()
    free = state.free_ends(seat)
    coins = np.asarray(state.coins, np.int64)
    rows = adapter.word_paths(
        state.lexicon, state.grid, blocked, pawn, state.rules.min_word
    )
    corners = _corners(rows)
    which, corner = np.nonzero(free[corners])
    r_row, r_end = which, corners[which, corner]
    swaps = np.flatnonzero(allowed)
    swap_objs = [ALL_SWAPS[k] for k in swaps.tolist()]
    # each plain route object is made once: every swap pairs with it in a route-first both
    made: dict[int, Route] = {}

    def plain(i: int) -> Route:
        route = made.get(i)
        if route is None:
            route = made[i] = _route(rows, r_row[i], r_end[i])
        return route

    segments = [
        Segment("route", len(r_row), coins[r_end], plain),
        Segment("swap", len(swaps), np.zeros(len(swaps), np.int64), lambda i: swap_objs[i]),
    ]
    if state.points[seat] >= 1:
        s = len(swaps)
        segments.append(
            Segment(
                "both",
                len(r_row) * s,
                np.repeat(coins[r_end] - 1, s),
                lambda i: Both("route", swap_objs[i % s], plain(i // s)),
            )
        )

        def swap_first():
            # one search for the routes of every swapped grid (rows tagged by their swap),
            # plus the plain rows each swap leaves spelling the same word
            full = adapter.word_paths(
                state.lexicon, state.grid, blocked, pawn, state.rules.min_word, allowed
            )
            f_row, f_swap, f_end = adapter.swap_first_routes(
                state.grid, full, allowed, free
            ).T

            def build(i):
                return Both("swap", ALL_SWAPS[f_swap[i]], _route(full, f_row[i], f_end[i]))

            return len(f_row), coins[f_end] - 1, build

        segments.append(Segment("both", later=swap_first))
    if state.tokens[seat]:
        segments.append(Segment("bonus", 1, np.zeros(1, np.int64), lambda i: Bonus()))
    if not len(r_row) and not len(swaps):
        segments.append(Segment("pass", 1, np.zeros(1, np.int64), lambda i: Pass()))
    if state.pie_offered:
        gain = np.array([state.points[0] - state.points[1]], np.int64)
        segments.append(Segment("take_over", 1, gain, lambda i: pie.TakeOver()))
    moves = cls(segments, rows, (r_row, r_end))
    moves.top_coin = int(coins.max()) if coins.size else 0
    return moves


def reach(state, seat: int) -> int:
    """The largest coin ``seat`` could take with a route from its pawn in ``state`` (0
    when none), whoever is to move: what a position offers or leaves a player next."""
    rows = adapter.word_paths(
        state.lexicon,
        state.grid,
        state.blocked(seat),
        state.pawns[seat],
        state.rules.min_word,
    )
    if not len(rows.tags):
        return 0
    corners = _corners(rows)
    coins = np.asarray(state.coins, np.int64)[corners]
    coins[~state.free_ends(seat)[corners]] = 0
    return int(coins.max())

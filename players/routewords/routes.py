"""``routes``: RouteWords' heuristic player.

A move is worth the coin it takes now (less the point a pay-and-both costs), plus
``reach`` times the best coin its player could take next turn from where the pawn
stops, minus ``deny`` times the best coin it leaves the next player, plus ``claim``
per square a loop claims. Routes that end on the same intersection and claim the same
squares leave the same position, so each such group is weighed once. Every swap is
weighed (a swap can open a route for the mover or close one for the next player), the
swap-first pay-and-both moves whose coin beats the best route by more than the point
they cost, and, for the best routes, the route followed by the swap that leaves the
next player least. A take-over (rule ``pie``) is weighed as a move whose coin is the
margin it gains. A bonus round is never triggered (between players who find the
board's longest word it gives everyone the same); in a bonus round it submits the
longest word, or nothing when ``bonus_search`` is ``none``.

``reach``, ``deny`` and ``claim`` weigh what a position is worth (:meth:`value`: the
margin, plus ``reach`` times the best coin the player could take from its pawn, less
``deny`` times the best the next player could, plus ``claim`` per square it owns; a
move's worth above is how that value changes), so they are what ``wordbot learn``
learns from self-play: ``eval=hand`` (the default) plays the options' own, ``eval=FILE``
a file ``wordbot learn`` wrote; a weight given in the spec is played as given.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.games import get_game
>>> state = get_game("routewords").new(seed=4, lexicon=Lexicon.from_words(["TEA", "EAT"]))
>>> RoutesPlayer().top(state, 1)[0].move.type
'swap'
"""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, cast

import numpy as np
from wordbot.engine.movelist import Move
from wordbot.engine.routewords import adapter
from wordbot.engine.routewords.evaluation import DEFAULT, VALUE_WEIGHTS, weights
from wordbot.engine.routewords.legal import reach
from wordbot.engine.state import GameState
from wordbot.players.base import Candidate, Option, played_weights
from wordbot.players.pie import PieAware

if TYPE_CHECKING:
    from wordbot.engine.routewords.legal import RouteWordsMoves
    from wordbot.engine.routewords.state import RouteWordsState
    from wordbot.engine.segments import Segment


class RoutesPlayer(PieAware):
    """Coins now, reach next turn, what it leaves, loops (see the module docstring)."""

    name = "routes"
    description = "coins now and next turn, what it leaves the next player, loops"
    games = frozenset({"routewords"})
    options = {
        "reach": Option(float, 0.5, "weight of the best coin the mover can take next turn"),
        "deny": Option(float, 0.7, "weight of the best coin left to the next player"),
        "claim": Option(float, 0.4, "value of a square a loop claims"),
        "routes": Option(int, 3, "best routes tried with every swap after them (pay)"),
        "eval": Option(
            str,
            DEFAULT,
            "reach, deny and claim: hand (the options' own) or a file wordbot learn wrote",
        ),
    }

    def __init__(self, **options):
        super().__init__(**options)
        #: the value's weights played, in the order of ``VALUE_WEIGHTS``
        self.weights = np.array(
            played_weights(self.settings, options, VALUE_WEIGHTS, weights)
        )

    def features(self, state: RouteWordsState, seat: int) -> np.ndarray:
        """What the value weighs beside the margin, for ``seat`` (in the order of
        ``VALUE_WEIGHTS``): in a turn, the best coin it could take from its pawn and
        the best the seat after it could (negated); the squares it owns."""
        owned = sum(1 for owner in state.owners if owner == seat)
        if state.is_over or state.phase != "turn":
            return np.array([0.0, 0.0, owned], np.float64)
        after = (seat + 1) % len(state.players)
        return np.array([reach(state, seat), -reach(state, after), owned], np.float64)

    def value(self, state: GameState, viewer: str) -> float:
        """The score margin, plus what the position promises ``viewer`` once the game
        is not over (see the module docstring)."""
        state = cast("RouteWordsState", state)  # the games it plays: RouteWords
        margin = float(state.outcome().margin(viewer))
        if state.is_over:
            return margin
        mine, no_theirs, owned = self.features(state, state.players.index(viewer))
        reach_w, deny, claim = self.weights.tolist()
        # as the compiled core sums it, so both rank alike to the last bit
        return margin + reach_w * mine - deny * -no_theirs + claim * owned

    def _ranked(self, state: GameState, n: int, rng: random.Random) -> list[Candidate]:
        state = cast("RouteWordsState", state)  # the games it plays: RouteWords
        moves = cast("RouteWordsMoves", state.bot_moves())
        if state.phase == "bonus":
            return [
                Candidate(m, state.notation(m), points=g, equity=g)
                for m, g in moves.best(n, rng)
            ]
        weigh = _Weigher(self.weights, state)
        kinds: dict[str, list[Segment]] = {}
        for seg in moves.segments:
            kinds.setdefault(seg.kind, []).append(seg)
        best_route = -1
        if kinds.get("route") and kinds["route"][0].count:
            seg = kinds["route"][0]
            rows = moves.rows
            caps = adapter.captures_of(rows.paths, rows.lengths)
            r_row, r_end = moves.routes
            owned = _mask(np.asarray(state.owners) >= 0)
            free_caps = [bin(int(c) & ~owned).count("1") for c in caps]  # new squares
            groups: dict[tuple[int, int], int] = {}
            for i in range(seg.count):
                groups.setdefault((int(r_end[i]), int(caps[r_row[i]])), i)
            routes: dict[int, _Move] = {}
            for i in groups.values():
                coin = int(seg.gains[i])
                best_route = max(best_route, coin)
                routes[i] = weigh.add(seg.build(i), coin, free_caps[r_row[i]])
                weigh.exact(routes[i])
            if state.points[weigh.seat] >= 1:
                self._route_then_swap(moves, seg, routes, weigh)
        for seg in kinds.get("swap", []):
            for i in range(seg.count):
                weigh.add(seg.build(i), 0)
        for seg in kinds.get("take_over", []):  # my points up, theirs down
            weigh.add(seg.build(0), 2 * int(seg.gains[0]))
        if state.points[weigh.seat] >= 1 and moves.top_coin - 1 > best_route:
            seg = kinds["both"][-1]  # swap first
            gains = np.asarray(seg.gains)
            good = np.flatnonzero(gains > best_route)
            for i in good[np.argsort(-gains[good], kind="stable")][:30]:
                weigh.add(seg.build(int(i)), int(gains[i]))
        if not weigh.items:  # pass (or only a bonus trigger)
            m = moves[0]
            return [Candidate(m, state.notation(m))]
        for item in weigh.items:  # ties are broken at random, in the moves' order
            item.jitter = rng.random()
        return [item.candidate(state) for item in weigh.best(n)]

    def _route_then_swap(
        self, moves, seg, routes: dict[int, _Move], weigh: _Weigher
    ) -> None:
        """The best routes, each followed by every swap (paying 1 point), when the route
        alone leaves the next player a coin that a swap might take away (weighing the
        route found that coin: none when the turn ends with it)."""
        both = next(s for s in moves.segments if s.kind == "both")
        swaps = next(s for s in moves.segments if s.kind == "swap").count
        ranked = sorted(((r.value, i) for i, r in routes.items()), reverse=True)
        for _, i in ranked[: self.settings["routes"]]:
            if routes[i].leaves == 0:
                continue
            for k in range(swaps):
                weigh.add(both.build(i * swaps + k), int(seg.gains[i]) - 1)


class _Move:
    """A move to weigh: its coin, the squares it claims, its place in the order the
    moves are listed (which breaks ties, with ``jitter``) and, once weighed, its value
    and the coin it leaves the next player."""

    __slots__ = ("claimed", "coin", "jitter", "leaves", "move", "order", "value")

    def __init__(self, move: Move, coin: int, claimed: int, order: int):
        self.move, self.coin, self.claimed, self.order = move, coin, claimed, order
        self.jitter = 0.0
        self.value: float | None = None
        self.leaves = 0

    def key(self, value: float) -> tuple[float, float, int]:
        """Its rank (smaller first) were it worth ``value``."""
        return (-value, self.jitter, self.order)

    def candidate(self, state) -> Candidate:
        assert self.value is not None  # only weighed moves are ranked
        return Candidate(
            self.move,
            state.notation(self.move),
            points=self.coin,
            equity=self.value,
            details={"coin": self.coin, "captures": self.claimed, "leaves": self.leaves},
        )


class _Weigher:
    """Weighs a position's moves, lazily: :meth:`best` weighs the moves most promising
    first and skips those whose bound (the best coin left on the board taken next turn,
    nothing left to the next player) cannot reach the ``n``-th best, so it returns
    exactly what weighing them all would, with fewer route searches."""

    def __init__(self, weights: np.ndarray, state: RouteWordsState):
        self.state = state
        self.seat = state.seat
        self.next = (state.seat + 1) % len(state.players)
        self.reach, self.deny, self.claim = weights.tolist()
        top = max(state.coins)  # coins are only taken: no later position offers more
        self.most_mine = top if self.reach >= 0 else 0
        self.least_left = 0 if self.deny >= 0 else top
        self.items: list[_Move] = []

    def add(self, move: Move, coin: int, claimed: int = 0) -> _Move:
        item = _Move(move, coin, claimed, len(self.items))
        self.items.append(item)
        return item

    def _value(self, item: _Move, mine: int, leaves: int) -> float:
        # one expression for the value and its bounds, so that rounding keeps the
        # bounds above the value
        return (
            item.coin + self.reach * mine - self.deny * leaves + self.claim * item.claimed
        )

    def exact(self, item: _Move, limit: tuple | None = None) -> float | None:
        """The move's value (None when, its next player's coin known, it cannot rank
        before ``limit``)."""
        after = self.state.apply(item.move, check=False)
        mine = leaves = 0
        if not after.is_over and after.phase == "turn":
            leaves = reach(after, self.next)
            bound = self._value(item, self.most_mine, leaves)
            if limit is not None and item.key(bound) > limit:
                return None
            mine = reach(after, self.seat)
        item.leaves = leaves
        item.value = self._value(item, mine, leaves)
        return item.value

    def best(self, n: int) -> list[_Move]:
        """The ``n`` best moves, best first (ties: the smaller jitter, then the order)."""
        top = sorted(item.key(item.value) for item in self.items if item.value is not None)
        waiting = [item for item in self.items if item.value is None]
        bounds = {
            item.order: self._value(item, self.most_mine, self.least_left)
            for item in waiting
        }
        waiting.sort(key=lambda item: -bounds[item.order])
        for item in waiting:
            limit = top[n - 1] if len(top) >= n else None
            if limit is not None and item.key(bounds[item.order]) > limit:
                if -bounds[item.order] > limit[0]:
                    break  # every move after it is bounded lower still
                continue
            value = self.exact(item, limit)
            if value is not None:
                insort(top, item.key(value))
                del top[n:]
        ranked = [item for item in self.items if item.value is not None]
        ranked.sort(key=lambda item: item.key(cast(float, item.value)))
        return ranked[:n]


def _mask(owned: np.ndarray) -> int:
    return int(sum(1 << s for s in np.flatnonzero(owned)))

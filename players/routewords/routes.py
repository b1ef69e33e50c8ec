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

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.games import get_game
>>> state = get_game("routewords").new(seed=4, lexicon=Lexicon.from_words(["TEA", "EAT"]))
>>> RoutesPlayer().top(state, 1)[0].move.type
'swap'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

import numpy as np
from wordbot.engine.game import GameState, Move
from wordbot.engine.routewords import adapter
from wordbot.engine.routewords.legal import reach
from wordbot.players.base import Candidate, Option, Player, Progress
from wordbot.players.pie import against_pie, facing_pie

if TYPE_CHECKING:
    from wordbot.engine.routewords.legal import RouteWordsMoves
    from wordbot.engine.routewords.state import RouteWordsState
    from wordbot.engine.segments import Segment


class RoutesPlayer(Player):
    """Coins now, reach next turn, what it leaves, loops (see the module docstring)."""

    name = "routes"
    description = "coins now and next turn, what it leaves the next player, loops"
    games = frozenset({"routewords"})
    options = {
        "reach": Option(float, 0.5, "weight of the best coin the mover can take next turn"),
        "deny": Option(float, 0.7, "weight of the best coin left to the next player"),
        "claim": Option(float, 0.4, "value of a square a loop claims"),
        "routes": Option(int, 3, "best routes tried with every swap after them (pay)"),
    }

    def _top(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        if facing_pie(state):  # the second player may take the first turn over
            return against_pie(
                self, state, self._ranked(state, len(state.legal_moves()), rng), n, rng
            )
        return self._ranked(state, n, rng)

    def _ranked(self, state: GameState, n: int, rng: random.Random) -> list[Candidate]:
        state = cast("RouteWordsState", state)  # the games it plays: RouteWords
        moves = cast("RouteWordsMoves", state.bot_moves())
        if state.phase == "bonus":
            return [
                Candidate(m, state.notation(m), points=g, equity=g)
                for m, g in moves.best(n, rng)
            ]
        scored: list[tuple[float, int, Candidate]] = []
        seat, nxt = state.seat, (state.seat + 1) % len(state.players)

        def weigh(move: Move, coin: int, claimed: int = 0) -> float:
            after = state.apply(move, check=False)
            mine = leaves = 0
            if not after.is_over and after.phase == "turn":
                mine, leaves = reach(after, seat), reach(after, nxt)
            value = (
                coin
                + self.settings["reach"] * mine
                - self.settings["deny"] * leaves
                + self.settings["claim"] * claimed
            )
            scored.append(
                (
                    value,
                    len(scored),
                    Candidate(
                        move,
                        state.notation(move),
                        points=coin,
                        equity=value,
                        details={"coin": coin, "captures": claimed, "leaves": leaves},
                    ),
                )
            )
            return value

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
            route_values = []
            for i in groups.values():
                coin = int(seg.gains[i])
                best_route = max(best_route, coin)
                route_values.append((weigh(seg.build(i), coin, free_caps[r_row[i]]), i))
            if state.points[seat] >= 1:
                self._route_then_swap(state, moves, seg, route_values, weigh, nxt)
        for seg in kinds.get("swap", []):
            for i in range(seg.count):
                weigh(seg.build(i), 0)
        for seg in kinds.get("take_over", []):  # my points up, theirs down
            weigh(seg.build(0), 2 * int(seg.gains[0]))
        if state.points[seat] >= 1 and moves.top_coin - 1 > best_route:
            seg = kinds["both"][-1]  # swap first
            gains = np.asarray(seg.gains)
            good = np.flatnonzero(gains > best_route)
            for i in good[np.argsort(-gains[good], kind="stable")][:30]:
                weigh(seg.build(int(i)), int(gains[i]))
        if not scored:  # pass (or only a bonus trigger)
            m = moves[0]
            return [Candidate(m, state.notation(m))]
        jitter = {id(c): rng.random() for _, _, c in scored}
        scored.sort(key=lambda t: (-t[0], jitter[id(t[2])]))
        return [c for _, _, c in scored[:n]]

    def _route_then_swap(self, state, moves, seg, route_values, weigh, nxt) -> None:
        """The best routes, each followed by every swap (paying 1 point), when the route
        alone leaves the next player a coin that a swap might take away."""
        both = next(s for s in moves.segments if s.kind == "both")
        swaps = next(s for s in moves.segments if s.kind == "swap").count
        for _, i in sorted(route_values, reverse=True)[: self.settings["routes"]]:
            route = state.apply(seg.build(i), check=False)
            if route.is_over or route.phase != "turn":
                continue
            base = reach(route, nxt)
            if base == 0:
                continue
            for k in range(swaps):
                weigh(both.build(i * swaps + k), int(seg.gains[i]) - 1)


def _mask(owned: np.ndarray) -> int:
    return int(sum(1 << s for s in np.flatnonzero(owned)))

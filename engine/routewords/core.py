"""RouteWords' compiled core (:mod:`wordbot.engine.core`): a position packed into one
``int64`` array, whole playouts in one call into the kernels of
``wordbot.movegen.routewords.core_*``, by the policies ``random``, ``greedy`` and the
game's own ``routes``.

Every rule option and every position is played (the ``routes`` player's first turn
under the rule ``pie`` too, weighed against the second player's answer).

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.routewords.game import GAME
>>> state = GAME.new(seed=1, lexicon=Lexicon.from_words(["SIM", "SET", "TEE"]))
>>> packed = CORE.pack(state)
>>> CORE.unpack(packed).to_json() == state.to_json()
True
>>> result = CORE.playout(packed, [GREEDY, GREEDY], np.array([5], np.uint64))
>>> result.ended, len(CORE.moves(CORE.pack(state), result.moves)) == len(result.moves)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

import numpy as np
from wordbot.dictionaries.forward import tiles_of
from wordbot.engine import learned, pie
from wordbot.engine.core import GREEDY, RANDOM, TO_END, Core, Packed, Playout, Playouts
from wordbot.engine.routewords.evaluation import DEFAULT, VALUE_WEIGHTS
from wordbot.engine.routewords.game import GAME
from wordbot.engine.routewords.moves import Bonus, BonusWord, Both, Pass, Route, Swap
from wordbot.engine.routewords.rules import BONUS, SIDE, SIZE, TURN
from wordbot.engine.state import OVER
from wordbot.movegen.routewords import core_play
from wordbot.movegen.routewords import core_state as cs
from wordbot.movegen.routewords.board import SWAPS
from wordbot.movegen.routewords.core_moves import new_scratch
from wordbot.movegen.routewords.core_routes import (
    CLAIM,
    DEFAULTS,
    DENY,
    REACH,
    routes_values,
)
from wordbot.movegen.routewords.core_top import greedy_top

#: the game's own policy, ``routes``, on its default weights and on the hand-set ones
#: (``routes:eval=hand``): the kernels play one set a playout, :func:`weights_of`
ROUTES = core_play.ROUTES
ROUTES_HAND = ROUTES + 1
EVALS = {ROUTES: DEFAULT, ROUTES_HAND: learned.HAND}
#: the first moves of a single playout (none: it plays the position itself)
NO_FIRSTS = np.zeros((0, cs.WIDTH), np.int64)
_PHASES = {TURN: cs.TURN, BONUS: cs.BONUS, OVER: cs.OVER}
_PHASE_NAMES = {v: k for k, v in _PHASES.items()}
_SWAP_NUMBER = {(int(a), int(b)): k for k, (a, b) in enumerate(SWAPS)}
_KINDS = {
    "route": cs.K_ROUTE,
    "swap": cs.K_SWAP,
    "bonus": cs.K_BONUS,
    "pass": cs.K_PASS,
    "take_over": cs.K_TAKE_OVER,
    "bonus_word": cs.K_WORD,
}


class RouteWordsPacked(Packed):
    """A position as a :mod:`~wordbot.movegen.routewords.core_state` array, with what
    the arrays leave out (players, rules, seed, lexicon, origin)."""

    __slots__ = ("array", "meta")

    def __init__(self, array: np.ndarray, meta: dict[str, Any]):
        self.array, self.meta = array, meta

    def copy(self) -> RouteWordsPacked:
        return RouteWordsPacked(self.array.copy(), self.meta)


def _tiles(word: str) -> list[int]:
    spelled = tiles_of(word)
    if spelled is None:
        raise ValueError(f"word: {word!r} cannot be spelled with RouteWords' tiles")
    return [ord(ch) - 65 for ch in spelled]


def _word(tiles) -> str:
    return "".join(chr(65 + int(t)) for t in tiles).replace("Q", "QU")


def _mine(packed: Packed) -> RouteWordsPacked:
    """``packed`` as this core packs it."""
    return cast(RouteWordsPacked, packed)


def _automaton(packed: RouteWordsPacked) -> tuple[np.ndarray, np.ndarray]:
    forward = packed.meta["lexicon"].forward
    return forward.records, forward.below


class RouteWordsCore(Core):
    """See the module docstring."""

    policies: ClassVar[dict[str, int]] = {
        "random": RANDOM,
        "greedy": GREEDY,
        "routes": ROUTES,
        "routes:eval=hand": ROUTES_HAND,
    }
    width = cs.WIDTH

    def plays_together(self, ids: Sequence[int]) -> bool:
        """One playout plays one set of ``routes``' weights."""
        return len(set(ids) & set(EVALS)) < 2

    def refuses(self, state: Any) -> str | None:
        """None: the core plays every rule option and every position."""
        return None

    def to_move(self, packed: Packed) -> int:
        return int(_mine(packed).array[cs.TO_MOVE])

    def is_over(self, packed: Packed) -> bool:
        return bool(_mine(packed).array[cs.PHASE] == cs.OVER)

    # -- packing ------------------------------------------------------------------------
    def pack(self, state: Any) -> RouteWordsPacked:
        st = np.zeros(cs.STATE_SIZE, np.int64)
        n = len(state.players)
        st[cs.TILES : cs.TILES + SIZE * SIZE] = [ord(ch) - 65 for ch in state.grid]
        st[cs.OWNERS : cs.OWNERS + SIZE * SIZE] = state.owners
        st[cs.COINS : cs.COINS + SIDE * SIDE] = state.coins
        for field, values in (
            (cs.PAWNS, state.pawns),
            (cs.SCORE, state.points),
            (cs.TOKENS, state.tokens),
            (cs.TURNS, state.turns),
        ):
            st[field : field + n] = values
        st[cs.KO : cs.KO + 2] = state.ko if state.ko is not None else (-1, -1)
        st[cs.SEATS] = n
        st[cs.TO_MOVE] = state.players.index(state.to_move)
        st[cs.PHASE] = _PHASES[state.phase]
        st[cs.TRIGGER] = state.trigger
        st[cs.PIE_TAKEN] = state.pie_taken
        rules = state.rules
        st[cs.KO_RULE] = rules.ko_rule
        st[cs.TURN_LIMIT] = rules.turn_limit
        st[cs.MIN_WORD] = rules.min_word
        st[cs.BONUS_FULL] = rules.bonus_search != "none"
        st[cs.PIE] = rules.pie
        st[cs.SUB_LETTERS : cs.SUB_LETTERS + cs.MAX_SEATS] = -1
        for seat, word in state.submitted.items():
            tiles = _tiles(word) if word else []
            st[cs.SUB_LETTERS + seat] = len(word) if word else 0
            st[cs.SUB_COUNT + seat] = len(tiles)
            at = cs.SUB_TILES + seat * cs.MAX_PATH
            st[at : at + len(tiles)] = tiles
        meta = {
            "players": state.players,
            "rules": rules,
            "seed": state.seed,
            "lexicon": state.lexicon,
            "origin": state.origin,
            "compensation": float(rules.compensation),
        }
        return RouteWordsPacked(st, meta)

    def unpack(self, packed: Packed) -> Any:
        st, meta = _mine(packed).array, _mine(packed).meta
        players = meta["players"]
        n = len(players)

        def seats(field: int) -> tuple[int, ...]:
            return tuple(int(x) for x in st[field : field + n])

        submitted: dict[int, str | None] = {}
        trigger = int(st[cs.TRIGGER])
        if st[cs.PHASE] == cs.BONUS:
            for k in range(n):
                seat = (trigger + k) % n
                if st[cs.SUB_LETTERS + seat] < 0:
                    break
                at = cs.SUB_TILES + seat * cs.MAX_PATH
                count = int(st[cs.SUB_COUNT + seat])
                submitted[seat] = _word(st[at : at + count]) if count else None
        ko = (int(st[cs.KO]), int(st[cs.KO + 1])) if st[cs.KO] >= 0 else None
        fields = {
            "players": players,
            "to_move": players[int(st[cs.TO_MOVE])],
            "phase": _PHASE_NAMES[int(st[cs.PHASE])],
            "grid": "".join(
                chr(65 + int(t)) for t in st[cs.TILES : cs.TILES + SIZE * SIZE]
            ),
            "owners": tuple(int(x) for x in st[cs.OWNERS : cs.OWNERS + SIZE * SIZE]),
            "coins": tuple(int(x) for x in st[cs.COINS : cs.COINS + SIDE * SIDE]),
            "pawns": seats(cs.PAWNS),
            "points": seats(cs.SCORE),
            "tokens": seats(cs.TOKENS),
            "turns": seats(cs.TURNS),
            "ko": ko,
            "trigger": trigger,
            "submitted": submitted,
            "pie_taken": bool(st[cs.PIE_TAKEN]),
        }
        return GAME.make_state(
            fields,
            rules=meta["rules"],
            seed=meta["seed"],
            lexicon=meta["lexicon"],
            origin=meta["origin"],
        )

    # -- moves ---------------------------------------------------------------------------
    def encode(self, packed: Packed, move: Any) -> np.ndarray:
        row = np.full(cs.WIDTH, -1, np.int64)
        row[cs.COUNT] = 0
        route = None
        if isinstance(move, Both):
            row[cs.KIND] = cs.K_BOTH_ROUTE if move.first == "route" else cs.K_BOTH_SWAP
            row[cs.SWAP] = _SWAP_NUMBER[(move.swap.a, move.swap.b)]
            route = move.route
        else:
            row[cs.KIND] = _KINDS[move.type]
        if isinstance(move, Route):
            route = move
        elif isinstance(move, Swap):
            row[cs.SWAP] = _SWAP_NUMBER[(move.a, move.b)]
        elif isinstance(move, BonusWord) and move.word:
            tiles = _tiles(move.word)
            row[cs.COUNT] = len(tiles)
            row[cs.PATH : cs.PATH + len(tiles)] = tiles
        if route is not None:
            row[cs.END] = route.end
            row[cs.COUNT] = len(route.path)
            row[cs.PATH : cs.PATH + len(route.path)] = route.path
        return row

    def decode(self, packed: Packed, row: np.ndarray) -> Any:
        kind, count = int(row[cs.KIND]), int(row[cs.COUNT])
        path = tuple(int(s) for s in row[cs.PATH : cs.PATH + count])
        if kind == cs.K_WORD:
            return BonusWord(_word(path) if count else None)
        if kind == cs.K_BONUS:
            return Bonus()
        if kind == cs.K_PASS:
            return Pass()
        if kind == cs.K_TAKE_OVER:
            return pie.TakeOver()
        swap = None
        if row[cs.SWAP] >= 0:
            a, b = SWAPS[int(row[cs.SWAP])]
            swap = Swap(int(a), int(b))
        if kind == cs.K_SWAP:
            return swap
        route = Route(path, int(row[cs.END]))
        if kind == cs.K_ROUTE:
            return route
        assert swap is not None
        return Both("route" if kind == cs.K_BOTH_ROUTE else "swap", swap, route)

    def apply(self, packed: Packed, row: np.ndarray) -> None:
        cs.apply(_mine(packed).array, np.asarray(row, np.int64))

    def top(self, packed: Packed, k: int) -> np.ndarray | None:
        mine = _mine(packed)
        records, _ = _automaton(mine)
        return greedy_top(records, mine.array, _scratch(mine), k)

    def key(self, packed: Packed) -> bytes:
        """The fields the state's key holds: a bonus round's trigger and submissions
        only in one (the rules and the players are those of the search's packing)."""
        st = _mine(packed).array
        key = st[: cs.TRIGGER].tobytes() + st[cs.PIE_TAKEN : cs.PIE_TAKEN + 1].tobytes()
        if st[cs.PHASE] != cs.BONUS:
            return key
        n, trigger = int(st[cs.SEATS]), int(st[cs.TRIGGER])
        bonus = [trigger]
        for k in range(n):  # in seat order from the trigger, as unpack reads them
            seat = (trigger + k) % n
            if st[cs.SUB_LETTERS + seat] < 0:
                break
            at, count = cs.SUB_TILES + seat * cs.MAX_PATH, int(st[cs.SUB_COUNT + seat])
            bonus += [seat, count, *st[at : at + count].tolist()]
        return key + np.array(bonus, np.int64).tobytes()

    # -- playouts -----------------------------------------------------------------------
    def _policies(
        self, packed: Packed, policies: Sequence[int]
    ) -> tuple[np.ndarray, np.ndarray]:
        """The kernels' policy ids of ``policies`` and the weights ``routes`` plays."""
        ids = np.asarray(policies, np.int64)
        known = set(self.policies.values())
        if (
            ids.shape != (int(_mine(packed).array[cs.SEATS]),)
            or not set(ids.tolist()) <= known
            or not self.plays_together(ids.tolist())
        ):
            raise ValueError(
                f"policies: one a seat, each of {sorted(known)}, one set of routes' "
                f"weights at most, not {list(policies)}"
            )
        played = set(ids.tolist()) & set(EVALS)
        weights = weights_of(EVALS[played.pop()]) if played else DEFAULTS
        return np.where(ids == ROUTES_HAND, ROUTES, ids), weights

    def playout(
        self,
        packed: Packed,
        policies: Sequence[int],
        rngs: np.ndarray,
        horizon: int = TO_END,
    ) -> Playout:
        mine = _mine(packed)
        records, below = _automaton(mine)
        ids, weights = self._policies(packed, policies)
        if rngs.dtype != np.uint64 or len(rngs) not in (1, len(ids)):
            raise ValueError(
                f"rngs: one generator, or one a seat (uint64), not {len(rngs)} "
                f"of {rngs.dtype}"
            )
        gens = np.ascontiguousarray(rngs)
        moves, scores, ended, _ = core_play.run(
            records,
            below,
            mine.array,
            float(mine.meta["compensation"]),
            NO_FIRSTS,
            ids,
            weights,
            gens,
            horizon,
            False,
            False,
        )
        if gens is not rngs:
            rngs[...] = gens
        return Playout(scores[0, 0], bool(ended[0, 0]), moves)

    def playouts(
        self,
        packed: Packed,
        firsts: np.ndarray,
        policies: Sequence[int],
        seeds: np.ndarray,
        horizon: int = TO_END,
        keep: bool = False,
    ) -> Playouts:
        mine = _mine(packed)
        records, below = _automaton(mine)
        ids, weights = self._policies(packed, policies)
        _, scores, ended, finals = core_play.run(
            records,
            below,
            mine.array,
            float(mine.meta["compensation"]),
            np.ascontiguousarray(firsts, np.int64).reshape(-1, cs.WIDTH),
            ids,
            weights,
            np.array(seeds, np.uint64).reshape(-1),  # a writable copy: the run's signature
            horizon,
            True,
            bool(keep),
        )
        kept: list[list[Packed]] | None = None
        if keep:
            kept = [[RouteWordsPacked(f, mine.meta) for f in row] for row in finals]
        return Playouts(scores, ended, kept)

    def values(self, packed: Packed, policy: int) -> np.ndarray:
        """Every seat's value of the position to the player of ``policy``: ``routes``'
        (on its weights), the others' its margin (the seat's score less the best
        other)."""
        mine = _mine(packed)
        compensation = float(mine.meta["compensation"])
        if policy not in EVALS:
            return cs.margins(mine.array, compensation)
        records, _ = _automaton(mine)
        weights = weights_of(EVALS[policy])
        return routes_values(records, mine.array, _scratch(mine), weights, compensation)


def _scratch(packed: RouteWordsPacked) -> Any:
    """The kernels' buffers, shared by the copies of one packing."""
    scratch = packed.meta.get("scratch")
    if scratch is None:
        scratch = packed.meta["scratch"] = new_scratch(_automaton(packed)[1])
    return scratch


def weights_of(name: str) -> np.ndarray:
    """The kernels' weights of ``routes`` on the value weights ``name`` (``hand``: the
    player's defaults)."""
    slots = (REACH, DENY, CLAIM)  # VALUE_WEIGHTS' places
    return learned.settings(GAME.name, name, VALUE_WEIGHTS, slots, tuple(DEFAULTS))


CORE = RouteWordsCore()

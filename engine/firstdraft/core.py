"""First Draft's compiled core (:mod:`wordbot.engine.core`): a position as one flat array
(:mod:`wordbot.movegen.firstdraft.core_state`), whole playouts by ``random``, ``greedy``
and the game's own ``drafter`` (on the settings it plays unless told, or the hand-set
ones as ``drafter:eval=hand``) in one call
(:mod:`wordbot.movegen.firstdraft.core_play`), the bag, the deck and the reshuffles of
the pile drawn as the engine draws them; and the drafter's value of a position.

Every rule option is played (docs/rules/firstdraft.md, "Rule options"): the coasters,
the line, the coins, the row and pool limits and the payout live in the packed arrays,
``seat_coins`` only deals, and ``compensation`` is added to the scores here.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.firstdraft.game import GAME
>>> state = GAME.new(seed=3, lexicon=Lexicon.from_words(["TEA", "EAT", "TEAS"]))
>>> packed = CORE.pack(state)
>>> CORE.unpack(packed).to_json() == state.to_json()
True
>>> done = CORE.playout(packed, [GREEDY, GREEDY], np.array([1, 2], np.uint64))
>>> done.ended, CORE.unpack(packed).is_over
(True, True)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import numpy as np
from wordbot.engine import learned
from wordbot.engine.core import GREEDY, RANDOM, TO_END, Core, Packed, Playout, Playouts
from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.evaluation import DEFAULT, GAME, VALUE_WEIGHTS
from wordbot.engine.firstdraft.moves import Discard, Draft, Insert, Sell
from wordbot.engine.firstdraft.position import Coaster, Hand
from wordbot.engine.firstdraft.rules import TURN, seat_points
from wordbot.engine.rng import MASK
from wordbot.engine.state import OVER
from wordbot.engine.tiles import LETTERS, TILE_COUNTS
from wordbot.movegen.firstdraft import core_drafter as dr
from wordbot.movegen.firstdraft import core_play as play
from wordbot.movegen.firstdraft import core_state as cs
from wordbot.movegen.firstdraft.core_moves import new_scratches

DRAFTER = play.DRAFTER
#: the drafter on the settings it plays unless told and on the hand-set ones
#: (``drafter:eval=hand``): the kernels play one set a playout, :func:`settings_of`
DRAFTER_HAND = DRAFTER + 1
EVALS = {DRAFTER: DEFAULT, DRAFTER_HAND: learned.HAND}
#: the first moves of a single playout (none: it plays the position itself)
NO_FIRSTS = np.zeros((0, cs.WIDTH), np.int64)
#: the drafter's potentials a word list and rules keep (2 ** this many), and the word
#: lists and rules kept so
MEMO_BITS, MEMOS = 16, 8

KINDS = {Sell: cs.SELL, Discard: cs.DISCARD, Insert: cs.INSERT, Draft: cs.DRAFT}


def _letters(codes) -> str:
    return "".join(chr(65 + int(c)) for c in codes)


def _codes(text: str) -> list[int]:
    return [ord(ch) - 65 for ch in text]


class FirstDraftPacked(Packed):
    """A First Draft position as arrays: ``s`` (the state), ``r`` (the rules), the
    lexicon's subsequence automaton ``delta``, its letter trie ``lexicon`` (records and
    what lies below each node), the drafter's ``params`` and ``memo`` of potentials
    (shared by every position on the same word list and rules: it holds only what they
    and the letters' weights decide), and
    the state it was packed from (players, rules, seed and word list for unpacking)."""

    __slots__ = ("state", "s", "r", "delta", "lexicon", "params", "memo")

    def __init__(self, state, s: np.ndarray, r, delta, lexicon, params, memo):
        self.state, self.s, self.r, self.delta = state, s, r, delta
        self.lexicon, self.params, self.memo = lexicon, params, memo

    def copy(self) -> FirstDraftPacked:
        return self.at(self.s.copy())

    def at(self, s: np.ndarray) -> FirstDraftPacked:
        """The same game at the state ``s``."""
        return FirstDraftPacked(
            self.state, s, self.r, self.delta, self.lexicon, self.params, self.memo
        )

    @property
    def records(self) -> np.ndarray:
        return self.lexicon[0]

    @property
    def arrays(self) -> tuple:
        """What every playout kernel takes first: (s, r, delta, lexicon, params, memo)."""
        return (self.s, self.r, self.delta, self.lexicon, self.params, self.memo)


def _p(packed: Packed) -> FirstDraftPacked:
    """A packed First Draft position (every core method is given its own)."""
    return cast(FirstDraftPacked, packed)


def drafter_params(rules) -> np.ndarray:
    """The drafter's settings (those it plays unless told), letter weights, tile
    counts and the coins a word sells for by length, as the compiled drafter reads
    them."""
    params = np.zeros(dr.P_SIZE, np.float64)
    params[: len(dr.DEFAULTS)] = settings_of(DEFAULT)
    params[dr.P_WEIGHT : dr.P_WEIGHT + 26] = adapter.WEIGHT
    params[dr.P_FULL : dr.P_FULL + 26] = [TILE_COUNTS[c] for c in LETTERS]
    for n in range(rules.row_limit + 1):
        params[dr.P_PAY + n] = rules.pays(n)
    return params


def settings_of(name: str) -> np.ndarray:
    """The compiled drafter's settings on the value settings ``name`` (``hand``: the
    player's defaults)."""
    slots = (dr.P_GROW, dr.P_POOL, dr.P_TURNS)  # VALUE_WEIGHTS' places
    return learned.settings(GAME, name, VALUE_WEIGHTS, slots, dr.DEFAULTS)


def _arrays(packed: FirstDraftPacked, name: str | None) -> tuple:
    """The kernels' arrays of ``packed`` with the drafter on the settings ``name``
    (None: no drafter plays, those it was packed with)."""
    if name is None:
        return packed.arrays
    params = packed.params.copy()
    params[: len(dr.DEFAULTS)] = settings_of(name)
    return packed.arrays[:4] + (params, packed.memo)


def rules_array(rules) -> np.ndarray:
    """The rules as the kernels read them."""
    r = np.zeros(cs.R_SIZE, np.int64)
    r[cs.R_LINE], r[cs.R_ROW_LIMIT], r[cs.R_POOL_LIMIT] = (
        rules.line,
        rules.row_limit,
        rules.pool_limit,
    )
    for n in range(cs.ROW_MAX + 1):
        r[cs.R_PAY + n] = rules.pays(n)
        r[cs.R_SELLS + n] = n in rules.lengths
    return r


def _state_array(state) -> np.ndarray:
    s = np.zeros(cs.SIZE, np.int64)
    s[cs.SEATS], s[cs.MOVER], s[cs.TURN] = len(state.players), state.seat, state.turn
    s[cs.OVER] = state.is_over
    s[cs.LINE_N] = len(state.line)
    for k, coaster in enumerate(state.line, start=1):
        at = cs.coaster_at(k)
        s[at], s[at + 1] = coaster.value, coaster.coins
        s[at + 2 : at + 2 + len(coaster.tiles)] = _codes(coaster.tiles)
    for seat, hand in enumerate(state.hands):
        h = cs.hand_at(seat)
        s[h + cs.COINS], s[h + cs.DISCARDED] = hand.coins, hand.discarded
        for side, row in enumerate(hand.rows):
            s[h + cs.LEN_A + side] = len(row)
            at = h + cs.ROW_A + side * cs.ROW_MAX
            s[at : at + len(row)] = _codes(row)
        s[h + cs.LEN_POOL] = len(hand.pool)
        s[h + cs.POOL : h + cs.POOL + len(hand.pool)] = _codes(hand.pool)
    s[cs.BAG_END] = len(state.bag)
    s[cs.BAG : cs.BAG + len(state.bag)] = _codes(state.bag)
    s[cs.DECK_END] = len(state.deck)
    s[cs.DECK : cs.DECK + len(state.deck)] = state.deck
    s[cs.PILE_N] = len(state.pile)
    s[cs.PILE : cs.PILE + len(state.pile)] = state.pile
    for ch in state.gone:
        s[cs.GONE + ord(ch) - 65] += 1
    rng = state.rng_state & MASK
    s[cs.RNG] = rng - (1 << 64) if rng >> 63 else rng
    return s


class FirstDraftCore(Core):
    """First Draft's compiled core (see the module docstring)."""

    policies: ClassVar[dict[str, int]] = {
        "random": RANDOM,
        "greedy": GREEDY,
        "drafter": DRAFTER,
        "drafter:eval=hand": DRAFTER_HAND,
    }
    width: ClassVar[int] = cs.WIDTH

    def __init__(self):
        self._scratch = None
        # the kernels run without the interpreter's lock and write the scratches and
        # the memos: one thread at a time
        self._lock = threading.Lock()
        # the drafter's potentials by word list and rules: every position packed on
        # them shares one memo (the word list kept, so its id names no other)
        self._memos: dict[tuple, tuple[Any, tuple]] = {}

    def _memo(self, lexicon, rules) -> tuple:
        key = (id(lexicon), rules.row_limit, rules.payout)
        if key not in self._memos:
            if len(self._memos) >= MEMOS:
                del self._memos[next(iter(self._memos))]  # the oldest
            self._memos[key] = (lexicon, dr.new_memo(MEMO_BITS))
        return self._memos[key][1]

    def refuses(self, state: Any) -> str | None:
        """Every rule option is played, and the arrays hold every position the rules
        allow (tests/test_core_firstdraft.py ties their sizes to the rules): only a
        state whose chance is not a generator's integer (a replay's record) is left to
        Python."""
        if not isinstance(state.rng_state, int):
            return "its chance comes from a record, not from a generator the core draws"
        return None

    # -- arrays ------------------------------------------------------------------------
    def pack(self, state: Any) -> FirstDraftPacked:
        trie = state.lexicon.letter_trie
        return FirstDraftPacked(
            state,
            _state_array(state),
            rules_array(state.rules),
            adapter.frozen(adapter.delta(state.lexicon, state.rules)),
            (adapter.frozen(trie.records), adapter.frozen(trie.below)),
            drafter_params(state.rules),
            self._memo(state.lexicon, state.rules),
        )

    def unpack(self, packed: Packed) -> Any:
        s, state = _p(packed).s, _p(packed).state
        line = []
        for k in range(1, int(s[cs.LINE_N]) + 1):
            at = cs.coaster_at(k)
            value = int(s[at])
            line.append(
                Coaster(value, _letters(s[at + 2 : at + 2 + value]), int(s[at + 1]))
            )
        hands = []
        for seat in range(len(state.players)):
            h = cs.hand_at(seat)
            rows = tuple(
                _letters(s[at : at + s[h + cs.LEN_A + side]])
                for side, at in enumerate((h + cs.ROW_A, h + cs.ROW_B))
            )
            pool = _letters(s[h + cs.POOL : h + cs.POOL + s[h + cs.LEN_POOL]])
            hands.append(Hand(int(s[h + cs.COINS]), rows, pool, int(s[h + cs.DISCARDED])))
        gone = "".join(chr(65 + c) * int(s[cs.GONE + c]) for c in range(26))
        return state._copy(
            to_move=state.players[int(s[cs.MOVER])],
            phase=OVER if s[cs.OVER] else TURN,
            turn=int(s[cs.TURN]),
            line=tuple(line),
            hands=tuple(hands),
            bag=_letters(s[cs.BAG + s[cs.BAG_AT] : cs.BAG + s[cs.BAG_END]]),
            gone=gone,
            deck=tuple(
                int(v) for v in s[cs.DECK + s[cs.DECK_AT] : cs.DECK + s[cs.DECK_END]]
            ),
            pile=tuple(int(v) for v in s[cs.PILE : cs.PILE + s[cs.PILE_N]]),
            rng_state=int(s[cs.RNG]) & MASK,
        )

    # -- moves -------------------------------------------------------------------------
    def encode(self, packed: Packed, move: Any) -> np.ndarray:
        row = np.zeros(cs.WIDTH, np.int64)
        row[cs.M_KIND] = KINDS[type(move)]
        if isinstance(move, Draft):
            row[cs.M_ARG] = move.coaster
            for side, text in enumerate(move.rows):
                row[cs.M_LEN_A + side] = len(text)
                at = cs.M_ROWS + side * cs.ROW_MAX
                row[at : at + len(text)] = _codes(text)
            row[cs.M_LEN_POOL] = len(move.pool)
            row[cs.M_POOL : cs.M_POOL + len(move.pool)] = _codes(move.pool)
        else:
            row[cs.M_ARG] = move.row
            if isinstance(move, Insert):
                row[cs.M_AT], row[cs.M_LETTER] = move.at, ord(move.letter) - 65
        return row

    def decode(self, packed: Packed, row: np.ndarray) -> Any:
        kind, arg = int(row[cs.M_KIND]), int(row[cs.M_ARG])
        if kind == cs.SELL:
            return Sell(arg)
        if kind == cs.DISCARD:
            return Discard(arg)
        if kind == cs.INSERT:
            return Insert(arg, int(row[cs.M_AT]), chr(65 + int(row[cs.M_LETTER])))
        a, b = cs.M_ROWS, cs.M_ROWS + cs.ROW_MAX
        rows = (
            _letters(row[a : a + row[cs.M_LEN_A]]),
            _letters(row[b : b + row[cs.M_LEN_A + 1]]),
        )
        pool = _letters(row[cs.M_POOL : cs.M_POOL + row[cs.M_LEN_POOL]])
        return Draft(arg, rows, pool)

    def apply(self, packed: Packed, row: np.ndarray) -> None:
        at = _p(packed)
        cs.apply_move(at.s, at.r, at.records, np.asarray(row, np.int64))

    def to_move(self, packed: Packed) -> int:
        return int(_p(packed).s[cs.MOVER])

    def is_over(self, packed: Packed) -> bool:
        return bool(_p(packed).s[cs.OVER])

    # -- playouts ----------------------------------------------------------------------
    def _scratch_for(self):
        if self._scratch is None:
            self._scratch = new_scratches(256, 256)
        return self._scratch

    def scores(self, packed: FirstDraftPacked, points: np.ndarray) -> np.ndarray:
        """The outcome's scores of seats' ``points`` (coins less discarded tiles, on
        the last axis): each seat's ``compensation`` added."""
        seats = seat_points(packed.state.rules.compensation, points.shape[-1])
        return points.astype(np.float64) + np.array(seats, dtype=np.float64)

    def plays_together(self, ids: Sequence[int]) -> bool:
        """One playout plays one set of the drafter's settings."""
        return len(set(ids) & set(EVALS)) < 2

    def _policies(
        self, packed: FirstDraftPacked, policies: Sequence[int]
    ) -> tuple[np.ndarray, str | None]:
        """The kernels' policy ids of ``policies`` and the drafter's settings they
        play (None: no drafter)."""
        ids = np.asarray(policies, np.int64)
        if (
            ids.shape != (len(packed.state.players),)
            or not np.isin(ids, list(self.policies.values())).all()
            or not self.plays_together(ids.tolist())
        ):
            raise ValueError(
                f"policies: one of {sorted(self.policies.values())} for each of the "
                f"{len(packed.state.players)} seats, one set of the drafter's settings "
                "at most"
            )
        played = set(ids.tolist()) & set(EVALS)
        name = EVALS[played.pop()] if played else None
        return np.where(ids == DRAFTER_HAND, DRAFTER, ids), name

    def playout(
        self,
        packed: Packed,
        policies: Sequence[int],
        rngs: np.ndarray,
        horizon: int = TO_END,
    ) -> Playout:
        packed = _p(packed)
        ids, name = self._policies(packed, policies)
        gens = np.ascontiguousarray(rngs, np.uint64)
        if gens.shape not in ((1,), ids.shape):
            raise ValueError(
                f"rngs: one generator, or one for each of the {len(ids)} seats"
            )
        with self._lock:
            moves, points, ended, _, self._scratch = play.run(
                *_arrays(packed, name),
                NO_FIRSTS,
                ids,
                gens,
                horizon,
                self._scratch_for(),
                False,
                False,
            )
        if gens is not rngs:
            rngs[...] = gens
        return Playout(self.scores(packed, points[0, 0]), bool(ended[0, 0]), moves)

    def playouts(
        self,
        packed: Packed,
        firsts: np.ndarray,
        policies: Sequence[int],
        seeds: np.ndarray,
        horizon: int = TO_END,
        keep: bool = False,
    ) -> Playouts:
        packed = _p(packed)
        ids, name = self._policies(packed, policies)
        rows = np.ascontiguousarray(firsts, np.int64).reshape(-1, cs.WIDTH)
        seeds = np.array(seeds, np.uint64)  # a writable copy: the run's signature
        with self._lock:
            _, points, ended, finals, self._scratch = play.run(
                *_arrays(packed, name),
                rows,
                ids,
                seeds,
                horizon,
                self._scratch_for(),
                True,
                bool(keep),
            )
        kept: list[list[Packed]] | None = None
        if keep:
            count = len(seeds)
            kept = [
                [packed.at(finals[i * count + j]) for j in range(count)]
                for i in range(len(rows))
            ]
        return Playouts(self.scores(packed, points), ended, kept)

    def values(self, packed: Packed, policy: int) -> np.ndarray:
        """Each seat's value of the position by the player of ``policy``: the drafter's
        (its ``value`` on that policy's settings), the others' (the players' default)
        the score margin."""
        packed = _p(packed)
        seats = len(packed.state.players)
        if policy in EVALS and not packed.s[cs.OVER]:
            out = np.empty(seats, np.float64)
            s, r, _, lexicon, params, memo = _arrays(packed, EVALS[policy])
            with self._lock:
                dr.values(s, r, params, lexicon, memo, out)
            return out
        points = np.array([cs.score(packed.s, i) for i in range(seats)], np.int64)
        scores = self.scores(packed, points)
        return np.array(
            [scores[i] - max(np.delete(scores, i)) for i in range(seats)], np.float64
        )


CORE = FirstDraftCore()

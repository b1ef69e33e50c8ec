"""``drafter``: First Draft's heuristic player.

It values a hand as its score plus what each row can still become plus a little for each
pool letter, and plays the move that raises that value most. A row is worth the best of
its sale now (when it is a word) and ``grow`` times its *potential*: the best word that
holds it, weighed by how likely the missing letters are to come
(:mod:`wordbot.movegen.firstdraft.potential`). A letter's chance follows how common it is
among the tiles, scaled by how many of it are still unseen (in the bag or on the line:
public, since only the bag's order is hidden) against how many an average letter has
left; a letter none of which is left cannot come at all. Potentials shrink as the bag
empties: a row needs turns to grow.

So a draft is weighed by its coins now (the coaster's coins, less its price and the
letters the pool cannot keep) and how much nearer it brings the rows to good words; a
row is sold when the word it is pays more than what it could grow into plus a fresh
row's potential; a dead row (no word holds it) is discarded while a fresh row is worth
more than the letters lost. Drafts are weighed a group at a time (the rows a draft can
make, grouped by the letters they use), so a turn with thousands of drafts is weighed
quickly.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.games import get_game
>>> state = get_game("firstdraft").new(seed=4, lexicon=Lexicon.from_words(["TEA", "EAT"]))
>>> DrafterPlayer().top(state, 1)[0].move.type
'draft'
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import numpy as np
from wordbot.engine.firstdraft import adapter
from wordbot.engine.firstdraft.evaluation import DEFAULT, VALUE_WEIGHTS, weights
from wordbot.engine.firstdraft.moves import Draft
from wordbot.engine.state import GameState
from wordbot.engine.tiles import FULL_BAG, LETTERS
from wordbot.players.base import (
    Candidate,
    Option,
    Player,
    Progress,
    Shortlist,
    played_weights,
)

if TYPE_CHECKING:
    from wordbot.engine.firstdraft.legal import FirstDraftMoves
    from wordbot.engine.firstdraft.moves import Discard, Sell
    from wordbot.engine.firstdraft.state import FirstDraftState

#: how likely a missing letter is to come, by how common it is among the 98 tiles
WEIGHT = adapter.WEIGHT
_FULL = np.array([FULL_BAG.count(c) for c in LETTERS], np.float64)


def unseen_weights(state: FirstDraftState) -> np.ndarray:
    """:data:`WEIGHT` scaled by how many of each letter are unseen (bag and line) against
    an even share of what is unseen, in quarters up to 1: a scarce letter weighs less, a
    used-up one 0, a plentiful one as among all the tiles. Quarters keep the weights,
    and so the cached potentials, the same over many turns.

    >>> from wordbot.dictionaries import Lexicon
    >>> from wordbot.engine.games import get_game
    >>> state = get_game("firstdraft").new(seed=4, lexicon=Lexicon.from_words(["TEA"]))
    >>> bool((unseen_weights(state) == WEIGHT).all())  # at the start all are unseen
    True
    >>> float(unseen_weights(state._copy(bag="", line=()))[0])
    0.0
    """
    unseen = np.zeros(len(LETTERS), np.float64)
    for ch in state.bag + "".join(c.tiles for c in state.line):
        unseen[ord(ch) - 65] += 1
    total = unseen.sum()
    if total == 0:
        return np.zeros(len(LETTERS), np.float64)
    share = np.divide(
        unseen * len(FULL_BAG), _FULL * total, out=np.zeros_like(unseen), where=_FULL > 0
    )
    return WEIGHT * np.minimum(1.0, np.round(share * 4) / 4)


#: a row's sale now (0 unless it is a word) and its growth potential
Row = tuple[float, float]


def row_worth(row: Row, time: float) -> float:
    """What a row is worth: its sale now, or ``time`` times what it can grow into."""
    return max(row[0], time * row[1])


def own_turns(state: FirstDraftState) -> float:
    """The turns each player has left, by the tiles in the bag (three a draft)."""
    return len(state.bag) / 3.0 / len(state.players)


def time_weight(turns_left: float, evaluation: Mapping[str, float]) -> float:
    """How much a row's growth counts with ``turns_left`` own turns left: ``grow``,
    less below ``turns`` of them.

    >>> time_weight(1.5, {"grow": 0.8, "turns": 3.0})
    0.4
    """
    return min(1.0, turns_left / evaluation["turns"]) * evaluation["grow"]


def _pay(rules) -> np.ndarray:
    """The coins a word of each length sells for (0 where it does not sell)."""
    pay = np.zeros(rules.row_limit + 1)
    for length, coins in rules.payout:
        if length <= rules.row_limit:
            pay[length] = coins
    return pay


class DrafterPlayer(Player):
    """Coins now and what the rows can still become (see the module docstring)."""

    name = "drafter"
    description = "coins now, what the rows can still become, a useful pool"
    games = frozenset({"firstdraft"})
    options = {
        "grow": Option(float, 0.8, "weight of what a row can still become"),
        "pool": Option(float, 0.15, "value of a pool letter, times its weight"),
        "turns": Option(float, 3.0, "own turns left below which potentials shrink"),
        "unseen": Option(
            bool,
            True,
            "weigh missing letters by the tiles not yet seen "
            "(false: by the whole tile set)",
        ),
        "eval": Option(
            str,
            DEFAULT,
            "grow, pool and turns: hand (the options' own) or a file wordbot learn wrote",
        ),
    }

    def __init__(self, **options):
        super().__init__(**options)
        #: the value's settings played, by name (``VALUE_WEIGHTS``)
        self.evaluation = dict(
            zip(
                VALUE_WEIGHTS,
                played_weights(self.settings, options, VALUE_WEIGHTS, weights),
                strict=True,
            )
        )
        self._potentials: OrderedDict[tuple, tuple[float, float]] = OrderedDict()

    # -- values ------------------------------------------------------------------------
    def weights(self, state: FirstDraftState) -> np.ndarray:
        """How likely each missing letter is to come (see the module docstring)."""
        return unseen_weights(state) if self.settings["unseen"] else WEIGHT

    def potentials(
        self, state: FirstDraftState, rows: list[str]
    ) -> dict[str, tuple[float, float]]:
        """(best, growth) potential of each row (cached per word list, rules and
        weights)."""
        rules = state.rules
        weight = self.weights(state)
        key = (id(state.lexicon), rules.row_limit, rules.payout, weight.tobytes())
        missing = [r for r in set(rows) if (key, r) not in self._potentials]
        if missing:
            found = adapter.row_potentials(
                state.lexicon,
                missing,
                weight,
                _pay(rules),
                rules.row_limit,
                rules.row_limit,
            )
            for r, (best, grow) in zip(missing, found.tolist()):
                self._potentials[(key, r)] = (best, grow)
        out = {r: self._potentials[(key, r)] for r in rows}
        while len(self._potentials) > 200_000:  # the oldest first
            self._potentials.popitem(last=False)
        return out

    def _time(self, state: FirstDraftState) -> float:
        """How much a row's growth counts: less once the player has few turns left."""
        return time_weight(own_turns(state), self.evaluation)

    def row_facts(self, state: FirstDraftState, rows: list[str]) -> dict[str, Row]:
        """Each row's sale now (0 unless it is a word) and growth potential."""
        pots = self.potentials(state, rows)
        return {
            r: (state.rules.pays(len(r)) if state.is_word(r) else 0.0, pots[r][1])
            for r in rows
        }

    def _row_values(self, state: FirstDraftState, rows: list[str]) -> dict[str, float]:
        """What each row is worth: its sale now, or what it can grow into."""
        time = self._time(state)
        return {r: row_worth(f, time) for r, f in self.row_facts(state, rows).items()}

    def seat_facts(self, state: FirstDraftState) -> list[tuple[float, list[Row]]]:
        """Each seat's score and the facts of its rows (a row two hold counts once):
        what its worth is made of."""
        return [
            (
                float(h.score),
                list(self.row_facts(state, list(dict.fromkeys(h.rows))).values()),
            )
            for h in state.hands
        ]

    def value(self, state: GameState, viewer: str) -> float:
        """``viewer``'s score and rows' worth less the best other player's (a playout's
        end as this player sees it; the finished game: the score margin)."""
        state = cast("FirstDraftState", state)  # the games it plays: First Draft
        if state.is_over:
            return super().value(state, viewer)
        time = self._time(state)
        worth = {
            p: score + sum(row_worth(f, time) for f in rows)
            for p, (score, rows) in zip(state.players, self.seat_facts(state))
        }
        return worth[viewer] - max(v for p, v in worth.items() if p != viewer)

    def _pool_value(self, letters: str, weight: np.ndarray) -> float:
        return self.evaluation["pool"] * float(sum(weight[ord(c) - 65] for c in letters))

    @staticmethod
    def _keep(letters: str, size: int) -> str:
        """The ``size`` letters of ``letters`` worth most in the pool (the commoner among
        all the tiles: they fit more words)."""
        ranked = sorted(letters, key=lambda c: (-WEIGHT[ord(c) - 65], c))
        return "".join(sorted(ranked[:size]))

    # -- choosing ----------------------------------------------------------------------
    def _top(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        state = cast("FirstDraftState", state)  # the games it plays: First Draft
        moves = cast("FirstDraftMoves", state.bot_moves())
        hand = state.hand
        fresh = self._row_values(state, [""])[""]
        old = self._row_values(state, list(hand.rows))
        ranked = Shortlist(rng)

        def add(move, value: float, points: int, rows=None) -> None:
            details: dict[str, float] = {"coins_now": int(points)}
            if rows is not None:
                details["rows_worth"] = round(float(sum(rows)), 2)
            move_text = state.notation(move)
            candidate = Candidate(
                move, move_text, int(points), float(value), details=details
            )
            ranked.add(value, candidate)

        for seg in moves.segments:
            if seg.kind in ("sell", "discard"):
                for i in range(seg.count):
                    move = seg.build(i)
                    row = hand.rows[move.row]
                    gain = int(seg.gains[i])
                    value = (
                        gain + fresh - old[row]
                        if seg.kind == "discard"
                        else (gain + fresh - self._row_values(state, [row])[row])
                    )
                    add(move, value, gain)
        for seg in moves.segments:
            if seg.kind == "draft":
                _ = seg.count  # works the coaster's drafts out (into moves.drafts)
        for k, options in sorted(moves.drafts.items()):
            self._weigh_drafts(state, k, options, old, add)
        if not ranked:
            move, gain = moves.best(1, rng)[0]
            return [Candidate(move, state.notation(move), points=gain, equity=gain)]
        chosen = ranked.best(n)
        for cand in chosen:
            rows = (
                cand.move.rows
                if isinstance(cand.move, Draft)
                else tuple(
                    "" if r == cast("Sell | Discard", cand.move).row else row
                    for r, row in enumerate(hand.rows)
                )
            )
            cand.details["targets"] = self._targets(state, rows)
        return chosen

    def _targets(self, state: FirstDraftState, rows) -> str:
        """What each row is heading for: ``A: SOFTEN, B: -``."""
        rules = state.rules
        weight = self.weights(state)
        words = [
            adapter.row_target(
                state.lexicon, row, weight, _pay(rules), rules.row_limit, rules.row_limit
            )
            for row in rows
        ]
        return ", ".join(f"{name}: {w or '-'}" for name, w in zip("AB", words))

    def _weigh_drafts(self, state: FirstDraftState, k: int, options, old, add) -> None:
        """Every group pair of coaster ``k``: its best rows and best pool."""
        hand, rules = state.hand, state.rules
        coaster = state.line[k - 1]
        gain = coaster.coins - (k - 1)
        weight = self.weights(state)
        time = self._time(state)
        best_rows = []
        for fill, before in ((options.a, hand.rows[0]), (options.b, hand.rows[1])):
            tops, worth = adapter.best_fillings(
                state.lexicon, fill, old[before], time, weight, _pay(rules)
            )
            best_rows.append((fill, tops.tolist(), worth.tolist()))
        (fa, top_a, wa), (fb, top_b, wb) = best_rows
        base = gain + 0.0 - self._pool_value(hand.pool, weight)
        for ga, gb, _choices, dropped in options.pairs.tolist():
            ia, ib = top_a[ga], top_b[gb]
            rest = options.counts - options.a.used[ia] - options.b.used[ib]
            left = "".join(ch * int(c) for ch, c in zip(options.kinds, rest))
            pool = (
                left
                if len(left) <= rules.pool_limit
                else self._keep(left, rules.pool_limit)
            )
            value = base - dropped + wa[ga] + wb[gb] + self._pool_value(pool, weight)
            add(
                Draft(k, (fa.row(ia), fb.row(ib)), pool),
                value,
                gain - dropped,
                rows=(wa[ga], wb[gb]),
            )


__all__ = [
    "DrafterPlayer",
    "WEIGHT",
    "own_turns",
    "row_worth",
    "time_weight",
    "unseen_weights",
]

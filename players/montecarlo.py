"""``mc``: Monte Carlo lookahead over the top candidates of ``control``.

Each iteration samples what the mover cannot see (opponents' racks from the unseen
tiles; future dice and draws through a fresh seed) and plays every surviving candidate
forward with the same sample (common random numbers: the candidates are compared on
equal futures) using ``control`` as the fast policy, to the end of the round by default
(``plies=N`` for a fixed depth, ``to_end=true`` for the whole game). A playout ends in
the static equity of the position (:func:`control.static_value`). Candidates are ranked
by mean final margin (or win rate); one whose confidence interval falls wholly below the
leader's is dropped, and the search stops when one is left, or at the time or
iteration limit.

The playout itself runs on the numba move generator and evaluation kernels; Python only
steps the engine state between them.
"""

from __future__ import annotations

import math
import random
import time

from wordbot.players.base import Candidate, Limit, Option, Player
from wordbot.players.controlword.control import ControlPlayer, static_value
from wordbot.players.registry import register

Z = 2.0  # width of the confidence intervals, in standard errors


def sample_hidden(state, mover: str, rng: random.Random):
    """``state`` with every opponent's rack replaced by a draw from the tiles the mover
    cannot see (that opponent's bag and rack for own-colour tiles; the blue bags and
    the opponents' blue tiles for blue ones), sizes kept."""
    opponents = [c for c in state.players if c != mover]
    racks = {c: state.racks.get(c) for c in opponents}
    blue_pool = list(state.bags["blue_vowels"] + state.bags["blue_consonants"])
    for c, rack in racks.items():
        blue_pool += [ch.upper() for ch in rack or "" if ch.islower()]
    rng.shuffle(blue_pool)
    cleared = state.with_racks({c: "" for c, r in racks.items() if r is not None})
    sampled = {}
    for c, rack in racks.items():
        own_pool = list(cleared.bags[c])
        rng.shuffle(own_pool)
        if rack is None:  # unknown to everyone: a full rack of own tiles
            own_n, blue_n = min(state.rack_limit, len(own_pool)), 0
        else:
            own_n = sum(ch.isupper() for ch in rack)
            blue_n = len(rack) - own_n
        blue = [blue_pool.pop().lower() for _ in range(min(blue_n, len(blue_pool)))]
        sampled[c] = "".join(own_pool[:own_n]) + "".join(blue)
    return cleared.with_racks(sampled)


class _Arm:
    __slots__ = ("equity", "points", "control", "move", "notation", "values", "wins")

    def __init__(self, cand: Candidate):
        self.equity = cand.equity
        self.points = cand.points
        self.control = cand.control_change
        self.move = cand.move
        self.notation = cand.notation
        self.values: list[float] = []
        self.wins = 0

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return sum(self.values) / self.n if self.values else -math.inf

    @property
    def stderr(self) -> float:
        if self.n < 2:
            return math.inf
        m = self.mean
        var = sum((v - m) ** 2 for v in self.values) / (self.n - 1)
        return math.sqrt(var / self.n)

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.values else 0.0


@register
class MonteCarloPlayer(Player):
    """Monte Carlo lookahead (see the module docstring)."""

    name = "mc"
    description = "Monte Carlo lookahead over control's top candidates"
    options = {
        "time": Option(float, 1.0, "seconds per decision (Limit.time wins)"),
        "k": Option(int, 5, "candidates taken from control"),
        "plies": Option(int, 0, "plies to play forward; 0: to the end of the round"),
        "to_end": Option(bool, False, "play every playout to the end of the game"),
        "iterations": Option(int, 0, "playouts per candidate at most; 0: no cap"),
        "by": Option(str, "margin", "rank by mean 'margin' or by 'winrate'"),
    }

    def __init__(self, seed: int = 0, **options):
        super().__init__(seed, **options)
        if self.settings["by"] not in ("margin", "winrate"):
            from wordbot.players.base import PlayerError

            raise PlayerError(f"player mc: option by={self.settings['by']!r} is not "
                              "'margin' or 'winrate'")
        self.policy = ControlPlayer(seed, explain=False)
        self.control = ControlPlayer(seed)
        self.playouts = 0  # playouts of the last decision

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.policy.reseed(seed)
        self.control.reseed(seed)

    def _limits(self, limit: Limit | None) -> tuple[float, int, int]:
        limit = limit or Limit()
        seconds = limit.time if limit.time is not None else self.settings["time"]
        cap = limit.iterations if limit.iterations is not None else self.settings["iterations"]
        plies = limit.plies if limit.plies is not None else self.settings["plies"]
        return seconds, cap, plies

    def _playout(self, state, mover: str, sample_seed: int, plies: int) -> float:
        rng = random.Random(sample_seed)
        state = sample_hidden(state, mover, rng).with_seed(sample_seed)
        start_round = state.round
        steps = 0
        while not state.is_over:
            if plies and steps >= plies:
                break
            if not plies and not self.settings["to_end"] and state.round != start_round:
                break
            state = state.apply(self.policy.choose(state), check=False)
            steps += 1
        return static_value(state, mover)

    def analyse(self, state, limit: Limit | None = None, top: int | None = 10, progress=None):
        """Ranked candidates; ``progress(candidates)`` is called after every round of
        playouts with the ranking so far, and the search stops when it returns True."""
        if state.phase == "over":
            return []
        started = time.perf_counter()
        seconds, cap, plies = self._limits(limit)
        cands = self.control.analyse(state, top=self.settings["k"])
        arms = [_Arm(c) for c in cands]
        alive = list(arms)
        mover = state.to_move
        after = {id(a): state.apply(a.move, check=False) for a in arms}
        self.playouts = 0
        # at least one playout per candidate, however small the limit
        while len(alive) > 1:
            sample_seed = self.rng.getrandbits(63)
            for arm in alive:
                value = self._playout(after[id(arm)], mover, sample_seed, plies)
                arm.values.append(value)
                arm.wins += value > 0
                self.playouts += 1
            elapsed = time.perf_counter() - started
            if cap and alive[0].n >= cap:
                break
            if elapsed >= seconds:
                break
            if progress is not None and progress(self._ranking(arms, cands)[:top]):
                break
            alive = self._survivors(alive)
        return self._ranking(arms, cands)[:top]

    def _ranking(self, arms: list[_Arm], cands: list[Candidate]) -> list[Candidate]:
        key = (lambda a: a.win_rate) if self.settings["by"] == "winrate" else (lambda a: a.mean)
        ranked = sorted(arms, key=lambda a: (a.n > 0, key(a), a.equity), reverse=True)
        by_move = {a.move: c.words for a, c in zip(arms, cands)}
        return [Candidate(arm.move, arm.notation, points=arm.points, control_change=arm.control,
                          equity=arm.mean if arm.n else arm.equity,
                          win_rate=arm.win_rate if arm.n else None, iterations=arm.n,
                          words=by_move[arm.move]) for arm in ranked]

    def _survivors(self, alive: list[_Arm]) -> list[_Arm]:
        if alive[0].n < 4:
            return alive
        if self.settings["by"] == "winrate":
            def bounds(a):
                p = a.win_rate
                half = Z * math.sqrt(max(p * (1 - p), 0.25 / a.n) / a.n)
                return p - half, p + half
        else:
            def bounds(a):
                return a.mean - Z * a.stderr, a.mean + Z * a.stderr
        best_low = max(bounds(a)[0] for a in alive)
        return [a for a in alive if bounds(a)[1] >= best_low]

    def choose(self, state, limit: Limit | None = None):
        return self.analyse(state, limit, top=1)[0].move

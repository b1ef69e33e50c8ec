"""``mc``: determinized Monte Carlo lookahead over the best candidates of the game's
default policy, for every game.

Each iteration samples what the mover cannot see (``state.determinize``: hidden racks,
bags, decks) and a future (a fresh seed for the state's generator), and plays every
surviving candidate forward with that same sample (common random numbers: the
candidates are compared on equal futures), using the game's playout policy (its
profile's ``playout_policy``, a millisecond a move or less: Control Word's ``control``,
the others' ``greedy``), to where the game says a playout stops
(``game.playout_done``: Control Word's round) by default, ``plies=N`` moves, or the end
(``to_end=true``). A playout ends in the game's default policy's static value of the
position for the mover. Candidates are ranked by mean final value (or win rate); one
whose confidence interval falls wholly below the leader's is dropped, and the search
stops when one is left, or at the time or iteration limit.

The time is kept over the player's decisions, as a clock is: a round of playouts is not
begun when it would end past the decision's time, and a decision that overran (its
policy's candidates alone can take longer) leaves the next ones that much less, down to
a quarter of ``time``, so that the decisions average ``time``. Where the first rounds
of the decisions before took long a candidate (slow playouts), a decision plays only
its best candidates that the time left holds at that pace (two at least).

A candidate reports a win rate (the share of its playouts the mover won, a shared first
place counting half, with its 95 % interval) and its mean final margin only when every
one of its playouts reached the end of the game; otherwise no win rate (a position
ahead at a horizon is not a game won) and, as its ``margin``, the mean value where the
playouts stopped (``margin_at``: ``"horizon"``).

>>> MonteCarloPlayer(iterations=2, k=3).spec
'mc:k=3,iterations=2'
"""

from __future__ import annotations

import math
import random
import time

from wordbot.engine.game import Game
from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState
from wordbot.players.base import Candidate, Option, Player, PlayerError, Progress
from wordbot.players.playouts import End, Playouts, horizon_of
from wordbot.players.profile import profile_of

Z = 2.0  # width of the confidence intervals, in standard errors
#: the least share of ``time`` a decision is given, however far the ones before overran
LEAST_SHARE = 0.25
#: the most a player's clock carries, in decisions' ``time``: one slow game does not
#: starve the next
MOST_OVERRUN = 10.0


class _Arm:
    """A candidate's playouts: the value each ended in (what candidates are ranked by),
    how many were valued above 0 (what ``by=winrate`` ranks by), their wins as reported
    (1, a shared first place or a level value 1/2, 0), and how many reached the end of
    the game, with the sum of the final margins there."""

    __slots__ = ("_stats", "ahead", "cand", "ended", "final", "values", "wins")

    def __init__(self, cand: Candidate):
        self.cand = cand
        self.values: list[float] = []
        self.ahead = 0
        self.wins = 0.0
        self.ended = 0
        self.final = 0.0
        # (values, count, mean, stderr): a search asks for an arm's mean and interval
        # several times between two playouts, each an O(n) pass
        self._stats: tuple[list[float], int, float, float] | None = None

    def add(self, end: End) -> None:
        """A playout that stopped at ``end``: won or lost by the game's result at the
        end of the game, by the value's sign before."""
        self.values.append(end.value)
        self.ahead += end.value > 0
        if end.ended:
            self.ended += 1
            self.final += end.margin
            self.wins += end.win
        else:
            self.wins += 1.0 if end.value > 0 else 0.5 if end.value == 0 else 0.0

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def to_end(self) -> bool:
        """Whether every playout (one at least) reached the end of the game."""
        return 0 < self.ended == self.n

    def _moments(self) -> tuple[float, float]:
        """The values' mean and standard error, computed once for each count."""
        values, n = self.values, len(self.values)
        stats = self._stats
        if stats is None or stats[0] is not values or stats[1] != n:
            mean = sum(values) / n if n else -math.inf
            stderr = math.inf
            if n >= 2:
                var = sum((v - mean) ** 2 for v in values) / (n - 1)
                stderr = math.sqrt(var / n)
            stats = self._stats = (values, n, mean, stderr)
        return stats[2], stats[3]

    @property
    def mean(self) -> float:
        return self._moments()[0]

    @property
    def stderr(self) -> float:
        return self._moments()[1]

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.values else 0.0

    @property
    def ahead_rate(self) -> float:
        return self.ahead / self.n if self.values else 0.0


def _interval(wins: float, n: int) -> tuple[float, float]:
    """The 95 % (Wilson) interval of a win rate of ``wins`` in ``n``.

    >>> [round(x, 3) for x in _interval(8, 10)]
    [0.49, 0.943]
    """
    if n == 0:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class MonteCarloPlayer(Player):
    """Monte Carlo lookahead (see the module docstring)."""

    name = "mc"
    description = (
        "Monte Carlo lookahead over the best candidates of the game's default policy"
    )
    _overrun = 0.0  # seconds the decisions so far took beyond their time (the clock)
    _seconds = 0.0  # this decision's time (set by _top)
    options = {
        "time": Option(float, 1.0, "seconds per decision"),
        "k": Option(int, 5, "candidates taken from the game's default policy"),
        "rollout": Option(
            str,
            "",
            "player spec that plays the playouts; empty: the game's playout policy "
            "(Control Word: control, the others: greedy)",
        ),
        "leaf": Option(
            str,
            "",
            "player spec whose value scores a playout's end; empty: the game's default "
            "policy",
        ),
        "plies": Option(
            int,
            0,
            "moves to play forward; 0: to where the game stops a "
            "playout (Control Word: the end of the round)",
        ),
        "to_end": Option(bool, False, "play every playout to the end of the game"),
        "iterations": Option(int, 0, "playouts per candidate at most; 0: no cap"),
        "by": Option(
            str, "margin", "rank by mean 'margin' (the policy's value) or by 'winrate'"
        ),
    }

    def __init__(self, **options):
        super().__init__(**options)
        if self.settings["by"] not in ("margin", "winrate"):
            raise PlayerError(
                f"player mc: option by={self.settings['by']!r} is not 'margin' or 'winrate'"
            )
        self._policies: dict[str, Player] = {}
        # by game: the seconds a candidate's playout took in the first rounds so far
        self._paces: dict[str, float] = {}
        self.playouts = 0  # playouts of the last decision
        self._width = self.settings["k"]  # candidates a decision weighs
        self.to_end = bool(self.settings["to_end"])  # the last decision played to the end

    def policy(self, game: Game, rollout: bool = False, leaf: bool = False) -> Player:
        """The game's default policy (it gives the candidates), or with ``rollout`` the
        playouts' player (the ``rollout`` option, else the game's playout policy), or
        with ``leaf`` the player that values their ends (the ``leaf`` option, else the
        default policy); made once per game."""
        profile = profile_of(game)
        spec = profile.default_policy
        if rollout:
            spec = self.settings["rollout"] or profile.playout_policy
        if leaf and self.settings["leaf"]:
            spec = self.settings["leaf"]
        policy = self._policies.get(spec + ":" + game.name)
        if policy is None:
            from wordbot.players.registry import make_player

            policy = self._policies[spec + ":" + game.name] = make_player(spec, game)
        return policy

    def _top(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        """:meth:`_decide` on the time the player's clock leaves this decision."""
        given = self.settings["time"]
        self._seconds = max(LEAST_SHARE * given, given - self._overrun)
        started = time.perf_counter()
        try:
            return self._decide(state, n, rng, progress)
        finally:
            spent = time.perf_counter() - started
            self._overrun = min(
                MOST_OVERRUN * given, max(0.0, self._overrun + spent - given)
            )

    def _decide(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        started = self._started()
        seconds, cap = self._seconds, self.settings["iterations"]
        arms = [_Arm(c) for c in self.policy(state.game).top(state, self._width, rng)]
        policy = self.policy(state.game, rollout=True)
        leaf = self.policy(state.game, leaf=True)
        alive = list(arms)
        mover = state.to_move
        self.playouts = 0
        self.to_end = self._plays_to_end(state, policy, rng)
        playouts = Playouts(state.game, policy, leaf)
        horizon = horizon_of(self.settings["plies"], self.to_end)
        pace = self._paces.get(state.game.name)
        first = True
        # at least one playout per candidate, however small the limit; but where the
        # first rounds before ran slow, only the best candidates the time left holds at
        # their pace (two at least)
        while len(alive) > 1:
            if first and pace:
                room = (seconds - (time.perf_counter() - started)) / pace
                alive = alive[: max(2, int(room))]
            round_started = time.perf_counter()
            sample_seed = rng.getrandbits(63)
            # the hidden parts are sampled before a candidate is applied: applying one to
            # the true state would show the mover what it draws (tiles, a new coaster);
            # the future follows sample_seed, so every candidate meets the same one
            sample = state.determinize(mover, random.Random(sample_seed)).with_seed(
                sample_seed
            )
            ends = playouts.run(
                sample, [arm.cand.move for arm in alive], sample_seed, horizon, mover
            )
            for arm, end in zip(alive, ends):
                arm.add(end)
            self.playouts += len(alive)
            if cap and alive[0].n >= cap:
                break
            if progress is not None and progress(self._ranking(arms)[:n]):
                break
            survivors = self._survivors(alive)
            # a round takes its time a candidate: stop when the next one, as long a
            # candidate as this one was, would end past the time
            now = time.perf_counter()
            if first:  # the slowest round (nothing found yet that it can reuse)
                took = (now - round_started) / len(alive)
                self._paces[state.game.name] = took if pace is None else (took + pace) / 2
                first = False
            round_time = (now - round_started) * len(survivors) / len(alive)
            if now + round_time - started >= seconds:
                break
            alive = survivors
        return self._ranking(arms)[:n]

    # -- what a search player built on this one changes --------------------------------
    def _started(self) -> float:
        """When this decision's clock started."""
        return time.perf_counter()

    def _plays_to_end(self, state: GameState, policy: Player, rng: random.Random) -> bool:
        """Whether this decision's playouts go to the end of the game."""
        return bool(self.settings["to_end"])

    def _key(self, arm: _Arm) -> float:
        """What arms are ranked by."""
        return arm.ahead_rate if self.settings["by"] == "winrate" else arm.mean

    def _bounds(self, arm: _Arm) -> tuple[float, float]:
        """The confidence interval of :meth:`_key` (arms with at least 4 playouts)."""
        if self.settings["by"] == "winrate":
            p = arm.ahead_rate
            half = Z * math.sqrt(max(p * (1 - p), 0.25 / arm.n) / arm.n)
            return p - half, p + half
        return arm.mean - Z * arm.stderr, arm.mean + Z * arm.stderr

    def _candidate(self, arm: _Arm) -> Candidate:
        """An arm as the candidate it reports: its win rate (and interval) and mean final
        margin where every playout reached the end of the game, else the mean value
        where they stopped, as the margin at the horizon."""
        cand = Candidate(
            arm.cand.move,
            arm.cand.notation,
            points=arm.cand.points,
            equity=arm.mean if arm.n else arm.cand.equity,
            iterations=arm.n,
            details=dict(arm.cand.details),
        )
        if arm.to_end:
            cand.win_rate, cand.interval = arm.win_rate, _interval(arm.wins, arm.n)
            cand.margin, cand.margin_at = arm.final / arm.n, "end"
        elif arm.n:
            cand.margin, cand.margin_at = arm.mean, "horizon"
        return cand

    def _ranking(self, arms: list[_Arm]) -> list[Candidate]:
        ranked = sorted(
            arms, key=lambda a: (a.n > 0, self._key(a), a.cand.equity), reverse=True
        )
        return [self._candidate(a) for a in ranked]

    def _survivors(self, alive: list[_Arm]) -> list[_Arm]:
        if alive[0].n < 4:
            return alive
        bounds = [self._bounds(a) for a in alive]
        best_low = max(low for low, _ in bounds)
        return [a for a, (_, high) in zip(alive, bounds) if high >= best_low]

    def _choose(self, state: GameState, rng: random.Random) -> Move:
        return self._top(state, 1, rng, None)[0].move

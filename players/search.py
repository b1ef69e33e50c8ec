"""``search``: one anytime search for every game, within a time or iteration budget.

A game with hidden information (Control Word, First Draft), and one whose profile's
``search_tree`` (``tree``) is ``sim`` (Cross words combat), is searched by determinized
simulation, as :mod:`~wordbot.players.montecarlo` does: the game's own candidates, each
played out on the same sampled futures (common random numbers), a candidate dropped
once its confidence interval falls below the leader's, the search stopped when one is
left. Far from the end, a playout stops ``playout`` moves on (the game's
``playout_moves``), else at the game's horizon (``game.playout_done``), and candidates
are ranked by the mean margin the policy's value gives there, blended with the policy's
own valuation of the candidate as if that were ``prior`` playouts more (the game's
``policy_weight``: a few playouts alone overrule the policy by their noise).
Once the end is near (a greedy probe playout ends within ``end`` moves), every playout
goes to the end and candidates are ranked by win probability with the margin blended
in (a playout is worth 1 for a win, 1/2 for a tie, 0 for a loss, plus ``blend`` times
tanh(margin / ``scale``)). The last ``exact`` moves of the game (once the probe finds
the end that near) are searched exactly: every own move, each met by the replies best
for the players making them, on sampled racks, bags and decks, the final margins at the
leaves. Both are off by default (``end=0``): at 0.1 s a move a playout to the end is
too slow and too noisy to rank by (in Control Word they lost to ``mc``).

Another game of perfect information (RouteWords: no chance after the deal) is searched
by a tree over the game's policy's top ``k`` candidates at the root and ``inner``'s top
``k`` below it, each leaf valued by the game's policy (or ``leaf``) after a short
playout (``playout``) as the chance of winning its value promises, 1 / (1 +
exp(-value / ``scale``)), positions met along two orders of moves shared through a table
keyed by their transposition keys: with ``tree=ab`` by iterative-deepening alpha-beta
(:mod:`~wordbot.players.alphabeta`), every other player taken to play against the
mover, its leaves two moves past the tree's; with ``tree=mcts`` by Monte Carlo tree
search, the policy's ranking as prior (PUCT, ``c``), every candidate of a node tried
once before the best are searched further, leaves played out to the game's horizon, the
root's most visited move played, stopping once no other can catch it up.

Both are reproducible for a seed and an iteration budget (``iterations``: playouts per
candidate, the Monte Carlo tree's simulations, or the leaves alpha-beta values past its
first depth); ``time`` bounds the seconds of a decision. The game's own settings are its
profile's (:mod:`~wordbot.players.profile`): ``playout_policy``, ``playout_moves``,
``margin_scale``, ``policy_weight`` and ``search_width``.

A candidate reports a win rate only where its playouts (the tree's simulations, the line
alpha-beta searched) all reached the end of the game: a position valued ahead at a
horizon is not a game won. Elsewhere its ``margin`` is the mean value where they stopped
(``margin_at``: ``"horizon"``), as :mod:`~wordbot.players.montecarlo` reports it.

>>> SearchPlayer(iterations=50).spec
'search:iterations=50'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from wordbot.engine.core import GAME_HORIZON
from wordbot.engine.game import Game
from wordbot.engine.state import GameState
from wordbot.players.alphabeta import AlphaBeta, Branch
from wordbot.players.base import Candidate, Option, Player, PlayerError, Progress
from wordbot.players.endgame import own_moves, replied
from wordbot.players.montecarlo import MonteCarloPlayer, Z, _Arm
from wordbot.players.packed import PackedNode, packed_root
from wordbot.players.playouts import Playouts, end_of
from wordbot.players.profile import DEFAULT, profile_of
from wordbot.players.tree import MonteCarloTree

#: moves an alpha-beta leaf is played on before it is valued: its depth already looks
#: ahead (2 beat 0, 4 and the end against ``mc`` in paired games)
AB_PLAYOUT = 2


class SearchPlayer(MonteCarloPlayer):
    """Anytime search (see the module docstring)."""

    name = "search"
    description = (
        "anytime search: determinized simulation by win probability (hidden "
        "information), Monte Carlo tree search (perfect information)"
    )
    options = {
        "time": Option(float, 1.0, "seconds per decision"),
        "iterations": Option(
            int,
            0,
            "playouts per candidate (hidden information) or tree simulations at most; "
            "0: no cap",
        ),
        "k": Option(
            int,
            0,
            "candidates of the game's policy at the root and every node; 0: the game's "
            "(Control Word 10, First Draft 4, the others 6)",
        ),
        "end": Option(
            int,
            0,
            "play playouts to the end of the game once a probe playout ends within "
            "this many moves (hidden information; 0: never)",
        ),
        "exact": Option(
            int,
            1,
            "search every own move and the replies exactly when the game ends within "
            "this many moves (hidden information; 0: never)",
        ),
        "width": Option(
            int, 200, "own moves an exact end search weighs at most (the policy's best)"
        ),
        "blend": Option(float, 0.1, "weight of the margin beside the win probability"),
        "scale": Option(
            float,
            0.0,
            "points of margin: how fast a leaf's value turns into a chance of winning "
            "(tree), and the margin's blend at the end; 0: the game's (RouteWords 1, "
            "the others 10)",
        ),
        "c": Option(float, 1.5, "exploration of the tree search"),
        "eval": Option(
            str,
            "learned",
            "the evaluation of the game's policies: learned (where the game has one: "
            "Control Word's leave table, Cross words combat's value weights), hand "
            "(the hand-set one) or a file wordbot learn wrote for the game",
        ),
        "tree": Option(
            str,
            "",
            "the search of a game of perfect information: 'ab' (iterative-deepening "
            "alpha-beta), 'mcts' (Monte Carlo tree search), over the same candidates, or "
            "'sim' (the simulation of a game of hidden information); empty: the game's "
            "(Cross words combat sim, the others ab)",
        ),
        "inner": Option(
            str,
            "greedy",
            "player whose top k are the candidates below the root (the root's: the "
            "game's policy); empty: the game's policy",
        ),
        "rollout": Option(
            str,
            "",
            "player spec of the playouts; empty: the game's (Control Word: control, "
            "First Draft: drafter, Cross words combat: territory, RouteWords: greedy); "
            "the game's policy values the leaves",
        ),
        "leaf": Option(
            str,
            "",
            "player spec whose value scores the leaves and the playouts' ends; empty: the "
            "game's policy",
        ),
        "paired": Option(
            bool,
            False,
            "drop a candidate once its difference to the leader's playouts on the same "
            "samples is below zero with 95 % confidence (hidden information)",
        ),
        "playout": Option(
            int,
            -1,
            "moves played on from a tree leaf or a candidate (hidden information, far "
            "from the end) before it is valued; -1: alpha-beta 2, hidden information the "
            "game's (First Draft 2), else (and 0 there) to where the game stops a playout",
        ),
        "prior": Option(
            float,
            -1.0,
            "playouts' worth of the policy's own valuation of a candidate, blended "
            "into its playouts' mean (hidden information; 0: the playouts alone; "
            "-1: the game's, First Draft 4, the others 0)",
        ),
    }

    def __init__(self, **options: Any):
        Player.__init__(self, **options)
        # mc's own options, read by its simulation (not search's: the spec omits them)
        self.settings.update(plies=0, to_end=False, by="margin")
        self._policies, self._paces = {}, {}
        self.playouts, self.to_end, self._width = 0, False, DEFAULT.search_width  # _top
        self._left: int | None = None  # moves to the end, by this decision's probe
        self._clock = 0.0  # when this decision started
        self._offset = 0.0  # the policy's valuations to the playouts' (set by _ranking)
        self._prior = max(0.0, self.settings["prior"])  # -1: the game's (set by _top)
        self._scale = DEFAULT.margin_scale  # that of the game being searched (set by _top)
        self._leaves: Playouts | None = None  # the tree's leaf playouts (set by _tree)
        if (tree := self.settings["tree"]) not in ("", "mcts", "ab", "sim"):
            raise PlayerError(
                f"player search: option tree={tree!r} is not 'ab', 'mcts' or 'sim'"
            )
        self._search = tree or DEFAULT.search_tree  # the game's (set by _decide)
        kind = self.settings["eval"]
        if kind not in ("learned", "hand") and not Path(kind).is_file():
            raise PlayerError(
                f"player search: option eval={kind!r} is not learned, hand or a "
                "file (no such file)"
            )
        for name, own in (("k", 0), ("scale", 0), ("prior", -1), ("playout", -1)):
            if self.settings[name] < 0 and self.settings[name] != own:
                raise PlayerError(
                    f"player search: option {name}={self.settings[name]} must be >= 0 "
                    f"({own}: the game's own)"
                )

    def _decide(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        profile = profile_of(state.game)
        self._scale = self.settings["scale"] or profile.margin_scale
        self._width = self.settings["k"] or profile.search_width
        self._prior = profile.policy_weight if self.settings["prior"] < 0 else self._prior
        self._search = self.settings["tree"] or profile.search_tree
        if not state.game.hidden_information and self._search != "sim":
            return self._tree(state, n, rng, progress)
        self._clock = time.perf_counter()  # the probe's time is the decision's too
        self._left = self._moves_to_end(state, rng)
        if self._left is not None and self._left <= self.settings["exact"]:
            return self._endgame(state, n, rng, progress)
        own = self.settings["playout"]  # -1: the game's
        plies = profile.playout_moves if own < 0 else own
        self.settings["plies"] = plies if self._left is None else 0  # near: to the end
        return super()._decide(state, n, rng, progress)

    # -- hidden information: simulation by win probability ---------------------------------
    def _utility(self, value: float, final: bool) -> float:
        """What a playout ending in ``value`` (the mover's margin) is worth: at the end
        of the game, 1 for a win, 1/2 for a tie, 0 for a loss, plus ``blend`` x
        tanh(margin / ``scale``); before the end (a leaf of the tree), the chance of
        winning that the policy's value promises, 1 / (1 + exp(-value / ``scale``))."""
        scale = self._scale
        if not final:
            return 0.5 * (1.0 + math.tanh(value / (2.0 * scale)))
        win = 1.0 if value > 0 else 0.5 if value == 0 else 0.0
        return win + self.settings["blend"] * math.tanh(value / scale)

    def policy(self, game: Game, rollout: bool = False, leaf: bool = False) -> Player:
        """The game's policy (it ranks the candidates and values every leaf), or with
        ``rollout`` the playouts' player: the ``rollout`` option, else the game's
        playout policy for ``search``, fast enough to keep to a tenth of a second; with
        ``leaf`` the player that values the leaves: the ``leaf`` option, else the game's
        policy.

        >>> from wordbot.engine import get_game
        >>> [SearchPlayer().policy(get_game(g), rollout=True).spec for g in ("routewords", "firstdraft")]
        ['greedy', 'drafter']
        >>> SearchPlayer(leaf="greedy").policy(get_game("routewords"), leaf=True).spec
        'greedy'
        """
        profile = profile_of(game)
        if rollout:
            spec = profile.search_playout_policy or profile.playout_policy
            spec = self.settings["rollout"] or self._evaluated(spec, game)
            return self._inner(game, spec)
        if leaf and self.settings["leaf"]:
            return self._inner(game, self.settings["leaf"])
        return self._inner(game, self._evaluated(profile.default_policy, game))

    def _evaluated(self, spec: str, game: Game) -> str:
        """``spec`` on the evaluation of the ``eval`` option (the game's policy alone has
        a hand-set one beside its learned one, and plays a learned file).

        >>> from wordbot.engine import get_game
        >>> [SearchPlayer(eval=e)._evaluated("control", get_game("controlword"))
        ...  for e in ("learned", "hand")]
        ['control', 'control:leaves=hand']
        """
        profile, kind = profile_of(game), self.settings["eval"]
        if spec != profile.default_policy or kind == "learned":
            return spec
        if kind == "hand":
            return profile.hand_policy or spec
        if profile.eval_option is None:
            raise PlayerError(
                f"player search: option eval={kind!r}: {game.title} learns no evaluation"
            )
        return f"{spec}:{profile.eval_option}={kind}"

    def validate(self, game: Game) -> None:
        """A learned file of ``eval`` must be one the game's policy plays: refused here,
        in one line, before any game is played."""
        if self.settings["eval"] not in ("learned", "hand"):
            self.policy(game)

    def _moves_to_end(self, state: GameState, rng: random.Random) -> int | None:
        """How many moves a probe playout takes to the end of the game (None: more than
        ``end``). The probe plays greedy, the fastest policy, on a sample of what the
        mover cannot see: it only asks how far the end is."""
        probe = state.determinize(state.to_move, random.Random(rng.getrandbits(63)))
        greedy, probe_rng = self._inner(state.game, "greedy"), random.Random(0)
        for moves in range(self.settings["end"] + 1):
            if probe.is_over:
                return moves
            probe = probe.apply(greedy.choose(probe, probe_rng), check=False)
        return None

    def _plays_to_end(self, state: GameState, policy: Player, rng: random.Random) -> bool:
        return self._left is not None

    def _started(self) -> float:
        return self._clock

    def _ranking(self, arms: list[_Arm]) -> list[Candidate]:
        """The candidates, best first. With ``prior``, a candidate's playouts' mean is
        drawn towards the policy's valuation of it (put on the playouts' footing by the
        candidates' mean gap between the two), the more so the fewer its playouts.

        >>> good, lucky = _Arm(Candidate(None, "good", equity=9)), _Arm(Candidate(None, "lucky"))
        >>> good.values, lucky.values = [1.0, 3.0], [4.0, 2.0]
        >>> [[c.notation for c in SearchPlayer(prior=p)._ranking([good, lucky])] for p in (0, 2)]
        [['lucky', 'good'], ['good', 'lucky']]
        """
        played = [a for a in arms if a.n]
        # the policy's valuations are put on the playouts' footing: their mean gap
        self._offset = (
            sum(a.mean - a.cand.equity for a in played) / len(played) if played else 0.0
        )
        return super()._ranking(arms)

    def _key(self, arm: _Arm) -> float:
        if not self.to_end:  # values of the policy at a horizon: their mean margin
            n0 = self._prior
            if not n0 or not arm.n:
                return super()._key(arm)
            prior = arm.cand.equity + self._offset
            return (arm.n * arm.mean + n0 * prior) / (arm.n + n0)
        if not arm.n:
            return -math.inf
        return sum(self._sample_keys(arm)) / arm.n

    def _bounds(self, arm: _Arm) -> tuple[float, float]:
        if not self.to_end:
            return super()._bounds(arm)
        utils = self._sample_keys(arm)
        mean = sum(utils) / arm.n
        var = sum((u - mean) ** 2 for u in utils) / (arm.n - 1)
        half = Z * math.sqrt(var / arm.n)
        return mean - half, mean + half

    def _survivors(self, alive: list[_Arm]) -> list[_Arm]:
        """The candidates still in the race. With ``paired``, each is compared with the
        leader sample by sample: every alive candidate was played out on the same samples
        (common random numbers), so the differences keep little of a sample's luck, and
        a candidate whose mean difference has its 95 % interval below zero is dropped
        where the unpaired intervals of two close candidates would still overlap.

        >>> player = SearchPlayer(paired=True)
        >>> lead, close = _Arm(None), _Arm(None)
        >>> lead.values, close.values = [10, 30, 20, 50, 40], [9, 29, 19, 49, 39]
        >>> [len(player._survivors([lead, close])), len(SearchPlayer()._survivors([lead, close]))]
        [1, 2]
        """
        if not self.settings["paired"] or alive[0].n < 4:
            return super()._survivors(alive)
        samples = [self._sample_keys(arm) for arm in alive]
        lead = samples[max(range(len(alive)), key=lambda i: sum(samples[i]))]
        kept = []
        for arm, keys in zip(alive, samples):
            diffs = [a - b for a, b in zip(keys, lead)]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean + Z * math.sqrt(var / n) >= 0:
                kept.append(arm)
        return kept

    def _sample_keys(self, arm: _Arm) -> list[float]:
        """What each playout of ``arm`` adds to its :meth:`_key`."""
        if self.to_end:
            return [self._utility(v, True) for v in arm.values]
        return list(arm.values)

    def _candidate(self, arm: _Arm) -> Candidate:
        cand = super()._candidate(arm)  # a win rate only where the playouts all ended
        if arm.n:
            cand.equity = self._key(arm)
        return cand

    # -- hidden information: the last moves searched exactly -------------------------------
    def _endgame(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        """Every own move (at most ``width``), the policy's best first, each met by the
        replies that are best for the players making them, to the end of the game, on
        samples of what the mover cannot see (the same samples for every move): the
        final margins at the leaves. A last move of the game needs one sample. When the
        time runs out in the first sample, the moves not reached yet are left out."""
        started = self._clock
        seconds, cap = self._seconds, self.settings["iterations"]
        mover = state.to_move
        policy, leaf = self.policy(state.game), self.policy(state.game, leaf=True)
        moves = own_moves(state, policy, self._width, self.settings["width"], rng)
        arms = [_Arm(Candidate(m, text)) for m, text in moves]
        self.playouts, self.to_end, final = 0, True, True
        while True:
            sample_seed = rng.getrandbits(63)
            sample = state.determinize(mover, random.Random(sample_seed)).with_seed(
                sample_seed
            )
            for i, arm in enumerate(arms):
                if i and not arm.values and time.perf_counter() - started >= seconds:
                    arms = arms[:i]  # the first sample is cut short: the rest unweighed
                    break
                after = sample.apply(arm.cand.move, check=False)
                final &= after.is_over
                values, end = replied(after, self.settings["exact"] - 1, leaf)
                arm.add(end_of(end, values[mover], mover))
                self.playouts += 1
            if final or (cap and arms[0].n >= cap):
                break
            if time.perf_counter() - started >= seconds:
                break
            if progress is not None and progress(self._ranking(arms)[:n]):
                break
        return self._ranking(arms)[:n]

    # -- perfect information: Monte Carlo tree search ------------------------------------
    def _tree(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        game = state.game
        self._leaves = Playouts(
            game, self.policy(game, rollout=True), self.policy(game, leaf=True)
        )
        if self._search == "ab":
            return self._alphabeta(state, n, rng)
        started = time.perf_counter()
        tree = MonteCarloTree(
            lambda node, r: self._inner(node.game).top(node, self._width, r),
            self._leaf_values,
            self._utility,
            self.settings["c"],
            self._seconds,
            self.settings["iterations"],
        )
        root = self.policy(game).top(state, self._width, rng)
        ranked = tree.run(state, root, rng, n, started, progress)
        self.playouts = tree.simulations
        return ranked

    def _alphabeta(self, state: GameState, n: int, rng: random.Random) -> list[Candidate]:
        """The root's candidates ranked by :class:`AlphaBeta` (``iterations``: the
        leaves it values at most), each leaf's value the chance of winning its playout
        promises the mover, as the tree's."""
        started = time.perf_counter()
        seat, k = state.seat, self._width
        inner = self._inner(state.game)
        root = packed_root(state, inner, k, self._leaves) or state  # else Python states

        margins: dict[Hashable, tuple[float, bool]] = {}  # the mover's raw value, final

        def leaf(after: Any, key: Hashable, branch: Branch) -> float:
            raw, final = self._leaf_values(after, rng, branch)
            margins[key] = raw[seat], final
            return self._utility(raw[seat], final)

        search = AlphaBeta(
            PackedNode.moves if root is not state else lambda s: inner.moves(s, k, rng),
            leaf,
            self._seconds,
            self.settings["iterations"],
        )
        ranked = search.run(root, self.policy(state.game).top(state, k, rng), started)
        self.playouts = search.leaves
        out = []
        for s in ranked[:n]:
            # the line searched: a win (1, 1/2, 0) only where it ends the game
            leaf_of = margins.get(search.line(root, s.cand).transposition_key())
            m, end = leaf_of if leaf_of else (None, False)
            out.append(
                Candidate(
                    s.cand.move,
                    s.cand.notation,
                    points=s.cand.points,
                    equity=s.value,
                    win_rate=(m > 0) + (m == 0) / 2 if end and m is not None else None,
                    iterations=s.leaves,
                    details={**s.cand.details, "depth": s.depth},
                    margin=m,
                    margin_at=None if m is None else "end" if end else "horizon",
                )
            )
        return out

    def _inner(self, game: Game, spec: str | None = None) -> Player:
        """The player whose top candidates a node below the root searches (or ``spec``)."""
        spec = (
            spec
            or self.settings["inner"]
            or self._evaluated(profile_of(game).default_policy, game)
        )
        key = "inner:" + spec + ":" + game.name
        if key not in self._policies:
            from wordbot.players.registry import make_player

            self._policies[key] = make_player(spec, game)
        return self._policies[key]

    def _leaf_values(
        self, state: GameState | PackedNode, rng: random.Random, branch: Branch = ()
    ) -> tuple[list[float], bool]:
        """Every seat's value of a leaf after its playout, and whether that ended the
        game (the final margins) or not (the policy's values); the playout draws from a
        generator of its own, seeded from ``rng``. ``branch``: the positions from the
        root to the leaf with their moves (see :meth:`Playouts.leaf_values`)."""
        plies = self.settings["playout"]
        if plies < 0 and self._search == "ab":
            plies = AB_PLAYOUT
        seed = rng.getrandbits(63)
        assert self._leaves is not None
        horizon = GAME_HORIZON if plies < 0 else plies
        if isinstance(state, PackedNode):
            return state.leaf_values(self._leaves, seed, horizon)
        return self._leaves.leaf_values(state, seed, horizon, branch)

"""OpenSpiel's own searchers as wordbot players: a plugin (``--plugin
wordbot.openspiel_players``) that makes ``openspiel`` a player of every face, so the
tournament runner (processes or Ray, paired deals, resume, intervals, seconds a move)
measures our bots against a bot nobody here wrote.

``openspiel:sims=N`` plays OpenSpiel's Python ``MCTSBot`` on RouteWords and Cross words
combat (nothing hidden) and its ``ISMCTSBot`` on Control Word and First Draft, the
hidden tiles resampled by ``determinize`` (see :mod:`wordbot.openspiel`), both with
random rollouts: OpenSpiel's defaults, nothing of ours inside the search. Each move
searches the position afresh, from a generator seeded by the game's ``rng``.

``openspiel:time=T`` thinks about ``T`` seconds a move instead: OpenSpiel's bots run a
set number of simulations, so each move runs as many as fit in ``T`` at the seconds a
simulation took in the moves before (at least 2; its first move runs 2).

    wordbot --plugin wordbot.openspiel_players tournament --game crosswords \\
        --players territory,openspiel:sims=100 --games 200

>>> import random
>>> from wordbot.engine import get_game
>>> position = get_game("crosswords").new(seed=1, rules=get_game("crosswords").rules(["turn_limit=2"]))
>>> bot = OpenSpielMCTS(sims=10)
>>> bot.spec, position.notation(bot.choose(position, random.Random(1))) != ""
('openspiel:sims=10', True)
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from wordbot.engine.games import GAMES
from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState
from wordbot.openspiel import wrap
from wordbot.players.base import Candidate, Option, Player, PlayerError, Progress

try:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        f"wordbot.openspiel_players needs OpenSpiel: pip install 'wordbot[openspiel]' ({exc})"
    ) from None


class OpenSpielMCTS(Player):
    """OpenSpiel's MCTS or ISMCTS with random rollouts (see the module docstring)."""

    name = "openspiel"
    description = (
        "OpenSpiel's MCTS (ISMCTS where tiles are hidden) with random rollouts, "
        "through python_wordbot_<game>"
    )
    options = {
        "sims": Option(int, 100, "simulations a move (at least 2)"),
        "rollouts": Option(int, 1, "random rollouts to evaluate a new leaf"),
        "uct_c": Option(float, 2.0, "UCT exploration constant"),
        "time": Option(
            float,
            0.0,
            "seconds a move: as many simulations as fit, at the seconds a simulation "
            "took in the moves before (0: sims a move)",
        ),
    }
    #: how much a move's seconds a simulation count against the ones before
    PACE_WEIGHT = 0.5
    games = frozenset(GAMES.names())

    def __init__(self, **options: Any):
        super().__init__(**options)
        # OpenSpiel's MCTS values the root on its first simulation and expands it on
        # the second: with one, it has no move to pick
        for key, least in (("sims", 2), ("rollouts", 1)):
            if self.settings[key] < least:
                raise PlayerError(
                    f"player openspiel: option {key}={self.settings[key]} must be "
                    f">= {least}"
                )
        if self.settings["time"] < 0:
            raise PlayerError(
                f"player openspiel: option time={self.settings['time']} must be >= 0"
            )
        self._pace: float | None = None  # seconds a simulation, over the moves so far

    def simulations(self) -> int:
        """The simulations of the next move: ``sims``, or with ``time`` as many as fit
        at the pace so far (2 before any)."""
        seconds = self.settings["time"]
        if not seconds:
            return self.settings["sims"]
        if self._pace is None:
            return 2
        return max(2, int(seconds / self._pace))

    def _search(self, wrapped: Any, rng: random.Random, run: Any) -> Any:
        """``run(bot)`` with a bot of :meth:`simulations`, its seconds kept as the pace."""
        sims = self.simulations()
        started = time.perf_counter()
        out = run(self.bot(wrapped.get_game(), rng, sims))
        if self.settings["time"]:
            pace = (time.perf_counter() - started) / sims
            w = self.PACE_WEIGHT
            self._pace = pace if self._pace is None else w * pace + (1 - w) * self._pace
        return out

    def bot(self, game: Any, rng: random.Random, sims: int | None = None) -> Any:
        """A fresh OpenSpiel bot for ``game`` (a ``python_wordbot_<game>`` game) that
        runs ``sims`` simulations a move (default: the ``sims`` option)."""
        s = self.settings
        sims = s["sims"] if sims is None else sims
        state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=s["rollouts"], random_state=state
        )
        perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
        if game.get_type().information == perfect:
            return mcts.MCTSBot(game, s["uct_c"], sims, evaluator, random_state=state)
        bot = ismcts.ISMCTSBot(game, evaluator, s["uct_c"], sims, random_state=state)
        draws = random.Random(rng.getrandbits(64))
        bot.set_resampler(
            lambda st, player: st.resample_from_infostate(player, draws.random)
        )
        return bot

    def _choose(self, state: GameState, rng: random.Random) -> Move:
        wrapped = wrap(state)
        action = self._search(wrapped, rng, lambda bot: bot.step(wrapped))
        return wrapped.table.move(state, int(action))

    def _top(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        """MCTS's root moves in the order it would choose them (equity: the mean return
        of their simulations, -1 to 1); ISMCTS gives its one move."""
        wrapped = wrap(state)
        sims = self.simulations()

        def run(bot: Any) -> Any:
            if isinstance(bot, mcts.MCTSBot):
                return bot.mcts_search(wrapped)
            return int(bot.step(wrapped))

        root = self._search(wrapped, rng, run)
        if isinstance(root, int):  # ISMCTS: its one move
            move = wrapped.table.move(state, root)
            return [Candidate(move, state.notation(move), iterations=sims)]
        # best first as MCTS picks (max keeps the first of equals; so does a stable sort)
        children = sorted(root.children, key=mcts.SearchNode.sort_key, reverse=True)
        out = []
        for child in children[:n]:
            move = wrapped.table.move(state, int(child.action))
            mean = child.total_reward / child.explore_count if child.explore_count else 0.0
            out.append(
                Candidate(
                    move, state.notation(move), equity=mean, iterations=child.explore_count
                )
            )
        return out


#: what ``--plugin wordbot.openspiel_players`` adds
PLAYERS = [OpenSpielMCTS]

"""``greedy``: the most points when played, with deterministic tie-breaks."""

from __future__ import annotations

import numpy as np

from wordbot.engine.controlword import Pass
from wordbot.players.base import Candidate, Limit, Player
from wordbot.players.plays import replacement_move, replacement_plays, word_move, word_plays
from wordbot.players.registry import register


@register
class GreedyPlayer(Player):
    """Plays the word play scoring most now (ties: fewer tiles, then the first found);
    passes when it has none. Replacements score nothing under the default rules,
    so it passes the replacement phase unless ``score_replacements`` is on, when it
    plays the replacement scoring most."""

    name = "greedy"
    description = "most points when played"

    def analyse(self, state, limit: Limit | None = None, top: int | None = None):
        if state.phase == "word":
            plays = word_plays(state)
            order = self._ranked(plays)
            cands = []
            for i in order[:top]:
                move = word_move(state, plays, int(i))
                points = int(plays.points[i])
                cands.append(Candidate(move, state.notation(move), points=points,
                                       equity=float(points), iterations=len(plays)))
            return cands + [Candidate(Pass(), "pass")]
        if state.phase == "replacement" and state.rules.score_replacements:
            plays = replacement_plays(state)
            points = plays.points_if_scored(state.rules.jqxz_bonus)
            cands = []
            for i in np.argsort(-points, kind="stable")[:top]:
                move = replacement_move(state, plays, int(i))
                cands.append(Candidate(move, state.notation(move), points=int(points[i]),
                                       equity=float(points[i]), iterations=len(plays)))
            return cands + [Candidate(Pass(), "pass")]
        return [Candidate(Pass(), "pass")]

    def choose(self, state, limit: Limit | None = None):
        if state.phase == "word":
            plays = word_plays(state)
            if len(plays) == 0:
                return Pass()
            points = plays.points
            best = np.flatnonzero(points == points.max())
            return word_move(state, plays, int(best[np.argmin(plays.moves[best, 1])]))
        return self.analyse(state, limit, top=1)[0].move

    @staticmethod
    def _ranked(plays) -> np.ndarray:
        if len(plays) == 0:
            return np.zeros(0, np.int64)
        # lexsort: last key is primary -> points desc, tiles asc, then generation order
        idx = np.arange(len(plays))
        return np.lexsort((idx, plays.moves[:, 1], -plays.points))

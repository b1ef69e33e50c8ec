"""A plugin for the tournament tests: a player with a real bug (it raises in round 2)."""

from __future__ import annotations

from wordbot.engine.controlword.moves import Pass
from wordbot.players import Candidate, Option, Player


class BrokenPlayer(Player):
    """Passes until round ``round``, then raises (a real player with a real bug)."""

    name = "broken-test"
    games = frozenset({"controlword"})
    options = {"round": Option(int, 2, "the round in which it raises")}

    def _top(self, state, n, rng, progress):
        if state.round >= self.settings["round"]:
            raise ValueError(f"broken in round {state.round}")
        return [Candidate(Pass(), "pass")]


PLAYERS = [BrokenPlayer]

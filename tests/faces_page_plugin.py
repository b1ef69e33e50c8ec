"""A plugin for the page tests (``wordbot serve --plugin tests.faces_page_plugin``): a bot
slow enough that the page must say it is waiting, and a hint player as slow."""

from __future__ import annotations

import time

from wordbot.players import Candidate, Option, Player
from wordbot.players.greedy import GreedyPlayer


class DawdlePlayer(Player):
    """Ranks like greedy, after ``time`` seconds of waiting (or ``iterations`` waits of
    50 ms, whichever ends first: the server's warm-up gives it one)."""

    name = "dawdle"
    description = "test player: greedy's ranking after `time` seconds of waiting"
    options = {
        "time": Option(float, 8.0, "seconds to wait"),
        "iterations": Option(int, 0, "waits of 50 ms at most; 0: no cap"),
    }

    def _top(self, state, n, rng, progress):
        cands = [
            Candidate(c.move, c.notation, points=c.points, equity=c.equity)
            for c in GreedyPlayer().top(state, n, rng)
        ]
        end = time.monotonic() + (self.settings["time"] or 0.0)
        waits = 0
        while time.monotonic() < end and not (
            self.settings["iterations"] and waits >= self.settings["iterations"]
        ):
            time.sleep(0.05)
            waits += 1
        return cands


PLAYERS = [DawdlePlayer]

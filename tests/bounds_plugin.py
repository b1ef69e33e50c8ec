"""A plugin for the tests of the server's bounds (``wordbot serve --plugin
tests.bounds_plugin``): a player deaf to every limit, so that the server's own bound on
a search that overruns its cap can be seen."""

from __future__ import annotations

import time

from wordbot.players import Option, Player
from wordbot.players.greedy import GreedyPlayer


class StuckPlayer(Player):
    """Greedy's ranking after ``wait`` seconds spent asleep, whatever its time limit and
    however often it is asked to stop (it never calls ``progress``)."""

    name = "stuck"
    description = "test player: greedy's ranking after `wait` seconds, deaf to limits"
    options = {
        "wait": Option(float, 5.0, "seconds it keeps its thread"),
        "time": Option(float, 1.0, "seconds it is given (and ignores)"),
    }

    def _top(self, state, n, rng, progress):
        time.sleep(self.settings["wait"])
        return GreedyPlayer().top(state, n, rng)


PLAYERS = [StuckPlayer]

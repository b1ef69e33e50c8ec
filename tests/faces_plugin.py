"""A plugin for the face tests (``wordbot engine --plugin tests.faces_plugin``): a player
that thinks for a while, so that streaming, stop and busy replies can be tested."""

from __future__ import annotations

import time

from wordbot.players import Candidate, Option, Player
from wordbot.players.greedy import GreedyPlayer


class SlowPlayer(Player):
    """Ranks like greedy, then "thinks" for ``time`` seconds, reporting progress every
    50 ms through the ``progress`` callback (when ``progress=true``)."""

    name = "slow"
    description = "test player: greedy's ranking after `time` seconds of waiting"
    options = {
        "time": Option(float, 5.0, "seconds to think"),
        "progress": Option(bool, True, "report progress (and so stop when asked)"),
    }

    def _top(self, state, n, rng, progress):
        base = GreedyPlayer().top(state, n, rng)
        cands = [
            Candidate(c.move, c.notation, points=c.points, equity=c.equity) for c in base
        ]
        end = time.monotonic() + self.settings["time"]
        k = 0
        while time.monotonic() < end:
            time.sleep(0.05)
            k += 1
            for c in cands:
                c.iterations = k
            if progress is not None and self.settings["progress"] and progress(cands):
                break
        return cands


PLAYERS = [SlowPlayer]

"""A plugin for the face tests (``wordbot engine --plugin tests.faces_plugin``): players
that think for a while, so that streaming, stop and busy replies can be tested."""

from __future__ import annotations

import time

from wordbot.players import Candidate, Option, Player, register
from wordbot.players.greedy import GreedyPlayer


@register
class SlowPlayer(Player):
    """Ranks like greedy, then "thinks" for ``time`` seconds, reporting progress every
    50 ms through the ``progress`` callback (when ``progress=true``)."""

    name = "slow"
    description = "test player: greedy's ranking after `time` seconds of waiting"
    options = {
        "time": Option(float, 5.0, "seconds to think"),
        "progress": Option(bool, True, "report progress (and so stop when asked)"),
    }

    def analyse(self, state, limit=None, top: int | None = 5, progress=None):
        seconds = limit.time if limit is not None and limit.time is not None \
            else self.settings["time"]
        base = GreedyPlayer().analyse(state, top=top)
        cands = [Candidate(c.move, c.notation, points=c.points, equity=c.equity)
                 for c in base]
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end:
            time.sleep(0.05)
            n += 1
            for c in cands:
                c.iterations = n
            if progress is not None and self.settings["progress"] and progress(cands):
                break
        return cands

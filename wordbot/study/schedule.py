"""Which games a study plays: every variant on the same deals, the seats rotated.

Deal ``d`` has the same seed under every variant (a tournament's deal seeds), so variant
A's game on deal ``d`` in rotation ``r`` and variant B's are a *pair*: same tiles, same
players in the same seats, only the rules differ. A variant of ``k`` seats plays
``games / k`` deals, each with the ``k`` rotations of the table. Games are numbered deal
by deal, variant by variant, rotation by rotation, which is also the order they are handed
out in, so every variant makes progress together.

When one player sits in every seat (``rotate=False``), rotating the table only replays a
deal's game with the same player in each seat, nearly move for move: such a study plays
``games`` deals once each instead, so its games are as many independent deals.

>>> from wordbot.study.config import Variant
>>> v = [Variant({}, {"rounds": r}, 2, ("red", "green")) for r in (6, 8)]
>>> s = StudySchedule(["control", "control#2"], v, games=4, seed=1)
>>> [(g.index, g.deal, g.variant, g.rotation) for g in s.games]
[(0, 0, 0, 0), (1, 0, 0, 1), (2, 0, 1, 0), (3, 0, 1, 1), (4, 1, 0, 0), (5, 1, 0, 1), (6, 1, 1, 0), (7, 1, 1, 1)]
>>> s.games[0].seed == s.games[2].seed != s.games[4].seed
True
>>> s = StudySchedule(["control", "control#2"], v, games=2, seed=1, rotate=False)
>>> [(g.index, g.deal, g.variant, g.rotation) for g in s.games]
[(0, 0, 0, 0), (1, 0, 1, 0), (2, 1, 0, 0), (3, 1, 1, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from wordbot.players.arena import derive_seed
from wordbot.tournament.schedule import ScheduledGame


class StudySchedule:
    """The games of a study (see the module docstring); ``players`` is the table."""

    def __init__(
        self,
        players: Sequence[str],
        variants: Sequence,
        games: int,
        seed: int,
        rotate: bool = True,
    ):
        self.players = list(players)
        self.variants = list(variants)
        self.seed = seed
        games_list: list[ScheduledGame] = []
        per_variant = [games // v.seats if rotate else games for v in self.variants]
        for deal in range(max(per_variant)):
            deal_seed = derive_seed(seed, "deal", deal)
            for index, variant in enumerate(self.variants):
                k = variant.seats
                if deal >= per_variant[index]:
                    continue
                for rotation in range(k if rotate else 1):
                    seats = tuple(
                        (variant.colours[i], self.players[(i + rotation) % k])
                        for i in range(k)
                    )
                    games_list.append(
                        ScheduledGame(
                            len(games_list), 0, deal, rotation, deal_seed, seats, index
                        )
                    )
        self.games = games_list

    def game(self, index: int) -> ScheduledGame:
        return self.games[index]

    def __len__(self) -> int:
        return len(self.games)

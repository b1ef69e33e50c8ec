"""``level``: an opponent picked by strength, ``level:n=4`` (``--level 4``).

A game's levels (its profile's :meth:`~wordbot.players.profile.PlayerProfile.level_table`)
run from random moves to its strongest search at a second a move, each a player and a
share of moves it plays at random instead (a slip), the shares chosen for steps of about
150 Elo; ``benchmarks/strength_ladder.py`` measures each level against the one below
and docs/strength.md reports what it found. A level decides from its own view of the game, as its player
does, and draws its slips from the generator it is given, so a game against a level
replays from its seed.

>>> from wordbot.engine import get_game
>>> game = get_game("routewords")
>>> [str(level) for level in levels_of(game)][:3]
['random', 'greedy, 90 % of moves at random', 'greedy, 80 % of moves at random']
>>> LevelPlayer(n=1).player(game).spec, LevelPlayer().level_number(game)
('random', 13)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from wordbot.engine.game import Game
from wordbot.engine.state import GameState
from wordbot.players.base import Candidate, Option, Player, PlayerError, Progress
from wordbot.players.profile import profile_of


@dataclass(frozen=True)
class Level:
    """A level: the player (its spec, with its time) and the share of its moves it
    plays at random instead."""

    spec: str
    slips: float = 0.0

    def __str__(self) -> str:
        if not self.slips:
            return self.spec
        return f"{self.spec}, {100 * self.slips:g} % of moves at random"


def levels_of(game: Game) -> list[Level]:
    """The levels of ``game``, weakest first (level 1 first)."""
    return [Level(spec, slips) for spec, slips in profile_of(game).level_table()]


class LevelPlayer(Player):
    """Level ``n`` of the game being played (see the module docstring)."""

    name = "level"
    description = "an opponent by strength: level n of the game's levels (1: random moves)"
    options = {
        "n": Option(
            int,
            0,
            "the level, from 1 (random moves) to the game's strongest (search at 1 s a "
            "move; `wordbot games` lists each game's); 0: the game's own policy",
        )
    }

    def __init__(self, **options: Any):
        super().__init__(**options)
        if self.settings["n"] < 0:
            raise PlayerError(f"player level: option n={self.settings['n']} must be >= 0")
        self._players: dict[str, Player] = {}

    def level_number(self, game: Game) -> int:
        """The number of this player's level of ``game`` (``n``, or for 0 the level of
        the game's own policy making no slips)."""
        if self.settings["n"]:
            return self.settings["n"]
        policy = profile_of(game).default_policy
        table = levels_of(game)
        return 1 + table.index(Level(policy)) if Level(policy) in table else len(table)

    def level(self, game: Game) -> Level:
        """This player's level of ``game``; refused by name past the game's last."""
        table, n = levels_of(game), self.level_number(game)
        if n > len(table):
            raise PlayerError(
                f"player level: option n={n}: {game.title} has levels 1 to {len(table)}"
            )
        return table[n - 1]

    def player(self, game: Game) -> Player:
        """The player of this level in ``game`` (made once per game)."""
        player = self._players.get(game.name)
        if player is None:
            from wordbot.players.registry import make_player

            player = self._players[game.name] = make_player(self.level(game).spec, game)
        return player

    def bidder(self, game: Game) -> Player:
        """The level's own player (it bids under the rule ``bidding``)."""
        return self.player(game).bidder(game)

    def _top(
        self, state: GameState, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        level = self.level(state.game)
        # drawn at every move, slips or none: the level's player then draws the same
        if rng.random() < level.slips:
            moves = state.bot_moves()
            move = moves[rng.randrange(len(moves))]
            return [Candidate(move, state.notation(move), iterations=1)]
        return self.player(state.game).top(state, n, rng, progress)

    def value(self, state: GameState, viewer: str) -> float:
        return self.player(state.game).value(state, viewer)


def levels_json(game: Game) -> list[dict[str, Any]]:
    """``[{"level", "player", "slips", "name"}]``: the levels of ``game``, as
    ``wordbot games --json`` and the protocol's ``hello`` list them."""
    return [
        {"level": k, "player": lv.spec, "slips": lv.slips, "name": str(lv)}
        for k, lv in enumerate(levels_of(game), 1)
    ]

"""RouteWords as a :class:`~wordbot.engine.game.Game`: its names, rules, set-up and
pictures; the registry (:mod:`wordbot.engine.games`) finds it as ``GAME``.

>>> from wordbot.dictionaries import Lexicon
>>> state = GAME.new(["red", "green", "black"], seed=3, lexicon=Lexicon.from_words(["AT"]))
>>> len(state.grid), state.scores, sum(state.coins)
(25, {'red': 1, 'green': 1, 'black': 1}, 65)
"""

from __future__ import annotations

from typing import Any

from wordbot.engine import bidding, pie
from wordbot.engine.game import Game
from wordbot.engine.rng import Rng, seed_state
from wordbot.engine.routewords.moves import NOTATION_HELP
from wordbot.engine.routewords.position import read_position
from wordbot.engine.routewords.rules import SEATS, SIDE, START_COINS, STARTS, Rules
from wordbot.engine.routewords.state import TURN, RouteWordsState
from wordbot.engine.tiles import FULL_BAG


class RouteWords(Game[RouteWordsState]):
    """docs/rules/routewords.md: routes that spell words on a 5 x 5 grid collect the coins on
    its intersections; swaps, loops that claim squares, bonus rounds."""

    name = "routewords"
    title = "RouteWords"
    Rules = Rules
    uses_lexicon = True
    seats = SEATS
    default_players = SEATS[:2]
    min_players = 2
    max_players = 4
    players_are_seats = seats_in_order = True
    State = RouteWordsState
    move_kinds = {
        "route": "routes of the pawn",
        "swap": "swaps of two adjacent tiles",
        "both": "pay 1 point: a route and a swap, either first",
        "bonus": "bonus-round triggers and submissions",
        "take_over": "the pie rule's take-over of the first turn",
    }
    notation_help = NOTATION_HELP

    def deal(self, players, rules, seed, lexicon, setup) -> dict[str, Any]:
        """Deal 25 tiles from the 98-tile set, coins on the intersections, pawns on the
        centre square's corners, 1 point and one bonus token each."""
        pie.check_seats(rules, len(players))
        bidding.check(rules, len(players))
        grid, _ = Rng(seed_state(seed)).draw(FULL_BAG, 25)
        pawns = tuple(i * SIDE + j for i, j in STARTS[: len(players)])
        coins = tuple(0 if k in pawns else v for k, v in enumerate(START_COINS))
        n = len(players)
        return {
            "players": players,
            "to_move": players[0],
            "phase": TURN,
            "grid": grid,
            "owners": (-1,) * 25,
            "coins": coins,
            "pawns": pawns,
            "points": (1,) * n,
            "tokens": (1,) * n,
            "turns": (0,) * n,
            "ko": None,
            "trigger": -1,
            "submitted": {},
            "pie_taken": False,
        }

    def read(self, obj, rules, seed) -> dict[str, Any]:
        """See :func:`~wordbot.engine.routewords.position.read_position`."""
        fields = read_position(obj, self.seating())
        fields["pie_taken"] = pie.read_taken(obj, rules, len(fields["players"]))
        bidding.check(rules, len(fields["players"]))
        return fields

    def playout_done(self, start: RouteWordsState, state: RouteWordsState) -> bool:
        """A default playout looks two rounds ahead (each player's next two turns): coins
        further off are anybody's."""
        return state.turn - start.turn >= 2 * len(state.players)

    display = "wordbot.engine.routewords.display"
    tensor = "wordbot.engine.routewords.tensor"
    #: coins taken by value, bonus points, squares owned, turns with a swap or a payment,
    #: each totalled over all players
    measures = "wordbot.engine.routewords.measures"
    core = "wordbot.engine.routewords.core"


GAME = RouteWords()
RouteWordsState.game = GAME

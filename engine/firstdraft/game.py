"""First Draft as a :class:`~wordbot.engine.game.Game`: its names, rules and set-up; the
registry (:mod:`wordbot.engine.games`) finds it as ``GAME``.

>>> from wordbot.dictionaries import Lexicon
>>> state = GAME.new(["ann", "bob", "cy"], seed=3, lexicon=Lexicon.from_words(["AT"]))
>>> [c.value for c in state.line] == [len(c.tiles) for c in state.line], state.scores
(True, {'ann': 4, 'bob': 4, 'cy': 4})
>>> len(state.bag) + sum(c.value for c in state.line), len(state.deck)
(98, 5)
"""

from __future__ import annotations

from typing import Any

from wordbot.engine.errors import StateError
from wordbot.engine.firstdraft.moves import NOTATION_HELP
from wordbot.engine.firstdraft.position import Coaster, Hand, read_position, sort_letters
from wordbot.engine.firstdraft.rules import SEATS, TURN, Rules, seat_points
from wordbot.engine.firstdraft.state import FirstDraftState
from wordbot.engine.game import Game
from wordbot.engine.rng import Rng, seed_state
from wordbot.engine.tiles import FULL_BAG

_FILL_SALT = 0x5DEECE66D  # any constant: it only separates the two generators


class FirstDraft(Game[FirstDraftState]):
    """docs/rules/firstdraft.md: take a coaster from the line, place its letters in two word
    rows (or the pool), sell the rows that are words."""

    name = "firstdraft"
    title = "First Draft"
    Rules = Rules
    uses_lexicon = True
    seats = SEATS
    default_players = SEATS[:2]
    min_players = 2
    max_players = 5
    State = FirstDraftState
    hidden_information = True
    move_kinds = {
        "sell": "sell a row that is a word",
        "discard": "discard a row",
        "insert": "a pool letter into a row (rows that stay completable)",
        "draft": "take a coaster and place its letters (ends the turn)",
    }
    notation_help = NOTATION_HELP

    def deal(self, players, rules, seed, lexicon, setup) -> dict[str, Any]:
        """Shuffle the bag and the coasters, lay out the line (each coaster filled from
        the bag), 4 coins, empty rows and pools."""
        seat_points(rules.compensation, len(players))  # one value a seat, if a list
        rng = Rng(seed_state(seed))
        bag = "".join(rng.shuffle(FULL_BAG))
        deck = rng.shuffle(rules.coasters)
        line, laid = [], deck[: rules.line]
        if sum(laid) > len(bag):
            raise StateError(
                f"coasters: the line's coasters ({','.join(map(str, laid))}) "
                f"need more than the {len(FULL_BAG)} tiles of the bag"
            )
        for value in laid:
            line.append(Coaster(value, sort_letters(bag[:value]), 0))
            bag = bag[value:]
        hands = tuple(
            Hand(rules.start_coins + k * rules.seat_coins, ("", ""), "", 0)
            for k in range(len(players))
        )
        return {
            "players": players,
            "to_move": players[0],
            "phase": TURN,
            "turn": 1,
            "line": tuple(line),
            "hands": hands,
            "bag": bag,
            "gone": "",
            "deck": tuple(deck[rules.line :]),
            "pile": (),
            "rng_state": rng.state,
            "events": {},
        }

    def read(self, obj, rules, seed) -> dict[str, Any]:
        """See :func:`~wordbot.engine.firstdraft.position.read_position`."""
        # a missing bag or deck is shuffled by a generator of its own: the game's starts
        # at the seed, so a record (the filled-in position and the seed) replays
        fill = Rng(seed_state(seed) ^ _FILL_SALT)
        fields = read_position(obj, rules, fill, self.seating())
        seat_points(rules.compensation, len(fields["players"]))
        return {**fields, "rng_state": seed_state(seed), "events": {}}

    def playout_done(self, start: FirstDraftState, state: FirstDraftState) -> bool:
        """A default playout looks two rounds ahead (each player's next two drafts)."""
        return state.turn - start.turn >= 2 * len(state.players)

    def made_up(self, obj: dict[str, Any]) -> tuple[str, ...]:
        """The bag's and the deck's order, when a view leaves them out (its reader
        shuffles them from the seed).

        >>> from wordbot.engine.games import get_game
        >>> game = get_game("firstdraft")
        >>> game.made_up({"deck": [4, 5]}), game.made_up({"bag": "", "deck": []})
        (('bag',), ())
        """
        return tuple(k for k in ("bag", "deck") if k not in obj)

    display = "wordbot.engine.firstdraft.display"
    tensor = "wordbot.engine.firstdraft.tensor"
    #: words sold by length, coins spent on coasters and gained from them, tiles
    #: discarded, each totalled over all players
    measures = "wordbot.engine.firstdraft.measures"
    core = "wordbot.engine.firstdraft.core"


GAME = FirstDraft()
FirstDraftState.game = GAME

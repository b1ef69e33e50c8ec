"""A minimal game written for the tests only, to prove the game interface is enough: every
player, face and runner must play it without knowing it.

**Hidden take-away** (``toy``): two players, ``north`` and ``south``, and a heap of tokens
(rule ``heap``, default 12). Each is dealt a secret card, 1 to 5, from a seeded shuffle.
On a turn a player takes 1 to ``max_take`` tokens (default 3) and scores them. Whoever
takes the last token adds their card to their score, and the game is over. Most points
wins; a tie is shared. The opponent's card is hidden: ``observation`` leaves it out and
``determinize`` deals it again from the cards the viewer has not seen.

It imports only the engine's public API (:mod:`wordbot.engine`) and, for its profile,
the players' (:mod:`wordbot.players`). Use it as a plugin: ``wordbot --plugin
tests.toygame tournament --game toy ...``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from wordbot.engine import (
    Game,
    GameRules,
    GameState,
    IllegalMove,
    MoveError,
    MoveList,
    Outcome,
    Rng,
    int_in,
    int_text,
    integer,
    places_from_keys,
    player_map,
    read_header,
    seed_state,
)
from wordbot.players import PlayerProfile

CARDS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class ToyRules(GameRules):
    heap: int = 12
    max_take: int = 3
    OPTIONS = {
        "heap": integer("tokens on the heap at the start", minimum=1),
        "max_take": integer("most tokens taken in one turn", minimum=1),
    }


@dataclass(frozen=True)
class Take:
    count: int
    type: ClassVar[str] = "take"

    def to_json(self) -> dict[str, Any]:
        return {"type": "take", "count": self.count}


class ToyState(GameState[MoveList]):
    __slots__ = (
        "players",
        "to_move",
        "phase",
        "heap",
        "cards",
        "_scores",
        "rules",
        "seed",
        "lexicon",
        "origin",
    )

    @property
    def scores(self) -> dict[str, int]:
        return dict(self._scores)

    # -- moves -------------------------------------------------------------------------
    def list_moves(self) -> MoveList:
        if self.is_over:
            return MoveList()
        counts = range(1, min(self.rules.max_take, self.heap) + 1)
        card = self.cards.get(self.to_move) or 0
        return MoveList(
            [Take(k) for k in counts], [k + (card if k == self.heap else 0) for k in counts]
        )

    def check(self, move) -> None:
        if self.is_over:
            raise IllegalMove("game_over", "the game is over")
        if not isinstance(move, Take):
            raise IllegalMove("take", f"{move!r} is not a move of this game")
        if not 1 <= move.count <= min(self.rules.max_take, self.heap):
            raise IllegalMove(
                "take",
                f"take 1 to {min(self.rules.max_take, self.heap)} tokens, not {move.count}",
            )

    def apply(self, move, check: bool = True) -> ToyState:
        if check:
            self.check(move)
        scores = dict(self._scores)
        scores[self.to_move] += move.count
        heap = self.heap - move.count
        phase = self.phase
        if heap == 0:
            scores[self.to_move] += self.cards.get(self.to_move) or 0
            phase = "over"
        other = self.players[1 - self.players.index(self.to_move)]
        return self._copy(
            heap=heap,
            _scores=scores,
            phase=phase,
            to_move=self.to_move if phase == "over" else other,
        )

    def move_from_json(self, obj: Any) -> Take:
        if not isinstance(obj, dict) or obj.get("type") != "take":
            raise MoveError("move.type: must be 'take'")
        if set(obj) != {"type", "count"}:
            raise MoveError("move: a take has exactly 'type' and 'count'")
        count = obj["count"]
        if not isinstance(count, int) or isinstance(count, bool):
            raise MoveError(f"move.count: {count!r} is not an integer")
        return Take(count)

    def parse_notation(self, text: str) -> Take:
        words = text.split()
        if len(words) != 2 or words[0] != "take":
            raise MoveError(f"move: {text[:60]!r} is not 'take N'")
        return Take(int_text(words[1], "move.count"))

    def notation(self, move) -> str:
        return f"take {move.count}"

    # -- where it stands ---------------------------------------------------------------
    def outcome(self) -> Outcome:
        places = places_from_keys({p: -v for p, v in self._scores.items()})
        winners = tuple(p for p in self.players if places[p] == 1)
        return Outcome(
            dict(self._scores),
            places,
            winners,
            {"scores": dict(self._scores), "winners": list(winners)},
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": GAME.position_format,
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "to_move": self.to_move,
            "phase": self.phase,
            "heap": self.heap,
            "cards": {p: c for p, c in self.cards.items() if c is not None},
            "scores": dict(self._scores),
        }

    def with_seed(self, seed: int) -> ToyState:
        return self._copy(seed=seed)

    # -- hidden information ---------------------------------------------------------------
    def observation(self, viewer: str) -> dict[str, Any]:
        obj = self.to_json()
        obj["cards"] = {p: c for p, c in obj["cards"].items() if p == viewer}
        return obj

    def determinize(self, viewer: str, rng: random.Random) -> ToyState:
        unseen = [c for c in CARDS if c != self.cards.get(viewer)]
        cards = {
            p: (self.cards.get(p) if p == viewer else rng.choice(unseen))
            for p in self.players
        }
        return self._copy(cards=cards, seed=rng.getrandbits(63))

    def describe(self) -> str:
        return "game over" if self.is_over else f"{self.heap} tokens left"


class ToyGame(Game):
    """Hidden take-away (see the module docstring)."""

    name = "toy"
    title = "Hidden take-away"
    Rules = ToyRules
    uses_lexicon = False
    seats = ("north", "south")
    default_players = ("north", "south")
    min_players = max_players = 2
    hidden_information = True  # the opponent's card
    State = ToyState
    move_kinds = {"take": "taking tokens"}

    def deal(self, players, rules, seed, lexicon, setup) -> dict[str, Any]:
        rng = Rng(seed_state(seed))
        deck = list(CARDS)
        cards = {}
        for p in players:
            cards[p] = deck.pop(rng.below(len(deck)))
        return {
            "players": players,
            "to_move": players[0],
            "phase": "play",
            "heap": rules.heap,
            "cards": cards,
            "_scores": dict.fromkeys(players, 0),
        }

    def read(self, obj, rules, seed) -> dict[str, Any]:
        players, to_move, phase = read_header(
            obj,
            ("format", "players", "to_move", "phase", "heap", "scores"),
            ("rules", "cards"),
            ("play", "over"),
            **self.seating(),
        )
        heap = int_in(obj["heap"], "heap", 0)
        return {
            "players": players,
            "to_move": to_move,
            "phase": phase,
            "heap": heap,
            "cards": {p: obj.get("cards", {}).get(p) for p in players},
            "_scores": dict(player_map(obj["scores"], players, "scores")),
        }


GAME = ToyGame()
ToyState.game = GAME

#: what ``--plugin tests.toygame`` adds
GAMES = {"toy": GAME}


def tokens_left(state: ToyState, move: Take) -> dict[str, Any]:
    return {"left": state.heap - move.count}


#: how the players and hints play it: greedy's policy, hints showing the tokens a move
#: leaves on the heap
PROFILE = PlayerProfile(
    candidate_fields={"left": ("tokens left", None)}, move_facts=tokens_left
)

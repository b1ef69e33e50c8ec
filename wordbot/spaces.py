"""A game of the registry as a fixed action space and fixed-shape observations: what
the OpenSpiel (:mod:`wordbot.openspiel`) and PettingZoo (:mod:`wordbot.pettingzoo`)
faces share. Only the game interface and the registry are used.

**Action ids.** A position's legal moves are numbered in the order the game's own move
generator lists them (``state.legal_moves()``), so an id is an index into that list:
``0 <= id < len(legal_moves)``. The generator is a function of what the player to move
may see (the board or grid, its own tiles, whose turn and which phase), never of what
is hidden from it, so the same move gets the same id in every state with the same
information state (the tests check it on determinized samples of Control Word and
First Draft). Ids are not a fixed code for a move across positions: a move's fields
(squares on an unbounded table, whole routes, whole drafts) have no small hash-free
code, while a position's list is at most ``bound`` long. ``bound`` is the game's
action bound (:func:`wordbot.engine.tensor.action_bound`: its tensor module's
``ACTION_BOUND``, measured on random games with room to spare; Control Word 2**20,
RouteWords 2**19, First Draft 2**21, Cross words combat 2**15) unless ``max_actions``
says otherwise: the size of the action space (``num_distinct_actions``, the length of
an action mask). The counts have long tails (First Draft's drafts: one position in
600 of random games had over a million), so the bounds are measured, not proven: a
position with more legal moves raises :class:`ActionBoundError` naming ``max_actions``;
nothing is silently cut.

**Results.** Win 1, loss -1, a draw 0 with two players; with more, the winners share
what the others lose, each loser losing ``1/(n-1)`` (zero-sum, between -1 and 1). A game
cut at ``max_game_length`` actions is a draw for all (as ``players.arena`` scores a game
that never ends).

>>> from wordbot.dictionaries import Lexicon
>>> table = Table.make("routewords", seed=3, lexicon=Lexicon.from_words(["TEA", "EAT"]))
>>> state = table.initial()
>>> ids = table.legal_ids(state)
>>> ids[:3], table.bound
([0, 1, 2], 524288)
>>> table.returns(state)
[0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from wordbot.engine.game import Game
from wordbot.engine.games import get_game
from wordbot.engine.movelist import Move
from wordbot.engine.state import GameState
from wordbot.engine.tensor import action_bound, observation_tensor
from wordbot.errors import WordbotError
from wordbot.lexicons import load_lexicon

#: actions after which a game is cut (a draw), as ``players.arena`` guards its games
MAX_GAME_LENGTH = 2000


class ActionBoundError(WordbotError):
    """A position lists more legal moves than the action space holds."""

    code = "action_bound"


def rule_texts(rules: Mapping[str, Any]) -> tuple[str, ...]:
    """``NAME=VALUE`` texts of rule options given as values (bools as true/false; "" or
    None means the default and is left out).

    >>> rule_texts({"ko_rule": False, "turn_limit": 20, "bonus_search": ""})
    ('ko_rule=false', 'turn_limit=20')
    """
    out = []
    for name, value in rules.items():
        if value is None or value == "":
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out.append(f"{name}={text}")
    return tuple(out)


@dataclass(frozen=True)
class Table:
    """One configuration of a game: its rules, seats, word list, deal and action space.

    Immutable and small (it pickles as these fields), so a wrapped state can carry it.
    ``lexicon`` is a path ("" = the default word list) unless a Lexicon is given to
    :meth:`make` (then the table does not pickle).
    """

    game_name: str
    rules: tuple[str, ...] = ()
    players: int = 0  # 0: the game's default seats
    seed: int = 0
    lexicon: Any = ""
    max_actions: int = 0  # 0: the game's action bound
    max_game_length: int = MAX_GAME_LENGTH
    _game: Game[Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        game = get_game(self.game_name)
        object.__setattr__(self, "_game", game)
        rules = game.rules(self.rules)  # one-line RuleError now, not at the first state
        if getattr(rules, "bidding", False):
            raise WordbotError(
                "rules.bidding: an environment takes no bids (play the winning bid as "
                "the rule compensation instead)"
            )
        if self.players:
            game.seat_names(self.players)
        for name in ("max_actions", "max_game_length"):
            if getattr(self, name) < 0:
                raise WordbotError(f"{name}: {getattr(self, name)} is negative")

    @classmethod
    def make(
        cls,
        game: str,
        seed: int = 0,
        players: int = 0,
        lexicon: Any = "",
        max_actions: int = 0,
        max_game_length: int = MAX_GAME_LENGTH,
        **rules: Any,
    ) -> Table:
        """A table from keyword rule options (``Table.make("controlword", rounds=3)``)."""
        return cls(
            game, rule_texts(rules), players, seed, lexicon, max_actions, max_game_length
        )

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_game"}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        object.__setattr__(self, "_game", get_game(self.game_name))

    @property
    def game(self) -> Game[Any]:
        return self._game

    @property
    def bound(self) -> int:
        """The size of the action space."""
        return self.max_actions or action_bound(self.game)

    @property
    def seats(self) -> tuple[str, ...]:
        game = self.game
        return game.seat_names(self.players) if self.players else game.default_players

    def word_list(self) -> Any:
        if not self.game.uses_lexicon:
            return None
        return (
            self.lexicon
            if not isinstance(self.lexicon, str)
            # OpenSpiel makes a game object again for every state it deserializes: the
            # list is loaded once per process
            else load_lexicon(self.lexicon or None)
        )

    def initial(self, seed: int | None = None) -> GameState:
        """The deal of ``seed`` (None: this table's seed)."""
        game = self.game
        deal = self.seed if seed is None else seed
        return game.new(self.seats, deal, game.rules(self.rules), self.word_list())

    # -- actions -------------------------------------------------------------------------
    def moves(self, state: GameState) -> Sequence[Move]:
        """The legal moves in id order (empty once over), checked against the bound."""
        moves = state.legal_moves()
        if len(moves) > self.bound:
            raise ActionBoundError(
                f"max_actions: this {self.game.title} position has {len(moves)} legal "
                f"moves, more than the action space's {self.bound}"
            )
        return moves

    def legal_ids(self, state: GameState) -> list[int]:
        return list(range(len(self.moves(state))))

    def mask(self, state: GameState) -> NDArray[np.int8]:
        """1 for each legal id, 0 elsewhere (length :attr:`bound`)."""
        out = np.zeros(self.bound, np.int8)
        out[: len(self.moves(state))] = 1
        return out

    def move(self, state: GameState, action: int) -> Move:
        """The move of ``action`` in ``state`` (WordbotError when it is not legal)."""
        moves = self.moves(state)
        if not 0 <= action < len(moves):
            raise WordbotError(
                f"action: {action} is not a legal action id (0..{len(moves) - 1})"
            )
        return moves[int(action)]

    # -- results and observations --------------------------------------------------------
    def cut(self, actions: int) -> bool:
        """Whether a game is cut after ``actions`` actions."""
        return bool(self.max_game_length) and actions >= self.max_game_length

    def returns(self, state: GameState) -> list[float]:
        """Each seat's result (see the module docstring); 0 for all until the end."""
        n = len(state.players)
        if not state.is_over:
            return [0.0] * n
        winners = state.outcome().winners
        if len(winners) == n:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        win = -lose * (n - len(winners)) / len(winners)
        return [win if p in winners else lose for p in state.players]

    def tensor(self, state: GameState, viewer: str) -> dict[str, NDArray[Any]]:
        """The game's named observation arrays for ``viewer`` (float32)."""
        pieces = observation_tensor(state, viewer)
        return {k: np.asarray(v, np.float32) for k, v in pieces.items()}

    def vector(self, state: GameState, viewer: str) -> NDArray[np.float32]:
        """:meth:`tensor` flattened, pieces in the game's order."""
        return np.concatenate([v.ravel() for v in self.tensor(state, viewer).values()])

"""Playing games between players, for every game: the one loop that makes bots move
(tournaments, paired games, terminal play and the studies all drive it).

Each seat's player draws its random choices from its own generator, seeded from the
game's seed and the seat (or given its own seed), so a game replays exactly. The
generators are SplitMix64 (:class:`~wordbot.engine.rng.SplitMixRandom`): a game of
compiled policies played whole in the game's core (:mod:`wordbot.engine.core`) makes the
same draws, and so the same moves.

>>> from wordbot.engine import get_game
>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.players import make_player
>>> game = get_game("controlword")
>>> state = game.new(seed=5, lexicon=Lexicon.from_words(["ON", "NO", "SO"]),
...                  rules=game.rules(["rounds=2"]))
>>> result = play_game(state, {"red": make_player("greedy"), "green": make_player("random")})
>>> result.final.is_over, result.actions > 0
(True, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from wordbot.engine import bidding
from wordbot.engine.movelist import Move
from wordbot.engine.outcome import Outcome
from wordbot.engine.rng import SplitMixRandom
from wordbot.engine.state import GameState
from wordbot.players.base import Player
from wordbot.players.profile import bid_of

MAX_ACTIONS = 2000  # a guard against a game (or player) that never ends


def derive_seed(*parts) -> int:
    """A 63-bit seed from any parts (game seed, seat, ...), stable across runs.

    >>> derive_seed(1, "red") == derive_seed(1, "red") != derive_seed(1, "green")
    True
    """
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Match:
    """A game in progress: the state, the player of each seat (a seat without a player
    is a person's), each player's generator, and what each has spent thinking.

    :meth:`step` lets the player to move choose and applies its move; a person's move
    goes in through :meth:`push`.
    """

    def __init__(
        self,
        state: GameState,
        seats: Mapping[str, Player | None],
        seed: int = 0,
        player_seeds: Mapping[str, int] | None = None,
    ):
        self.state = state
        self.seats = dict(seats)
        seeds = player_seeds or {p: derive_seed(seed, p) for p in state.players}
        self.rngs = {p: SplitMixRandom(seeds[p]) for p in state.players}
        self.think = {p: 0.0 for p, player in self.seats.items() if player is not None}
        self.decisions = dict.fromkeys(self.think, 0)
        self.moves: list[Move] = []

    def player(self) -> Player | None:
        """The player of the seat to move (None for a person)."""
        return self.seats.get(self.state.to_move)

    def step(self) -> tuple[GameState, Move, GameState]:
        """The player to move chooses and its move is applied (the engine checks it):
        (state before, move, state after)."""
        seat = self.state.to_move
        player = self.seats[seat]
        assert player is not None  # a person's move comes through push()
        started = time.perf_counter()
        move = player.choose(self.state, self.rngs[seat])
        self.think[seat] += time.perf_counter() - started
        self.decisions[seat] += 1
        return self.push(move)

    def push(self, move: Move) -> tuple[GameState, Move, GameState]:
        """Apply ``move`` by the player to move (checked): (before, move, after)."""
        before = self.state
        after = before.apply(move)
        self.moves.append(move)
        self.state = after
        return before, move, after


@dataclass
class GameResult:
    """A finished game: the final state, its outcome, who played which seat."""

    seed: int
    seats: dict[str, str]  # seat -> player spec
    final: GameState
    scores: dict[str, float]
    winners: tuple[str, ...]
    places: dict[str, int]
    actions: int
    think_time: dict[str, float] = field(default_factory=dict)  # seat -> seconds
    decisions: dict[str, int] = field(default_factory=dict)
    moves: list = field(default_factory=list)
    #: with ``on_error="forfeit"``: the seat whose player raised (None: the game itself
    #: failed, e.g. no end after MAX_ACTIONS), and the error as one line
    forfeit: str | None = None
    error: str | None = None
    outcome: Outcome | None = None  # the final state's outcome()

    def margin(self, seat: str) -> float:
        """The seat's final score minus the best other final score."""
        return self.scores[seat] - max(v for c, v in self.scores.items() if c != seat)


def play_game(
    state: GameState,
    seats: Mapping[str, Player],
    seed: int = 0,
    on_move: Callable[[GameState, Move, GameState], Any] | None = None,
    on_error: str = "raise",
    player_seeds: Mapping[str, int] | None = None,
) -> GameResult:
    """Play ``state`` to the end; ``seats`` maps each seat to its player.

    Each player draws from a generator seeded from ``seed`` and its seat (or from
    ``player_seeds[seat]``), so a game replays exactly. ``on_move(state_before, move, state_after)`` is called after every
    action.

    ``on_error="forfeit"``: a player that raises (in ``choose``, or by making an illegal
    move) ends the game there and loses it: the result names it in ``forfeit`` with the
    error, it takes the last place and the others keep their order on the position as it
    stands. A game that does not end within MAX_ACTIONS ends the same way with
    ``forfeit`` None (a draw for all).
    """
    if on_error not in ("raise", "forfeit"):
        raise ValueError(f"on_error: {on_error!r} is not 'raise' or 'forfeit'")
    match = Match(state, seats, seed, player_seeds)
    forfeit = error = None
    while not match.state.is_over:
        if len(match.moves) >= MAX_ACTIONS:
            message = f"game {seed}: no end after {MAX_ACTIONS} actions"
            if on_error == "raise":
                raise RuntimeError(message)
            error = message
            break
        seat = match.state.to_move
        try:
            before, move, after = match.step()
        except Exception as exc:
            if on_error == "raise":
                raise
            forfeit, error = seat, f"{type(exc).__name__}: {exc}".splitlines()[0]
            break
        if on_move is not None:
            on_move(before, move, after)
    return _result(
        seed, seats, match.state, match.moves, match.think, match.decisions, forfeit, error
    )


def bid_seats(
    game: Any,
    rules: Any,
    seats: Mapping[str, Player | None],
    given: Mapping[str, float] | None = None,
) -> tuple[dict[str, str], Any, dict[str, float] | None]:
    """Under the rule ``bidding`` (:mod:`wordbot.engine.bidding`): where each dealt
    seat's player sits after the bids (dealt seat -> seat), ``rules`` with the winning
    bid as the compensation, and each seat's bid as the bids left the seats; else no
    change and no bids. Each player bids alone, from the game only; a seat in ``given``
    (a person's) bids what it gives."""
    colours = list(seats)
    if not getattr(rules, "bidding", False):
        return {c: c for c in colours}, rules, None
    given = given or {}
    bids = {
        c: bidding.valid(given[c] if c in given else bid_of(seats[c], game))
        for c in colours
    }
    moved, paid, seated = bidding.settle(colours, bids)
    return moved, dataclasses.replace(rules, compensation=paid), seated


def play_compiled(
    state: GameState,
    seats: Mapping[str, Player],
    seed: int = 0,
    on_move: Callable[[GameState, Move, GameState], Any] | None = None,
    player_seeds: Mapping[str, int] | None = None,
) -> GameResult | None:
    """:func:`play_game` in one call into the game's compiled core
    (:mod:`wordbot.engine.core`), when it has one that plays every seat's player as it
    is (``random``, ``greedy``, a game's own compiled policy); None otherwise. The same
    generators draw the same choices: the same moves as :func:`play_game`.

    With ``on_move`` the moves are applied in Python afterwards, to call it with every
    position; the seats' thinking time is the compiled game's, shared by their moves.
    """
    from wordbot.engine.core import TO_END, core_of

    core = core_of(state)
    if core is None:
        return None
    found = [core.policies.get(seats[p].spec) for p in state.players]
    ids = [i for i in found if i is not None]
    if len(ids) < len(found) or not core.plays_together(ids):
        return None
    seeds = player_seeds or {p: derive_seed(seed, p) for p in state.players}
    rngs = np.array([seeds[p] for p in state.players], dtype=np.uint64)
    started = time.perf_counter()
    packed = core.pack(state)
    played = core.playout(packed, ids, rngs, TO_END)
    spent = time.perf_counter() - started
    if not played.ended or len(played.moves) > MAX_ACTIONS:
        return None  # play_game says why, move by move
    turns = core.played_turns(state, played)
    moves = [move for _, move in turns]
    if on_move is None:
        final = core.unpack(packed)
        movers = [state.players[seat] for seat, _ in turns]
    else:
        final, movers = state, []
        for move in moves:
            movers.append(final.to_move)
            after = final.apply(move, check=False)
            on_move(final, move, after)
            final = after
    decisions = {p: movers.count(p) for p in state.players}
    think = {p: spent * decisions[p] / max(1, len(moves)) for p in state.players}
    return _result(seed, seats, final, moves, think, decisions, None, None)


def _result(
    seed: int,
    seats: Mapping[str, Player],
    final: GameState,
    moves: list[Move],
    think: dict[str, float],
    decisions: dict[str, int],
    forfeit: str | None,
    error: str | None,
) -> GameResult:
    """The :class:`GameResult` of a game that stopped at ``final``."""
    outcome = final.outcome()
    places = dict(outcome.places)
    if error is not None and forfeit is None:
        places = dict.fromkeys(places, 1)  # nobody to blame: a draw for all
    elif forfeit is not None:
        places = {
            p: (
                len(places)
                if p == forfeit
                else 1 + sum(1 for o in places if o != forfeit and places[o] < places[p])
            )
            for p in places
        }
    winners = tuple(p for p in final.players if places[p] == 1)
    return GameResult(
        seed,
        {p: pl.spec for p, pl in seats.items()},
        final,
        dict(outcome.scores),
        winners,
        places,
        len(moves),
        think,
        decisions,
        moves,
        forfeit,
        error,
        outcome,
    )


def paired_games(
    a: Player, b: Player, game, seed: int, lexicon=None, rules=None
) -> tuple[GameResult, GameResult]:
    """Two games of ``game`` on one deal with the seats swapped: ``a`` in the first seat
    first, then in the second."""
    first_seat, second_seat = game.default_players[:2]

    def played(seats: dict[str, Player]) -> GameResult:
        moved, settled, _ = bid_seats(game, rules, seats)  # the rule bidding, if on
        deal = game.new(game.default_players[:2], seed, settled, lexicon)
        return play_game(deal, {moved[c]: p for c, p in seats.items()}, seed)

    return played({first_seat: a, second_seat: b}), played({first_seat: b, second_seat: a})

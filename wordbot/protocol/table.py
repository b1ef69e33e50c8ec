"""A game the server holds (issue 29): the connection that asked for it holds its people's
seats, the server deals from a seed it draws itself (or its operator set, ``wordbot
serve --seed``) and never sends, makes the bots' moves
itself, and accepts a move only for a seat of that connection, on its turn, with the
game's current move number. Every message carries the seat's view
(``GameState.observation``), never another seat's rack, a bag or deck order, a draw to come
or the seed; the record is sent when the game is over.

>>> from wordbot.engine.games import get_game
>>> table = Table(get_game("crosswords"), ["human", "greedy"], seed=3)
>>> table.human, table.turn, table.state.to_move == table.human
('red', 0, True)
>>> sorted(table.message()) == ['over', 'seat', 'seats', 'to_move', 'turn', 'view']
True
"""

from __future__ import annotations

import io
import random
import secrets
from typing import Any

from wordbot.engine.records import GameRecorder
from wordbot.protocol.envelope import ProtocolError
from wordbot.protocol.search import SEARCH_LOCK

#: the word a seat is given to be played by the connection (any other word: a bot spec)
HUMAN = "human"


class Table:
    """One hosted game: ``seats`` has one entry per seat, ``"human"`` for the connection's
    seat (exactly one) or a player spec for a bot."""

    def __init__(
        self,
        game,
        seats: list[str],
        rules=None,
        lexicon=None,
        catalog=None,
        setup: dict | None = None,
        seed: int | None = None,
        players: list[str] | str | None = None,
        max_time: float | None = None,
    ):
        from wordbot.players import Limit
        from wordbot.plugins import BUILTIN

        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ProtocolError("bad_request", 'seats: a list such as ["human", "greedy"]')
        if seats.count(HUMAN) != 1:
            raise ProtocolError(
                "bad_request", f'seats: exactly one "{HUMAN}" (the seat you play)'
            )
        names = game.check_players(players) if players else game.seat_names(len(seats))
        if len(names) != len(seats):
            raise ProtocolError(
                "bad_request", f"seats: {len(seats)} seats for {len(names)} players"
            )
        table = (catalog or BUILTIN).players

        def bot(spec: str):
            # its own time (mc:time=0.2 thinks 0.2 s), at most the server's cap
            own = table.own_time(spec)
            if max_time is not None:
                own = max_time if own is None else min(own, max_time)
            return table.make(spec, game, None if own is None else Limit(time=own))

        self.bots = {name: bot(spec) for name, spec in zip(names, seats) if spec != HUMAN}
        self.human = names[seats.index(HUMAN)]
        self.seats = dict(zip(names, seats))
        # drawn here and never sent: a client that chose it could see the draws coming
        self._seed = secrets.randbits(63) if seed is None else seed
        self._rng = random.Random(self._seed ^ 0x5EA7)
        self.state = game.new(list(names), self._seed, rules, lexicon, **(setup or {}))
        self._text = io.StringIO()
        self._recorder = GameRecorder(self._text, self.state, self.seats)
        self.turn = 0  # moves played so far: the number a play must carry
        self.state_notation = ""  # the last move's notation and JSON, for its event
        self.last_move: dict[str, Any] = {}

    # -- what a client is told ------------------------------------------------------------
    def message(self, **extra: Any) -> dict:
        """The seat's picture of the game now: its view, the move number, whose turn."""
        return {
            "seat": self.human,
            "seats": self.seats,
            "turn": self.turn,
            "to_move": self.state.to_move,
            "over": self.state.is_over,
            "view": self.state.observation(self.human),
            **extra,
        }

    def end(self) -> dict:
        """The end event: the result and the whole record (which ``wordbot replay``
        replays), now that nothing is hidden any more."""
        outcome = self.state.outcome()
        self._recorder.finish(outcome)
        return {"event": "end", "result": outcome.details, "record": self._text.getvalue()}

    # -- moves ---------------------------------------------------------------------------
    def check_turn(self, turn: Any, what: str) -> None:
        """Refuse a message whose move number is not the game's (stale or repeated)."""
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise ProtocolError("bad_request", f"turn: the move number {what} is for")
        if turn != self.turn:
            raise ProtocolError(
                "stale_turn",
                f"turn: {turn}, but the game is at move {self.turn}; nothing was done",
            )

    def _mine(self, what: str) -> None:
        if self.state.is_over:
            raise ProtocolError("game_over", f"{what}: the game is over")
        if self.state.to_move != self.human:
            raise ProtocolError(
                "not_your_turn",
                f"{what}: {self.state.to_move} is to move, not {self.human}",
            )

    def play(self, turn: Any, move: Any) -> list[dict]:
        """The seat's move, then every bot move up to the seat's next turn (or the end):
        the reply first, then one ``move`` event per bot move, then ``end``."""
        self.check_turn(turn, "this play")
        self._mine("play")
        if not isinstance(move, (str, dict)):
            raise ProtocolError("bad_move", "move: notation text or a move object")
        parsed = self.state.parse_move(move)
        self._apply(parsed)
        return [self.message(type="table", played=self.state_notation), *self.bots_move()]

    def _apply(self, move) -> None:
        before = self.state
        after = before.apply(move)
        self._recorder.record(move, after)
        self.state_notation = before.notation(move)
        self.last_move = move.to_json()
        self.state, self.turn = after, self.turn + 1

    def bots_move(self) -> list[dict]:
        """The bots' moves until the seat's turn or the end, as events. Each bot decides
        on a sample of what its own seat cannot see, never on the true state."""
        events = []
        while not self.state.is_over and self.state.to_move in self.bots:
            seat = self.state.to_move
            bot = self.bots[seat]
            seen = self.state.determinize(seat, random.Random(self._rng.getrandbits(63)))
            with SEARCH_LOCK:
                move = bot.choose(seen, random.Random(self._rng.getrandbits(63)))
            self._apply(self.state.move_from_json(move.to_json()))
            events.append(
                self.message(
                    event="move", by=seat, move=self.last_move, notation=self.state_notation
                )
            )
        if self.state.is_over:
            events.append(self.end())
        return events

    def moves(self, turn: Any, limit: int | None) -> dict:
        """The seat's legal moves on its turn."""
        self.check_turn(turn, "these moves")
        self._mine("moves")
        legal = self.state.legal_moves()
        shown = list(legal)[: limit if limit is not None else len(legal)]
        return {
            "turn": self.turn,
            "count": len(legal),
            "moves": [
                {"move": m.to_json(), "notation": self.state.notation(m)} for m in shown
            ],
        }

    def hint(self, turn: Any, top: int, player) -> dict:
        """The best moves for the seat by ``player``, worked out on a sample of what the
        seat cannot see (the hint knows no more than the seat)."""
        self.check_turn(turn, "this hint")
        self._mine("hint")
        seen = self.state.determinize(self.human, random.Random(self._rng.getrandbits(63)))
        with SEARCH_LOCK:
            cands = player.top(seen, top, random.Random(self._rng.getrandbits(63)))
        return {
            "turn": self.turn,
            "candidates": [seen.game.candidate_json(c, seen) for c in cands],
        }

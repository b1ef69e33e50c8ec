"""A game the server holds: the connection that asked for it holds its people's
seats, the server deals from a seed it draws itself (or derives from its operator's,
``wordbot serve --seed``) and never sends, makes the bots' moves
itself, and accepts a move only for a seat of that connection, on its turn, with the
game's current move number. Every message carries the seat's view
(``GameState.observation``), never another seat's rack, a bag or deck order, a draw to come
or the seed; the record is sent when the game is over.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.games import DEFAULT_GAME, get_game
>>> words = Lexicon.from_words(["AT"])
>>> table = Table(get_game(DEFAULT_GAME), ["human", "greedy"], lexicon=words, seed=3)
>>> table.human, table.turn, sorted(table.seats.values())
('red', 0, ['greedy', 'human'])
>>> sorted(table.message()) == ['over', 'seat', 'seats', 'to_move', 'turn', 'view']
True
"""

from __future__ import annotations

import io
import random
import secrets
import threading
from typing import Any

from wordbot.engine.records import GameRecorder
from wordbot.players.profile import profile_of
from wordbot.protocol.envelope import ProtocolError, error_reply, reply
from wordbot.protocol.journal import Journal
from wordbot.protocol.search import Job, thinking_time

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
        bid: Any = None,
        bids: dict[str, float] | None = None,
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
            own = thinking_time(table, spec, None, max_time)
            return table.make(spec, game, None if own is None else Limit(time=own))

        self.bots = {name: bot(spec) for name, spec in zip(names, seats) if spec != HUMAN}
        #: under the rule ``bidding``: each seat's bid, the seats as the bids left them
        #: (a game dealt again from its journal: as they were)
        self.bids = bids
        if getattr(rules, "bidding", False) and bids is None:
            seats, rules = self._bid(game, rules, list(names), seats, bid)
        elif bid is not None:
            raise ProtocolError("bad_request", "bid: only with the rule bidding")
        self.human = names[seats.index(HUMAN)]
        self.seats = dict(zip(names, seats))
        # drawn here and never sent: a client that chose it could see the draws coming
        self._seed = secrets.randbits(63) if seed is None else seed
        self._rng = random.Random(self._seed ^ 0x5EA7)
        self.state = game.new(list(names), self._seed, rules, lexicon, **(setup or {}))
        self.setup = dict(setup or {})  # for the journal: the game is dealt again from it
        self._start = self.state  # the moves missed by a seat that rejoins replay from it
        #: every move so far (``by``, ``move``), in order: what a rejoining seat missed
        self.played: list[dict[str, Any]] = []
        #: where each move is written before anyone hears of it (``--state-dir``)
        self.journal: Journal | None = None
        #: the session that plays the seat now (a seat that rejoins elsewhere takes it)
        self.holder: Any = None
        self._ended: dict | None = None
        self._text = io.StringIO()
        # sent to the client at the end: without the seed, every draw in its lines
        self._recorder = GameRecorder(self._text, self.state, self.seats, keep_seed=False)
        self.turn = 0  # moves played so far: the number a play must carry
        self.state_notation = ""  # the last move's notation and JSON, for its event
        self.last_move: dict[str, Any] = {}
        # the connection's requests and the bots' thread both read and move the game
        self.lock = threading.RLock()
        self.closed = False  # a new game replaced this one: its bots stop

    def _bid(self, game, rules, names: list[str], seats: list[str], bid: Any):
        """The rule ``bidding``: the connection's ``bid`` and each bot's own, sealed;
        the seats (specs in seat order) as they leave them, and the rules with the
        winning bid as the compensation."""
        from wordbot.engine import bidding
        from wordbot.players.arena import bid_seats

        try:
            if bid is None:
                raise ValueError("required with the rule bidding")
            mine = bidding.valid(bid)
        except ValueError as exc:
            raise ProtocolError("bad_request", f"bid: {exc}") from None
        human = names[seats.index(HUMAN)]
        moved, rules, self.bids = bid_seats(
            game, rules, {n: self.bots.get(n) for n in names}, {human: mine}
        )
        self.bots = {moved[n]: bot for n, bot in self.bots.items()}
        seated = {moved[n]: spec for n, spec in zip(names, seats)}
        return [seated[n] for n in names], rules

    @property
    def bots_to_move(self) -> bool:
        """Whether a bot is to move (the game goes on without the seat)."""
        return not self.state.is_over and self.state.to_move in self.bots

    # -- what a client is told ------------------------------------------------------------
    def message(self, **extra: Any) -> dict:
        """The seat's picture of the game now: its view, the move number, whose turn."""
        with self.lock:
            return self._message(**extra)

    def _message(self, **extra: Any) -> dict:
        return self._picture(self.state, self.turn, **extra)

    def _picture(self, state, turn: int, **extra: Any) -> dict:
        return {
            "seat": self.human,
            "seats": self.seats,
            "turn": turn,
            "to_move": state.to_move,
            "over": state.is_over,
            "view": state.observation(self.human),
            **({} if self.bids is None else {"bids": self.bids}),
            **extra,
        }

    def end(self) -> dict:
        """The end event: the result and the whole record (which ``wordbot replay``
        replays), now that nothing is hidden any more; the same one every time it is
        asked for (a seat that rejoins is told it again)."""
        if self._ended is None:
            outcome = self.state.outcome()
            self._recorder.finish(outcome)
            record = self._text.getvalue()
            self._ended = {"event": "end", "result": outcome.details, "record": record}
        return self._ended

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

    def check_play(self, turn: Any) -> None:
        """Refuse a play that is not the seat's to make now (stale, repeated, out of
        turn, after the end) with nothing done."""
        with self.lock:
            self.check_turn(turn, "this play")
            self._mine("play")

    def play(self, turn: Any, move: Any) -> list[dict]:
        """The seat's move: the reply, then ``end`` if the move ended the game. The bots'
        moves that follow come from :class:`BotTurns`, on a thread of their own."""
        with self.lock:
            self.check_play(turn)
            if not isinstance(move, (str, dict)):
                raise ProtocolError("bad_move", "move: notation text or a move object")
            parsed = self.state.parse_move(move)
            self._apply(parsed)
            answer = [self._message(type="table", played=self.state_notation)]
            return answer + ([self.end()] if self.state.is_over else [])

    def _apply(self, move) -> None:
        before = self.state
        after = before.apply(move)
        done = {"by": before.to_move, "move": move.to_json()}
        if self.journal is not None:  # before the game moves: a move not kept never was
            line = {"turn": self.turn + 1, **done, "digest": after.digest()}
            try:
                self.journal.append(line)
            except OSError as exc:
                raise ProtocolError(
                    "internal", f"server: the move could not be saved ({exc}); not played"
                ) from None
        self.played.append(done)
        self._recorder.record(move, after)
        self.state_notation = before.notation(move)
        self.last_move = move.to_json()
        self.state.forget()  # a searching bot or hint on it lists its moves again
        self.state, self.turn = after, self.turn + 1

    def bot_move(self, emit, stop: threading.Event, holder: Any = None) -> bool:
        """One bot's move, told through ``emit`` as a ``move`` event (and ``end`` when it
        ends the game); False when no bot is to move, or the game was replaced or
        ``stop`` set, or the seat rejoined from another session than ``holder``. The
        bot decides on a sample of what its own seat cannot see, never on the true
        state; the game is not locked while it thinks."""
        with self.lock:
            if self.closed or stop.is_set() or not self.bots_to_move:
                return False
            if holder is not self.holder:
                return False
            seat, state = self.state.to_move, self.state
            seen_seed, choice_seed = self._rng.getrandbits(63), self._rng.getrandbits(63)
        seen = state.determinize(seat, random.Random(seen_seed))
        move = self.bots[seat].choose(seen, random.Random(choice_seed))
        with self.lock:  # emitted under the lock: no reply can overtake the event
            if self.closed or stop.is_set() or holder is not self.holder:
                return False
            self._apply(state.move_from_json(move.to_json()))
            emit(
                self._message(
                    event="move", by=seat, move=self.last_move, notation=self.state_notation
                )
            )
            if self.state.is_over:
                emit(self.end())
        return True

    def moves(self, turn: Any, limit: int | None, kind: str = "all") -> dict:
        """The seat's legal moves (of ``kind``) on its turn."""
        with self.lock:
            self.check_turn(turn, "these moves")
            self._mine("moves")
            state = self.state
        legal = state.moves(kind)
        count = len(legal)  # only the moves shown are made (a list may hold thousands)
        shown = [legal[i] for i in range(count if limit is None else min(limit, count))]
        return {
            "turn": turn,
            "count": count,
            "moves": [{"move": m.to_json(), "notation": state.notation(m)} for m in shown],
        }

    def hint_job(self, req_id, turn: Any, top: int, player) -> HostedHint:
        """The job that answers a hint on the seat's turn (checked now)."""
        with self.lock:
            self.check_turn(turn, "this hint")
            self._mine("hint")
            seen_seed, choice_seed = self._rng.getrandbits(63), self._rng.getrandbits(63)
            return HostedHint(req_id, self.state, self.human, turn, top, player,
                              (seen_seed, choice_seed))  # fmt: skip

    # -- a seat that comes back, a server that starts again -------------------------------
    def journal_header(self, token_sha256: str) -> dict:
        """What a journal needs to deal this game again: the server's alone (the seed)."""
        game = self.state.game
        return {
            "game": game.name,
            "players": list(self.seats),
            "seats": self.seats,
            "human": self.human,
            "rules": self._start.rules.to_json(),
            **({} if self.bids is None else {"bids": self.bids}),
            "setup": game.setup_json(self.setup),
            "seed": self._seed,
            "digest": self._start.digest(),
            "token_sha256": token_sha256,
        }

    def replay(self, moves: list[dict], where: Any) -> None:
        """Play a journal's ``moves`` again, each checked: its number, its seat, the
        rules and the position it leads to (``where(n, exc)``: the error of line n)."""
        for number, line in enumerate(moves, 2):
            try:
                if line["turn"] != self.turn + 1:
                    raise ValueError(f"turn {line['turn']}, expected {self.turn + 1}")
                if line["by"] != self.state.to_move:
                    raise ValueError(f"by {line['by']!r}, but {self.state.to_move} moves")
                self._apply(self.state.move_from_json(line["move"]))
                if self.state.digest() != line["digest"]:
                    raise ValueError("the move leads to another position than its digest")
            except Exception as exc:
                raise where(number, exc) from None

    def missed(self, turn: int) -> list[dict]:
        """The ``move`` events after move number ``turn`` (the last one a seat that
        rejoins saw), as they were sent, then ``end`` if the game is over."""
        with self.lock:
            played, ended = list(self.played), self.end() if self.state.is_over else None
        events, state = [], self._start
        for number, done in enumerate(played, 1):
            move = state.move_from_json(done["move"])
            notation, state = state.notation(move), state.apply(move, check=False)
            if number > turn:
                events.append(self._picture(state, number, event="move", by=done["by"],
                                            move=done["move"], notation=notation))  # fmt: skip
        return events + ([ended] if ended else [])


class BotTurns(Job):
    """A hosted game's bot moves, up to the seat's turn or the end, as events: started by
    the connection once its reply to ``newgame`` or ``play`` is out."""

    patient = True  # a bot must move in the end: it waits its turn however long

    def __init__(self, req_id, table: Table | None = None, holder: Any = None):
        super().__init__(req_id)
        self.table = table
        self.holder = holder  # the session the moves are for: it plays the seat

    def work(self) -> bool:
        """One bot's move a turn at the lock (other clients' searches may come in
        between); True while another bot is to move."""
        assert self.table is not None and self._emit is not None  # set before start
        if not self.table.bot_move(self._emit, self.stop_event, self.holder):
            return False
        with self.table.lock:
            return self.table.bots_to_move

    def _fail(self, exc: BaseException) -> None:
        # the request that started the bots has had its reply: an ``error`` event
        with self._lock:
            if not self.finished.is_set():
                self.finished.set()
                if not self.stop_event.is_set() and self._emit is not None:
                    self._emit({**error_reply(None, exc), "event": "error"})
                self._done()


class HostedHint(Job):
    """A hint for a hosted game's seat, worked out on a sample of what the seat cannot
    see (the hint knows no more than the seat). ``stop`` ends it as it ends ``go``: at
    once with the best candidates so far (``"stopped": true``), if it has any yet."""

    def __init__(self, req_id, state, seat: str, turn: int, top: int, player, seeds):
        super().__init__(req_id)
        self.state, self.seat, self.turn = state, seat, turn
        self.top, self.player, self.seeds = top, player, seeds
        self._seen = None  # the sample the hint is worked out on
        self._latest: list | None = None  # the player's candidates so far
        #: the game's default policy, ranked first when the player searches for a
        #: while (so that stop, or a closed connection, ends the hint at once)
        self.quick = None

    def work(self) -> None:
        seen = self.state.determinize(self.seat, random.Random(self.seeds[0]))
        self._seen = seen
        if self.quick is not None:
            quick = self.quick.top(seen, self.top, random.Random(self.seeds[1]))
            with self._lock:
                self._latest = quick

        def progress(cands) -> bool:
            with self._lock:
                self._latest = list(cands)[: self.top]
            return self.thought_enough()

        cands = self.player.top(seen, self.top, random.Random(self.seeds[1]), progress)
        with self._lock:
            self._latest = cands

    def _finish_locked(self, stopped: bool) -> None:
        assert self._emit is not None and self._seen is not None
        assert self._latest is not None
        seen = self._seen
        self.final = reply(
            self.id,
            "hint",
            turn=self.turn,
            stopped=stopped,
            candidates=[
                profile_of(seen.game).candidate_json(c, seen) for c in self._latest
            ],
        )
        self.finished.set()
        self._emit(self.final)
        self._done()

    def complete(self) -> None:
        with self._lock:
            if not self.finished.is_set():
                self._finish_locked(self.stop_event.is_set())

    def stop(self) -> None:
        super().stop()
        with self._lock:
            if not self.finished.is_set() and self._latest:
                self._finish_locked(stopped=True)

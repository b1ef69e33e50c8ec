"""The wordbot engine protocol: JSON requests in, JSON replies out (docs/protocol.md).

One request is a JSON object with ``"cmd"`` and an optional ``"id"``; every reply to it
carries the same ``id``. Each request gets exactly one *final* reply; a ``go`` first
streams ``info`` replies and ends with ``bestmove``. Errors are final replies::

    {"id": 7, "type": "error", "error": {"code": "illegal_move", "message": "..."}}

This module is the protocol itself, independent of the transport: :class:`Session`
holds the options and (for stateful use) the current position; :class:`Connection` is
one client talking to a session, with at most one search at a time running on its own
thread. ``wordbot engine`` (:mod:`wordbot.stdio`) feeds it lines from stdin; ``wordbot
serve`` (:mod:`wordbot.server`) feeds it HTTP bodies and WebSocket messages.

Searches and move listings share one process-wide lock (:data:`SEARCH_LOCK`): the
compiled move generator reuses its buffers between calls, so two threads must not run
it at once.
"""

from __future__ import annotations

import collections
import inspect
import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wordbot import __version__
from wordbot.errors import WordbotError

PROTOCOL = "wordbot.engine/1"
MAX_LINE = 1 << 20  # bytes in one request line / body / WebSocket message
MAX_EXTENT = 1000  # rows or columns a position's board may span
MAX_TOP = 100
MAX_RACK = 20  # tiles on one rack (the rules never make more than 9)

Emit = Callable[[dict], None]

#: command -> the request fields it accepts besides "cmd" and "id"
COMMANDS: dict[str, tuple[str, ...]] = {
    "hello": (),
    "isready": (),
    "setoption": ("name", "value"),
    "position": ("position",),
    "newgame": ("players", "seed", "mat", "rules"),
    "apply": ("move", "position"),
    "moves": ("position", "kind", "limit"),
    "score": ("position",),
    "go": ("position", "player", "time", "iterations", "plies", "top", "seed"),
    "stop": (),
    "quit": (),
}

#: WordbotError subclass name -> error code
_CODES = {
    "PositionError": "bad_position",
    "MoveError": "bad_move",
    "IllegalMove": "illegal_move",
    "PlayerError": "bad_player",
    "RuleError": "bad_rules",
    "StateError": "bad_request",
    "MatError": "bad_rules",
    "LexiconError": "bad_lexicon",
}


class ProtocolError(WordbotError):
    """A request the protocol refuses: ``code`` is machine-readable, the message says
    which field and why."""

    def __init__(self, code: str, message: str, **data: Any):
        super().__init__(message)
        self.code = code
        self.data = data


def error_reply(req_id: Any, exc: BaseException) -> dict:
    """The error reply for ``exc`` (any exception: unexpected ones are ``internal``)."""
    if isinstance(exc, ProtocolError):
        error = {"code": exc.code, "message": str(exc), **exc.data}
    elif isinstance(exc, WordbotError):
        error = {"code": _CODES.get(type(exc).__name__, "invalid"), "message": str(exc)}
        if type(exc).__name__ == "IllegalMove":
            error["rule"] = exc.rule
            if exc.word:
                error["word"] = exc.word
    elif isinstance(exc, MemoryError):
        error = {"code": "too_large", "message": "the request needs more memory than allowed"}
    else:
        error = {"code": "internal",
                 "message": f"internal error ({type(exc).__name__}: {exc})"[:500]}
    return {"id": req_id, "type": "error", "error": error}


def reply(req_id: Any, kind: str, **fields: Any) -> dict:
    return {"id": req_id, "type": kind, **fields}


# ---------------------------------------------------------------------------- parsing
def decode_request(line: str | bytes) -> dict:
    """One request line (or body) -> the request object; :class:`ProtocolError` else."""
    if len(line) > MAX_LINE:
        raise ProtocolError("too_large", f"request: {len(line)} bytes; the limit is "
                                         f"{MAX_LINE} (1 MB)")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError("bad_json", f"request: not UTF-8 text (byte {exc.start})") \
                from None
    try:
        obj = json.loads(line)
    except RecursionError:
        raise ProtocolError("bad_json", "request: JSON nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and integers past Python's digit limit
        raise ProtocolError("bad_json", f"request: malformed JSON ({exc})"[:300]) from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_request", "request: must be a JSON object with \"cmd\"")
    return obj


def request_id(obj: Any) -> Any:
    """The id to echo: a string, number or null; anything else is not echoed."""
    if isinstance(obj, dict):
        value = obj.get("id")
        if value is None or isinstance(value, (str, int, float)) and not isinstance(value, bool):
            if isinstance(value, str) and len(value) > 200:
                return value[:200]
            return value
    return None


def check_request(obj: dict) -> str:
    """Validate the envelope (id, cmd, fields) and return the command name."""
    if "id" in obj:
        value = obj["id"]
        if isinstance(value, bool) or not (value is None or isinstance(value, (str, int, float))):
            raise ProtocolError("bad_request", "id: must be a string, a number or null")
        if isinstance(value, str) and len(value) > 200:
            raise ProtocolError("bad_request", "id: longer than 200 characters")
    if "cmd" not in obj:
        raise ProtocolError("bad_request", "cmd: missing (one of " + ", ".join(COMMANDS) + ")")
    cmd = obj["cmd"]
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        shown = cmd if isinstance(cmd, str) else json.dumps(cmd)
        raise ProtocolError("unknown_command", f"cmd: unknown command {shown[:60]!r} "
                                               f"(commands: {', '.join(COMMANDS)})")
    allowed = COMMANDS[cmd]
    for key in obj:
        if key not in ("cmd", "id") and key not in allowed:
            known = ", ".join(allowed) or "none"
            raise ProtocolError("bad_request", f"{str(key)[:60]}: unknown field of {cmd} "
                                               f"(fields: {known})")
    return cmd


def _int_field(obj: dict, key: str, lo: int | None = None, hi: int | None = None):
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("bad_request", f"{key}: {json.dumps(value)[:40]} is not an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ProtocolError("bad_request", f"{key}: {value} is outside {lo}..{hi}")
    return value


def _number_field(obj: dict, key: str, lo: float = 0.0, hi: float = 86400.0):
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProtocolError("bad_request", f"{key}: {json.dumps(value)[:40]} is not a number")
    if not lo <= value <= hi:
        raise ProtocolError("bad_request", f"{key}: {value} is outside {lo}..{hi}")
    return float(value)


# ---------------------------------------------------------------------------- options
@dataclass(frozen=True)
class EngineOption:
    type: str  # JSON type name: "string", "integer", "number", "boolean"
    default: Any
    help: str
    nullable: bool = False

    def to_json(self) -> dict:
        return {"type": self.type, "default": self.default, "help": self.help,
                "nullable": self.nullable}


def default_player() -> str:
    """The strongest registered player: ``mc`` when it exists, else ``control``."""
    from wordbot.players import PLAYERS

    return "mc" if "mc" in PLAYERS else "control"


def engine_options() -> dict[str, EngineOption]:
    return {
        "player": EngineOption("string", default_player(),
                               "player spec used by go when it names none (name:key=value,...)"),
        "seed": EngineOption("integer", 0, "seed of the player's choices when go gives none"),
        "top": EngineOption("integer", 5, f"candidates reported by go (1..{MAX_TOP})"),
        "time": EngineOption("number", None, "seconds per go when it gives no limit "
                                             "(null: the player's own default)", True),
        "lexicon": EngineOption("string", None, "word list file (null: the bundled "
                                                "default); loaded when set", True),
    }


# ---------------------------------------------------------------------------- lexicons
_LEXICONS: dict[str | None, Any] = {}
_LEXICON_LOCK = threading.Lock()


def load_lexicon(path: str | None):
    """A lexicon by path (None: the default), loaded once per process."""
    with _LEXICON_LOCK:
        lex = _LEXICONS.get(path)
        if lex is None:
            from wordbot.dictionaries import Lexicon

            try:
                lex = Lexicon.load(path, report=None)
            except WordbotError:
                raise
            except OSError as exc:
                raise ProtocolError("bad_lexicon", f"lexicon: cannot read {path!r} "
                                                   f"({exc.strerror or exc})") from None
            _LEXICONS[path] = lex
        return lex


class FairLock:
    """A lock granted first come, first served (``threading.Lock`` is not fair: under
    load some waiters would starve while newcomers go first)."""

    def __init__(self):
        self._cond = threading.Condition(threading.Lock())
        self._waiting: collections.deque = collections.deque()
        self._held = False

    def acquire(self, blocking: bool = True, timeout: float = -1,
                abort: Callable[[], bool] | None = None) -> bool:
        """Wait for the lock in arrival order. ``abort`` is polled (every 50 ms) while
        waiting, without losing the place in the queue; True gives up."""
        me = object()
        with self._cond:
            self._waiting.append(me)
            deadline = None if timeout is None or timeout < 0 else time.monotonic() + timeout
            while self._held or self._waiting[0] is not me:
                remaining = None if deadline is None else deadline - time.monotonic()
                if (not blocking or (remaining is not None and remaining <= 0)
                        or (abort is not None and abort())):
                    self._waiting.remove(me)
                    self._cond.notify_all()
                    return False
                if abort is not None:
                    remaining = 0.05 if remaining is None else min(remaining, 0.05)
                self._cond.wait(remaining)
            self._waiting.popleft()
            self._held = True
            return True

    def release(self) -> None:
        with self._cond:
            self._held = False
            self._cond.notify_all()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()


#: serialises the move generator (shared buffers) between threads of this process
SEARCH_LOCK = FairLock()


# ---------------------------------------------------------------------------- session
class Session:
    """Options, the lexicon and (stateful use) the current position of one client.

    ``allow_lexicon=False`` refuses ``setoption lexicon`` (the server: clients must not
    name files on the server's disk); ``max_time`` caps every search (seconds);
    ``max_moves`` caps the moves one ``moves`` reply lists.
    """

    def __init__(self, lexicon: str | None = None, allow_lexicon: bool = True,
                 max_time: float | None = None, player: str | None = None,
                 max_moves: int | None = None):
        self.specs = engine_options()
        self.options = {k: o.default for k, o in self.specs.items()}
        self.options["lexicon"] = lexicon
        if player is not None:
            self.options["player"] = player
        self.allow_lexicon = allow_lexicon
        self.max_time = max_time
        self.max_moves = max_moves
        self.state = None

    # -- helpers -------------------------------------------------------------------
    @property
    def lexicon(self):
        return load_lexicon(self.options["lexicon"])

    def read_position(self, obj: Any):
        from wordbot.engine.controlword import ControlWordState

        if not isinstance(obj, dict):
            raise ProtocolError("bad_position", "position: must be a JSON object "
                                                "(a FORMATS.md position)")
        state = ControlWordState.from_json(obj, self.lexicon)
        check_extent(state)
        return state

    def target(self, req: dict):
        """The position a request works on: its own ``position`` or the session's."""
        if req.get("position") is not None:
            return self.read_position(req["position"])
        if self.state is None:
            raise ProtocolError("no_position", "position: none given and none set (send "
                                               "position or newgame first, or include "
                                               "\"position\" in the request)")
        return self.state

    def describe(self, state, req_id, **extra) -> dict:
        return reply(req_id, "position", position=state.to_json(), to_move=state.to_move,
                     phase=state.phase, round=state.round, over=state.is_over, **extra)

    # -- synchronous commands ------------------------------------------------------
    def handle(self, cmd: str, req: dict) -> dict:
        """The final reply of every command but go / stop / quit."""
        return getattr(self, "cmd_" + cmd)(req, request_id(req))

    def cmd_hello(self, req, rid) -> dict:
        from wordbot.players import PLAYERS

        players = {}
        for name, cls in sorted(PLAYERS.items()):
            players[name] = {
                "description": cls.description,
                "options": {k: {"type": o.type.__name__, "default": o.default, "help": o.help}
                            for k, o in cls.options.items()},
            }
        return reply(rid, "hello", engine="wordbot", version=__version__, protocol=PROTOCOL,
                     game="controlword", position_format="wordbot.controlword.position/1",
                     commands=list(COMMANDS),
                     options={k: o.to_json() for k, o in self.specs.items()},
                     values=dict(self.options), players=players,
                     limits={"line_bytes": MAX_LINE, "board_extent": MAX_EXTENT,
                             "rack_tiles": MAX_RACK, "top": MAX_TOP,
                             "max_time": self.max_time, "max_moves": self.max_moves})

    def cmd_isready(self, req, rid) -> dict:
        self.lexicon  # noqa: B018  (loads it: readyok means requests will not wait)
        return reply(rid, "readyok")

    def cmd_setoption(self, req, rid) -> dict:
        name = req.get("name")
        if not isinstance(name, str) or name not in self.specs:
            raise ProtocolError("bad_option", f"name: unknown option {str(name)[:60]!r} "
                                              f"(options: {', '.join(self.specs)})")
        if "value" not in req:
            raise ProtocolError("bad_option", f"value: missing for option {name}")
        spec = self.specs[name]
        value = req["value"]
        if value is None and not spec.nullable:
            raise ProtocolError("bad_option", f"value: option {name} cannot be null")
        if value is not None:
            ok = {"string": lambda v: isinstance(v, str),
                  "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
                  "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
                  "boolean": lambda v: isinstance(v, bool)}[spec.type](value)
            if not ok:
                raise ProtocolError("bad_option", f"value: option {name} takes a {spec.type}, "
                                                  f"not {json.dumps(value)[:40]}")
        if name == "player":
            from wordbot.players import parse_spec

            parse_spec(value)
        elif name == "top" and not 1 <= value <= MAX_TOP:
            raise ProtocolError("bad_option", f"value: top must be 1..{MAX_TOP}, got {value}")
        elif name == "time" and value is not None and not 0 <= value <= 86400:
            raise ProtocolError("bad_option", f"value: time must be 0..86400 seconds")
        elif name == "seed" and not 0 <= value < 2**63:
            raise ProtocolError("bad_option", "value: seed must be 0..2**63-1")
        elif name == "lexicon":
            if not self.allow_lexicon:
                raise ProtocolError("bad_option", "lexicon: this server does not let clients "
                                                  "choose the word list")
            load_lexicon(value)
            self.state = None  # a position belongs to its lexicon
        self.options[name] = value
        return reply(rid, "option", name=name, value=value)

    def cmd_position(self, req, rid) -> dict:
        if "position" not in req:
            raise ProtocolError("bad_request", "position: missing")
        self.state = self.read_position(req["position"])
        return self.describe(self.state, rid)

    def cmd_newgame(self, req, rid) -> dict:
        from wordbot.engine.controlword import ControlWordState, Rules

        players = req.get("players", ["red", "green"])
        if not (isinstance(players, str) or (isinstance(players, list) and
                                             all(isinstance(p, str) for p in players))):
            raise ProtocolError("bad_request", "players: a list of colours")
        seed = _int_field(req, "seed", 0, 2**63 - 1)
        mat = req.get("mat")
        if mat is not None and (isinstance(mat, bool) or not isinstance(mat, (int, str))):
            raise ProtocolError("bad_request", "mat: 1-6 or \"random\"")
        rules = Rules.from_json(req.get("rules") or {}, "rules")
        self.state = ControlWordState.new(players, seed, mat, rules, self.lexicon)
        return self.describe(self.state, rid)

    def cmd_apply(self, req, rid) -> dict:
        if "move" not in req:
            raise ProtocolError("bad_request", "move: missing (notation text or a move object)")
        inline = req.get("position") is not None
        state = self.target(req)
        move_obj = req["move"]
        if not isinstance(move_obj, (str, dict)):
            raise ProtocolError("bad_move", "move: notation text or a move object")
        if state.is_over:
            raise ProtocolError("game_over", "position: the game is over")
        if isinstance(move_obj, dict) and not isinstance(move_obj.get("type"), str):
            raise ProtocolError("bad_move", "move.type: word, replace, pass, redraw or "
                                            "exchange")
        move = state.parse_move(move_obj)
        after = state.apply(move)
        check_extent(after)
        if not inline:
            self.state = after
        return self.describe(after, rid, move=move.to_json(), notation=state.notation(move),
                             player=state.to_move,
                             events=[_event_json(e) for e in after.events])

    def cmd_moves(self, req, rid) -> dict:
        state = self.target(req)
        kind = req.get("kind", "all")
        if kind not in ("all", "word", "replace"):
            raise ProtocolError("bad_request", f"kind: {str(kind)[:40]!r} is not all, word "
                                               "or replace")
        limit = _int_field(req, "limit", 0, 10**6)
        if self.max_moves is not None:
            limit = self.max_moves if limit is None else min(limit, self.max_moves)
        with SEARCH_LOCK:
            moves, points = list_moves(state, kind)
        order = sorted(range(len(moves)), key=lambda i: -points[i])
        if limit is not None:
            order = order[:limit]
        return reply(rid, "moves", count=len(moves),
                     moves=[{"move": moves[i].to_json(), "notation": state.notation(moves[i]),
                             "points": points[i]} for i in order])

    def cmd_score(self, req, rid) -> dict:
        state = self.target(req)
        return reply(rid, "score", over=state.is_over, **state.evaluate().to_json())

    # -- go --------------------------------------------------------------------------
    def prepare_go(self, req: dict) -> "Search":
        from wordbot.players import Limit, make_player

        state = self.target(req)
        if state.is_over:
            raise ProtocolError("game_over", "position: the game is over; there is no move")
        if state.racks.get(state.to_move) is None:
            raise ProtocolError("bad_position", f"racks.{state.to_move}: the rack of the "
                                                "player to move is unknown")
        spec = req.get("player", self.options["player"])
        if not isinstance(spec, str):
            raise ProtocolError("bad_player", "player: a player spec string (name:key=value)")
        seed = _int_field(req, "seed", 0, 2**63 - 1)
        seed = self.options["seed"] if seed is None else seed
        top = _int_field(req, "top", 1, MAX_TOP) or self.options["top"]
        seconds = _number_field(req, "time")
        iterations = _int_field(req, "iterations", 0, 10**9)
        plies = _int_field(req, "plies", 0, 1000)
        if seconds is None and iterations is None:
            seconds = self.options["time"]
        if self.max_time is not None:
            seconds = self.max_time if seconds is None else min(seconds, self.max_time)
        player = make_player(spec, seed)
        limit = Limit(time=seconds, iterations=iterations, plies=plies)
        return Search(request_id(req), state, player, limit, top)


def warm_up(lexicon: str | None = None) -> None:
    """Load the lexicon and the compiled kernels now, so the first search is quick."""
    from wordbot.engine.controlword import ControlWordState
    from wordbot.players import make_player

    state = ControlWordState.new(["red", "green"], seed=1, lexicon=load_lexicon(lexicon))
    with SEARCH_LOCK:
        make_player("control").analyse(state, None, top=1)


def check_extent(state) -> None:
    """Refuse boards so spread out that packing them into arrays would exhaust memory,
    and racks so big that listing their plays would take minutes."""
    for colour, rack in state.racks.items():
        if len(rack) > MAX_RACK:
            raise ProtocolError("bad_position", f"racks.{colour}: {len(rack)} tiles; the "
                                                f"limit is {MAX_RACK}")
    if not state.board:
        return
    rows = [r for r, _ in state.board]
    cols = [c for _, c in state.board]
    h, w = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    if h > MAX_EXTENT or w > MAX_EXTENT:
        raise ProtocolError("bad_position", f"board: the tiles span {h} rows x {w} columns; "
                                            f"the limit is {MAX_EXTENT} each way")


def _event_json(event: tuple) -> list:
    return [dict(x) if isinstance(x, Mapping) else x for x in event]


def list_moves(state, kind: str):
    """(moves, points when played): every legal move of ``kind`` for the player to move."""
    from wordbot.players.plays import (
        rack_of,
        replacement_move,
        replacement_plays,
        word_move,
        word_plays,
    )

    if state.is_over:
        return [], []
    rack_of(state)
    if kind == "all":
        kind_here = "word" if state.phase == "word" else "replace"
        moves, points = list_moves(state, kind_here)
        rest = state.other_moves()
        return moves + rest, points + [0] * len(rest)
    if kind == "word":
        plays = word_plays(state)
        return ([word_move(state, plays, i) for i in range(len(plays))],
                [int(p) for p in plays.points])
    plays = replacement_plays(state)
    moves = [replacement_move(state, plays, i) for i in range(len(plays))]
    return moves, [0] * len(moves)


# ---------------------------------------------------------------------------- search
def _accepts(func, name: str) -> bool:
    try:
        return name in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


ANYTIME_OPTIONS = ("time", "iterations")


class Search:
    """One ``go``: runs on its own thread, streams ``info``, ends with one ``bestmove``.

    A player that searches for a while (one with a ``time`` or ``iterations`` option,
    such as ``mc``) first reports the ``control`` player's ranking, so that ``stop`` has
    a move to give at once. A player whose ``analyse`` takes a ``progress`` callback is
    given one: it is called with the current candidates and returns True when the search
    should stop.
    """

    def __init__(self, req_id, state, player, limit, top: int):
        self.id = req_id
        self.state = state
        self.player = player
        self.limit = limit
        self.top = top
        self.stop_event = threading.Event()
        self.finished = threading.Event()
        self.final: dict | None = None
        self._lock = threading.Lock()
        self._latest: list | None = None
        self._emit: Emit | None = None
        self._started = time.perf_counter()
        self.thread: threading.Thread | None = None
        self.queue_timeout: float | None = None  # give up waiting for the generator after
        self.on_done: list[Callable[["Search"], None]] = []

    # -- running -------------------------------------------------------------------
    def start(self, emit: Emit) -> None:
        self._emit = emit
        self._started = time.perf_counter()
        self.thread = threading.Thread(target=self._run, name=f"search-{self.id}", daemon=True)
        self.thread.start()

    def run_here(self, emit: Emit) -> dict:
        """Run on the calling thread (no stop); returns the final reply."""
        self._emit = emit
        self._run()
        return self.final

    def _elapsed(self) -> float:
        return round(time.perf_counter() - self._started, 4)

    def _publish(self, cands, player: str) -> None:
        with self._lock:
            if self.finished.is_set() or not cands:
                return
            self._latest = cands
            self._emit(reply(self.id, "info", player=player, elapsed=self._elapsed(),
                             iterations=max(c.iterations for c in cands),
                             candidates=[c.to_json() for c in cands]))
            if self.stop_event.is_set():
                self._finish_locked(stopped=True)

    def _finish_locked(self, stopped: bool) -> None:
        best = self._latest[0]
        self.final = reply(self.id, "bestmove", move=best.move.to_json(),
                           notation=best.notation, player=self.player.spec,
                           elapsed=self._elapsed(), stopped=stopped,
                           candidates=[c.to_json() for c in self._latest])
        self.finished.set()  # before the reply: a client may send its next go at once
        self._emit(self.final)
        self._done()

    def _fail(self, exc: BaseException) -> None:
        with self._lock:
            if self.finished.is_set():
                return
            self.final = error_reply(self.id, exc)
            self.finished.set()
            self._emit(self.final)
            self._done()

    def _done(self) -> None:
        for callback in self.on_done:
            try:
                callback(self)
            except Exception:  # noqa: BLE001  (a listener must not break the search)
                pass

    def _analyse(self, player, top: int):
        kwargs = {}
        if _accepts(player.analyse, "top"):
            kwargs["top"] = top
        if _accepts(player.analyse, "progress"):
            kwargs["progress"] = lambda cands: (self._publish(list(cands)[:top], player.spec)
                                                or self.stop_event.is_set())
        return list(player.analyse(self.state, self.limit, **kwargs))[:top]

    def _run(self) -> None:
        try:
            queue_timeout = -1 if self.queue_timeout is None else self.queue_timeout
            if not SEARCH_LOCK.acquire(timeout=queue_timeout, abort=self.stop_event.is_set):
                if self.stop_event.is_set():
                    raise ProtocolError("stopped", "stop: the search was stopped before it "
                                                   "could start (no move yet)")
                waited = time.perf_counter() - self._started
                raise ProtocolError("busy", f"go: waited {waited:.0f} s for the move "
                                            "generator; the server is busy, try again")
            self._started = time.perf_counter()  # elapsed counts thinking, not waiting
            try:
                if any(k in type(self.player).options for k in ANYTIME_OPTIONS):
                    from wordbot.players import make_player

                    quick = make_player("control:explain=false", self.player.seed)
                    self._publish(quick.analyse(self.state, None, top=self.top), "control")
                if not self.stop_event.is_set():
                    self._publish(self._analyse(self.player, self.top), self.player.spec)
            finally:
                SEARCH_LOCK.release()
            with self._lock:
                if not self.finished.is_set():
                    if self._latest is None:
                        raise ProtocolError("no_move", "go: the player found no move")
                    self._finish_locked(stopped=self.stop_event.is_set())
        except BaseException as exc:  # noqa: BLE001  (reported, never raised)
            self._fail(exc)

    # -- stopping --------------------------------------------------------------------
    def stop(self) -> None:
        """End the search now with its best so far (or, when it has none yet, as soon as
        it has one)."""
        self.stop_event.set()
        with self._lock:
            if not self.finished.is_set() and self._latest is not None:
                self._finish_locked(stopped=True)


# ---------------------------------------------------------------------------- connection
class Connection:
    """One client of a :class:`Session`: requests in, replies out through ``emit``.

    :meth:`submit` handles one request line (or decoded object) and returns its command
    name (None when it could not be read). Every request gets one final reply; a ``go``
    runs on its own thread and its replies come later. ``quit`` is the caller's cue to
    stop reading.
    """

    def __init__(self, session: Session, emit: Emit, on_search: Callable | None = None):
        self.session = session
        self.emit = emit
        self.search: Search | None = None
        self.on_search = on_search  # called with each Search before it starts

    @property
    def searching(self) -> bool:
        return self.search is not None and not self.search.finished.is_set()

    def submit(self, line: str | bytes | dict) -> str | None:
        req: Any = None
        try:
            req = line if isinstance(line, dict) else decode_request(line)
            cmd = check_request(req)
        except BaseException as exc:  # noqa: BLE001
            self.emit(error_reply(request_id(req), exc))
            return None
        rid = request_id(req)
        self._settle()
        try:
            if cmd == "stop":
                stopped = self.stop()
                self.emit(reply(rid, "stopped", search=stopped))
            elif cmd == "quit":
                self.stop()
                self.emit(reply(rid, "bye"))
            elif cmd == "go":
                if self.searching:
                    raise ProtocolError("busy", f"go: a search (id {self.search.id!r}) is "
                                                "running; send stop first")
                search = self.session.prepare_go(req)
                if self.on_search is not None:
                    self.on_search(search)
                self.search = search
                search.start(self.emit)
            elif cmd == "moves" and self.searching:
                raise ProtocolError("busy", "moves: a search is running; send stop first")
            else:
                self.emit(self.session.handle(cmd, req))
        except BaseException as exc:  # noqa: BLE001  (every error is a reply)
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            self.emit(error_reply(rid, exc))
        return cmd

    def _settle(self) -> None:
        """Once a search has finished, its final reply goes out before any later one."""
        search = self.search
        if search is not None and search.finished.is_set():
            with search._lock:
                pass

    def stop(self, wait: float = 30.0) -> Any:
        """Stop the running search (its bestmove is emitted first); its id, or None."""
        search = self.search
        if search is None:
            return None
        running = not search.finished.is_set()
        if running:
            search.stop()
            search.finished.wait(wait)
        self._settle()
        return search.id if running else None

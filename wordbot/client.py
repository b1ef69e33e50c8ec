"""A Python client for the wordbot engine protocol, in the style of python-chess's
``chess.engine``.

>>> from wordbot.client import SimpleEngine, Limit           # doctest: +SKIP
>>> with SimpleEngine.popen(["wordbot", "engine"]) as engine:  # doctest: +SKIP
...     position = engine.new_game(["red", "green"], seed=7)
...     result = engine.play(position, Limit(time=0.5), player="control")
...     print(result.notation)
...     for cand in engine.analyse(position, Limit(time=0.5), top=3):
...         print(cand["notation"], cand["equity"])

Positions are docs/formats.md position objects (dicts), JSON text, or anything with a
``to_json()`` (a :class:`wordbot.engine.GameState`); ``None`` means the engine's
current position (set by :meth:`SimpleEngine.new_game`, :meth:`SimpleEngine.position` or
:meth:`SimpleEngine.apply` without a position). Moves are text notation or move objects.

Errors: :class:`EngineError` for an error reply (``code``, ``message``, ``reply``),
:class:`EngineTerminatedError` when the engine process dies (with its exit code and the
end of its stderr), :class:`EngineTimeoutError` when a reply does not come in time. This
module needs only the standard library.
"""

from __future__ import annotations

import collections
import itertools
import json
import queue
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "AnalysisResult",
    "EngineError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "Limit",
    "PlayResult",
    "SimpleEngine",
]


class EngineError(Exception):
    """The engine answered with an error reply."""

    def __init__(self, message: str, code: str = "error", reply: dict | None = None):
        super().__init__(message)
        self.code = code
        self.reply = reply or {}


class EngineTerminatedError(EngineError):
    """The engine process exited (or closed its output) while we needed it."""


class EngineTimeoutError(EngineError, TimeoutError):
    """No final reply within the timeout."""


@dataclass(frozen=True)
class Limit:
    """How long the engine may think: seconds, iterations (playouts) and/or plies."""

    time: float | None = None
    iterations: int | None = None
    plies: int | None = None

    def fields(self) -> dict:
        return {
            k: v
            for k, v in (
                ("time", self.time),
                ("iterations", self.iterations),
                ("plies", self.plies),
            )
            if v is not None
        }


@dataclass
class PlayResult:
    """The engine's move: the move object, its notation and the final candidates."""

    move: dict
    notation: str
    player: str = ""
    stopped: bool = False
    elapsed: float = 0.0
    candidates: list[dict] = field(default_factory=list)
    info: list[dict] = field(default_factory=list)  # every info reply of the search


def _position_json(position: Any) -> Any:
    if position is None:
        return None
    if hasattr(position, "to_json"):
        return position.to_json()
    if isinstance(position, str):
        return json.loads(position)
    return position


class _Pending:
    """The replies of one request, in order; ``done`` once its final reply came."""

    def __init__(self):
        self.replies: queue.Queue = queue.Queue()


class AnalysisResult:
    """A running ``go``: iterate to get its ``info`` replies as they come; :meth:`stop`
    ends it; :meth:`wait` returns the :class:`PlayResult`."""

    def __init__(self, engine: SimpleEngine, rid: int, pending: _Pending, timeout: float):
        self._engine = engine
        self._id = rid
        self._pending = pending
        self._deadline = time.monotonic() + timeout
        self.info: list[dict] = []
        self.result: PlayResult | None = None

    def _next(self) -> dict | None:
        """The next reply (None after the final one)."""
        if self.result is not None:
            return None
        msg = self._engine._take(self._pending, self._id, self._deadline)
        if msg.get("type") == "info":
            self.info.append(msg)
            return msg
        self._engine._forget(self._id)
        if msg.get("type") == "error":
            raise _reply_error(msg)
        self.result = PlayResult(
            msg["move"],
            msg["notation"],
            msg.get("player", ""),
            msg.get("stopped", False),
            msg.get("elapsed", 0.0),
            msg.get("candidates", []),
            self.info,
        )
        return None

    def __iter__(self) -> Iterator[dict]:
        while True:
            msg = self._next()
            if msg is None:
                return
            yield msg

    def next(self) -> dict | None:
        """The next info reply, or None when the search has ended."""
        return self._next()

    def stop(self) -> None:
        """Ask the engine to stop now; it answers with its best move so far."""
        if self.result is None:
            self._engine.request("stop")

    def wait(self) -> PlayResult:
        for _ in self:
            pass
        assert self.result is not None  # set when the search ends
        return self.result

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.result is None and self._engine.alive:
            try:
                self.stop()
                self.wait()
            except EngineError:
                pass


def _reply_error(msg: dict) -> EngineError:
    err = msg.get("error") or {}
    return EngineError(
        f"{err.get('code', 'error')}: {err.get('message', '')}",
        err.get("code", "error"),
        msg,
    )


class SimpleEngine:
    """A ``wordbot engine`` subprocess and blocking calls into it.

    ``timeout`` (seconds) bounds every call that does not search; a search waits for
    its own time limit plus ``timeout``.
    """

    def __init__(self, process: subprocess.Popen, timeout: float = 30.0):
        self.process = process
        self.timeout = timeout
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._stderr: collections.deque[str] = collections.deque(maxlen=40)
        self._closed = False
        self._eof = threading.Event()
        self._reader = threading.Thread(
            target=self._read, daemon=True, name="engine-reader"
        )
        self._reader.start()
        if process.stderr is not None:
            threading.Thread(
                target=self._read_stderr, daemon=True, name="engine-stderr"
            ).start()
        self.id: dict = self.request("hello")

    @classmethod
    def popen(
        cls,
        command: Sequence[str] | str = ("wordbot", "engine"),
        *,
        timeout: float = 30.0,
        cwd=None,
        env=None,
        startup_timeout: float | None = None,
    ) -> SimpleEngine:
        """Start the engine ``command`` and say hello (its reply is :attr:`id`)."""
        if isinstance(command, str):
            command = [command]
        process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        try:
            engine = cls(process, startup_timeout or timeout)
            engine.timeout = timeout
            return engine
        except BaseException:
            process.kill()
            process.wait()
            raise

    # -- plumbing ----------------------------------------------------------------------
    def _read(self) -> None:
        assert self.process.stdout is not None  # the engine's stdout is a pipe
        try:
            for line in self.process.stdout:
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                with self._lock:
                    pending = (
                        self._pending.get(msg.get("id"))  # type: ignore[arg-type]  # any JSON id: an unknown one finds nothing
                        if isinstance(msg, dict)
                        else None
                    )
                if pending is not None:
                    pending.replies.put(msg)
        except (OSError, ValueError):
            pass
        finally:
            self._eof.set()
            with self._lock:
                for pending in self._pending.values():
                    pending.replies.put(None)

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None  # the engine's stderr is a pipe
        try:
            for line in self.process.stderr:
                self._stderr.append(line.rstrip("\n"))
        except (OSError, ValueError):
            pass

    def _terminated(self) -> EngineTerminatedError:
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        tail = "\n".join(self._stderr)
        message = (
            f"the engine exited (code {code})"
            if code is not None
            else "the engine closed its output"
        )
        if tail:
            message += f"; its stderr ended with:\n{tail}"
        return EngineTerminatedError(message, "terminated")

    @property
    def alive(self) -> bool:
        return not self._eof.is_set() and self.process.poll() is None

    def _send(self, obj: dict) -> _Pending:
        rid = obj["id"]
        pending = _Pending()
        with self._lock:
            if self._eof.is_set():
                raise self._terminated()
            self._pending[rid] = pending
        line = json.dumps(obj) + "\n"
        assert self.process.stdin is not None  # the engine's stdin is a pipe
        try:
            with self._write_lock:
                self.process.stdin.write(line)
                self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._forget(rid)
            raise self._terminated() from None
        return pending

    def _forget(self, rid: int) -> None:
        with self._lock:
            self._pending.pop(rid, None)

    def _take(self, pending: _Pending, rid: int, deadline: float) -> dict:
        try:
            msg = pending.replies.get(timeout=max(deadline - time.monotonic(), 0.0))
        except queue.Empty:
            self._forget(rid)
            raise EngineTimeoutError(
                f"no reply to request {rid} in time", "timeout"
            ) from None
        if msg is None:
            self._forget(rid)
            raise self._terminated()
        return msg

    def request(self, cmd: str, timeout: float | None = None, **fields: Any) -> dict:
        """Send one request and return its final reply (raises on an error reply)."""
        rid = next(self._ids)
        pending = self._send({"id": rid, "cmd": cmd, **fields})
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            msg = self._take(pending, rid, deadline)
            if msg.get("type") != "info":
                break
        self._forget(rid)
        if msg.get("type") == "error":
            raise _reply_error(msg)
        return msg

    # -- the engine's commands ---------------------------------------------------------
    def ping(self) -> None:
        """``isready``: returns once the engine has done everything sent before."""
        self.request("isready")

    def configure(self, options: dict[str, Any]) -> None:
        """Set engine options (``player``, ``seed``, ``top``, ``time``, ``lexicon``)."""
        for name, value in options.items():
            self.request("setoption", name=name, value=value)

    def new_game(
        self,
        players: Sequence[str] | None = None,
        seed: int | None = None,
        rules: dict | None = None,
        game: str | None = None,
        **setup: Any,
    ) -> dict:
        """Start a new game in the engine (``game``: another game than the session's;
        ``players``: default the game's; ``setup``: the game's set-up options by name,
        as ``hello`` lists them under ``setup``); returns its position (now the current
        one)."""
        fields: dict[str, Any] = {}
        for key, value in (
            ("game", game),
            ("players", None if players is None else list(players)),
            ("seed", seed),
            ("rules", rules),
            *setup.items(),
        ):
            if value is not None:
                fields[key] = value
        return self.request("newgame", **fields)["position"]

    def position(self, position: Any) -> dict:
        """Make ``position`` the engine's current position; returns it as read."""
        return self.request("position", position=_position_json(position))["position"]

    def apply(self, position: Any, move: Any) -> dict:
        """The reply to ``apply``: ``position`` after ``move``, ``notation``, ``events``.
        With ``position`` None the engine's current position moves on."""
        fields: dict[str, Any] = {
            "move": move.to_json() if hasattr(move, "to_json") else move
        }
        if position is not None:
            fields["position"] = _position_json(position)
        return self.request("apply", **fields)

    def moves(
        self, position: Any = None, kind: str = "all", limit: int | None = None
    ) -> list[dict]:
        """Legal moves (``move``, ``notation``, ``points``), most points first."""
        fields: dict[str, Any] = {"kind": kind}
        if position is not None:
            fields["position"] = _position_json(position)
        if limit is not None:
            fields["limit"] = limit
        return self.request("moves", **fields)["moves"]

    def observe(self, viewer: str | None = None, position: Any = None) -> dict:
        """What the seat ``viewer`` (default: the one to move) sees of ``position`` (or
        of the engine's current position): a view to give a bot that plays that seat,
        with no other seat's rack and no bag or deck order (docs/protocol.md)."""
        fields: dict[str, Any] = {}
        if viewer is not None:
            fields["viewer"] = viewer
        if position is not None:
            fields["position"] = _position_json(position)
        return self.request("observe", **fields)["view"]

    def score(self, position: Any = None) -> dict:
        """The end-of-game evaluation of the board as it stands."""
        fields = {"position": _position_json(position)} if position is not None else {}
        return self.request("score", **fields)

    def analysis(
        self,
        position: Any = None,
        limit: Limit | None = None,
        *,
        player: str | None = None,
        seed: int | None = None,
        top: int | None = None,
    ) -> AnalysisResult:
        """Start a search; iterate the result for ``info`` replies, ``stop()`` it, or
        ``wait()`` for the :class:`PlayResult`."""
        limit = limit or Limit()
        fields: dict[str, Any] = dict(limit.fields())
        for key, value in (
            ("player", player),
            ("seed", seed),
            ("top", top),
            ("position", _position_json(position)),
        ):
            if value is not None:
                fields[key] = value
        rid = next(self._ids)
        pending = self._send({"id": rid, "cmd": "go", **fields})
        budget = self.timeout + (limit.time or 0.0)
        return AnalysisResult(self, rid, pending, budget)

    def play(
        self,
        position: Any = None,
        limit: Limit | None = None,
        *,
        player: str | None = None,
        seed: int | None = None,
        top: int | None = None,
    ) -> PlayResult:
        """The engine's move in ``position``."""
        return self.analysis(position, limit, player=player, seed=seed, top=top).wait()

    def analyse(
        self,
        position: Any = None,
        limit: Limit | None = None,
        *,
        player: str | None = None,
        seed: int | None = None,
        top: int = 5,
    ) -> list[dict]:
        """The engine's ranked candidates (``move``, ``notation``, ``points``, ``equity``,
        ``win_rate``, ``iterations`` and the game's own fields: Control Word's
        ``control_change``, ``words``)."""
        return self.play(position, limit, player=player, seed=seed, top=top).candidates

    # -- lifetime ------------------------------------------------------------------------
    def quit(self, timeout: float = 10.0) -> int | None:
        """Ask the engine to quit and wait for it; kills it if it does not. Returns its
        exit code."""
        if self._closed:
            return self.process.returncode
        self._closed = True
        if self.alive:
            try:
                self.request("quit", timeout=timeout)
            except EngineError:
                pass
        assert self.process.stdin is not None  # the engine's stdin is a pipe
        try:
            self.process.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()

    close = quit

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *exc) -> None:
        self.quit()

    def __repr__(self) -> str:
        return f"<SimpleEngine pid={self.process.pid} {self.id.get('version', '?')}>"

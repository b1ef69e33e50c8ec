"""``go``, ``stop`` and ``info``: a search runs on its own thread, streams its
candidates and ends with one ``bestmove``.

Searches share one process-wide lock (:data:`SEARCH_LOCK`), granted first come, first
served, so that one search at a time has the machine; nothing else waits for it.
"""

from __future__ import annotations

import collections
import random
import threading
import time
from collections.abc import Callable

from wordbot.players.profile import profile_of
from wordbot.protocol.envelope import Emit, ProtocolError, error_reply, reply


class FairLock:
    """A lock granted first come, first served (``threading.Lock`` is not fair: under
    load some waiters would starve while newcomers go first)."""

    def __init__(self):
        self._cond = threading.Condition(threading.Lock())
        self._waiting: collections.deque = collections.deque()
        self._held = False

    def acquire(
        self,
        blocking: bool = True,
        timeout: float = -1,
        abort: Callable[[], bool] | None = None,
    ) -> bool:
        """Wait for the lock in arrival order. ``abort`` is polled (every 50 ms) while
        waiting, without losing the place in the queue; True gives up."""
        me = object()
        with self._cond:
            self._waiting.append(me)
            deadline = (
                None if timeout is None or timeout < 0 else time.monotonic() + timeout
            )
            while self._held or self._waiting[0] is not me:
                remaining = None if deadline is None else deadline - time.monotonic()
                if (
                    not blocking
                    or (remaining is not None and remaining <= 0)
                    or (abort is not None and abort())
                ):
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


#: one search at a time in this process, first come, first served
SEARCH_LOCK = FairLock()


class Job:
    """Work that runs on its own thread once it holds :data:`SEARCH_LOCK`: a ``go``
    (:class:`Search`), a hosted game's bot moves or hint (``wordbot.protocol.table``).

    The server admits each before it starts (at most ``wordbot serve --max-searches``
    running or queued at once; ``on_done`` releases the place), so that no number of
    them can hold the threads that answer other requests. A job waits in line at most
    ``queue_timeout`` seconds, unless it is ``patient`` (a bot must move in the end);
    ``stop`` ends the wait too. Subclasses say what :meth:`work` does and how it ends.
    """

    #: wait for the lock as long as it takes (only ``stop`` ends the wait)
    patient = False

    def __init__(self, req_id):
        self.id = req_id
        self.stop_event = threading.Event()
        self.finished = threading.Event()
        self.final: dict | None = None
        self._lock = threading.Lock()
        self._emit: Emit | None = None
        self._started = time.perf_counter()
        self.thread: threading.Thread | None = None
        self.queue_timeout: float | None = None  # give up waiting for the generator after
        self.on_done: list[Callable[[Job], None]] = []

    def start(self, emit: Emit) -> None:
        self._emit = emit
        self._started = time.perf_counter()
        self.thread = threading.Thread(
            target=self._run, name=f"{type(self).__name__.lower()}-{self.id}", daemon=True
        )
        self.thread.start()

    def cancel(self) -> None:
        """Give back the place of a job that will not start."""
        if not self.finished.is_set():
            self.finished.set()
            self._done()

    def _elapsed(self) -> float:
        return round(time.perf_counter() - self._started, 4)

    def _run(self) -> None:
        try:
            waiting = (
                -1 if self.patient or self.queue_timeout is None else self.queue_timeout
            )
            if not SEARCH_LOCK.acquire(timeout=waiting, abort=self.stop_event.is_set):
                raise self.not_started(time.perf_counter() - self._started)
            self._started = time.perf_counter()  # elapsed counts the work, not the wait
            try:
                self.work()
            finally:
                SEARCH_LOCK.release()
            self.complete()
        except BaseException as exc:
            self._fail(exc)

    def work(self) -> None:
        """What the job does while it holds the lock."""
        raise NotImplementedError

    def complete(self) -> None:
        """After :meth:`work`, the lock released: the final reply, if any."""
        with self._lock:
            if not self.finished.is_set():
                self.finished.set()
                self._done()

    def not_started(self, waited: float) -> ProtocolError:
        """The error of a job that never got the lock (stopped, or waited too long)."""
        if self.stop_event.is_set():
            return ProtocolError("stopped", "stop: stopped before it could start")
        return ProtocolError(
            "busy", f"waited {waited:.0f} s for the move generator; try again"
        )

    def _fail(self, exc: BaseException) -> None:
        with self._lock:
            if self.finished.is_set():
                return
            self.final = error_reply(self.id, exc)
            self.finished.set()
            assert self._emit is not None  # start() set it
            self._emit(self.final)
            self._done()

    def _done(self) -> None:
        for callback in self.on_done:
            try:
                callback(self)
            except Exception:
                pass

    def stop(self) -> None:
        """Ask the job to end as soon as it can."""
        self.stop_event.set()


class Search(Job):
    """One ``go``: runs on its own thread, streams ``info``, ends with one ``bestmove``.

    A player that searches for a while (one with a ``time`` or ``iterations`` option,
    such as ``mc``) first reports the ranking of the game's default policy, so that
    ``stop`` has a move to give at once. The player's ``progress`` callback is called with
    its current candidates (each call becomes an ``info``) and returns True when the
    search should stop.
    """

    def __init__(self, req_id, state, player, seed: int, top: int, quick=None):
        super().__init__(req_id)
        self.state = state
        self.player = player
        self.seed = seed
        self.top = top
        self.quick = quick  # the game's default policy, when the player searches
        self._latest: list | None = None

    def _publish(self, cands, player: str) -> None:
        with self._lock:
            if self.finished.is_set() or not cands:
                return
            self._latest = cands
            assert self._emit is not None  # start() set it
            self._emit(
                reply(
                    self.id,
                    "info",
                    game=self.state.game.name,
                    player=player,
                    elapsed=self._elapsed(),
                    iterations=max(c.iterations for c in cands),
                    candidates=self._json(cands),
                )
            )
            if self.stop_event.is_set():
                self._finish_locked(stopped=True)

    def _finish_locked(self, stopped: bool) -> None:
        # a search finishes with candidates, after start()
        assert self._latest is not None and self._emit is not None
        best = self._latest[0]
        self.final = reply(
            self.id,
            "bestmove",
            game=self.state.game.name,
            move=best.move.to_json(),
            notation=best.notation,
            player=self.player.spec,
            elapsed=self._elapsed(),
            stopped=stopped,
            candidates=self._json(self._latest),
        )
        self.finished.set()  # before the reply: a client may send its next go at once
        self._emit(self.final)
        self._done()

    def _json(self, cands) -> list[dict]:
        profile = profile_of(self.state.game)
        return [profile.candidate_json(c, self.state) for c in cands]

    def _analyse(self, player, top: int):
        def progress(cands) -> bool:
            self._publish(list(cands)[:top], player.spec)
            return self.stop_event.is_set()

        return player.top(self.state, top, random.Random(self.seed), progress)[:top]

    def not_started(self, waited: float) -> ProtocolError:
        if self.stop_event.is_set():
            return ProtocolError(
                "stopped",
                "stop: the search was stopped before it could start (no move yet)",
            )
        return ProtocolError(
            "busy",
            f"go: waited {waited:.0f} s for the move generator; the server is busy, "
            "try again",
        )

    def work(self) -> None:
        if self.quick is not None:
            quick = self.quick.top(self.state, self.top, random.Random(self.seed))
            self._publish(quick, self.quick.spec)
        if not self.stop_event.is_set():
            self._publish(self._analyse(self.player, self.top), self.player.spec)

    def complete(self) -> None:
        with self._lock:
            if not self.finished.is_set():
                if self._latest is None:
                    raise ProtocolError("no_move", "go: the player found no move")
                self._finish_locked(stopped=self.stop_event.is_set())

    # -- stopping --------------------------------------------------------------------
    def stop(self) -> None:
        """End the search now with its best so far (or, when it has none yet, as soon as
        it has one)."""
        self.stop_event.set()
        with self._lock:
            if not self.finished.is_set() and self._latest is not None:
                self._finish_locked(stopped=True)

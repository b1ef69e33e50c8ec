"""``go``, ``stop`` and ``info``: a search runs on its own thread, streams its
candidates and ends with one ``bestmove``.

Searches share one process-wide lock (:data:`SEARCH_LOCK`), granted first come, first
served, so that one search at a time has the machine; nothing else waits for it. A job
given a ``cap`` thinks at most that long and holds the lock at most a little longer
(its lease): one that runs over, or is stopped, no longer holds the others up.
"""

from __future__ import annotations

import collections
import math
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from wordbot.players.profile import profile_of
from wordbot.protocol.envelope import Emit, ProtocolError, error_reply, reply


class FairLock:
    """A lock granted first come, first served (``threading.Lock`` is not fair: under
    load some waiters would starve while newcomers go first).

    A holder may take it on a lease: once the lease has run out, the next in line is
    granted the lock as if it were free (the holder's thread goes on, but holds no one
    up any more), and the holder's own release later changes nothing.
    """

    def __init__(self):
        self._lock = threading.Lock()
        #: (token, its own condition) in arrival order: a change wakes only the waiter
        #: it concerns, so a release among hundreds of waiters costs one wake-up
        self._waiting: collections.deque = collections.deque()
        self._holder: object | None = None
        self._expires: float | None = None  # when the holder's lease runs out
        self._mine = threading.local()  # the holder token of ``with`` blocks

    def _free(self, now: float) -> bool:
        return self._holder is None or (self._expires is not None and now >= self._expires)

    def _wake_first(self) -> None:
        if self._waiting:
            self._waiting[0][1].notify()

    def acquire(
        self,
        blocking: bool = True,
        timeout: float = -1,
        abort: Callable[[], bool] | None = None,
        owner: object | None = None,
        lease: float | None = None,
    ) -> bool:
        """Wait for the lock in arrival order. ``abort`` is asked whenever
        :meth:`release` names this waiter's ``owner`` (a job's ``stop`` does), and
        every :data:`ABORT_POLL` seconds besides, without losing the place in the
        queue; True gives up. ``owner`` names the holder for :meth:`release`;
        ``lease``: the seconds it holds the lock at most (None: until it releases it)."""
        me = object() if owner is None else owner
        with self._lock:
            entry = (me, threading.Condition(self._lock))
            self._waiting.append(entry)
            deadline = (
                None if timeout is None or timeout < 0 else time.monotonic() + timeout
            )
            while True:
                now = time.monotonic()
                first = self._waiting[0] is entry
                if first and self._free(now):
                    break
                remaining = None if deadline is None else deadline - now
                if (
                    not blocking
                    or (remaining is not None and remaining <= 0)
                    or (abort is not None and abort())
                ):
                    self._waiting.remove(entry)
                    if first:
                        self._wake_first()
                    return False
                if abort is not None:
                    remaining = (
                        ABORT_POLL if remaining is None else min(remaining, ABORT_POLL)
                    )
                if first and self._expires is not None:  # the holder's lease runs out
                    left = max(self._expires - now, 0.001)
                    remaining = left if remaining is None else min(remaining, left)
                entry[1].wait(remaining)
            self._waiting.popleft()
            self._holder = me
            self._expires = None if lease is None else time.monotonic() + lease
            self._wake_first()  # the next in line waits for this lease from now on
            return True

    def release(self, owner: object | None = None) -> None:
        """Give the lock back; with ``owner``, only if that holder still holds it (and
        a waiter ``owner`` asks its ``abort`` at once)."""
        with self._lock:
            if owner is None or self._holder is owner:
                self._holder = None
                self._expires = None
                self._wake_first()
            if owner is not None:
                for token, cond in self._waiting:
                    if token is owner:
                        cond.notify()

    def __enter__(self):
        self._mine.token = object()
        self.acquire(owner=self._mine.token)
        return self

    def __exit__(self, *exc):
        self.release(self._mine.token)


#: one search at a time in this process, first come, first served
SEARCH_LOCK = FairLock()
#: seconds between a waiter's looks at its ``abort`` when nothing wakes it
ABORT_POLL = 0.5
#: seconds a job with a cap may hold :data:`SEARCH_LOCK` past its cap (what a player
#: does between two looks at its clock, the server's own work around the search)
LEASE_GRACE = 0.5
#: the nice value of the jobs' threads (0: the process's own); see :func:`run_jobs_below`
_job_nice = 0


def run_jobs_below(nice: int) -> None:
    """Run the jobs started from now on ``nice`` steps below the process's other threads
    (:func:`lower_this_thread`): a server's searches and bots then leave the processor
    to the threads that answer requests whenever both want it."""
    global _job_nice
    _job_nice = max(0, int(nice))


def lower_this_thread(nice: int) -> None:
    """Run the calling thread at nice value ``nice`` (Linux, where each thread has a
    nice value of its own; elsewhere, or for 0, nothing changes)."""
    if nice > 0 and sys.platform == "linux":
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)
        except OSError:  # a nice value the system refuses: run as the others do
            pass


def thinking_time(players: Any, spec: str, asked: float | None, cap: float | None):
    """The seconds a player ``spec`` thinks a decision: ``asked`` (a request's time),
    else its spec's own, at most ``cap`` (None: no cap); None for no time at all. A time
    that is not a finite number is refused, whatever the cap.

    >>> from wordbot.players import PLAYERS
    >>> [thinking_time(PLAYERS, spec, None, 1.0) for spec in ("mc:time=4", "mc:time=0.2")]
    [1.0, 0.2]
    >>> thinking_time(PLAYERS, "greedy", None, None), thinking_time(PLAYERS, "mc", 30.0, 2.5)
    (None, 2.5)
    """
    own = asked if asked is not None else players.own_time(spec)
    if own is not None and not math.isfinite(own):
        raise ProtocolError(
            "bad_player", f"player {spec[:60]}: time must be a finite number of seconds"
        )
    if cap is None:
        return own
    return cap if own is None else min(own, cap)


class Job:
    """Work that runs on its own thread once it holds :data:`SEARCH_LOCK`: a ``go``
    (:class:`Search`), a hosted game's bot moves or hint (``wordbot.protocol.table``).

    The server admits each before it starts (at most ``wordbot serve --max-searches``
    running or queued at once; ``on_done`` releases the place), so that no number of
    them can hold the threads that answer other requests. A job waits in line at most
    ``queue_timeout`` seconds, unless it is ``patient`` (a bot must move in the end);
    ``stop`` ends the wait too. With a ``cap``, each turn it holds the lock thinks at
    most ``cap`` seconds (:meth:`thought_enough` tells a player's progress callback
    when to end) and holds the lock at most ``cap`` + :data:`LEASE_GRACE` seconds; a
    stopped job gives the lock up at once. Subclasses say what :meth:`work` does and
    how it ends.
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
        self.cap: float | None = None  # seconds of thinking per turn at the lock
        self._deadline: float | None = None  # when this turn's thinking ends

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
        lower_this_thread(_job_nice)
        try:
            waiting = (
                -1 if self.patient or self.queue_timeout is None else self.queue_timeout
            )
            lease = None if self.cap is None else self.cap + LEASE_GRACE
            more = True
            while more:
                if not SEARCH_LOCK.acquire(
                    timeout=waiting, abort=self.stop_event.is_set, owner=self, lease=lease
                ):
                    raise self.not_started(time.perf_counter() - self._started)
                self._started = time.perf_counter()  # elapsed counts the work, not the wait
                if self.cap is not None:
                    self._deadline = time.monotonic() + self.cap
                try:
                    more = bool(self.work()) and not self.stop_event.is_set()
                finally:
                    SEARCH_LOCK.release(owner=self)
            self.complete()
        except BaseException as exc:
            self._fail(exc)

    def work(self) -> bool | None:
        """What the job does while it holds the lock; True: another turn at the lock
        (the job waits in line again first)."""
        raise NotImplementedError

    def thought_enough(self) -> bool:
        """Whether this turn's thinking should end: the job was stopped or its cap has
        run out (a player's ``progress`` callback returns this)."""
        return self.stop_event.is_set() or (
            self._deadline is not None and time.monotonic() >= self._deadline
        )

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
        """Ask the job to end as soon as it can; the lock goes to the next in line now."""
        self.stop_event.set()
        SEARCH_LOCK.release(owner=self)


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
            return self.thought_enough()

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
        super().stop()
        with self._lock:
            if not self.finished.is_set() and self._latest is not None:
                self._finish_locked(stopped=True)

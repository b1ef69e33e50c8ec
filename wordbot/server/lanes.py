"""Where ``wordbot serve`` runs its clients' requests: a pool of threads shared by every
client, fair between clients, with threads kept for the requests that must never wait.

Each client (a WebSocket, an HTTP connection) has its own queue; the threads take the
clients in turn, one request of each, and run a client's requests one at a time, in the
order they came (a ``position`` before the ``observe`` that reads it). *Work* (a
listing of a position's moves, ``apply``, ``score``, a search's set-up: what costs as
much as the position is big) runs on ``workers`` threads of its own, which may run
nicer than the others (``work_nice``: they leave the processor to control when both
want it); the ``control`` threads answer everything else at once — ``hello``, ``isready``,
``observe``, ``stop`` and the hosted game's own requests — whatever the work queued by
other clients. The searches themselves run on threads of their own, one at a time
(:data:`wordbot.protocol.SEARCH_LOCK`).

>>> pool = FairPool(workers=1, control=1)
>>> pool.submit("a", lambda: 6 * 7).result(5)
42
>>> lane({"cmd": "moves", "limit": 500}), lane({"cmd": "moves", "turn": 3})
('work', 'control')
>>> pool.shutdown()
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Any

from wordbot.protocol.search import lower_this_thread

#: commands answered on the event loop itself when their client has nothing else waiting
#: or running: nothing to order them behind, and too quick to queue behind other clients
ON_LOOP = frozenset({"hello", "isready"})
#: commands that cost little whatever the client sends: never behind other clients' work
CONTROL = frozenset(
    {"hello", "isready", "observe", "stop", "quit", "play", "hint", "rejoin"}
)


def lane(req: dict) -> str:
    """``"control"`` or ``"work"``: the lane of a checked request. The hosted game's
    requests are control (its moves on the seat's turn, its newgame): they read the
    server's own game, never a position the client sent."""
    cmd = req.get("cmd")
    hosted = (cmd == "moves" and "turn" in req) or (cmd == "newgame" and "seats" in req)
    return "control" if cmd in CONTROL or hosted else "work"


class FairPool:
    """``workers`` threads for work (at nice value ``work_nice``) and ``control``
    threads for control requests; clients (keys) taken in turn, one request of a
    client at a time, in its order."""

    def __init__(
        self, workers: int, control: int, name: str = "wordbot", work_nice: int = 0
    ):
        self.workers = workers
        self._lock = threading.Lock()
        # a condition a lane: a request that may run wakes one thread of its lane, not
        # every thread (each woken thread would wait for the interpreter for nothing)
        self._lanes = {lane: threading.Condition(self._lock) for lane in (True, False)}
        #: key -> its requests waiting, in order; the dict's order is the clients' turn
        self._queues: dict[Hashable, collections.deque] = {}
        self._running: set[Hashable] = set()  # keys with a request on a thread now
        self._closed = False
        for n in range(workers + control):
            work = n < workers
            threading.Thread(
                target=self._serve,
                args=(work, work_nice if work else 0),
                name=f"{name}-{'work' if work else 'control'}-{n}",
                daemon=True,
            ).start()

    def submit(
        self, key: Hashable, fn: Callable[..., Any], *args: Any, work: bool = False
    ) -> Future:
        """Run ``fn(*args)`` for client ``key`` after its earlier requests (``work``:
        on one of the work threads); its future."""
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the server is shutting down")
            queue = self._queues.get(key)
            if queue is None:
                queue = self._queues[key] = collections.deque()
            queue.append((future, fn, args, work))
            if len(queue) == 1 and key not in self._running:
                self._lanes[work].notify()
        return future

    def discard(self, key: Hashable) -> None:
        """Drop the requests of ``key`` still waiting (its client has gone)."""
        with self._lock:
            for future, *_ in self._queues.pop(key, ()):
                future.cancel()

    def pending(self, key: Hashable) -> int:
        """Requests of ``key`` waiting or running."""
        with self._lock:
            return len(self._queues.get(key, ())) + (key in self._running)

    def _next(self, work: bool):
        """The first client in turn whose next request is of the lane (``work`` or
        control) and may run now, or None."""
        for key, queue in self._queues.items():
            if key in self._running or queue[0][3] != work:
                continue
            item = queue.popleft()
            del self._queues[key]  # to the back of the turn, when it has more
            if queue:
                self._queues[key] = queue
            return key, item
        return None

    def _serve(self, work: bool, nice: int) -> None:
        lower_this_thread(nice)
        while True:
            with self._lock:
                while (found := self._next(work)) is None:
                    if self._closed:
                        return
                    self._lanes[work].wait()
                key, (future, fn, args, _) = found
                self._running.add(key)
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(fn(*args))
                    except BaseException as exc:
                        future.set_exception(exc)
            finally:
                with self._lock:
                    self._running.discard(key)
                    queue = self._queues.get(key)
                    if queue:  # the client's next request may run now
                        self._lanes[queue[0][3]].notify()

    def shutdown(self) -> None:
        """Let the threads end once nothing is waiting (queued requests still run)."""
        with self._lock:
            self._closed = True
            for cond in self._lanes.values():
                cond.notify_all()

"""The searches' lock (:class:`wordbot.protocol.FairLock`): first come, first served,
and a hand-off wakes only the waiter it concerns, so hundreds of queued bots and hints
do not all wake (and contend for the interpreter) each time the lock changes hands."""

from __future__ import annotations

import threading
import time
from collections import Counter

from wordbot.protocol import FairLock

WAITERS = 40


def test_the_lock_goes_in_arrival_order_and_a_hand_off_wakes_one_waiter():
    lock = FairLock()
    assert lock.acquire(owner="first")
    looks: Counter = Counter()  # each waiter's looks at its abort
    order: list[int] = []

    def waiter(i: int) -> None:
        def abort() -> bool:
            looks[i] += 1
            return False

        assert lock.acquire(abort=abort, owner=i)
        order.append(i)
        lock.release(owner=i)

    threads = []
    for i in range(WAITERS):
        threads.append(threading.Thread(target=waiter, args=(i,)))
        threads[-1].start()
        deadline = time.monotonic() + 10
        while not looks[i]:  # it looked once on arrival: it is in the queue
            assert time.monotonic() < deadline
            time.sleep(0.001)
    began = time.monotonic()
    lock.release(owner="first")
    for t in threads:
        t.join(30)
    took = time.monotonic() - began
    assert order == list(range(WAITERS))
    # each looks on arrival and once when its turn comes (and once for each half
    # second of a slow machine); a lock waking every waiter at each of the 40 hand-offs
    # would have them look about 800 times
    polls = 2 * WAITERS * (1 + int(took / 0.5))
    assert sum(looks.values()) <= 2 * WAITERS + polls, sum(looks.values())


def test_a_stopped_waiter_leaves_the_queue_at_once():
    lock = FairLock()
    assert lock.acquire(owner="holder")
    stop = threading.Event()
    result: list[bool] = []
    waiting = threading.Thread(
        target=lambda: result.append(lock.acquire(abort=stop.is_set, owner="job"))
    )
    waiting.start()
    time.sleep(0.05)
    stop.set()
    lock.release(owner="job")  # what a job's stop does: it names itself
    waiting.join(0.3)  # well before the half-second look
    assert result == [False]
    lock.release(owner="holder")
    assert lock.acquire(blocking=False)

"""Where games are played: in this process, in a pool of processes, or on Ray.

A backend pulls games with ``next_game()`` whenever it has room (None: nothing more to
hand out) and reports each finished one with ``done(outcome, record_text)``, in this
process, as soon as it is back. It never decides what to play: the runner does, so the
results do not depend on the backend.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from wordbot.errors import WordbotError
from wordbot.tournament.schedule import ScheduledGame, TournamentError
from wordbot.tournament.worker import (
    GameWorker,
    WorkerSetup,
    init_process,
    play_in_process,
    worker_pid,
)  # fmt: skip

if TYPE_CHECKING:
    from concurrent.futures import Future

NextGame = Callable[[], "ScheduledGame | None"]
Done = Callable[..., None]


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class InlineBackend:
    """Plays in this process (``--workers 1``): no start-up cost at all."""

    name = "inline"

    def __init__(self, setup: WorkerSetup, workers: int = 1):
        self.workers = 1
        self.worker = GameWorker(setup)

    def run(self, next_game: NextGame, done: Done) -> None:
        while (game := next_game()) is not None:
            done(*self.worker.play(game))

    def close(self) -> None:
        pass


class ProcessBackend:
    """A pool of ``workers`` processes, each with one :class:`GameWorker` made at start
    (forked where the platform allows, so the lexicon already in memory is shared)."""

    name = "process"

    def __init__(self, setup: WorkerSetup, workers: int):
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        if context.get_start_method() == "fork":
            # load and warm once here: the forked workers inherit the lexicon and the
            # compiled kernels (shared pages) instead of each loading them again
            GameWorker(setup)
        self.workers = workers
        self.pool = ProcessPoolExecutor(
            workers,
            mp_context=context,
            initializer=init_process,
            initargs=(setup, os.getpid()),
        )
        self._wait_ready()

    def _wait_ready(self) -> None:
        """Return once every worker has made its GameWorker: a probe can only run in a
        worker that is ready, so keep probing until every process has answered."""
        seen: set[int] = set()
        try:
            while len(seen) < self.workers:
                probes = [self.pool.submit(worker_pid) for _ in range(self.workers)]
                seen.update(f.result() for f in probes)
        except BrokenProcessPool as exc:
            raise TournamentError(f"a worker process could not start ({exc})") from None

    def run(self, next_game: NextGame, done: Done) -> None:
        pending: set[Future[Any]] = set()
        exhausted = False
        room = 2 * self.workers  # enough to keep every worker busy, few to waste on SPRT
        try:
            while True:
                while not exhausted and len(pending) < room:
                    game = next_game()
                    if game is None:
                        exhausted = True
                    else:
                        pending.add(self.pool.submit(play_in_process, game))
                if not pending:
                    return
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    done(*future.result())
        except BrokenProcessPool as exc:
            raise TournamentError(
                f"a worker process died ({exc}); the finished games are "
                "saved: continue with --resume"
            ) from None

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class RayBackend:
    """Long-lived Ray actors, one per CPU (or ``workers``), each with one
    :class:`GameWorker`, playing batches of games. ``address`` None starts a local Ray."""

    name = "ray"
    batch = 4  # games per call: amortizes Ray's per-call cost (~1 ms) over ~100 ms of play

    def __init__(self, setup: WorkerSetup, workers: int | None, address: str | None = None):
        ray, self._started, workers = start_ray(workers, address)
        self.ray = ray
        self.workers = workers
        actor = ray.remote(num_cpus=1)(RayWorker)
        self.actors = [actor.remote(setup) for _ in range(workers)]
        try:
            ray.get([a.ready.remote() for a in self.actors])
        except Exception as exc:  # an actor could not start: say why in one line
            raise _unwrap(exc) from None

    def run(self, next_game: NextGame, done: Done) -> None:
        ray = self.ray
        owner: dict[Any, Any] = {}  # the batch's object ref -> its actor
        exhausted = False

        def fill(actor) -> None:
            nonlocal exhausted
            while not exhausted and sum(1 for a in owner.values() if a is actor) < 2:
                games: list[ScheduledGame] = []
                while len(games) < self.batch:
                    game = next_game()
                    if game is None:
                        exhausted = True
                        break
                    games.append(game)
                if not games:
                    return
                owner[actor.play_batch.remote(games)] = actor

        for actor in self.actors:
            fill(actor)
        while owner:
            ready, _ = ray.wait(list(owner), num_returns=1)
            for ref in ready:
                actor = owner.pop(ref)
                try:
                    results = ray.get(ref)
                except Exception as exc:
                    raise _unwrap(exc) from None
                for outcome, record in results:
                    done(outcome, record)
                fill(actor)

    def close(self) -> None:
        for actor in getattr(self, "actors", []):
            try:
                self.ray.kill(actor)
            except Exception:  # pragma: no cover - already gone
                pass
        if self._started:
            self.ray.shutdown()


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in one line, at once, when nothing listens at a Ray ``host:port`` address
    (``ray.init`` itself retries for minutes, logging as it goes). ``auto`` and
    addresses without a port are left to Ray."""
    import socket

    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise TournamentError(
            f"--address {address}: nothing answers there ({exc.strerror or exc})"
        ) from None


class RayWorker:
    """The Ray actor: a :class:`GameWorker` that lives as long as the tournament."""

    def __init__(self, setup: WorkerSetup):
        self.worker = GameWorker(setup)

    def ready(self) -> bool:
        return True

    def play_batch(self, games):
        return self.worker.play_batch(games)


def _unwrap(exc: BaseException) -> BaseException:
    """The user's error inside a Ray error, when there is one."""
    cause = getattr(exc, "cause", None)
    while cause is not None and not isinstance(cause, WordbotError):
        cause = getattr(cause, "cause", None) or cause.__cause__
    if isinstance(cause, WordbotError):
        return cause
    if isinstance(exc, WordbotError):
        return exc
    return exc


def make_backend(name: str, setup: WorkerSetup, workers: int | None, address: str | None):
    if name == "ray":
        return RayBackend(setup, workers, address)
    if address is not None:
        raise TournamentError("--address is for --backend ray")
    workers = workers or cpu_count()
    if workers == 1:
        return InlineBackend(setup, 1)
    return ProcessBackend(setup, workers)


def start_ray(workers: int | None, address: str | None = None) -> tuple[Any, bool, int]:
    """Ray, connected to the cluster at ``address`` or started here (None) with
    ``workers`` CPUs: (the ``ray`` module, whether this call started it, the workers to
    use: ``workers``, else every CPU of the cluster)."""
    try:
        import ray
    except ImportError:
        raise TournamentError(
            "--backend ray needs Ray: pip install 'wordbot[ray]'"
        ) from None
    import logging

    started = False
    if address is not None:
        check_reachable(address)
    if not ray.is_initialized():
        kwargs: dict[str, Any] = dict(
            logging_level=logging.ERROR, log_to_driver=False, include_dashboard=False
        )
        if address is None:
            kwargs["num_cpus"] = workers or cpu_count()
        try:
            ray.init(address=address, **kwargs)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            first = (
                str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            )
            raise TournamentError(
                f"--address {address}: cannot connect to Ray ({first})"
            ) from None
        started = True
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    return ray, started, workers

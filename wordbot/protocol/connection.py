"""One client of a session: request lines in, replies out, at most one search at a time
running on its own thread (``wordbot engine`` feeds it stdin's lines, ``wordbot serve``
HTTP bodies and WebSocket messages)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordbot.protocol.envelope import (
    Emit,
    ProtocolError,
    check_request,
    decode_request,
    error_reply,
    reply,
    request_id,
)
from wordbot.protocol.search import Job, Search
from wordbot.protocol.session import Session
from wordbot.protocol.table import BotTurns, HostedHint


class Connection:
    """One client of a :class:`Session`: requests in, replies out through ``emit``.

    :meth:`submit` handles one request line (or decoded object) and returns its command
    name (None when it could not be read). Every request gets one final reply; a ``go``
    and a hosted game's ``hint`` run on their own thread and their replies come later,
    as do the bots' moves of a hosted game (:class:`~wordbot.protocol.table.BotTurns`,
    after the reply to ``newgame`` or ``play``). Each such job is admitted by
    ``on_search`` first (the server's bound on searches: its error refuses the request
    before anything is done). ``quit`` is the caller's cue to stop reading.
    """

    def __init__(self, session: Session, emit: Emit, on_search: Callable | None = None):
        self.session = session
        self.emit = emit
        self.search: Search | None = None
        self.jobs: list[Job] = []  # a hosted game's bot moves and hints, while they run
        self.on_search = on_search  # called with each job before it starts
        session.notify = emit

    @property
    def searching(self) -> bool:
        return self.search is not None and not self.search.finished.is_set()

    @property
    def working(self) -> bool:
        """Whether a search, a hint or the bots' moves are under way for the client."""
        return self.searching or any(not job.finished.is_set() for job in self.jobs)

    def submit(self, line: str | bytes | dict) -> str | None:
        req: Any = None
        try:
            req = line if isinstance(line, dict) else decode_request(line)
            cmd = check_request(req)
        except BaseException as exc:
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
                self.close()
                self.emit(reply(rid, "bye"))
            elif cmd == "go":
                if self.searching:
                    assert self.search is not None  # what is searching
                    raise ProtocolError(
                        "busy",
                        f"go: a search (id {self.search.id!r}) is running; send stop first",
                    )
                search = self.session.prepare_go(req)
                if self.on_search is not None:
                    self.on_search(search)
                self.search = search
                search.start(self.emit)
            elif cmd == "moves" and self.searching:
                raise ProtocolError("busy", "moves: a search is running; send stop first")
            elif cmd == "hint":  # a hosted game's seat, on its turn
                if any(
                    isinstance(j, HostedHint) and not j.finished.is_set() for j in self.jobs
                ):
                    raise ProtocolError(
                        "busy", "hint: one is being worked out; wait for it"
                    )
                self._start(self.session.hosted_hint(req))
            elif cmd in ("play", "rejoin") or (cmd == "newgame" and "seats" in req):
                self._hosted_turn(cmd, req)
            else:
                self.emit(self.session.handle(cmd, req))
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            self.emit(error_reply(rid, exc))
        return cmd

    def _start(self, job: Job) -> None:
        """Admit ``job`` (or refuse it: nothing started), then run it."""
        if self.on_search is not None:
            self.on_search(job)
        self._run(job)

    def _run(self, job: Job) -> None:
        """Start an admitted ``job``, kept (with those still running) until it ends."""
        self.jobs = [j for j in self.jobs if not j.finished.is_set()]
        self.jobs.append(job)
        job.start(self.emit)

    def _hosted_turn(self, cmd: str, req: dict) -> None:
        """``play``, ``newgame`` or ``rejoin`` of a hosted game: the reply (after the
        events a rejoining seat missed), then the bots' moves on their own thread. Their
        place in the search queue is taken first, so that a busy server refuses the
        move rather than leave the bots unable to answer it."""
        if cmd == "play":  # refused for what it is, before asking for a place
            self.session.hosted("play").check_play(req.get("turn"))
        bots = BotTurns(request_id(req), holder=self.session)
        if self.on_search is not None:
            self.on_search(bots)
        try:
            answer = self.session.handle(cmd, req)
            missed, self.session.missed = self.session.missed, []
            for msg in missed:
                self.emit(msg)
            self.emit(answer)
            if cmd != "play":
                for job in self.jobs:
                    job.stop()  # the old game's bots and hints
            pushed, self.session.pushed = self.session.pushed, []
            for msg in pushed:  # the end, when the seat's own move ended the game
                self.emit(msg)
        except BaseException:
            bots.cancel()
            raise
        table = self.session.table
        if table is None or not table.bots_to_move:
            bots.cancel()
            return
        bots.table = table
        self._run(bots)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until this connection's search and jobs have finished (a front-end that
        wants the bots' moves before its next request); False if ``timeout`` ran out."""
        for job in [*self.jobs, *([self.search] if self.search else [])]:
            if not job.finished.wait(timeout):
                return False
        return True

    def close(self) -> None:
        """The client has gone: stop its search and its hosted game's jobs; its hosted
        game waits for its seat to rejoin (when the server keeps games)."""
        if self.search is not None:
            self.search.stop()
        for job in self.jobs:
            job.stop()
        session = self.session
        if session.lobby is not None and session.table is not None:
            session.lobby.left(session.table, session)

    def _settle(self) -> None:
        """Once a search has finished, its final reply goes out before any later one."""
        search = self.search
        if search is not None and search.finished.is_set():
            with search._lock:
                pass

    def stop(self, wait: float = 30.0) -> Any:
        """Stop the running search and hint (their final replies are emitted first):
        the id of the one stopped (the search's, when both ran), or None."""
        running = [
            job
            for job in (self.search, *self.jobs)
            if (job is self.search or isinstance(job, HostedHint))
            and job is not None
            and not job.finished.is_set()
        ]
        for job in running:
            job.stop()
        for job in running:
            job.finished.wait(wait)
        self._settle()
        return running[0].id if running else None

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
from wordbot.protocol.search import Search
from wordbot.protocol.session import Session


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
            else:
                self.emit(self.session.handle(cmd, req))
                pushed, self.session.pushed = self.session.pushed, []
                for msg in pushed:  # a hosted game's bot moves and end, after the reply
                    self.emit(msg)
        except BaseException as exc:
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

"""The hosted games of a server, across connections: each game's resume token, who plays
its seat now, how long a game whose connection dropped waits for its seat, and (with a
state folder) the journal that lets a server started again resume it.

A game is *held* while a session plays its seat. When that session's connection closes,
the game waits ``grace`` seconds for ``rejoin`` with its token, its bots idle (they move
again once the seat is back); then it is dropped, its journal deleted. A ``rejoin`` from
another connection while the game is held takes the seat over: the old session is told
(an ``error`` event, ``rejoined``) and plays it no more.

The token is the seat's alone: only the reply to the ``newgame`` that made the game
carries it. The lobby keeps its SHA-256, never the token, so neither the journal nor the
server's memory can give it away.
"""

from __future__ import annotations

import functools
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordbot.protocol.envelope import ProtocolError, error_reply, int_field, reply
from wordbot.protocol.journal import (
    Journal,
    JournalError,
    read_journal,
    replay_error,
    token_digest,
)
from wordbot.protocol.table import Table

#: the longest token ``rejoin`` reads (tokens are 32 characters)
MAX_TOKEN = 100


@dataclass
class _Entry:
    table: Table
    journal: Journal | None
    #: when a game no session holds is dropped (monotonic seconds; None: held)
    deadline: float | None = None


class Lobby:
    """The server's hosted games: at most ``max_games`` at once, held or waiting (a new
    game beyond them drops the one that has waited longest for its seat; when every
    game is held, it is refused)."""

    def __init__(
        self, grace: float = 300.0, state_dir: Path | None = None, max_games: int = 1000
    ):
        self.grace = grace
        self.state_dir = state_dir
        self.max_games = max_games
        self._games: dict[str, _Entry] = {}  # token SHA-256 -> the game
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    # -- a new game, a seat that leaves ----------------------------------------------
    def host(self, table: Table, session: Any) -> str:
        """Keep ``table`` (held by ``session``) and journal it; its token."""
        self.sweep()
        token = secrets.token_urlsafe(24)
        key = token_digest(token)
        with self._lock:
            if len(self._games) >= self.max_games:
                # room is made by the game that has waited longest for its seat: a
                # client that makes games and leaves them cannot keep others out
                waiting = [e for e in self._games.values() if e.deadline is not None]
                if not waiting:
                    raise ProtocolError(
                        "busy",
                        f"server: {self.max_games} hosted games are being played; "
                        "try again later",
                    )
                self._drop(min(waiting, key=lambda e: e.deadline or 0.0))
            entry = _Entry(table, None)
            self._games[key] = entry
        table.holder = session
        if self.state_dir is not None:
            journal = Journal(self.state_dir / f"{secrets.token_hex(8)}.jsonl")
            try:
                journal.create(table.journal_header(key))
            except OSError as exc:
                with self._lock:
                    del self._games[key]
                raise ProtocolError(
                    "internal", f"server: the game could not be saved ({exc})"
                ) from None
            entry.journal = table.journal = journal
        return token

    def left(self, table: Table, session: Any) -> None:
        """``session`` no longer plays ``table`` (its connection closed): the game waits
        ``grace`` seconds for its seat."""
        with self._lock:
            entry = self._entry_of(table)
            if entry is None or table.holder is not session:
                return
            table.holder = None
            entry.deadline = time.monotonic() + self.grace
        if self.grace <= 0:
            self.sweep()

    def discard(self, table: Table) -> None:
        """Drop ``table`` now (a new game replaced it): its journal is deleted."""
        with self._lock:
            entry = self._entry_of(table)
            if entry is not None:
                self._drop(entry)

    def _entry_of(self, table: Table) -> _Entry | None:
        for entry in self._games.values():
            if entry.table is table:
                return entry
        return None

    def _drop(self, entry: _Entry) -> None:
        for key, other in list(self._games.items()):
            if other is entry:
                del self._games[key]
        with entry.table.lock:
            entry.table.closed = True  # its bots stop; a late move is dropped
        if entry.journal is not None:
            entry.journal.remove()

    def sweep(self, now: float | None = None) -> int:
        """Drop the games whose seat did not come back in time; how many."""
        now = time.monotonic() if now is None else now
        with self._lock:
            late = [
                e
                for e in self._games.values()
                if e.deadline is not None and e.deadline <= now
            ]
            for entry in late:
                self._drop(entry)
        return len(late)

    # -- a seat that comes back ----------------------------------------------------------
    def seat(self, session: Any, req: dict, rid: Any) -> dict:
        """``rejoin`` for ``session`` (a :class:`~wordbot.protocol.session.Session`): it
        plays the seat of the request's ``token`` (its game before, if another, waits for
        its own seat); the events after ``turn`` (the last move number the seat saw)
        are left in ``session.missed``, to go out before the reply."""
        turn = int_field(req, "turn", 0, 10**9) or 0
        table = self.rejoin(req.get("token"), session)
        if session.table is not None and session.table is not table:
            self.left(session.table, session)
        session.game, session.table = table.state.game, table
        session.missed = table.missed(turn)
        return reply(
            rid, "table", game=table.state.game.name, missed=len(session.missed),
            **table.message(),
        )  # fmt: skip

    def rejoin(self, token: Any, session: Any) -> Table:
        """The game of ``token``, now held by ``session`` (whoever held it lets go)."""
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            raise ProtocolError(
                "bad_request", "token: the token the newgame reply gave (a string)"
            )
        self.sweep()
        with self._lock:
            entry = self._games.get(token_digest(token))
            if entry is None:
                raise ProtocolError(
                    "bad_token",
                    "token: no hosted game has this token (it was replaced, or no "
                    "one rejoined it in time, or it was never given)",
                )
            table = entry.table
            with table.lock:  # a bot's move is for one holder: none is made for two
                before, table.holder, entry.deadline = table.holder, session, None
        if before is not None and before is not session and before.table is table:
            before.table = None
            if before.notify is not None:
                before.notify(lost_seat(table))
        return table

    # -- a server that starts again -------------------------------------------------------
    def resume(
        self,
        make: Callable[[dict], Table],
        report: Callable[[str], None],
    ) -> int:
        """Take back the journals of the state folder (each game waits ``grace``
        seconds for its seat); ``make(header)``: the game a header deals. A journal that
        cannot be read or replayed is refused by name (``report``: one line) and left as
        it is, never half taken. How many games were resumed."""
        if self.state_dir is None:
            return 0
        for aside in self.state_dir.glob("*.jsonl.tmp"):  # a header never written whole
            aside.unlink(missing_ok=True)
        resumed = 0
        for path in sorted(self.state_dir.glob("*.jsonl")):
            try:
                header, moves = read_journal(path)
                try:
                    table = make(header)
                    if table.journal_header(header["token_sha256"]) != {
                        k: header[k] for k in header if k != "format"
                    }:
                        raise ValueError("the game it deals is not the one it names")
                except Exception as exc:
                    raise replay_error(path, 1, exc) from None
                table.replay(moves, functools.partial(replay_error, path))
                if header["token_sha256"] in self._games:
                    raise JournalError(f"{path}: line 1: another journal has its token")
            except JournalError as exc:
                report(f"journal {exc}; that game is not resumed")
                continue
            entry = _Entry(table, Journal(path), time.monotonic() + self.grace)
            table.journal = entry.journal
            with self._lock:
                self._games[header["token_sha256"]] = entry
            resumed += 1
        return resumed


def lost_seat(table: Table) -> dict:
    """The event a session is sent when its seat is rejoined from another connection."""
    exc = ProtocolError(
        "rejoined",
        f"game: seat {table.human} was rejoined from another connection; "
        "this one no longer plays it",
    )
    return {**error_reply(None, exc), "event": "error"}


def dealt_again(header: dict, session: Any) -> Table:
    """The game a journal's ``header`` names, dealt again as it was, its bots those of
    ``session``'s catalog (thinking at most its ``max_time``)."""
    game = session.catalog.game(header["game"])
    players = header["players"]
    return Table(
        game,
        [header["seats"].get(p) for p in players],
        game.Rules.from_json(header["rules"], "rules"),
        session.lexicon_of(game),
        session.catalog,
        game.setup_from_json(header["setup"]),
        seed=header["seed"],
        players=players,
        max_time=session.max_time,
        bids=header.get("bids"),
    )

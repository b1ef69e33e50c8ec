"""A hosted game's journal: the server's own file of one game, so that a server killed
and started again resumes it.

JSON Lines, one file a game (``<id>.jsonl`` in ``wordbot serve --state-dir``): a header,
then one line per move, each appended (and flushed to the disk) before anyone is told of
the move, so that a move a client saw is never lost::

    {"format": "wordbot.hosted/1", "game": ..., "players": [...], "seats": {seat: spec},
     "human": seat, "rules": {...}, "setup": {...}, "seed": N, "digest": ...,
     "token_sha256": ...}
    {"turn": 1, "by": seat, "move": {...}, "digest": ...}

A journal holds what the server hides from every client (the deal's seed, so every bag
and draw); it is the server's alone, written readable by its owner only, never sent. It
holds no resume token, only the token's SHA-256, which cannot be turned back into a
token. The digests are those of the positions after each move (and of the start): a
journal that replays to another position is refused, as is one that cannot be read.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from wordbot.errors import WordbotError, one_line

FORMAT = "wordbot.hosted/1"
#: the header's fields, each with the JSON type it must have
HEADER = {
    "game": str,
    "players": list,
    "seats": dict,
    "human": str,
    "rules": dict,
    "setup": dict,
    "seed": int,
    "digest": str,
    "token_sha256": str,
}
MOVE = {"turn": int, "by": str, "move": dict, "digest": str}
#: a journal's largest file: a game's moves are far fewer (a longer one is not ours)
MAX_BYTES = 64 << 20


class JournalError(WordbotError):
    """A journal that cannot be resumed: the message names its file and line."""

    code = "bad_journal"


def token_digest(token: str) -> str:
    """What a journal and the server's table of games keep of a resume token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _line(obj: dict) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=True) + "\n").encode()


class Journal:
    """One game's file: :meth:`create` writes its header, :meth:`append` a move."""

    def __init__(self, path: Path):
        self.path = path

    def create(self, header: dict) -> None:
        """The header, whole or not at all (written aside, then renamed)."""
        aside = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, _line({"format": FORMAT, **header}))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(aside, self.path)

    def append(self, move: dict) -> None:
        """One move's line, on the disk before this returns."""
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, _line(move))
            os.fsync(fd)
        finally:
            os.close(fd)

    def remove(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def _checked(obj: Any, fields: dict, where: str) -> dict:
    if not isinstance(obj, dict):
        raise JournalError(f"{where}: not a JSON object")
    for name, kind in fields.items():
        value = obj.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise JournalError(f"{where}: {name}: missing or not a {kind.__name__}")
    return obj


def read_journal(path: Path) -> tuple[dict, list[dict]]:
    """The header and the move lines of the journal at ``path``, every line checked for
    its fields (:class:`JournalError` naming the file and the line); the moves are
    checked against the game when it is replayed (:func:`replay_error`)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise JournalError(f"{path}: over {MAX_BYTES >> 20} MB; not a journal")
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(one_line(f"{path}: cannot be read ({exc})")) from None
    if not text.endswith("\n"):
        raise JournalError(f"{path}: its last line is cut off")
    lines = text.split("\n")[:-1]
    objects = []
    for number, line in enumerate(lines, 1):
        try:
            objects.append(json.loads(line))
        except ValueError:
            raise JournalError(f"{path}: line {number}: not JSON") from None
    if not objects or not isinstance(objects[0], dict):
        raise JournalError(f"{path}: line 1: no header")
    if objects[0].get("format") != FORMAT:
        raise JournalError(f"{path}: line 1: format is not {FORMAT}")
    header = _checked(objects[0], HEADER, f"{path}: line 1")
    moves = [
        _checked(obj, MOVE, f"{path}: line {number}")
        for number, obj in enumerate(objects[1:], 2)
    ]
    return header, moves


def replay_error(path: Path, number: int, exc: BaseException) -> JournalError:
    """The error of a journal whose line ``number`` does not replay."""
    return JournalError(one_line(f"{path}: line {number}: {exc}"))

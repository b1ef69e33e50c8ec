"""``wordbot engine``: the protocol of :mod:`wordbot.protocol` on stdin / stdout.

The main thread reads one line at a time (a line over 1 MB is refused and skipped to its
end without being held in memory), a ``go`` searches on its own thread, so ``stop``,
``isready`` and everything else are read and answered while it thinks. Replies are
written one JSON object a line, flushed, from any thread under one lock. End of input
acts as ``quit``. Every line, blank or not, gets one final reply.
"""

from __future__ import annotations

import sys
import threading
from typing import BinaryIO, TextIO

from wordbot.protocol import (
    MAX_LINE,
    Connection,
    ProtocolError,
    Session,
    encode_reply,
    error_reply,
)

CHUNK = 64 * 1024


class LineWriter:
    """Writes replies as JSON lines, whole and in order, from any thread."""

    def __init__(self, out: TextIO):
        self.out = out
        self.lock = threading.Lock()
        self.broken = False

    def __call__(self, obj: dict) -> None:
        text = encode_reply(obj) + "\n"
        with self.lock:
            if self.broken:
                return
            try:
                self.out.write(text)
                self.out.flush()
            except (BrokenPipeError, OSError, ValueError):
                self.broken = True  # the front-end went away: keep quiet, quit soon


def read_lines(stream: BinaryIO):
    """Yield each line (bytes, without the newline); a line longer than MAX_LINE is
    yielded as None after it has been skipped to its end."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1].rstrip(b"\r")
            continue
        if len(line) <= MAX_LINE:  # the last line, without a newline
            yield line.rstrip(b"\r")
            return
        while True:  # too long: drop the rest of it
            rest = stream.readline(CHUNK)
            if not rest or rest.endswith(b"\n"):
                break
        yield None
        if not rest:
            return


def run(
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
    session: Session | None = None,
) -> int:
    """Serve the protocol until ``quit`` or end of input; returns the exit status."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    emit = LineWriter(stdout)
    conn = Connection(session or Session(), emit)
    try:
        for line in read_lines(stdin):
            if line is None:
                emit(
                    error_reply(
                        None,
                        ProtocolError(
                            "too_large",
                            f"request: line longer than {MAX_LINE} bytes (1 MB); skipped",
                        ),
                    )
                )
                continue
            if not line.strip():
                emit(
                    error_reply(
                        None,
                        ProtocolError(
                            "bad_request", "request: empty line (one JSON object a line)"
                        ),
                    )
                )
                continue
            if conn.submit(line) == "quit":
                break
    except KeyboardInterrupt:
        pass
    finally:
        conn.stop(wait=5.0)
        # a hosted game's bots answer what was sent before the end of input
        conn.wait(timeout=60.0)
        conn.close()
    return 0

"""One WebSocket client of ``wordbot serve``: its messages read as they come, each request
run on the server's :class:`~wordbot.server.lanes.FairPool` in the client's order
(``stop`` at once, beside them), every reply sent as soon as it is ready, and the
connection closed once it has been idle for ``idle_timeout`` seconds: idle time counts
only while the server owes the client nothing (no request of it waiting or running, no
search, hint or bot move under way), from the last message either way.
"""

from __future__ import annotations

import asyncio

from wordbot.protocol import (
    MAX_LINE,
    Connection,
    ProtocolError,
    check_request,
    decode_request,
    encode_reply,
    error_reply,
    request_id,
)
from wordbot.server.guard import RETRY_AFTER
from wordbot.server.lanes import ON_LOOP, FairPool, lane

#: a client's requests waiting for their turn at most; more are refused (``busy``)
MAX_WAITING = 32
#: a message longer than this is parsed on a worker thread, never on the event loop
READ_ON_LOOP = 64 * 1024


class Outbox:
    """An emit callback for any thread: each reply encoded there (not on the event
    loop) and handed to the loop to send."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.closed = False

    def __call__(self, msg: dict) -> None:
        if self.closed:
            return
        text = encode_reply(msg)
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, text)
        except RuntimeError:  # the loop has closed
            self.closed = True


def _refused(req, code: str, why: str, **data) -> dict:
    return error_reply(request_id(req), ProtocolError(code, why, **data))


async def converse(ws, conn: Connection, outbox: Outbox, pool: FairPool, idle: float):
    """Serve one accepted WebSocket ``ws`` until it closes, quits or is idle."""
    from starlette.websockets import WebSocketDisconnect

    loop = asyncio.get_running_loop()
    last = loop.time()  # the last message, either way

    async def sender():
        nonlocal last
        while True:
            text = await outbox.queue.get()
            await ws.send_text(text)
            last = loop.time()

    def owed() -> bool:
        """Whether the server still owes the client something."""
        return bool(pool.pending(conn) or pool.pending((conn, "stop")) or conn.working)

    sending = asyncio.create_task(sender())
    try:
        while True:
            wait = idle - (loop.time() - last)
            if wait <= 0:
                if not owed():
                    why = (
                        f"connection: nothing sent for {idle:g} s; closed (reconnect "
                        "to go on)"
                    )
                    await ws.send_text(encode_reply(_refused(None, "idle", why)))
                    break
                wait = min(idle, 1.0)  # working for the client: look again shortly
            try:
                message = await asyncio.wait_for(ws.receive(), wait)
            except TimeoutError:
                continue
            last = loop.time()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            if len(data) > MAX_LINE:
                why = f"request: over {MAX_LINE} bytes (1 MB)"
                outbox(_refused(None, "too_large", why))
                continue
            if pool.pending(conn) >= MAX_WAITING:
                why = (
                    f"connection: {MAX_WAITING} requests are waiting for their turn; "
                    "send more once they are answered"
                )
                outbox(_refused(None, "busy", why, retry_after=RETRY_AFTER))
                continue
            if len(data) > READ_ON_LOOP:  # parsed where it runs: a work thread
                pool.submit(conn, conn.submit, data, work=True)
                continue
            req = None
            try:
                req = decode_request(data)
                cmd = check_request(req)
            except Exception as exc:
                outbox(error_reply(request_id(req), exc))
                continue
            if cmd == "stop":  # at once, not behind the client's own requests
                pool.submit((conn, "stop"), conn.submit, req)
            elif cmd == "quit":
                await asyncio.wrap_future(pool.submit(conn, conn.submit, req))
                await asyncio.sleep(0.05)
                break
            elif cmd in ON_LOOP and not owed():
                conn.submit(req)
            else:
                pool.submit(conn, conn.submit, req, work=lane(req) == "work")
    except WebSocketDisconnect:
        pass
    finally:
        pool.discard(conn)  # what it asked and is still waiting: nobody to answer
        outbox.closed = True
        conn.close()
        # let the replies already made go out before closing
        for _ in range(20):
            if outbox.queue.empty():
                break
            await asyncio.sleep(0.01)
        sending.cancel()
        try:
            await ws.close()
        except Exception:
            pass

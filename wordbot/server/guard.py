"""The connections ``wordbot serve`` takes, counted where they are made (uvicorn's
protocols), so that the caps hold for HTTP and WebSocket alike:

- at most ``max_connections`` connections at once, a WebSocket counted from its first
  byte to its close;
- at most ``max_per_client`` of them from one address, so that one host cannot fill
  the server;
- a request head (request line and headers) must arrive within ``head_timeout``
  seconds of the connection or of the last response, or the connection is closed.

A connection over a cap holds no place: its request is answered as soon as its head has
arrived, HTTP 503 with ``Retry-After`` and the protocol's ``busy`` error as its JSON body
(a WebSocket client sees the 503 as its handshake's answer), and the connection closed;
never a hang (a head that does not come is cut off as any other).

>>> slots = Slots(total=2, per_client=1)
>>> slots.take("a", "10.0.0.1"), slots.take("b", "10.0.0.1") is not None
(None, True)
>>> slots.take("c", "10.0.0.2"), slots.take("d", "10.0.0.3")[:14]
(None, 'server: 2 conn')
>>> slots.give("a"); slots.take("d", "10.0.0.3"), slots.count
(None, 2)
"""

from __future__ import annotations

import asyncio
import collections
import json
from collections.abc import Hashable

#: seconds a refused client is told to wait (``Retry-After``, ``retry_after``)
RETRY_AFTER = 1
#: seconds a refused connection stays half-open, so that the client reads the refusal
#: instead of a reset
LINGER = 1.0


class Slots:
    """The connections held now, in all and by address (used on the event loop only)."""

    def __init__(self, total: int, per_client: int):
        self.total, self.per_client = total, per_client
        self._held: dict[Hashable, str] = {}  # connection -> its client's address
        self._by_address: collections.Counter = collections.Counter()

    @property
    def count(self) -> int:
        return len(self._held)

    def take(self, conn: Hashable, address: str) -> str | None:
        """Count ``conn`` from ``address`` in; None, or why it is refused."""
        if len(self._held) >= self.total:
            return (
                f"server: {self.total} connections at once, the most it takes "
                "(--max-connections); try again shortly"
            )
        if self._by_address[address] >= self.per_client:
            return (
                f"server: {self.per_client} connections from {address[:60]} at once, the "
                "most one client may hold (--max-per-client); try again shortly"
            )
        self._held[conn] = address
        self._by_address[address] += 1
        return None

    def give(self, conn: Hashable) -> None:
        """``conn`` has closed (once or more: only the first counts)."""
        address = self._held.pop(conn, None)
        if address is not None:
            self._by_address[address] -= 1
            if not self._by_address[address]:
                del self._by_address[address]


def refusal_bytes(why: str) -> bytes:
    """The whole HTTP answer to a connection refused for ``why``."""
    body = json.dumps(
        {
            "id": None,
            "type": "error",
            "error": {"code": "busy", "message": why, "retry_after": RETRY_AFTER},
        }
    ).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: {RETRY_AFTER}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


def _refuse(transport: asyncio.Transport, why: str) -> None:
    transport.write(refusal_bytes(why))
    if transport.can_write_eof():
        transport.write_eof()
    asyncio.get_running_loop().call_later(LINGER, transport.close)


def guarded_protocols(slots: Slots, head_timeout: float):
    """uvicorn's h11 HTTP protocol and its ``websockets-sansio`` WebSocket protocol,
    counting their connections in ``slots`` (refusing those over a cap) and closing an
    HTTP connection whose request head does not arrive within ``head_timeout``
    seconds."""
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol,
    )

    class GuardedH11Protocol(H11Protocol):
        def connection_made(self, transport):
            super().connection_made(transport)
            address = (self.client or ("?", 0))[0]
            self._refusal = slots.take(transport, address)  # None: it holds a place
            self._tail: bytes | None = b""  # a refused request's last bytes, for its end
            self._head_timer: asyncio.TimerHandle | None
            self._head_timer = self.loop.call_later(head_timeout, self._head_timeout)

        def data_received(self, data):
            if self._refusal is None:
                super().data_received(data)
            elif self._tail is not None:  # answered once its head is in, never read
                seen = self._tail + data
                if b"\r\n\r\n" in seen:
                    self._tail = None
                    _refuse(self.transport, self._refusal)
                else:
                    self._tail = seen[-3:]

        def on_response_complete(self):
            super().on_response_complete()
            if self._head_timer is not None:
                self._head_timer.cancel()
            self._head_timer = self.loop.call_later(head_timeout, self._head_timeout)

        def _head_timeout(self):
            self._head_timer = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # closed, or upgraded to a WebSocket
            if self.cycle is None or self.cycle.response_complete:
                self.transport.close()

        def connection_lost(self, exc):
            slots.give(self.transport)
            timer = getattr(self, "_head_timer", None)  # None before connection_made
            if timer is not None:
                timer.cancel()
                self._head_timer = None
            super().connection_lost(exc)

    class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
        """Counted from the HTTP connection it was upgraded from, until it closes."""

        def connection_lost(self, exc):
            slots.give(self.transport)
            super().connection_lost(exc)

    return GuardedH11Protocol, GuardedWebSocketProtocol

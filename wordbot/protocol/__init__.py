"""The wordbot engine protocol: JSON requests in, JSON replies out (docs/protocol.md),
for every game.

One request is a JSON object with ``"cmd"`` and an optional ``"id"``; every reply to it
carries the same ``id``. Each request gets exactly one *final* reply; a ``go`` first
streams ``info`` replies and ends with ``bestmove``. Errors are final replies::

    {"id": 7, "type": "error", "error": {"code": "illegal_move", "message": "..."}}

The protocol is independent of the transport, in four parts: the envelope (parsing and
formatting, :mod:`~wordbot.protocol.envelope`), the session (its game, positions and
every synchronous command, :mod:`~wordbot.protocol.session`), the search (``go``,
``stop``, ``info``, :mod:`~wordbot.protocol.search`) and the connection loop
(:mod:`~wordbot.protocol.connection`). ``wordbot engine`` (:mod:`wordbot.stdio`) feeds a
connection lines from stdin; ``wordbot serve`` (:mod:`wordbot.server`) feeds it HTTP
bodies and WebSocket messages.
"""

from wordbot.protocol.connection import Connection
from wordbot.protocol.envelope import (
    COMMANDS,
    MAX_LINE,
    PROTOCOL,
    ProtocolError,
    check_request,
    decode_request,
    encode_reply,
    error_reply,
    reply,
    request_id,
)
from wordbot.protocol.search import SEARCH_LOCK, FairLock, Job, Search
from wordbot.protocol.session import DEFAULT_PLAYER, Session, warm_up

__all__ = [
    "COMMANDS",
    "Connection",
    "DEFAULT_PLAYER",
    "FairLock",
    "Job",
    "MAX_LINE",
    "PROTOCOL",
    "ProtocolError",
    "SEARCH_LOCK",
    "Search",
    "Session",
    "check_request",
    "decode_request",
    "encode_reply",
    "error_reply",
    "reply",
    "request_id",
    "warm_up",
]

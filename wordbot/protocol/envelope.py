"""The protocol's envelope: requests parsed and checked, replies and error replies
formatted. Error codes are declared once per error class (``code``, see
:class:`wordbot.errors.WordbotError`).

>>> check_request(decode_request('{"id": 1, "cmd": "hello"}'))
'hello'
>>> error_reply(7, ProtocolError("busy", "go: a search is running"))["error"]["code"]
'busy'
>>> encode_reply({"id": 1, "type": "error", "error": {"code": "x", "message": "m"}})
'{"id":1,"type":"error","error":{"code":"x","message":"m"}}'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from wordbot.engine.position import JSON_NUMBERS
from wordbot.errors import WordbotError, one_line

PROTOCOL = "wordbot.engine/1"
MAX_LINE = 1 << 20  # bytes in one request line / body / WebSocket message
MAX_TOP = 100

Emit = Callable[[dict], None]

#: the fields of ``newgame`` besides "cmd", "id" and the game's own set-up options (each
#: game declares its own: :mod:`wordbot.engine.setup`), which the session checks
NEWGAME = ("game", "players", "seed", "rules", "seats", "bid")

#: command -> the request fields it accepts besides "cmd" and "id"
COMMANDS: dict[str, tuple[str, ...]] = {
    "hello": (),
    "isready": (),
    "setoption": ("name", "value"),
    "position": ("position",),
    "newgame": NEWGAME,
    "play": ("turn", "move"),
    "hint": ("turn", "top", "player"),
    "rejoin": ("token", "turn"),
    "apply": ("move", "position"),
    "moves": ("position", "kind", "limit", "turn"),
    "score": ("position",),
    "observe": ("position", "viewer"),
    "go": ("position", "player", "time", "iterations", "plies", "top", "seed"),
    "stop": (),
    "quit": (),
}


class ProtocolError(WordbotError):
    """A request the protocol refuses: ``code`` is machine-readable, the message says
    which field and why."""

    def __init__(self, code: str, message: str, **data: Any):
        super().__init__(message)
        self.code = code
        self.data = data


def _plain(value: Any) -> Any:
    """numpy scalars (a player's details, say) as the Python numbers they hold."""
    if type(value).__module__ == "numpy" and callable(getattr(value, "item", None)):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def encode_reply(msg: dict) -> str:
    """``msg`` as one line of compact JSON. A reply that cannot be written (a value with
    no JSON form) becomes an internal error reply for its request: a front-end always
    gets an answer, never a silent connection.

    >>> encode_reply({"id": 2, "type": "info", "bad": object()})[:45]
    '{"id":2,"type":"error","error":{"code":"inter'
    """
    try:
        return json.dumps(msg, separators=(",", ":"), ensure_ascii=True, default=_plain)
    except (TypeError, ValueError) as exc:
        return json.dumps(
            error_reply(msg.get("id"), exc), separators=(",", ":"), ensure_ascii=True
        )


def error_reply(req_id: Any, exc: BaseException) -> dict:
    """The error reply for ``exc`` (any exception: unexpected ones are ``internal``)."""
    if isinstance(exc, ProtocolError):
        error = {"code": exc.code, "message": one_line(str(exc)), **exc.data}
    elif isinstance(exc, WordbotError):
        error = {"code": exc.code, "message": one_line(str(exc))}
        rule = getattr(exc, "rule", None)
        if rule is not None:
            error["rule"] = rule
            word = getattr(exc, "word", None)
            if word:
                error["word"] = word
    elif isinstance(exc, MemoryError):
        error = {
            "code": "too_large",
            "message": "the request needs more memory than allowed",
        }
    else:
        error = {
            "code": "internal",
            "message": one_line(f"internal error ({type(exc).__name__}: {exc})"),
        }
    return {"id": req_id, "type": "error", "error": error}


def reply(req_id: Any, kind: str, **fields: Any) -> dict:
    return {"id": req_id, "type": kind, **fields}


def decode_request(line: str | bytes) -> dict:
    """One request line (or body) -> the request object; :class:`ProtocolError` else."""
    if len(line) > MAX_LINE:
        raise ProtocolError(
            "too_large", f"request: {len(line)} bytes; the limit is {MAX_LINE} (1 MB)"
        )
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError(
                "bad_json", f"request: not UTF-8 text (byte {exc.start})"
            ) from None
    try:
        obj = json.loads(line, **JSON_NUMBERS)
    except RecursionError:
        raise ProtocolError("bad_json", "request: JSON nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and integers past Python's digit limit
        raise ProtocolError("bad_json", f"request: malformed JSON ({exc})"[:300]) from None
    if not isinstance(obj, dict):
        raise ProtocolError("bad_request", 'request: must be a JSON object with "cmd"')
    return obj


def request_id(obj: Any) -> Any:
    """The id to echo: a string, number or null; anything else is not echoed."""
    if isinstance(obj, dict):
        value = obj.get("id")
        if (
            value is None
            or isinstance(value, (str, int, float))
            and not isinstance(value, bool)
        ):
            if isinstance(value, str) and len(value) > 200:
                return value[:200]
            return value
    return None


def check_request(obj: dict) -> str:
    """Validate the envelope (id, cmd, fields) and return the command name."""
    if "id" in obj:
        value = obj["id"]
        if isinstance(value, bool) or not (
            value is None or isinstance(value, (str, int, float))
        ):
            raise ProtocolError("bad_request", "id: must be a string, a number or null")
        if isinstance(value, str) and len(value) > 200:
            raise ProtocolError("bad_request", "id: longer than 200 characters")
    if "cmd" not in obj:
        raise ProtocolError(
            "bad_request", "cmd: missing (one of " + ", ".join(COMMANDS) + ")"
        )
    cmd = obj["cmd"]
    if not isinstance(cmd, str) or cmd not in COMMANDS:
        shown = cmd if isinstance(cmd, str) else json.dumps(cmd)
        raise ProtocolError(
            "unknown_command",
            f"cmd: unknown command {shown[:60]!r} (commands: {', '.join(COMMANDS)})",
        )
    allowed = COMMANDS[cmd]
    for key in obj:
        if key not in ("cmd", "id") and key not in allowed and cmd != "newgame":
            known = ", ".join(allowed) or "none"
            raise ProtocolError(
                "bad_request", f"{str(key)[:60]}: unknown field of {cmd} (fields: {known})"
            )
    return cmd


def int_field(obj: dict, key: str, lo: int | None = None, hi: int | None = None):
    """An optional integer field within ``lo``..``hi`` (None when absent)."""
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(
            "bad_request", f"{key}: {json.dumps(value)[:40]} is not an integer"
        )
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ProtocolError("bad_request", f"{key}: {value} is outside {lo}..{hi}")
    return value


def number_field(obj: dict, key: str, lo: float = 0.0, hi: float = 86400.0):
    """An optional number field within ``lo``..``hi`` (None when absent)."""
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProtocolError(
            "bad_request", f"{key}: {json.dumps(value)[:40]} is not a number"
        )
    if not lo <= value <= hi:
        raise ProtocolError("bad_request", f"{key}: {value} is outside {lo}..{hi}")
    return float(value)

"""What every game's positions share: reading a POSITION argument, canonical JSON and
digests, and the strict field checks of FORMATS.md ("Fields the reader does not know are
an error").

>>> canonical_json({"b": 1, "a": [1, 2]})
'{"a":[1,2],"b":1}'
>>> check_fields({"format": "x", "typo": 1}, required=("format",), optional=())
Traceback (most recent call last):
...
wordbot.engine.errors.PositionError: typo: unknown field of a position
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from wordbot.engine.errors import PositionError


def canonical_json(obj: Any) -> str:
    """JSON with sorted keys and no spaces: the text digests are taken of."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def position_digest(obj: dict) -> str:
    """sha256 (hex) of a position's canonical JSON."""
    return hashlib.sha256(canonical_json(obj).encode("utf-8")).hexdigest()


def load_json_text(text: str, what: str = "position") -> Any:
    """Parse JSON text with a one-line error naming ``what``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(
            f"{what}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise PositionError(f"{what}: JSON nested too deeply") from None


def read_position_arg(arg: str, stdin=None) -> Any:
    """A POSITION argument: ``-`` (stdin), inline JSON text (starts with ``{``), or a
    file path. Returns the decoded JSON."""
    if arg == "-":
        return load_json_text((stdin or sys.stdin).read())
    if arg.lstrip().startswith("{"):
        return load_json_text(arg)
    path = Path(arg)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PositionError(
            f"position: no such file {arg!r} (and not inline JSON)"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"position: cannot read {arg!r} ({exc})") from None
    return load_json_text(text, f"position {arg}")


def check_fields(
    obj: Any, required: Iterable[str], optional: Iterable[str], what: str = "position"
) -> dict:
    """``obj`` as a dict with every ``required`` field and no field outside ``required``
    and ``optional`` (each error names the field)."""
    if not isinstance(obj, dict):
        raise PositionError(f"{what}: must be a JSON object")
    required = tuple(required)
    known = set(required) | set(optional)
    for key in obj:
        if key not in known:
            raise PositionError(f"{key}: unknown field of a {what}")
    for key in required:
        if key not in obj:
            raise PositionError(f"{key}: missing")
    return obj

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


#: the most text a position, record or move argument may hold (the biggest position of
#: any game is a few kilobytes): more is refused before it is all read (``/dev/zero``)
MAX_INPUT_BYTES = 16 * 2**20
#: the longest integer of any format (a seed below 2**63 has 19 digits)
MAX_DIGITS = 20
#: more points, coins or penalty tokens than any game reaches (a position claiming more
#: is refused: bots' sums over it stay in 64 bits)
MAX_POINTS = 10**6
#: deeper than any format nests (a record's header holding a position: 5 levels)
MAX_DEPTH = 12


class _Refused(ValueError):
    """A JSON number no format holds (raised inside the decoder, named outside it)."""


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(f"an integer of {digits} digits (at most {MAX_DIGITS})")
    value = int(text)
    if not -(2**63) <= value < 2**63:
        raise _Refused(f"the integer {text} is beyond 64 bits")
    return value


def _number(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text[:40]} is out of range")
    return value


def _constant(text: str) -> float:
    raise _Refused(f"{text} is not JSON")


#: json.loads' number hooks of every reader (positions, records, moves, requests)
JSON_NUMBERS: dict[str, Any] = {
    "parse_int": _integer,
    "parse_float": _number,
    "parse_constant": _constant,
}


def _depth(obj: Any) -> int:
    """How deeply lists and objects nest in ``obj`` (a number or string: 0)."""
    deepest, todo = 0, [(obj, 1)]
    while todo:
        item, depth = todo.pop()
        children = item.values() if isinstance(item, dict) else item
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            todo.extend((child, depth + 1) for child in children)
    return deepest


def load_json_text(text: str, what: str = "position", error: type = PositionError) -> Any:
    """Parse JSON text with a one-line ``error`` naming ``what``: malformed JSON, an
    integer longer than any format holds, NaN or infinity, nesting deeper than any format.

    >>> load_json_text('{"scores": {"red": 7}}')
    {'scores': {'red': 7}}
    >>> load_json_text('{"seed": ' + "9" * 30 + "}")
    Traceback (most recent call last):
    ...
    wordbot.engine.errors.PositionError: position: an integer of 30 digits (at most 20)
    >>> load_json_text("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    wordbot.engine.errors.PositionError: position: JSON nested 40 deep (at most 12)
    """
    if len(text) > MAX_INPUT_BYTES:
        raise error(f"{what}: over {MAX_INPUT_BYTES >> 20} MB; no position is that large")
    try:
        obj = json.loads(text, **JSON_NUMBERS)
    except json.JSONDecodeError as exc:
        raise error(
            f"{what}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except _Refused as exc:
        raise error(f"{what}: {exc}") from None
    except RecursionError:
        raise error(f"{what}: JSON nested too deeply (at most {MAX_DEPTH})") from None
    depth = _depth(obj)
    if depth > MAX_DEPTH:
        raise error(f"{what}: JSON nested {depth} deep (at most {MAX_DEPTH})")
    return obj


def read_text_limited(stream: Any, what: str, error: type = PositionError) -> str:
    """All of a text stream, refused (``error`` naming ``what``) past
    :data:`MAX_INPUT_BYTES`: ``/dev/zero`` or a wrong file fails at once."""
    text = stream.read(MAX_INPUT_BYTES + 1)
    if len(text) > MAX_INPUT_BYTES:
        raise error(f"{what}: over {MAX_INPUT_BYTES >> 20} MB; no position is that large")
    return text


def read_file_limited(path: str | Path, what: str, error: type = PositionError) -> str:
    """The UTF-8 text of a file (:func:`read_text_limited`), with one-line errors for a
    missing, unreadable or undecodable file."""
    try:
        with open(path, encoding="utf-8") as stream:
            return read_text_limited(stream, what, error)
    except FileNotFoundError:
        raise error(f"{what}: no such file {str(path)!r}") from None
    except IsADirectoryError:
        raise error(f"{what}: {str(path)!r} is a directory") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"{what}: cannot read {str(path)!r} ({exc})") from None


def read_position_arg(arg: str, stdin=None) -> Any:
    """A POSITION argument: ``-`` (stdin), inline JSON text (starts with ``{``), or a
    file path. Returns the decoded JSON."""
    if arg == "-":
        return load_json_text(read_text_limited(stdin or sys.stdin, "position"))
    if arg.lstrip().startswith("{"):
        return load_json_text(arg)
    if not Path(arg).exists():
        raise PositionError(f"position: no such file {arg[:200]!r} (and not inline JSON)")
    return load_json_text(read_file_limited(arg, "position"), f"position {arg[:200]}")


def int_in(
    value: Any,
    where: str,
    low: int | None = None,
    high: int | None = None,
    error: type = PositionError,
) -> int:
    """``value`` when it is an integer (not a bool) within ``low``..``high`` (None: no
    bound); else ``error`` naming ``where``. Every game's readers check their integers
    with it, so the errors read alike.

    >>> int_in(3, "round", 1)
    3
    >>> int_in(0, "round", 1)
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: round: 0 is below 1
    >>> int_in(True, "scores.red", 0, MAX_POINTS)
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: scores.red: True is not an integer
    """
    if type(value) is not int:
        raise error(f"{where}: {value!r:.60} is not an integer")
    if low is not None and value < low:
        raise error(f"{where}: {value} is below {low}")
    if high is not None and value > high:
        raise error(f"{where}: {value} is above {high}")
    return value


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

"""What every game's positions share: reading a POSITION argument, canonical JSON and
digests, and the strict field checks of docs/formats.md ("Readers are strict": a field the
reader does not know is an error).

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
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from wordbot.engine.errors import PositionError

#: one encoder for every digest (``json.dumps`` makes one a call, with these options)
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def canonical_json(obj: Any) -> str:
    """JSON with sorted keys and no spaces: the text digests are taken of."""
    return _CANONICAL.encode(obj)


def position_digest(obj: dict) -> str:
    """sha256 (hex) of a position's canonical JSON."""
    return text_digest(canonical_json(obj))


def text_digest(text: str) -> str:
    """sha256 (hex) of a canonical JSON text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Encoded(str):
    """A value already written as canonical JSON text, in an object given to
    :func:`canonical_json_with` (a position writer keeps the texts of its long lists
    from one state to the next)."""

    __slots__ = ()


def _holds_encoded(value: Any) -> bool:
    """Whether ``value`` is :class:`Encoded`, or an object with one in it."""
    return isinstance(value, Encoded) or (
        isinstance(value, dict) and any(map(_holds_encoded, value.values()))
    )


@lru_cache(maxsize=256)
def _key_text(key: str) -> str:
    return _CANONICAL.encode(key)


def canonical_json_with(obj: Any) -> str:
    """:func:`canonical_json` of ``obj``, each :class:`Encoded` value of its objects
    taken as the text it is (a value of an object: one in a list is a string to
    json), the objects' keys strings as in every format.

    >>> canonical_json_with({"b": Encoded("[1,2]"), "a": {"y": [True], "x": Encoded('"z"')}})
    '{"a":{"x":"z","y":[true]},"b":[1,2]}'
    """
    if isinstance(obj, Encoded):
        return str(obj)
    if not _holds_encoded(obj):
        return _CANONICAL.encode(obj)
    return _with_encoded(obj)


def _with_encoded(obj: dict) -> str:
    """:func:`canonical_json_with` of an object that holds an :class:`Encoded` value."""
    parts: list[str] = []
    plain: dict[str, Any] = {}  # a run of keys with nothing encoded: written at once
    for key, value in sorted(obj.items()):
        if type(key) is not str:  # json writes other keys as strings, sorted otherwise
            raise TypeError(f"key {key!r}: not a string")
        if not _holds_encoded(value):
            plain[key] = value
            continue
        if plain:  # "{...}" of the run, without its braces: its keys and values
            parts.append(_CANONICAL.encode(plain)[1:-1])
            plain = {}
        text = str(value) if isinstance(value, Encoded) else _with_encoded(value)
        parts.append(_key_text(key) + ":" + text)
    if plain:
        parts.append(_CANONICAL.encode(plain)[1:-1])
    return "{" + ",".join(parts) + "}"


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
    required = tuple(required)
    return _keys(
        obj,
        required,
        set(required) | set(optional),
        "",
        f"{what}: must be a JSON object",
        f"unknown field of a {what}",
    )


def _keys(
    obj: Any, required: Iterable[str], known, prefix: str, not_object: str, unknown: str
) -> dict:
    """``obj`` when it is an object with the ``required`` keys and no key but the
    ``known`` ones (the errors name the key after ``prefix``)."""
    if not isinstance(obj, dict):
        raise PositionError(not_object)
    for key in obj:
        if key not in known:
            raise PositionError(f"{prefix}{str(key)[:60]}: {unknown}")
    for key in required:
        if key not in obj:
            raise PositionError(f"{prefix}{key}: missing")
    return obj


def check_format(obj: dict, fmt: str) -> None:
    """Refuse a position whose ``format`` is missing or not ``fmt``.

    >>> check_format({"format": "wordbot.x.position/1"}, "wordbot.y.position/1")
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: format: 'wordbot.x.position/1' is not 'wordbot.y.position/1'
    """
    if "format" not in obj:
        raise PositionError("format: missing")
    if obj["format"] != fmt:
        raise PositionError(f"format: {obj['format']!r:.80} is not {fmt!r}")


def check_players(
    players: Any,
    least: int,
    most: int,
    seats: Sequence[str] | None = None,
    in_order: bool = False,
    title: str = "the game",
    error: type = PositionError,
) -> tuple[str, ...]:
    """``players`` (a list of names) as a tuple: ``least``..``most`` distinct names, each
    one of ``seats`` (None: any name) and, ``in_order``, the first seats in seat order;
    else ``error`` naming ``players``. Both a new game's players and a position's are
    checked with it.

    >>> check_players(["red", "green"], 2, 4, ("red", "green", "black"), in_order=True)
    ('red', 'green')
    >>> check_players(["red", "pink"], 2, 4, ("red", "green"))
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: players: 'pink' is not a seat (red, green)
    """
    if not isinstance(players, (list, tuple)) or not all(
        isinstance(p, str) and p for p in players
    ):
        raise error("players: a list of names")
    players = tuple(players)
    if seats is not None:
        for p in players:
            if p not in seats:
                raise error(f"players: {p!r:.40} is not a seat ({', '.join(seats)})")
    if len(set(players)) != len(players):
        raise error(f"players: a name appears twice in {','.join(players)}")
    if not least <= len(players) <= most:
        want = f"{least}" if least == most else f"{least} to {most}"
        raise error(f"players: {len(players)} players; {title} needs {want}")
    if in_order and seats is not None and players != tuple(seats[: len(players)]):
        raise error(
            f"players: {','.join(players)}; the seats are "
            f"{', '.join(seats[: len(players)])}, in that order"
        )
    return players


def one_of(value: Any, choices: Sequence[str], where: str) -> str:
    """``value`` when it is one of ``choices``, else an error naming ``where``.

    >>> one_of("draw", ("word", "replacement", "over"), "phase")
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: phase: 'draw' is not word, replacement or over
    """
    if not isinstance(value, str) or value not in choices:
        listed = (
            ", ".join(choices[:-1]) + " or " + choices[-1] if choices[1:] else choices[0]
        )
        raise PositionError(f"{where}: {value!r:.40} is not {listed}")
    return value


def player_in(value: Any, players: Sequence[str], where: str) -> str:
    """``value`` when it names one of ``players``, else an error naming ``where``."""
    if not isinstance(value, str) or value not in players:
        raise PositionError(
            f"{where}: {value!r:.40} is not one of the players ({', '.join(players)})"
        )
    return value


class Header(NamedTuple):
    """The fields every position has, read (:func:`read_header`); every state has them
    under the same names."""

    players: tuple[str, ...]
    to_move: str
    phase: str

    def fields(self) -> dict[str, Any]:
        """The state fields they are, for a reader's result.

        >>> Header(("red", "green"), "red", "turn").fields()
        {'players': ('red', 'green'), 'to_move': 'red', 'phase': 'turn'}
        """
        return self._asdict()


def read_header(
    obj: Any,
    required: Iterable[str],
    optional: Iterable[str],
    phases: Sequence[str],
    **seating: Any,
) -> Header:
    """The fields every position has, after :func:`check_fields`; ``seating`` are
    :func:`check_players`' ``least``, ``most``, ``seats`` and ``in_order``.

    >>> obj = {"players": ["red", "green"], "to_move": "green", "phase": "turn"}
    >>> read_header(obj, obj, (), ("turn", "over"), least=2, most=2)
    Header(players=('red', 'green'), to_move='green', phase='turn')
    """
    check_fields(obj, required, optional)
    players = check_players(obj["players"], **seating)
    return Header(
        players,
        player_in(obj["to_move"], players, "to_move"),
        one_of(obj["phase"], phases, "phase"),
    )


def header_json(state: Any, fmt: str) -> dict[str, Any]:
    """The fields every position JSON starts with, the writer's half of
    :func:`read_header`: ``format``, ``rules``, ``players``, ``to_move``, ``phase``.

    >>> from types import SimpleNamespace
    >>> from wordbot.engine.routewords.rules import Rules
    >>> state = SimpleNamespace(rules=Rules(), players=("red", "green"), to_move="red",
    ...                         phase="turn")
    >>> list(header_json(state, "wordbot.routewords.position/1"))
    ['format', 'rules', 'players', 'to_move', 'phase']
    """
    return {
        "format": fmt,
        "rules": state.rules.to_json(),
        "players": list(state.players),
        "to_move": state.to_move,
        "phase": state.phase,
    }


def player_map(obj: Any, players: Sequence[str], where: str) -> dict:
    """``obj`` when it is an object with one entry per player (each error names the
    entry)."""
    return _keys(
        obj,
        players,
        players,
        f"{where}.",
        f"{where}: an object with one entry per player ({', '.join(players)})",
        "not a player of this game",
    )


def per_player(
    obj: Any, players: Sequence[str], where: str, low: int = 0, high: int = MAX_POINTS
) -> dict[str, int]:
    """An object of one integer (``low``..``high``) per player, in seat order.

    >>> per_player({"red": 3, "green": 0}, ("red", "green"), "scores")
    {'red': 3, 'green': 0}
    >>> per_player({"red": 3}, ("red", "green"), "scores")
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: scores.green: missing
    """
    player_map(obj, players, where)
    return {p: int_in(obj[p], f"{where}.{p}", low, high) for p in players}


def letters(value: Any, where: str, lower: bool = False, limit: int | None = None) -> str:
    """``value`` when it is a string of letters A-Z (``lower``: or a-z) of at most
    ``limit`` letters, else an error naming ``where``.

    >>> letters("AEt", "racks.red", lower=True)
    'AEt'
    >>> letters("A1", "bag")
    Traceback (most recent call last):
    wordbot.engine.errors.PositionError: bag: 'A1' is not a string of letters A-Z
    """
    if not isinstance(value, str) or not all(
        "A" <= ch <= "Z" or (lower and "a" <= ch <= "z") for ch in value
    ):
        kind = "A-Z or a-z" if lower else "A-Z"
        raise PositionError(f"{where}: {value!r:.60} is not a string of letters {kind}")
    if limit is not None and len(value) > limit:
        raise PositionError(f"{where}: {len(value)} letters; at most {limit}")
    return value

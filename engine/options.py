"""Rule options: each game's settled open questions (docs/rules/), with defaults.

A game's rules are a frozen dataclass that mixes in :class:`GameRules` and declares one
:class:`RuleOption` per field in ``OPTIONS``: what it means, which values it allows, and
how it reads from ``--rule NAME=VALUE`` text and from a position's ``rules`` object.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class TakeAwayRules(GameRules):
...     heap: int = 10
...     OPTIONS = {"heap": integer("tokens on the heap at the start", minimum=1)}
>>> TakeAwayRules.parse(["heap=7"]).heap, TakeAwayRules.from_json({"heap": 3}).to_json()
(7, {'heap': 3})
>>> TakeAwayRules(heap=4).texts()
('heap=4',)
>>> TakeAwayRules.parse(["heap=0"])
Traceback (most recent call last):
...
wordbot.engine.errors.RuleError: --rule heap=0: 0 is not allowed (an integer >= 1)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from wordbot.engine.errors import RuleError
from wordbot.engine.numerals import int_text, number_text

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class NotAllowed(ValueError):
    """Raised by a converter: the value is not one the option allows."""


def value_text(value: Any) -> str:
    """The ``--rule`` text of an option's JSON value (lists and tables comma-separated).

    >>> value_text(True), value_text([1, 2, 2]), value_text({"3": 1, "4": 2})
    ('true', '1,2,2', '3:1,4:2')
    """
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    if isinstance(value, dict):
        return ",".join(f"{k}:{v}" for k, v in value.items())
    return str(value)


@dataclass(frozen=True)
class RuleOption:
    """One rule option: its meaning (``help``), the values it allows (``allowed``, for
    people) and how values read and write.

    ``kind`` is ``int``, ``choice``, ``bool`` or ``custom``; ``special`` maps spellings
    (text or JSON) to fixed values (``{"unbounded": None}``); a ``custom`` option reads
    text with ``read_text`` and JSON with ``read_json`` (both raise :class:`NotAllowed`)
    and writes JSON with ``write_json``.
    """

    help: str
    allowed: str
    kind: str = "int"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    special: Mapping[str, Any] = field(default_factory=dict)
    read_text: Callable[[str], Any] | None = None
    read_json: Callable[[Any], Any] | None = None
    write_json: Callable[[Any], Any] | None = None
    #: whether a rules object leaves the option out at its default (an option added
    #: after the format: positions and records written before it stay byte for byte)
    omitted_at_default: bool = False

    def _bad(self, where: str, value: Any) -> RuleError:
        return RuleError(f"{where}: {value!r:.60} is not allowed ({self.allowed})")

    def from_text(self, name: str, text: str) -> Any:
        """The value of ``--rule NAME=TEXT``: the text read as the JSON value it stands
        for, then checked as :meth:`from_json` checks it."""
        where = f"--rule {name}={text:.60}"
        low = text.lower()
        if low in self.special:
            return self.special[low]
        if self.kind == "custom":
            try:
                return self.read_text(text)  # type: ignore[misc]  # a custom option always has its reader
            except NotAllowed:
                raise self._bad(where, text) from None
        value: Any = low
        if self.kind == "bool":
            value = True if low in _TRUE else False if low in _FALSE else text
        elif self.kind == "int":
            try:
                value = int_text(text, where, error=NotAllowed)
            except NotAllowed:
                raise self._bad(where, text) from None
        return self.from_json(where, value)

    def from_json(self, where: str, value: Any) -> Any:
        """The value of a ``rules`` object's field (``where`` names it in errors)."""
        if isinstance(value, str) and value in self.special:
            return self.special[value]
        if value is None and None in self.special.values():
            return None
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._bad(where, value)
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise self._bad(where, value)
        if self.kind == "custom":
            try:
                return self.read_json(value)  # type: ignore[misc]  # a custom option always has its reader
            except NotAllowed:
                raise self._bad(where, value) from None
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._bad(where, value)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise self._bad(where, value)
        return value

    def to_json(self, value: Any) -> Any:
        if self.write_json is not None:
            return self.write_json(value)
        if value is None:
            return next(k for k, v in self.special.items() if v is None)
        return value


def integer(
    help: str,
    minimum: int | None = None,
    maximum: int | None = None,
    special: Mapping[str, Any] | None = None,
    allowed: str | None = None,
) -> RuleOption:
    """An integer option, with optional bounds and special spellings (``allowed``
    overrides the generated description)."""
    if allowed is None:
        if minimum is not None and maximum is not None:
            allowed = f"{minimum}-{maximum}"
        elif minimum is not None:
            allowed = f"an integer >= {minimum}"
        else:
            allowed = "an integer"
    return RuleOption(help, allowed, "int", minimum, maximum, special=dict(special or {}))


def number(help: str, minimum: float, maximum: float) -> RuleOption:
    """A finite number from ``minimum`` to ``maximum`` (a JSON integer or decimal; a
    whole number is written as an integer), left out of a rules object at its default.

    >>> number("x", 0, 10).from_text("x", "2.5"), number("x", 0, 10).to_json(3.0)
    (2.5, 3)
    """

    def read(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise NotAllowed
        if not (math.isfinite(value) and minimum <= value <= maximum):
            raise NotAllowed
        return float(value)

    def read_text(text: str) -> float:
        return read(number_text(text, "value", error=NotAllowed))

    def write(value: float) -> float | int:
        return int(value) if float(value).is_integer() else value

    return dataclasses.replace(
        custom(help, f"a number {minimum}-{maximum}", read_text, read, write),
        omitted_at_default=True,
    )


def choice(help: str, *choices: str) -> RuleOption:
    """One of a few words."""
    allowed = ", ".join(choices[:-1]) + " or " + choices[-1]
    return RuleOption(help, allowed, "choice", choices=choices)


def boolean(help: str) -> RuleOption:
    """true or false (yes/no, on/off, 1/0 on the command line)."""
    return RuleOption(help, "true or false", "bool")


def custom(
    help: str,
    allowed: str,
    read_text: Callable[[str], Any],
    read_json: Callable[[Any], Any],
    write_json: Callable[[Any], Any],
) -> RuleOption:
    """An option with its own text and JSON forms (lists, tables)."""
    return RuleOption(
        help,
        allowed,
        "custom",
        read_text=read_text,
        read_json=read_json,
        write_json=write_json,
    )


class GameRules:
    """Mixin for a game's frozen dataclass of rule options (see the module docstring)."""

    OPTIONS: ClassVar[dict[str, RuleOption]] = {}
    #: set by @dataclass on each game's rules class (what dataclasses.replace needs)
    __dataclass_fields__: ClassVar[dict[str, Any]]

    @classmethod
    def _option(cls, name: str, where: str) -> RuleOption:
        try:
            return cls.OPTIONS[name]
        except KeyError:
            raise RuleError(
                f"{where}: unknown rule option {name!r} (options: {', '.join(cls.OPTIONS)})"
            ) from None

    @classmethod
    def parse(cls, assignments: Iterable[str], base: Any = None) -> Any:
        """Rules from ``["NAME=VALUE", ...]`` on top of ``base`` (default: the defaults)."""
        changes: dict[str, Any] = {}
        for item in assignments:
            name, sep, text = item.partition("=")
            name = name.strip()
            if not sep:
                raise RuleError(f"--rule {item}: expected NAME=VALUE")
            option = cls._option(name, f"--rule {item}")
            changes[name] = option.from_text(name, text.strip())
        return dataclasses.replace(base or cls(), **changes)

    @classmethod
    def from_json(cls, obj: Any, field: str = "rules") -> Any:
        """Rules from a position's ``rules`` object; missing options take the defaults."""
        if not isinstance(obj, dict):
            raise RuleError(f"{field}: must be an object of rule options")
        changes = {}
        for name, value in obj.items():
            option = cls._option(name, f"{field}.{name}")
            changes[name] = option.from_json(f"{field}.{name}", value)
        return cls(**changes)

    def to_json(self) -> dict[str, Any]:
        """Every option, JSON-ready (but those left out at their defaults)."""
        default = type(self)()
        return {
            name: option.to_json(getattr(self, name))
            for name, option in self.OPTIONS.items()
            if not (
                option.omitted_at_default and getattr(self, name) == getattr(default, name)
            )
        }

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults (JSON-ready)."""
        default = type(self)()
        return {
            name: option.to_json(getattr(self, name))
            for name, option in self.OPTIONS.items()
            if getattr(self, name) != getattr(default, name)
        }

    def texts(self) -> tuple[str, ...]:
        """The ``NAME=VALUE`` texts (as ``--rule`` takes them) that give these rules from
        the defaults: :meth:`parse` of them is these rules again."""
        return tuple(f"{k}={value_text(v)}" for k, v in self.changed().items())

    @classmethod
    def catalogue(cls) -> dict[str, dict[str, Any]]:
        """``{OPTION: {"default": ..., "help": ..., "allowed": ...}}`` (``wordbot games``)."""
        default = cls()
        return {
            name: {
                "default": option.to_json(getattr(default, name)),
                "help": option.help,
                "allowed": option.allowed,
            }
            for name, option in cls.OPTIONS.items()
        }

    @classmethod
    def describe(cls) -> str:
        """One line per option: name, allowed values and default (for --help texts)."""

        def text(value: Any) -> str:
            return str(value).lower() if isinstance(value, bool) else str(value)

        return "\n".join(
            f"{name}: {entry['allowed']} (default {text(entry['default'])})"
            for name, entry in cls.catalogue().items()
        )

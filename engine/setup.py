"""A game's set-up options: the inputs of a new game besides players, seed, rules and
lexicon (Cross words combat's pages, Control Word's start mat), declared once per game as
:class:`SetupOption` values the way its rule options are declared. Every face makes its
own form of them from that declaration: the command line's flags (``wordbot new``,
``play``, ``tournament``, ``study``), the protocol's ``newgame`` fields, the saved
configurations of tournaments and studies, and ``wordbot games --json``; none of them
names an option.

>>> from wordbot.engine.options import GameRules, integer
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class HeapRules(GameRules):
...     heap: int = 10
...     OPTIONS = {"heap": integer("tokens at the start", minimum=1)}
>>> HEAP = rule_shortcut(HeapRules, "heap", "--heap", "N", "the heap (the heap rule)")
>>> values = from_words((HEAP,), ["--heap", "7"], "Take-away")
>>> values, to_json((HEAP,), values), from_json((HEAP,), {"heap": 7}, "Take-away")
({'heap': 7}, {'heap': 7}, {'heap': 7})
>>> from_words((HEAP,), ["--heap=0"], "Take-away")
Traceback (most recent call last):
wordbot.engine.errors.RuleError: --heap 0: --rule heap=0: 0 is not allowed (an integer >= 1)
>>> from_words((HEAP,), ["--page", "red=moby.txt"], "Take-away")
Traceback (most recent call last):
wordbot.engine.setup.UnknownSetupOption: --page: Take-away has no such set-up option
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wordbot.engine.errors import RuleError, StateError


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class SetupOption:
    """One set-up option of a game.

    ``name`` is its keyword of :meth:`~wordbot.engine.game.Game.new` (which also takes
    the option's JSON form), its field of the protocol's ``newgame`` request and its key
    in saved configurations; ``flag`` and ``metavar`` its command-line spelling
    (``repeatable``: the flag may be given more than once). ``read_text`` reads the texts
    given with the flag (one per use; errors name the flag), ``read_json`` a JSON value
    (errors name ``name``), ``write_json`` writes a value as JSON. ``rule``: the option
    stands for that rule option (new() sets the rule). ``of_start``: the value a
    recorded start position was made with (None: the rules or the position say it all).
    """

    name: str
    help: str
    flag: str
    metavar: str
    read_text: Callable[[list[str]], Any]
    read_json: Callable[[Any], Any]
    write_json: Callable[[Any], Any] = _same
    repeatable: bool = False
    rule: str | None = None
    of_start: Callable[[dict[str, Any]], Any] | None = None

    def describe(self) -> dict[str, Any]:
        """What ``wordbot games --json`` and the protocol's ``hello`` say of it."""
        return {
            "help": self.help,
            "flag": self.flag,
            "metavar": self.metavar,
            "repeatable": self.repeatable,
        }


class UnknownSetupOption(StateError):
    """A set-up option (or flag) the game does not have: ``name`` is how it was given."""

    def __init__(self, name: str, title: str):
        super().__init__(f"{name[:60]}: {title} has no such set-up option")
        self.name = name


def rule_shortcut(rules: Any, rule: str, flag: str, metavar: str, help: str) -> SetupOption:
    """A set-up option that stands for one rule option (Control Word's ``--mat``: its
    ``start_mat`` rule), named after the flag."""
    option = rules.OPTIONS[rule]
    name = flag.lstrip("-")

    def read_text(texts: list[str]) -> Any:
        try:
            return option.from_text(rule, texts[-1])
        except RuleError as exc:
            raise RuleError(f"{flag} {texts[-1]}: {exc}") from None

    return SetupOption(
        name,
        help,
        flag,
        metavar,
        read_text,
        lambda value: option.from_json(name, value),
        option.to_json,
        rule=rule,
    )


def from_words(options: Sequence[SetupOption], words: Sequence[str], title: str) -> dict:
    """The :meth:`~wordbot.engine.game.Game.new` values of command-line words
    (``["--page", "red=a.txt", "--mat=3"]``); :class:`UnknownSetupOption` for a flag
    that is none of ``options``."""
    by_flag = {option.flag: option for option in options}
    texts: dict[str, list[str]] = {}
    words = list(words)
    while words:
        word = words.pop(0)
        flag, eq, text = word.partition("=")
        option = by_flag.get(flag)
        if option is None:
            raise UnknownSetupOption(flag, title)
        if not eq:
            if not words:
                raise StateError(f"{flag}: needs a value ({option.metavar})")
            text = words.pop(0)
        texts.setdefault(option.name, []).append(text)
    return {o.name: o.read_text(texts[o.name]) for o in options if o.name in texts}


def from_json(
    options: Sequence[SetupOption], fields: Mapping[str, Any], title: str
) -> dict:
    """The :meth:`~wordbot.engine.game.Game.new` values of JSON fields (a ``newgame``
    request's, a saved configuration's); :class:`UnknownSetupOption` for a field that is
    none of ``options``."""
    by_name = {option.name: option for option in options}
    for name in fields:
        if name not in by_name:
            raise UnknownSetupOption(str(name), title)
    return {name: by_name[name].read_json(value) for name, value in fields.items()}


def to_json(options: Sequence[SetupOption], values: Mapping[str, Any]) -> dict:
    """Set-up values as JSON (what :func:`from_json` and ``new`` take back)."""
    by_name = {option.name: option for option in options}
    return {name: by_name[name].write_json(value) for name, value in values.items()}


def of_start(options: Sequence[SetupOption], start: dict[str, Any]) -> dict:
    """The set-up values a recorded start position was made with."""
    out = {}
    for option in options:
        value = option.of_start(start) if option.of_start is not None else None
        if value is not None:
            out[option.name] = value
    return out


def apply_rules(
    options: Sequence[SetupOption], rules: Any, values: Mapping[str, Any], title: str
) -> tuple[Any, dict[str, Any]]:
    """``(rules, values)`` with the values of rule shortcuts set in the rules and taken
    out of the values (None: not given); :class:`UnknownSetupOption` for a name that is
    none of ``options``."""
    by_name = {option.name: option for option in options}
    rest = {}
    for name, value in values.items():
        option = by_name.get(name)
        if option is None:
            raise UnknownSetupOption(name, title)
        if value is None:
            continue
        if option.rule is None:
            rest[name] = value
        else:
            rules = dataclasses.replace(rules, **{option.rule: option.read_json(value)})
    return rules, rest

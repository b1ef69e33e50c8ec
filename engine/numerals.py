"""Numbers written as text, read the same way everywhere (docs/formats.md, "Bounds of
every reader"): the coordinates and counts of every game's move notation, rule and
set-up options given as text, players' options, the command line's options and the
counts typed at the terminal game's prompt.

A whole number is an optional ``-`` and ASCII digits, at most nine of them (a seed,
which needs up to 19, says so); a number with a fraction is ASCII too, and finite.
Python's own ``int`` and ``float`` read far more (fullwidth or Arabic-Indic digits,
``1_000``, ``+7``, spaces around, 5000 digits that it then refuses with a traceback),
so no reader of text calls them directly.

>>> int_text("-12", "move.row")
-12
>>> int_text("１２", "move.row")
Traceback (most recent call last):
...
wordbot.engine.errors.MoveError: move.row: '１２' is not a whole number (ASCII digits 0-9)
>>> int_text("9" * 5000, "move.row")
Traceback (most recent call last):
...
wordbot.engine.errors.MoveError: move.row: a number of 5000 digits (at most 9)
>>> number_text("0.25", "time"), number_text("3", "time")
(0.25, 3.0)
"""

from __future__ import annotations

import math
import re

from wordbot.engine.errors import MoveError

#: the most digits of a whole number read from text: every coordinate and count fits,
#: and a 32-bit integer holds it
MAX_TEXT_DIGITS = 9
#: the digits of a seed: every seed below 2**63
SEED_DIGITS = 19

#: the part of a notation's regular expression that takes a number: any run of word
#: characters (with a leading ``-``), so that a number :func:`int_text` refuses, in other
#: digits or far too long, is named as such instead of "not a move"
NUMERAL = r"-?\w+"

_DECIMAL = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?", re.ASCII)
#: the longest number with a fraction read from text (digits, point, sign, exponent)
_MAX_DECIMAL = 40


def _shown(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:20] + "...")


def _refused(error: type[Exception], where: str, problem: str) -> Exception:
    return error(f"{where}: {problem}" if where else problem)


def _within(value, low, high, where: str, error: type[Exception]):
    def say(v) -> str:
        return f"{v:g}" if isinstance(v, float) else str(v)

    if low is not None and value < low:
        raise _refused(error, where, f"{say(value)} is below {say(low)}")
    if high is not None and value > high:
        raise _refused(error, where, f"{say(value)} is above {say(high)}")
    return value


def int_text(
    text: str,
    where: str,
    low: int | None = None,
    high: int | None = None,
    error: type[Exception] = MoveError,
    digits: int = MAX_TEXT_DIGITS,
) -> int:
    """The whole number written ``text`` (an optional ``-``, then ASCII digits, at most
    ``digits`` of them), within ``low``..``high`` (None: no bound); else ``error``
    naming ``where`` (when it is not empty)."""
    body = text[1:] if text.startswith("-") else text
    if not (body.isascii() and body.isdigit()):
        raise _refused(
            error, where, f"{_shown(text)} is not a whole number (ASCII digits 0-9)"
        )
    if len(body) > digits:
        raise _refused(error, where, f"a number of {len(body)} digits (at most {digits})")
    return _within(int(text), low, high, where, error)


def number_text(
    text: str,
    where: str,
    low: float | None = None,
    high: float | None = None,
    error: type[Exception] = MoveError,
) -> float:
    """The finite number written ``text`` (``2``, ``0.25``, ``.5``, ``1e-3``: ASCII,
    no ``inf`` or ``nan``), within ``low``..``high``; else ``error`` naming ``where``."""
    if len(text) > _MAX_DECIMAL or not _DECIMAL.fullmatch(text):
        raise _refused(error, where, f"{_shown(text)} is not a number (such as 2 or 0.25)")
    value = float(text)
    if not math.isfinite(value):
        raise _refused(error, where, f"{_shown(text)} is out of range")
    return _within(value, low, high, where, error)


__all__ = [
    "MAX_TEXT_DIGITS",
    "NUMERAL",
    "SEED_DIGITS",
    "int_text",
    "number_text",
]

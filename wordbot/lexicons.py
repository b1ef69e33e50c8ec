"""The lexicon a game is played with, loaded the one way every face loads it (the
command line, the line protocol and the server, tournaments and studies, the
environments, ``wordbot warm``).

A lexicon is the word list at a path (None: the bundled default), compiled or read
from the lexicon cache, and loaded once per process (``Lexicon.shared``): a second
session, a study's variants or a forked tournament worker find it loaded. A game that
uses no word list gets None, and naming a list for it is a mistake said in one line.

>>> from wordbot.engine.games import get_game
>>> print(lexicon_for(get_game("crosswords"), None))
None
>>> lexicon_for(get_game("crosswords"), "words.txt")
Traceback (most recent call last):
...
wordbot.dictionaries.wordlist.LexiconError: --lexicon words.txt: Cross words combat uses no word list
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Report = Callable[[str], None]


def _to_stderr(message: str) -> None:
    # the dictionaries' own reporter, imported when a lexicon is loaded (importing the
    # dictionaries costs a command that loads none)
    from wordbot.dictionaries import report_to_stderr

    report_to_stderr(message)


def load_lexicon(path=None, report: Report | None = _to_stderr):
    """The lexicon at ``path`` (None: the bundled default), loaded once per process;
    ``report`` hears the progress of a first compilation (None: nothing is said)."""
    from wordbot.dictionaries import Lexicon, LexiconError

    try:
        return Lexicon.shared(path, report=report)
    except OSError as exc:  # the cache's folder, after the file itself was read
        raise LexiconError(
            f"lexicon: cannot read {str(path)!r} ({exc.strerror or exc})"
        ) from None


def lexicon_for(game, path, report: Report | None = _to_stderr, lazy: bool = False):
    """The lexicon ``game``'s states need: :func:`load_lexicon` of ``path``, or None for
    a game without words. ``lazy``: the default list is loaded when first used (a game
    whose set-up needs no word never pays for it); a list the user names is read at
    once, so that a bad one fails there."""
    if not game.uses_lexicon:
        if path is not None:
            from wordbot.dictionaries import LexiconError

            raise LexiconError(f"--lexicon {path}: {game.title} uses no word list")
        return None
    return (
        LazyLexicon(path, report) if lazy and path is None else load_lexicon(path, report)
    )


def described_lexicon(game, path) -> tuple[Any, dict[str, Any] | None]:
    """:func:`lexicon_for` and what a saved tournament or study keeps of it: where it
    was read from (None: the default), its words' digest and their number (None for a
    game without words)."""
    lexicon = lexicon_for(game, path)
    if lexicon is None:
        return None, None
    return lexicon, {
        "path": None if path is None else str(path),
        "digest": lexicon.digest,
        "words": len(lexicon),
    }


def resumed_lexicon(game, saved: dict[str, Any] | None, path, where: str, what: str):
    """The lexicon of a resumed ``what`` (tournament, study) in ``where`` that kept
    ``saved`` of its own (:func:`described_lexicon`): the list at ``path``, or where it
    was read from when ``path`` is None. Its words must be the saved ones."""
    if saved is None:
        return None
    if path is None:
        path = saved.get("path")
    lexicon, described = described_lexicon(game, path)
    if described is not None and described["digest"] != saved["digest"]:
        from wordbot.dictionaries import LexiconError

        raise LexiconError(
            f"--resume {where}: that {what} was played with the lexicon "
            f"{saved.get('path') or '(default)'} ({saved['words']} words); "
            f"{path or '(default)'} has other words: pass the same list with --lexicon"
        )
    return lexicon


class LazyLexicon:
    """The lexicon of ``path``, loaded when first used."""

    def __init__(self, path, report: Report | None = _to_stderr):
        self._path = path
        self._report = report
        self._lexicon = None

    def _get(self):
        if self._lexicon is None:
            self._lexicon = load_lexicon(self._path, self._report)
        return self._lexicon

    def __getattr__(self, name: str) -> Any:
        return getattr(self._get(), name)

    def __contains__(self, word: object) -> bool:
        return word in self._get()

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

"""Reading word lists: one word a line, any case, plain text or gzip."""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

from wordbot.errors import WordbotError


class LexiconError(WordbotError):
    """A word list or a cache entry that cannot be used; the message names the file."""

    code = "bad_lexicon"


DEFAULT_LEXICON = Path(__file__).with_name("scowl80.txt.gz")


@dataclass(frozen=True)
class WordList:
    """The usable words of a list (uppercase A-Z, sorted, unique) and what was skipped.

    >>> wl = WordList.from_text("cat\\nDog\\nit's\\n\\ncat\\n", source="<doc>")
    >>> wl.words, wl.skipped
    (('CAT', 'DOG'), 1)
    """

    words: tuple[str, ...]
    skipped: int
    source: str
    digest: str

    @classmethod
    def from_text(cls, text: str, source: str) -> WordList:
        lines = [line.strip() for line in text.upper().splitlines()]
        words = {w for w in lines if w.isascii() and w.isalpha()}
        skipped = sum(1 for w in lines if w and not (w.isascii() and w.isalpha()))
        ordered = tuple(sorted(words))
        digest = hashlib.sha256("\n".join(ordered).encode("ascii")).hexdigest()
        return cls(ordered, skipped, source, digest)

    @classmethod
    def read(cls, path: str | Path | None = None) -> WordList:
        """Read a word list file (``None``: the bundled default, SCOWL size 80)."""
        path = Path(path) if path is not None else DEFAULT_LEXICON
        wl = cls.from_text(read_bytes(path).decode("latin-1"), source=str(path))
        if not wl.words:
            raise LexiconError(f"{path}: no usable words (one word a line, letters A-Z)")
        return wl


def read_bytes(path: Path) -> bytes:
    """The bytes of a word list file, gunzipped when needed, with a clear error."""
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise LexiconError(f"{path}: is a directory, not a word list") from None
    except FileNotFoundError:
        raise LexiconError(f"{path}: no such file") from None
    except OSError as exc:
        raise LexiconError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise LexiconError(f"{path}: corrupt gzip data ({exc})") from None
    if not raw.strip():
        raise LexiconError(f"{path}: the file is empty")
    return raw

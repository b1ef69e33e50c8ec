"""The Lexicon: membership and prefix queries (marisa-trie) plus the compiled GADDAG."""

from __future__ import annotations

import contextlib
import hashlib
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import marisa_trie
from wordbot.dictionaries import cache
from wordbot.dictionaries.wordlist import (
    DEFAULT_LEXICON,
    LexiconError,
    WordList,
    read_bytes,
)

if TYPE_CHECKING:
    from wordbot.dictionaries.subsequence import Subsequences


def report_to_stderr(message: str) -> None:
    """The default for progress lines and warnings: one line on stderr."""
    print(f"wordbot: {message}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def _building(report, what: str):
    """Report the building of a compiled form (``what``), then its sizes (which the body
    appends to the yielded list) and the time it took."""
    started = time.perf_counter()
    if report:
        report(f"building {what}; once per word list, then cached")
    built: list[str] = []
    yield built
    if report and built:
        report(f"built {built[0]} in {time.perf_counter() - started:.1f} s")


def _try_save(save: Callable[[], Path], report) -> Path | None:
    """Write to the cache; an unwritable cache is a warning (the lists work in memory)."""
    try:
        return save()
    except OSError as exc:
        if report:
            report(f"warning: cannot write the lexicon cache ({exc}); using it in memory")
        return None


_SHARED: dict[str | None, Lexicon] = {}
_SHARED_LOCK = threading.Lock()


class Lexicon:
    """A set of uppercase words with fast membership and prefix queries, and its GADDAG.

    >>> lex = Lexicon.from_words(["cat", "cats", "dog", "it's"])
    >>> "CAT" in lex, "CA" in lex, lex.has_prefix("CA"), len(lex), lex.skipped
    (True, False, True, 3, 1)
    >>> lex.gaddag.contains("CATS")
    True

    :meth:`load` reads a word list file and keeps its compiled form in the cache
    (``WORDBOT_CACHE_DIR``, else ``$XDG_CACHE_HOME/wordbot``, else ``~/.cache/wordbot``),
    so the GADDAG is built once per list and memory-mapped afterwards.
    """

    def __init__(
        self,
        trie: marisa_trie.Trie,
        *,
        source: str,
        digest: str,
        skipped: int = 0,
        gaddag=None,
        words: tuple[str, ...] | None = None,
        cache_path: Path | None = None,
        from_cache: bool = False,
    ):
        self.trie = trie
        self.source = source
        self.digest = digest
        self.skipped = skipped
        self.cache_path = cache_path
        self.from_cache = from_cache
        self._gaddag = gaddag
        self._forward = None
        self._letter_trie = None
        self._subsequences: dict[tuple[int, ...], Subsequences] = {}
        self._words = words
        # (cache key, report) for the entry made when first compiled
        self._entry: tuple[str, Any] | None = None

    # -- construction ---------------------------------------------------------------

    @classmethod
    def from_words(cls, words: Iterable[str], source: str = "<words>") -> Lexicon:
        """A lexicon of words in memory (any case; non A-Z words are skipped and counted).

        Nothing is written to the cache; the GADDAG is built on first use.
        """
        wl = WordList.from_text("\n".join(words), source=source)
        return cls(
            marisa_trie.Trie(wl.words),
            source=source,
            digest=wl.digest,
            skipped=wl.skipped,
            words=wl.words,
        )

    @classmethod
    def load(
        cls,
        path: str | Path | None = None,
        *,
        report: Callable[[str], None] | None = report_to_stderr,
        rebuild: bool = False,
    ) -> Lexicon:
        """Read a word list file; ``None`` is the bundled default (SCOWL size 80).

        A cache hit memory-maps the compiled entry. A miss (or ``rebuild=True``) parses
        the list and builds the trie; the GADDAG is built, with progress lines through
        ``report``, and the entry saved, the first time :attr:`gaddag` is used (commands
        that only look words up never pay for it). A damaged entry is rebuilt with a
        warning.
        """
        path = Path(path) if path is not None else DEFAULT_LEXICON
        raw = read_bytes(path)
        text_digest = hashlib.sha256(raw).hexdigest()
        if not rebuild:
            try:
                hit = cache.load(text_digest)
            except cache.CacheDamaged as exc:
                if report:
                    report(f"warning: damaged lexicon cache entry, rebuilding: {exc}")
                cache.discard(text_digest)
                hit = None
            if hit is not None:
                meta, gaddag, trie = hit
                lexicon = cls(
                    trie,
                    source=str(path),
                    digest=meta["digest"],
                    skipped=meta["skipped"],
                    gaddag=gaddag,
                    cache_path=cache.entry_dir(text_digest),
                    from_cache=True,
                )
                lexicon._entry = (text_digest, report)
                return lexicon
        return cls._build(path, raw, text_digest, report)

    @classmethod
    def shared(
        cls,
        path: str | Path | None = None,
        *,
        report: Callable[[str], None] | None = report_to_stderr,
    ) -> Lexicon:
        """The lexicon of ``path`` (None: the bundled default), loaded once per process:
        the one cache every face, server session and tournament worker asks (a forked
        worker finds its parent's here)."""
        key = None if path is None else str(Path(path).resolve())
        with _SHARED_LOCK:
            lexicon = _SHARED.get(key)
            if lexicon is None:
                lexicon = _SHARED[key] = cls.load(path, report=report)
            return lexicon

    @classmethod
    def _build(cls, path: Path, raw: bytes, text_digest: str, report) -> Lexicon:
        wl = WordList.from_text(raw.decode("latin-1"), source=str(path))
        if not wl.words:
            raise LexiconError(f"{path}: no usable words (one word a line, letters A-Z)")
        lexicon = cls(
            marisa_trie.Trie(wl.words),
            source=str(path),
            digest=wl.digest,
            skipped=wl.skipped,
            words=wl.words,
        )
        lexicon._entry = (text_digest, report)
        return lexicon

    def _compile(self):
        """Build the GADDAG and, for a lexicon read from a file, save the cache entry."""
        from wordbot.dictionaries.gaddag import build_gaddag

        key, report = self._entry or (None, None)
        name = Path(self.source).name
        with _building(
            report if key else None, f"the GADDAG of {name} ({len(self):,} words)"
        ) as built:
            gaddag = build_gaddag(self.words)
            built.append(f"{gaddag.nodes:,} nodes, {gaddag.edges:,} edges")
        if key is not None:
            meta = {
                "digest": self.digest,
                "words": len(self),
                "skipped": self.skipped,
                "source": self.source,
                "nodes": gaddag.nodes,
                "edges": gaddag.edges,
            }
            saved = _try_save(lambda: cache.save(key, meta, gaddag, self.trie), report)
            self.cache_path = saved or self.cache_path
        return gaddag.readonly()

    # -- queries ----------------------------------------------------------------------

    @property
    def gaddag(self):
        """The compiled GADDAG (:class:`~wordbot.dictionaries.gaddag.Gaddag`), built on
        first use when the cache did not have it."""
        if self._gaddag is None:
            self._gaddag = self._compile()
        return self._gaddag

    @property
    def forward(self):
        """The forward tile automaton (:class:`~wordbot.dictionaries.forward.Forward`,
        Q = QU), built on first use and cached beside the GADDAG."""
        if self._forward is None:
            self._forward = self._compile_forward(True)
        return self._forward

    @property
    def letter_trie(self):
        """The forward automaton over plain letters (Q is just Q: First Draft's rows),
        built on first use and cached beside the GADDAG.

        >>> Lexicon.from_words(["QAT", "QUIT"]).letter_trie.contains("QAT")
        True
        """
        if self._letter_trie is None:
            self._letter_trie = self._compile_forward(False)
        return self._letter_trie

    def _compile_forward(self, qu: bool):
        from wordbot.dictionaries.forward import (
            FORWARD_NAME,
            LETTERS_NAME,
            Forward,
            build_forward,
        )

        name = FORWARD_NAME if qu else LETTERS_NAME
        key, report = self._entry or (None, None)
        if key is not None:
            records = cache.load_extra(key, name)
            if records is not None:
                return Forward(records, qu)
        what = "the route automaton" if qu else "the letter trie"
        with _building(
            report if key else None, f"{what} of {Path(self.source).name}"
        ) as built:
            forward = build_forward(self.words, qu)
            built.append(f"{forward.nodes:,} nodes")
        if key is not None:
            _try_save(lambda: cache.save_extra(key, name, forward.records), report)
        return forward

    def subsequences(self, lengths) -> Subsequences:
        """The subsequence automaton of the words of ``lengths`` letters
        (:class:`~wordbot.dictionaries.subsequence.Subsequences`: First Draft's
        completable rows), built on first use and cached beside the GADDAG.

        >>> Lexicon.from_words(["CAT", "CATS"]).subsequences((4,)).completable("CS")
        True
        """
        key = tuple(sorted(set(int(n) for n in lengths)))
        if key not in self._subsequences:
            self._subsequences[key] = self._compile_subsequences(key)
        return self._subsequences[key]

    def _compile_subsequences(self, lengths: tuple[int, ...]):
        from wordbot.dictionaries.subsequence import (
            Subsequences,
            build_subsequences,
            subsequence_name,
        )

        key, report = self._entry or (None, None)
        name = subsequence_name(lengths)
        if key is not None:
            delta = cache.load_extra(key, name)
            if delta is not None:
                return Subsequences(delta)
        shown = ",".join(map(str, lengths))
        with _building(
            report if key else None,
            f"the subsequence automaton of "
            f"{Path(self.source).name} (words of {shown} letters)",
        ) as built:
            progress = (
                (lambda n: report(f"  {n:,} states so far")) if key and report else None
            )
            sub = build_subsequences(self.words, lengths, progress)
            built.append(f"{sub.states:,} states")
        if key is not None:
            _try_save(lambda: cache.save_extra(key, name, sub.delta), report)
        return sub

    @property
    def words(self) -> tuple[str, ...]:
        """Every word, uppercase, sorted."""
        if self._words is None:
            self._words = tuple(sorted(self.trie.keys()))
        return self._words

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word in self.trie

    def __len__(self) -> int:
        return len(self.trie)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (the empty prefix included)."""
        return bool(next(self.trie.iterkeys(prefix), None)) if prefix else len(self) > 0

    def __repr__(self) -> str:
        return f"<Lexicon {self.source!r}: {len(self)} words>"

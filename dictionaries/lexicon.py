"""The Lexicon: membership and prefix queries (marisa-trie) plus the compiled GADDAG."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import marisa_trie

from wordbot.dictionaries.wordlist import WordList


class Lexicon:
    """A set of uppercase words with fast membership and prefix queries.

    >>> lex = Lexicon.from_words(["cat", "cats", "dog"])
    >>> "CAT" in lex, "CA" in lex, lex.has_prefix("CA"), len(lex)
    (True, False, True, 3)
    """

    def __init__(self, wordlist: WordList, trie: marisa_trie.Trie | None = None):
        self.wordlist = wordlist
        self._trie = trie

    @classmethod
    def from_words(cls, words: Iterable[str], source: str = "<words>") -> "Lexicon":
        """A lexicon from words in memory (any case; non A-Z words are skipped)."""
        return cls(WordList.from_text("\n".join(words), source=source))

    @classmethod
    def load(cls, path: str | Path | None = None) -> "Lexicon":
        """Read a word list file; ``None`` loads the bundled default (SCOWL size 80)."""
        return cls(WordList.read(path))

    @property
    def trie(self) -> marisa_trie.Trie:
        if self._trie is None:
            self._trie = marisa_trie.Trie(self.wordlist.words)
        return self._trie

    @property
    def source(self) -> str:
        return self.wordlist.source

    @property
    def digest(self) -> str:
        """sha256 of the normalised word list: the key of every cache entry."""
        return self.wordlist.digest

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word in self.trie

    def __len__(self) -> int:
        return len(self.wordlist.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.wordlist.words)

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (the empty prefix included)."""
        return bool(self.trie.keys(prefix)) if prefix else len(self) > 0

    def words_with_prefix(self, prefix: str) -> list[str]:
        return self.trie.keys(prefix)

    def __repr__(self) -> str:
        return f"<Lexicon {self.source!r}: {len(self)} words>"

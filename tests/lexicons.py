"""Small deterministic lexicons for tests (shared by the reference and generator tests).

- ``default_lexicon()``: the bundled default list (dictionaries/scowl80.txt.gz, 242,821
  words), loaded once per process.
- ``small_lexicon(n, max_len, all_upto)``: a few thousand real English words from the
  default list: every word of 2..``all_upto`` letters, then words of ``all_upto``+1 ..
  ``max_len`` letters in a fixed pseudo-random order (sha256 of the word) until there are
  ``n``. The same arguments give the same words on every machine and Python version.
- ``small_words()``: tests/data/small_words.txt, 1,723 real words that every game's tests
  and the faces' tests play with.
- ``tiny_lexicon(alphabet, seed, density)``: synthetic words over a small alphabet, dense
  enough that many plays and replacements exist on tiny boards (for brute-force checks).

Each returns a ``wordbot.dictionaries.Lexicon`` (``word in lex``, iteration in sorted
order, ``len``); the same object is returned for the same arguments.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import random
from pathlib import Path

from wordbot.dictionaries import Lexicon

SMALL_WORDS = Path(__file__).with_name("data") / "small_words.txt"


@functools.cache
def default_lexicon() -> Lexicon:
    """The bundled default word list (SCOWL size 80)."""
    return Lexicon.load()


@functools.cache
def small_lexicon(n: int = 2500, max_len: int = 6, all_upto: int = 3) -> Lexicon:
    """``n`` words of 2..``max_len`` letters from the default list, deterministically.

    All words of up to ``all_upto`` letters are kept (short words make crossings and
    parallel plays possible); longer ones fill up to ``n`` in sha256 order.

    >>> lex = small_lexicon(2000)
    >>> len(lex), "AT" in lex
    (2000, True)
    """
    words = [w for w in default_lexicon() if 2 <= len(w) <= max_len]
    short = [w for w in words if len(w) <= all_upto]
    longer = sorted(
        (w for w in words if len(w) > all_upto),
        key=lambda w: hashlib.sha256(w.encode("ascii")).hexdigest(),
    )
    if len(short) >= n:
        chosen = sorted(short, key=lambda w: hashlib.sha256(w.encode("ascii")).hexdigest())[
            :n
        ]
    else:
        chosen = short + longer[: n - len(short)]
    return Lexicon.from_words(chosen, source=f"<small_lexicon n={n} max_len={max_len}>")


@functools.cache
def small_words() -> Lexicon:
    """1,723 words: every 2-3 letter word of SCOWL 80, 400 of its 4-5 letter words, the
    built-in mats' words and a few JQXZ words (:data:`SMALL_WORDS`)."""
    return Lexicon.load(SMALL_WORDS)


@functools.cache
def tiny_lexicon(
    alphabet: str = "AEST", seed: int = 0, density: tuple = (0.6, 0.3, 0.12)
) -> Lexicon:
    """Synthetic words over ``alphabet``: each possible word of length 2, 3, 4 is kept
    with probability ``density[0]``, ``density[1]``, ``density[2]`` (seeded)."""
    rng = random.Random(f"tiny_lexicon:{alphabet}:{seed}")
    words = []
    for length, p in zip((2, 3, 4), density):
        for letters in itertools.product(alphabet, repeat=length):
            if rng.random() < p:
                words.append("".join(letters))
    return Lexicon.from_words(words, source=f"<tiny_lexicon {alphabet} seed={seed}>")

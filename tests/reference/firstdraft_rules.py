"""The rules and the completability oracle of the First Draft reference
(tests/reference/firstdraft.py): a position's rules with their defaults, words and
subsequences, multisets of letters, and whether a row can still become a word, written
from docs/rules/firstdraft.md like the rest of the reference."""

from __future__ import annotations

import copy
import json
from collections import Counter
from itertools import combinations

DEFAULT_RULES = {
    "coasters": [1, 2, 2, 3, 3, 3, 3, 4, 4, 5],
    "line": 5,
    "start_coins": 4,
    "row_limit": 9,
    "pool_limit": 4,
    "payout": {"3": 1, "4": 2, "5": 3, "6": 5, "7": 7, "8": 9, "9": 12},
}


# --------------------------------------------------------------------------------------
# Rules and small helpers
# --------------------------------------------------------------------------------------


def _rules(position: dict | None, rules: dict | None) -> dict:
    """The rule options in effect: defaults, then the position's, then the argument."""
    out = copy.deepcopy(DEFAULT_RULES)
    for layer in ((position or {}).get("rules") or {}, rules or {}):
        for name, value in layer.items():
            if name not in DEFAULT_RULES:
                raise ValueError(f"unknown rule option {name!r}")
            out[name] = copy.deepcopy(value)
    out["payout"] = {str(k): v for k, v in out["payout"].items()}
    for name in ("line", "start_coins", "row_limit", "pool_limit"):
        if type(out[name]) is not int or out[name] < 0:
            raise ValueError(f"option {name} must be a non-negative integer")
    return out


def _lengths(rules: dict) -> frozenset:
    """'"3-9 letters" above means the lengths that `payout` pays, up to `row_limit`.'"""
    return frozenset(int(k) for k in rules["payout"] if int(k) <= rules["row_limit"])


def _is_word(row: str, words, rules: dict) -> bool:
    """'a row that is exactly a lexicon word of 3-9 letters'."""
    return len(row) in _lengths(rules) and row in words


def _is_subsequence(small: str, big: str) -> bool:
    """Letters of ``small`` appear in ``big`` in order (gaps allowed)."""
    it = iter(big)
    return all(ch in it for ch in small)


def _ms(letters) -> Counter:
    return Counter(letters)


def _ms_str(counter: Counter) -> str:
    """A multiset as a string sorted A-Z."""
    return "".join(sorted(counter.elements()))


def _contains(big: Counter, small: Counter) -> bool:
    """``small`` is a sub-multiset of ``big``."""
    return all(big[ch] >= n for ch, n in small.items())


def _sub_multisets(letters: str) -> list[str]:
    """Every distinct sub-multiset of ``letters``, each as a sorted string."""
    found = set()
    for n in range(len(letters) + 1):
        for combo in combinations(sorted(letters), n):
            found.add("".join(combo))
    return sorted(found)


def _key(move: dict) -> str:
    """The canonical sort key of a move."""
    return json.dumps(move, sort_keys=True)


# --------------------------------------------------------------------------------------
# Completability
# --------------------------------------------------------------------------------------

_SUBSEQ_CACHE: dict = {}


def _subsequences(words, lengths: frozenset) -> set:
    """Every subsequence of every word of ``words`` whose length is in ``lengths``.

    Cached per words object (a reference to it is kept, so its id cannot be reused).
    """
    key = (id(words), lengths)
    hit = _SUBSEQ_CACHE.get(key)
    if hit is None or hit[0] is not words or hit[1] != len(words):
        subs = set()
        for word in words:
            if len(word) in lengths:
                for n in range(len(word) + 1):
                    for idx in combinations(range(len(word)), n):
                        subs.add("".join(word[i] for i in idx))
        hit = (words, len(words), subs)
        _SUBSEQ_CACHE[key] = hit
    return hit[2]


def completable(s: str, words, rules: dict | None = None) -> bool:
    """'A row is completable when it is a subsequence (letters in order, gaps allowed) of
    some lexicon word of 3-9 letters.' (3-9 = the sold lengths of ``rules``.)"""
    return s in _subsequences(words, _lengths(_rules(None, rules)))

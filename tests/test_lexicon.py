"""Lexicon loading, the compiled cache, and damaged entries."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest
from wordbot.dictionaries import Lexicon, LexiconError

WORDS = ["cat", "cats", "Scat", "dog", "DOGS", "don't", "e-mail", "act", "tact"]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    monkeypatch.setenv("WORDBOT_CACHE_DIR", str(root))
    return root


@pytest.fixture
def word_file(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def quiet(_message):
    pass


def test_any_case_and_skipped_words_are_counted(word_file, cache):
    lex = Lexicon.load(word_file, report=quiet)
    assert len(lex) == 7
    assert lex.skipped == 2
    assert "SCAT" in lex and "DOGS" in lex and "DON'T" not in lex
    assert list(lex) == sorted(["CAT", "CATS", "SCAT", "DOG", "DOGS", "ACT", "TACT"])
    assert lex.has_prefix("TA") and not lex.has_prefix("TX")


def test_gzip_and_plain_give_the_same_words(tmp_path, word_file, cache):
    gz = tmp_path / "words.txt.gz"
    gz.write_bytes(gzip.compress(word_file.read_bytes()))
    a = Lexicon.load(word_file, report=quiet)
    b = Lexicon.load(gz, report=quiet)
    assert list(a) == list(b) and a.digest == b.digest


def test_cache_round_trip(word_file, cache):
    messages = []
    first = Lexicon.load(word_file, report=messages.append)
    assert not first.from_cache and first.cache_path is None and not messages
    _ = first.gaddag  # the first use builds it and writes the entry
    assert any("building the GADDAG" in m for m in messages)
    second = Lexicon.load(word_file, report=quiet)
    assert second.from_cache
    assert second.cache_path == first.cache_path
    assert second.cache_path.parent.parent == cache
    for name, array in first.gaddag.arrays().items():
        assert np.array_equal(array, second.gaddag.arrays()[name])
    assert not second.gaddag.records.flags.writeable  # memory-mapped, read-only
    assert list(second) == list(first)


def test_xdg_cache_home_is_honoured(word_file, tmp_path, monkeypatch):
    monkeypatch.delenv("WORDBOT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    lex = Lexicon.load(word_file, report=quiet)
    _ = lex.gaddag
    assert str(lex.cache_path).startswith(str(tmp_path / "xdg" / "wordbot"))


@pytest.mark.parametrize("damage", ["truncate", "flip", "delete", "meta", "trie"])
def test_damaged_cache_is_rebuilt_with_a_warning(word_file, cache, damage):
    built = Lexicon.load(word_file, report=quiet)
    _ = built.gaddag
    entry = built.cache_path
    target = entry / "records.npy"
    if damage == "truncate":
        target.write_bytes(target.read_bytes()[:-7])
    elif damage == "flip":
        data = bytearray(target.read_bytes())
        data[-1] ^= 0xFF
        target.write_bytes(bytes(data))
    elif damage == "delete":
        target.unlink()
    elif damage == "meta":
        (entry / "meta.json").write_text("{not json")
    else:
        (entry / "words.marisa").write_bytes(b"\0" * 10)
    messages = []
    lex = Lexicon.load(word_file, report=messages.append)
    assert not lex.from_cache
    assert any(m.startswith("warning: damaged lexicon cache entry") for m in messages)
    assert lex.gaddag.contains("TACT") and "TACT" in lex
    again = Lexicon.load(word_file, report=quiet)
    assert again.from_cache and again.gaddag.contains("SCAT")


def test_unwritable_cache_still_works(word_file, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("WORDBOT_CACHE_DIR", str(blocker))
    messages = []
    lex = Lexicon.load(word_file, report=messages.append)
    assert lex.gaddag.contains("CATS")
    assert any("cannot write the lexicon cache" in m for m in messages)


@pytest.mark.parametrize(
    "content,needle",
    [
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (b"123\nit's\n", "no usable words"),
        (b"\x1f\x8b\x08\x00garbage", "corrupt gzip"),
    ],
)
def test_bad_files_name_the_file_and_problem(tmp_path, cache, content, needle):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(LexiconError, match=needle) as info:
        Lexicon.load(path, report=quiet)
    assert str(path) in str(info.value)


def test_missing_file(tmp_path, cache):
    with pytest.raises(LexiconError, match="no such file"):
        Lexicon.load(tmp_path / "nope.txt")


def test_from_words_builds_in_memory(cache):
    lex = Lexicon.from_words(["zebra", "zebras"])
    assert lex.gaddag.contains("ZEBRAS") and not lex.gaddag.contains("ZEBR")
    assert lex.cache_path is None
    assert not cache.exists()


def test_meta_reports_counts(word_file, cache):
    lex = Lexicon.load(word_file, report=quiet)
    _ = lex.gaddag
    meta = json.loads((lex.cache_path / "meta.json").read_text())
    assert meta["words"] == 7 and meta["skipped"] == 2
    assert meta["nodes"] == lex.gaddag.nodes and meta["edges"] == lex.gaddag.edges


def test_lookups_alone_never_build_the_gaddag(word_file, cache):
    messages = []
    lex = Lexicon.load(word_file, report=messages.append)
    assert "SCAT" in lex and lex.has_prefix("DO")
    assert messages == [] and not cache.exists()

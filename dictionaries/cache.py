"""The on-disk cache of compiled lexicons: one directory per word list content.

An entry is ``<cache>/lexicons/<sha256 of the list's text>/`` holding ``meta.json``, the
GADDAG arrays as ``.npy`` files (memory-mapped on load) and the marisa trie. Entries are
written to a temporary directory and renamed into place, so a reader never sees half an
entry and two processes building the same list at once do not clash. A damaged entry
(missing file, wrong size, checksum mismatch) is reported and rebuilt.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import zlib
from pathlib import Path

import marisa_trie
import numpy as np
from wordbot.dictionaries.gaddag import ARRAY_NAMES, Gaddag

from wordbot._paths import cache_dir

# /2: the GADDAG is one array of arc records (/1 had node and edge arrays)
FORMAT = "wordbot.lexicon-cache/2"
FORMAT_FAMILY = "wordbot.lexicon-cache/"


class CacheDamaged(Exception):
    """A cache entry that cannot be trusted; the message says what is wrong."""


def entry_dir(text_digest: str) -> Path:
    return cache_dir() / "lexicons" / text_digest


def _plain(array: np.ndarray) -> np.ndarray:
    """A memory-mapped array as a plain ndarray view of the same mapping: numba types a
    plain array at each kernel call in well under a microsecond, an ``np.memmap`` (a
    subclass) through a slow path of a few microseconds."""
    return array.view(np.ndarray)


def _crc(array: np.ndarray) -> int:
    # (numpy's stubs call an array a buffer from Python 3.12 on only)
    data = memoryview(np.ascontiguousarray(array))  # type: ignore[arg-type]  # an array is a buffer
    return zlib.crc32(data.cast("B")) & 0xFFFFFFFF


def save(text_digest: str, meta: dict, gaddag: Gaddag, trie: marisa_trie.Trie) -> Path:
    """Write an entry atomically; returns its directory (an existing one is kept)."""
    final = entry_dir(text_digest)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".building-", dir=final.parent))
    try:
        arrays = {}
        for name, array in gaddag.arrays().items():
            np.save(tmp / f"{name}.npy", array, allow_pickle=False)
            arrays[name] = {
                "dtype": str(array.dtype),
                "shape": list(array.shape),
                "crc32": _crc(array),
            }
        trie.save(str(tmp / "words.marisa"))
        full = dict(
            meta,
            format=FORMAT,
            root=gaddag.root,
            arrays=arrays,
            trie_bytes=(tmp / "words.marisa").stat().st_size,
        )
        (tmp / "meta.json").write_text(json.dumps(full, indent=1))
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        try:
            os.rename(tmp, final)
        except OSError:
            pass  # another process finished the same entry first: theirs is as good
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return final


def load(text_digest: str) -> tuple[dict, Gaddag, marisa_trie.Trie] | None:
    """The entry for ``text_digest``, or None when there is none (or only one in an
    older format, which the caller rebuilds and overwrites).

    Raises :class:`CacheDamaged` when an entry exists but is incomplete or corrupt.
    """
    path = entry_dir(text_digest)
    meta_path = path / "meta.json"
    if not path.is_dir():
        return None
    try:
        meta = json.loads(meta_path.read_text())
    except (OSError, ValueError) as exc:
        raise CacheDamaged(f"{meta_path}: unreadable ({exc})") from None
    if (
        isinstance(meta, dict)
        and isinstance(meta.get("format"), str)
        and (meta["format"].startswith(FORMAT_FAMILY) and meta["format"] != FORMAT)
    ):
        return None  # an older layout: not damaged, just stale
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise CacheDamaged(f"{meta_path}: not a {FORMAT} entry")
    arrays = {}
    try:
        for name in ARRAY_NAMES:
            spec = meta["arrays"][name]
            file = path / f"{name}.npy"
            try:
                array = np.load(file, mmap_mode="r", allow_pickle=False)
            except (OSError, ValueError) as exc:
                raise CacheDamaged(f"{file}: unreadable ({exc})") from None
            if str(array.dtype) != spec["dtype"] or list(array.shape) != spec["shape"]:
                raise CacheDamaged(f"{file}: wrong shape or type")
            if _crc(array) != spec["crc32"]:
                raise CacheDamaged(f"{file}: checksum mismatch")
            arrays[name] = _plain(array)
        trie_path = path / "words.marisa"
        if not trie_path.is_file() or trie_path.stat().st_size != meta["trie_bytes"]:
            raise CacheDamaged(f"{trie_path}: missing or truncated")
        trie = marisa_trie.Trie()
        try:
            trie.mmap(str(trie_path))
        except Exception as exc:  # marisa raises bare RuntimeError-likes on bad files
            raise CacheDamaged(f"{trie_path}: unreadable ({exc})") from None
        if len(trie) != meta["words"]:
            raise CacheDamaged(
                f"{trie_path}: holds {len(trie)} words, meta says {meta['words']}"
            )
        gaddag = Gaddag(root=int(meta["root"]), **arrays)
    except (KeyError, TypeError) as exc:
        raise CacheDamaged(f"{meta_path}: missing field {exc}") from None
    return meta, gaddag, trie


def extra_path(text_digest: str, name: str) -> Path:
    """Where a further compiled form of a word list lives, beside its entry (e.g. the
    forward tile automaton ``<digest>.forward.npy``)."""
    return entry_dir(text_digest).with_name(f"{text_digest}.{name}.npy")


def save_extra(text_digest: str, name: str, array: np.ndarray) -> Path:
    """Write one further array of a word list atomically (temporary file, then rename)."""
    final = extra_path(text_digest, name)
    final.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".building-", suffix=".npy", dir=final.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, array, allow_pickle=False)
        os.replace(tmp, final)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return final


def load_extra(text_digest: str, name: str) -> np.ndarray | None:
    """The array :func:`save_extra` wrote (memory-mapped), or None when there is none or
    it cannot be read (the caller rebuilds it)."""
    path = extra_path(text_digest, name)
    if not path.is_file():
        return None
    try:
        return _plain(np.load(path, mmap_mode="r", allow_pickle=False))
    except (OSError, ValueError):
        return None


def discard(text_digest: str) -> None:
    shutil.rmtree(entry_dir(text_digest), ignore_errors=True)

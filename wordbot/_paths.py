"""Where wordbot keeps its caches (compiled lexicons, numba kernels)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """The root of wordbot's cache.

    ``WORDBOT_CACHE_DIR`` wins; otherwise ``$XDG_CACHE_HOME/wordbot``, falling back to
    ``~/.cache/wordbot``. The directory is not created here.

    >>> import os
    >>> os.environ["WORDBOT_CACHE_DIR"] = "/tmp/wb-doctest"
    >>> str(cache_dir())
    '/tmp/wb-doctest'
    >>> del os.environ["WORDBOT_CACHE_DIR"]
    """
    override = os.environ.get("WORDBOT_CACHE_DIR")
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "wordbot"

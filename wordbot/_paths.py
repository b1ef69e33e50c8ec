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


def kernel_fingerprint(folders, libraries=("numba", "numpy")) -> str:
    """A short digest of the Python sources under ``folders`` (the kernels and the
    automata they read) and of the installed versions of ``libraries`` (the compiler and
    the arrays it compiles against), naming the numba cache they compile to.

    numba keys a cached function by its own file's timestamp only, so a kernel whose
    callee in another module changed would load the stale machine code, and an upgrade
    of numba or numpy would meet code compiled by the old ones; a cache folder per
    version of the sources and the libraries cannot. The folders' places count too:
    numba files a kernel under its source's path, so a second install of the same
    sources compiles anew and must not find the first one's "warmed" markers. Missing folders count as empty, a
    library that is not installed as version "none".

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "k.py").write_text("x = 1")
    >>> a = kernel_fingerprint([d])
    >>> _ = (d / "k.py").write_text("x = 2")
    >>> a != kernel_fingerprint([d]), len(a)
    (True, 12)
    >>> kernel_fingerprint([d]) != kernel_fingerprint([d], libraries=())
    True
    >>> e = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (e / "k.py").write_text("x = 2")
    >>> kernel_fingerprint([d]) != kernel_fingerprint([e])
    True
    """
    import hashlib

    digest = hashlib.blake2b(digest_size=6)
    for library in libraries:
        digest.update(f"{library}=={_installed_version(library)}\0".encode())
    for folder in folders:
        folder = Path(folder)
        digest.update(str(folder.resolve()).encode() + b"\0")
        for path in sorted(folder.rglob("*.py")) if folder.is_dir() else ():
            digest.update(str(path.relative_to(folder)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _installed_version(library: str) -> str:
    """The installed version of ``library`` without importing it ("none" when it is not
    installed), read off its distribution's metadata folder name beside the package
    (importlib.metadata would cost every command a tenth of a second)."""
    import importlib.util

    spec = importlib.util.find_spec(library)
    if spec is None or not spec.submodule_search_locations:
        return "none"
    where = Path(next(iter(spec.submodule_search_locations))).parent
    found = sorted(p.name for p in where.glob(f"{library}-*.dist-info"))
    if found:
        return found[-1].removeprefix(f"{library}-").removesuffix(".dist-info")
    from importlib import metadata

    try:
        return metadata.version(library)
    except metadata.PackageNotFoundError:
        return "none"


def document(relative: str) -> Path | None:
    """The project's document ``relative`` to its docs/ folder (``rules/routewords.md``),
    or None when it is not there: in a checkout docs/ is beside the packages, in an
    installed copy it is ``wordbot/docs`` (the build copies it there).

    >>> document("protocol.md").name
    'protocol.md'
    >>> document("rules/no-such-game.md") is None
    True
    """
    package = Path(__file__).parent
    for docs in (package / "docs", package.parent / "docs"):
        path = docs / relative
        if path.is_file():
            return path
    return None

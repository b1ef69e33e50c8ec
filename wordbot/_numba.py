"""How wordbot starts numba: without its probe for SciPy's BLAS.

The first time a process runs a compiled function, numba loads its implementations of
numpy, and one of them (``numba.np.arraymath``) probes for a BLAS by importing
``scipy.linalg.cython_blas``, so that ``np.dot`` and ``np.linalg`` work in compiled
code. That import loads all of ``scipy.linalg``: about 0.4 s of every ``wordbot``
command, a quarter of a hint's start, for functions no wordbot kernel calls.

:func:`skip_blas_probe` makes that one probe find no SciPy (numba then leaves
``np.dot`` out of compiled code, in this process only); ``scipy.linalg`` itself imports
as usual before and after, for whoever needs it (the studies' statistics do).

Importing ``wordbot`` calls it; a second call adds no second finder:

>>> skip_blas_probe()
>>> sum(isinstance(finder, _SkipBlasProbe) for finder in sys.meta_path) <= 1
True
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys

#: the numba module whose import probes for the BLAS
PROBING = "numba.np.arraymath"
#: the import the probe makes (a package: its children need it first)
PROBED = "scipy.linalg"


class _ImportHook(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of the module ``name`` so that
    :meth:`enter` and :meth:`leave` run around its execution and :meth:`loaded` after
    it succeeded; the hook leaves ``sys.meta_path`` once the module has run."""

    name = ""

    def enter(self) -> None:
        pass

    def leave(self) -> None:
        pass

    def loaded(self) -> None:
        pass

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _Hooked(self, spec.loader)
        return spec


class _Hooked(importlib.abc.Loader):
    """A module's real loader, run inside its :class:`_ImportHook`."""

    def __init__(self, hook: _ImportHook, loader: importlib.abc.Loader):
        self.hook = hook
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.hook.enter()
        try:
            self.loader.exec_module(module)
        finally:
            self.hook.leave()
            if self.hook in sys.meta_path:
                sys.meta_path.remove(self.hook)
        self.hook.loaded()


class _SkipBlasProbe(_ImportHook):
    """While :data:`PROBING` runs, answers an import of :data:`PROBED` with ImportError
    (what numba's probe expects when SciPy is missing)."""

    name = PROBING

    def __init__(self) -> None:
        self.hiding = False

    def enter(self) -> None:
        self.hiding = True

    def leave(self) -> None:
        self.hiding = False

    def find_spec(self, fullname, path=None, target=None):
        if self.hiding and fullname == PROBED:
            raise ImportError(f"{PROBED} is not probed for (wordbot._numba)")
        return super().find_spec(fullname, path, target)


def skip_blas_probe() -> None:
    """Make numba's BLAS probe, when it runs in this process, skip importing SciPy.

    Does nothing when numba's numpy implementations or ``scipy.linalg`` are already
    loaded, or when it was called before; the finder leaves ``sys.meta_path`` once the
    probe has run.
    """
    if PROBING in sys.modules or PROBED in sys.modules:
        return
    if any(isinstance(f, _SkipBlasProbe) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _SkipBlasProbe())


class _PackageLoaded(_ImportHook):
    """Runs ``then`` once the package ``name`` has been imported (a post-import hook)."""

    def __init__(self, name: str, then) -> None:
        self.name = name
        self.then = then

    def loaded(self) -> None:
        self.then()


def what_compiles(module: str) -> str:
    """What a kernel of ``module`` belongs to, for people: the game whose move
    generator it is (by its title), or the word lists' automata.

    >>> what_compiles("wordbot.movegen.routewords.routes")
    "RouteWords' move generator"
    >>> what_compiles("wordbot.dictionaries.gaddag_build")
    "the word lists' automata"
    """
    parts = module.split(".")
    if parts[:2] == ["wordbot", "dictionaries"]:
        return "the word lists' automata"
    if len(parts) > 3 and parts[:2] == ["wordbot", "movegen"]:
        from wordbot.engine.games import GAMES

        title = GAMES[parts[2]].title if parts[2] in GAMES else parts[2]
        return (
            f"{title}' move generator"
            if title.endswith("s")
            else (f"{title}'s move generator")
        )
    return "the move generators' shared kernels"


def announce_compiles(report) -> None:
    """Have ``report`` (one line of text) told when numba compiles a kernel that its
    cache does not hold yet: once for each part of wordbot (a game's move generator,
    the word lists' automata), when its first kernel starts compiling. A kernel loaded
    from the cache compiles nothing and says nothing.

    numba compiles a kernel the first time any process calls it and keeps the machine
    code in its cache (NUMBA_CACHE_DIR, set by ``import wordbot``), so only a new
    machine, a new version or ``wordbot warm`` meets these waits. Registering costs
    nothing until numba is imported; a second call adds a second listener.
    """

    def register() -> None:
        from numba.core import event

        event.register("numba:compile", _announcer(report))

    if "numba" in sys.modules:
        register()
    else:
        sys.meta_path.insert(0, _PackageLoaded("numba", register))


#: whether the announcer speaks (``wordbot warm`` reports its compiling itself)
_announcing = [True]


def hush_compiles() -> None:
    """Stop the reports of :func:`announce_compiles` in this process."""
    _announcing[0] = False


def _announcer(report):
    """A numba event listener that reports the first compile of each part of wordbot
    in this process (the shared kernels only when nothing else was reported) (made here: its base class is numba's, imported by then)."""
    from numba.core.event import Listener

    class Announcer(Listener):
        def __init__(self) -> None:
            self.told: set[str] = set()

        def on_start(self, event) -> None:
            dispatcher = event.data.get("dispatcher")
            function = getattr(dispatcher, "py_func", None)
            what = what_compiles(getattr(function, "__module__", "") or "")
            shared = what == what_compiles("")
            if not _announcing[0] or what in self.told or (shared and self.told):
                return
            self.told.add(what)
            report(
                f"compiling {what} for its first use on this machine (numba: up to a "
                "minute or two, once; then cached; `wordbot warm` does it ahead)"
            )

        def on_end(self, event) -> None:
            pass

    return Announcer()

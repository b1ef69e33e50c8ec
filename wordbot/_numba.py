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


class _Probing(importlib.abc.Loader):
    """Runs the real loader of the probing module with the probed package hidden."""

    def __init__(self, finder: _SkipBlasProbe, loader: importlib.abc.Loader):
        self.finder = finder
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.finder.hiding = True
        try:
            self.loader.exec_module(module)
        finally:
            self.finder.hiding = False
            if self.finder in sys.meta_path:
                sys.meta_path.remove(self.finder)


class _SkipBlasProbe(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of :data:`PROBING`, and while that module
    runs, answers an import of :data:`PROBED` with ImportError (what numba's probe
    expects when SciPy is missing)."""

    def __init__(self) -> None:
        self.hiding = False

    def find_spec(self, fullname, path=None, target=None):
        if self.hiding and fullname == PROBED:
            raise ImportError(f"{PROBED} is not probed for (wordbot._numba)")
        if fullname != PROBING:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _Probing(self, spec.loader)
        return spec


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

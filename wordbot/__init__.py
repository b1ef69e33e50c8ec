"""wordbot: AI opponents and move-generator toolkits for word games.

The library lives in four subpackages, imported in one direction only::

    wordbot.dictionaries  <-  wordbot.movegen  <-  wordbot.engine  <-  wordbot.players

(a game's kernels in ``wordbot.movegen.<game>`` are reached only through its engine's
``adapter``), and this package holds the faces (command line, line protocol, server,
tournaments), which talk to the game interface and the registries only.
"""

import os as _os

from wordbot._numba import skip_blas_probe as _skip_blas_probe
from wordbot._paths import cache_dir as _cache_dir
from wordbot._paths import kernel_fingerprint as _kernel_fingerprint
from wordbot._version import __version__

# In a source checkout the subpackages are the sibling folders engine/, movegen/, ...
# (an installed copy has them inside wordbot/ and never reaches this branch).
_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(__path__[0], "engine")) and _os.path.isfile(
    _os.path.join(_root, "engine", "__init__.py")
):
    __path__.append(_root)

# numba reads NUMBA_CACHE_DIR when it is first imported; every wordbot module that uses
# numba is imported through this package, so setting it here means compiled kernels go to
# a writable cache even when site-packages is read-only. The folder is named for the
# kernels' sources and the numba and numpy versions (see kernel_fingerprint): a
# changed kernel or compiler never loads stale code.
_os.environ.setdefault(
    "NUMBA_CACHE_DIR",
    str(
        _cache_dir()
        / "numba"
        / _kernel_fingerprint(
            _os.path.join(p, name) for p in __path__ for name in ("movegen", "dictionaries")
        )
    ),
)
# and without numba's import of scipy.linalg (0.4 s of every start; see wordbot._numba)
_skip_blas_probe()

__all__ = ["__version__"]

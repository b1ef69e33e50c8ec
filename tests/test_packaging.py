"""The package installs as wordbot.* only: no bare top-level engine, players, ..."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

BARE = ["engine", "movegen", "players", "dictionaries", "benchmarks", "tests"]


def test_subpackages_import_under_wordbot():
    import wordbot.dictionaries
    import wordbot.engine
    import wordbot.movegen
    import wordbot.players  # noqa: F401  (the imports are the test)


def test_no_bare_top_level_packages_importable(tmp_path):
    code = (
        "import importlib.util, sys; "
        f"print([n for n in {BARE!r} if importlib.util.find_spec(n) is not None])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_distribution_top_level_is_wordbot_only():
    # the suite runs in an installed venv (README's second command): the distribution
    # is there, with its top_level.txt
    dists = list(importlib.metadata.distributions(name="wordbot"))
    assert dists, "wordbot is not installed"
    for dist in dists:  # the installed one, and a source tree's egg-info if on sys.path
        top = dist.read_text("top_level.txt")
        assert top is not None, "the distribution has no top_level.txt"
        assert top.split() == ["wordbot"]


def test_ci_runs_the_readmes_second_command():
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text()
    blocks = readme.split("```sh\n")[1:3]
    second = blocks[1].split("```")[0].strip()
    ci = (root / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert second.startswith("python3 -m venv") and "pytest" in second
    assert ci == second


def test_numba_cache_dir_is_set_before_numba_loads(tmp_path):
    code = "import os, wordbot, wordbot.movegen; print(os.environ['NUMBA_CACHE_DIR'])"
    env = {"WORDBOT_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    # a folder per version of the kernels' sources, under the cache's numba/
    assert Path(out.stdout.strip()).parent == tmp_path / "numba"


def installed_packages(root: Path) -> set[str]:
    """The packages setuptools installs from the checkout at ``root``: pyproject.toml
    keeps no list of them, so setuptools finds each one inside the folders of its
    package-dir mapping, named under the folder's package (its "explicit layout"), as
    ``pip install`` does."""
    import contextlib
    import warnings

    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    with contextlib.chdir(root), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools' own notes on its configuration
        dist = apply_configuration(Distribution(), root / "pyproject.toml")
        dist.set_defaults(name=False)
    return set(dist.packages)


def test_every_package_of_the_checkout_is_installed():
    import tomllib

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "packages" not in config  # a list would be kept by hand, and stop the search
    folders = {name: root / path for name, path in config["package-dir"].items()}
    packages = {
        ".".join((top, *init.parent.relative_to(folder).parts))
        for top, folder in folders.items()
        for init in folder.rglob("__init__.py")
    }
    assert "wordbot.engine.routewords" in packages and "wordbot.cli" in packages
    found = installed_packages(root)
    assert packages <= found
    assert {name.split(".")[0] for name in found} == {"wordbot"}


def test_mypy_reads_every_folder_the_package_installs():
    # mypy cannot follow package-dir: typecheck/wordbot/ links each folder that installs
    # as wordbot.<name>, and [tool.mypy] files lists them (typecheck/README.md)
    import tomllib

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text())
    folders = {  # the folders of Python packages (docs/ installs only pages)
        name.removeprefix("wordbot."): path
        for name, path in config["tool"]["setuptools"]["package-dir"].items()
        if name != "wordbot" and (root / path / "__init__.py").is_file()
    }
    links = root / "typecheck" / "wordbot"
    assert {p.name for p in links.iterdir() if p.name != "__init__.py"} == set(folders)
    for name, path in folders.items():
        assert (links / name).resolve() == (root / path).resolve(), name
    assert set(config["tool"]["mypy"]["files"]) == {"wordbot"} | {
        f"typecheck/wordbot/{name}" for name in folders
    }

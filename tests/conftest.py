"""Shared fixtures: the default lexicon is loaded once per test session; before any test,
every game's kernels are compiled into numba's cache (tests/warmup.py); the modules run
longest first, by their seconds in tests/durations.json (``--record-durations`` writes
what a run measured there)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.cli_support import run

# Python keeps the byte-code of what it imports in __pycache__ unless told not to. With
# PYTHONDONTWRITEBYTECODE set (as on CI machines) every process of the suite (pytest-xdist
# workers, the warm-up, the hundred-odd ``wordbot`` subprocesses) would compile numba,
# numpy, scipy, ... and rewrite the test modules' asserts again from source, a second or
# more each. The suite's processes keep their byte-code as any Python does, only the
# modules they import (installing with byte-code for every file of every package costs
# more than all of them); the user's own processes still follow the environment.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def pytest_configure(config):
    """Hypothesis draws the same examples on every default run (derandomized: a failure
    there fails again, on any machine); ``pytest -m slow`` draws new ones each run, to
    explore. A fresh-clone run once lost a worker to 22 GB of memory on a draw that never
    came back. The run gets a name its warm-up and workers share (tests/warmup.py)."""
    from hypothesis import settings

    from tests.warmup import RUN_ID

    os.environ.setdefault(RUN_ID, os.urandom(8).hex())
    settings.register_profile("fixed", derandomize=True)
    settings.register_profile("explore", derandomize=False)
    settings.load_profile(
        "explore"
        if "slow" in (config.option.markexpr or "").replace("not slow", "")
        else "fixed"
    )


#: what this run measured, in seconds: of each unit the warm-up warmed, and of each test
#: module (its tests' set-up, call and tear-down, as their reports say: under
#: pytest-xdist the controller hears every worker's)
WARMED: dict[str, float] = {}
TOOK: dict[str, float] = {}


def pytest_addoption(parser):
    parser.addoption(
        "--record-durations",
        action="store_true",
        help="write the seconds each test module took in this run into "
        "tests/durations.json, which orders the modules (record a whole run: a module "
        "run in part is measured in part), and each warm-up unit's when it was warmed "
        "(on a cold cache: a fresh clone, changed kernels), which share the warm-up "
        "among the cores",
    )


def pytest_sessionstart(session):
    # once per run: in the only process, or in pytest-xdist's controller before its
    # workers start (a worker has ``workerinput``)
    if hasattr(session.config, "workerinput"):
        return
    from tests.warmup import units, warm_all

    WARMED.update(warm_all(units()))


def pytest_runtest_logreport(report):
    module = Path(report.nodeid.split("::")[0]).name
    TOOK[module] = TOOK.get(module, 0.0) + report.duration


def pytest_sessionfinish(session):
    """With --record-durations: what this run measured into tests/durations.json (the
    modules and units it did not run keep their seconds)."""
    config = session.config
    if hasattr(config, "workerinput") or not config.getoption("record_durations"):
        return
    from tests.warmup import DURATIONS

    saved = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    for part, took in (("modules", TOOK), ("warmup", WARMED)):
        seconds = dict(saved.get(part, {}))
        seconds.update({name: round(s, 1) for name, s in took.items()})
        saved[part] = dict(sorted(seconds.items()))
    DURATIONS.write_text(json.dumps(saved, indent=1) + "\n")


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker per core and one more. A fifth of the suite's time is spent
    waiting (on ``wordbot`` subprocesses starting, servers, the browser, sockets), time a
    third worker fills; PYTEST_XDIST_AUTO_NUM_WORKERS still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1


def pytest_collection_modifyitems(config, items):
    """The modules that took longest when last measured (tests/durations.json) first,
    longest first, then the rest in file order. pytest-xdist's ``loadfile`` gives each
    worker a whole module at a time (a module's server, browser and lexicon fixtures are
    made once), in this order: the longest start at once, and what is left at the end
    for the workers to share is many short modules."""
    from tests.warmup import measured

    seconds = measured("modules")
    # a stable sort: the measured (even those that took no time) before the rest
    items.sort(
        key=lambda item: (item.path.name not in seconds, -seconds.get(item.path.name, 0))
    )


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for a module of page tests (skipped where it is not installed)."""
    from tests.test_faces_page import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture(scope="session")
def default_lexicon():
    from wordbot.dictionaries import Lexicon

    return Lexicon.load()


@pytest.fixture
def wordbot_cli():
    """The real ``wordbot`` program in a subprocess (tests.cli_support.run)."""
    return run

"""Shared fixtures: the default lexicon is loaded once per test session; before any test,
every game's kernels are compiled into numba's cache (tests/warmup.py)."""

from __future__ import annotations

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
    came back."""
    from hypothesis import settings

    settings.register_profile("fixed", derandomize=True)
    settings.register_profile("explore", derandomize=False)
    settings.load_profile(
        "explore"
        if "slow" in (config.option.markexpr or "").replace("not slow", "")
        else "fixed"
    )


def pytest_sessionstart(session):
    # once per run: in the only process, or in pytest-xdist's controller before its
    # workers start (a worker has ``workerinput``)
    if hasattr(session.config, "workerinput"):
        return
    from tests.warmup import UNITS, warm_all

    warm_all(UNITS)


#: the modules that take longest (measured on a fresh clone, 2026-11-27: 90 s down to
#: 23 s of one worker each), longest first. pytest-xdist's ``loadfile`` gives each
#: worker a whole module at a time (a module's server, browser and lexicon fixtures are
#: made once), in this order and the rest after them in file order: the longest start
#: at once, and what is left at the end for the workers to share is many short modules.
LONGEST = ("test_doc_examples.py", "test_firstdraft_records_and_faces.py", "test_controlword_reference.py",
           "test_study_cli.py", "test_types.py", "test_numba_cache.py", "test_openspiel.py", "test_faces_server.py", "test_faces_page_crosswords.py",
           "test_openspiel_players.py", "test_tournament_cli.py",
           "test_faces_page_firstdraft.py", "test_hosted_games.py",
           "test_faces_page_routewords.py", "test_bots_do_not_peek.py",
           "test_crosswords_engine.py", "test_crosswords_movegen.py", "test_faces_play.py",
           "test_faces_page.py")  # fmt: skip


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker per core and one more. A fifth of the suite's time is spent
    waiting (on ``wordbot`` subprocesses starting, servers, the browser, sockets), time a
    third worker fills; PYTEST_XDIST_AUTO_NUM_WORKERS still decides when it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1


def pytest_collection_modifyitems(config, items):
    rank = {name: n for n, name in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONGEST)))  # a stable sort


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

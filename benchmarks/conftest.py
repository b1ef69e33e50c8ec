"""Benchmarks measure when asked for (`pytest benchmarks`); in the whole-suite run
(plain `pytest`) each one runs once, unmeasured, to check it still works."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    asked = any(
        Path(str(arg).split("::")[0]).resolve().is_relative_to(HERE)
        for arg in config.invocation_params.args
        if not str(arg).startswith("-")
    )
    if not asked and hasattr(config.option, "benchmark_disable"):
        config.option.benchmark_disable = True


@pytest.fixture(scope="session")
def default_lexicon():
    from wordbot.dictionaries import Lexicon

    return Lexicon.load()

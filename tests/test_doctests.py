"""The examples in the docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = [
    "wordbot",
    "wordbot.dictionaries",
    "wordbot.engine",
    "wordbot.movegen",
    "wordbot.players",
    "wordbot.cli",
    "wordbot.tournament",
    "wordbot.study",
    "wordbot.protocol",
    "wordbot.server",
]
#: the suite's own helpers whose docstrings carry examples
HELPERS = ["tests.sampling", "tests.warmup", "tests.reference.controlword"]
SKIP = {
    "wordbot.__main__",
    "wordbot.players.controlword.tune",
    "wordbot.dictionaries.rebuild_scowl80",
}


def modules():
    names = []
    queue = list(PACKAGES)
    while queue:
        package = queue.pop()
        mod = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.iter_modules(mod.__path__):
            name = f"{package}.{info.name}"
            if (
                info.ispkg and package != "wordbot"
            ):  # wordbot's path holds the checkout root
                queue.append(name)
            elif name not in SKIP and not info.ispkg:
                names.append(name)
    return sorted(set(names)) + HELPERS


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.failed == 0


def test_examples_exist():
    total = sum(
        doctest.testmod(importlib.import_module(n), report=False).attempted
        for n in modules()
    )
    assert total >= 30

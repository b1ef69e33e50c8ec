"""The public API of a game: ``wordbot.engine`` exports every name a game needs and keeps
exporting it wherever its module moves. The names are docs/games.md's (its section "The
public API"): each one it lists stays importable from ``wordbot.engine``, and every name
exported is listed there. The toy game (tests/toygame.py, a plugin) is written against
the API alone."""

from __future__ import annotations

import ast
import json
import re

import wordbot.engine
import wordbot.players

from tests.cli_support import ROOT
from tests.test_game_interface import fresh_python


def documented() -> set[str]:
    """The names docs/games.md's public API table lists (its second column)."""
    text = (ROOT / "docs" / "games.md").read_text()
    section = text.split("## The public API", 1)[1].split("\n## ", 1)[0]
    assert "from wordbot.engine import" in section
    rows = [line.split("|")[2] for line in section.splitlines() if line.count("|") == 3]
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", "".join(rows[2:])))


def test_every_documented_name_is_exported_and_importable():
    api, exported = documented(), set(wordbot.engine.__all__)
    assert len(api) > 50 and {"Game", "places_from_keys", "SetupOption"} <= api
    assert api == exported, (api - exported, exported - api)
    assert len(wordbot.engine.__all__) == len(exported)
    # a new process: the names that import numpy come when asked for, not before
    names = sorted(api)
    run = fresh_python(
        "import sys, json\n"
        "import wordbot.engine\n"
        "before = 'numpy' in sys.modules\n"
        f"from wordbot.engine import {', '.join(names)}\n"
        "namespace = {}\n"
        "exec('from wordbot.engine import *', namespace)\n"
        "print(json.dumps([before, sorted(k for k in namespace if k != '__builtins__')]))"
    )
    assert run.returncode == 0, run.stderr
    numpy_at_import, star = json.loads(run.stdout)
    assert not numpy_at_import
    assert star == names


def test_an_exported_name_is_the_object_of_the_module_that_defines_it():
    from wordbot.engine import outcome, planes, segments

    assert wordbot.engine.places_from_keys is outcome.places_from_keys
    assert wordbot.engine.GridWindow is planes.GridWindow
    assert wordbot.engine.SegmentedMoves is segments.SegmentedMoves
    try:
        wordbot.engine.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("an unknown name was served")


def imports(path) -> list[tuple[str, list[str]]]:
    """Every ``(module, names)`` a source file imports from, at any depth."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", [a.name for a in node.names]))
    return found


def test_the_toy_game_imports_only_the_public_api():
    used = imports(ROOT / "tests" / "toygame.py")
    ours = [(m, names) for m, names in used if m.split(".")[0] in ("wordbot", "tests")]
    assert ours and {m for m, _ in ours} <= {"wordbot.engine", "wordbot.players"}, ours
    for module, names in ours:
        public = wordbot.engine.__all__ if module == "wordbot.engine" else None
        public = public or wordbot.players.__all__
        assert set(names) <= set(public), (module, set(names) - set(public))

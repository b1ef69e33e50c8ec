"""The public API of a game: ``wordbot.engine`` exports every name a game needs, keeps
exporting it wherever its module moves, and docs/games.md lists the same names; the toy
game (tests/toygame.py, a plugin) is written against it alone."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

import wordbot.engine
import wordbot.players

from tests.cli_support import ROOT, cli_env

#: what a plugin game may import from ``wordbot.engine``: a name leaves this list only
#: when games no longer need it, never because its module moved
API = {
    # the interface and the registry
    "Game", "GameState", "Move", "MoveList", "OVER", "GAMES", "Games", "get_game",
    # errors
    "GameError", "GameOverError", "IllegalMove", "MoveError", "PositionError",
    "RecordError", "RuleError", "StateError",
    # results
    "Outcome", "places_from_keys", "outcome_by_score", "compensated",
    # rule options and set-up options
    "GameRules", "RuleOption", "NotAllowed", "boolean", "choice", "custom", "integer",
    "number", "SetupOption", "rule_shortcut",
    # positions
    "read_header", "header_json", "check_fields", "int_in", "letters", "per_player",
    "player_in", "player_map", "MAX_POINTS",
    # chance and tiles
    "Rng", "seed_state", "seed_from_text", "FULL_BAG", "LETTERS", "TILE_COUNTS",
    "VOWELS", "excess", "remove_letters", "sort_tiles",
    # move lists, tensor planes, the pie rule
    "is_listed", "Segment", "SegmentedMoves", "GridWindow", "letter_counts",
    "letter_index", "seat_rows", "pie",
}  # fmt: skip


def fresh_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=ROOT,
        timeout=300,
    )


def test_every_name_of_the_api_is_exported_and_importable():
    missing = API - set(wordbot.engine.__all__)
    assert not missing, missing
    assert len(wordbot.engine.__all__) == len(set(wordbot.engine.__all__))
    # a new process: the names that import numpy come when asked for, not before
    names = sorted(wordbot.engine.__all__)
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


def test_docs_games_md_lists_the_api():
    text = (ROOT / "docs" / "games.md").read_text()
    section = text.split("## The public API", 1)[1].split("\n## ", 1)[0]
    assert "from wordbot.engine import" in section
    listed = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", section))
    assert set(wordbot.engine.__all__) <= listed, set(wordbot.engine.__all__) - listed

"""A built-in game is its own files and one registry line (docs/games.md, "Adding a
game"): in a copy of the checkout, the toy game of tests/toygame.py is made a built-in
game, in the built-in layout (its package engine/toy/, its players' package players/toy/
holding its profile, its rules page docs/rules/toy.md, its formats page
docs/formats/toy.md, its line in engine/games.py) and nothing else, and the command line
of the copy lists it, plays a tournament of it, shows its profile's figures in a hint and
prints its rules; the copy's formats test reads its formats page; setuptools would
install its packages with nothing added to pyproject.toml."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.test_packaging import installed_packages

RULES = """# Hidden take-away

Take 1 to 3 tokens a turn; whoever takes the last one adds their secret card.
"""

FORMATS = """# Hidden take-away: position and moves

## Position

```json
{"format": "wordbot.toy.position/1", "rules": {"heap": 12, "max_take": 3},
 "players": ["north", "south"], "to_move": "north", "phase": "play", "heap": 12,
 "cards": {"north": 1, "south": 5}, "scores": {"north": 0, "south": 0}}
```

## Moves

| notation | move object | in the position above |
|---|---|---|
| `take 3` | `{"type": "take", "count": 3}` | legal |
| `take 4` | `{"type": "take", "count": 4}` | refused (`take`): at most 3 |
"""


def copy_of_the_checkout(to):
    """The checkout's tracked files (as they are in the working tree), copied to ``to``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: its files are not listed")
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():  # (a file deleted in the working tree is left out)
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / name)


#: where tests/toygame.py (a plugin: game and profile in one module) parts in two
PROFILE_PART = "\n#: how the players and hints play it"


def add_the_toy_game(root):
    """The toy game in the built-in layout: the files a new game brings, and its line.
    The plugin module's game goes to engine/toy/, its players' profile to players/toy/
    (the engine imports no player)."""
    game, found, profile = (
        (ROOT / "tests" / "toygame.py").read_text().partition(PROFILE_PART)
    )
    assert found and "PlayerProfile(" in profile
    game = game.replace("from wordbot.players import PlayerProfile\n", "")
    assert "import PlayerProfile" not in game
    for layer, text in (
        ("engine", game),
        (
            "players",
            '"""The toy game\'s players: its profile."""\n\n'
            "from wordbot.engine.toy.game import tokens_left\n"
            "from wordbot.players import PlayerProfile\n" + PROFILE_PART + profile,
        ),
    ):
        package = root / layer / "toy"
        package.mkdir()
        name = "game.py" if layer == "engine" else "__init__.py"
        (package / name).write_text(text)
    (root / "engine" / "toy" / "__init__.py").write_text(
        '"""Hidden take-away: the toy game."""\n'
    )
    (root / "docs" / "rules" / "toy.md").write_text(RULES)
    (root / "docs" / "formats" / "toy.md").write_text(FORMATS)
    registry = root / "engine" / "games.py"
    text = registry.read_text()
    line = '    "crosswords": "wordbot.engine.crosswords.game:GAME",\n'
    assert line in text
    registry.write_text(
        text.replace(line, line + '    "toy": "wordbot.engine.toy.game:GAME",\n')
    )


def wordbot_in(root, *args):
    """``wordbot ARGS`` of the checkout at ``root`` (the copy first on PYTHONPATH)."""
    proc = subprocess.run(
        [sys.executable, "-m", "wordbot", *args],
        cwd=root,
        env=dict(os.environ, PYTHONPATH=str(root)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_game_is_its_own_files_and_one_registry_line(tmp_path):
    root = tmp_path / "checkout"
    copy_of_the_checkout(root)
    add_the_toy_game(root)

    games = {g["name"]: g for g in json.loads(wordbot_in(root, "games", "--json"))}
    assert "routewords" in games and games["toy"]["title"] == "Hidden take-away"
    standings = json.loads(
        wordbot_in(root, "tournament", "--game", "toy", "--players", "greedy,random",
                   "--games", "4", "--seed", "1", "--workers", "1", "--json")
    )  # fmt: skip
    assert standings["game"] == "toy" and standings["players"]["greedy"]["games"] == 4
    assert wordbot_in(root, "rules", "--game", "toy") == RULES
    (root / "start.json").write_text(
        wordbot_in(root, "new", "--game", "toy", "--seed", "1")
    )
    assert "tokens left" in wordbot_in(root, "hint", "start.json")  # the profile's field
    formats = subprocess.run(  # (its conftest's warm-up left out: no kernel is needed)
        [sys.executable, "-m", "pytest", "--noconftest", "-p", "no:cacheprovider", "-q",
         "tests/test_docs_formats.py", "-k", "toy or every_game"],
        cwd=root, env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    assert formats.returncode == 0, formats.stdout
    # every game's page and examples, the toy's position and its notation table
    assert "\n4 passed" in formats.stdout, formats.stdout
    packages = installed_packages(root)
    assert "wordbot.engine.toy" in packages and "wordbot.players.toy" in packages

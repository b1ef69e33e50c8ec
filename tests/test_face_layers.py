"""The faces import only downward: each of wordbot/'s packages and top-level modules
sits in one layer of :data:`FACES` and imports only from the layers below its own
(tests/test_game_interface.py holds the engine's layers, and tests/test_import_graph.py
that no module imports in a circle).

An import counts wherever it is written (inside a function too: the module still needs
the other one). A face that needs what a face of its own layer or above holds moves it
below both, as the game measures moved out of ``wordbot.study`` for the tournaments'
workers. A new package or module of wordbot/ is placed in :data:`FACES` by its author.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

#: the library beneath the faces; tests/test_game_interface.py orders its inside
LIBRARY = ("wordbot.engine", "wordbot.movegen", "wordbot.players", "wordbot.dictionaries")
#: the folders the library's packages install from
LIBRARY_FOLDERS = {name: name.split(".")[1] for name in LIBRARY}

#: every package and top-level module of wordbot/ (and the library), lowest first
FACES: tuple[tuple[str, ...], ...] = (
    ("wordbot._version", "wordbot._paths"),
    ("wordbot.errors",),
    LIBRARY,
    ("wordbot._numba",),  # names the modules of each game that compile
    ("wordbot",),  # the package itself: its __init__ sets numba's cache up
    ("wordbot.plugins", "wordbot.lexicons", "wordbot.measures", "wordbot.terminal",
     "wordbot.client"),
    ("wordbot.warm", "wordbot.spaces"),
    ("wordbot.protocol", "wordbot.tournament", "wordbot.openspiel", "wordbot.pettingzoo"),
    ("wordbot.stdio", "wordbot.server", "wordbot.study", "wordbot.openspiel_players"),
    ("wordbot.cli",),
    ("wordbot.__main__",),
)  # fmt: skip


def units(root: Path) -> dict[str, Path]:
    """Every unit of ``root``'s wordbot/ and library: its name -> its file or folder."""
    found = {"wordbot": root / "wordbot" / "__init__.py"}
    for path in (root / "wordbot").iterdir():
        if path.suffix == ".py" and path.stem != "__init__":
            found[f"wordbot.{path.stem}"] = path
        elif (path / "__init__.py").is_file():
            found[f"wordbot.{path.name}"] = path
    for name, folder in LIBRARY_FOLDERS.items():
        found[name] = root / folder
    return found


def unit_of(module: str, known) -> str | None:
    """The unit ``module`` (a dotted name, or a name imported from one) belongs to; None
    outside wordbot."""
    parts = module.split(".")
    if parts[0] != "wordbot":
        return None
    top = ".".join(parts[:2])
    return top if top in known else "wordbot"  # ``from wordbot import __version__``


def imports(path: Path) -> set[str]:
    """Every dotted name a source file imports, at any depth of the file."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def upward_imports(root: Path) -> list[str]:
    """Each import of ``root``'s faces (and of the library from the faces) that does
    not look down :data:`FACES`, and each unit that is in no layer."""
    layer = {name: n for n, names in enumerate(FACES) for name in names}
    known = units(root)
    problems = [f"{name}: in no layer of FACES" for name in known if name not in layer]
    for unit, where in sorted(known.items()):
        files = [where] if where.suffix == ".py" else sorted(where.rglob("*.py"))
        for path in files:
            for name in sorted(imports(path)):
                other = unit_of(name, known)
                if other is None or other == unit or unit not in layer:
                    continue
                if other in LIBRARY and unit in LIBRARY:
                    continue  # the library's own order: tests/test_game_interface.py
                if layer.get(other, len(FACES)) >= layer[unit]:
                    problems.append(
                        f"{path.relative_to(root)} imports {name}: {other} is not "
                        f"below {unit}"
                    )
    return problems


def test_the_faces_import_only_downward():
    problems = upward_imports(ROOT)
    assert not problems, "\n".join(problems)
    # every package and top-level module of wordbot/ is placed, and nothing else
    declared = {name for names in FACES for name in names}
    assert set(units(ROOT)) == declared
    assert {"wordbot.cli", "wordbot.study", "wordbot.tournament"} <= declared


def test_an_upward_import_or_an_unplaced_face_is_named(tmp_path):
    """The check itself: a tournament module reaching up into the study, the library
    reaching into a face, a face importing its own layer's neighbour, a module no layer
    holds."""
    files = {
        "wordbot/__init__.py": "",
        "wordbot/errors.py": "",
        "wordbot/measures.py": "",
        "wordbot/plugins.py": "",
        "wordbot/tournament/__init__.py": "",
        "wordbot/tournament/store.py": (
            "from wordbot.measures import game_measures\n"
            "def later():\n    from wordbot.study.measures import game_measures\n"
        ),
        "wordbot/study/__init__.py": "import wordbot.tournament\n",
        "wordbot/protocol/__init__.py": "from wordbot import tournament\n",
        "wordbot/newface.py": "",
        "engine/__init__.py": "from wordbot.errors import WordbotError\n",
        "engine/game.py": "from wordbot.plugins import BUILTIN\n",
        "movegen/__init__.py": "",
        "players/__init__.py": "import wordbot.engine\n",
        "dictionaries/__init__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert sorted(upward_imports(tmp_path)) == sorted(
        [
            "wordbot.newface: in no layer of FACES",
            "wordbot/tournament/store.py imports wordbot.study.measures.game_measures: "
            "wordbot.study is not below wordbot.tournament",
            "wordbot/protocol/__init__.py imports wordbot.tournament: wordbot.tournament "
            "is not below wordbot.protocol",
            "engine/game.py imports wordbot.plugins.BUILTIN: wordbot.plugins is not below "
            "wordbot.engine",
        ]
    )

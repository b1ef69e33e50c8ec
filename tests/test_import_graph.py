"""No import cycle anywhere in the project: the graph of which module imports which,
built from the source with ``ast``, has no cycle.

Every ``import`` and ``from ... import`` counts wherever it is written: at the top of
a module, inside a function, under ``if TYPE_CHECKING:``. An import moved into a
function still ties the two modules together (each needs the other to be read), so a
cycle is broken by moving what both need below both, never by hiding the import.

Modules are named as they install: engine/ is ``wordbot.engine``, movegen/
``wordbot.movegen``, players/ ``wordbot.players``, dictionaries/
``wordbot.dictionaries``; tests/ and benchmarks/ keep their own names. ``from P import
n`` is an edge to the module ``P.n`` when there is one, else to ``P`` (the name is
defined there); importing a module does not count as importing its parent packages.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from tests.conftest import ROOT

#: folder -> the name its modules install under
FOLDERS = {
    "wordbot": "wordbot",
    "engine": "wordbot.engine",
    "movegen": "wordbot.movegen",
    "players": "wordbot.players",
    "dictionaries": "wordbot.dictionaries",
    "tests": "tests",
    "benchmarks": "benchmarks",
}


def project_modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Every module of the project: its installed name -> (file, is a package)."""
    modules = {}
    for folder, name in FOLDERS.items():
        for path in (root / folder).rglob("*.py"):
            parts = path.relative_to(root / folder).with_suffix("").parts
            package = parts[-1] == "__init__"
            if package:
                parts = parts[:-1]
            modules[".".join((name, *parts))] = (path, package)
    return modules


def imported(node: ast.AST, module: str, package: bool, known: Iterable[str]) -> list[str]:
    """The project modules one import statement of ``module`` imports."""
    known = set(known)
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in known]
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        here = module.split(".") if package else module.split(".")[:-1]
        base = ".".join(here[: len(here) - (node.level - 1)])
        base = f"{base}.{node.module}" if node.module else base
    else:
        base = node.module or ""
    out = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in known:
            out.append(sub)
        elif base in known:
            out.append(base)
    return out


def import_graph(root: Path) -> dict[str, set[str]]:
    """module -> the project modules it imports (at any depth of its source)."""
    modules = project_modules(root)
    graph: dict[str, set[str]] = {}
    for name, (path, package) in modules.items():
        edges = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges.update(imported(node, name, package, modules))
        edges.discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[tuple[list[str], list[str]]]:
    """Each strongly connected group of modules (Tarjan's components), sorted, with one
    shortest cycle through its first module (a breadth-first search back to itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    found = []
    for group in groups:
        members, start = set(group), group[0]
        came_from: dict[str, str] = {}
        frontier = [start]
        while frontier and start not in came_from:
            nxt = []
            for v in frontier:
                for w in sorted(graph[v] & members):
                    if w not in came_from:
                        came_from[w] = v
                        nxt.append(w)
            frontier = nxt
        path = [start]
        while (v := came_from[path[-1]]) != start:
            path.append(v)
        found.append((group, [start, *reversed(path[1:]), start]))
    return found


def test_the_project_has_no_import_cycle():
    graph = import_graph(ROOT)
    assert "wordbot.engine.controlword.state" in graph
    assert "wordbot.engine.state" in graph["wordbot.engine.controlword.state"]
    assert len(graph) > 300
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(
        f"{' -> '.join(cycle)}  (the group: {', '.join(group)})" for group, cycle in found
    )


def write(root: Path, files: dict[str, str]) -> None:
    for folder in FOLDERS:
        (root / folder).mkdir(exist_ok=True)
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_an_import_inside_a_function_or_for_types_is_an_edge(tmp_path):
    write(
        tmp_path,
        {
            "engine/__init__.py": "",
            "engine/g/__init__.py": "",
            "engine/g/a.py": "def f():\n    from wordbot.engine.g import b\n",
            "engine/g/b.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from .c import C\n"
            ),
            "engine/g/c.py": "import wordbot.engine.g.a\nfrom ..g.b import x\n",
            "engine/g/d.py": "from wordbot.engine.g.a import f\n",
            "tests/t.py": "from wordbot.engine.g import d\nimport numpy\n",
        },
    )
    graph = import_graph(tmp_path)
    assert graph["wordbot.engine.g.a"] == {"wordbot.engine.g.b"}
    assert graph["wordbot.engine.g.b"] == {"wordbot.engine.g.c"}
    assert graph["wordbot.engine.g.c"] == {"wordbot.engine.g.a", "wordbot.engine.g.b"}
    assert graph["tests.t"] == {"wordbot.engine.g.d"}
    group = ["wordbot.engine.g.a", "wordbot.engine.g.b", "wordbot.engine.g.c"]
    assert cycles(graph) == [(group, [*group, "wordbot.engine.g.a"])]


def test_a_graph_without_a_cycle_passes(tmp_path):
    write(
        tmp_path,
        {
            "engine/__init__.py": "from wordbot.engine import low\n",
            "engine/low.py": "import os\n",
            "engine/high.py": "from . import low\nfrom .low import os\n",
        },
    )
    graph = import_graph(tmp_path)
    assert graph["wordbot.engine.high"] == {"wordbot.engine.low"}
    assert cycles(graph) == []

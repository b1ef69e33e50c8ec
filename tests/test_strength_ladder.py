"""The strength page's script republishes some games and keeps the others' rows."""

from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "strength_ladder.py"


def _script():
    spec = importlib.util.spec_from_file_location("strength_ladder", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_its_examples_run():
    assert doctest.testmod(_script()).failed == 0


def _page(dates: dict[str, str]) -> str:
    rows = "\n".join(
        f"| {title} | 2: x | `level:n=2` | `level:n=1` | 10 | 6-0-4 | 60.0 % "
        f"| +70 (-1, +2) | +70 | 0.0001 / 0.0001 |"
        for title in dates
    )
    when = "\n".join(f"  - {title}: {at}." for title, at in dates.items())
    return f"# Strength\n\n| game | level |\n|---|---|\n{rows}\n\n- Measured:\n{when}\n"


def test_keep_republishes_the_games_played_and_keeps_the_others_rows(tmp_path):
    old = {
        "Control Word": "2026-01-01 on A",
        "RouteWords": "2026-01-02 on B",
        "First Draft": "2026-01-01 on A",
        "Cross words combat": "2026-01-03 on A",
    }
    page = tmp_path / "strength.md"
    page.write_text(_page(old))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--finished", "--out", str(tmp_path / "none"),
         "--game", "crosswords", "--keep", "--write", str(page)],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = page.read_text()
    for title in ("Control Word", "RouteWords", "First Draft"):
        assert f"| {title} | 2: x | `level:n=2` | `level:n=1` | 10 | 6-0-4 |" in text
    # the game played again: its old row gone, its cells listed (none finished here)
    assert "| Cross words combat | 2: x |" not in text
    assert "| Cross words combat | 2: " in text and "not measured yet" in text
    lines = text.splitlines()
    at = lines.index("- Measured:")
    assert lines[at + 1] == "  - Control Word and First Draft: 2026-01-01 on A."
    assert lines[at + 2] == "  - RouteWords: 2026-01-02 on B."
    assert lines[at + 3].startswith("  - Cross words combat: 20")
    assert "2026-01-03" not in text
    # the page it wrote reads back: kept again, nothing changes
    again = subprocess.run(
        [sys.executable, str(SCRIPT), "--finished", "--out", str(tmp_path / "none"),
         "--game", "crosswords", "--keep", "--write", str(page)],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert again.returncode == 0 and page.read_text() == text


def test_keep_refuses_a_page_that_says_not_when_a_game_was_measured(tmp_path):
    page = tmp_path / "strength.md"
    page.write_text(_page({"Control Word": "2026-01-01 on A"}).replace("  - Control", "x"))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--finished", "--out", str(tmp_path / "none"),
         "--game", "crosswords", "--keep", "--write", str(page)],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode != 0
    assert "not when Control Word was measured" in done.stderr
    assert "Traceback" not in done.stderr

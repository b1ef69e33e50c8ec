"""The repository stands on its own: every relative link of its Markdown files lands on
a file inside it, and nothing but CHANGELOG.md tells history (issue numbers, commit
hashes), which git log keeps.

The files are those git tracks (a fresh clone's); where git is missing, every file
under the checkout but its caches and virtual environments.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: folders that are never part of the repository's text
SKIP = {".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
#: files whose bytes are not text (compressed word lists, pictures)
BINARY = {".gz", ".png", ".jpg", ".ico", ".woff", ".woff2"}
#: an inline link or image, ``[text](target "title")``, or a reference definition
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)
#: targets that leave the repository on purpose (web pages, mail) or stay on the page
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.I)
#: "issue" or "issues" and a number, with "#" or without: an issue tracker's numbering
ISSUE = re.compile(r"\bissues?\s+#?\d+\b", re.I)
#: an abbreviated (7-12 hex digits) or full (40) commit hash: letters and digits mixed,
#: so that numbers and words (``deadbeef`` aside) are not taken for one; a checksum (32
#: or 64 digits) is neither
HASH = re.compile(
    r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])(?:[0-9a-f]{7,12}|[0-9a-f]{40})\b"
)


def tracked() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        names = [n for n in out.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not SKIP & set(p.relative_to(ROOT).parts)
        ]
    return [ROOT / n for n in sorted(names) if (ROOT / n).is_file()]


FILES = tracked()
MARKDOWN = [p for p in FILES if p.suffix == ".md"]


def text(path: Path) -> str | None:
    if path.suffix in BINARY:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None


def links(markdown: str) -> list[tuple[int, str]]:
    """The link targets of ``markdown`` with their line numbers, code left out (a
    fenced block or an inline code span shows a link, it is not one).

    >>> links("see [a](a.md), `[b](b.md)`\\n```\\n[c](c.md)\\n```\\n[d]: d.md#x")
    [(1, 'a.md'), (5, 'd.md#x')]
    """
    found, fence = [], None
    for number, line in enumerate(markdown.splitlines(), 1):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            marker = stripped[:3]
            fence = None if fence == marker else (fence or marker)
            continue
        if fence:
            continue
        line = re.sub(r"`[^`]*`", "", line)
        found += [(number, m.group(1)) for m in LINK.finditer(line)]
        found += [(number, m.group(1)) for m in DEFINITION.finditer(line)]
    return found


@pytest.mark.parametrize("doc", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_lands_inside_the_repository(doc):
    broken = []
    for number, target in links(doc.read_text(encoding="utf-8")):
        if EXTERNAL.match(target):
            continue
        path = target.split("#", 1)[0].split("?", 1)[0]
        resolved = (doc.parent / path).resolve()
        if not resolved.is_relative_to(ROOT):
            broken.append(f"line {number}: {target} leaves the repository")
        elif not resolved.exists():
            broken.append(f"line {number}: {target} does not exist")
    assert not broken, "\n".join(broken)


def test_the_link_check_sees_a_broken_link_and_one_that_leaves(tmp_path):
    found = [t for _, t in links("[x](../shared/RULES.md) and [y](docs/nope.md)")]
    assert found == ["../shared/RULES.md", "docs/nope.md"]
    assert not (ROOT / "docs" / "nope.md").exists()
    assert not (ROOT / "../shared/RULES.md").resolve().is_relative_to(ROOT)


def history_in(content: str) -> list[str]:
    """The issue numbers and commit hashes ``content`` names.

    >>> told = "fixed in 0409" + "d89 (issue" + " 32); md5 0e4e2aee7f944002e1272815a45a7fad"
    >>> history_in(told) == ["issue" + " 32", "0409" + "d89"]  # (this file tells none)
    True
    >>> history_in("decade 1000000 facade")
    []
    """
    return [m.group(0) for m in ISSUE.finditer(content)] + [
        m.group(0) for m in HASH.finditer(content)
    ]


def test_no_file_but_the_changelog_tells_history():
    told = []
    for path in FILES:
        if path.name == "CHANGELOG.md" and path.parent == ROOT:
            continue
        content = text(path)
        if content is None:
            continue
        for number, line in enumerate(content.splitlines(), 1):
            for found in history_in(line):
                told.append(f"{path.relative_to(ROOT)}:{number}: {found}")
    assert not told, "history belongs in CHANGELOG.md and git log:\n" + "\n".join(told)

"""The shell examples of README.md and of every Markdown file under docs/ run and exit 0.

Every shell block (a fence of sh, bash, shell, console or zsh) carries a mark on the line
right before its opening fence, an HTML comment that GitHub does not show:

    <!-- run -->                  the block runs in this test
    <!-- slow: REASON -->         it runs in the slow run only (``pytest -m slow``):
                                  REASON says why (whole games that take a while)
    <!-- skip: REASON -->         it does not run (a set-up, a server, a terminal, a
                                  file of the reader's own), and REASON says why

An unmarked shell block fails ``test_shell_blocks_are_marked``, so no new example slips
by unchecked; so does a fence without a language that holds shell commands (label it
``sh`` and mark it).

A runnable block holds commands only: no ``$ `` prompts and no output lines (a console
transcript is marked skip). Comments after ``#`` are fine. Each runnable block runs as
``bash -e -o pipefail -c BLOCK``, with stdin at end of file (``wordbot play`` starts the
game and stops at once, which checks its options), each block in an empty temporary
directory of its own (a block is a session: it writes what it reads, so the blocks run
in any order, on any pytest-xdist worker), the venv's ``bin`` first on PATH. The caches are the suite's own (the lexicons and kernels the
warm-up compiled, tests/warmup.py), so no example builds a word list or compiles a
kernel again; a fresh cache's first build is checked by tests/test_cli_lexicon.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

import wordbot  # noqa: F401  (sets NUMBA_CACHE_DIR when the environment has none)

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELL = {"sh", "bash", "shell", "console", "zsh"}
RUNNABLE = {"sh", "bash", "shell"}
MARK = re.compile(r"^<!--\s*(run|slow|skip)\b\s*(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^\s*(`{3,})\s*([^`\s]*)")
# a line of an unlabelled fence that is a shell command
SHELL_LINE = re.compile(r"^(\$ |wordbot |python3? |pip |curl )")
TIMEOUT = 600  # seconds a block may take


@dataclass(frozen=True)
class Block:
    doc: str  # path relative to the checkout, e.g. "docs/protocol.md"
    line: int  # line of the opening fence, from 1
    lang: str
    text: str
    mark: str | None  # "run", "skip" or None
    reason: str  # the skip's reason

    @property
    def id(self) -> str:
        return f"{self.doc}:L{self.line}"


def parse(path: Path) -> tuple[list[Block], list[str]]:
    """The shell blocks of a Markdown file, and what is wrong with its marks."""
    doc = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    problems: list[str] = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        mark = MARK.match(lines[i].strip())
        if mark and not (i + 1 < len(lines) and FENCE.match(lines[i + 1])):
            problems.append(f"{doc}:L{i + 1}: a mark not right before a fence")
        if not fence:
            i += 1
            continue
        ticks, lang = fence.group(1), fence.group(2).lower()
        end = i + 1
        while end < len(lines) and lines[end].strip() != ticks:
            end += 1
        body = lines[i + 1 : end]
        where = f"{doc}:L{i + 1}"
        before = MARK.match(lines[i - 1].strip()) if i else None
        if lang in SHELL:
            kind = before.group(1) if before else None
            reason = (before.group(2) or "") if before else ""
            if kind is None:
                problems.append(
                    f"{where}: unmarked {lang} block: put <!-- run --> or "
                    "<!-- slow: REASON --> or <!-- skip: REASON --> on the line before it"
                )
            elif kind in ("skip", "slow") and not reason:
                problems.append(f"{where}: <!-- {kind} --> without a reason")
            elif kind in ("run", "slow") and (
                lang not in RUNNABLE or any(line.lstrip().startswith("$ ") for line in body)
            ):
                problems.append(
                    f"{where}: a runnable block holds commands only (no '$ ' prompts, "
                    "no output); mark a transcript skip"
                )
            text = textwrap.dedent("\n".join(body)) + "\n"
            blocks.append(Block(doc, i + 1, lang, text, kind, reason))
        elif before:
            problems.append(f"{where}: a mark on a {lang or 'plain'} block")
        elif not lang and any(SHELL_LINE.match(line.lstrip()) for line in body):
            problems.append(f"{where}: shell commands in a fence without a language")
        i = end + 1
    return blocks, problems


PARSED = {path: parse(path) for path in DOCUMENTS}
BLOCKS = [block for blocks, _ in PARSED.values() for block in blocks]


def test_shell_blocks_are_marked():
    problems = [problem for _, found in PARSED.values() for problem in found]
    assert not problems, "\n".join(problems)


def test_there_are_examples_to_run():
    assert sum(block.mark == "run" for block in BLOCKS) >= 5


@pytest.fixture(scope="session")
def doc_env():
    """The environment the examples run in: the venv's commands first on PATH."""
    bindir = Path(sys.executable).parent
    assert (bindir / "wordbot").exists(), f"no wordbot command beside {sys.executable}"
    env = dict(os.environ)
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    built = subprocess.run(
        ["wordbot", "lexicon", "info"],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert built.returncode == 0, built.stderr
    return env


def run_block(block: Block, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", block.text],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


def tail(text: str, size: int = 4000) -> str:
    return text if len(text) <= size else "...\n" + text[-size:]


@pytest.mark.parametrize(
    "block",
    [
        pytest.param(
            block, id=block.id, marks=[pytest.mark.slow] if block.mark == "slow" else []
        )
        for block in BLOCKS
        if block.mark in ("run", "slow")
    ],
)
def test_example_runs(block, doc_env, tmp_path):
    """A runnable block, in a directory of its own: each block is a session of its own
    (what it reads it writes first), so blocks run in any order on any worker. Blocks
    marked slow run in the slow run; blocks marked skip never (test_shell_blocks_are_marked
    checks that both say why)."""
    result = run_block(block, doc_env, tmp_path)
    if result.returncode != 0:
        pytest.fail(
            f"{block.id} exited {result.returncode}\n"
            f"--- block\n{block.text}"
            f"--- stdout\n{tail(result.stdout)}\n"
            f"--- stderr\n{tail(result.stderr)}",
            pytrace=False,
        )

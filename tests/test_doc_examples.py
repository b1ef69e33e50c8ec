"""The shell examples of README.md and docs/*.md run and exit 0.

Every shell block (a fence of sh, bash, shell, console or zsh) carries a mark on the line
right before its opening fence, an HTML comment that GitHub does not show:

    <!-- run -->                  the block runs in this test
    <!-- skip: REASON -->         it does not (a set-up, a server, a terminal, a file
                                  of the reader's own, or too slow), and REASON says why

An unmarked shell block fails ``test_shell_blocks_are_marked``, so no new example slips
by unchecked; so does a fence without a language that holds shell commands (label it
``sh`` and mark it).

A runnable block holds commands only: no ``$ `` prompts and no output lines (a console
transcript is marked skip). Comments after ``#`` are fine. Each runnable block runs as
``bash -e -o pipefail -c BLOCK``, with stdin at end of file (``wordbot play`` starts the
game and stops at once, which checks its options), the blocks of one document in order
in one temporary directory (a block may read the files an earlier one wrote), the venv's
``bin`` first on PATH, and ``WORDBOT_CACHE_DIR`` a fresh lexicon cache made once per test
session. ``NUMBA_CACHE_DIR`` stays this process's own, so the kernels are not compiled
again.
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
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL = {"sh", "bash", "shell", "console", "zsh"}
RUNNABLE = {"sh", "bash", "shell"}
MARK = re.compile(r"^<!--\s*(run|skip)\b\s*(?::\s*(.*?))?\s*-->\s*$")
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
                    "<!-- skip: REASON --> on the line before it"
                )
            elif kind == "skip" and not reason:
                problems.append(f"{where}: <!-- skip --> without a reason")
            elif kind == "run" and (
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
def doc_env(tmp_path_factory):
    """The environment the examples run in: a fresh lexicon cache, built once here."""
    bindir = Path(sys.executable).parent
    assert (bindir / "wordbot").exists(), f"no wordbot command beside {sys.executable}"
    env = dict(os.environ)
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    env["WORDBOT_CACHE_DIR"] = str(tmp_path_factory.mktemp("wordbot-cache"))
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


class Documents:
    """Each document's directory and the results of its blocks run so far."""

    def __init__(self, env: dict, tmp_path_factory):
        self.env = env
        self.tmp_path_factory = tmp_path_factory
        self.dirs: dict[str, Path] = {}
        self.results: dict[Block, subprocess.CompletedProcess] = {}

    def run(self, block: Block) -> subprocess.CompletedProcess:
        """Run ``block``, after the runnable blocks before it in its document."""
        if block.doc not in self.dirs:
            name = re.sub(r"\W", "-", block.doc)
            self.dirs[block.doc] = self.tmp_path_factory.mktemp(name)
        for earlier in BLOCKS:
            if earlier.doc != block.doc or earlier.mark != "run":
                continue
            if earlier.line >= block.line:
                break
            if earlier not in self.results:
                self.results[earlier] = self._run(earlier)
            if self.results[earlier].returncode != 0:
                pytest.skip(f"{earlier.id}, run before it in the same directory, failed")
        if block not in self.results:
            self.results[block] = self._run(block)
        return self.results[block]

    def _run(self, block: Block) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", block.text],
            cwd=self.dirs[block.doc],
            env=self.env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )


@pytest.fixture(scope="session")
def documents(doc_env, tmp_path_factory):
    return Documents(doc_env, tmp_path_factory)


def tail(text: str, size: int = 4000) -> str:
    return text if len(text) <= size else "...\n" + text[-size:]


@pytest.mark.parametrize(
    "block",
    [
        pytest.param(
            block,
            id=block.id,
            marks=() if block.mark == "run" else pytest.mark.skip(reason=block.reason),
        )
        for block in BLOCKS
        if block.mark is not None
    ],
)
def test_example_runs(block, documents):
    result = documents.run(block)
    if result.returncode != 0:
        pytest.fail(
            f"{block.id} exited {result.returncode}\n"
            f"--- block\n{block.text}"
            f"--- stdout\n{tail(result.stdout)}\n"
            f"--- stderr\n{tail(result.stderr)}",
            pytrace=False,
        )

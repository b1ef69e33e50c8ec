"""``wordbot rules``: each game's rules page in the terminal, rendered on a terminal and
as Markdown elsewhere; a plugin game without a page gets its rule options."""

from __future__ import annotations

import os
import pty
import select
import subprocess

import pytest
from wordbot.engine.games import GAMES

from tests.cli_support import ROOT, cli_env, invoke, run, wordbot_command


@pytest.mark.parametrize("name", GAMES.names())
def test_each_game_prints_its_page_without_the_documentation_marks(name):
    out = invoke("rules", "--game", name)
    assert out.returncode == 0, out.stderr
    page = (ROOT / "docs" / "rules" / f"{name}.md").read_text()
    assert out.stdout.startswith(f"# {GAMES[name].title}\n")
    assert "## How to win" in out.stdout and "## Rule options" in out.stdout
    assert "<!--" not in out.stdout and "<!--" in page  # the marks are the tests'
    assert out.stdout.count("\n") == page.count("\n") - page.count("<!--")


def test_the_default_game_is_control_word_in_a_real_process():
    out = run("rules")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# Control Word\n") and out.stderr == ""


def test_a_plugin_game_without_a_page_gets_its_rule_options():
    out = invoke("--plugin", "tests.toygame", "rules", "--game", "toy")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# ") and "no rules page" in out.stdout
    assert "| option | default | allowed | meaning |" in out.stdout


def test_an_unknown_game_is_one_line_and_exit_2():
    out = run("rules", "--game", "chess")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "chess" in out.stderr and not out.stdout


def test_on_a_terminal_the_page_is_rendered():
    """On a terminal (a real pseudo-terminal here) rich renders the Markdown: headings
    without their hashes, tables drawn; the pager is ``cat`` so nothing waits."""
    parent, child = pty.openpty()
    proc = subprocess.Popen(
        wordbot_command("rules", "--game", "routewords"),
        stdin=child,
        stdout=child,
        stderr=child,
        env=cli_env({"PAGER": "cat", "COLUMNS": "100", "TERM": "xterm-256color"}),
    )
    os.close(child)
    chunks = []
    while True:
        ready, _, _ = select.select([parent], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(parent, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    assert proc.wait(timeout=60) == 0
    os.close(parent)
    shown = b"".join(chunks).decode(errors="replace")
    assert "RouteWords" in shown and "How to win" in shown
    assert "## How to win" not in shown  # a heading, not its Markdown
    assert "\x1b[" in shown  # styled

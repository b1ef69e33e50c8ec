"""The page of ``wordbot serve`` keeps its game through a drop, in headless Chromium: a
server killed with SIGKILL and started again on the same port and ``--state-dir`` (the
page says it lost the connection, rejoins by itself, says so, and the game goes on
where it was), and a page loaded again mid-game (the token kept in the tab's
sessionStorage: every move is shown again)."""

from __future__ import annotations

import os
import signal

import pytest

from tests.faces_support import ServerProcess
from tests.test_faces_page import (
    HINT_ON,
    log_lines,
    new_game,
    open_game_page,
    over_or_ready,
    wait_or_explain,
)
from tests.test_faces_page_crosswords import (
    SEED,
    grid_letters,
    replay,
    state_letters,
    wait_for_legal,
)


def start(page) -> None:
    new_game(
        page,
        "greedy",
        shown="#xw-grid .xw-cell.xw-letter",
        ready=HINT_ON.format("#xw-hint"),
    )


def move_from_hint(page) -> None:
    """The first hint made (a write, or a pass when it is one), then until it is the
    page's turn again."""
    before = len(log_lines(page))
    wait_for_legal(page)
    page.click("#xw-hint")
    page.wait_for_selector("#hints li")
    if page.locator("#hints li").first.inner_text().startswith("pass"):
        page.click("#xw-pass")
    else:
        page.locator("#hints li").first.click()
        page.click("#xw-write")
    wait_or_explain(page, f"document.querySelectorAll('#log li').length > {before}")
    assert not over_or_ready(page, "#xw-hint")


def text_includes(selector: str, text: str) -> str:
    return f"document.querySelector({selector!r}).textContent.includes({text!r})"


def server_args(state) -> tuple[str, ...]:
    return ("--player", "greedy", "--game", "crosswords", "--seed", str(SEED),
            "--state-dir", str(state), "--log-level", "warning")  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(*server_args(tmp_path_factory.mktemp("games")))
    yield srv
    srv.close()


def test_the_page_rejoins_by_itself_when_its_server_is_killed_and_started_again(
    browser, tmp_path
):
    args = server_args(tmp_path / "games")
    server = ServerProcess(*args)
    try:
        with open_game_page(browser, server.url, "crosswords", "Cross words") as page:
            start(page)
            move_from_hint(page)
            lines, grid = log_lines(page), grid_letters(page)
            os.kill(server.proc.pid, signal.SIGKILL)
            server.proc.wait(timeout=20)
            page.wait_for_function(
                text_includes("#status", "Lost the connection to the server; rejoining")
            )
            assert page.locator("#new-game").is_disabled()
            server = ServerProcess(*args, port=server.port)
            page.wait_for_function(text_includes("#message", "Rejoined your game"))
            assert log_lines(page) == lines and grid_letters(page) == grid
            assert "your turn" in page.inner_text("#status")
            move_from_hint(page)  # the game and its bot go on where they were
            now = log_lines(page)
            assert now[: len(lines)] == lines and len(now) > len(lines)
            assert any(line.startswith("green (greedy): ") for line in now[len(lines) :])
            assert grid_letters(page) == state_letters(replay(now))
            seat = page.evaluate("JSON.parse(sessionStorage.getItem('wordbot.seat'))")
            assert seat["game"] == "crosswords" and seat["human"] == "red"
            assert len(seat["token"]) >= 32
            assert page.evaluate("localStorage.length") == 0
            assert page.context.cookies() == []
    finally:
        server.close()


def test_a_page_loaded_again_mid_game_shows_every_move_and_plays_on(server, browser):
    with open_game_page(browser, server.url, "crosswords", "Cross words") as page:
        start(page)
        move_from_hint(page)
        move_from_hint(page)
        lines, grid = log_lines(page), grid_letters(page)
        page.reload()
        page.wait_for_function(text_includes("#message", "Rejoined your game"))
        assert log_lines(page) == lines and grid_letters(page) == grid
        assert page.input_value("#bot") == "greedy"
        assert "your turn" in page.inner_text("#status")
        move_from_hint(page)
        assert grid_letters(page) == state_letters(replay(log_lines(page)))
        # a new game forgets the old one: a reload now shows the new game. Its
        # table is told once the log is empty (the last game's board and hint button
        # would satisfy start's own waits before the server's reply came).
        start(page)
        wait_or_explain(page, "document.querySelectorAll('#log li').length === 0")
        page.reload()
        page.wait_for_function(text_includes("#message", "Rejoined your game"))
        assert log_lines(page) == [] and "your turn" in page.inner_text("#status")


def test_a_long_wait_for_the_server_says_why_it_may_be_long(server, browser):
    """Any wait past 5 s (not only a bot's) says the server may be preparing the
    game's code: a first use after an install compiles it."""
    with open_game_page(browser, server.url, "crosswords", "Cross words") as page:
        # (a function is called by evaluate: the wait's end is kept, not called)
        page.evaluate(
            "() => { window.endWait = waitFor('asking the server for your moves'); }"
        )
        page.wait_for_function(text_includes("#status", "… 5 s"), timeout=15_000)
        said = page.inner_text("#status")
        assert said.startswith("asking the server for your moves… 5 s (")
        assert "preparing this game's code for its first use" in said
        page.evaluate("window.endWait()")
        assert "…" not in page.inner_text("#status")

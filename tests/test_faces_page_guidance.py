"""What the page of ``wordbot serve`` tells a newcomer, in headless Chromium, in every game
with a page: a hint is laid out and only the game's play button makes it; a hint's
figures are rounded and explained for the bot that made them; "How to play" says how
each game is won; and the page never waits silently: a Hint pressed while it cannot act
says why, and a wait past two seconds is counted in the status line."""

from __future__ import annotations

import contextlib
import json
import re

import pytest

from tests.faces_support import ServerProcess, serving
from tests.test_faces_page import (
    HINT_ON,
    game_server,
    log_lines,
    new_game,
    open_game_page,
    wait_or_explain,
)

#: each game's title (or its start), what shows once a game is drawn, its Hint button
#: and the button that makes the move laid out
GAMES = {
    "controlword": ("Control Word", "#board .cell", "#hint", "#play"),
    "crosswords": ("Cross words", "#xw-grid .xw-cell.xw-letter", "#xw-hint", "#xw-write"),
    "firstdraft": ("First Draft", "#fd-line .fd-coaster", "#fd-hint", "#fd-take"),
    "routewords": ("RouteWords", "#rw-grid .rw-square", "#rw-hint", "#rw-play"),
}


@pytest.fixture(scope="module")
def server():
    with game_server(seed=7) as srv:
        yield srv


def received(page) -> list[dict]:
    return [json.loads(frame) for frame in page.wordbot_frames]


def sent(page, cmd: str) -> list[dict]:
    msgs = [json.loads(frame) for frame in page.wordbot_sent]
    return [m for m in msgs if m.get("cmd") == cmd]


def start(page, game: str, bot: str = "greedy") -> None:
    _, shown, hint, _ = GAMES[game]
    new_game(page, bot, shown=shown, ready=HINT_ON.format(hint))


def ask_for_hints(page, game: str) -> list[dict]:
    """Press Hint; the candidates the server sent, once the list shows them."""
    page.click(GAMES[game][2])
    page.wait_for_selector("#hints li")
    return [m for m in received(page) if m.get("type") == "hint"][-1]["candidates"]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_laid_out_and_only_the_play_button_makes_it(server, browser, game):
    title, _, _, confirm = GAMES[game]
    with open_game_page(browser, server.url, game, title) as page:
        start(page, game)
        best = ask_for_hints(page, game)[0]
        turn, log, plays = (
            page.evaluate("game.turn"),
            log_lines(page),
            len(sent(page, "play")),
        )
        page.locator("#hints li").first.click()
        assert "press" in page.inner_text("#message")
        if game == "routewords" and best["move"]["type"] == "route":
            # its squares numbered in order, its end corner ringed
            for step, (r, c) in enumerate(best["move"]["path"], start=1):
                square = page.locator(f'#rw-grid .rw-square[data-r="{r}"][data-c="{c}"]')
                assert square.get_attribute("data-step") == str(step)
            i, j = best["move"]["end"]
            assert page.locator("#rw-grid .rw-point.end").count() == 1
            end = page.locator(f'#rw-grid .rw-point.end[data-i="{i}"][data-j="{j}"]')
            assert end.count() == 1
        page.wait_for_timeout(1000)  # time enough for a move to have gone out
        assert len(sent(page, "play")) == plays, "the hint's click sent a move"
        assert log_lines(page) == log and page.evaluate("game.turn") == turn
        page.click(confirm)
        wait_or_explain(page, f"document.querySelectorAll('#log li').length > {len(log)}")
        assert log_lines(page)[len(log)] == f"red (you): {best['notation']}"
        assert len(sent(page, "play")) == plays + 1
        assert page.evaluate("game.turn") > turn


def test_a_hints_equity_is_rounded_and_explained(server, browser):
    with open_game_page(browser, server.url, "controlword", "Control Word") as page:
        start(page, "controlword")
        cands = ask_for_hints(page, "controlword")
        items = page.locator("#hints li")
        for k, cand in enumerate(cands):
            text, title = items.nth(k).inner_text(), items.nth(k).get_attribute("title")
            shown = re.search(r"equity (-?\d+\.\d)$", text)  # one decimal
            assert shown and abs(float(shown[1]) - cand["equity"]) <= 0.05 + 1e-9, text
            # what equity is for greedy, the hints' bot of this server
            assert "worth in points as greedy ranks the moves" in title, title
            assert "the most points now" in title, title


def test_a_searching_bots_hints_show_wins_and_margin(browser):
    """mc plays on after each move: its hints say, rounded, how often that was won (when
    its lines of play reached the end) and by how much, never calling them equity."""
    with contextlib.closing(
        ServerProcess("--player", "mc:time=0.3", "--seed", "7", "--log-level", "warning")
    ) as srv, open_game_page(browser, srv.url, "routewords", "RouteWords") as page:  # fmt: skip
        start(page, "routewords", bot="greedy")
        cands = ask_for_hints(page, "routewords")
        items = page.locator("#hints li")
        for k, cand in enumerate(cands):
            text, title = items.nth(k).inner_text(), items.nth(k).get_attribute("title")
            figures = text.split(" pts, ")[1]
            assert "equity" not in figures, text
            wins = re.search(r"wins (\d+) %", figures)
            assert (wins is not None) == (cand["win_rate"] is not None), text
            if wins:
                assert abs(int(wins[1]) - 100 * cand["win_rate"]) <= 0.5, text
                assert "the share of them that you won" in title, title
            # mc's mean margin: sent as such, or as the equity it ranks by
            margin = cand.get("margin", cand["equity"])
            shown = re.search(r"margin ([+-]?\d+\.\d)$", figures)
            # a half rounds up: 1.75 is shown 1.8
            assert shown and abs(float(shown[1]) - margin) <= 0.05 + 1e-9, text
            assert f"mc played on after this move: {cand['iterations']} lines" in title
            assert "your score minus the best other's" in title, title


#: what each game's "How to play" must say of how it is won (the rules: the highest end
#: score, control of the words counted at the end; the most points; coins less discards;
#: captured cells)
WON_BY = {
    "controlword": ["How it is won", "highest end score", "points column is not",
                    "most tiles", "penalty"],
    "crosswords": ["How it is won", "most captured cells", "turn limit"],
    "firstdraft": ["How it is won", "highest score", "coins", "discarded"],
    "routewords": ["How it is won", "most points", "last coin", "turn limit"],
}  # fmt: skip


def test_each_games_help_says_how_it_is_won(server, browser):
    with open_game_page(browser, server.url, "controlword", "Control Word") as page:
        page.click("#help summary")
        for game, (title, *_) in GAMES.items():
            page.select_option("#game", game)
            page.wait_for_function(
                f"document.querySelector('#title').textContent.includes({title!r})"
            )
            shown = page.locator(f"#help-{game}")
            assert shown.is_visible()
            assert (
                page.locator(f'#help [id^="help-"]:not(#help-{game}):visible').count() == 0
            )
            text = " ".join(shown.inner_text().split())
            for words in WON_BY[game]:
                assert words in text, (game, words)
            assert text.endswith(f"Full rules: wordbot rules --game {game}"), text


# ------------------------------------------------------------------ a slow bot
#: the bot thinks 8 s a move (the page says why it may be long after 5 s); the hints'
#: player 3 s
BOT_SECONDS, HINT_SECONDS = 8, 3


slow_server = serving(
    "slow_server",
    plugin="tests.faces_page_plugin",
    player=f"dawdle:time={HINT_SECONDS}",
    max_time=BOT_SECONDS + 1,
    seed=7,
    game="routewords",
)


def status(page) -> str:
    return page.inner_text("#status")


def wait_for_status(page, text: str) -> str:
    page.wait_for_function(
        f"document.querySelector('#status').textContent.includes({text!r})"
    )
    return status(page)


def start_behind_the_slow_bot(page) -> None:
    """A new game as green: red, the slow bot, moves first."""
    page.select_option("#bot", "dawdle")
    page.select_option("#colour", "green")
    page.click("#new-game")
    page.wait_for_selector("#rw-grid .rw-square")


def test_hint_pressed_while_the_page_is_busy_says_why(slow_server, browser):
    with open_game_page(browser, slow_server.url, "routewords", "RouteWords") as page:
        start_behind_the_slow_bot(page)
        # the Hint button is marked unavailable, yet still a button: a press says why
        page.locator("#rw-hint").click(force=True)
        assert "red (dawdle) is thinking; try again" in page.inner_text("#message")
        assert sent(page, "hint") == []
        page.wait_for_selector(HINT_ON.format("#rw-hint"), timeout=30_000)
        page.click("#rw-hint")
        page.locator("#rw-hint").click(force=True)  # the first hint is still on its way
        assert "waiting for the hint; try again" in page.inner_text("#message")
        page.wait_for_selector("#hints li")
        assert len(sent(page, "hint")) == 1


def test_a_wait_past_two_seconds_is_counted_in_the_status(slow_server, browser):
    with open_game_page(browser, slow_server.url, "routewords", "RouteWords") as page:
        start_behind_the_slow_bot(page)
        assert status(page) == "red (dawdle) is thinking…"
        # past 2 s the status counts the seconds, each second; past 5 s it says why
        assert wait_for_status(page, "… 2 s") == "red (dawdle) is thinking… 2 s"
        assert wait_for_status(page, "… 3 s") == "red (dawdle) is thinking… 3 s"
        long = wait_for_status(page, "… 5 s")
        assert long.startswith("red (dawdle) is thinking… 5 s (") and "preparing" in long
        page.wait_for_selector(HINT_ON.format("#rw-hint"), timeout=30_000)
        assert "your turn" in status(page) and not re.search(r"… \d+ s", status(page))
        page.click("#rw-hint")  # the hints' player takes 3 s
        assert wait_for_status(page, "… 2 s") == "dawdle is working out your hint… 2 s"
        page.wait_for_selector("#hints li")
        assert "your turn" in status(page) and not re.search(r"… \d+ s", status(page))

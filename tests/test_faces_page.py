"""The web page of ``wordbot serve``, end to end in headless Chromium (Debian's
``chromium`` driven by Playwright): load the page, make a move, see the bot answer."""

from __future__ import annotations

import contextlib
import json
import os
import time
import types
from pathlib import Path

import pytest

from tests.faces_support import ServerProcess

CHROMIUM = "/usr/bin/chromium"
# Without these the closed network makes Chromium hang at start.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"{CHROMIUM} is not installed (apt-get install -y chromium); the page test "
        "needs a real browser",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server():
    # the toy game of the tests: a game the server plays but the page cannot draw
    srv = ServerProcess(
        "--player",
        "greedy",
        "--log-level",
        "warning",
        "--plugin",
        "tests.toygame",
        "--game",
        "toy",
        "--seed",
        "7",
    )
    yield srv
    srv.close()


@contextlib.contextmanager
def chromium():
    """Headless Chromium driven by Playwright: one for a test module (the ``browser``
    fixture of tests/conftest.py), each test's page in a fresh context of its own."""
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def open_page(browser, url: str, timeout_ms: int = 30_000, query: str = ""):
    """The page at ``url`` (``query``: its link's query string) in a new context of
    ``browser`` (no cookies, storage or cache from another test), once it is connected;
    no page error may happen while it is open."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        pg = ctx.new_page()
        errors = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        # every WebSocket message the page receives (for what it may not be told) and
        # sends (for the moves it makes)
        frames: list = []
        sent: list = []

        def watch(ws):
            ws.on("framereceived", lambda frame: frames.append(frame))
            ws.on("framesent", lambda frame: sent.append(frame))

        pg.on("websocket", watch)
        pg.wordbot_frames = frames
        pg.wordbot_sent = sent
        pg.set_default_timeout(timeout_ms)
        pg.goto(url + "/" + query)
        pg.wait_for_selector("#new-game:enabled")
        yield pg
        assert not errors, errors
    finally:
        ctx.close()


@pytest.fixture
def page(server, browser):
    with open_page(browser, server.url) as pg:
        yield pg


@contextlib.contextmanager
def game_server(game: str | None = None, seed: int = 7):
    """A server for one game's page tests: greedy by default, searches capped at 0.3 s
    (mc plays a whole game in test time), its games dealt from ``seed`` and their
    number (the same deals run after run; a test reads its game's deal from what the
    page is sent, :func:`view_told`); ``game``: its warm-up loads that game's kernels
    and tables before the tests."""
    srv = ServerProcess(
        "--player",
        "greedy",
        "--log-level",
        "warning",
        "--max-time",
        "0.3",
        "--seed",
        str(seed),
        *(("--game", game) if game else ()),
    )
    try:
        yield srv
    finally:
        srv.close()


@contextlib.contextmanager
def open_game_page(browser, url: str, game: str, title: str, query: str = ""):
    """:func:`open_page` with ``game`` chosen, once its title (containing ``title``)
    shows."""
    with open_page(browser, url, timeout_ms=60_000, query=query) as pg:
        pg.select_option("#game", game)
        pg.wait_for_function(
            f"document.querySelector('#title').textContent.includes({title!r})"
        )
        yield pg


def game_page_fixtures(game: str, title: str, seed: int = 7):
    """The ``server`` (:func:`game_server`, one a test module) and ``page``
    (:func:`open_game_page`) fixtures of one game's page tests."""

    @pytest.fixture(scope="module")
    def server():
        with game_server(game, seed) as srv:
            yield srv

    @pytest.fixture
    def page(server, browser):
        with open_game_page(browser, server.url, game, title) as pg:
            yield pg

    return server, page


#: a game's Hint button while the person may act (it is never disabled: pressed while
#: the page cannot act, it says why), from the button's selector
HINT_ON = '{}[aria-disabled="false"]'


def new_game(page, bot="greedy", colour="red", shown="#board .cell", ready="#play:enabled"):
    """A new game against ``bot``, once ``shown`` is drawn and ``ready`` says it is our
    turn (the bot may have moved first). The server deals it (:func:`view_told` reads
    the deal)."""
    page.select_option("#bot", bot)
    page.select_option("#colour", colour)
    page.click("#new-game")
    page.wait_for_selector(shown)
    page.wait_for_selector(ready)


def received(page) -> list[dict]:
    """Every message the page has received over its WebSocket, in order."""
    return [json.loads(frame) for frame in page.wordbot_frames]


def games_told(page) -> int:
    """How many games the page has been dealt (``table`` replies to its ``newgame``)."""
    return sum(m.get("type") == "table" and "game" in m for m in received(page))


def view_told(page, turn: int = 0, game: int | None = None) -> dict:
    """The seat's view the server sent the page after ``turn`` moves of its ``game``-th
    game (counted from 1 since the page was loaded; default: its last), waited for: the
    position the page must show, whatever the deal."""
    deadline = time.monotonic() + 30
    while True:
        msgs = received(page)
        starts = [i for i, m in enumerate(msgs) if m.get("type") == "table" and "game" in m]
        if game is None or len(starts) >= game:
            begun = starts[-1 if game is None else game - 1] if starts else len(msgs)
            ends = [i for i in starts if i > begun] + [len(msgs)]
            views = [
                m for m in msgs[begun : ends[0]] if "view" in m and m.get("turn") == turn
            ]
            if views:
                return views[-1]["view"]
        if time.monotonic() > deadline:
            raise AssertionError(f"the page was sent no view after move {turn}")
        page.wait_for_timeout(50)  # Playwright delivers the frames meanwhile


def check_the_page_was_told_only_its_view(page, game: str) -> None:
    """Every message the page received about its last game, against the true game the
    record of the end replays to (tests/faces_support.py's check): each view is
    exactly the page's seat's observation of the true position, no seed or record
    before the end."""
    from wordbot.engine import get_game

    from tests.faces_support import check_secrets
    from tests.lexicons import default_lexicon

    msgs = received(page)
    begun = max(i for i, m in enumerate(msgs) if m.get("type") == "table" and "game" in m)
    told = [m for m in msgs[begun:] if "view" in m or m.get("event") == "end"]
    assert told[-1].get("event") == "end", "the game did not end"
    lexicon = default_lexicon() if get_game(game).uses_lexicon else None
    check_secrets(types.SimpleNamespace(messages=told), game, lexicon)


def log_lines(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def wait_or_explain(page, condition: str) -> None:
    """Until ``condition`` (JavaScript) holds; if it never does, fail with what the page
    says."""
    try:
        page.wait_for_function(condition)
    except Exception:
        raise AssertionError(
            page.inner_text("#message")
            + " | "
            + page.inner_text("#status")
            + " | "
            + str(log_lines(page)[-3:])
        ) from None


def lay_out_first_hint(page, button: str) -> int:
    """Ask for hints (``button``) and lay the first one out: the log's length before."""
    before = len(log_lines(page))
    page.click(button)
    page.wait_for_selector("#hints li")
    page.locator("#hints li").first.click()
    return before


def over_or_ready(page, button: str) -> bool:
    """Until the game is over or ``button`` (a selector) is enabled: True when over. (The
    status may still say "your turn" while the last move's reply is on its way.)"""
    wait_or_explain(
        page,
        "document.querySelector('#status').textContent.includes('Game over') || "
        f"((b) => !b.disabled && b.ariaDisabled !== 'true')(document.querySelector({button!r}))",
    )
    return "Game over" in page.inner_text("#status")


def test_play_a_word_from_a_hint_and_see_the_bot_answer(page, tmp_path):
    new_game(page)
    board_tiles = page.locator("#board .tile-blue").count()
    assert board_tiles >= 12  # the start mat, in blue
    assert page.locator("#rack .rack-tile").count() >= 6
    before = len(log_lines(page))
    page.click("#hint")
    page.wait_for_selector("#hints li")
    hint = page.locator("#hints li").first.inner_text()
    page.locator("#hints li").first.click()
    assert page.locator("#board .pending").count() >= 1
    page.click("#play")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {before + 2}")
    page.wait_for_selector("#play:enabled")
    lines = log_lines(page)
    assert lines[before].startswith("red (you): ") and hint.startswith(lines[before][11:])
    assert lines[before + 1].startswith("green (greedy): ")
    assert page.locator("#board .tile-red").count() >= 1  # our word is on the board
    assert "your turn" in page.inner_text("#status")
    page.screenshot(path=str(tmp_path / "page.png"))


def test_a_game_without_a_page_says_not_yet(page):
    titles = page.locator("#game option").all_inner_texts()
    assert titles == [
        "Control Word",
        "Cross words combat",
        "First Draft",
        "RouteWords",
        "Hidden take-away (not yet)",
    ]
    page.select_option("#game", "toy")
    assert "not yet" in page.inner_text("#message")
    assert page.locator("#new-game").is_disabled()
    page.select_option("#game", "controlword")
    assert page.locator("#new-game").is_enabled() and page.inner_text("#message") == ""
    new_game(page)  # the server's sessions start in the toy game; the page asks for its own


def test_the_page_contract_app_js_knows_no_game(page, server):
    """app.js's page contract (docs/games.md, "A game's page"): app.js, index.html and
    style.css name no game, a game's page is its own static/<game>.js registering its
    view, the seats come from hello, and a game without a page (the toy plugin) gets
    the fallback."""
    import httpx
    from wordbot.engine.games import GAMES

    static = Path(__file__).resolve().parents[1] / "wordbot" / "server" / "static"
    shell = "".join(
        (static / name).read_text().lower()
        for name in ("app.js", "index.html", "style.css")
    )
    for name in GAMES.names():
        assert name not in shell and GAMES[name].title.lower() not in shell, name
        script = static / f"{name}.js"  # (a game without one gets the fallback, below)
        assert not script.is_file() or f'Wordbot.register("{name}", ' in script.read_text()
    hello = httpx.post(server.url + "/api", content=b'{"cmd": "hello"}', timeout=10).json()
    seats = page.locator("#colour option").all_inner_texts()
    assert seats == hello["games"]["controlword"]["seats"]
    assert seats == ["red", "green", "black", "white"]
    assert page.locator(".game-area:visible").count() == 1  # Control Word's
    page.select_option("#game", "toy")
    assert "not yet" in page.inner_text("#message")
    assert page.locator("#new-game").is_disabled()
    assert page.locator("#toy-area").count() == 0  # no script of its own: no view


def test_place_tiles_by_clicking_and_an_illegal_play_is_explained(page):
    new_game(page)
    # put the first rack tile far from everything: not connected
    page.locator("#rack .rack-tile").first.click()
    page.locator("#board .cell.empty").first.click()
    assert page.locator("#board .pending").count() == 1
    page.click("#play")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    message = page.inner_text("#message")
    # the rule it breaks, named as the engine names it
    assert "illegal move (connected)" in message, message
    page.click("#recall")
    assert page.locator("#board .pending").count() == 0
    # passing is a move too: the bot answers it
    before = len(log_lines(page))
    page.click("#pass")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {before + 2}")
    assert log_lines(page)[before].endswith(": pass")


def test_a_whole_game_played_from_hints_tells_the_page_only_its_view(server, browser):
    """A whole (one-round) Control Word game on the page, every move from a hint; every
    WebSocket message it received is then checked against the replayed truth."""
    with open_page(browser, server.url, timeout_ms=60_000, query="?rule=rounds=1") as page:
        new_game(page)
        for _ in range(60):
            if over_or_ready(page, "#hint"):
                break
            before = lay_out_first_hint(page, "#hint")
            page.click("#play")  # a hint is laid out (or held), never made, until Play
            wait_or_explain(page, f"document.querySelectorAll('#log li').length > {before}")
        assert "Game over" in page.inner_text("#status")
        check_the_page_was_told_only_its_view(page, "controlword")

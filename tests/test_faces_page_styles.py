"""Each game's page style is its own: /static/<game>.css beside its script, loaded by
app.js for a game that has one; style.css styles only what the whole page shares. The
files are read for their selectors, and the page is loaded in headless Chromium to see
the sheets apply (tests/test_faces_page.py has the browser's set-up)."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from wordbot.engine.games import GAMES

from tests.faces_support import ServerProcess

STATIC = resources.files("wordbot.server") / "static"
#: a page's own element that a game's sheet styles, and a property it sets
ELEMENTS = {
    "controlword": ("#board", "display", "grid"),
    "crosswords": ("#xw-grid", "display", "grid"),
    "firstdraft": ("#fd-line", "display", "flex"),
    "routewords": ("#rw-actions", "display", "flex"),
}


#: the games of the registry with a page, and those of them with a style sheet
PAGES = [game for game in GAMES.names() if (STATIC / f"{game}.js").is_file()]
STYLED = [game for game in PAGES if (STATIC / f"{game}.css").is_file()]


def selectors(css: str) -> set[str]:
    """The ids and classes (``#name``, ``.name``) the rules of ``css`` select."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    heads = re.findall(r"([^{}]*)\{[^{}]*\}", css)
    return {m for head in heads for m in re.findall(r"[#.][A-Za-z][\w-]*", head)}


def named_in(text: str, token: str) -> bool:
    """Whether a script or page names the id or class ``token`` (``#x``, ``.x``; a
    class ``.kind-<name>`` also where a script makes it, as ``kind-${...}``)."""
    kind = token[1:].rpartition("-")[0]
    if kind and f"{kind}-${{" in text:
        return True
    return re.search(rf"(?<![\w-]){re.escape(token[1:])}(?![\w-])", text) is not None


def test_style_css_styles_only_the_page_and_each_game_has_its_own_sheet():
    page = (STATIC / "index.html").read_text() + (STATIC / "app.js").read_text()
    scripts = [(STATIC / f"{game}.js").read_text() for game in PAGES]
    shared = selectors((STATIC / "style.css").read_text())
    assert "#scores" in shared and ".seat-red" in shared
    # the page's own elements, and what the games' scripts share (a hinted button)
    assert [
        t
        for t in sorted(shared)
        if not named_in(page, t) and sum(named_in(s, t) for s in scripts) < 2
    ] == []
    assert set(ELEMENTS) <= set(STYLED)
    for game in STYLED:
        script = (STATIC / f"{game}.js").read_text()
        own = selectors((STATIC / f"{game}.css").read_text())
        assert own, game
        # what the sheet styles is the game's own markup (or the page's area for it)
        assert [t for t in sorted(own) if not named_in(script, t)] in (
            [],
            [f"#{game}-area"],
        )
        # and nothing of it is left in style.css
        assert not own & shared, (game, own & shared)


@pytest.fixture(scope="module")
def server():
    # the built-in games and the toy game of the tests, which has no page (nor sheet)
    srv = ServerProcess("--player", "greedy", "--log-level", "warning",
                        "--plugin", "tests.toygame", "--game", "toy")  # fmt: skip
    yield srv
    srv.close()


def test_the_page_loads_each_games_sheet_and_it_applies(server, browser):
    from tests.test_faces_page import open_page

    with open_page(browser, server.url) as page:
        page.wait_for_function("document.querySelectorAll('#game option').length >= 5")
        sheets = page.evaluate(
            "[...document.styleSheets].map((s) => [s.href.split('/static/')[1],"
            " s.cssRules.length])"
        )
        names = [name for name, _ in sheets]
        assert names[0] == "style.css" and "toy.css" not in names
        assert sorted(names[1:]) == [f"{game}.css" for game in STYLED]
        assert all(rules > 0 for _, rules in sheets)
        for game, (element, prop, value) in ELEMENTS.items():
            page.select_option("#game", game)
            page.wait_for_selector(
                f"#{game}-area:not([hidden]) {element}", state="attached"
            )
            got = page.evaluate(
                f"getComputedStyle(document.querySelector({element!r}))[{prop!r}]"
            )
            assert got == value, (game, element, prop, got)
        # a seat's swatch in the score table takes its seat's colour from style.css
        page.select_option("#game", "controlword")
        page.click("#new-game")
        page.wait_for_selector("#scores .who.seat-red")
        colour = page.evaluate(
            "getComputedStyle(document.querySelector('#scores .who.seat-red')).backgroundColor"
        )
        assert colour == "rgb(198, 40, 40)"

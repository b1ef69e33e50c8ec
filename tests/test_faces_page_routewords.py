"""The RouteWords page of ``wordbot serve`` in headless Chromium: trace a route by
clicking squares and a corner, swap two tiles, pay for both, a bonus round with a typed
word, and a whole game against ``mc`` made from the page's hints. Each test reads its
game's grid from the views the page is sent, and chooses its moves from it."""

from __future__ import annotations

import pytest
from wordbot.engine.routewords.game import GAME
from wordbot.players.levels import Level, levels_of

from tests.lexicons import default_lexicon
from tests.test_faces_page import (
    check_the_page_was_told_only_its_view,
    game_page_fixtures,
    lay_out_first_hint,
    log_lines,
    new_game,
    open_game_page,
    view_told,
    wait_or_explain,
)

server, page = game_page_fixtures("routewords", "Route")


def start(page, bot="greedy"):
    """A new game against ``bot``: the position it was dealt (RouteWords hides nothing:
    the view is the whole position)."""
    new_game(page, bot, shown="#rw-grid .rw-square", ready="#rw-swap:enabled")
    return GAME.from_json(view_told(page), default_lexicon())


def square(page, r, c):
    return page.locator(f'#rw-grid .rw-square[data-r="{r}"][data-c="{c}"]')


def point(page, i, j):
    return page.locator(f'#rw-grid .rw-point[data-i="{i}"][data-j="{j}"]')


def wait_for_reply(page, before):
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {before + 2}")
    page.wait_for_selector("#rw-swap:enabled")


def test_the_grid_shows_letters_coins_and_pawns(page):
    state = start(page)
    letters = page.locator("#rw-grid .rw-square > text:first-of-type").all_text_contents()
    assert "".join(t.replace("Qu", "Q") for t in letters) == state.grid
    assert point(page, 0, 0).get_attribute("data-coin") == "5"
    assert point(page, 2, 2).get_attribute("data-pawn") == "red"
    assert point(page, 3, 3).get_attribute("data-pawn") == "green"
    assert "your turn" in page.inner_text("#status")


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_the_grid_has_coordinates_a_hint_is_read_off(page):
    """Squares' rows and columns (0-4) at the left and top, corners' (0-5) at the right
    and bottom: a hinted route's squares and end corner, read off those labels as its
    notation says, are the ones the hint marks on the grid."""
    start(page)
    labels = {
        kind: [page.locator(f'#rw-grid .rw-label[data-{kind}="{k}"]') for k in range(n)]
        for kind, n in (("row", 5), ("col", 5), ("corner-row", 6), ("corner-col", 6))
    }
    for kind, shown in labels.items():
        texts = [label.text_content() for label in shown]
        assert texts == [str(k) for k in range(len(shown))], kind
    # the labels sit beside the squares and lines they name
    for r in range(5):
        for c in range(5):
            x, y = centre(square(page, r, c).locator("rect"))
            assert abs(centre(labels["row"][r])[1] - y) < 2
            assert abs(centre(labels["col"][c])[0] - x) < 2
    for i in range(6):
        for j in range(6):
            x, y = centre(point(page, i, j).locator("circle").first)
            assert abs(centre(labels["corner-row"][i])[1] - y) < 2
            assert abs(centre(labels["corner-col"][j])[0] - x) < 2
    page.click("#rw-hint")
    page.wait_for_selector("#hints li")
    notation = page.locator("#hints li").first.inner_text().split(" — ")[0]
    assert notation.startswith("route ") and " > " in notation, notation
    squares, end = notation.split(" > ")
    path = [tuple(map(int, q.split(","))) for q in squares.split()[2:]]
    page.locator("#hints li").first.click()
    for step, (r, c) in enumerate(path, start=1):
        marked = page.locator(f'#rw-grid .rw-square.on-path[data-step="{step}"] rect')
        x, y = centre(marked)
        assert abs(centre(labels["row"][r])[1] - y) < 2, (step, r, c)
        assert abs(centre(labels["col"][c])[0] - x) < 2, (step, r, c)
    assert page.locator("#rw-grid .rw-square.on-path").count() == len(path)
    i, j = map(int, end.split(","))
    ring = page.locator("#rw-grid .rw-point.end circle").first
    x, y = centre(ring)
    assert abs(centre(labels["corner-row"][i])[1] - y) < 2
    assert abs(centre(labels["corner-col"][j])[0] - x) < 2


def trace_first_route(page, state):
    """Trace the first route of ``state`` by clicks and wait for the bot's reply: the
    route and how many log lines there were before it."""
    route = state.moves("route")[0]
    before = len(log_lines(page))
    for s in route.path:
        square(page, s // 5, s % 5).click()
    point(page, route.end // 6, route.end % 6).click()
    wait_for_reply(page, before)
    return route, before


def test_trace_a_route_and_see_the_bot_answer(page):
    state = start(page)
    route, before = trace_first_route(page, state)
    lines = log_lines(page)
    assert lines[before] == f"red (you): {state.notation(route)}"
    assert lines[before + 1].startswith("green (greedy): ")
    # the coin is ours now, and the pawn stands where the route stopped
    after = state.apply(route)
    assert page.locator("#scores tr").nth(1).inner_text().split("\t")[1] == str(
        after.scores["red"]
    )
    assert point(page, route.end // 6, route.end % 6).get_attribute("data-pawn") == "red"


def test_the_bot_menu_offers_the_games_levels_and_a_level_answers(page):
    offered = page.eval_on_selector_all(
        '#bot optgroup[label="Levels"] option', "els => els.map(e => [e.value, e.text])"
    )
    levels = levels_of(GAME)
    assert len(offered) == len(levels) > 10
    assert offered[0] == ["level:n=1", "Level 1 — random"]
    assert offered[-1] == [f"level:n={len(levels)}", f"Level {len(levels)} — search:time=1"]
    greedy = 1 + levels.index(Level("greedy"))
    _, before = trace_first_route(page, start(page, bot=f"level:n={greedy}"))
    assert log_lines(page)[before + 1].startswith(f"green (level:n={greedy}): ")


def test_a_wrong_start_is_explained_and_a_swap_is_two_clicks(page):
    start(page)
    square(page, 0, 4).click()  # far from the pawn on (2, 2)
    assert "next to your pawn" in page.inner_text("#message")
    before = len(log_lines(page))
    page.click("#rw-swap")
    square(page, 0, 0).click()
    square(page, 2, 2).click()  # not a neighbour of (0, 0)
    assert "neighbouring" in page.inner_text("#message")
    square(page, 1, 1).click()
    wait_for_reply(page, before)
    assert log_lines(page)[before] == "red (you): swap 0,0 1,1"


def test_pay_for_a_swap_then_a_route(page):
    state = start(page)
    both = next(m for m in state.moves("both") if m.first == "swap")
    before = len(log_lines(page))
    page.check("#rw-pay")
    page.click("#rw-swap")
    square(page, both.swap.a // 5, both.swap.a % 5).click()
    square(page, both.swap.b // 5, both.swap.b % 5).click()
    for s in both.route.path:
        square(page, s // 5, s % 5).click()
    point(page, both.route.end // 6, both.route.end % 6).click()
    wait_for_reply(page, before)
    assert log_lines(page)[before] == f"red (you): {state.notation(both)}"


def test_a_bonus_round_with_a_typed_word(page):
    state = start(page)
    word = max(state.board_words(), key=len)
    before = len(log_lines(page))
    page.click("#rw-bonus")
    page.wait_for_selector("#rw-word-row:not([hidden])")
    page.fill("#rw-word", "qqqq")
    page.click("#rw-submit")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    assert "QQQQ" in page.inner_text("#message")
    page.fill("#rw-word", word.lower())
    page.click("#rw-submit")
    # green submits too, then it is our turn again (the trigger's)
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {before + 3}")
    page.wait_for_selector("#rw-swap:enabled")
    lines = log_lines(page)
    assert lines[before : before + 2] == ["red (you): bonus", f"red (you): word {word}"]
    assert lines[before + 2].startswith("green (greedy): word ")
    red = page.locator("#scores tr").nth(1).inner_text().split("\t")[1]
    # the page shows the score the engine gives the three moves of the log
    after = state
    for line in lines[before : before + 3]:
        after = after.apply(after.parse_move(line.split(": ", 1)[1]))
    assert int(red) == after.scores["red"]


#: the whole game at full length in the slow run; two turns a player in the default
#: run (a link's rule, the same page and bot)
WHOLE_GAMES = [
    pytest.param("?rule=turn_limit=2", id="turn_limit=2"),
    pytest.param("", id="full", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("query", WHOLE_GAMES)
def test_a_whole_game_against_mc_from_hints(server, browser, tmp_path, query):
    with open_game_page(browser, server.url, "routewords", "Route", query) as page:
        play_a_whole_game(page, tmp_path)
        check_the_page_was_told_only_its_view(page, "routewords")


def play_a_whole_game(page, tmp_path):
    start(page, bot="mc")
    for _ in range(200):
        if "Game over" in page.inner_text("#status"):
            break
        if not page.locator("#rw-word-row").is_hidden():
            before = len(log_lines(page))
            page.click("#rw-nothing")
        else:
            before = lay_out_first_hint(page, "#rw-hint")
            page.click("#rw-play")
        wait_or_explain(page, f"document.querySelectorAll('#log li').length > {before}")
        page.wait_for_function(
            "document.querySelector('#status').textContent.includes("
            "'your turn') || document.querySelector('#status')"
            ".textContent.includes('Game over')"
        )
    status = page.inner_text("#status")
    page.screenshot(path=str(tmp_path / "routewords.png"))
    assert "Game over" in status, status
    assert any(line.startswith("green (mc): ") for line in log_lines(page))


def test_with_the_pie_rule_green_takes_reds_first_turn_over(server, browser):
    with open_game_page(
        browser, server.url, "routewords", "Route", "?rule=pie=true"
    ) as page:
        new_game(page, "greedy", colour="green", shown="#rw-grid .rw-square",
                 ready="#rw-swap:enabled")  # fmt: skip
        assert (
            page.locator("#rw-take").is_visible() and page.locator("#rw-take").is_enabled()
        )
        red_pawn = page.locator('#rw-grid .rw-point[data-pawn="red"]')
        where = (red_pawn.get_attribute("data-i"), red_pawn.get_attribute("data-j"))
        before = len(log_lines(page))
        page.click("#rw-take")
        wait_or_explain(
            page, f"document.querySelectorAll('#log li').length >= {before + 2}"
        )
        page.wait_for_selector("#rw-swap:enabled")
        lines = log_lines(page)
        assert "green (you): take over" in lines
        assert lines[-1].startswith("red (greedy): ")
        # red's pawn, where red's first route left it, is green's now
        assert point(page, *map(int, where)).get_attribute("data-pawn") == "green"
        assert page.locator("#rw-take").is_disabled()

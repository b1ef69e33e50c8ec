"""The First Draft page of ``wordbot serve`` in headless Chromium: the line and the rows
of a new game, a draft built by clicking and dragging letters into rows, sell / discard
buttons that follow the server's legal moves, an insert, hints, refused moves explained,
and a whole game against ``mc`` made from the page's hints."""

from __future__ import annotations

from collections import Counter

import pytest
from wordbot.engine.firstdraft.game import GAME

from tests.lexicons import default_lexicon
from tests.test_faces_page import (
    HINT_ON,
    check_the_page_was_told_only_its_view,
    game_page_fixtures,
    lay_out_first_hint,
    log_lines,
    new_game,
    open_game_page,
    over_or_ready,
    wait_or_explain,
)

# seed 7's line: 1 EOW (free), 2 JRRU, 3 Z, 4 ENRU, 5 DDIRU (costs 4, all our coins)
SEED = 7

server, page = game_page_fixtures("firstdraft", "First", SEED)


def start(page, bot="greedy"):
    new_game(page, bot, shown="#fd-line .fd-coaster", ready=HINT_ON.format("#fd-hint"))


def first_state():
    return GAME.new(["red", "green"], seed=SEED, lexicon=default_lexicon())


def coaster(page, k):
    return page.locator(f'#fd-line .fd-coaster[data-position="{k}"]')


def row(page, name, who="#fd-mine"):
    return page.locator(f'{who} .fd-row[data-row="{name}"]')


def gap(page, name, at):
    return page.locator(f'#fd-mine .fd-gap[data-row="{name}"][data-at="{at}"]')


def letter(page, ch):
    """A letter still to place, by its text."""
    return page.locator("#fd-tray .fd-tile:not(.used)", has_text=ch).first


def put(page, ch, name, at):
    letter(page, ch).click()
    gap(page, name, at).click()


def wait_for(page, count):
    """Until the log has ``count`` lines and it is our turn again."""
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {count}")
    page.wait_for_selector(HINT_ON.format("#fd-hint"))


def wait_for_legal(page):
    """Until the server's legal moves for the position have arrived (discard A or B is
    enabled once a row has letters; with both rows empty, wait for nothing)."""
    page.wait_for_function(
        "document.querySelector('#fd-discard-A').disabled === false || "
        "document.querySelector('#fd-discard-B').disabled === false"
    )


def line_shown(page) -> list[tuple[str, int]]:
    cards = [
        page.locator("#fd-line .fd-coaster").nth(i)
        for i in range(page.locator("#fd-line .fd-coaster").count())
    ]
    return [
        (c.get_attribute("data-tiles"), int(c.get_attribute("data-coins"))) for c in cards
    ]


def test_the_page_shows_the_line_and_the_rows(page):
    start(page)
    state = first_state()
    assert line_shown(page) == [(c.tiles, c.coins) for c in state.line]
    assert coaster(page, 1).inner_text().startswith("1 · free")
    assert "costs 4" in coaster(page, 5).inner_text()
    for name in "AB":
        assert row(page, name).get_attribute("data-letters") == ""
        assert row(page, name, '#fd-others [data-player="green"]').count() == 1
    assert page.inner_text("#status") == "turn 1 · 81 tiles in the bag · your turn"
    assert "4 coins" in page.inner_text("#fd-mine")
    assert page.locator("#fd-take").is_disabled()  # no coaster picked yet


def test_click_and_drag_letters_into_rows_take_and_the_bot_answers(page):
    start(page)
    state = first_state()
    coaster(page, 1).click()
    assert page.locator("#fd-tray .fd-tile").all_inner_texts() == ["E", "O", "W"]
    put(page, "E", "A", 0)
    put(page, "W", "A", 0)  # in front of the E
    letter(page, "O").drag_to(gap(page, "B", 0))
    assert row(page, "A").get_attribute("data-letters") == "WE"
    assert row(page, "B").get_attribute("data-letters") == "O"
    assert page.locator("#fd-mine .fd-tile.placed").count() == 3
    # a placed letter goes back with a click, and comes again
    row(page, "B").locator(".fd-tile.placed").click()
    assert row(page, "B").get_attribute("data-letters") == ""
    put(page, "O", "B", 0)
    assert "Your pool will be empty" in page.inner_text("#fd-leftover")
    page.click("#fd-take")
    wait_for(page, 2)
    lines = log_lines(page)
    move = state.parse_move("take 1 A=WE B=O pool=")
    assert lines[0] == f"red (you): {state.notation(move)}"
    assert lines[1].startswith("green (greedy): take ")
    after = state.apply(move)
    after = after.apply(after.parse_move(lines[1].split(": ", 1)[1]))
    assert line_shown(page) == [(c.tiles, c.coins) for c in after.line]
    assert row(page, "A").get_attribute("data-letters") == "WE"
    green = after.hands[1]
    for name, letters in zip("AB", green.rows):
        assert (
            row(page, name, '#fd-others [data-player="green"]').get_attribute(
                "data-letters"
            )
            == letters
        )


def test_sell_discard_and_insert_follow_the_legal_moves(page):
    start(page)
    state = first_state()
    for name in "AB":  # empty rows: nothing to sell or discard
        assert page.locator(f"#fd-sell-{name}").is_disabled()
        assert page.locator(f"#fd-discard-{name}").is_disabled()
    coaster(page, 1).click()
    put(page, "O", "A", 0)
    put(page, "W", "A", 1)  # E goes to the pool
    assert page.inner_text("#fd-leftover").startswith("These go to your pool:")
    page.click("#fd-take")
    wait_for(page, 2)
    wait_for_legal(page)
    after = state.apply(state.parse_move("take 1 A=OW B= pool=E"))
    after = after.apply(after.parse_move(log_lines(page)[1].split(": ", 1)[1]))
    assert [m.to_json() for m in after.moves("discard")] == [
        {"type": "discard", "row": "A"}
    ]
    assert len(after.moves("sell")) == 0
    assert page.locator("#fd-discard-A").is_enabled()
    assert page.locator("#fd-sell-A").is_disabled()  # OW: two letters never sell
    assert (
        page.locator("#fd-sell-B").is_disabled()
        and page.locator("#fd-discard-B").is_disabled()
    )
    # insert: no coaster picked, the pool's E into a gap of row A, sent at once
    letter(page, "E").click()
    assert "fits" in gap(page, "A", 2).get_attribute("class")  # OWE: the server lists it
    gap(page, "A", 2).click()
    wait_for(page, 3)
    assert log_lines(page)[2] == "red (you): insert E A2"
    page.wait_for_selector("#fd-sell-A:enabled")  # OWE is a word now
    page.click("#fd-sell-A")
    wait_for(page, 4)
    assert log_lines(page)[3] == "red (you): sell A"
    assert row(page, "A").get_attribute("data-letters") == ""
    assert "5 coins" in page.inner_text("#fd-mine")  # 4 + 1 for a three-letter word
    assert (
        page.locator("#fd-sell-A").is_disabled()
        and page.locator("#fd-discard-A").is_disabled()
    )
    assert "your turn" in page.inner_text("#status")  # a sale does not end the turn


def test_a_hint_is_shown_and_laid_out(page):
    start(page)
    page.click("#fd-hint")
    page.wait_for_selector("#hints li")
    hint = page.locator("#hints li").first.inner_text()
    assert hint.startswith("take ") and " pts, equity " in hint
    page.locator("#hints li").first.click()
    assert "Hint placed" in page.inner_text("#message")
    notation = hint.split(" — ")[0]
    shown = {name: row(page, name).get_attribute("data-letters") for name in "AB"}
    assert f"A={shown['A']} B={shown['B']}" in notation
    page.click("#fd-take")
    wait_for(page, 2)
    assert log_lines(page)[0] == f"red (you): {notation}"


def test_the_bots_last_turn_is_marked(page):
    """The bot's draft shows on its board: the coaster it took (its tiles as they lay in
    the line) and the letters it placed in its rows, outlined."""
    start(page)
    state = first_state()
    coaster(page, 1).click()
    put(page, "E", "A", 0)
    put(page, "W", "A", 0)
    put(page, "O", "B", 0)
    page.click("#fd-take")
    wait_for(page, 2)
    after = state.apply(state.parse_move("take 1 A=WE B=O pool="))
    said = log_lines(page)[1].split(": ", 1)[1]
    draft = after.parse_move(said)
    final = after.apply(draft)
    green = '#fd-others [data-player="green"]'
    last = page.locator(f"{green} .fd-last-turn")
    assert said in last.inner_text()
    assert last.get_attribute("data-coaster") == str(draft.coaster)
    taken = after.line[draft.coaster - 1].tiles
    assert last.get_attribute("data-tiles") == taken
    assert last.locator(".fd-tile.last").all_inner_texts() == list(taken)
    for name, was, now in zip("AB", after.hands[1].rows, final.hands[1].rows):
        marked = row(page, name, green).locator(".fd-tile.last").all_inner_texts()
        assert sorted(marked) == sorted((Counter(now) - Counter(was)).elements()), name
    assert page.locator("#fd-mine .fd-tile.last").count() == 0  # our own move is no news


def test_a_refused_move_shows_the_reason_and_changes_nothing(page):
    start(page)
    coaster(page, 5).click()  # five letters, a pool of four: keep exactly four
    assert "Keep 4 of these 5" in page.inner_text("#fd-leftover")
    for i in range(3):
        page.locator("#fd-leftover .fd-keep").nth(i).click()
    page.click("#fd-take")
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('keep')"
    )
    assert "keep exactly 4" in page.inner_text("#message")
    assert log_lines(page) == [] and "your turn" in page.inner_text("#status")
    assert line_shown(page) == [(c.tiles, c.coins) for c in first_state().line]
    page.locator("#fd-leftover .fd-keep").nth(3).click()
    page.click("#fd-take")  # all four of our coins: coasters 1-4 get one each
    wait_for(page, 2)
    assert "0 coins" in page.inner_text("#fd-mine")
    before = line_shown(page)
    assert "dear" in coaster(page, 2).get_attribute("class")
    coaster(page, 2).click()
    page.click("#fd-take")
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('costs')"
    )
    assert "coaster 2 costs 1" in page.inner_text("#message")
    assert line_shown(page) == before and len(log_lines(page)) == 2


#: the whole game at full length against mc in the slow run (mc takes up to half a
#: minute over a rich draft); in the default run against greedy, with coasters of five
#: letters that empty the bag in fewer drafts (a link's rule, the same page)
WHOLE_GAMES = [
    pytest.param("greedy", "?rule=coasters=[5,5,5,5,5,5]", id="greedy-coasters=5x6"),
    pytest.param("mc", "", id="mc-full", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("bot, query", WHOLE_GAMES)
def test_a_whole_game_from_hints(server, browser, tmp_path, bot, query):
    with open_game_page(browser, server.url, "firstdraft", "First", query) as page:
        play_a_whole_game(page, tmp_path, bot)
        check_the_page_was_told_only_its_view(page, "firstdraft")


def play_a_whole_game(page, tmp_path, bot):
    start(page, bot=bot)
    for _ in range(300):
        if over_or_ready(page, "#fd-hint"):
            break
        before = lay_out_first_hint(page, "#fd-hint")
        if page.locator("#fd-take").is_enabled():
            page.click("#fd-take")
        wait_or_explain(page, f"document.querySelectorAll('#log li').length > {before}")
        wait_or_explain(
            page,
            "document.querySelector('#status').textContent.includes("
            "'your turn') || document.querySelector('#status')"
            ".textContent.includes('Game over')",
        )
    status = page.inner_text("#status")
    page.screenshot(path=str(tmp_path / "firstdraft.png"))
    assert "Game over" in status, status
    assert any(line.startswith(f"green ({bot}): take ") for line in log_lines(page))
    assert page.locator("#scores tr").count() == 3

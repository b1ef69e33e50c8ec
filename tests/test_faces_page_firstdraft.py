"""The First Draft page of ``wordbot serve`` in headless Chromium: the line and the rows
of a new game, a draft built by clicking and dragging letters into rows, sell / discard
buttons that follow the server's legal moves, an insert, hints, refused moves explained,
and a whole game against ``mc`` made from the page's hints. Each test reads its game's
deal from the views the page is sent, and chooses its moves from it."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from wordbot.engine.firstdraft.game import GAME

from tests.lexicons import default_lexicon
from tests.test_faces_page import (
    HINT_ON,
    check_the_page_was_told_only_its_view,
    game_page_fixtures,
    games_told,
    lay_out_first_hint,
    log_lines,
    new_game,
    open_game_page,
    over_or_ready,
    view_told,
    wait_or_explain,
)

server, page = game_page_fixtures("firstdraft", "First")

#: a link's rule: every coaster holds five letters, one more than a pool keeps
FIVES = "?rule=coasters=[5,5,5,5,5,5]"


def told(page, turn: int = 0):
    """The position the page was sent after ``turn`` moves of its game (its seat's view
    read as a position: the bag's and the deck's order made up, so what a draw brings is
    read from a later view, never from this one)."""
    return GAME.from_json(view_told(page, turn), default_lexicon())


def start(page, bot="greedy"):
    """A new game against ``bot``, once the page shows it: the position it was dealt."""
    game = games_told(page) + 1
    new_game(page, bot, shown="#fd-line .fd-coaster", ready=HINT_ON.format("#fd-hint"))
    state = GAME.from_json(view_told(page, 0, game), default_lexicon())
    tiles = ",".join(c.tiles for c in state.line)
    page.wait_for_function(  # (a game before it may still be drawn)
        "[...document.querySelectorAll('#fd-line .fd-coaster')]"
        f".map((c) => c.dataset.tiles).join(',') === {tiles!r}"
    )
    page.wait_for_selector(HINT_ON.format("#fd-hint"))
    return state


def dealt(page, want):
    """A new game whose deal has what ``want`` (a position -> what it found, or None)
    looks for; nearly every deal has it, so new games are dealt until one does: the
    position and what was found."""
    for _ in range(20):
        state = start(page)
        found = want(state)
        if found is not None:
            return state, found
    pytest.fail(f"20 deals without what {want.__name__} looks for")


def three_letter_word(state):
    """A coaster of the line (its position) and a three-letter word that some of its
    letters spell, in that order (the first such), or None."""
    for k, c in enumerate(state.line, start=1):
        for picked in itertools.permutations(c.tiles, 3):
            if "".join(picked) in state.lexicon:
                return k, "".join(picked)
    return None


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


def green_rows(page) -> list[str]:
    return [
        row(page, name, '#fd-others [data-player="green"]').get_attribute("data-letters")
        for name in "AB"
    ]


def test_the_page_shows_the_line_and_the_rows(page):
    state = start(page)
    assert line_shown(page) == [(c.tiles, c.coins) for c in state.line]
    assert len(state.line) == 5 and all(c.coins == 0 for c in state.line)
    assert coaster(page, 1).inner_text().startswith("1 · free")
    assert "costs 4" in coaster(page, 5).inner_text()
    for name in "AB":
        assert row(page, name).get_attribute("data-letters") == ""
        assert row(page, name, '#fd-others [data-player="green"]').count() == 1
    # the 98 tiles: those of the line, the rest in the bag
    bag = 98 - sum(len(c.tiles) for c in state.line)
    assert page.inner_text("#status") == f"turn 1 · {bag} tiles in the bag · your turn"
    assert "4 coins" in page.inner_text("#fd-mine")
    assert page.locator("#fd-take").is_disabled()  # no coaster picked yet


def test_click_and_drag_letters_into_rows_take_and_the_bot_answers(page):
    state = start(page)
    # the line's first coaster of three letters or more (of the ten coasters, three
    # hold fewer: every line of five has one)
    k, tiles = next((k, c.tiles) for k, c in enumerate(state.line, 1) if len(c.tiles) > 2)
    coaster(page, k).click()
    assert page.locator("#fd-tray .fd-tile").all_inner_texts() == list(tiles)
    first, second, third, *rest = tiles
    put(page, first, "A", 0)
    put(page, second, "A", 0)  # in front of the first
    letter(page, third).drag_to(gap(page, "B", 0))
    for at, ch in enumerate(rest, start=1):
        put(page, ch, "B", at)
    rows = [second + first, third + "".join(rest)]
    assert row(page, "A").get_attribute("data-letters") == rows[0]
    assert row(page, "B").get_attribute("data-letters") == rows[1]
    assert page.locator("#fd-mine .fd-tile.placed").count() == len(tiles)
    # a placed letter goes back with a click, and comes again
    row(page, "B").locator(".fd-tile.placed").first.click()
    assert row(page, "B").get_attribute("data-letters") == "".join(rest)
    put(page, third, "B", 0)
    assert row(page, "B").get_attribute("data-letters") == rows[1]
    assert "Your pool will be empty" in page.inner_text("#fd-leftover")
    page.click("#fd-take")
    wait_for(page, 2)
    lines = log_lines(page)
    move = state.parse_move(f"take {k} A={rows[0]} B={rows[1]} pool=")
    assert lines[0] == f"red (you): {state.notation(move)}"
    assert lines[1].startswith("green (greedy): take ")
    after = told(page, 2)  # our draft and the bot's
    assert [list(h.rows) for h in after.hands] == [rows, green_rows(page)]
    assert after.hands[0].coins == 4 - (k - 1)  # a coin on each coaster passed over
    assert line_shown(page) == [(c.tiles, c.coins) for c in after.line]
    assert row(page, "A").get_attribute("data-letters") == rows[0]


def test_sell_discard_and_insert_follow_the_legal_moves(page):
    state, (k, word) = dealt(page, three_letter_word)
    for name in "AB":  # empty rows: nothing to sell or discard
        assert page.locator(f"#fd-sell-{name}").is_disabled()
        assert page.locator(f"#fd-discard-{name}").is_disabled()
    coaster(page, k).click()
    put(page, word[0], "A", 0)
    put(page, word[1], "A", 1)  # the word's last letter goes to the pool
    assert page.inner_text("#fd-leftover").startswith("These go to your pool:")
    page.click("#fd-take")
    wait_for(page, 2)
    wait_for_legal(page)
    after = told(page, 2)
    assert after.hands[0].rows[0] == word[:2] and word[2] in after.hands[0].pool
    assert [m.to_json() for m in after.moves("discard")] == [
        {"type": "discard", "row": "A"}
    ]
    assert len(after.moves("sell")) == 0
    assert page.locator("#fd-discard-A").is_enabled()
    assert page.locator("#fd-sell-A").is_disabled()  # two letters never sell
    assert (
        page.locator("#fd-sell-B").is_disabled()
        and page.locator("#fd-discard-B").is_disabled()
    )
    # insert: no coaster picked, the pool's letter into a gap of row A, sent at once
    letter(page, word[2]).click()
    assert "fits" in gap(page, "A", 2).get_attribute("class")  # the server lists it
    gap(page, "A", 2).click()
    wait_for(page, 3)
    assert log_lines(page)[2] == f"red (you): insert {word[2]} A2"
    page.wait_for_selector("#fd-sell-A:enabled")  # a word now
    page.click("#fd-sell-A")
    wait_for(page, 4)
    assert log_lines(page)[3] == "red (you): sell A"
    assert row(page, "A").get_attribute("data-letters") == ""
    coins = told(page, 4).hands[0].coins
    assert coins == after.hands[0].coins + 1  # 1 for a three-letter word
    assert f"· {coins} coins" in page.inner_text("#fd-mine")
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
    state = start(page)
    coaster(page, 1).click()  # the free coaster, all its letters in row A
    for at, ch in enumerate(state.line[0].tiles):
        put(page, ch, "A", at)
    page.click("#fd-take")
    wait_for(page, 2)
    after, final = told(page, 1), told(page, 2)  # before the bot's draft, after it
    said = log_lines(page)[1].split(": ", 1)[1]
    draft = after.parse_move(said)
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


def test_a_refused_move_shows_the_reason_and_changes_nothing(server, browser):
    with open_game_page(browser, server.url, "firstdraft", "First", FIVES) as page:
        refused_moves(page)


def refused_moves(page):
    state = start(page)
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
    assert line_shown(page) == [(c.tiles, c.coins) for c in state.line]
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

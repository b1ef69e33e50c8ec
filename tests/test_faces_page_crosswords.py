"""The Cross words combat page of ``wordbot serve`` in headless Chromium: the grid and
both start words of a new game, a write made by choosing a word, a cell and a direction,
the cells where the chosen word fits, hints laid out, refused moves explained, and a whole
game against ``mc`` made from the page's hints."""

from __future__ import annotations

import pytest
from wordbot.engine.crosswords.game import GAME

from tests.test_faces_page import (
    HINT_ON,
    check_the_page_was_told_only_its_view,
    game_page_fixtures,
    log_lines,
    new_game,
    open_game_page,
    over_or_ready,
    received,
    wait_or_explain,
)

SEED = 7

server, page = game_page_fixtures("crosswords", "Cross words", SEED)


def start(page, bot="greedy"):
    new_game(
        page, bot, shown="#xw-grid .xw-cell.xw-letter", ready=HINT_ON.format("#xw-hint")
    )


def first_state(rules: list[str] = ()):
    """The new game under ``rules`` (NAME=VALUE texts): the page's, whatever the server
    deals it from (Cross words combat leaves nothing to chance)."""
    return GAME.new(seed=SEED, rules=GAME.rules(rules))


def cell(page, r, c):
    return page.locator(f'#xw-grid .xw-cell[data-r="{r}"][data-c="{c}"]')


def word(page, row, index, box="#xw-mine"):
    return page.locator(f'{box} .xw-word[data-row="{row}"][data-word="{index}"]')


def wait_for_legal(page):
    """Until the server's legal moves for the position have arrived (the note counts them)."""
    page.wait_for_function(
        "document.querySelector('#xw-mine-note').textContent"
        ".includes('legal writes') || document.querySelector("
        "'#xw-mine-note').textContent.includes('pass')"
    )


def wait_for(page, count):
    """Until the log has ``count`` lines and it is our turn again (or the game is over)."""
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {count}")
    page.wait_for_function(
        "document.querySelector('#xw-hint').ariaDisabled === 'false' || "
        "document.querySelector('#status').textContent.includes('Game over')"
    )


def grid_letters(page) -> dict[tuple[int, int], tuple[str, str]]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#xw-grid .xw-cell.xw-letter')].map((d) => [d.dataset.r + ',' + d.dataset.c,
        [d.dataset.letter, d.dataset.writer]]))""")


def state_letters(state) -> dict[str, list[str]]:
    return {f"{r},{c}": [ch, state.players[s]] for (r, c), (ch, s) in state.cells.items()}


def captured_shown(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#xw-grid .xw-cell[data-captor]')].map((d) => [d.dataset.r + ',' + d.dataset.c,
        d.dataset.captor]))""")


def state_captured(state) -> dict[str, str]:
    return {f"{r},{c}": state.players[s] for (r, c), s in state.captured.items()}


def replay(lines: list[str], rules: list[str] = ()):
    """The state after the log's moves, from the new game."""
    state = first_state(rules)
    for line in lines:
        state = state.apply(state.parse_move(line.split(": ", 1)[1]))
    return state


def test_the_page_shows_the_grid_and_both_start_words(page):
    start(page)
    state = first_state()
    assert grid_letters(page) == state_letters(state)
    assert "".join(cell(page, 4, c).inner_text() for c in range(7)) == "CHAPTER"
    assert "xw-ink-red" in cell(page, 4, 0).get_attribute("class")
    assert "xw-ink-green" in cell(page, -4, 0).get_attribute("class")
    green = state.pages[1].words[0].text
    assert "".join(cell(page, -4, c).inner_text() for c in range(len(green))) == green
    # a margin of empty cells around the letters
    assert cell(page, 7, -3).count() == 1 and "xw-empty" in cell(page, 7, -3).get_attribute(
        "class"
    )
    # both pages, the start words struck through
    assert word(page, 0, 0).inner_text() == "CHAPTER"
    assert "used" in word(page, 0, 0).get_attribute("class")
    assert "used" in word(page, 0, 0, "#xw-theirs").get_attribute("class")
    assert word(page, 0, 0, "#xw-theirs").get_attribute("data-text") == green
    assert page.locator("#xw-mine .xw-row").count() == len(state.pages[0].rows)
    assert page.locator("#xw-theirs .xw-row").count() == len(state.pages[1].rows)
    # the words we may write now: those of the legal moves
    wait_for_legal(page)
    legal = {(m.row, m.word) for m in state.legal_moves()}
    shown = page.evaluate("""() => [...document.querySelectorAll('#xw-mine .xw-word.can')]
        .map((w) => [Number(w.dataset.row), Number(w.dataset.word)])""")
    assert {tuple(k) for k in shown} == legal
    status = page.inner_text("#status")
    assert status == "turn 1 of 30 · your turn · red 0, green 0", status
    assert (
        page.locator("#xw-write").is_disabled() and page.locator("#xw-pass").is_disabled()
    )
    assert page.locator("#scores tr").count() == 3


def test_choose_a_word_a_cell_and_a_direction_then_write(page):
    start(page)
    state = first_state()
    wait_for_legal(page)
    word(page, 1, 0).click()  # CALL
    assert "chosen" in word(page, 1, 0).get_attribute("class")
    cell(page, 4, 0).click()  # from the C of CHAPTER: across would clash, so down
    assert page.get_attribute("#xw-across", "aria-pressed") == "false"
    assert "".join(cell(page, 4 + j, 0).inner_text() for j in range(4)) == "CALL"
    assert page.locator("#xw-grid .preview").count() == 4
    cell(page, 4, 0).click()  # again: across, onto H A P: clashes
    assert page.get_attribute("#xw-across", "aria-pressed") == "true"
    assert page.locator("#xw-grid .preview.clash").count() == 3
    page.click("#xw-down")
    assert page.get_attribute("#xw-choice", "data-legal") == "yes"
    page.click("#xw-write")
    wait_for(page, 2)
    lines = log_lines(page)
    move = state.parse_move(
        {"type": "write", "row": 1, "word": 0, "at": [4, 0], "direction": "down"}
    )
    assert (
        lines[0] == f"red (you): {state.notation(move)}" == "red (you): write CALL 4,0 down"
    )
    assert lines[1].startswith("green (greedy): ")
    after = replay(lines)
    assert grid_letters(page) == state_letters(after)
    assert captured_shown(page) == state_captured(after)
    assert "used" in word(page, 1, 0).get_attribute("class")
    assert cell(page, 7, 0).get_attribute("data-writer") == "red"


def test_the_cells_where_the_chosen_word_fits_are_marked(page):
    start(page)
    state = first_state()
    wait_for_legal(page)
    word(page, 2, 0).click()  # LITTLE
    page.wait_for_selector("#xw-grid .xw-cell.fits")
    shown = page.evaluate("""() => [...document.querySelectorAll('#xw-grid .xw-cell.fits')]
        .map((d) => [Number(d.dataset.r), Number(d.dataset.c), d.dataset.fits])""")
    want: dict[tuple[int, int], list[str]] = {}
    for m in state.legal_moves():
        if (m.row, m.word) == (2, 0):
            want.setdefault((m.r, m.c), []).append(m.direction)
    assert want, "LITTLE has legal places in the new game"
    assert {(r, c): sorted(d.split()) for r, c, d in shown} == {
        k: sorted(v) for k, v in want.items()
    }
    (r, c), dirs = next(iter(want.items()))
    cell(page, r, c).click()  # a legal cell: the direction follows
    assert page.get_attribute(f"#xw-{dirs[0]}", "aria-pressed") == "true"
    assert "fits" in page.get_attribute(f"#xw-{dirs[0]}", "class")
    assert page.get_attribute("#xw-choice", "data-legal") == "yes"
    page.click("#xw-clear")
    assert page.locator("#xw-grid .xw-cell.fits").count() == 0
    assert page.locator("#xw-grid .preview").count() == 0


def test_a_hint_is_shown_and_laid_out(page):
    start(page)
    state = first_state()
    wait_for_legal(page)
    page.click("#xw-hint")
    page.wait_for_selector("#hints li")
    hint = page.locator("#hints li").first.inner_text()
    notation = hint.split(" — ")[0]
    move = state.parse_move(notation)
    facts = state.legal_moves().facts(move)
    caps = facts["crossed"] + facts["enclosed"]
    assert f"captures {caps}" in hint
    for extra in facts["extra_turns"]:
        assert extra in hint
    if not facts["extra_turns"]:
        assert "no extra turn" in hint
    page.locator("#hints li").first.click()
    assert "Hint placed" in page.inner_text("#message")
    text = state.word_of(move).text
    assert "chosen" in word(page, move.row, move.word).get_attribute("class")
    assert "start" in cell(page, move.r, move.c).get_attribute("class")
    assert page.locator("#xw-grid .preview").count() == len(text)
    assert page.get_attribute(f"#xw-{move.direction}", "aria-pressed") == "true"
    page.click("#xw-write")
    wait_for(page, 1)
    assert log_lines(page)[0] == f"red (you): {state.notation(move)}"
    after = state.apply(move)
    if after.extra:  # the write earned an extra turn: ours again, with its restriction
        assert after.to_move == "red" and len(log_lines(page)) == 1
        assert f"extra turn: {after.extra[0].describe()}" in page.inner_text("#status")
    else:
        wait_for(page, 2)


def test_a_refused_move_shows_the_reason_and_changes_nothing(page):
    start(page)
    wait_for_legal(page)
    before = grid_letters(page)
    word(page, 1, 0).click()  # CALL across from 4,0 runs over H A P
    cell(page, 4, 0).click()
    page.click("#xw-across")
    assert page.get_attribute("#xw-choice", "data-legal") == "no"
    page.click("#xw-write")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    assert page.inner_text("#message") == "illegal move (letters): cell 4,1 holds H, not A"
    assert log_lines(page) == [] and "your turn" in page.inner_text("#status")
    assert grid_letters(page) == before
    assert "chosen" in word(page, 1, 0).get_attribute("class")  # the choice is kept
    # a word that is not next in its row
    word(page, 1, 1).click()  # ME: CALL comes first
    cell(page, 4, 1).click()
    page.click("#xw-write")
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('rule 3')"
    )
    assert "ME is not the next word of row 1" in page.inner_text("#message")
    assert log_lines(page) == [] and grid_letters(page) == before


#: the whole game at full length against mc in the slow run; two turns a player in
#: the default run (a link's rule, the same page and bot)
WHOLE_GAMES = [
    pytest.param(["turn_limit=2"], id="turn_limit=2"),
    pytest.param([], id="full", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("rules", WHOLE_GAMES)
def test_a_whole_game_from_hints(server, browser, tmp_path, rules):
    query = "?" + "&".join(f"rule={r}" for r in rules) if rules else ""
    with open_game_page(browser, server.url, "crosswords", "Cross words", query) as page:
        play_a_whole_game(page, tmp_path, rules)
        check_the_page_was_told_only_its_view(page, "crosswords")


def play_a_whole_game(page, tmp_path, rules: list[str]):
    start(page, bot="mc")
    passes = 0
    for _ in range(400):
        if "Game over" in page.inner_text("#status"):
            break
        before = len(log_lines(page))
        wait_for_legal(page)
        page.click("#xw-hint")
        page.wait_for_selector("#hints li")
        hint = page.locator("#hints li").first.inner_text()
        if hint.split(" — ")[0] == "pass":  # nothing to write: the Pass button is on
            assert page.locator("#xw-pass").is_enabled()
            page.click("#xw-pass")
            passes += 1
        else:
            assert page.locator("#xw-pass").is_disabled()
            page.locator("#hints li").first.click()
            page.click("#xw-write")
        wait_or_explain(page, f"document.querySelectorAll('#log li').length > {before}")
        over_or_ready(page, "#xw-hint")
    status = page.inner_text("#status")
    page.screenshot(path=str(tmp_path / "crosswords.png"), full_page=True)
    assert "Game over" in status, status
    lines = log_lines(page)
    assert any(line.startswith("green (mc): ") for line in lines)
    if not rules:  # a long game comes to a turn with nothing to write
        assert passes >= 1 and "red (you): pass" in lines
    final = replay(lines, rules)
    assert final.is_over
    assert grid_letters(page) == state_letters(final)
    assert captured_shown(page) == state_captured(final)
    for (r, c), seat in final.captured.items():  # tinted in the captor's colour
        assert f"xw-cap-{final.players[seat]}" in cell(page, r, c).get_attribute("class")
    winners = " and ".join(final.outcome().winners)
    assert f"Game over: {winners}" in status
    rows = page.locator("#scores tr")
    assert rows.count() == 3
    for i, p in enumerate(final.players, start=1):
        assert rows.nth(i).locator("td").last.inner_text() == str(final.scores[p])


def test_with_bidding_the_page_bids_from_its_link_and_plays_the_seat_it_won(
    server, browser
):
    # the person asks for green but bids 50 points, above greedy's 40.6: red is theirs
    query = "?rule=bidding=true&bid=50&rule=turn_limit=2"
    with open_game_page(browser, server.url, "crosswords", "Cross words", query) as page:
        new_game(page, "greedy", colour="green", shown="#xw-grid .xw-cell.xw-letter",
                 ready=HINT_ON.format("#xw-hint"))  # fmt: skip
        table = [m for m in received(page) if m.get("type") == "table"][-1]
        assert table["seat"] == "red" and table["bids"] == {"red": 50, "green": 40.6}
        assert "bids: red 50, green 40.6; you play red" in page.inner_text("#message")
        wait_for_legal(page)  # red to move: the page offers the person its writes
        assert page.locator("#xw-hint").is_enabled()
        assert log_lines(page) == []  # the bot has not moved: the person moves first


def test_with_the_pie_rule_green_takes_reds_first_turn_over(server, browser):
    query = "?rule=pie=true&rule=turn_limit=2"
    with open_game_page(browser, server.url, "crosswords", "Cross words", query) as page:
        new_game(page, "greedy", colour="green", shown="#xw-grid .xw-cell.xw-letter",
                 ready=HINT_ON.format("#xw-hint"))  # fmt: skip
        wait_for_legal(page)
        assert (
            page.locator("#xw-take").is_visible() and page.locator("#xw-take").is_enabled()
        )
        red_cells = {k for k, (_, who) in grid_letters(page).items() if who == "red"}
        page.click("#xw-take")
        page.wait_for_function(
            "[...document.querySelectorAll('#log li')].some((li) => "
            "li.textContent.includes('green (you): take over'))"
        )
        over_or_ready(page, "#xw-hint")
        letters = grid_letters(page)
        # what red wrote is green's now; red moved again from green's start
        assert all(letters[k][1] == "green" for k in red_cells)
        assert page.locator("#xw-take").is_disabled()
        lines = log_lines(page)
        assert lines[-1].startswith("red (greedy): ") and "take over" not in lines[-1]
    with open_game_page(browser, server.url, "crosswords", "Cross words") as page:
        start(page)
        assert page.locator("#xw-take").is_hidden()  # no pie rule, no button

"""Cross words combat's pictures hold the position's cells: the board a real ``wordbot
play`` draws after each seat's move, and a hint's picture and SVG of a move (the
position's cells with the move's word written in by the player to move).

A cell is expected as the picture's legend says: a letter upper case when red wrote it,
lower case when green did; an empty captured cell ``+`` (red's) or ``x`` (green's); an
empty cell ``·``."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from wordbot.engine.crosswords.game import GAME
from wordbot.engine.crosswords.moves import Write
from wordbot.engine.display import picture
from wordbot.engine.display import svg as draw_svg
from wordbot.engine.records import read_record, start_state

from tests.test_faces_play import play

ROW = re.compile(r"^ *(-?\d+)((?: \S)+)$")
SVG = "{http://www.w3.org/2000/svg}"


def expected(state) -> dict[tuple[int, int], str]:
    """Every cell of the position that is not empty, as the legend draws it."""
    out = {}
    for cell, (letter, seat) in state.cells.items():
        out[cell] = letter.upper() if seat == 0 else letter.lower()
    for cell, captor in state.captured.items():
        out.setdefault(cell, "+" if captor == 0 else "x")
    return out


def boards(text: str) -> list[dict[tuple[int, int], str]]:
    """Every grid drawn in ``text``: its cells (empty ones included) by (row, column),
    columns read off the ruler above the rows."""
    found = []
    lines = [re.sub(r"^\w+> ", "", line) for line in text.splitlines()]
    for i, line in enumerate(lines):
        if not (ROW.match(line) and i and not ROW.match(lines[i - 1])):
            continue
        ruler = lines[i - 1]
        label = re.search(r"-?\d+", ruler)
        assert label and label.start() >= 4, ruler
        c_lo = int(label.group()) - (label.start() - 4) // 2
        grid = {}
        for row_line in lines[i:]:
            m = ROW.match(row_line)
            if not m:
                break
            r = int(m.group(1))
            chars = m.group(2)[1::2]
            assert row_line[4::2] == chars  # cells at the ruler's columns
            grid.update({(r, c_lo + k): ch for k, ch in enumerate(chars)})
        found.append(grid)
    return found


def assert_board_is(grid: dict, state) -> None:
    cells = expected(state)
    assert set(cells) <= set(grid), "a letter or captured cell outside the picture"
    drawn = {cell: ch for cell, ch in grid.items() if ch != "·"}
    assert drawn == cells


@pytest.mark.parametrize(
    ("seat", "lines", "shown"),
    [
        # red (you) writes, green (the bot) answers: green's write is the last move;
        # drawn: the start, after green's move, and again for `board`
        (1, ["write CALL 4,0 down", "board", "quit"], 3),
        # red is the bot (its first write earns an extra turn): red's write is the last
        # move when the board is first drawn, and for `board`
        (2, ["board", "quit"], 2),
    ],
)
def test_the_board_drawn_in_play_is_the_position_after_each_seats_move(
    tmp_path, seat, lines, shown
):
    record = tmp_path / "game.jsonl"
    out = play(
        "--game",
        "crosswords",
        "--vs",
        "territory",
        "--seed",
        "1",
        "--seat",
        str(seat),
        "--record",
        str(record),
        lines=lines,
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    game = read_record(record)
    start = state = start_state(game)
    for action in game.actions:
        state = state.apply(state.parse_move(action["text"]))
    last = game.actions[-1]
    assert last["player"] == ("green" if seat == 1 else "red")
    drawn = boards(out.stdout)
    assert len(drawn) == shown
    if shown == 3:
        assert_board_is(drawn[0], start)
    for grid in drawn[-2:]:
        assert_board_is(grid, state)
    assert out.stdout.count(f"last move: {last['player']}: {last['text']}") == 2


def positions_with_a_write_by_each_seat():
    """Positions of a game of seed 1 where the player to move has a write, red's and
    green's turns both among them, each with the move the hint player gives."""
    from wordbot.players import make_player

    hint = make_player("territory", GAME)
    state = GAME.new(seed=1)
    found = []
    while not state.is_over and len(found) < 6:
        move = hint.choose(state, random.Random(0))
        if isinstance(move, Write):
            found.append((state, move))
        state = state.apply(move)
    assert {s.seat for s, _ in found} == {0, 1}
    return found


def test_a_hints_picture_and_svg_are_the_position_with_the_move_written_in():
    for state, move in positions_with_a_write_by_each_seat():
        after = state.apply(move)
        word = state.word_of(move).text
        written = {
            cell: (ch.upper() if state.seat == 0 else ch.lower())
            for cell, ch in zip(state.cells_of(move, word), word)
        }
        # letters already on the board stay their writer's; the word fills the rest
        want = {**expected(state), **written}
        want.update({c: expected(state)[c] for c in state.cells})
        (grid,) = boards(picture(state, move).plain)
        drawn = {cell: ch for cell, ch in grid.items() if ch != "·"}
        assert drawn == want
        # the move's letters are the position's after it is made
        assert {c: after.cells[c][0] for c in written} == {
            c: ch.upper() for c, ch in written.items()
        }
        assert all(after.cells[c][1] == state.seat for c in written if c not in state.cells)
        svg = ET.fromstring(draw_svg(state, move))
        letters = {}
        cell = None
        for el in svg.iter():
            if el.tag == SVG + "title":
                cell = tuple(int(x) for x in el.text.split()[0].split(","))
            elif el.tag == SVG + "text":
                letters[cell] = (el.text, el.get("fill"))
        ink = {0: "#c62828", 1: "#2e7d32"}
        want_svg = {c: (ch.upper(), ink[state.seat]) for c, ch in written.items()}
        want_svg.update({c: (ch, ink[seat]) for c, (ch, seat) in state.cells.items()})
        assert letters == want_svg

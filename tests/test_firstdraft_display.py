"""First Draft's pictures: the SVG is XML and names every coaster's tiles and every
player's rows and pool, a move's changes are marked; the terminal text shows the same;
``wordbot hint`` prints the picture and writes the SVG through the real command line."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from wordbot.engine.firstdraft.display import (
    GOLD,
    added_letters,
    change,
    picture,
    svg,
)
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.state import EXAMPLE

from tests.cli_support import run as run_wordbot
from tests.firstdraft_support import random_action, random_positions
from tests.lexicons import small_lexicon

NS = "{http://www.w3.org/2000/svg}"


def finished(lexicon):
    """A game of three played to its end by random moves."""
    state, rng = GAME.new(["ann", "bob", "cy"], seed=4, lexicon=lexicon), random.Random(4)
    while not state.is_over:
        state = state.apply(random_action(state, rng), check=False)
    return state


@pytest.fixture(scope="module")
def states():
    """The docs/formats/firstdraft.md example, random positions of 2-5 player games and a
    finished one."""
    lexicon = small_lexicon()
    return (
        [GAME.from_json(EXAMPLE, lexicon)]
        + random_positions(lexicon, 8, seed=5)
        + [finished(lexicon)]
    )


def groups(root, cls):
    return [g for g in root.iter(NS + "g") if g.get("class") == cls]


def texts(el) -> list[str]:
    return [t.text for t in el.iter(NS + "text") if t.text]


def test_the_svg_names_every_coaster_and_every_row(states):
    for state in states:
        root = ET.fromstring(svg(state))
        assert root.tag == NS + "svg"
        coasters = groups(root, "coaster")
        assert [g.get("data-tiles") for g in coasters] == [c.tiles for c in state.line]
        for g, c in zip(coasters, state.line):
            # after its "k · value v" label (and its coins, a number)
            assert [t for t in texts(g)[1:] if t.isalpha()] == list(c.tiles)
            assert c.tiles in g.find(NS + "title").text
        hands = groups(root, "hand")
        assert [g.get("data-player") for g in hands] == list(state.players)
        for g, hand in zip(hands, state.hands):
            rows = {
                r.get("data-row"): r
                for r in g.iter(NS + "g")
                if r.get("class") in ("row", "pool")
            }
            for name, letters in (
                ("A", hand.rows[0]),
                ("B", hand.rows[1]),
                ("pool", hand.pool),
            ):
                assert rows[name].get("data-letters") == letters
                assert texts(rows[name]) == [name] + list(letters)
            assert f"{hand.coins} coins · {hand.discarded} discarded" in "".join(
                g.itertext()
            )


def test_the_terminal_text_shows_the_line_and_the_rows(states):
    assert states[-1].is_over
    for state in states:
        lines = picture(state).plain.splitlines()
        assert lines[0].startswith("game over · winners: " if state.is_over else "turn ")
        line = next(x for x in lines if x.startswith("line"))
        for k, c in enumerate(state.line, start=1):
            assert f"{k} {c.tiles} ({c.value})" in line
        for player, hand in zip(state.players, state.hands):
            at = next(i for i, x in enumerate(lines) if x[2:].startswith(player + "  "))
            assert lines[at].startswith("▶ ") == (
                player == state.to_move and not state.is_over
            )
            assert (
                f"{hand.coins} coins · {hand.discarded} discarded · score {hand.score}"
                in lines[at]
            )
            assert lines[at + 1].split() == ["A"] + [hand.rows[0] or "·"]
            assert lines[at + 2].split() == ["B"] + [hand.rows[1] or "·"]
            assert lines[at + 3].split() == ["pool"] + [hand.pool or "·"]


def test_a_move_marks_what_it_changes():
    state = GAME.from_json(EXAMPLE, small_lexicon())
    draft = state.parse_move("take 3 A=SOFT B=EX pool=A")
    assert change(state, draft)[:4] == (3, ("SOFT", "EX"), "A", (None, None))
    root = ET.fromstring(svg(state, draft))
    taken = [
        g for g in groups(root, "coaster") if g.find(NS + "rect").get("stroke") == GOLD
    ]
    assert [g.get("data-position") for g in taken] == ["3"]
    mover = groups(root, "hand")[0]
    rows = {r.get("data-row"): r for r in mover.iter(NS + "g") if r.get("class") == "row"}
    assert rows["A"].get("data-letters") == "SOFT" and rows["B"].get("data-letters") == "EX"
    gold = [r for r in rows["A"].iter(NS + "rect") if r.get("fill") == GOLD]
    assert len(gold) == 1  # the O is new
    text = picture(state, draft).plain
    assert "A  SFT → SOFT" in text and "pool  AE → A" in text
    assert text.endswith("take 3 A=SOFT B=EX pool=A  (pays 2, gains 1, discards 0)")
    sold = picture(state, state.parse_move("discard A")).plain
    assert "A  SFT  discarded -3" in sold
    assert sorted(added_letters("SFT", "SOFTEN")) == [1, 4, 5]


def test_wordbot_hint_prints_the_picture_and_writes_the_svg(tmp_path):
    position = tmp_path / "fd.json"
    position.write_text(json.dumps(EXAMPLE))
    svg = tmp_path / "best.svg"
    out = run_wordbot(
        "hint",
        str(position),
        "--player",
        "greedy",
        "--top",
        "2",
        "--svg",
        str(svg),
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "▶ p1  3 coins · 0 discarded · score 3" in out.stdout
    assert "B  BRN" in out.stdout and "line  1 ERT (3) ●1" in out.stdout
    assert "move  take " in out.stdout
    root = ET.fromstring(svg.read_text())
    hands = {g.get("data-player"): g for g in groups(root, "hand")}
    rows = {
        r.get("data-row"): r.get("data-letters")
        for r in hands["p2"].iter(NS + "g")
        if r.get("data-row")
    }
    assert rows == {"A": "QI", "B": "BRN", "pool": ""}

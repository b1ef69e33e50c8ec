"""``wordbot hint`` through the command line: a real process (the built-in position's
JSON), and the text and SVG and the long lists of cases in this process
(tests.cli_support)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import move_from_json

from tests.cli_support import invoke
from tests.conftest import ROOT
from tests.controlword_support import position
from tests.lexicons import small_words

SMALL = str(ROOT / "tests" / "data" / "small_words.txt")
KEYS = {
    "move",
    "notation",
    "points",
    "control_change",
    "equity",
    "win_rate",
    "iterations",
    "words",
}


def test_builtin_position_json(wordbot_cli):
    out = wordbot_cli("hint", "--json", "--top", "3", "--lexicon", SMALL)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "controlword" and data["player"] == "control"
    assert len(data["candidates"]) == 3
    assert all(set(c) == KEYS for c in data["candidates"])
    equities = [c["equity"] for c in data["candidates"]]
    assert equities == sorted(equities, reverse=True)


def test_hint_moves_are_legal_and_best_first(tmp_path):
    lex = small_words()
    start = GAME.new(["red", "green"], seed=21, lexicon=lex)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(start.to_json()))
    out = invoke(
        "hint", str(path), "--json", "--lexicon", SMALL, "--player", "greedy", "--top", "4"
    )
    data = json.loads(out.stdout)
    for cand in data["candidates"]:
        move = move_from_json(cand["move"])
        start.check(move)
        assert start.notation(move) == cand["notation"]
    points = [c["points"] for c in data["candidates"]]
    assert points == sorted(points, reverse=True)


def test_text_output_and_svg(tmp_path):
    svg = tmp_path / "best.svg"
    out = invoke("hint", "--svg", str(svg), "--lexicon", SMALL)
    assert out.returncode == 0, out.stderr
    assert "to move" in out.stdout and "words that change" in out.stdout
    root = ET.fromstring(svg.read_text())
    assert root.tag.endswith("svg")
    assert any(el.get("stroke") for el in root.iter())  # the best move is framed


def test_mc_with_tiny_time_still_answers():
    out = invoke("hint", "--player", "mc:k=3", "--time", "0", "--json", "--lexicon", SMALL)
    assert out.returncode == 0, out.stderr
    cands = json.loads(out.stdout)["candidates"]
    # one playout each, to the end of the round: its value there, no win rate
    assert cands and cands[0]["iterations"] >= 1 and cands[0]["win_rate"] is None
    assert cands[0]["margin_at"] == "horizon"


def one_line_error(out, needle):
    assert out.returncode == 2, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert "Traceback" not in out.stderr


def test_bad_input(tmp_path):
    one_line_error(
        invoke("hint", "--player", "wizard", "--lexicon", SMALL),
        "unknown player 'wizard'",
    )
    one_line_error(
        invoke("hint", "--player", "mc:depth=3", "--lexicon", SMALL),
        "unknown option 'depth'",
    )

    def at_on_the_mat(name: str, red: str, **fields) -> str:
        """A position file: AT on the mat, ``red`` red's rack and B green's."""
        path = tmp_path / name
        tiles = [[0, 0, "A", "blue"], [0, 1, "T", "blue"]]
        path.write_text(
            json.dumps(position(tiles, racks={"red": red, "green": "B"}, **fields))
        )
        return str(path)

    over = at_on_the_mat("over.json", "A", phase="over")
    one_line_error(invoke("hint", over, "--lexicon", SMALL), "game is over")
    forbidden = at_on_the_mat("rack.json", "ZZ")
    one_line_error(invoke("hint", forbidden, "--lexicon", SMALL), "red")
    unwritable = tmp_path / "no" / "such" / "dir.svg"
    one_line_error(invoke("hint", "--svg", str(unwritable), "--lexicon", SMALL), "--svg")


def test_help_names_the_users_documents():
    out = invoke("hint", "--help")
    text = " ".join(out.stdout.split())
    assert out.returncode == 0 and "docs/formats.md" in text
    assert "FORMATS.md" not in text and "RULES.md" not in text

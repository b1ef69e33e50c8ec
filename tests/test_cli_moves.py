"""``wordbot moves`` on positions from ``wordbot new``, through the command line (real
processes, and in this process: tests.cli_support). The word plays run in a real process;
``new`` (real in tests/test_controlword_engine_cli.py), the counts, kinds, the bench and a
bad position run the same command line in this process."""

from __future__ import annotations

import json

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword import GAME, move_from_json

from tests.cli_support import invoke
from tests.reference import controlword as reference

SMALL = "tests/data/small_words.txt"


@pytest.fixture(scope="module")
def start(tmp_path_factory):
    from tests.conftest import ROOT

    out = invoke("new", "--seed", "11", "--lexicon", str(ROOT / SMALL), cwd=ROOT)
    assert out.returncode == 0, out.stderr
    path = tmp_path_factory.mktemp("pos") / "start.json"
    path.write_text(out.stdout)
    return path


def small_lexicon():
    from tests.conftest import ROOT

    return Lexicon.load(ROOT / SMALL, report=None)


def test_word_plays_json_equal_the_reference(wordbot_cli, start):
    from tests.conftest import ROOT

    out = wordbot_cli(
        "moves", str(start), "--kind", "word", "--json", "--lexicon", str(ROOT / SMALL)
    )
    assert out.returncode == 0, out.stderr
    moves = [move_from_json(m) for m in json.loads(out.stdout)]
    lex = small_lexicon()
    state = GAME.from_json(json.loads(start.read_text()), lex)
    expected = reference.word_plays(state.board, state.racks[state.to_move], lex)
    got = {frozenset((p.row, p.col, p.letter) for p in m.tiles) for m in moves}
    assert got == expected and len(moves) == len(expected)
    for m in moves:  # every listed move is legal for the engine's own checker
        state.check(m)


def test_count_and_all_kinds(start):
    from tests.conftest import ROOT

    lex_args = ("--lexicon", str(ROOT / SMALL))
    word = int(invoke("moves", str(start), "--kind", "word", "--count", *lex_args).stdout)
    every = int(invoke("moves", str(start), "--count", *lex_args).stdout)
    state = GAME.from_json(json.loads(start.read_text()), small_lexicon())
    # word phase: word plays + pass + redraw + an exchange per own letter and blue bag
    own_letters = {ch for ch in state.racks[state.to_move] if ch.isupper()}
    assert every == word + 2 + 2 * len(own_letters)
    text = invoke("moves", str(start), *lex_args).stdout.splitlines()
    assert len(text) == every
    points = [int(line.split()[0]) for line in text]
    assert points == sorted(points, reverse=True)


def test_replace_kind_uses_the_replacement_limit(start):
    from tests.conftest import ROOT

    out = invoke(
        "moves", str(start), "--kind", "replace", "--json", "--lexicon", str(ROOT / SMALL)
    )
    moves = json.loads(out.stdout)
    state = GAME.from_json(json.loads(start.read_text()), small_lexicon())
    assert moves and max(len(m["tiles"]) for m in moves) <= state.replacement_limit


def test_bench_prints_figures(start):
    from tests.conftest import ROOT

    out = invoke("moves", str(start), "--bench", "3", "--lexicon", str(ROOT / SMALL))
    assert out.returncode == 0, out.stderr
    fields = dict(part.split("=") for part in out.stdout.split())
    assert set(fields) == {"min_us", "median_us", "moves"}
    assert float(fields["min_us"]) <= float(fields["median_us"])


def test_bad_position_is_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wordbot.controlword.position/1"}')
    out = invoke("moves", str(bad))
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr

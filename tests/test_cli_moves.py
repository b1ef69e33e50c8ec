"""``wordbot moves`` on positions from ``wordbot new``, through the command line (real
processes, and in this process: tests.cli_support). The word plays run in a real process;
``new`` (real in tests/test_controlword_engine_cli.py), the counts, kinds, the bench and a
bad position run the same command line in this process."""

from __future__ import annotations

import json

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import move_from_json

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


def test_best_moves_are_the_top_of_the_whole_list_by_points(start):
    """``--best --top K``: the K moves that add most to the mover's score, as the
    engine scores them when played, fewest tiles first among equals; the same move
    objects as ``moves --json``."""
    from tests.conftest import ROOT

    lex_args = ("--lexicon", str(ROOT / SMALL))
    state = GAME.from_json(json.loads(start.read_text()), small_lexicon())
    every = [
        move_from_json(m)
        for m in json.loads(invoke("moves", str(start), "--json", *lex_args).stdout)
    ]
    mover = state.to_move

    def gain(move):
        return state.apply(move).scores[mover] - state.scores[mover]

    ranked = sorted(every, key=lambda m: (-gain(m), len(getattr(m, "tiles", ())) or 64))
    for k in (1, 4):
        out = invoke("moves", str(start), "--best", "--top", str(k), "--json", *lex_args)
        assert out.returncode == 0, out.stderr
        best = [move_from_json(m) for m in json.loads(out.stdout)]
        assert len(best) == k and all(m in every for m in best)
        assert [gain(m) for m in best] == [gain(m) for m in ranked[:k]]
        assert [len(m.tiles) for m in best] == [len(m.tiles) for m in ranked[:k]]
    text = invoke("moves", str(start), "--best", "--top", "3", *lex_args).stdout
    assert [int(line.split()[0]) for line in text.splitlines()] == [
        gain(m) for m in ranked[:3]
    ]


def test_best_by_control_is_the_control_players_ranking(start):
    from tests.conftest import ROOT

    lex_args = ("--lexicon", str(ROOT / SMALL))
    out = invoke(
        "moves", str(start), "--best", "--top", "3", "--by", "control", "--json", *lex_args
    )
    assert out.returncode == 0, out.stderr
    hint = invoke(
        "hint", str(start), "--player", "control", "--top", "3", "--json", *lex_args
    )
    assert hint.returncode == 0, hint.stderr
    candidates = json.loads(hint.stdout)["candidates"]
    assert json.loads(out.stdout) == [c["move"] for c in candidates]


def test_best_options_are_checked(start, tmp_path):
    from tests.conftest import ROOT

    lex_args = ("--lexicon", str(ROOT / SMALL))
    bench = invoke("moves", str(start), "--best", "--top", "2", "--bench", "3", *lex_args)
    assert bench.returncode == 0, bench.stderr
    fields = dict(part.split("=") for part in bench.stdout.split())
    assert fields["moves"] == "2" and float(fields["min_us"]) <= float(fields["median_us"])
    for args, needle in (
        (("--top", "2"), "--best"),
        (("--best", "--by", "control", "--kind", "word"), "--by control"),
        (("--best", "--top", "0"), "--top"),
    ):
        out = invoke("moves", str(start), *args, *lex_args)
        assert out.returncode == 2 and needle in out.stderr, (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    routes = tmp_path / "routes.json"
    routes.write_text(invoke("new", "--game", "routewords", "--seed", "2").stdout)
    out = invoke("moves", str(routes), "--best", "--by", "control")
    assert out.returncode == 2 and "--by control" in out.stderr
    best = invoke("moves", str(routes), "--best", "--top", "2")
    assert best.returncode == 0 and len(best.stdout.splitlines()) == 2

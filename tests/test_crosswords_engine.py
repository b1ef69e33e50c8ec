"""The Cross words combat engine: pages read as the reference reads them, the set-up,
positions in and out (each bad field named), every writing rule refused by name with
nothing changed, notation that round-trips, the end, records, and the faces: the real
command line (``new --page``, ``moves``, ``apply``, ``hint``) and the line protocol's
pages. A whole game through the Python client is the contract's
(tests/test_game_contract.py)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordbot.engine.crosswords.game import GAME
from wordbot.engine.crosswords.moves import Pass, Write
from wordbot.engine.crosswords.pages import Extra, Page
from wordbot.engine.display import picture
from wordbot.engine.display import svg as draw_svg
from wordbot.engine.errors import IllegalMove, MoveError, PositionError, StateError
from wordbot.players import make_player
from wordbot.players.arena import play_game

from tests.cli_support import SHORT_TOURNAMENT, invoke
from tests.cli_support import run as run_wordbot
from tests.crosswords_support import random_game_states
from tests.reference import crosswords as ref

# red: AN at (4, 0); green: BY at (-4, 0) (start_gap 4)
PAGES = {"red": "An ant, tan nab 3 tab. Bat\nNat at y", "green": "By my ox; yo b"}


@given(st.text(alphabet="ab AB12,.\n\r\t-éx", max_size=80))
@settings(max_examples=200, deadline=None)
def test_pages_read_as_the_reference_reads_them(text):
    rows = ref.page_rows(text)
    if not any(ref.row_words(r) for r in rows):
        with pytest.raises(PositionError):
            Page.from_text(text)
        return
    page = Page.from_text(text)
    assert list(page.rows) == rows
    assert [w.text for w in page.words] == [w for r in rows for w in ref.row_words(r)]
    for w in page.words:
        marker = ref.combo_marker(rows[w.row], w.index)
        assert (w.marker.to_json() if w.marker else None) == marker


def test_set_up_writes_both_start_words_and_red_moves_first():
    state = GAME.new(pages=PAGES, rules=GAME.rules(["start_gap=3"]))
    assert state.cells == {
        (3, 0): ("A", 0),
        (3, 1): ("N", 0),
        (-3, 0): ("B", 1),
        (-3, 1): ("Y", 1),
    }
    assert state.to_move == "red" and state.turns == (0, 0) and not state.captured
    assert state.used == (frozenset({(0, 0)}), frozenset({(0, 0)}))
    # the bundled pages
    default = GAME.new()
    assert default.pages[0].words[0].text == "CHAPTER" and len(default.pages[1].words) > 200


def test_a_page_without_a_word_is_refused():
    with pytest.raises(StateError, match="page green"):
        GAME.new(pages={"green": "1 2 3, a b c"})


def test_positions_round_trip_and_replay_exactly():
    for state in random_game_states(3)[::5]:
        obj = state.to_json()
        again = GAME.from_json(json.loads(json.dumps(obj)))
        assert again.to_json() == obj
        assert [m.to_json() for m in again.legal_moves()] == [
            m.to_json() for m in state.legal_moves()
        ]


def _changed(obj, path, value):
    out = copy.deepcopy(obj)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


@pytest.mark.parametrize(
    "path,value,field",
    [
        (("players",), ["green", "red"], "players"),
        (("to_move",), "blue", "to_move"),
        (("phase",), "bonus", "phase"),
        (("cells",), [[4, 0, "A", "red"], [4, 0, "N", "red"]], "cells[1]"),
        (("cells", 0, 2), "a", "cells[0]"),
        (("captured",), [[4, 0, "red"]], "captured[0]"),
        (("pages", "red", "rows"), ["1 2 3"], "pages.red.rows"),
        (("pages", "red", "used"), [[0, 0], [5, 0]], "pages.red.used[1]"),
        (("pages", "red", "used"), [[0, 1]], "pages.red.used"),
        (("extra",), [{"lengths": [5, 2]}], "extra[0].lengths"),
        (("extra",), [{"colour": 1}], "extra[0].colour"),
        (("turns_taken",), {"red": -1, "green": 0}, "turns_taken.red"),
        (("scores",), {"red": 2, "green": 0}, "scores.red"),
        (("surprise",), 1, "surprise"),
    ],
)
def test_a_bad_position_names_its_field(path, value, field):
    obj = GAME.new(pages=PAGES).to_json()
    with pytest.raises(PositionError) as err:
        GAME.from_json(_changed(obj, path, value))
    assert str(err.value).startswith(field), str(err.value)


def test_cells_that_disagree_with_the_used_words_are_refused():
    obj = GAME.new(pages=PAGES).to_json()
    more = _changed(obj, ("cells",), obj["cells"] + [[5, 0, "Z", "red"]])
    with pytest.raises(PositionError, match="cells: red wrote 1 Z"):
        GAME.from_json(more)
    moved = copy.deepcopy(obj)
    moved["cells"] = [
        c if c[3] == "green" else [c[0] + 1, c[1], c[2], c[3]] for c in obj["cells"]
    ]
    with pytest.raises(PositionError, match="start word AN"):
        GAME.from_json(moved)


def situation():
    """Red to move (AN at 4,0-4,1; ANT and NAT next) with green's O at 3,2."""
    state = GAME.new(pages=PAGES)
    return state._copy(
        cells={**state.cells, (3, 2): ("O", 1)},
        used=(state.used[0], state.used[1] | {(0, 2)}),
    )


@pytest.mark.parametrize(
    "move,rule",
    [
        (Write(0, 1, 0, 5, "across"), "own_letter"),  # ANT far from red's letters
        (Write(0, 2, 4, 0, "down"), "next_word"),  # TAN: ANT comes first
        (Write(0, 1, 4, 1, "across"), "letters"),  # ANT's A on AN's N
        (Write(0, 1, 4, 0, "across"), "opponent_adjacent"),  # T at 4,2 under green's O
        (Write(0, 0, 4, 0, "across"), "used"),  # AN again
        (Write(9, 0, 4, 0, "across"), "page"),
        (Pass(), "pass"),
    ],
)
def test_a_bad_move_names_its_rule_and_changes_nothing(move, rule):
    state = situation()
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply(move)
    assert err.value.rule == rule, str(err.value)
    assert state.to_json() == before
    # the reference refuses it too
    if move.type == "write":
        with pytest.raises(ValueError):
            ref.apply(before, move.to_json())


def test_captured_and_filled_cells_and_extra_turn_restrictions():
    state = GAME.new(pages={"red": "An an ant", "green": "By my"})
    with pytest.raises(IllegalMove) as err:  # the second AN fills no empty cell
        state.apply(state.parse_move("write AN@0.1 4,0 across"))
    assert err.value.rule == "new_cell"
    state = state.apply(state.parse_move("write AN@0.1 4,0 down"))  # A 4,0 N 5,0
    captured = state._copy(to_move="red", captured={(6, 0): 1})
    with pytest.raises(IllegalMove) as err:  # ANT down from 4,0 over the captured 6,0
        captured.apply(captured.parse_move("write ANT 4,0 down"))
    assert err.value.rule == "captured"
    # an extra turn for words starting with Z has no write: a pass, and the turn is lost
    stuck = captured._copy(extra=(Extra(first_letter="Z"),))
    assert list(stuck.legal_moves()) == [Pass()]
    with pytest.raises(IllegalMove) as err:
        stuck.apply(stuck.parse_move("write ANT 4,0 across"))
    assert err.value.rule == "extra"
    after = stuck.apply(Pass())
    assert after.to_move == "green" and after.turns == stuck.turns


def test_notation_round_trips_and_names_repeated_words():
    for state in random_game_states(5)[::3]:
        for move in list(state.legal_moves())[:20]:
            text = state.notation(move)
            assert state.parse_move(text) == move, text
    page = "Go go, go on\nOn go"
    state = GAME.new(pages={"red": page})
    assert state.pages[0].words[0].text == "GO"
    # GO at [0, 1] is next in row 0 and GO at [1, 1] is not: no @ needed
    moves = list(state.legal_moves())
    assert all("@" not in state.notation(m) for m in moves if m.row == 0)
    with pytest.raises(MoveError):
        state.parse_move("write GO 4,0 sideways")


def test_the_game_ends_at_the_turn_limit_and_when_nobody_can_write():
    state = GAME.new(pages=PAGES, rules=GAME.rules(["turn_limit=2"]))
    rng = random.Random(1)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    assert state.turns == (2, 2) and state.extra == ()
    # two pages whose words share no letter with their start words: nobody can write
    blocked = GAME.new(pages={"red": "ab cd", "green": "ef gh"})
    assert blocked.is_over and blocked.scores == {"red": 0, "green": 0}
    assert len(blocked.legal_moves()) == 0


def test_greedy_takes_the_most_cells_and_every_player_finishes():
    for spec in ("random", "greedy", "mc:iterations=2,k=3,time=30"):
        bot = make_player(spec, GAME)
        result = play_game(GAME.new(seed=2, pages=PAGES), dict.fromkeys(GAME.seats, bot), 2)
        assert result.final.is_over and result.forfeit is None
    for state in random_game_states(7)[:40]:
        if state.is_over:
            continue
        moves = state.legal_moves()
        best = make_player("greedy", GAME).top(state, 1)[0]
        assert best.points == max(moves.gains())


# -- the real command line, protocol and client --------------------------------------------


def test_the_command_line_new_moves_apply_and_hint(tmp_path):
    page = tmp_path / "red.txt"
    page.write_text("An ant, tan nab 3 tab\n", encoding="utf-8")
    new = run_wordbot("new", "--game", "crosswords", "--page", f"red={page}")
    assert new.returncode == 0, new.stderr
    obj = json.loads(new.stdout)
    assert obj["pages"]["red"]["rows"] == ["An ant, tan nab 3 tab"]
    pos = tmp_path / "pos.json"
    pos.write_text(new.stdout)
    listed = invoke("moves", str(pos), "--json")
    state = GAME.from_json(obj)
    assert json.loads(listed.stdout) == [m.to_json() for m in state.legal_moves()]
    count = invoke("moves", str(pos), "--count")
    assert int(count.stdout) == len(state.legal_moves())
    applied = invoke("apply", str(pos), "write ANT 4,0 down")
    assert applied.returncode == 0, applied.stderr
    assert (
        json.loads(applied.stdout)
        == state.apply(state.parse_move("write ANT 4,0 down")).to_json()
    )
    bad = invoke("apply", str(pos), "write ANT 4,1 down")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().count("\n") == 0 and "illegal move (letters)" in bad.stderr
    hint = run_wordbot("hint", str(pos), "--json")
    cands = json.loads(hint.stdout)["candidates"]
    assert {"crossed", "enclosed", "extra_turns"} <= set(cands[0])
    wrong = invoke("new", "--game", "crosswords", "--page", "blue=x.txt")
    assert wrong.returncode == 2 and "'blue' is not a player" in wrong.stderr


def test_pictures_show_every_letter_and_captured_cell():
    import xml.etree.ElementTree as ET

    for state in random_game_states(11)[::6]:
        svg = ET.fromstring(draw_svg(state))
        texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
        assert sorted(texts) == sorted(ch for ch, _ in state.cells.values())
        titles = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}title")]
        assert sum("captured by" in t for t in titles) == len(state.captured)
        text = picture(state).plain
        letters = [ch for ch in text if ch.isalpha() and not ch.isspace()]
        assert len(state.cells) <= len(letters)
        if not state.is_over:
            assert "red's next words:" in text and "green's next words:" in text


def test_territory_looks_ahead_and_says_why():
    from wordbot.players import make_player

    # the hand-set weights: learned ones may trade a capture now for a larger threat
    bot = make_player("territory:eval=hand", GAME)
    greedy = make_player("greedy", GAME)
    seen = 0
    states = [s for seed in range(4, 12) for s in random_game_states(seed)[3::4]]
    for state in states:
        if state.is_over or state.legal_moves().pass_only:
            continue
        top = bot.top(state, 3)
        assert [c.equity for c in top] == sorted((c.equity for c in top), reverse=True)
        for cand in top:
            assert {
                "crossed",
                "enclosed",
                "extra_turns",
                "next_best",
                "opponent_best",
            } <= set(cand.details) or state.apply(cand.move).is_over
            assert cand.points == cand.details["crossed"] + cand.details["enclosed"]
        # it never gives up more than greedy's best capture for nothing it can see
        assert top[0].points >= greedy.top(state, 1)[0].points - 3
        seen += 1
    assert seen > 5


def test_the_line_protocol_takes_pages_and_refuses_bad_ones():
    from tests.faces_support import EngineProcess

    engine = EngineProcess("--game", "crosswords")
    try:
        reply = engine.ask({"id": 1, "cmd": "newgame", "pages": {"red": "An ant at"}})
        assert reply["position"]["pages"]["red"]["rows"] == ["An ant at"]
        assert reply["position"] == GAME.new(pages={"red": "An ant at"}).to_json()
        reply = engine.ask({"id": 2, "cmd": "newgame", "pages": {"red": "1 2 a"}})
        assert reply["type"] == "error" and "page red" in reply["error"]["message"]
        reply = engine.ask({"id": 3, "cmd": "newgame", "pages": ["An ant"]})
        assert reply["type"] == "error" and reply["error"]["message"].startswith("pages:")
        reply = engine.ask({"id": 4, "cmd": "moves"})  # still the first game
        assert len(reply["moves"]) == len(
            GAME.new(pages={"red": "An ant at"}).legal_moves()
        )
    finally:
        assert engine.close() == 0


def test_terminal_play_reads_the_pages(tmp_path):
    page = tmp_path / "red.txt"
    page.write_text("Hello world, 2 go\nSo it goes on\n", encoding="utf-8")
    run = run_wordbot(
        "play",
        "--game",
        "crosswords",
        "--page",
        f"red={page}",
        "--vs",
        "greedy",
        "--no-record",
        "--color",
        "never",
        input="hint 1\nquit\n",
    )
    assert run.returncode == 0, run.stderr
    assert "red's next words: WORLD, SO" in run.stdout
    assert "1. write WORLD " in run.stdout or "1. write SO " in run.stdout
    refused = invoke("play", "--page", f"red={page}", "--no-record", input="quit\n")
    assert refused.returncode == 2 and "--page: Control Word has no" in refused.stderr


def test_a_tournament_plays_on_the_pages_given_and_its_records_replay(tmp_path):
    page = tmp_path / "red.txt"
    page.write_text("Hello world, 2 go\nSo it goes on\n", encoding="utf-8")
    out = tmp_path / "t"
    run = run_wordbot(
        "tournament",
        "--game",
        "crosswords",
        *SHORT_TOURNAMENT,
        "--workers",
        "2",
        "--page",
        f"red={page}",
        "--out",
        str(out),
        "--quiet",
    )
    assert run.returncode == 0, run.stderr
    records = sorted((out / "games").glob("*.jsonl"))
    assert len(records) == 4
    for record in records:
        start = json.loads(record.read_text().splitlines()[0])["start"]
        assert start["pages"]["red"]["rows"] == ["Hello world, 2 go", "So it goes on"]
        replay = invoke("replay", str(record))
        assert replay.returncode == 0 and "every position matches" in replay.stdout
    again = invoke("tournament", "--resume", str(out), "--page", f"red={page}")
    assert again.returncode == 2 and "--page is for a new one" in again.stderr

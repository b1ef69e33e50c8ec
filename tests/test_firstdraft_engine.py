"""The First Draft engine (docs/rules/firstdraft.md, docs/formats/firstdraft.md): set-up
from a seed and bad input (one line naming the field or rule, exit code 2, nothing
changed). The rules of play and the rule options are tests/test_firstdraft_rules.py's;
notation and JSON, hidden information, records and replay, the faces and the bots
tests/test_firstdraft_records_and_faces.py's; move generation exactness against the
reference tests/test_firstdraft_movegen.py's."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from wordbot.engine.errors import (
    IllegalMove,
    PositionError,
    StateError,
)
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.moves import Sell
from wordbot.engine.firstdraft.position import Hand
from wordbot.engine.firstdraft.rules import Rules
from wordbot.engine.firstdraft.state import EXAMPLE
from wordbot.engine.tiles import FULL_BAG

from tests import firstdraft_support
from tests.cli_support import invoke, run
from tests.firstdraft_support import (
    changed,
    one_line_error,
    tiles_of,
    with_bag,
)
from tests.lexicons import small_lexicon
from tests.movelists import refused
from wordbot.errors import WordbotError

# the First Draft example's word list and files, module-scoped fixtures that pytest finds
# here by name
lex = firstdraft_support.lex
files = firstdraft_support.files

# -- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_set_up_from_a_seed(count):
    players = ["ann", "bob", "cy", "dee", "eve"][:count]
    state = GAME.new(players, seed=11, lexicon=small_lexicon())
    assert state.players == tuple(players) and state.to_move == "ann"
    assert state.phase == "turn" and state.turn == 1 and not state.is_over
    assert len(state.line) == 5
    for c in state.line:
        assert len(c.tiles) == c.value and c.coins == 0
    assert Counter(c.value for c in state.line) + Counter(state.deck) == Counter(
        (1, 2, 2, 3, 3, 3, 3, 4, 4, 5)
    )
    assert state.pile == ()
    assert all(h == Hand(4, ("", ""), "", 0) for h in state.hands)
    assert state.scores == dict.fromkeys(players, 4)
    assert state.gone == ""
    assert len(state.bag) + sum(c.value for c in state.line) == 98
    assert tiles_of(state) == Counter(FULL_BAG)
    # the same seed gives the same game, another seed another
    again = GAME.new(players, seed=11, lexicon=small_lexicon())
    assert again.to_json() == state.to_json() and again.bag == state.bag
    assert GAME.new(players, seed=12, lexicon=small_lexicon()).bag != state.bag
    # the position reads back to the same state
    assert GAME.from_json(state.to_json(), small_lexicon()).to_json() == state.to_json()


def test_the_default_players_and_the_command_line_set_up(files):
    assert GAME.new(seed=1, lexicon=small_lexicon()).players == ("p1", "p2")
    args = ("new", "--game", "firstdraft", "--players", "a,b,c", "--seed", "5")
    first, second = (invoke(*args, "--lexicon", files["words"]) for _ in range(2))
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    obj = json.loads(first.stdout)
    assert obj["format"] == "wordbot.firstdraft.position/1"
    assert obj["players"] == ["a", "b", "c"] and obj["scores"] == {"a": 4, "b": 4, "c": 4}
    assert obj["rules"]["row_limit"] == 9 and obj["rules"]["pool_limit"] == 4


@pytest.mark.parametrize("players", [["solo"], ["a", "b", "c", "d", "e", "f"]])
def test_one_or_six_players_are_refused(players, files):
    with pytest.raises(StateError, match="players"):
        GAME.new(players, seed=1, lexicon=small_lexicon())
    obj = changed(
        players=players, to_move=players[0], scores=dict.fromkeys(players, 4), hands={}
    )
    obj["hands"] = {
        p: {"coins": 4, "rows": ["", ""], "pool": "", "discarded": 0} for p in players
    }
    with pytest.raises(PositionError, match="^players"):
        GAME.from_json(obj, small_lexicon())
    run = invoke(
        "new",
        "--game",
        "firstdraft",
        "--players",
        ",".join(players),
        "--lexicon",
        files["words"],
    )
    one_line_error(run, "players")


def test_a_set_up_the_bag_cannot_fill_is_refused_and_one_it_can_is_filled():
    # docs/rules/firstdraft.md: each of the line's five coasters is filled with as many tiles as its
    # value; five 20s need 100 of the 98 tiles, so the set-up cannot be made
    rules = Rules.parse(["coasters=20,20,20,20,20,20"])
    with pytest.raises(StateError, match="coasters") as err:
        GAME.new(seed=1, rules=rules, lexicon=small_lexicon())
    assert "98" in str(err.value) and str(err.value).count("\n") == 0
    # five 19s need 95: the line is filled and 3 tiles stay in the bag
    rules = Rules.parse(["coasters=19,19,19,19,19,19"])
    state = GAME.new(seed=1, rules=rules, lexicon=small_lexicon())
    assert [len(c.tiles) for c in state.line] == [19] * 5 and len(state.bag) == 3
    assert tiles_of(state) == Counter(FULL_BAG)
    assert GAME.from_json(state.to_json(), small_lexicon()).to_json() == state.to_json()


# -- bad positions -------------------------------------------------------------------------

BAD_POSITIONS = [
    (changed(hands={"p1": {"rows": ["SFTAEIOUL" + "D", ""]}}), "hands.p1.rows[0]"),
    (changed(hands={"p2": {"rows": ["QI", "BRNAEIOUST"]}}), "hands.p2.rows[1]"),
    (changed(hands={"p1": {"pool": "AEIOU"}}), "hands.p1.pool"),
    (changed(hands={"p1": {"pool": "A1"}}), "hands.p1.pool"),
    (changed(hands={"p1": {"rows": ["SFT", "É"]}}), "hands.p1.rows[1]"),
    (
        changed(line=[{"value": 3, "tiles": "E*T", "coins": 1}] + EXAMPLE["line"][1:]),
        "line[0].tiles",
    ),
    (changed(hands={"p2": {"rows": ["QI", "BRNQ"]}}), "tiles"),  # two Qs: the set has one
    (changed(hands={"p1": {"pool": "ZZ"}}), "tiles"),
    (
        changed(line=EXAMPLE["line"][:4] + [{"value": 6, "tiles": "IGPEEA", "coins": 0}]),
        "line",
    ),  # no coaster of value 6
    (
        changed(line=EXAMPLE["line"][:4] + [{"value": 5, "tiles": "IGPEA", "coins": 0}]),
        "deck",
    ),  # the one 5 is in the line and in the deck
    (changed(deck=[2, 7]), "deck"),
    (
        changed(line=[{"value": 3, "tiles": "ERTS", "coins": 1}] + EXAMPLE["line"][1:]),
        "line[0].tiles",
    ),  # 4 tiles on a 3
    (changed(scores={"p1": 3, "p2": 6}), "scores.p2"),  # 6 coins, but 2 discarded
    (changed(scores={"p1": 4, "p2": 4}), "scores.p1"),
    (changed(colour="red"), "colour"),
    (changed(hands={"p1": {"extra": 1}}), "extra"),
    (changed(gone="RUNT", bag="AEIOU"), "tiles"),  # tiles nowhere
    (changed(to_move="p3"), "to_move"),
    (changed(phase="draft"), "phase"),
    (changed(hands={"p1": {"coins": -1}}), "hands.p1.coins"),
    (changed(rules={"pool_limit": 10}), "rules.pool_limit"),
]


@pytest.mark.parametrize("obj, field", BAD_POSITIONS)
def test_a_bad_position_names_its_field(obj, field, lex):
    with pytest.raises(WordbotError) as err:
        GAME.from_json(obj, lex)
    assert field in str(err.value), err.value
    assert str(err.value).count("\n") == 0


def test_a_position_needs_bag_or_gone(lex):
    obj = changed()
    del obj["gone"]
    with pytest.raises(PositionError, match="^bag"):
        GAME.from_json(obj, lex)


@pytest.mark.parametrize("obj, field", BAD_POSITIONS)
def test_the_command_line_refuses_a_bad_position_in_one_line(obj, field, files):
    path = files["root"] / "bad-position.json"
    text = json.dumps(obj)
    path.write_text(text)
    one_line_error(
        invoke("moves", str(path), "--count", "--lexicon", files["words"]), field
    )
    one_line_error(
        invoke("apply", str(path), "discard", "A", "--lexicon", files["words"]), field
    )
    assert path.read_text() == text


def test_a_real_command_line_refuses_bad_input_in_one_line(files):
    """A bad position and a bad move through real ``wordbot`` processes, two more bad
    moves through the same command line in this process."""
    obj = changed(hands={"p1": {"pool": "AEIOU"}})
    bad = run("moves", "-", "--count", "--lexicon", files["words"], input=json.dumps(obj))
    one_line_error(bad, "hands.p1.pool")
    path = files["root"] / "bad-scores.json"
    path.write_text(json.dumps(changed(scores={"p1": 3, "p2": 6})))
    one_line_error(
        run("apply", str(path), "sell A", "--lexicon", files["words"]), "scores.p2"
    )
    before = files["example"].read_bytes()
    one_line_error(
        invoke(
            "apply",
            str(files["example"]),
            "take 3 A=FST B=EX pool=A",
            "--lexicon",
            files["words"],
        ),
        "reorder",
        "moves letters",
    )
    one_line_error(
        invoke(
            "apply",
            str(files["example"]),
            "take",
            "5",
            "A=SFTI",
            "B=GP",
            "pool=AE",
            "--lexicon",
            files["words"],
        ),
        "pay",
        "costs 4 coins",
    )
    assert files["example"].read_bytes() == before


# -- bad moves -----------------------------------------------------------------------------

# in the example p1 has 3 coins, rows SFT and empty, pool AE; the line is ERT(1 coin),
# A(1), OX(1), DELN, GIP
BAD_MOVES = [
    ("take 3 A=FST B=EX pool=A", "reorder"),  # reorders row A
    ("take 3 A=SOFTS B=EX pool=A", "letters"),  # an S it does not have
    ("take 3 A=SOFTE B=EXE pool=A", "letters"),  # one E only
    ("take 3 A=SOFT B= pool=A", "pool"),  # 3 left (AEX): nothing may be discarded
    ("take 3 A=SOFT B= pool=AEZ", "pool"),  # keeps a Z it does not have
    ("take 3 A=SFT B= pool=AEO", "pool"),  # exactly 4 left: keeps them all
    ("take 4 A=SFT B= pool=AE", "pool"),  # 6 left: keeps exactly 4
    ("take 4 A=SFT B= pool=AEEO", "pool"),  # 6 left (ADEELN): no O among them
    ("take 5 A=SFTI B=GP pool=AE", "pay"),  # costs 4 coins; p1 has 3
    ("take 6 A=SFT B= pool=AE", "draft"),  # the line has 5 coasters
    ("sell A", "sell"),  # SFT is not a word
    ("sell B", "sell"),  # empty
    ("discard B", "discard"),  # empty
    ("insert I A0", "insert"),  # no I in the pool
    ("insert A A4", "insert"),  # past the end of SFT
    ("take 0 A=SFT B= pool=AE", "move.coaster"),
    ("take 3 A=SOFT B=EX", "move"),  # the pool is not named
    ("fly A", "move"),
    ({"type": "sell", "row": "A", "extra": 1}, "move.extra"),
    ({"type": "insert", "row": "C", "at": 0, "letter": "A"}, "move.row"),
    ({"type": "draft", "coaster": 3, "rows": ["SOFT"], "pool": "A"}, "move.rows"),
]


@pytest.mark.parametrize("move, rule", BAD_MOVES)
def test_a_bad_move_names_its_rule_and_changes_nothing(move, rule, lex):
    state = GAME.from_json(EXAMPLE, lex)
    error = refused(state, move)
    assert rule in str(error), error
    assert str(error).count("\n") == 0
    if isinstance(error, IllegalMove):
        assert not any(state.parse_move(move) == m for m in state.legal_moves())


@pytest.mark.parametrize("move, rule", BAD_MOVES)
def test_the_command_line_refuses_a_bad_move_in_one_line(move, rule, files):
    path = files["example"]
    before = path.read_bytes()
    text = move if isinstance(move, str) else json.dumps(move)
    one_line_error(invoke("apply", str(path), text, "--lexicon", files["words"]), rule)
    assert path.read_bytes() == before


def test_rows_never_pass_the_row_limit(lex, files):
    obj = changed(hands={"p1": {"rows": ["SOFTAEIRD", ""]}})  # 9 letters
    state = GAME.from_json(obj, lex)
    for move in ("insert A A0", "take 2 A=SOFTAEIRDA B= pool=AE"):
        with pytest.raises(IllegalMove, match="row_limit"):
            state.check(state.parse_move(move))
    assert all(m.row == 1 for m in state.moves("insert"))  # row A is full
    assert all(max(map(len, m.rows)) <= 9 for m in state.moves("draft"))
    path = files["root"] / "nine.json"
    path.write_text(json.dumps(obj))
    one_line_error(
        invoke("apply", str(path), "insert A A0", "--lexicon", files["words"]), "row_limit"
    )


def test_a_finished_game_takes_no_move(lex, files):
    state = GAME.from_json(with_bag(EXAMPLE, "E"), lex)
    over = state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
    assert over.is_over and len(over.legal_moves()) == 0
    with pytest.raises(IllegalMove, match="game_over"):
        over.check(Sell(1))
    path = files["root"] / "over.json"
    path.write_text(json.dumps(over.to_json()))
    counted = invoke("moves", str(path), "--count", "--lexicon", files["words"])
    assert counted.returncode == 0 and counted.stdout.strip() == "0"
    listed = invoke("moves", str(path), "--json", "--lexicon", files["words"])
    assert listed.returncode == 0 and json.loads(listed.stdout) == []
    one_line_error(
        invoke("apply", str(path), "discard B", "--lexicon", files["words"]), "game_over"
    )

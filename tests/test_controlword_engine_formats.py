"""docs/formats/controlword.md: move objects, the text notation, position JSON and its
reader's errors."""

import json

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import (
    Exchange,
    Pass,
    Placement,
    Redraw,
    Replacement,
    WordPlay,
    move_from_json,
)
from wordbot.engine.errors import MoveError, PositionError, RuleError

from tests.controlword_support import across, down, lexicon, position, state, tiles
from tests.game_profiles import CONTROLWORD_EXAMPLE

# ----------------------------------------------------------------------------- moves
FORMATS_MOVES = [
    {
        "type": "word",
        "tiles": [[3, -1, "C", "red"], [3, 0, "A", "red"], [3, 2, "S", "blue"]],
    },
    {"type": "replace", "tiles": [[0, 2, "R", "red"], [1, 4, "E", "blue"]]},
    {"type": "pass"},
    {"type": "redraw"},
    {"type": "exchange", "tile": "E", "bag": "vowel"},
]


@pytest.mark.parametrize("obj", FORMATS_MOVES)
def test_the_formats_examples_round_trip(obj):
    assert move_from_json(obj).to_json() == obj


def test_moves_with_the_same_tiles_are_equal_and_hash_equal():
    a = WordPlay([Placement(3, 2, "S", "blue"), Placement(3, -1, "C", "red")])
    b = WordPlay([(3, -1, "C", "red"), (3, 2, "S", "blue")])
    assert a == b and hash(a) == hash(b) and a.tiles[0].col == -1
    assert a != Replacement(a.tiles)
    assert Pass() == Pass() and Exchange("E", "vowel") != Exchange("E", "consonant")
    with pytest.raises(AttributeError):
        a.tiles = ()  # immutable


@pytest.mark.parametrize(
    "obj, expected",
    [
        ([], "move: must be a JSON object"),
        ({"type": "jump"}, "move.type: 'jump' is not one of"),
        ({"type": "pass", "tiles": []}, "move.tiles: unknown field"),
        ({"type": "word"}, "move.tiles: missing"),
        ({"type": "word", "tiles": [[0, 0, "a", "red"]]}, "move.tiles[0]: letter 'a'"),
        ({"type": "word", "tiles": [[0, 0, "A", "pink"]]}, "move.tiles[0]: colour 'pink'"),
        ({"type": "word", "tiles": [[0, 0.5, "A", "red"]]}, "move.tiles[0]: col 0.5"),
        (
            {"type": "word", "tiles": [[0, 0, "A"]]},
            "move.tiles[0]: must be [row, col, LETTER, colour]",
        ),
        ({"type": "exchange", "tile": "e", "bag": "vowel"}, "move.tile: 'e'"),
        ({"type": "exchange", "tile": "E", "bag": "blue"}, "move.bag: 'blue'"),
    ],
)
def test_bad_move_objects_name_the_field(obj, expected):
    with pytest.raises(MoveError) as info:
        move_from_json(obj)
    assert expected in str(info.value)


# ----------------------------------------------------------------------------- notation
LEX = lexicon("CATS", "AT", "TA", "PLANT", "PLANTS", "ANT", "AN")


def notation_state(board, racks=None, **kw):
    return state(board, lex=LEX, racks=racks or {"red": "CASTs", "green": "AE"}, **kw)


def test_formats_word_play_example():
    # T on the board at 3,1: red plays C, A and a blue S: "3,-1 across CA(T)s".
    s = notation_state(across(3, 1, "T", "b") + [[2, 1, "A", "blue"]])
    move = s.parse_move("3,-1 across CA(T)s")
    assert move.to_json() == FORMATS_MOVES[0]
    assert s.notation(move) == "3,-1 across CA(T)s"


@pytest.mark.parametrize(
    "text",
    [
        "0,0 across (PLANT)S",  # an extension: the first square of the whole word
        "-1,2 down A(A)T",  # through the A of PLANT
        "replace 0,2=R 1,4=e",
        "replace -3,-4=Q",
        "pass",
        "redraw",
        "exchange E vowel",
        "exchange T consonant",
    ],
)
def test_canonical_text_round_trips(text):
    board = tiles(across(0, 0, "PLANT", "bbbbb"), down(1, 4, "E", "b"))
    s = notation_state(board, racks={"red": "SAT", "green": "A"})
    move = s.parse_move(text)
    assert s.notation(move) == text
    if not isinstance(move, WordPlay):
        assert str(move) == text


def test_board_letters_are_grouped_in_one_pair_of_parentheses():
    board = across(0, 1, "AN", "bb")
    s = notation_state(board, racks={"red": "TS", "green": "A"})
    move = WordPlay([Placement(0, 0, "T", "red"), Placement(0, 3, "S", "red")])
    assert s.notation(move) == "0,0 across T(AN)S"
    assert s.parse_move("0,0 across T(AN)S") == move
    assert s.parse_move("0,0 across T(A)(N)S") == move  # also read, not canonical


def test_one_tile_play_direction():
    # A under the P of PLANT: its across run is 1, its down run PA is 2: written down.
    board = across(0, 0, "PLANT", "bbbbb")
    s = notation_state(board, racks={"red": "A", "green": "E"})
    move = WordPlay([Placement(1, 0, "A", "red")])
    assert s.notation(move) == "0,0 down (P)A"
    # S after PLANT with a tile under it: both runs are 2+: across.
    s2 = notation_state(
        tiles(board, down(1, 5, "A", "b")), racks={"red": "S", "green": "E"}
    )
    assert s2.notation(WordPlay([Placement(0, 5, "S", "red")])) == "0,0 across (PLANT)S"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "move: empty"),
        ("fly away", "not a move"),
        ("0,0 across (PLANX)S", "square 0,4 holds T, not (X)"),
        ("0,5 across S", "the word must be the whole run, but square 0,4 holds T"),
        ("0,0 across S", "square 0,0 holds P; write board letters in parentheses"),
        ("0,0 across (PLANT)", "no new tile"),
        ("0,0 across (PLANT", "'(' is not closed"),
        ("0,0 across PLANT)S", "holds P; write board letters in parentheses"),
        ("replace 0,2", "'0,2' is not ROW,COL=LETTER"),
        ("exchange e vowel", "blue tiles cannot be exchanged"),
        ("exchange E purple", "bag 'purple'"),
        ('{"type": "pass"', "malformed JSON"),
    ],
)
def test_bad_move_text_names_the_problem(text, expected):
    s = notation_state(across(0, 0, "PLANT", "bbbbb"), racks={"red": "S", "green": "E"})
    with pytest.raises(MoveError) as info:
        s.parse_move(text)
    assert expected in str(info.value) and "\n" not in str(info.value)


def test_json_text_and_objects_are_moves_too():
    s = notation_state(across(0, 0, "PLANT", "bbbbb"), racks={"red": "S", "green": "E"})
    assert s.parse_move('{"type": "pass"}') == Pass()
    assert s.parse_move({"type": "redraw"}) == Redraw()


# ----------------------------------------------------------------------------- positions
def test_formats_example_position_reads_and_infers_bags():
    obj = CONTROLWORD_EXAMPLE
    s = GAME.from_json(obj, LEX)
    assert "racks" in s.to_json() and "green" not in s.racks  # unknown rack stays unknown
    # red's bag: 98 minus T (board) and A E I N R S (rack).
    assert len(s.bags["red"]) == 98 - 7 and s.bags["red"].count("T") == 5
    # green's bag: all 98 (its rack is unknown, so its tiles count as in the bag).
    assert len(s.bags["green"]) == 98
    # blue: 98 minus the S on the board and the blue t on red's rack.
    blue = s.bags["blue_vowels"] + s.bags["blue_consonants"]
    assert len(blue) == 96 and blue.count("S") == 3 and blue.count("T") == 5
    out = s.to_json()
    assert out["bags"]["blue"].count("S") == 3 and len(out["bags"]["blue"]) == 96
    assert GAME.from_json(out, LEX).to_json() == out


def test_new_position_json_round_trip_and_key_order():
    s = GAME.new(["red", "green", "black"], seed=3, lexicon=LEX)
    obj = s.to_json()
    assert list(obj) == [
        "format",
        "rules",
        "players",
        "first_player",
        "to_move",
        "phase",
        "round",
        "rack_limit",
        "replacement_limit",
        "board",
        "racks",
        "scores",
        "penalties",
        "bags",
    ]
    assert set(obj["bags"]) == {"red", "green", "black", "blue"}
    back = GAME.from_json(json.loads(json.dumps(obj)), LEX)
    assert back.to_json() == obj
    # At the start nothing has left the game, so the inferred bags are the real ones
    # (the mat's letters count as taken from the blue bags).
    inferred = GAME.from_json({k: v for k, v in obj.items() if k != "bags"}, LEX)
    assert inferred.to_json() == obj


def test_seed_derived_from_the_position_is_deterministic():
    obj = position(across(0, 0, "PLANT", "bbbbb"), racks={"red": "AB", "green": "CD"})
    a = GAME.from_json(obj, LEX)
    b = GAME.from_json(obj, LEX)
    assert a.rng_state == b.rng_state
    c = GAME.from_json({**obj, "round": 3}, LEX)
    assert c.rng_state != a.rng_state
    assert GAME.from_json(obj, LEX, seed=5).rng_state == 5


def test_rule_overrides_win_over_the_position_rules():
    obj = position(across(0, 0, "PLANT", "bbbbb"), rules={"rounds": 4})
    s = GAME.from_json(obj, LEX, rule_overrides=["rounds=6"])
    assert s.rules.rounds == 6
    with pytest.raises(RuleError):
        GAME.from_json(obj, LEX, rule_overrides=["rounds=x"])


def _bad(**changes):
    obj = position(across(0, 0, "PLANT", "bbbbb"), racks={"red": "AB", "green": "CD"})
    for key, value in changes.items():
        if value is KeyError:
            del obj[key]
        else:
            obj[key] = value
    return obj


@pytest.mark.parametrize(
    "obj, expected",
    [
        ([], "position: must be a JSON object"),
        (_bad(colour="red"), "colour: unknown field of a position"),
        (_bad(board=KeyError), "board: missing"),
        (_bad(format="wordbot.other/1"), "format:"),
        (_bad(players=["red", "purple"]), "players: 'purple' is not a seat"),
        (_bad(players=["red"]), "players: 1 players; Control Word needs 2 to 4"),
        (_bad(to_move="black"), "to_move: 'black' is not one of the players"),
        (_bad(phase="draw"), "phase: 'draw'"),
        (_bad(round=0), "round: 0 is below 1"),
        (_bad(round=11), "round: 11 is past the last round"),
        (_bad(rack_limit=10), "rack_limit: 10 is not a face of the draw die"),
        (_bad(replacement_limit=1), "replacement_limit: 1 is not a face"),
        (_bad(board=[[0, 0, "AB", "blue"]]), "board[0]: letter 'AB'"),
        (_bad(board=[[0, 0, "A", "mauve"]]), "board[0]: colour 'mauve'"),
        (_bad(board=[[0, 0, "A", "black"]]), "board[0]: colour 'black' is not playing"),
        (
            _bad(board=[[0, 0, "A", "blue"], [0, 0, "B", "blue"]]),
            "board[1]: square 0,0 appears twice",
        ),
        (_bad(board=[["0", 0, "A", "blue"]]), "board[0]: row '0' is not an integer"),
        (
            _bad(rules={"board_size": 5}, board=[[9, 0, "A", "blue"]]),
            "board[0]: square 9,0 is outside the 5x5 board",
        ),
        (_bad(racks={"red": "A1"}), "racks.red: 'A1' is not a string of letters"),
        (_bad(racks={"black": "A"}), "racks.black: not a player of this game"),
        (
            _bad(racks={"red": "ZZ"}),
            "racks.red: the bags could not have supplied this rack (red Z: 2 > 1)",
        ),
        (
            _bad(racks={"red": "qq"}),
            "racks.red: the bags could not have supplied this rack (blue Q: 2 > 1)",
        ),
        (
            _bad(board=[[0, i, "Z", "red"] for i in range(2)]),
            "board: more red tiles than a bag holds (Z: 2 > 1)",
        ),
        (_bad(bags={"red": "Aa"}), "bags.red: 'Aa' is not a string of letters A-Z"),
        (
            _bad(bags={"red": "A" * 9}),
            "bags.red: more tiles than the set holds with the board and racks (A: 10 > 9)",
        ),
        (_bad(bags={"pink": ""}), "bags.pink: not a player of this game or blue"),
        (_bad(scores={"red": 0}), "scores.green: missing"),
        (_bad(scores={"red": 0, "green": "1"}), "scores.green: '1' is not an integer"),
        (_bad(penalties={"red": -1, "green": 0}), "penalties.red: -1 is below 0"),
        (_bad(rules={"rounds": 0}), "rules.rounds: 0 is not allowed"),
        (_bad(rules={"bingo": 1}), "rules.bingo: unknown rule option"),
    ],
)
def test_bad_positions_name_the_field(obj, expected):
    with pytest.raises((PositionError, RuleError)) as info:
        GAME.from_json(obj, LEX)
    assert expected in str(info.value), str(info.value)
    assert "\n" not in str(info.value)


def test_unknown_rack_means_no_legal_moves_listing_but_passing_works():
    from wordbot.engine.errors import IllegalMove

    obj = position(across(0, 0, "PLANT", "bbbbb"), racks={"green": "CD"})
    s = GAME.from_json(obj, LEX)
    with pytest.raises(IllegalMove):
        s.legal_moves()
    assert s.apply(Pass()).to_move == "green"


def test_with_racks_samples_a_hidden_rack_and_conserves_tiles():
    from tests.controlword_support import tile_census

    obj = position(across(0, 0, "PLANT", "bbbbb"), racks={"red": "AB"})
    s = GAME.from_json(obj, LEX)
    t = s.with_racks({"green": "QUIZe", "red": "CAT"})
    assert t.racks == {"red": "ACT", "green": "IQUZe"}
    assert tile_census(t) == tile_census(s.with_racks({"green": ""}))


def test_readers_name_the_field_for_values_of_the_wrong_type():
    """Found by the protocol fuzz: values of the wrong JSON type are named, not crashed on."""
    with pytest.raises(MoveError, match="move.type"):
        move_from_json({"type": []})
    obj = position(
        [[0, 0, "A", "blue"], [0, 1, "T", "blue"]],
        racks={"red": "A"},
        scores={"red": {}, "green": 0},
    )
    with pytest.raises(PositionError, match="scores.red"):
        GAME.from_json(obj, lexicon("AT"))

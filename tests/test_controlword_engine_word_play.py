"""Word plays: one test per rule of docs/rules/controlword.md "Word play" and per failure the checker names."""

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Placement, WordPlay
from wordbot.engine.errors import IllegalMove

from tests.controlword_support import across, down, lexicon, state, tiles

LEX = lexicon(
    "PLANT",
    "PLANTS",
    "AT",
    "CAT",
    "LA",
    "ALE",
    "TA",
    "PA",
    "QUIZ",
    "ZAX",
    "AX",
    "TAX",
    "SPLANT",
    "ANT",
    "TAT",
    "ACT",
)
BOARD = across(0, 0, "PLANT", "bbbbb")


def s0(rack="CATSEXB", **kw):
    kw.setdefault("racks", {"red": rack, "green": "AEIOU"})
    return state(BOARD, lex=LEX, **kw)


def play(*tiles_):
    return WordPlay([Placement(*t) for t in tiles_])


def illegal(s, move):
    with pytest.raises(IllegalMove) as info:
        s.check(move)
    with pytest.raises(IllegalMove):
        s.apply(move)
    return info.value


def test_extending_a_word_is_a_word_play_scoring_the_full_word():
    s = s0()
    after = s.apply(play((0, 5, "S", "red")))
    # PLANTS: 6 letters -> 4 points for red.
    assert after.scores["red"] == 4
    assert after.board[(0, 5)] == ("S", "red")
    assert after.racks["red"] == "ABCETX"
    assert (
        s.board.get((0, 5)) is None and s.racks["red"] == "ABCESTX"
    )  # old state unchanged


def test_main_word_and_every_cross_word_score():
    # Board: PLAN across row 0 cols 0-3; ANT across row 2 cols 1-3 (green).
    board = tiles(across(0, 0, "PLAN", "bbbb"), across(2, 1, "ANT", "ggg"))
    lex = lexicon("PLAN", "PLANT", "ANT", "ANTS", "TAS")
    s = state(board, lex=lex, racks={"red": "TAS", "green": ""})
    # Red plays T,A,S down column 4, rows 0-2: main word TAS (down, 3 letters: 0),
    # cross words PLANT (row 0: 5 letters = 2) and ANTS (row 2: 4 letters = 1);
    # A at (1,4) has no cross word (nothing beside it).
    after = s.apply(play((0, 4, "T", "red"), (1, 4, "A", "red"), (2, 4, "S", "red")))
    assert after.scores["red"] == 0 + 2 + 1


def test_one_tile_play_scores_both_directions():
    lex = lexicon("PLANT", "PLANTS", "STAR", "TA", "ST")
    # S at (0,5) extends PLANT -> PLANTS (4) and makes S+TAR down: STAR (1).
    board = tiles(BOARD, down(1, 5, "TAR", "ggg"))
    s = state(board, lex=lex, racks={"red": "S", "green": ""})
    after = s.apply(play((0, 5, "S", "red")))
    assert after.scores["red"] == 4 + 1


def test_jqxz_bonus_when_played():
    lex = lexicon("QUIZ", "ZA", "AX", "ZAX")
    board = across(0, 0, "QUI", "bbb")
    s = state(board, lex=lex, racks={"red": "Z", "green": "A"})
    after = s.apply(play((0, 3, "Z", "red")))
    assert after.scores["red"] == 1 + 8  # QUIZ: 4 letters = 1, Q and Z = +8


def test_blue_rack_tile_stays_blue_on_the_board():
    lex = lexicon("PLANT", "AX", "TAX", "TA")
    s = state(BOARD, lex=lex, racks={"red": "Ax", "green": ""})
    # A at (1,4) under T makes TA down; x at (1,5) makes AX across.
    after = s.apply(play((1, 4, "A", "red"), (1, 5, "X", "blue")))
    assert after.board[(1, 5)] == ("X", "blue") and after.board[(1, 4)] == ("A", "red")
    assert after.racks["red"] == ""


def test_phase_rule():
    s = s0(phase="replacement")
    assert illegal(s, play((0, 5, "S", "red"))).rule == "phase"


def test_needs_a_tile_and_distinct_squares():
    s = s0()
    assert illegal(s, WordPlay([])).rule == "tiles"
    assert illegal(s, play((0, 5, "S", "red"), (0, 5, "T", "red"))).rule == "tiles"


def test_colour_rule():
    s = s0()
    assert illegal(s, play((0, 5, "S", "green"))).rule == "colour"


def test_rack_rule():
    s = s0(rack="CAT")
    assert illegal(s, play((0, 5, "S", "red"))).rule == "rack"
    assert illegal(s, play((1, 2, "T", "blue"))).rule == "rack"  # no blue T on the rack


def test_unknown_rack_cannot_play():
    s = state(BOARD, lex=LEX, racks={"green": "AEIOU"})
    assert illegal(s, play((0, 5, "S", "red"))).rule == "rack"
    assert s.apply(s.parse_move("pass")).to_move == "green"  # passing needs no rack


def test_bounds_rule():
    # board_size 5: rows and columns -2..2; PLANT at row 0 from column -2.
    board = across(0, -2, "PLANT", "bbbbb")
    s = state(board, lex=LEX, racks={"red": "S"}, rules={"board_size": 5})
    assert illegal(s, play((0, 3, "S", "red"))).rule == "bounds"
    s = state(board, lex=LEX, racks={"red": "S"}, rules={"board_size": 7})
    assert s.apply(play((0, 3, "S", "red"))).scores["red"] == 4


def test_occupied_rule():
    s = s0()
    assert illegal(s, play((0, 4, "T", "red"))).rule == "occupied"


def test_line_rule():
    s = s0()
    assert illegal(s, play((1, 1, "A", "red"), (2, 2, "T", "red"))).rule == "line"


def test_contiguous_rule_and_board_tiles_fill_gaps():
    s = s0()
    assert illegal(s, play((1, 0, "A", "red"), (1, 2, "T", "red"))).rule == "contiguous"
    # C(A)T down through the board's A is contiguous.
    after = s.apply(play((-1, 2, "C", "red"), (1, 2, "T", "red")))
    assert after.board.word_at((0, 2), "down").letters == "CAT"


def test_connected_rule():
    s = s0()
    assert illegal(s, play((5, 5, "A", "red"), (5, 6, "T", "red"))).rule == "connected"


def test_round_one_first_word_must_touch_the_mat(tmp_path):
    s = GAME.new(["red", "green"], seed=3, lexicon=LEX)
    mover = s.to_move
    rack = s.racks[mover]
    far = WordPlay([Placement(20, 20 + i, ch, mover) for i, ch in enumerate(rack[:2])])
    err = illegal(s, far)
    assert err.rule == "connected" and "start-mat" in str(err)


def test_invalid_main_word_is_named():
    s = s0()
    err = illegal(s, play((0, 5, "X", "red")))
    assert (err.rule, err.word) == ("word", "PLANTX")


def test_invalid_main_word_of_several_tiles_is_named():
    s = s0()
    # A, T, C under L, A, N: main word ATC is checked first.
    err = illegal(s, play((1, 1, "A", "red"), (1, 2, "T", "red"), (1, 3, "C", "red")))
    assert (err.rule, err.word) == ("word", "ATC")


def test_invalid_cross_word_is_named():
    s = s0()
    # A, T under N, T: main word AT is valid, the cross word NA (down, column 3) is not.
    err = illegal(s, play((1, 3, "A", "red"), (1, 4, "T", "red")))
    assert (err.rule, err.word) == ("word", "NA")


def test_apply_check_false_trusts_the_move():
    s = s0()
    after = s.apply(play((0, 5, "S", "red")), check=False)
    assert after.scores["red"] == 4 and after.to_move == "green"


def test_a_listed_play_applies_exactly_as_the_same_play_typed_in():
    """A play the state's own list made skips the check and takes the kernel's points
    (state.apply); an equal play built anew goes through the checker and the engine's
    scoring: both must give the same position. A listed play of an earlier state is
    checked again on a later one."""
    import random

    from tests.lexicons import small_lexicon

    lex = small_lexicon()
    rng = random.Random(5)
    compared = refused = 0
    for seed in range(3):
        s = GAME.new(seed=seed, lexicon=lex)
        earlier = []
        while not s.is_over:
            moves = s.legal_moves()
            plays = [m for m in moves if m.type == "word"]
            for m in rng.sample(plays, min(6, len(plays))):
                typed = WordPlay(tuple(Placement(*t) for t in m.tiles))
                assert typed == m and typed is not m
                assert s.apply(m).to_json() == s.apply(typed).to_json()
                compared += 1
            for old in earlier:  # listed by an earlier state: the checker still runs
                try:
                    after = s.apply(old)
                except IllegalMove:
                    refused += 1
                    continue
                assert after.to_json() == s.apply(WordPlay(tuple(old.tiles))).to_json()
            earlier = plays[:3]
            s = s.apply(moves.best(1, rng)[0][0])
    assert compared > 50 and refused > 0

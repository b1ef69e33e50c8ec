"""Replacement plays: every rule of docs/rules/controlword.md "Replacement play"."""

import pytest
from wordbot.engine.controlword.moves import Placement, Replacement
from wordbot.engine.errors import IllegalMove

from tests.controlword_support import across, down, lexicon, state, tiles

LEX = lexicon("PLAYING", "PRAYING", "REPAST", "REPENT", "PLAN", "PEN", "PAN", "AN", "EN")


def rep(*tiles_):
    return Replacement([Placement(*t) for t in tiles_])


def s_rep(board, rack="RAEN", limit=3, lex=LEX, **kw):
    kw.setdefault("racks", {"red": rack, "green": "EE"})
    return state(board, lex=lex, phase="replacement", replacement_limit=limit, **kw)


def illegal(s, move):
    with pytest.raises(IllegalMove) as info:
        s.apply(move)
    return info.value


def test_same_letter_replaces_a_blue_tile_and_the_old_tile_leaves_the_game():
    s = s_rep(across(0, 0, "PLAYING", "bbbbbbb"), rack="A")
    after = s.apply(rep((0, 2, "A", "red")))
    assert after.board[(0, 2)] == ("A", "red")
    assert after.racks["red"] == ""
    assert after.discards["blue"] == "A"  # not back to any bag
    assert after.bags["blue_vowels"] == s.bags["blue_vowels"]
    assert after.scores == s.scores  # score_replacements: false


def test_other_players_tiles_can_be_replaced():
    s = s_rep(across(0, 0, "PLAYING", "ggggggg"), rack="P")
    after = s.apply(rep((0, 0, "P", "red")))
    assert after.board[(0, 0)].colour == "red" and after.discards["green"] == "P"


def test_different_letter_must_make_a_word():
    s = s_rep(across(0, 0, "PLAYING", "bbbbbbb"), rack="RE")
    after = s.apply(rep((0, 1, "R", "red")))  # PLAYING -> PRAYING
    assert after.board.word_at((0, 0), "across").letters == "PRAYING"
    err = illegal(s, rep((0, 1, "E", "red")))  # PEAYING
    assert (err.rule, err.word) == ("word", "PEAYING")


def test_several_tiles_of_one_word_are_checked_after_the_whole_action():
    # REPAST -> REPENT: A->E and S->N; after only one of them the word is not a word.
    s = s_rep(across(0, 0, "REPAST", "bbbbbb"), rack="EN")
    after = s.apply(rep((0, 3, "E", "red"), (0, 4, "N", "red")))
    assert after.board.word_at((0, 0), "across").letters == "REPENT"
    assert illegal(s, rep((0, 3, "E", "red"))).word == "REPEST"


def test_a_crossing_square_checks_both_words():
    # PLAN across, PAN down through the A at (0,2): A->E makes PLEN (bad) and PEN (good).
    board = tiles(across(0, 0, "PLAN", "bbbb"), down(-1, 2, "PAN", "bbb"))
    lex = lexicon("PLAN", "PAN", "PEN", "PLEN")
    s = s_rep(board, rack="E", lex=lex)
    assert s.apply(rep((0, 2, "E", "red"))).board[(0, 2)] == ("E", "red")
    lex = lexicon("PLAN", "PAN", "PEN")
    err = illegal(s_rep(board, rack="E", lex=lex), rep((0, 2, "E", "red")))
    assert (err.rule, err.word) == ("word", "PLEN")


def test_tiles_in_several_words_in_one_action():
    board = tiles(across(0, 0, "PLAN", "bbbb"), across(2, 0, "PEN", "ggg"))
    lex = lexicon("PLAN", "PEN", "PAN")
    s = s_rep(board, rack="PA", lex=lex)
    after = s.apply(rep((0, 0, "P", "red"), (2, 1, "A", "red")))
    words = {w.letters for w in after.board.words()}
    assert words == {"PLAN", "PAN"}


def test_limit_rule():
    s = s_rep(across(0, 0, "PLAYING", "bbbbbbb"), rack="PLA", limit=2)
    err = illegal(s, rep((0, 0, "P", "red"), (0, 1, "L", "red"), (0, 2, "A", "red")))
    assert err.rule == "replace_limit"
    assert s.apply(rep((0, 0, "P", "red"), (0, 1, "L", "red"))).racks["red"] == "A"


def test_own_colour_cannot_be_replaced():
    s = s_rep(across(0, 0, "PLAYING", "rbbbbbb"), rack="P")
    assert illegal(s, rep((0, 0, "P", "red"))).rule == "replace_own"


def test_empty_square_cannot_be_replaced():
    s = s_rep(across(0, 0, "PLAYING", "bbbbbbb"), rack="S")
    assert illegal(s, rep((0, 7, "S", "red"))).rule == "replace_empty"


def test_replacement_only_in_the_replacement_phase():
    s = state(across(0, 0, "PLAYING", "bbbbbbb"), lex=LEX, racks={"red": "P"})
    assert illegal(s, rep((0, 0, "P", "red"))).rule == "phase"


def test_tiles_must_be_on_the_rack():
    s = s_rep(across(0, 0, "PLAYING", "bbbbbbb"), rack="R")
    assert illegal(s, rep((0, 0, "P", "red"))).rule == "rack"


def test_blue_rack_tile_makes_the_square_blue():
    s = s_rep(across(0, 0, "PLAYING", "ggggggg"), rack="r")
    after = s.apply(rep((0, 1, "R", "blue")))
    assert after.board[(0, 1)] == ("R", "blue") and after.discards["green"] == "L"


def test_score_replacements_option():
    board = across(0, 0, "PLAYING", "bbbbbbb")
    s = s_rep(board, rack="R")
    assert s.apply(rep((0, 1, "R", "red"))).scores["red"] == 0
    s = s_rep(board, rack="R", rules={"score_replacements": True})
    assert s.apply(rep((0, 1, "R", "red"))).scores["red"] == 7  # PRAYING: 7 letters

"""Free actions (blue exchange, rack redraw), penalty tokens and the challenge rule."""

from collections import Counter

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Exchange, Pass, Placement, Redraw, WordPlay
from wordbot.engine.errors import IllegalMove

from tests.controlword_support import across, lexicon, state, tile_census

LEX = lexicon("PLANT", "PLANTS", "AT")
BOARD = across(0, 0, "PLANT", "bbbbb")


def test_exchange_returns_an_own_tile_and_draws_from_the_chosen_blue_bag():
    s = state(BOARD, lex=LEX, racks={"red": "BCDFGHKM", "green": "AEIOU"})
    after = s.apply(Exchange("B", "vowel"))
    drawn = after.racks["red"][-1]
    assert drawn.islower() and drawn.upper() in "AEIOU"
    assert after.racks["red"] == "CDFGHKM" + drawn
    assert Counter(after.bags["red"]) == Counter(s.bags["red"]) + Counter("B")
    assert Counter(s.bags["blue_vowels"]) - Counter(after.bags["blue_vowels"]) == Counter(
        drawn.upper()
    )
    assert after.to_move == "red" and after.phase == "word"  # a free action: same turn
    again = after.apply(Exchange("C", "consonant"))  # repeatable
    assert again.racks["red"][-1].upper() not in "AEIOU"
    assert sum(ch.islower() for ch in again.racks["red"]) == 2


def test_exchange_is_allowed_in_the_replacement_phase_too():
    s = state(BOARD, lex=LEX, phase="replacement", racks={"red": "B", "green": ""})
    assert s.apply(Exchange("B", "consonant")).racks["red"].islower()


def test_blue_tiles_never_go_back():
    s = state(BOARD, lex=LEX, racks={"red": "a", "green": ""})
    with pytest.raises(IllegalMove) as info:
        s.apply(Exchange("A", "vowel"))
    assert info.value.rule == "exchange"


def test_exchange_from_an_empty_blue_bag():
    # Blue holds only consonants: the vowel bag is empty.
    s = state(BOARD, lex=LEX, racks={"red": "B", "green": ""}, bags={"blue": "BCD"})
    with pytest.raises(IllegalMove) as info:
        s.apply(Exchange("B", "vowel"))
    assert info.value.rule == "exchange" and "vowel" in str(info.value)
    assert s.apply(Exchange("B", "consonant")).racks["red"].islower()


@pytest.mark.parametrize("rack_limit, target", [(6, 5), (7, 5), (8, 6), (9, 7)])
def test_redraw_draws_back_to_max_r_minus_2_and_5_keeping_blue(rack_limit, target):
    s = state(BOARD, lex=LEX, rack_limit=rack_limit, racks={"red": "ABCDExy", "green": ""})
    after = s.apply(Redraw())
    rack = after.racks["red"]
    assert len(rack) == target
    assert "x" in rack and "y" in rack  # blue tiles kept, counted in the target
    assert sum(ch.isupper() for ch in rack) == target - 2
    assert len(after.bags["red"]) == len(s.bags["red"]) + 5 - (target - 2)
    assert after.to_move == "red" and after.penalties["red"] == 0


def test_second_redraw_costs_two_penalty_tokens_from_the_blue_consonant_bag():
    s = state(BOARD, lex=LEX, racks={"red": "ABCDEF", "green": ""})
    one = s.apply(Redraw())
    two = one.apply(Redraw())
    three = two.apply(Redraw())
    assert (one.penalties["red"], two.penalties["red"], three.penalties["red"]) == (0, 2, 4)
    assert len(two.penalty_tiles["red"]) == 2
    assert all(ch not in "AEIOU" for ch in two.penalty_tiles["red"])
    assert len(two.bags["blue_consonants"]) == len(s.bags["blue_consonants"]) - 2


def test_redraw_count_resets_with_the_turn():
    s = state(BOARD, lex=LEX, racks={"red": "ABCDEF", "green": "GHIJKL"})
    s = s.apply(Redraw()).apply(Pass())  # red redrew once, passed
    assert s.to_move == "green"
    s = s.apply(Redraw())
    assert s.penalties == {"red": 0, "green": 0}


def test_redraw_penalty_option():
    s = state(
        BOARD, lex=LEX, racks={"red": "ABCDEF", "green": ""}, rules={"redraw_penalty": 3}
    )
    assert s.apply(Redraw()).apply(Redraw()).penalties["red"] == 3


def test_penalty_tokens_are_counters_once_the_consonant_bag_is_empty():
    s = state(BOARD, lex=LEX, racks={"red": "ABCDEF", "green": ""}, bags={"blue": "AEC"})
    after = s.apply(Redraw()).apply(Redraw())
    assert after.penalties["red"] == 2
    assert after.penalty_tiles["red"] == "C"  # one tile, then a counter
    assert after.bags["blue_consonants"] == ""


def test_redraw_only_in_the_word_phase():
    s = state(BOARD, lex=LEX, phase="replacement", racks={"red": "ABC", "green": ""})
    with pytest.raises(IllegalMove) as info:
        s.apply(Redraw())
    assert info.value.rule == "phase"


def test_penalty_tokens_cost_five_each_at_the_end():
    s = state(BOARD, lex=LEX, racks={"red": "ABCDEF", "green": ""})
    after = s.apply(Redraw()).apply(Redraw())
    assert after.evaluate().totals["red"].penalty_points == -10


def test_challenge_reject_refuses_and_changes_nothing():
    s = state(BOARD, lex=LEX, racks={"red": "X", "green": ""})
    before = s.to_json()
    with pytest.raises(IllegalMove) as info:
        s.apply(WordPlay([Placement(0, 5, "X", "red")]))
    assert (info.value.rule, info.value.word) == ("word", "PLANTX")
    assert s.to_json() == before


def test_challenge_penalty_withdraws_the_play_with_one_token_and_the_player_acts_again():
    s = state(
        BOARD,
        lex=LEX,
        racks={"red": "XS", "green": ""},
        rules={"challenge_rule": "penalty"},
    )
    after = s.apply(WordPlay([Placement(0, 5, "X", "red")]))
    assert after.penalties["red"] == 1 and len(after.penalty_tiles["red"]) == 1
    assert after.board == s.board and after.racks == s.racks
    assert after.to_move == "red" and after.phase == "word"
    again = after.apply(WordPlay([Placement(0, 5, "S", "red")]))
    assert again.scores["red"] == 4 and again.to_move == "green"


def test_challenge_penalty_does_not_excuse_other_rules():
    s = state(
        BOARD, lex=LEX, racks={"red": "X", "green": ""}, rules={"challenge_rule": "penalty"}
    )
    with pytest.raises(IllegalMove) as info:
        s.apply(WordPlay([Placement(5, 5, "X", "red")]))
    assert info.value.rule == "connected"


def test_free_actions_conserve_tiles():
    s = GAME.new(["red", "green"], seed=11, lexicon=LEX)
    full = tile_census(s)
    me = s.to_move
    own = next(ch for ch in s.racks[me] if ch.isupper())
    for move in (Exchange(own, "vowel"), Redraw(), Redraw(), Redraw()):
        s = s.apply(move)
        assert tile_census(s) == full

"""Round flow: set-up, phase orders, rotation, the draw phase and the three end conditions."""

from collections import Counter

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Pass, Placement, Replacement, WordPlay
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.tiles import DRAW_DIE, FULL_BAG, REPLACEMENT_DIE
from wordbot.engine.errors import RuleError, StateError

from tests.controlword_support import across, lexicon, state
from tests.lexicons import small_words

LEX = lexicon("PLANT", "PLANTS", "AT")
BOARD = across(0, 0, "PLANT", "bbbbb")
THREE = ("red", "green", "black")


def movers(s, n):
    """The players to move over the next ``n`` passes."""
    out = []
    for _ in range(n):
        out.append((s.phase, s.to_move))
        s = s.apply(Pass())
    return out, s


def three_player_state(**rules):
    racks = {p: "ABC" for p in THREE}
    # A replacement by the first player keeps the round from being all passes.
    return state(
        BOARD,
        lex=LEX,
        players=THREE,
        first_player="green",
        to_move="green",
        racks=racks,
        rules=rules or None,
    )


def test_new_game_set_up():
    s = GAME.new(["red", "green", "black"], seed=5, lexicon=small_words())
    assert s.round == 1 and s.phase == "word" and s.to_move == s.first_player
    assert s.rack_limit in DRAW_DIE and s.replacement_limit in REPLACEMENT_DIE
    for p in s.players:
        assert len(s.racks[p]) == s.rack_limit and s.racks[p].isupper()
        assert Counter(s.bags[p]) + Counter(s.racks[p]) == Counter(FULL_BAG)
    # The mat's letters come out of the blue bags.
    mat = Counter(t.letter for t in s.board.values())
    assert Counter(s.bags["blue_vowels"] + s.bags["blue_consonants"]) + mat == Counter(
        FULL_BAG
    )
    assert all(t.colour == "blue" for t in s.board.values())


def test_first_player_is_the_lowest_drawn_letter_with_ties_redrawn():
    tie_seen = False
    for seed in range(40):
        s = GAME.new(["red", "green", "black", "white"], seed=seed, lexicon=LEX)
        draws = [e[1] for e in s.events if e[0] == "first_player_draw"]
        contenders = set(s.players)
        for shown in draws:
            assert set(shown) == contenders  # only the tied players draw again
            low = min(shown.values())
            contenders = {p for p, ch in shown.items() if ch == low}
            tie_seen |= len(contenders) > 1
        assert contenders == {s.first_player}
        # the tiles went back: every bag still holds 98 minus the rack
        assert all(len(s.bags[p]) == 98 - s.rack_limit for p in s.players)
    assert tie_seen


def test_same_seed_same_game_and_different_seeds_differ():
    a = GAME.new(["red", "green"], seed=9, lexicon=LEX)
    b = GAME.new(["red", "green"], seed=9, lexicon=LEX)
    c = GAME.new(["red", "green"], seed=10, lexicon=LEX)
    assert a == b and a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


@pytest.mark.parametrize(
    "players",
    [["red"], ["red", "red"], ["red", "pink"], ["red", "green", "black", "white", "red"]],
)
def test_players_must_be_two_to_four_colours(players):
    with pytest.raises(StateError) as info:
        GAME.new(players, seed=1, lexicon=LEX)
    assert str(info.value).startswith("players:")


def test_two_three_and_four_players():
    for players in (
        ["red", "green"],
        ["red", "green", "black"],
        ["white", "red", "green", "black"],
    ):
        s = GAME.new(players, seed=2, lexicon=LEX)
        assert s.players == tuple(players) and set(s.racks) == set(players)


def test_clockwise_order_same_replacement_order_and_rotation():
    s = three_player_state()
    seq, after = movers(s, 6)
    assert seq == [
        ("word", "green"),
        ("word", "black"),
        ("word", "red"),
        ("replacement", "green"),
        ("replacement", "black"),
        ("replacement", "red"),
    ]


def test_counterclockwise_turn_order():
    seq, _ = movers(three_player_state(turn_order="counterclockwise"), 3)
    assert [p for _, p in seq] == ["green", "red", "black"]


def test_reverse_replacement_order():
    seq, _ = movers(three_player_state(replacement_order="reverse"), 6)
    assert [p for _, p in seq[3:]] == ["red", "black", "green"]


def _full_round_with_a_play(s):
    """Pass the word phase, the first player replaces P with a same-letter tile, others pass."""
    n = len(s.players)
    for _ in range(n):
        s = s.apply(Pass())
    s = s.apply(Replacement([Placement(0, 0, "P", s.to_move)]))
    for _ in range(n - 1):
        s = s.apply(Pass())
    return s


def test_first_player_token_rotates():
    s = three_player_state()
    s = s.with_racks({"green": "PAB"})
    nxt = _full_round_with_a_play(s)
    assert nxt.round == 3 and nxt.first_player == "black" and nxt.to_move == "black"


def test_first_player_token_stays_without_rotation():
    s = three_player_state(rotate_first_player=False).with_racks({"green": "PAB"})
    nxt = _full_round_with_a_play(s)
    assert nxt.first_player == "green" and nxt.to_move == "green"


def test_draw_phase_fills_racks_to_r_and_new_dice_are_rolled():
    racks = {"red": "P", "green": "ABCDEFGHI"}
    s = state(BOARD, lex=LEX, racks=racks, rack_limit=7, bags={"red": "ABC"})
    s = _full_round_with_a_play(s)
    assert s.racks["red"] == "ABC" and s.bags["red"] == ""  # fewer: the bag ran out
    assert len(s.racks["green"]) == 9  # more than R: nothing drawn, nothing lost
    assert s.round == 3 and s.phase == "word"
    rolls = [e for e in s.events if e[0] == "roll"]
    assert rolls == [("roll", s.rack_limit, s.replacement_limit)]


def test_rounds_option_ends_the_game_after_the_last_replacement_phase():
    racks = {"red": "PA", "green": "AB"}
    s = state(BOARD, lex=LEX, racks=racks, round=3, rules={"rounds": 3})
    s = _full_round_with_a_play(s)
    assert s.is_over and s.round == 3
    assert s.racks["red"] == "A"  # no draw phase after the last round
    assert len(s.legal_moves()) == 0


def test_a_round_where_everybody_passes_ends_the_game():
    s = state(BOARD, lex=LEX, racks={"red": "AB", "green": "AB"})
    for _ in range(3):
        s = s.apply(Pass())
    assert s.phase == "replacement"
    s = s.apply(Pass())
    assert s.is_over and s.round == 2


def test_one_play_in_the_round_keeps_the_game_going():
    s = state(BOARD, lex=LEX, racks={"red": "PA", "green": "AB"})
    s = _full_round_with_a_play(s)
    assert not s.is_over and s.round == 3


def test_exchanges_and_redraws_are_not_plays_for_the_all_pass_end():
    from wordbot.engine.controlword.moves import Exchange, Redraw

    s = state(BOARD, lex=LEX, racks={"red": "AB", "green": "AB"})
    s = s.apply(Redraw()).apply(Pass())
    s = s.apply(Exchange(s.racks["green"][0], "vowel")).apply(Pass())
    s = s.apply(Pass()).apply(Pass())
    assert s.is_over


def test_a_player_with_empty_bag_and_rack_ends_the_game_at_once():
    s = state(BOARD, lex=LEX, racks={"red": "S", "green": "AB"}, bags={"red": ""})
    after = s.apply(WordPlay([Placement(0, 5, "S", "red")]))
    assert after.is_over and after.scores["red"] == 4
    # with tiles left in the bag the game goes on
    s = state(BOARD, lex=LEX, racks={"red": "S", "green": "AB"}, bags={"red": "E"})
    assert not s.apply(WordPlay([Placement(0, 5, "S", "red")])).is_over


def test_board_size_option_bounds_the_board_centred_on_the_mat():
    s = GAME.new(["red", "green"], seed=1, mat=1, rules=Rules(board_size=9), lexicon=LEX)
    assert s.board.bounds == (-4, 4, -4, 4)
    r0, r1, c0, c1 = s.board.extent()  # mat 1 is 6 rows x 5 columns
    assert (r0, r1, c0, c1) == (-2, 3, -2, 2)
    assert (r0 - -4, 4 - r1) == (2, 1)  # margins differ by one (odd N, even height)
    assert (c0 - -4, 4 - c1) == (2, 2)
    with pytest.raises(RuleError) as info:
        GAME.new(["red", "green"], seed=1, rules=Rules(board_size=5), lexicon=LEX)
    assert "board_size" in str(info.value)


def test_start_mat_option_and_random_mats():
    a = GAME.new(["red", "green"], seed=4, mat=2, lexicon=LEX)
    assert {w.letters for w in a.board.words()} == {"GARDEN", "EARTH", "APPLE", "DESERT"}
    r1 = GAME.new(["red", "green"], seed=4, mat="random", lexicon=small_words())
    r2 = GAME.new(["red", "green"], seed=4, mat="random", lexicon=small_words())
    assert r1.board == r2.board and len(r1.board.words()) == 4
    assert all(w.letters in small_words() for w in r1.board.words())


def test_game_over_refuses_moves():
    from wordbot.engine.errors import IllegalMove

    s = state(BOARD, lex=LEX, racks={"red": "S", "green": "A"}, phase="over")
    with pytest.raises(IllegalMove) as info:
        s.apply(Pass())
    assert info.value.rule == "game_over"

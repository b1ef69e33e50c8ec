"""End-of-game and when-played scoring, each case worked out from docs/rules/controlword.md by hand."""

from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.scoring import played_points, word_score

from tests.controlword_support import across, down, state, tiles


def evaluation(board, **kw):
    return state(board, **kw).evaluate()


def only_word(ev):
    assert len(ev.words) == 1
    return ev.words[0]


def test_played_points_table_and_formula():
    # docs/rules/controlword.md: 2:0 3:0 4:1 5:2 6:4 7:7 8:11 9:16 10:22 11:29 12:37, and on by the formula.
    table = {2: 0, 3: 0, 4: 1, 5: 2, 6: 4, 7: 7, 8: 11, 9: 16, 10: 22, 11: 29, 12: 37}
    assert {n: played_points(n) for n in table} == table
    assert played_points(13) == 46  # x = 10: (100 - 10 + 2) / 2
    assert played_points(15) == 67  # x = 12: (144 - 12 + 2) / 2


def test_jqxz_bonus_only_in_words_of_four_or_more():
    rules = Rules()
    assert word_score("QUIZ", rules) == 1 + 4 + 4  # Q and Z
    assert word_score("JINX", rules) == 1 + 8
    assert word_score("ZAX", rules) == 0  # 3 letters: no points, no bonus
    assert word_score("QUIZ", Rules(jqxz_bonus=10)) == 21


def test_plurality_seven_letters_three_of_seven():
    # The sheet's MUNDANE: 3 black, 2 white, 2 blue -> black plurality, 2 x 7 = 14.
    board = across(0, 0, "MUNDANE", "kwbkwbk")
    ev = evaluation(board, players=("black", "white"))
    w = only_word(ev)
    assert (w.controller, w.control, w.points) == ("black", "plurality", 14)
    assert ev.totals["black"].word_points == 14 and ev.totals["white"].word_points == 0


def test_majority_seven_letters_four_of_seven():
    # MUNDANE with a fourth black tile: majority, 3 x 7 = 21.
    ev = evaluation(across(0, 0, "MUNDANE", "kwkkwbk"), players=("black", "white"))
    w = only_word(ev)
    assert (w.controller, w.control, w.points) == ("black", "majority", 21)


def test_majority_five_letters_three_of_five():
    # The sheet's GRAIL: 3 white of 5 -> majority, 3 x 2 = 6.
    ev = evaluation(across(0, 0, "GRAIL", "wbwwk"), players=("black", "white"))
    assert only_word(ev).points == 6 and only_word(ev).control == "majority"


def test_exact_half_of_even_length_is_majority():
    # The sheet's STARTS: 3 green of 6 -> majority, 3 x 4 = 12.
    ev = evaluation(across(0, 0, "STARTS", "ggrbgr"))
    w = only_word(ev)
    assert (w.controller, w.control, w.points) == ("green", "majority", 12)


def test_two_of_five_with_the_rest_split_is_plurality():
    ev = evaluation(across(0, 0, "PLANT", "rrgbk"), players=("red", "green", "black"))
    w = only_word(ev)
    assert (w.controller, w.control, w.points) == ("red", "plurality", 4)


def test_tie_for_most_scores_for_nobody():
    ev = evaluation(across(0, 0, "PLANTS", "rrggbk"), players=("red", "green", "black"))
    w = only_word(ev)
    assert (w.controller, w.control, w.points) == (None, None, 0)
    assert all(t.words_controlled == 0 for t in ev.totals.values())


def test_tie_between_a_player_and_blue_scores_for_nobody():
    ev = evaluation(across(0, 0, "PLANT", "rrbbg"))
    assert only_word(ev).controller is None


def test_blue_with_the_most_scores_for_nobody():
    ev = evaluation(across(0, 0, "PLANT", "rbbbg"))
    assert only_word(ev).controller is None and only_word(ev).points == 0
    assert ev.totals["red"].words_controlled == 0


def test_short_words_pay_nothing_but_count_as_controlled():
    board = tiles(across(0, 0, "CAT", "rrg"), across(2, 0, "AT", "gg"))
    ev = evaluation(board)
    by_word = {w.word.letters: w for w in ev.words}
    assert by_word["CAT"].controller == "red" and by_word["CAT"].points == 0
    assert by_word["AT"].controller == "green" and by_word["AT"].control == "majority"
    assert (
        ev.totals["red"].words_controlled == 1 and ev.totals["green"].words_controlled == 1
    )


def test_no_jqxz_bonus_at_the_end():
    ev = evaluation(across(0, 0, "QUIZ", "rrrg"))
    assert only_word(ev).points == 3 * 1  # majority of a 4-letter word, no bonus


def test_crossing_words_each_scored():
    # PLANT across (red majority 3 of 5 -> 6) and a down word ALE through the A
    # (green 2 of 3, 0 points but controlled).
    board = tiles(across(0, 0, "PLANT", "rrrgb"), down(0, 2, "ALE", "rgg"))
    ev = evaluation(board)
    assert [w.word.letters for w in ev.words] == ["PLANT", "ALE"]
    assert ev.totals["red"].word_points == 6 and ev.totals["red"].words_controlled == 1
    assert ev.totals["green"].word_points == 0 and ev.totals["green"].words_controlled == 1


def test_totals_add_played_points_and_penalties():
    ev = evaluation(
        across(0, 0, "PLANT", "rrrgb"),
        scores={"red": 10, "green": 7},
        penalties={"red": 1, "green": 3},
    )
    red, green = ev.totals["red"], ev.totals["green"]
    assert (red.played_points, red.word_points, red.penalty_points, red.final) == (
        10,
        6,
        -5,
        11,
    )
    assert (green.played_points, green.word_points, green.penalty_points, green.final) == (
        7,
        0,
        -15,
        -8,
    )
    assert ev.ranking == ("red", "green") and ev.winners == ("red",)


def test_penalty_points_option():
    ev = evaluation(
        across(0, 0, "AT", "rg"),
        penalties={"red": 2, "green": 0},
        rules={"penalty_points": 3},
    )
    assert ev.totals["red"].penalty_points == -6


def test_tie_break_fewest_penalty_tokens():
    # Both finish on 5: red 10 - 5 (1 token), green 5 (0 tokens): green ranks first.
    ev = evaluation(
        across(0, 0, "AT", "bb"),
        scores={"red": 10, "green": 5},
        penalties={"red": 1, "green": 0},
    )
    assert ev.totals["red"].final == ev.totals["green"].final == 5
    assert ev.ranking == ("green", "red") and ev.winners == ("green",)


def test_tie_break_most_words_controlled_then_shared():
    board = tiles(across(0, 0, "AT", "rr"), across(2, 0, "AT", "bb"))
    ev = evaluation(board, scores={"red": 3, "green": 3})
    assert ev.ranking == ("red", "green") and ev.winners == ("red",)  # 1 word vs 0
    ev = evaluation(across(0, 0, "AT", "bb"), scores={"red": 3, "green": 3})
    assert set(ev.winners) == {"red", "green"}  # still tied: shared win


def test_winner_property_only_when_over():
    s = state(across(0, 0, "AT", "rr"), phase="over")
    assert s.winner == "red"
    assert state(across(0, 0, "AT", "rr")).winner is None
    assert state(across(0, 0, "AT", "bb"), phase="over").winner is None  # shared


def test_control_cases():
    # docs/rules/controlword.md: strictly the most tiles controls; half or more is a majority; a tie for
    # the most, or blue with the most, controls nothing.
    cases = {
        ("RAT", "rrg"): ("red", "majority"),
        ("RATED", "rrgkb"): ("red", "plurality"),
        ("BAT", "bbr"): (None, None),
        ("AT", "rg"): (None, None),
    }
    for (word, colours), expected in cases.items():
        w = only_word(
            evaluation(across(0, 0, word, colours), players=("red", "green", "black"))
        )
        assert (w.controller, w.control) == expected, word


def test_score_json_shape():
    ev = evaluation(across(0, 0, "PLANT", "rrrgb"))
    obj = ev.to_json()
    assert obj["words"] == [
        {
            "word": "PLANT",
            "squares": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
            "controller": "red",
            "control": "majority",
            "points": 6,
        }
    ]
    assert obj["totals"]["red"] == {
        "word_points": 6,
        "words_controlled": 1,
        "penalty_points": 0,
        "played_points": 0,
        "final": 6,
    }
    assert obj["ranking"] == ["red", "green"]

"""Tiles, dice, rule options, the board and the start mats."""

import dataclasses
from collections import Counter

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword.board import ACROSS, DOWN, Board, centred_bounds
from wordbot.engine.controlword.mats import (
    BUILTIN_MATS,
    MatError,
    builtin_mat,
    is_hash_shape,
    random_mat,
)
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.tiles import (
    DRAW_DIE,
    FULL_BAG,
    FULL_CONSONANT_BAG,
    FULL_VOWEL_BAG,
    REPLACEMENT_DIE,
    TILE_COUNTS,
    Tile,
)
from wordbot.engine.errors import RuleError
from wordbot.engine.rng import Rng

from tests.lexicons import small_words


# --------------------------------------------------------------------------- tiles
def test_bags_hold_the_98_tiles_of_the_standard_set_without_blanks():
    assert len(FULL_BAG) == 98
    assert Counter(FULL_BAG) == Counter(
        A=9,
        B=2,
        C=2,
        D=4,
        E=12,
        F=2,
        G=3,
        H=2,
        I=9,
        J=1,
        K=1,
        L=4,
        M=2,
        N=6,
        O=8,
        P=2,
        Q=1,
        R=6,
        S=4,
        T=6,
        U=4,
        V=2,
        W=2,
        X=1,
        Y=2,
        Z=1,
    )
    assert sum(TILE_COUNTS.values()) == 98


def test_blue_splits_into_42_vowels_and_56_consonants_with_y_a_consonant():
    assert len(FULL_VOWEL_BAG) == 42 and set(FULL_VOWEL_BAG) == set("AEIOU")
    assert len(FULL_CONSONANT_BAG) == 56 and "Y" in FULL_CONSONANT_BAG


def test_dice_faces():
    assert DRAW_DIE == (6, 7, 7, 8, 8, 9)
    assert REPLACEMENT_DIE == (2, 3, 3, 4, 4, 5)


def test_rng_is_deterministic_uniform_enough_and_draws_without_replacement():
    a, b = Rng(42), Rng(42)
    assert [a.below(6) for _ in range(50)] == [b.below(6) for _ in range(50)]
    r = Rng(1)
    counts = Counter(r.below(6) for _ in range(6000))
    assert all(900 < n < 1100 for n in counts.values()) and len(counts) == 6
    drawn, left = Rng(3).draw("AABC", 3)
    assert Counter(drawn) + Counter(left) == Counter("AABC") and len(left) == 1
    drawn, left = Rng(3).draw("AB", 5)  # fewer when the bag runs out
    assert sorted(drawn) == ["A", "B"] and left == ""


# --------------------------------------------------------------------------- rules
def test_rule_defaults_are_those_of_rules_md():
    r = Rules()
    assert (r.rounds, r.turn_order, r.replacement_order, r.rotate_first_player) == (
        10,
        "clockwise",
        "same",
        True,
    )
    assert (r.board_size, r.score_replacements, r.penalty_points, r.redraw_penalty) == (
        None,
        False,
        5,
        2,
    )
    assert (r.challenge_rule, r.jqxz_bonus, r.start_mat) == ("reject", 4, 1)


@pytest.mark.parametrize(
    "text, field, value",
    [
        ("rounds=3", "rounds", 3),
        ("turn_order=counterclockwise", "turn_order", "counterclockwise"),
        ("replacement_order=reverse", "replacement_order", "reverse"),
        ("rotate_first_player=false", "rotate_first_player", False),
        ("board_size=15", "board_size", 15),
        ("board_size=unbounded", "board_size", None),
        ("score_replacements=true", "score_replacements", True),
        ("penalty_points=10", "penalty_points", 10),
        ("redraw_penalty=0", "redraw_penalty", 0),
        ("challenge_rule=penalty", "challenge_rule", "penalty"),
        ("jqxz_bonus=0", "jqxz_bonus", 0),
        ("start_mat=6", "start_mat", 6),
        ("start_mat=random", "start_mat", "random"),
    ],
)
def test_every_rule_option_parses(text, field, value):
    assert getattr(Rules.parse([text]), field) == value
    rules = Rules.parse([text])
    assert Rules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    "text, expected",
    [
        ("rounds=0", "rounds=0: 0 is not allowed (1-100)"),
        ("rounds=101", "rounds=101: 101 is not allowed (1-100)"),
        ("rounds=many", "1-100"),
        ("replacement_order=sideways", "same or reverse"),
        ("rotate_first_player=maybe", "true or false"),
        ("board_size=2", "unbounded or 3-1000"),
        ("board_size=1001", "unbounded or 3-1000"),
        ("start_mat=7", "1-6 or random"),
        ("challenge_rule=shout", "reject or penalty"),
        ("colour=red", "unknown rule option 'colour'"),
        ("rounds", "expected NAME=VALUE"),
    ],
)
def test_bad_rule_options_name_the_option_and_the_allowed_values(text, expected):
    with pytest.raises(RuleError) as info:
        Rules.parse([text])
    assert expected in str(info.value) and "\n" not in str(info.value)


def test_rules_from_json_errors_name_the_field():
    with pytest.raises(RuleError) as info:
        Rules.from_json({"rounds": "3"})
    assert str(info.value).startswith("rules.rounds:")
    with pytest.raises(RuleError):
        Rules.from_json({"rotate_first_player": 1})
    assert Rules.from_json({}) == Rules()


def test_rules_cover_every_option_named_in_rules_md():
    names = {f.name for f in dataclasses.fields(Rules)}
    for option in (
        "rounds",
        "turn_order",
        "replacement_order",
        "rotate_first_player",
        "board_size",
        "score_replacements",
        "penalty_points",
        "redraw_penalty",
        "challenge_rule",
        "jqxz_bonus",
        "start_mat",
    ):
        assert option in names


# --------------------------------------------------------------------------- board
def make(cells: dict) -> Board:
    return Board({sq: Tile(ch, "blue") for sq, ch in cells.items()})


def test_words_are_maximal_runs_of_two_or_more_across_and_down():
    # C A T at row -1 (negative coordinates), A under the C, S alone.
    b = make({(-1, -1): "C", (-1, 0): "A", (-1, 1): "T", (0, -1): "A", (5, 5): "S"})
    words = b.words()
    assert [(w.direction, w.letters, w.squares[0]) for w in words] == [
        (ACROSS, "CAT", (-1, -1)),
        (DOWN, "CA", (-1, -1)),
    ]
    assert b.word_at((-1, 0), ACROSS).letters == "CAT"
    assert b.word_at((-1, 0), DOWN) is None  # a single tile is not a word
    assert b.word_at((9, 9), ACROSS) is None


def test_place_returns_a_new_board():
    b = make({(0, 0): "A"})
    c = b.place([(0, 1, "T", "red")])
    assert (0, 1) not in b and c[(0, 1)] == Tile("T", "red")
    assert c.word_at((0, 0), ACROSS).colours == ("blue", "red")


@pytest.mark.parametrize(
    "size, low, high", [(15, -7, 7), (20, -9, 10), (3, -1, 1), (4, -1, 2)]
)
def test_bounded_board_is_centred(size, low, high):
    assert centred_bounds(size) == (low, high, low, high)
    b = Board({}, centred_bounds(size))
    assert (
        b.in_bounds((low, high))
        and not b.in_bounds((low - 1, 0))
        and not b.in_bounds((0, high + 1))
    )
    assert Board({}).in_bounds((10**6, -(10**6)))


# --------------------------------------------------------------------------- mats
@pytest.mark.parametrize("number", sorted(BUILTIN_MATS))
def test_builtin_mats_are_a_hash_of_four_common_words_centred_on_the_origin(number):
    tiles = builtin_mat(number)
    assert is_hash_shape(tiles)
    words = Board(tiles).words()
    default = small_words()  # holds every mat word; the default list too:
    assert all(w.letters in default for w in words)
    r0, r1, c0, c1 = Board(tiles).extent()
    h, w = r1 - r0 + 1, c1 - c0 + 1
    assert (r0, r1) == (-((h - 1) // 2), h // 2) and (c0, c1) == (-((w - 1) // 2), w // 2)
    assert all(t.colour == "blue" for t in tiles.values())
    # the letters fit in the blue bags
    assert not Counter(t.letter for t in tiles.values()) - Counter(FULL_BAG)


def test_builtin_mat_words_are_in_the_default_lexicon():
    from tests.lexicons import default_lexicon

    lex = default_lexicon()
    for number in BUILTIN_MATS:
        assert all(w.letters in lex for w in Board(builtin_mat(number)).words())


def test_six_distinct_builtin_mats():
    assert len({frozenset(builtin_mat(n).items()) for n in BUILTIN_MATS}) == 6


def test_not_hash_shapes_are_rejected():
    plus = {(0, 0): Tile("A", "blue"), (0, 1): Tile("T", "blue")}
    assert not is_hash_shape(plus)
    tiles = dict(builtin_mat(1))
    tiles[(10, 10)] = Tile("A", "blue")  # a stray tile
    assert not is_hash_shape(tiles)


@pytest.mark.parametrize("seed", range(8))
def test_random_mats_from_a_lexicon(seed):
    lex = small_words()
    tiles = random_mat(lex, Rng(seed))
    assert is_hash_shape(tiles) and all(w.letters in lex for w in Board(tiles).words())
    assert tiles == random_mat(lex, Rng(seed))  # the seed decides
    r0, r1, c0, c1 = Board(tiles).extent()
    assert r0 == -((r1 - r0) // 2) and c0 == -((c1 - c0) // 2)


def test_random_mat_from_a_tiny_lexicon_and_one_that_cannot_make_a_mat():
    lex = Lexicon.from_words(["CAT", "TAN", "ANT", "NAT", "TAT", "CAN", "ACT", "TACT"])
    tiles = random_mat(lex, Rng(0))
    assert is_hash_shape(tiles)
    with pytest.raises(MatError):
        random_mat(Lexicon.from_words(["AB", "CD"]), Rng(0))

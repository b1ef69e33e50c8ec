"""Tests of the reference move enumerator (tests/reference/controlword.py).

Every expected result here was worked out by hand from docs/rules/ ("Word play",
"Replacement play"), never copied from the code's output. Besides the hand-made cases:
- brute force: on tiny positions (tests.controlword_rules.brute_*) every conceivable play is tried
  and checked by an independent rule checker; the reference must give exactly those;
- soundness: on bigger random positions every play the reference returns passes the
  independent checker;
- conformance: the number of word plays on 48 positions agrees with two established
  engines (tests/data/word_plays_scowl80.jsonl).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import conformance
from tests.controlword_positions import (
    PLAYER_COLOURS,
    random_board,
    random_position,
    random_rack,
)
from tests.controlword_rules import (
    all_runs,
    brute_replacement_plays,
    brute_word_plays,
    replacement_problem,
    word_play_problem,
)
from tests.lexicons import default_lexicon, small_lexicon, tiny_lexicon
from tests.reference.controlword import replacement_plays, word_plays
from tests.sampling import fast_and_full


def across(row, col, word, colour="blue"):
    """Board tiles spelling ``word`` across from (row, col)."""
    return {(row, col + i): (letter, colour) for i, letter in enumerate(word)}


def down(row, col, word, colour="blue"):
    return {(row + i, col): (letter, colour) for i, letter in enumerate(word)}


def plays(*tile_lists):
    """A set of plays from lists of (row, col, LETTER)."""
    return {frozenset(tiles) for tiles in tile_lists}


# ---------------------------------------------------------------------------------------
# Word plays, worked out by hand
# ---------------------------------------------------------------------------------------

# Board: A T at (0,0), (0,1). Lexicon and rack "ST" as below; every legal play listed.
AT_BOARD = across(0, 0, "AT")
AT_LEXICON = {"AT", "AS", "TA", "SAT", "TAT", "STAT"}
AT_PLAYS = plays(
    [(0, -1, "S")],  # SAT across
    [(0, -1, "T")],  # TAT across
    [(-1, 0, "T")],  # TA down
    [(1, 0, "S")],  # AS down
    [(1, 0, "T")],  # AT down
    [(0, -2, "S"), (0, -1, "T")],  # STAT across
    [(-1, 0, "S"), (1, 0, "T")],  # SAT down through the A
)


def test_every_word_play_on_a_tiny_board():
    # Not legal (by hand): ATS/ATT at (0,2); SA, ST, TT, TS down; ST/TS as parallel or
    # separate two-tile words; TSAT, SATT, TATS, TAS.
    assert word_plays(AT_BOARD, "ST", AT_LEXICON) == AT_PLAYS


def test_bounds_keep_tiles_inside():
    # Rows 0..1, columns -1..1: (-1, 0) and (0, -2) are outside.
    bounded = word_plays(AT_BOARD, "ST", AT_LEXICON, bounds=(0, 1, -1, 1))
    assert bounded == plays([(0, -1, "S")], [(0, -1, "T")], [(1, 0, "S")], [(1, 0, "T")])
    # The board's own edge: nothing fits in a box that is exactly the board.
    assert word_plays(AT_BOARD, "ST", AT_LEXICON, bounds=(0, 0, 0, 1)) == set()
    # Loose bounds change nothing.
    assert word_plays(AT_BOARD, "ST", AT_LEXICON, bounds=(-9, 9, -9, 9)) == AT_PLAYS


def test_parallel_play_forms_several_cross_words():
    board = across(0, 0, "AT")
    lexicon = {"AT", "NO", "AN", "TO"}
    result = word_plays(board, "NO", lexicon)
    # NO under AT: cross words AN and TO.
    assert frozenset({(1, 0, "N"), (1, 1, "O")}) in result
    # Without TO the parallel play is illegal, but N alone under A (AN) still is.
    result = word_plays(board, "NO", {"AT", "NO", "AN"})
    assert frozenset({(1, 0, "N"), (1, 1, "O")}) not in result
    assert frozenset({(1, 0, "N")}) in result


def test_extending_a_word_at_both_ends():
    board = across(0, 0, "CAT")
    lexicon = {"CAT", "SCAT", "CATS", "SCATS"}
    # S before, S after, or both at once (contiguous once C A T are counted). Single S
    # above/below a letter makes SC, CS, SA, AS, ST, TS: none are words.
    assert word_plays(board, "SS", lexicon) == plays(
        [(0, -1, "S")], [(0, 3, "S")], [(0, -1, "S"), (0, 3, "S")]
    )
    # Extending is a word play, never a replacement (those only cover board tiles).
    assert replacement_plays(board, "SS", "red", 5, lexicon) == set()


def test_play_through_several_board_tiles():
    board = {(0, 0): ("B", "red"), (0, 2): ("R", "blue"), (0, 4): ("D", "green")}
    lexicon = {"BARED", "BAR"}
    # BAR: A between B and R (the run stops at the empty (0,3)); BARED through all three.
    assert word_plays(board, "AE", lexicon) == plays(
        [(0, 1, "A")], [(0, 1, "A"), (0, 3, "E")]
    )


def test_one_tile_play_is_listed_once():
    board = {(0, 0): ("A", "blue"), (1, 1): ("O", "blue")}
    lexicon = {"AN", "NO"}
    # N at (1,0): AN down and NO across. N at (0,1): AN across and NO down.
    result = word_plays(board, "N", lexicon)
    assert result == plays([(1, 0, "N")], [(0, 1, "N")])
    assert len(result) == 2


def test_one_tile_play_must_make_a_word():
    # A single tile always touches a tile; here every run it makes is a word or not.
    board = across(0, 0, "AT")
    assert word_plays(board, "Z", AT_LEXICON) == set()


def test_rack_tile_counts():
    board = {(0, 0): ("T", "blue")}
    lexicon = {"TEE", "TEN"}
    ten = plays([(0, 1, "E"), (0, 2, "N")], [(1, 0, "E"), (2, 0, "N")])
    tee = plays([(0, 1, "E"), (0, 2, "E")], [(1, 0, "E"), (2, 0, "E")])
    assert word_plays(board, "EN", lexicon) == ten  # TEE needs two E, one held
    assert word_plays(board, "EEN", lexicon) == ten | tee


def test_blue_rack_letters_count_as_letters():
    board = {(0, 0): ("T", "blue")}
    lexicon = {"TEE", "TEN"}
    assert word_plays(board, "en", lexicon) == word_plays(board, "EN", lexicon)
    # 'E' and 'e' are two E tiles.
    assert frozenset({(0, 1, "E"), (0, 2, "E")}) in word_plays(board, "Ee", lexicon)
    assert all(
        letter.isupper() for p in word_plays(board, "Een", lexicon) for _, _, letter in p
    )


def test_main_word_is_the_maximal_run():
    # An A placed before "TS" makes ATS across, not AT; above the T it makes AT down.
    board = {(0, 1): ("T", "blue"), (0, 2): ("S", "blue")}
    assert word_plays(board, "A", {"AT"}) == plays([(-1, 1, "A")])
    assert word_plays(board, "A", {"AT", "ATS"}) == plays([(-1, 1, "A")], [(0, 0, "A")])


def test_nothing_to_play_on_or_with():
    assert word_plays({}, "ST", AT_LEXICON) == set()  # nothing to connect to
    assert word_plays(AT_BOARD, "", AT_LEXICON) == set()


def test_word_plays_use_the_lexicon_only():
    assert word_plays(AT_BOARD, "ST", set()) == set()
    # A Lexicon, a frozenset and a list give the same answer.
    from wordbot.dictionaries import Lexicon

    for lexicon in (
        Lexicon.from_words(AT_LEXICON),
        frozenset(AT_LEXICON),
        sorted(AT_LEXICON),
    ):
        assert word_plays(AT_BOARD, "ST", lexicon) == AT_PLAYS


def test_negative_coordinates():
    shifted = {(r - 50, c - 70): tile for (r, c), tile in AT_BOARD.items()}
    expected = {frozenset((r - 50, c - 70, x) for r, c, x in p) for p in AT_PLAYS}
    assert word_plays(shifted, "ST", AT_LEXICON) == expected


# ---------------------------------------------------------------------------------------
# Replacement plays, worked out by hand
# ---------------------------------------------------------------------------------------


def test_repast_to_repent_needs_both_squares_at_once():
    board = across(0, 0, "REPAST")
    lexicon = {"REPAST", "REPENT"}  # not REPEST nor REPANT: only the pair works
    repent = [(0, 3, "E"), (0, 4, "N")]
    same_e = [(0, 1, "E")]  # E on E: only the colour changes, REPAST stays a word
    assert replacement_plays(board, "EN", "red", 2, lexicon) == plays(same_e, repent)
    # L = 1: the pair does not fit.
    assert replacement_plays(board, "EN", "red", 1, lexicon) == plays(same_e)
    # Two E and L = 3: both at once too.
    assert replacement_plays(board, "EEN", "red", 3, lexicon) == plays(
        same_e, repent, same_e + repent
    )
    # Without an N nothing but the recolouring.
    assert replacement_plays(board, "EE", "red", 5, lexicon) == plays(same_e)


def test_playing_to_praying_and_own_colour():
    board = across(0, 0, "PLAYING", "blue")
    board[(0, 0)] = ("P", "red")
    board[(0, 2)] = ("A", "white")
    lexicon = {"PLAYING", "PRAYING"}
    assert replacement_plays(board, "R", "red", 1, lexicon) == plays([(0, 1, "R")])
    # The P is red's own: never replaced, not even by a P.
    assert replacement_plays(board, "RP", "red", 2, lexicon) == plays([(0, 1, "R")])
    # For green the P is fair game (a same-letter replacement).
    assert replacement_plays(board, "P", "green", 1, lexicon) == plays([(0, 0, "P")])
    # The white A: a same-letter replacement, alone or with the R.
    assert replacement_plays(board, "RA", "red", 2, lexicon) == plays(
        [(0, 1, "R")], [(0, 2, "A")], [(0, 1, "R"), (0, 2, "A")]
    )


def test_crossing_square_keeps_both_words():
    board = across(0, 0, "CAT") | down(-1, 1, "BAD")
    # O at the crossing: COT and BOD. E would make BED but also CET.
    assert replacement_plays(
        board, "EO", "red", 1, {"CAT", "COT", "BAD", "BED", "BOD"}
    ) == plays([(0, 1, "O")])
    assert replacement_plays(board, "EO", "red", 1, {"CAT", "COT", "BAD", "BED"}) == set()


def test_same_letter_replacements_and_the_limit():
    board = across(0, 0, "AT")
    lexicon = {"AT"}  # TT and AA are not words
    assert replacement_plays(board, "AT", "red", 2, lexicon) == plays(
        [(0, 0, "A")], [(0, 1, "T")], [(0, 0, "A"), (0, 1, "T")]
    )
    assert replacement_plays(board, "AT", "red", 1, lexicon) == plays(
        [(0, 0, "A")], [(0, 1, "T")]
    )


def test_replacement_rack_counts():
    board = across(0, 0, "TEE")
    lexicon = {"TEE"}
    # One E: either E square, not both.
    assert replacement_plays(board, "E", "red", 3, lexicon) == plays(
        [(0, 1, "E")], [(0, 2, "E")]
    )
    # 'E' and 'e' are two E.
    assert replacement_plays(board, "Ee", "red", 3, lexicon) == plays(
        [(0, 1, "E")], [(0, 2, "E")], [(0, 1, "E"), (0, 2, "E")]
    )


def test_replacements_in_several_words_at_once():
    board = across(0, 0, "CAT") | down(-1, 1, "BAD") | across(3, 0, "AT")
    # (BAD's D at (1,1) touches nothing but the A; AT on row 3 is separate.)
    lexicon = {"CAT", "BAD", "AT", "IT", "BID"}
    # I at (3,0): IT. I at the crossing would make CIT (no).
    assert replacement_plays(board, "I", "red", 2, lexicon) == plays([(3, 0, "I")])
    # With a T too: T on either T (one T tile, so not both), alone or with the I.
    assert replacement_plays(board, "IT", "red", 2, lexicon) == plays(
        [(3, 0, "I")],
        [(0, 2, "T")],
        [(3, 1, "T")],
        [(3, 0, "I"), (0, 2, "T")],
        [(3, 0, "I"), (3, 1, "T")],
    )
    # Two T tiles: both T squares together as well.
    assert frozenset({(0, 2, "T"), (3, 1, "T")}) in replacement_plays(
        board, "ITT", "red", 2, lexicon
    )


def test_words_that_are_not_words_block_replacements_through_them():
    # "after the whole action every word ... that runs through a changed square must be
    # in the lexicon": a same-letter replacement in a non-word leaves it a non-word.
    board = across(0, 0, "XQ")
    assert replacement_plays(board, "XQ", "red", 2, {"AT"}) == set()
    # Changing it into a word is fine.
    assert replacement_plays(board, "AT", "red", 2, {"AT"}) == plays(
        [(0, 0, "A"), (0, 1, "T")]
    )


def test_a_tile_in_no_word_takes_any_rack_letter():
    # No word runs through an isolated tile, so there is nothing to check.
    board = {(0, 0): ("A", "blue")}
    assert replacement_plays(board, "BA", "red", 1, set()) == plays(
        [(0, 0, "B")], [(0, 0, "A")]
    )


def test_no_rack_or_no_limit_gives_nothing():
    board = across(0, 0, "AT")
    assert replacement_plays(board, "", "red", 3, {"AT"}) == set()
    assert replacement_plays(board, "AT", "red", 0, {"AT"}) == set()
    assert replacement_plays({}, "AT", "red", 3, {"AT"}) == set()


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="colour"):
        replacement_plays(AT_BOARD, "A", "purple", 1, AT_LEXICON)
    with pytest.raises(ValueError, match="limit"):
        replacement_plays(AT_BOARD, "A", "red", -1, AT_LEXICON)
    with pytest.raises(ValueError, match="rack"):
        word_plays(AT_BOARD, "A?", AT_LEXICON)
    with pytest.raises(ValueError, match="board"):
        word_plays({(0, 0): ("a", "blue")}, "A", AT_LEXICON)
    with pytest.raises(ValueError, match="bounds"):
        word_plays(AT_BOARD, "A", AT_LEXICON, bounds=(0, 1))


# ---------------------------------------------------------------------------------------
# Brute force on tiny positions: exactly the legal plays, no more, no fewer
# ---------------------------------------------------------------------------------------

TINY = "AEST"


def tiny_position(seed: int):
    rng = random.Random(seed)
    lexicon = tiny_lexicon(TINY, seed % 3)
    board = random_board(rng, lexicon, rng.randint(1, 3))
    rack = random_rack(rng, rng.randint(1, 3), alphabet=TINY)
    return lexicon, board, rack, rng.choice(PLAYER_COLOURS), rng.randint(1, 4)


@pytest.mark.parametrize("seed", range(40))
def test_word_plays_match_brute_force(seed):
    lexicon, board, rack, _, _ = tiny_position(seed)
    assert word_plays(board, rack, lexicon) == brute_word_plays(board, rack, lexicon)


@pytest.mark.parametrize("seed", range(40))
def test_bounded_word_plays_match_brute_force(seed):
    lexicon, board, rack, _, _ = tiny_position(seed)
    rows = [r for r, _ in board]
    cols = [c for _, c in board]
    rng = random.Random(seed)
    bounds = (
        min(rows) - rng.randint(0, 2),
        max(rows) + rng.randint(0, 2),
        min(cols) - rng.randint(0, 2),
        max(cols) + rng.randint(0, 2),
    )
    assert word_plays(board, rack, lexicon, bounds) == brute_word_plays(
        board, rack, lexicon, bounds
    )


@pytest.mark.parametrize("seed", range(60))
def test_replacement_plays_match_brute_force(seed):
    lexicon, board, rack, colour, limit = tiny_position(seed)
    assert replacement_plays(
        board, rack, colour, limit, lexicon
    ) == brute_replacement_plays(board, rack, colour, limit, lexicon)


def test_tiny_positions_exercise_the_hard_cases():
    """The brute-force comparisons above are not vacuous: by the brute force itself, the
    tiny positions have plays, replacements that change two letters of one word at once
    where neither change alone is a play (REPAST -> REPENT), and same-letter ones."""
    word_total = joint = same_letter = 0
    for seed in range(60):
        lexicon, board, rack, colour, limit = tiny_position(seed)
        if seed < 40:
            word_total += len(brute_word_plays(board, rack, lexicon))
        found = brute_replacement_plays(board, rack, colour, limit, lexicon)
        for play in found:
            changed = [t for t in play if board[t[:2]][0] != t[2]]
            same_letter += len(changed) < len(play)
            if len(changed) >= 2 and all(frozenset({t}) not in found for t in changed):
                joint += 1
    assert word_total > 200 and joint >= 5 and same_letter > 50, (
        word_total,
        joint,
        same_letter,
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    words=st.integers(1, 4),
    rack_size=st.integers(1, 4),
    limit=st.integers(0, 4),
)
def test_replacements_match_brute_force_property(seed, words, rack_size, limit):
    rng = random.Random(seed)
    lexicon = tiny_lexicon(TINY, seed % 3)
    board = random_board(rng, lexicon, words)
    rack = random_rack(rng, rack_size, alphabet=TINY)
    colour = rng.choice(PLAYER_COLOURS)
    assert replacement_plays(
        board, rack, colour, limit, lexicon
    ) == brute_replacement_plays(board, rack, colour, limit, lexicon)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), words=st.integers(1, 3), rack_size=st.integers(1, 3))
def test_word_plays_match_brute_force_property(seed, words, rack_size):
    rng = random.Random(seed)
    lexicon = tiny_lexicon(TINY, seed % 3)
    board = random_board(rng, lexicon, words)
    rack = random_rack(rng, rack_size, alphabet=TINY)
    assert word_plays(board, rack, lexicon) == brute_word_plays(board, rack, lexicon)


# ---------------------------------------------------------------------------------------
# Soundness on bigger random positions (real words)
# ---------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_word_play_is_legal(seed):
    lexicon = small_lexicon(2500)
    board, rack, _, _ = random_position(random.Random(seed), lexicon)
    for play in word_plays(board, rack, lexicon):
        assert word_play_problem(board, play, lexicon, rack) is None, sorted(play)
        # Applied to the board, every run on the board is still a word.
        after = {sq: letter for sq, (letter, _) in board.items()}
        after.update({(r, c): x for r, c, x in play})
        assert all(w in lexicon for w in all_runs(after))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_replacement_is_legal(seed):
    lexicon = small_lexicon(2500)
    board, rack, colour, limit = random_position(random.Random(seed), lexicon)
    for play in replacement_plays(board, rack, colour, limit, lexicon):
        assert 1 <= len(play) <= limit
        assert replacement_problem(board, play, rack, colour, limit, lexicon) is None, (
            sorted(play)
        )


def test_random_boards_are_legal_positions():
    lexicon = small_lexicon(2500)
    for seed in range(30):
        board = random_board(random.Random(seed), lexicon, 8)
        letters = {sq: letter for sq, (letter, _) in board.items()}
        assert all(w in lexicon for w in all_runs(letters))
        # Connected: every tile reaches (0, 0) through neighbouring tiles.
        seen, todo = set(), [(0, 0)]
        while todo:
            r, c = todo.pop()
            if (r, c) in letters and (r, c) not in seen:
                seen.add((r, c))
                todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        assert seen == set(letters)
        # The same seed gives the same board.
        assert board == random_board(random.Random(seed), lexicon, 8)


def test_same_letter_replacements_are_all_listed():
    # On a board of real words, every single same-letter replacement of a non-own tile
    # whose letter is on the rack is a play (the words do not change).
    lexicon = small_lexicon(2500)
    for seed in range(20):
        board, rack, colour, limit = random_position(random.Random(seed), lexicon)
        result = replacement_plays(board, rack, colour, limit, lexicon)
        for (r, c), (letter, tile_colour) in board.items():
            if tile_colour != colour and letter in rack.upper():
                assert frozenset({(r, c, letter)}) in result


# ---------------------------------------------------------------------------------------
# Conformance with established engines (the default lexicon)
# ---------------------------------------------------------------------------------------


@fast_and_full("every", 8, 1)
def test_word_play_counts_match_established_engines(every):
    """Every ``every``-th case in the default run (the reference takes most of the time
    of the whole file on the default list), every case in the slow run."""
    lexicon = default_lexicon()
    cases = conformance.cases()
    assert len(cases) == 48
    for case in cases[::every]:
        assert len(word_plays(case.tiles, case.rack, lexicon)) == case.word_plays, case.id

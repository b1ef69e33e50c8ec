"""Self-checks of the Cross words combat reference (tests/reference/crosswords.py).

Every expectation below was worked out by hand from docs/rules/crosswords.md; the
comment next to each one shows the reasoning. Grid cells are (r, c), r grows down.
"""

from __future__ import annotations

import json

import pytest

from tests.reference import crosswords as cw

# ---------------------------------------------------------------------------------------
# helpers that build hand-made positions
# ---------------------------------------------------------------------------------------


def put(word, at, direction, writer):
    """Cell entries [r, c, LETTER, writer] of a word written on the grid."""
    r, c = at
    out = []
    for k, ch in enumerate(word):
        cell = (r, c + k) if direction == "across" else (r + k, c)
        out.append([cell[0], cell[1], ch, writer])
    return out


def make(
    cells,
    red_rows,
    green_rows,
    red_used=((0, 0),),
    green_used=((0, 0),),
    captured=(),
    extra=(),
    to_move="red",
    turns=(0, 0),
    rules=None,
):
    """A position dict in the docs/formats/crosswords.md shape (scores = captured cells per
    captor)."""
    captured = [list(c) for c in captured]
    position = {
        "format": "wordbot.crosswords.position/1",
        "players": ["red", "green"],
        "to_move": to_move,
        "phase": "turn",
        "cells": [list(c) for c in cells],
        "captured": captured,
        "pages": {
            "red": {"rows": list(red_rows), "used": [list(u) for u in red_used]},
            "green": {"rows": list(green_rows), "used": [list(u) for u in green_used]},
        },
        "extra": [dict(e) for e in extra],
        "turns_taken": {"red": turns[0], "green": turns[1]},
        "scores": {p: sum(1 for *_, who in captured if who == p) for p in ("red", "green")},
    }
    if rules is not None:
        position["rules"] = rules
    return position


def W(row, word, r, c, direction):
    """A canonical write move."""
    return {"type": "write", "row": row, "word": word, "at": [r, c], "direction": direction}


PASS = {"type": "pass"}


def canon(moves):
    """Moves sorted by the canonical key."""
    return sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))


# green's letters far away from red's, so that they change nothing for red
FAR_GREEN = put("DOG", (-10, 0), "across", "green")
CAT = put("CAT", (0, 0), "across", "red")  # C(0,0) A(0,1) T(0,2)


# ---------------------------------------------------------------------------------------
# Pages and tokens
# ---------------------------------------------------------------------------------------


def test_tokens_punctuation_digits_and_non_ascii():
    assert cw.tokens("The cat sat; on 2 mats.") == ["THE", "CAT", "SAT", "ON", "2", "MATS"]
    # a letter run and a digit run that touch are two tokens; '-' and ',' separate
    assert cw.tokens("ab12cd-e,f") == ["AB", "12", "CD", "E", "F"]
    # letters outside ASCII separate: café -> CAF, naïve -> NA VE
    assert cw.tokens("café naïve x") == ["CAF", "NA", "VE", "X"]
    # only 0-9 are digits: superscript two and Arabic-Indic three separate
    assert cw.tokens("\u00b23\u0663") == ["3"]
    assert cw.tokens("  ...  ") == []


def test_row_words_leave_markers_out():
    # I and a, z are single letters (markers), 42 is a digit token
    assert cw.row_words("I am a big 42 cat z") == ["AM", "BIG", "CAT"]
    assert cw.row_words("naïve cat") == ["NA", "VE", "CAT"]


def test_page_rows_drop_blank_lines():
    text = "one two\n\n   \n\t\nthree\r\n  four  \n"
    assert cw.page_rows(text) == ["one two", "three", "  four  "]


def test_combo_markers():
    # digits right after the word: its distinct digits ascending, 0 and 1 included
    assert cw.combo_marker("wordy 25 ox", 0) == {"lengths": [2, 5]}
    assert cw.combo_marker("sat, 5505!", 0) == {"lengths": [0, 5]}
    assert cw.combo_marker("mats2", 0) == {"lengths": [2]}
    # single letter right after the word (uppercased)
    assert cw.combo_marker("tea b bat", 0) == {"first_letter": "B"}
    # the next token is a word: no marker; the last word of a row: no marker
    assert cw.combo_marker("tea ox 3", 0) is None
    assert cw.combo_marker("tea ox 3", 1) == {"lengths": [3]}
    assert cw.combo_marker("tea b bat", 1) is None


# ---------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------


def test_new_position():
    p = cw.new_position("Hello, world\nfoo", "-- 7 --\n\nBig dog")
    # red's first word HELLO across at (4, 0); green's first row has no word (7 is a
    # marker), so its first word is BIG (row 1 after the blank line is dropped) at (-4, 0)
    assert p["cells"] == (
        [[-4, 0, "B", "green"], [-4, 1, "I", "green"], [-4, 2, "G", "green"]]
        + put("HELLO", (4, 0), "across", "red")
    )
    assert p["pages"]["red"] == {"rows": ["Hello, world", "foo"], "used": [[0, 0]]}
    assert p["pages"]["green"] == {"rows": ["-- 7 --", "Big dog"], "used": [[1, 0]]}
    assert p["to_move"] == "red" and p["phase"] == "turn" and p["extra"] == []
    assert p["turns_taken"] == {"red": 0, "green": 0}
    assert p["scores"] == {"red": 0, "green": 0} and p["captured"] == []
    assert "rules" not in p
    # start_gap 2: rows 2 and -2; the rules are kept
    q = cw.new_position("ab", "cd", rules={"start_gap": 2})
    assert q["cells"] == [
        [-2, 0, "C", "green"],
        [-2, 1, "D", "green"],
        [2, 0, "A", "red"],
        [2, 1, "B", "red"],
    ]
    assert q["rules"] == {"start_gap": 2}


def test_page_without_word_refused():
    with pytest.raises(ValueError):
        cw.new_position("1 2 3\n a b", "dog")


def test_setup_end_check():
    # each page has only its start word: nobody can ever write, over at set-up
    p = cw.new_position("cat", "dog")
    assert p["phase"] == "over" and p["extra"] == []
    assert cw.legal_moves(p) == []
    # XYZ cannot cross any letter of CAT (rule 1), green has no word left: over
    assert cw.new_position("cat\nxyz", "dog")["phase"] == "over"


# ---------------------------------------------------------------------------------------
# Writing rules
# ---------------------------------------------------------------------------------------


def test_rule_1_must_cross_own_letter():
    p = make(CAT + FAR_GREEN, ["cat", "tea"], ["dog"])
    # TEA must put one of its letters on C(0,0) A(0,1) T(0,2) with matching letters:
    #   T on (0,2): across from (0,2) [T E A new], down from (0,2)
    #   A on (0,1): across from (0,-1) puts E on C: clash; down from (-2,1)
    assert cw.legal_moves(p) == canon(
        [W(1, 0, 0, 2, "across"), W(1, 0, 0, 2, "down"), W(1, 0, -2, 1, "down")]
    )
    with pytest.raises(ValueError, match="rule 1"):
        cw.apply(p, W(1, 0, 5, 5, "across"))
    with pytest.raises(ValueError, match="clash"):
        cw.apply(p, W(1, 0, 0, -1, "across"))


def test_rule_2_no_captured_cell():
    # a green E at (1,2) captured by red: TEA down from (0,2) would enter it
    cells = CAT + FAR_GREEN + [[1, 2, "E", "green"]]
    p = make(cells, ["cat", "tea"], ["dog"], captured=[[1, 2, "red"]])
    assert cw.legal_moves(p) == canon([W(1, 0, 0, 2, "across"), W(1, 0, -2, 1, "down")])
    with pytest.raises(ValueError, match="rule 2"):
        cw.apply(p, W(1, 0, 0, 2, "down"))


def test_rule_3_next_word_and_same_text_twice():
    p = make(CAT + FAR_GREEN, ["cat", "tea ant", "tea"], ["dog"])
    # next words: TEA (1.0) and TEA (2.0); ANT (1.1) waits for TEA (1.0)
    three = [(0, 2, "across"), (0, 2, "down"), (-2, 1, "down")]
    assert cw.legal_moves(p) == canon(
        [W(row, 0, r, c, d) for row in (1, 2) for r, c, d in three]
    )
    with pytest.raises(ValueError, match="rule 3"):
        cw.apply(p, W(1, 1, 0, 1, "down"))
    # once TEA (1.0) is used, ANT is next: A on (0,1) down from (0,1); T on (0,2) down
    # from (-2,2); across clashes (N on T, or A on C)
    q = make(CAT + FAR_GREEN, ["cat", "tea ant"], ["dog"], red_used=[[0, 0], [1, 0]])
    assert cw.legal_moves(q) == canon([W(1, 1, 0, 1, "down"), W(1, 1, -2, 2, "down")])


def test_any_word_extra_turn_lifts_rule_3():
    p = make(CAT + FAR_GREEN, ["cat", "tea ant"], ["dog"], extra=[{"any_word": True}])
    assert cw.legal_moves(p) == canon(
        [
            W(1, 0, 0, 2, "across"),
            W(1, 0, 0, 2, "down"),
            W(1, 0, -2, 1, "down"),
            W(1, 1, 0, 1, "down"),
            W(1, 1, -2, 2, "down"),
        ]
    )
    # a used word stays unusable even then
    q = make(
        CAT + FAR_GREEN,
        ["cat", "tea ant"],
        ["dog"],
        red_used=[[0, 0], [1, 0]],
        extra=[{"any_word": True}],
    )
    assert cw.legal_moves(q) == canon([W(1, 1, 0, 1, "down"), W(1, 1, -2, 2, "down")])


def test_rule_4_adjacency():
    # a green letter Z at (2,3): TEA down from (0,2) puts A on (2,2), next to it
    a = make(CAT + FAR_GREEN + [[2, 3, "Z", "green"]], ["cat", "tea"], ["dog"])
    assert cw.legal_moves(a) == canon([W(1, 0, 0, 2, "across"), W(1, 0, -2, 1, "down")])
    with pytest.raises(ValueError, match="rule 4"):
        cw.apply(a, W(1, 0, 0, 2, "down"))
    # plus an empty cell (-1,0) captured by green: next to (-1,1) of the down write from
    # (-2,1); only the across write is left
    b = make(
        CAT + FAR_GREEN + [[2, 3, "Z", "green"]],
        ["cat", "tea"],
        ["dog"],
        captured=[[-1, 0, "green"]],
    )
    assert cw.legal_moves(b) == [W(1, 0, 0, 2, "across")]
    # a letter red wrote at (1,4) but green captured belongs to green: the across write
    # puts A on (0,4), next to it; both down writes stay
    c = make(
        CAT + FAR_GREEN + [[1, 4, "Q", "red"]],
        ["cat", "tea"],
        ["dog"],
        captured=[[1, 4, "green"]],
    )
    assert cw.legal_moves(c) == canon([W(1, 0, 0, 2, "down"), W(1, 0, -2, 1, "down")])


def test_rule_5_one_new_cell():
    p = make(CAT + FAR_GREEN, ["cat", "cat"], ["dog"])
    # CAT across from (0,0) adds nothing; the downs through C, A, T are fine
    assert cw.legal_moves(p) == canon(
        [W(1, 0, 0, 0, "down"), W(1, 0, -1, 1, "down"), W(1, 0, -2, 2, "down")]
    )
    with pytest.raises(ValueError, match="rule 5"):
        cw.apply(p, W(1, 0, 0, 0, "across"))


# ---------------------------------------------------------------------------------------
# Crossing combos
# ---------------------------------------------------------------------------------------


def test_crossing_one_opponent_letter():
    # green BED across at (1,1): B(1,1) E(1,2) D(1,3), under red's CAT
    cells = CAT + put("BED", (1, 1), "across", "green")
    p = make(cells, ["cat", "tea", "at"], ["bed"])
    # TEA across from (0,2): E on (0,3) touches D (1,3): rule 4, nothing crossed
    # TEA down from (-2,1): A on (0,1) touches B (1,1): rule 4, nothing crossed
    # TEA down from (0,2): crosses green's E at (1,2): rule 4 ignored, legal
    # AT (row 2): across from (0,1) adds nothing (rule 5); down from (0,1) puts T on B;
    # down from (-1,2): T(0,2) touches green's E (1,2): rule 4. No AT write.
    assert cw.legal_moves(p) == [W(1, 0, 0, 2, "down")]
    q = cw.apply(p, W(1, 0, 0, 2, "down"))
    assert q["cells"] == sorted(cells + [[2, 2, "A", "red"]], key=lambda e: (e[0], e[1]))
    assert q["captured"] == [[1, 2, "red"]]  # the crossed cell keeps writer green
    assert [1, 2, "E", "green"] in q["cells"]
    assert q["extra"] == [{}] and q["to_move"] == "red"
    assert q["turns_taken"] == {"red": 1, "green": 0}
    assert q["scores"] == {"red": 1, "green": 0}
    assert q["pages"]["red"]["used"] == [[0, 0], [1, 0]]
    assert q["phase"] == "turn"
    # the extra turn: AT on A(2,2): down from (2,2) (its neighbour (1,2) is now red's);
    # across from (2,2) puts T on (2,3), next to green's D (1,3): rule 4. AT on T(0,2):
    # down from (-1,2) (now legal: (1,2) is red's); the rest as before
    assert cw.legal_moves(q) == canon([W(2, 0, 2, 2, "down"), W(2, 0, -1, 2, "down")])
    # the input is unchanged
    assert p == make(cells, ["cat", "tea", "at"], ["bed"])


def test_crossing_two_opponent_letters():
    # green E at (1,2) and A at (2,2), under red's T
    cells = CAT + FAR_GREEN + [[1, 2, "E", "green"], [2, 2, "A", "green"]]
    p = make(cells, ["cat", "teas ox"], ["dog", "go"])
    # TEAS down from (0,2) crosses both (S new); TEAS across from (0,2): T(0,2) touches
    # E(1,2), rule 4; down from (-2,1): S on (1,1) touches E(1,2), rule 4; across with
    # A on (0,1) clashes (E on C)
    assert cw.legal_moves(p) == [W(1, 0, 0, 2, "down")]
    q = cw.apply(p, W(1, 0, 0, 2, "down"))
    assert q["captured"] == [[1, 2, "red"], [2, 2, "red"]]
    assert q["extra"] == [{"any_word": True}]
    assert q["scores"] == {"red": 2, "green": 0}
    # the any-word turn: OX (1.1) could be written, but no O or X of red's is on the grid
    assert cw.legal_moves(q) == [PASS]


# ---------------------------------------------------------------------------------------
# Enclosure
# ---------------------------------------------------------------------------------------


def test_enclosures_helper():
    ring = [[0, 1, "A", "red"], [1, 0, "A", "red"], [1, 2, "A", "red"], [2, 1, "A", "red"]]
    assert cw.enclosures(make(ring, ["ab"], ["cd"]), "red") == [[(1, 1)]]
    assert cw.enclosures(make(ring, ["ab"], ["cd"]), "green") == []
    # the ring open on one side: nothing is finite
    assert cw.enclosures(make(ring[:3], ["ab"], ["cd"]), "red") == []
    # a green letter in the wall: not red's
    green_wall = ring[:3] + [[2, 1, "A", "green"]]
    assert cw.enclosures(make(green_wall, ["ab"], ["cd"]), "red") == []
    # that green letter captured by red belongs to red
    assert cw.enclosures(
        make(green_wall, ["ab"], ["cd"], captured=[[2, 1, "red"]]), "red"
    ) == [[(1, 1)]]
    # an empty cell captured by red is a wall; one captured by green is not
    assert cw.enclosures(
        make(ring[:3], ["ab"], ["cd"], captured=[[2, 1, "red"]]), "red"
    ) == [[(1, 1)]]
    assert (
        cw.enclosures(make(ring[:3], ["ab"], ["cd"], captured=[[2, 1, "green"]]), "red")
        == []
    )
    # a 5x5 square border with a red letter in the middle: the 8 cells around it
    border = [
        [r, c, "A", "red"] for r in range(5) for c in range(5) if r in (0, 4) or c in (0, 4)
    ]
    inside = sorted((r, c) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) != (2, 2))
    assert cw.enclosures(make(border + [[2, 2, "B", "red"]], ["ab"], ["cd"]), "red") == [
        inside
    ]
    # two separate pockets
    two = ring + [
        [0, 4, "A", "red"],
        [1, 3, "A", "red"],
        [1, 5, "A", "red"],
        [2, 4, "A", "red"],
    ]
    assert cw.enclosures(make(two, ["ab"], ["cd"]), "red") == [[(1, 1)], [(1, 4)]]


# Red: CARTS across at (0,0), COW down at (0,0), SOY down at (0,4); a green R at (2,2);
# green's RUN far away. WORDY across at (2,0) closes the pocket (1,1) (1,2) (1,3).
POCKET = (
    put("CARTS", (0, 0), "across", "red")
    + [[1, 0, "O", "red"], [2, 0, "W", "red"], [1, 4, "O", "red"], [2, 4, "Y", "red"]]
    + [[2, 2, "R", "green"]]
    + put("RUN", (-10, 0), "across", "green")
)
POCKET_RED = ["carts cow soy", "wordy 25 ox"]
POCKET_GREEN = ["run", "up"]


def pocket_position():
    return make(POCKET, POCKET_RED, POCKET_GREEN, red_used=[[0, 0], [0, 1], [0, 2]])


def test_enclosure_capture_and_queue_order():
    p = pocket_position()
    # WORDY is the only next word. W on W(2,0): across (the pocket) and down; O on O(1,0):
    # across from (1,-1) puts R on (1,1)... D on (1,2), next to green's R: rule 4; down
    # clashes with C. O on O(1,4): across from (1,3) is legal; down clashes with S.
    # R on R(0,2): across clashes, down from (-2,2) puts Y on green's R: clash.
    # Y on Y(2,4): across is the pocket write again; down from (-2,4) puts R on S: clash.
    assert cw.legal_moves(p) == canon(
        [W(1, 0, 2, 0, "across"), W(1, 0, 2, 0, "down"), W(1, 0, 1, 3, "across")]
    )
    q = cw.apply(p, W(1, 0, 2, 0, "across"))
    # crossing green's R: captured, extra turn {}; then the pocket of 3 cells (its wall
    # includes the just-captured R): max_length 2; then "25" right after WORDY
    assert q["captured"] == [[1, 1, "red"], [1, 2, "red"], [1, 3, "red"], [2, 2, "red"]]
    assert q["extra"] == [{}, {"max_length": 2}, {"lengths": [2, 5]}]
    assert q["scores"] == {"red": 4, "green": 0}
    assert q["turns_taken"] == {"red": 1, "green": 0}
    assert q["to_move"] == "red" and q["phase"] == "turn"
    assert [2, 1, "O", "red"] in q["cells"] and [2, 3, "D", "red"] in q["cells"]
    # the extra turn {}: OX is next. O on (1,0): across enters captured (1,1), down
    # clashes with W; O on (1,4): across from (1,4) legal, down clashes with Y; O on
    # (2,1): across clashes with R, down from (2,1) legal
    assert cw.legal_moves(q) == canon([W(1, 1, 1, 4, "across"), W(1, 1, 2, 1, "down")])
    s = cw.apply(q, W(1, 1, 2, 1, "down"))
    # the turn played is removed, the rest kept in order; extra turns are not counted
    assert s["extra"] == [{"max_length": 2}, {"lengths": [2, 5]}]
    assert s["turns_taken"] == {"red": 1, "green": 0}
    assert s["to_move"] == "red"
    # no unused word left on red's page: both extra turns are lost (passes)
    assert cw.legal_moves(s) == [PASS]
    t = cw.apply(s, PASS)
    assert t["extra"] == [{"lengths": [2, 5]}] and t["to_move"] == "red"
    assert t["phase"] == "turn"  # green can still write UP on a normal turn
    u = cw.apply(t, PASS)
    assert u["extra"] == [] and u["to_move"] == "green"
    assert u["turns_taken"] == {"red": 1, "green": 0}
    # green: UP down from U (-10,1), across clashes with N
    assert cw.legal_moves(u) == [W(1, 0, -10, 1, "down")]


def test_single_cell_enclosure_gives_a_lost_turn():
    # a ring of red's around (1,1) missing (2,1); red writes WOE across at (2,0):
    # C O W down at (0,0), A at (0,1), T O E down at (0,2)
    cells = (
        put("COW", (0, 0), "down", "red")
        + [[0, 1, "A", "red"]]
        + put("TOE", (0, 2), "down", "red")
        + FAR_GREEN
    )
    p = make(cells, ["cat", "woe"], ["dog", "go"])
    q = cw.apply(p, W(1, 0, 2, 0, "across"))
    assert q["captured"] == [[1, 1, "red"]]
    # one cell: words shorter than 1 letter, i.e. at most 0: no word fits
    assert q["extra"] == [{"max_length": 0}]
    assert cw.legal_moves(q) == [PASS]


def test_length_restrictions():
    rows = ["cat", "at", "act", "tact"]
    # max_length 2: only AT; A on (0,1) across adds nothing (rule 5); downs from (0,1)
    # and (-1,2)
    p = make(CAT + FAR_GREEN, rows, ["dog"], extra=[{"max_length": 2}])
    assert cw.legal_moves(p) == canon([W(1, 0, 0, 1, "down"), W(1, 0, -1, 2, "down")])
    with pytest.raises(ValueError, match="enclosure"):
        cw.apply(p, W(2, 0, -1, 0, "down"))
    # lengths [3]: only ACT; all across placements clash; downs from (-1,0), (0,1), (-2,2)
    q = make(CAT + FAR_GREEN, rows, ["dog"], extra=[{"lengths": [3]}])
    assert cw.legal_moves(q) == canon(
        [W(2, 0, -1, 0, "down"), W(2, 0, 0, 1, "down"), W(2, 0, -2, 2, "down")]
    )


# ---------------------------------------------------------------------------------------
# Markers and the queue
# ---------------------------------------------------------------------------------------


def test_letter_marker():
    p = make(CAT + FAR_GREEN, ["cat", "tea b bat", "ant"], ["dog", "go"])
    q = cw.apply(p, W(1, 0, 0, 2, "down"))  # T(0,2) E(1,2) A(2,2)
    assert q["extra"] == [{"first_letter": "B"}] and q["turns_taken"]["red"] == 1
    # ANT (row 2) does not start with B. BAT (1.1, B is no word): A on (0,1): down from
    # (-1,1); A on (2,2): across from (2,1); T on (0,2): down from (-2,2); the others
    # clash (B on C, B on E)
    assert cw.legal_moves(q) == canon(
        [W(1, 1, -1, 1, "down"), W(1, 1, 2, 1, "across"), W(1, 1, -2, 2, "down")]
    )
    with pytest.raises(ValueError, match="letter extra turn"):
        cw.apply(q, W(2, 0, 0, 1, "down"))


def test_earned_turns_join_the_end_of_the_queue():
    p = make(
        CAT + FAR_GREEN,
        ["cat", "tea b bat"],
        ["dog", "go"],
        extra=[{}, {"lengths": [9]}],
        turns=(3, 2),
    )
    q = cw.apply(p, W(1, 0, 0, 2, "down"))
    assert q["extra"] == [{"lengths": [9]}, {"first_letter": "B"}]
    assert q["turns_taken"] == {"red": 3, "green": 2}  # an extra turn is not counted


def test_restricted_turn_without_write_passes_and_game_goes_on():
    # after TEA the extra turn wants a word starting with C; ANT does not: pass.
    # The game is not over: red could write ANT on a normal turn.
    p = make(CAT + FAR_GREEN, ["cat", "tea c", "ant"], ["dog"])
    q = cw.apply(p, W(1, 0, 0, 2, "across"))
    assert q["extra"] == [{"first_letter": "C"}] and q["phase"] == "turn"
    assert cw.legal_moves(q) == [PASS]
    r = cw.apply(q, PASS)
    assert r["to_move"] == "green" and r["extra"] == [] and r["phase"] == "turn"
    assert r["turns_taken"] == {"red": 1, "green": 0}
    # green has nothing to write: a pass on a normal turn counts
    assert cw.legal_moves(r) == [PASS]
    s = cw.apply(r, PASS)
    assert s["turns_taken"] == {"red": 1, "green": 1} and s["to_move"] == "red"


def test_pass_refused_when_a_write_exists():
    p = make(CAT + FAR_GREEN, ["cat", "tea"], ["dog"])
    with pytest.raises(ValueError, match="pass"):
        cw.apply(p, PASS)


# ---------------------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------------------


def test_end_by_turn_limit():
    p = cw.new_position("cat\ntea", "dog\nold", rules={"turn_limit": 1})
    assert cw.legal_moves(p) == canon(
        [W(1, 0, 4, 2, "across"), W(1, 0, 4, 2, "down"), W(1, 0, 2, 1, "down")]
    )
    q = cw.apply(p, W(1, 0, 4, 2, "across"))
    assert q["phase"] == "turn" and q["to_move"] == "green"
    # green's OLD: O on (-4,1): down from (-4,1) (across puts L on G); D on (-4,0): across
    # from (-4,-2) and down from (-6,0)
    assert cw.legal_moves(q) == canon(
        [W(1, 0, -4, 1, "down"), W(1, 0, -4, -2, "across"), W(1, 0, -6, 0, "down")]
    )
    r = cw.apply(q, W(1, 0, -4, 1, "down"))
    assert r["turns_taken"] == {"red": 1, "green": 1}
    assert r["phase"] == "over" and r["extra"] == [] and r["to_move"] == "red"
    assert cw.legal_moves(r) == [] and cw.writes(r) == []
    with pytest.raises(ValueError):
        cw.apply(r, PASS)


def test_turn_limit_waits_for_extra_turns():
    # red has had its 1 turn; green's last normal turn earns an extra turn (marker 9)
    cells = put("DOG", (0, 0), "across", "green") + put("CAT", (10, 0), "across", "red")
    p = make(
        cells,
        ["cat"],
        ["dog", "go 9", "do"],
        to_move="green",
        turns=(1, 0),
        rules={"turn_limit": 1},
    )
    q = cw.apply(p, W(1, 0, 0, 2, "across"))  # G(0,2) O(0,3)
    assert q["turns_taken"] == {"red": 1, "green": 1}
    assert q["phase"] == "turn" and q["extra"] == [{"lengths": [9]}]
    assert q["to_move"] == "green"
    # no 9-letter word: the extra turn is lost; then both had their turns: over
    assert cw.legal_moves(q) == [PASS]
    r = cw.apply(q, PASS)
    assert r["phase"] == "over" and r["extra"] == []


def test_end_when_nobody_can_write():
    p = cw.new_position("cat\ntea", "dog")
    assert p["phase"] == "turn"
    q = cw.apply(p, W(1, 0, 4, 2, "down"))
    # red has used every word, green has no word left either
    assert q["phase"] == "over" and q["extra"] == [] and q["to_move"] == "green"
    assert q["turns_taken"] == {"red": 1, "green": 0}
    assert cw.legal_moves(q) == []

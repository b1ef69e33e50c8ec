"""Self-checks of the RouteWords reference (tests/reference/routewords.py).

Every expectation below was worked out by hand from docs/rules/routewords.md and the
docs/formats/routewords.md example; the comment next to each one shows the reasoning.
Squares are (r, c), intersections (i, j); square (r, c) has the corners (r, c), (r, c+1),
(r+1, c), (r+1, c+1).
"""

from __future__ import annotations

import copy
import json

import pytest

from tests.game_profiles import ROUTEWORDS_EXAMPLE
from tests.reference import routewords as rw

# The docs/formats/routewords.md example grid:
#      c: 0 1 2 3 4
#   r0:   T E I K L
#   r1:   A M G Q O
#   r2:   W S W P R
#   r3:   E O T O L
#   r4:   Y T R D S
EX_GRID = ["TEIKL", "AMGQO", "WSWPR", "EOTOL", "YTRDS"]
WORDS = {"MEGS", "MEW", "TOTS", "STOW", "WET", "TOE", "XYZ"}


def example(**changes):
    """The docs/formats/routewords.md example position (red to move, pawn on (2, 2)), with
    changes."""
    position = copy.deepcopy(ROUTEWORDS_EXAMPLE)
    assert position["grid"] == EX_GRID
    position.update(copy.deepcopy(changes))
    return position


def route(path, end):
    return {"type": "route", "path": [list(s) for s in path], "end": list(end)}


def swap(a, b):
    return {"type": "swap", "squares": [list(a), list(b)]}


def word(w):
    return {"type": "bonus_word", "word": w}


MEGS = [(1, 1), (0, 1), (1, 2), (2, 1)]  # M E G S, from the pawn on (2, 2)


def types(moves):
    out = {}
    for m in moves:
        key = m["type"] if m["type"] != "both" else "both-" + m["first"]
        out[key] = out.get(key, 0) + 1
    return out


# ---------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------


def test_new_position_two_players():
    p = rw.new_position(EX_GRID)
    assert p["pawns"] == {"red": [2, 2], "green": [3, 3]}
    coins = {(i, j): v for i, j, v in p["coins"]}
    # 36 intersections, two hold pawns instead of coins
    assert len(coins) == 34 and (2, 2) not in coins and (3, 3) not in coins
    assert coins[(0, 0)] == coins[(0, 5)] == coins[(5, 0)] == coins[(5, 5)] == 5
    assert coins[(0, 3)] == coins[(3, 0)] == coins[(5, 2)] == coins[(4, 5)] == 2
    assert coins[(1, 1)] == coins[(2, 3)] == coins[(3, 2)] == coins[(4, 4)] == 1
    # 4 fives, 16 twos, 16 - 2 ones on the board: 20 + 32 + 14 = 66, + 1 point each = 68
    assert sorted(coins.values()).count(1) == 14 and list(coins.values()).count(2) == 16
    assert sum(coins.values()) == 66
    assert p["scores"] == {"red": 1, "green": 1}
    assert p["bonus_tokens"] == {"red": 1, "green": 1}
    assert p["turns_taken"] == {"red": 0, "green": 0}
    assert p["ko"] is None and p["owners"] == [] and p["turn"] == 1
    assert p["to_move"] == "red" and p["phase"] == "turn" and "rules" not in p
    assert p["coins"] == sorted(p["coins"])


@pytest.mark.parametrize(
    "n,starts,board",
    [
        (3, {"red": [2, 2], "green": [3, 3], "black": [2, 3]}, 65),
        (4, {"red": [2, 2], "green": [3, 3], "black": [2, 3], "white": [3, 2]}, 64),
    ],
)
def test_new_position_more_players(n, starts, board):
    players = ("red", "green", "black", "white")[:n]
    p = rw.new_position(EX_GRID, players=players, rules={"turn_limit": 5})
    assert p["pawns"] == starts
    total = sum(v for *_, v in p["coins"])
    assert total == board and total + sum(p["scores"].values()) == 68
    assert p["rules"] == {"turn_limit": 5}


@pytest.mark.parametrize(
    "players", [("green", "red"), ("red",), ("red", "green", "black", "white", "blue")]
)
def test_new_position_bad_players(players):
    with pytest.raises(ValueError):
        rw.new_position(EX_GRID, players=players)


# ---------------------------------------------------------------------------------------
# Words: Q = QU
# ---------------------------------------------------------------------------------------


def test_spell():
    assert rw.spell(EX_GRID, MEGS) == "MEGS"
    assert rw.spell(EX_GRID, [(1, 3), (1, 4)]) == "QUO"  # Q reads QU
    assert rw.spell(EX_GRID, [(1, 3)]) == "QU"


QGRID = ["XXXXX", "XQATX", "XXXXX", "XXXXX", "XXXXX"]  # Q(1,1) A(1,2) T(1,3)


def test_q_routes_count_letters():
    p = rw.new_position(QGRID)
    words = {"QUA", "QUAT", "QAT", "QU"}
    got = rw.routes(p, words)
    # QUA: 2 squares, 3 letters; ends = corners of (1,2): (1,2) (1,3) (2,2) (2,3)
    # QUAT: corners of (1,3): (1,3) (1,4) (2,3) (2,4); QAT cannot be spelled; QU too short
    qua = [route([(1, 1), (1, 2)], e) for e in [(1, 2), (1, 3), (2, 2), (2, 3)]]
    quat = [route([(1, 1), (1, 2), (1, 3)], e) for e in [(1, 3), (1, 4), (2, 3), (2, 4)]]
    key = lambda m: json.dumps(m, sort_keys=True)  # noqa: E731  (a one-line sort key)
    assert got == sorted(qua + quat, key=key)
    # min_word 4: QUA (3 letters) no longer counts
    assert rw.routes(p, words, {"min_word": 4}) == sorted(quat, key=key)
    # min_word 2: the single Q square spells QU; its corners (1,1) (1,2) (2,1) (2,2)
    # ((2,2) is red's own start: free again)
    single = [m for m in rw.routes(p, words, {"min_word": 2}) if len(m["path"]) == 1]
    assert single == [route([(1, 1)], e) for e in [(1, 1), (1, 2), (2, 1), (2, 2)]]


def test_bonus_words_q():
    words = {"QUA", "QUAT", "QAT", "TAX", "AXE", "TAXA"}
    # TAX: T(1,3) A(1,2) X(any neighbour); TAXA needs a second A; AXE has no E
    assert rw.bonus_words(QGRID, words) == {"QUA", "QUAT", "TAX"}
    assert rw.bonus_words(QGRID, words, min_word=4) == {"QUAT"}
    assert rw.bonus_words(EX_GRID, WORDS) == {"MEGS", "TOTS", "STOW", "WET", "TOE"}


# ---------------------------------------------------------------------------------------
# Ownership: captures by winding number
# ---------------------------------------------------------------------------------------

RING = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]


def test_captures_simple_loops():
    assert rw.captures(RING) == {(1, 1)}
    assert rw.captures(list(reversed(RING))) == {(1, 1)}  # orientation does not matter
    # a diamond through orthogonal neighbours encloses the centre
    assert rw.captures([(0, 1), (1, 2), (2, 1), (1, 0)]) == {(1, 1)}
    # the seed's TEST loop T(4,1) E(3,0) S(2,1) T(3,2) encloses the O at (3,1)
    assert rw.captures([(4, 1), (3, 0), (2, 1), (3, 2)]) == {(3, 1)}
    # the 4 x 4 ring of rows/cols 0..3 (12 squares) encloses its 2 x 2 inside
    ring4 = (
        [(0, c) for c in range(4)]
        + [(r, 3) for r in (1, 2, 3)]
        + [(3, c) for c in (2, 1, 0)]
        + [(2, 0), (1, 0)]
    )
    assert rw.captures(ring4) == {(1, 1), (1, 2), (2, 1), (2, 2)}


def test_captures_nothing():
    # docs/formats/routewords.md's MEGS loop: the triangle (0,1) (1,2) (2,1), (1,1) lies on
    # its edge as a vertex: no centre strictly inside
    assert rw.captures(MEGS) == set()
    assert rw.captures([(0, 0), (0, 1), (1, 1), (1, 0)]) == set()  # 2 x 2 block
    assert rw.captures([(0, 0), (0, 1), (1, 0)]) == set()  # 3 squares: too short
    # the ring without its last square: (2,0) does not touch (0,0), not closed
    assert rw.captures(RING[:-1]) == set()


def test_captures_thin_band():
    # (2,1) (1,0) (0,1) (1,2) then down the diagonal to (2,3) (3,4) (4,3) (3,2) and back
    # to (2,1): a band between the diagonals r = c - 1 and r = c + 1 holding (1,1),
    # (2,2), (3,3)
    path = [(2, 1), (1, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 3), (3, 2)]
    assert rw.captures(path) == {(1, 1), (2, 2), (3, 3)}


def test_captures_double_winding():
    # inner ring round (2,2) clockwise, out to (1,0), the border clockwise to (2,0), which
    # touches the first square (1,1): (2,2) is wound twice, winding number 2 (non-zero:
    # captured, an even-odd test would miss it)
    inner = [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (2, 1)]
    outer = (
        [(1, 0)]
        + [(0, c) for c in range(5)]
        + [(r, 4) for r in (1, 2, 3, 4)]
        + [(4, c) for c in (3, 2, 1, 0)]
        + [(3, 0), (2, 0)]
    )
    path = inner + outer
    assert len(set(path)) == 24
    assert rw.captures(path) == {(2, 2)}


# ---------------------------------------------------------------------------------------
# Routes and the docs/formats/routewords.md example
# ---------------------------------------------------------------------------------------


def test_example_routes():
    # MEGS from (2,2): one path; ends = corners of S(2,1): (2,1) (2,2) (3,1) (3,2)
    # (green's pawn is on (4,1)); S(2,1) is red's own square
    assert rw.routes(example(), {"MEGS"}) == [
        route(MEGS, e) for e in [(2, 1), (2, 2), (3, 1), (3, 2)]
    ]
    # green (pawn (4,1), squares E O Y T) has no M to start MEGS from
    assert rw.routes(example(to_move="green"), {"MEGS"}) == []


def test_example_route_megs_is_a_loop_capturing_nothing():
    before = example()
    snapshot = copy.deepcopy(before)
    after = rw.apply(before, route(MEGS, (3, 2)), WORDS)
    assert before == snapshot  # the input is not changed
    assert after == example(
        to_move="green",
        turn=8,
        pawns={"red": [3, 2], "green": [4, 1]},
        ko=None,  # a turn without a swap clears ko
        turns_taken={"red": 4, "green": 3},
    )


def test_route_refusals():
    p = example()
    bad = [
        route([(0, 1), (1, 1), (1, 2)], (0, 1)),  # E not at the pawn (2,2)
        route([(1, 1), (0, 1), (1, 2), (2, 1)], (4, 1)),  # end not a corner of (2,1)
        route([(1, 1), (0, 1), (2, 1)], (2, 1)),  # (0,1)->(2,1) not adjacent
        route([(1, 1), (0, 1), (1, 1)], (1, 1)),  # same square twice
        route([(1, 1), (0, 1), (1, 2)], (1, 2)),  # MEG: not a word
        route([(2, 2), (2, 1)], (2, 1)),  # WS: too short anyway
    ]
    for move in bad:
        with pytest.raises(ValueError):
            rw.apply(p, move, WORDS | {"WS"})
    # a pawn may not stop where another pawn is: green's pawn on (3,2)
    q = example(pawns={"red": [2, 2], "green": [3, 2]})
    with pytest.raises(ValueError, match="pawn"):
        rw.apply(q, route(MEGS, (3, 2)), WORDS)
    # its own start intersection is free again
    assert rw.apply(p, route(MEGS, (2, 2)), WORDS)["pawns"]["red"] == [2, 2]
    # green may not use red's S(2,1): TOTS = T(4,1) O(3,1) T(3,2) S(2,1)
    g = example(to_move="green")
    with pytest.raises(ValueError, match="owned"):
        rw.apply(g, route([(4, 1), (3, 1), (3, 2), (2, 1)], (2, 1)), WORDS)
    # red may (own square), with its pawn on (5,2) (a corner of T(4,1))
    r = example(pawns={"red": [5, 2], "green": [0, 0]})
    assert rw.apply(r, route([(4, 1), (3, 1), (3, 2), (2, 1)], (2, 1)), WORDS)["pawns"][
        "red"
    ] == [2, 1]


def test_test_loop_ownership_and_coin():
    # red's pawn on (5,1), a corner of T(4,1); TEST = T(4,1) E(3,0) S(2,1) T(3,2)
    p = example(
        owners=[],
        pawns={"red": [5, 1], "green": [3, 3]},
        coins=[[0, 0, 5], [4, 2, 1]],
        ko=None,
    )
    test = [(4, 1), (3, 0), (2, 1), (3, 2)]
    # ends: corners of (3,2) = (3,2) (3,3) (4,2) (4,3); green is on (3,3)
    assert rw.routes(p, {"TEST"}) == [route(test, e) for e in [(3, 2), (4, 2), (4, 3)]]
    after = rw.apply(p, route(test, (4, 2)), {"TEST"})
    assert after["owners"] == [[3, 1, "red"]]  # the enclosed O
    assert after["scores"] == {"red": 4, "green": 1}  # 3 + the coin 1 on (4,2)
    assert after["coins"] == [[0, 0, 5]]
    # an owned square stays with its owner
    q = example(owners=[[3, 1, "green"]], pawns={"red": [5, 1], "green": [0, 5]}, ko=None)
    assert rw.apply(q, route(test, (4, 2)), {"TEST"})["owners"] == [[3, 1, "green"]]
    # green owning S(2,1) blocks the route
    q = example(owners=[[2, 1, "green"]], pawns={"red": [5, 1], "green": [0, 5]})
    assert rw.routes(q, {"TEST"}) == []


# ---------------------------------------------------------------------------------------
# Swaps and ko
# ---------------------------------------------------------------------------------------


def test_swaps_and_ko():
    p = example()
    # 5x5: 20 across + 20 down + 32 diagonal pairs = 72; ko removes (1,1)-(2,2)
    got = rw.swaps(p)
    assert len(got) == 71 and swap((1, 1), (2, 2)) not in got
    assert swap((1, 2), (2, 2)) in got and swap((2, 2), (1, 2)) not in got  # ascending
    for move in (swap((1, 1), (2, 2)), swap((2, 2), (1, 1))):
        with pytest.raises(ValueError, match="ko"):
            rw.apply(p, move, WORDS)
    assert len(rw.swaps(p, {"ko_rule": False})) == 72
    assert rw.apply(p, swap((1, 1), (2, 2)), WORDS, {"ko_rule": False})["ko"] == [
        [1, 1],
        [2, 2],
    ]
    after = rw.apply(p, swap((2, 2), (1, 2)), WORDS)  # any order accepted
    assert after["grid"] == ["TEIKL", "AMWQO", "WSGPR", "EOTOL", "YTRDS"]
    assert after["ko"] == [[1, 2], [2, 2]] and after["owners"] == [[2, 1, "red"]]
    assert after["turns_taken"] == {"red": 4, "green": 3} and after["turn"] == 8
    # green may not undo it; equal letters may be swapped (W(2,0), W(2,2) not adjacent,
    # but T(3,2) and T(4,1) are)
    with pytest.raises(ValueError, match="ko"):
        rw.apply(after, swap((1, 2), (2, 2)), WORDS)
    same = rw.apply(after, swap((3, 2), (4, 1)), WORDS)
    assert same["grid"] == after["grid"] and same["ko"] == [[3, 2], [4, 1]]
    for move in (swap((0, 0), (0, 2)), swap((0, 0), (0, 0)), swap((4, 4), (4, 5))):
        with pytest.raises(ValueError):
            rw.apply(p, move, WORDS)


def test_pay_swap_then_route_mew():
    # "pay swap 1,2 2,2 ; route MEW 1,1 0,1 1,2 > 1,2"
    move = {
        "type": "both",
        "first": "swap",
        "swap": [[1, 2], [2, 2]],
        "route": {"path": [[1, 1], [0, 1], [1, 2]], "end": [1, 2]},
    }
    after = rw.apply(example(), move, WORDS)
    assert after == example(
        to_move="green",
        turn=8,
        grid=["TEIKL", "AMWQO", "WSGPR", "EOTOL", "YTRDS"],
        pawns={"red": [1, 2], "green": [4, 1]},
        scores={"red": 2, "green": 1},
        ko=[[1, 2], [2, 2]],
        turns_taken={"red": 4, "green": 3},
    )
    # route first, MEW is not on the unswapped grid: E(0,1) has no W neighbour
    with pytest.raises(ValueError):
        rw.apply(example(), dict(move, first="route"), WORDS)
    # no point, no both
    with pytest.raises(ValueError, match="point"):
        rw.apply(example(scores={"red": 0, "green": 1}), move, WORDS)
    assert move in rw.legal_moves(example(), WORDS)
    assert not any(
        m["type"] == "both"
        for m in rw.legal_moves(example(scores={"red": 0, "green": 1}), WORDS)
    )


CGRID = ["XXXXX", "XCATX", "XXXXX", "XXXXX", "XXXXX"]  # C(1,1) A(1,2) T(1,3)


def test_legal_move_counts_cat():
    p = rw.new_position(CGRID)  # red on (2,2), green on (3,3), 1 point each
    moves = rw.legal_moves(p, {"CAT"})
    assert moves == sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))
    # routes: C(1,1) A(1,2) T(1,3), 4 ends; swaps 72; route first 4 x 72 = 288;
    # swap first: 50 X-X swaps x 4 = 200, + C to (2,1)/(2,2): 4 + 4, A to (0,2)/(2,2):
    # 4 + 4, T to (0,2)/(0,3): 4 + 4, T to (2,2)/(2,3): 3 + 3 (green on (3,3)) = 230
    assert types(moves) == {
        "route": 4,
        "swap": 72,
        "both-route": 288,
        "both-swap": 230,
        "bonus": 1,
    }
    example_move = {
        "type": "both",
        "first": "swap",
        "swap": [[1, 3], [2, 2]],
        "route": {"path": [[1, 1], [1, 2], [2, 2]], "end": [2, 3]},
    }
    assert example_move in moves
    assert (
        dict(example_move, route={"path": [[1, 1], [1, 2], [2, 2]], "end": [3, 3]})
        not in moves
    )
    poor = dict(p, scores={"red": 0, "green": 1}, bonus_tokens={"red": 0, "green": 1})
    assert types(rw.legal_moves(poor, {"CAT"})) == {"route": 4, "swap": 72}


def test_pass_only_when_nothing_else():
    p = rw.new_position(CGRID)
    # no route at all (no word), but 72 swaps exist: pass is never legal
    assert {"type": "pass"} not in rw.legal_moves(p, set())
    with pytest.raises(ValueError, match="pass"):
        rw.apply(p, {"type": "pass"}, set())


def test_both_route_takes_last_coin_then_swaps():
    p = example(coins=[[3, 2, 1]], bonus_tokens={"red": 0, "green": 0})
    move = {
        "type": "both",
        "first": "route",
        "swap": [[0, 0], [0, 1]],
        "route": {"path": [list(s) for s in MEGS], "end": [3, 2]},
    }
    after = rw.apply(p, move, WORDS)
    assert after["grid"][0] == "ETIKL" and after["ko"] == [[0, 0], [0, 1]]
    assert after["scores"]["red"] == 3  # 3 - 1 paid + 1 coin
    assert after["coins"] == [] and after["phase"] == "over" and after["to_move"] == "green"
    assert rw.legal_moves(after, WORDS) == []
    with pytest.raises(ValueError):
        rw.apply(after, swap((0, 0), (0, 1)), WORDS)


# ---------------------------------------------------------------------------------------
# Bonus rounds
# ---------------------------------------------------------------------------------------


def three_players(**changes):
    base = dict(
        players=["red", "green", "black"],
        to_move="green",
        pawns={"red": [2, 2], "green": [4, 1], "black": [0, 5]},
        scores={"red": 3, "green": 1, "black": 2},
        bonus_tokens={"red": 1, "green": 1, "black": 1},
        turns_taken={"red": 3, "green": 2, "black": 2},
    )
    base.update(changes)
    return example(**base)


def test_bonus_round_with_tie():
    p = three_players()
    assert {"type": "bonus"} in rw.legal_moves(p, WORDS)
    b = rw.apply(p, {"type": "bonus"}, WORDS)
    # not a turn: ko, turn, turns_taken unchanged; green's token is given up
    assert b == three_players(
        phase="bonus",
        bonus={"trigger": "green", "words": {}},
        bonus_tokens={"red": 1, "green": 0, "black": 1},
    )
    # sorted by JSON text: '"' sorts before 'n', so the words come before null
    assert rw.legal_moves(b, WORDS) == [
        word(w) for w in ["MEGS", "STOW", "TOE", "TOTS", "WET"]
    ] + [word(None)]
    for bad in ("MEW", "XYZ", "ZZZ"):  # MEW not on the grid; XYZ not spelled; ZZZ no word
        with pytest.raises(ValueError):
            rw.apply(b, word(bad), WORDS)
    with pytest.raises(ValueError):
        rw.apply(b, swap((0, 0), (0, 1)), WORDS)
    # seat order from the trigger: green, black, red
    b = rw.apply(b, word("TOTS"), WORDS)
    assert b["to_move"] == "black" and b["bonus"]["words"] == {"green": "TOTS"}
    b = rw.apply(b, word("STOW"), WORDS)
    assert b["to_move"] == "red"
    b = rw.apply(b, word("WET"), WORDS)
    # the longest (4 letters) tie: green and black score 4, red's WET nothing
    assert b == three_players(
        scores={"red": 3, "green": 5, "black": 6},
        bonus_tokens={"red": 1, "green": 0, "black": 1},
    )
    # green now takes its turn and may not trigger again
    assert {"type": "bonus"} not in rw.legal_moves(b, WORDS)
    with pytest.raises(ValueError, match="token"):
        rw.apply(b, {"type": "bonus"}, WORDS)


def test_bonus_round_same_word_and_nothing():
    b = rw.apply(three_players(to_move="black"), {"type": "bonus"}, WORDS)
    # black, red, green: black and green submit the same word, red nothing
    for w in ("MEGS", None, "MEGS"):
        b = rw.apply(b, word(w), WORDS)
    assert b["scores"] == {"red": 3, "green": 5, "black": 6}
    assert b["to_move"] == "black" and b["phase"] == "turn" and "bonus" not in b
    c = rw.apply(three_players(), {"type": "bonus"}, WORDS)
    for _ in range(3):
        c = rw.apply(c, word(None), WORDS)
    assert c["scores"] == {"red": 3, "green": 1, "black": 2}


# ---------------------------------------------------------------------------------------
# The end
# ---------------------------------------------------------------------------------------


def test_last_coin_then_final_bonus_round():
    p = example(coins=[[3, 2, 1]], ko=None)  # red holds a token, green none
    after = rw.apply(p, route(MEGS, (3, 2)), WORDS)
    assert after == example(
        coins=[],
        ko=None,
        turn=8,
        scores={"red": 4, "green": 1},
        pawns={"red": [3, 2], "green": [4, 1]},
        bonus_tokens={"red": 0, "green": 0},
        turns_taken={"red": 4, "green": 3},
        phase="bonus",
        bonus={"trigger": "red", "words": {}},
    )
    after = rw.apply(after, word("TOTS"), WORDS)
    assert after["to_move"] == "green"
    after = rw.apply(after, word(None), WORDS)
    assert after["phase"] == "over" and "bonus" not in after
    assert after["scores"] == {"red": 8, "green": 1} and after["to_move"] == "red"
    assert rw.legal_moves(after, WORDS) == []


def test_green_ends_game_seat_one_triggers():
    # green: TOE = T(4,1) O(3,1) E(3,0) > (4,0), taking the last coin (2)
    p = example(to_move="green", coins=[[4, 0, 2]], bonus_tokens={"red": 0, "green": 1})
    after = rw.apply(p, route([(4, 1), (3, 1), (3, 0)], (4, 0)), WORDS)
    assert after["phase"] == "bonus" and after["to_move"] == "red"
    assert after["bonus"] == {"trigger": "red", "words": {}}
    assert after["bonus_tokens"] == {"red": 0, "green": 0}
    assert after["scores"] == {"red": 3, "green": 3}
    # no token left: over at once
    q = dict(p, bonus_tokens={"red": 0, "green": 0})
    done = rw.apply(q, route([(4, 1), (3, 1), (3, 0)], (4, 0)), WORDS)
    assert done["phase"] == "over" and "bonus" not in done and done["to_move"] == "red"


def test_turn_limit():
    rules = {"turn_limit": 4}
    p = example(rules=rules, bonus_tokens={"red": 0, "green": 0})
    # red makes its 4th turn; green has 3: the game goes on
    a = rw.apply(p, swap((0, 0), (0, 1)), WORDS)
    assert a["phase"] == "turn" and a["turns_taken"] == {"red": 4, "green": 3}
    # green's 4th turn: every player has made 4 turns, coins left or not
    b = rw.apply(a, swap((3, 0), (4, 0)), WORDS)
    assert b["phase"] == "over" and b["turns_taken"] == {"red": 4, "green": 4}
    assert b["coins"] == [[0, 0, 5], [0, 1, 2]] and b["rules"] == rules
    # the rules argument works too, and an unused token gives a final round
    c = rw.apply(
        example(turns_taken={"red": 3, "green": 4}),
        swap((0, 0), (0, 1)),
        WORDS,
        {"turn_limit": 4},
    )
    assert c["phase"] == "bonus" and c["bonus"]["trigger"] == "red"
    # default limit 60: 4 turns each is far from the end
    assert rw.apply(a, swap((3, 0), (4, 0)), WORDS, {"turn_limit": 60})["phase"] == "turn"


def test_bonus_keeps_ko_and_route_clears_it():
    b = rw.apply(example(), {"type": "bonus"}, WORDS)
    b = rw.apply(b, word("WET"), WORDS)
    b = rw.apply(b, word(None), WORDS)  # green: round over, red (trigger) to move
    assert b["ko"] == [[1, 1], [2, 2]] and b["to_move"] == "red" and b["turn"] == 7
    assert b["scores"] == {"red": 6, "green": 1}
    with pytest.raises(ValueError, match="ko"):
        rw.apply(b, swap((1, 1), (2, 2)), WORDS)
    assert rw.apply(b, route(MEGS, (3, 1)), WORDS)["ko"] is None

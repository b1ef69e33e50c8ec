"""Self-checks of the First Draft reference (tests/reference/firstdraft.py).

Every expectation below was worked out by hand from docs/rules/firstdraft.md and
docs/formats/firstdraft.md; the comment next to each one shows the
reasoning. Positions are built by ``make``: the bag is the rest of the 98 tiles (the
given front first), so the tiles always add up.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from tests.reference import firstdraft as fd
from tests.rules_pages import tile_counts

# the tiles as the rules page lists them, read apart from the reference
FULL = Counter(tile_counts("firstdraft"))
COASTERS = Counter([1, 2, 2, 3, 3, 3, 3, 4, 4, 5])
WORDS = {"CAT", "COAT", "SOFT", "SIFT", "TOAST", "EAT", "TOOT", "AT", "STRAWBERRY"}
# a line of values 1, 2, 3, 3, 4 holding no coins
PLAIN_LINE = [("T", 0), ("DE", 0), ("FGH", 0), ("IJK", 0), ("LMNO", 0)]


def make(
    hands,
    line=PLAIN_LINE,
    to_move="p1",
    bag_front="",
    bag_len=None,
    deck=None,
    pile=(),
    turn=None,
    rules=None,
):
    """A First Draft position in the docs/formats/firstdraft.md shape.

    hands: {player: (coins, [row A, row B], pool, discarded)}; line: [(tiles, coins)]
    (a coaster's value is its number of tiles). The bag is ``bag_front`` then the other
    unused tiles A-Z; with ``bag_len`` only that many stay in the bag, the rest is gone.
    The deck defaults to the coasters in neither line nor pile, ascending.
    """
    used = Counter()
    players = list(hands)
    out_hands = {}
    for p, (coins, rows, pool, discarded) in hands.items():
        out_hands[p] = {
            "coins": coins,
            "rows": list(rows),
            "pool": pool,
            "discarded": discarded,
        }
        used += Counter("".join(rows) + pool)
    for tiles, _ in line:
        used += Counter(tiles)
    rest = FULL - used
    assert not Counter(bag_front) - rest, "bag_front must come from the unused tiles"
    bag = bag_front + "".join(sorted((rest - Counter(bag_front)).elements()))
    gone = ""
    if bag_len is not None:
        bag, gone = bag[:bag_len], "".join(sorted(bag[bag_len:]))
    values = Counter(len(t) for t, _ in line)
    if deck is None:
        deck = sorted((COASTERS - values - Counter(pile)).elements())
    position = {
        "format": "wordbot.firstdraft.position/1",
        "players": players,
        "to_move": to_move,
        "phase": "turn",
        "line": [{"value": len(t), "tiles": t, "coins": c} for t, c in line],
        "hands": out_hands,
        "scores": {p: h["coins"] - h["discarded"] for p, h in out_hands.items()},
        "gone": gone,
        "deck": list(deck),
        "discard_pile": list(pile),
        "bag": bag,
    }
    if turn is not None:
        position["turn"] = turn
    if rules is not None:
        position["rules"] = rules
    return position


def canon(moves):
    return sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))


def of_type(moves, kind):
    return [m for m in moves if m["type"] == kind]


def draft(k, a, b, pool):
    return {"type": "draft", "coaster": k, "rows": [a, b], "pool": pool}


def ins(row, at, letter):
    return {"type": "insert", "row": row, "at": at, "letter": letter}


# ---------------------------------------------------------------------------------------
# Completability
# ---------------------------------------------------------------------------------------


def test_completable_subsequences_of_sold_lengths():
    assert fd.completable("CT", WORDS)  # C.T inside CAT
    assert fd.completable("CAT", WORDS)  # the word itself
    assert fd.completable("OAT", WORDS)  # COAT without C; TOAST's O,A,T too
    assert fd.completable("FT", WORDS)  # SOFT / SIFT
    assert not fd.completable("TC", WORDS)  # no word has a C after a T
    assert not fd.completable("CATS", WORDS)  # no word has C,A,T,S in order
    # W only occurs in STRAWBERRY, 10 letters: not a 3-9 letter word
    assert not fd.completable("W", WORDS)
    # AT (2 letters) never counts, so A alone in a lexicon {AT} is not completable
    assert not fd.completable("A", {"AT"})
    assert not fd.completable("AT", {"AT"})


def test_completable_follows_payout_and_row_limit():
    # a payout for length 2 makes AT a sold length
    assert fd.completable("A", {"AT"}, {"payout": {"2": 1, "3": 1}})
    # 10 letters count once row_limit and payout allow them
    assert fd.completable("W", WORDS, {"row_limit": 10, "payout": {"10": 15}})
    # a payout length above row_limit is not a sold length
    assert not fd.completable("W", WORDS, {"payout": {"10": 15}})


# ---------------------------------------------------------------------------------------
# Inserts
# ---------------------------------------------------------------------------------------


def test_inserts_deduplicated_and_only_completable():
    pos = make({"p1": (0, ["OT", ""], "OT", 0), "p2": (0, ["", ""], "", 0)})
    got = of_type(fd.legal_moves(pos, {"TOOT"}), "insert")
    # O into OT: at 0 and at 1 both give OOT (listed once, at 0; OOT is in T-O-O-T),
    #   at 2 gives OTO (no O after the last T of TOOT): not listed.
    # T into OT: at 0 TOT (T,O,T) yes; at 1 and 2 both give OTT (one T after the Os): no.
    # into the empty row B: O and T are both completable.
    assert got == canon(
        [ins("A", 0, "O"), ins("A", 0, "T"), ins("B", 0, "O"), ins("B", 0, "T")]
    )


def test_apply_insert_any_index_and_uncompletable():
    pos = make({"p1": (0, ["OT", ""], "OT", 0), "p2": (0, ["", ""], "", 0)})
    after = fd.apply(pos, ins("A", 1, "O"), {"TOOT"})
    assert after["hands"]["p1"]["rows"] == ["OOT", ""]
    assert after["hands"]["p1"]["pool"] == "T"
    assert after["to_move"] == "p1"  # an insert does not end the turn
    # OTO is not completable: legal all the same, only not listed
    after = fd.apply(pos, ins("A", 2, "O"), {"TOOT"})
    assert after["hands"]["p1"]["rows"] == ["OTO", ""]
    assert pos["hands"]["p1"]["rows"] == ["OT", ""]  # the input is not changed
    with pytest.raises(ValueError):
        fd.apply(pos, ins("A", 0, "E"), {"TOOT"})  # E is not a pool letter
    with pytest.raises(ValueError):
        fd.apply(pos, ins("A", 3, "O"), {"TOOT"})  # OT has indices 0-2


def test_insert_never_past_row_limit():
    pos = make({"p1": (0, ["AAAAAAAAA", ""], "E", 0), "p2": (0, ["", ""], "", 0)})
    with pytest.raises(ValueError):
        fd.apply(pos, ins("A", 0, "E"), WORDS)  # would be 10 letters
    assert fd.apply(pos, ins("B", 0, "E"), WORDS)["hands"]["p1"]["rows"][1] == "E"


# ---------------------------------------------------------------------------------------
# The full list on a small position
# ---------------------------------------------------------------------------------------


def test_full_move_list_small():
    # coins 0: only coaster 1 (the T, free). Row A = CA, no pool, lexicon {CAT}.
    pos = make({"p1": (0, ["CA", ""], "", 0), "p2": (0, ["", ""], "", 0)})
    expected = [
        {"type": "discard", "row": "A"},  # CA is not empty; B is empty: no discard
        draft(1, "CAT", "", ""),  # T after CA (TCA, CTA: not in CAT)
        draft(1, "CA", "T", ""),  # T alone is completable
        draft(1, "CA", "", "T"),  # T to the pool: changes no row, still a move
    ]
    assert fd.legal_moves(pos, {"CAT"}) == canon(expected)
    assert fd.count_moves(pos, {"CAT"}) == 4


def test_unchanged_rows_need_not_be_completable():
    pos = make({"p1": (0, ["ZX", ""], "", 0), "p2": (0, ["", ""], "", 0)})
    # TZX, ZTX, ZXT are not completable: no draft puts T into A; A stays ZX in the rest
    expected = [
        {"type": "discard", "row": "A"},
        draft(1, "ZX", "T", ""),
        draft(1, "ZX", "", "T"),
    ]
    assert fd.legal_moves(pos, {"CAT"}) == canon(expected)


def test_affordable_coasters_only():
    pos = make({"p1": (1, ["CA", ""], "", 0), "p2": (0, ["", ""], "", 0)})
    coasters = {m["coaster"] for m in of_type(fd.legal_moves(pos, {"CAT"}), "draft")}
    assert coasters == {1, 2}  # 1 coin: coaster 2 costs 1, coaster 3 costs 2


# ---------------------------------------------------------------------------------------
# Draft: coins
# ---------------------------------------------------------------------------------------

FORMATS_LINE = [("ERT", 1), ("A", 1), ("OX", 1), ("LNDE", 0), ("IGP", 0)]


def formats_example(coins=3, line=FORMATS_LINE):
    """The docs/formats/firstdraft.md example position (values 3,1,2,4,3, deck [2, 5], pile
    [3,4,3])."""
    return make(
        {"p1": (coins, ["SFT", ""], "AE", 0), "p2": (6, ["QI", "BRN"], "", 2)},
        line=line,
        bag_front="MU",
        deck=[2, 5],
        pile=[3, 4, 3],
        turn=5,
    )


def test_draft_pays_onto_passed_coasters_formats_example():
    pos = formats_example()
    after = fd.apply(pos, draft(3, "SOFT", "EX", "A"), WORDS)
    p1 = after["hands"]["p1"]
    # pays 2 (one onto coasters 1 and 2), gains the 1 coin on coaster 3: 3 - 2 + 1
    assert p1["coins"] == 2
    assert p1["rows"] == ["SOFT", "EX"] and p1["pool"] == "A" and p1["discarded"] == 0
    assert after["scores"] == {"p1": 2, "p2": 4}
    # coasters 1, 2 got a coin; 4 and 5 moved up with their coins; deck top (2) laid
    # out at position 5 with the bag's first two tiles
    assert [(c["value"], Counter(c["tiles"]), c["coins"]) for c in after["line"]] == [
        (3, Counter("ERT"), 2),
        (1, Counter("A"), 2),
        (4, Counter("LNDE"), 0),
        (3, Counter("IGP"), 0),
        (2, Counter("MU"), 0),
    ]
    assert after["deck"] == [5]
    assert sorted(after["discard_pile"]) == [2, 3, 3, 4]  # the taken 2 joins the pile
    assert after["bag"] == pos["bag"][2:]
    assert after["to_move"] == "p2" and after["turn"] == 6
    assert pos == formats_example()  # the input is not changed


def test_draft_must_afford_before_gaining():
    pos = formats_example()
    with pytest.raises(ValueError):
        fd.apply(pos, draft(5, "SFT", "", "AE"), WORDS)  # costs 4, has 3
    # 1 coin, coaster 3 holds 5 coins: still costs 2 before gaining anything
    rich = [("ERT", 1), ("A", 1), ("OX", 5), ("LNDE", 0), ("IGP", 0)]
    with pytest.raises(ValueError):
        fd.apply(formats_example(coins=1, line=rich), draft(3, "SFT", "", "AEOX"), WORDS)
    # with 2 coins it works: 2 - 2 + 5 = 5
    after = fd.apply(
        formats_example(coins=2, line=rich), draft(3, "SFT", "", "AEOX"), WORDS
    )
    assert after["hands"]["p1"]["coins"] == 5


def test_draft_placement_rules():
    pos = formats_example()
    with pytest.raises(ValueError):  # letters already in a row never move: SFT -> STFO
        fd.apply(pos, draft(3, "STFO", "EX", "A"), WORDS)
    with pytest.raises(ValueError):  # Z is neither on coaster 3 (OX) nor in the pool
        fd.apply(pos, draft(3, "SOFT", "Z", "AEX"), WORDS)
    with pytest.raises(ValueError):  # A is placed twice: only one A in pool + coaster
        fd.apply(pos, draft(3, "SAFT", "AX", "EO"), WORDS)


# ---------------------------------------------------------------------------------------
# Draft: pool overflow
# ---------------------------------------------------------------------------------------

FULL_ROWS = ["AAAAAAAAA", "EEEEEEEEE"]  # both rows at 9 letters: nothing can be inserted


def test_pool_overflow_choices_listed():
    line = [("O", 0), ("FG", 0), ("HIJ", 0), ("KLM", 0), ("NPRS", 0)]
    pos = make({"p1": (0, FULL_ROWS, "OOCD", 0), "p2": (0, ["", ""], "", 0)}, line=line)
    # coaster 1: pool + O = OOOCD, 5 > 4, keep 4: drop C, D or an O -> 3 drafts
    # (AAAAAAAAA / EEEEEEEEE are not words: no sell; 2 discards; rows full: no insert)
    expected = [
        {"type": "discard", "row": "A"},
        {"type": "discard", "row": "B"},
        draft(1, *FULL_ROWS, "COOO"),
        draft(1, *FULL_ROWS, "DOOO"),
        draft(1, *FULL_ROWS, "CDOO"),
    ]
    assert fd.legal_moves(pos, WORDS) == canon(expected)
    # 1 coin: coaster 2 too: OOCDFG keep 4 -> with 0 O: CDFG (1); 1 O: 3 of CDFG (4);
    # 2 O: 2 of CDFG (6) -> 11 more drafts
    pos1 = make({"p1": (1, FULL_ROWS, "OOCD", 0), "p2": (0, ["", ""], "", 0)}, line=line)
    assert fd.count_moves(pos1, WORDS) == 2 + 3 + 11


def test_pool_overflow_apply():
    line = [("O", 0), ("FG", 0), ("HIJ", 0), ("KLM", 0), ("NPRS", 0)]
    pos = make({"p1": (3, FULL_ROWS, "OOCD", 1), "p2": (0, ["", ""], "", 0)}, line=line)
    after = fd.apply(pos, draft(1, *FULL_ROWS, "OOOD"), WORDS)
    p1 = after["hands"]["p1"]
    assert p1["pool"] == "DOOO" and p1["discarded"] == 2  # C discarded: 1 + 1
    assert after["scores"]["p1"] == 3 - 2
    assert Counter(after["gone"]) == Counter(pos["gone"]) + Counter("C")
    with pytest.raises(ValueError):  # must keep exactly 4
        fd.apply(pos, draft(1, *FULL_ROWS, "OOO"), WORDS)
    with pytest.raises(ValueError):  # E is not among the letters left
        fd.apply(pos, draft(1, *FULL_ROWS, "OOOE"), WORDS)


def test_no_discard_without_overflow():
    line = [("O", 0), ("FG", 0), ("HIJ", 0), ("KLM", 0), ("NPRS", 0)]
    pos = make({"p1": (0, FULL_ROWS, "OC", 0), "p2": (0, ["", ""], "", 0)}, line=line)
    with pytest.raises(ValueError):  # OOC fits the pool: nothing may be discarded
        fd.apply(pos, draft(1, *FULL_ROWS, "CO"), WORDS)
    after = fd.apply(pos, draft(1, *FULL_ROWS, "COO"), WORDS)
    assert after["hands"]["p1"]["discarded"] == 0


# ---------------------------------------------------------------------------------------
# Sell and discard
# ---------------------------------------------------------------------------------------


def test_sell_pays_by_length():
    pos = make({"p1": (1, ["TOAST", "AT"], "", 0), "p2": (0, ["COAT", ""], "", 0)})
    moves = fd.legal_moves(pos, WORDS)
    assert {"type": "sell", "row": "A"} in moves
    assert {"type": "sell", "row": "B"} not in moves  # a 2-letter row never sells
    after = fd.apply(pos, {"type": "sell", "row": "A"}, WORDS)
    assert after["hands"]["p1"]["coins"] == 1 + 3  # 5 letters pay 3
    assert after["hands"]["p1"]["rows"] == ["", "AT"]
    assert after["scores"]["p1"] == 4 and after["to_move"] == "p1"
    assert Counter(after["gone"]) == Counter(pos["gone"]) + Counter("TOAST")
    with pytest.raises(ValueError):
        fd.apply(pos, {"type": "sell", "row": "B"}, WORDS)
    # with a payout for 2 letters AT sells for it
    two = fd.apply(
        pos, {"type": "sell", "row": "B"}, WORDS, rules={"payout": {"2": 1, "5": 3}}
    )
    assert two["hands"]["p1"]["coins"] == 2


def test_sell_four_letters_pays_two():
    pos = make({"p1": (0, ["", "COAT"], "", 0), "p2": (0, ["", ""], "", 0)})
    after = fd.apply(pos, {"type": "sell", "row": "B"}, WORDS)
    assert after["hands"]["p1"]["coins"] == 2 and after["scores"]["p1"] == 2


def test_discard_row():
    pos = make({"p1": (2, ["QZ", "CAT"], "", 1), "p2": (0, ["", ""], "", 0)})
    # sells: CAT; discards: both rows (non-empty)
    assert of_type(fd.legal_moves(pos, WORDS), "sell") == [{"type": "sell", "row": "B"}]
    assert len(of_type(fd.legal_moves(pos, WORDS), "discard")) == 2
    after = fd.apply(pos, {"type": "discard", "row": "A"}, WORDS)
    assert after["hands"]["p1"]["discarded"] == 3 and after["scores"]["p1"] == 2 - 3
    assert after["hands"]["p1"]["rows"] == ["", "CAT"]
    with pytest.raises(ValueError):  # only a non-empty row is discarded
        fd.apply(after, {"type": "discard", "row": "A"}, WORDS)


# ---------------------------------------------------------------------------------------
# Upkeep and the end
# ---------------------------------------------------------------------------------------


def end_position(bag_len):
    return make(
        {"p1": (2, ["CA", "XY"], "", 1), "p2": (5, ["TOAST", "EAT"], "B", 3)},
        deck=[5, 2],
        pile=[3, 3, 4],
        bag_len=bag_len,
    )


def test_game_ends_when_bag_short_with_automatic_sells():
    pos = end_position(4)  # the deck's top coaster is a 5, the bag holds 4
    after = fd.apply(pos, draft(1, "CAT", "XY", ""), WORDS)
    assert after["phase"] == "over"
    p1, p2 = after["hands"]["p1"], after["hands"]["p2"]
    # p1: CAT sold automatically (+1), XY stays; 2 + 0 (coaster 1 had no coin) + 1
    assert p1["coins"] == 3 and p1["rows"] == ["", "XY"]
    # p2: TOAST (+3) and EAT (+1) sold: 5 + 4; the pool B costs nothing
    assert p2["coins"] == 9 and p2["rows"] == ["", ""] and p2["pool"] == "B"
    assert after["scores"] == {"p1": 3 - 1, "p2": 9 - 3}
    assert len(after["line"]) == 4 and len(after["bag"]) == 4  # the 5 is not laid out
    assert fd.legal_moves(after, WORDS) == [] and fd.count_moves(after, WORDS) == 0
    with pytest.raises(ValueError):
        fd.apply(after, {"type": "discard", "row": "B"}, WORDS)


def test_exactly_enough_tiles_goes_on():
    pos = end_position(5)
    after = fd.apply(pos, draft(1, "CAT", "XY", ""), WORDS)
    assert after["phase"] == "turn" and after["to_move"] == "p2"
    assert after["line"][4]["value"] == 5
    assert Counter(after["line"][4]["tiles"]) == Counter(pos["bag"])
    assert after["bag"] == "" and after["deck"] == [2]
    assert after["hands"]["p1"]["rows"] == ["CAT", "XY"]  # no sell during play
    assert after["hands"]["p1"]["coins"] == 2


class SortingRandom(random.Random):
    """A 'shuffle' that sorts, so that the new deck's order is known."""

    def shuffle(self, x):
        x.sort()


def test_empty_deck_reshuffles_pile_with_taken_coaster():
    pos = make(
        {"p1": (0, ["", ""], "", 0), "p2": (0, ["", ""], "", 0)},
        deck=[],
        pile=[2, 3, 3, 4, 5],
        bag_front="SUN",
    )
    after = fd.apply(pos, draft(1, "", "", "T"), WORDS, rng=SortingRandom())
    # pile 2,3,3,4,5 + the taken 1 -> deck 1,2,3,3,4,5; the 1 is laid out with S
    assert after["line"][4] == {"value": 1, "tiles": "S", "coins": 0}
    assert after["deck"] == [2, 3, 3, 4, 5] and after["discard_pile"] == []
    # any shuffle: the six coasters are deck + the new one, and the pile is empty
    other = fd.apply(pos, draft(1, "", "", "T"), WORDS, rng=random.Random(7))
    new = other["line"][4]
    assert sorted(other["deck"] + [new["value"]]) == [1, 2, 3, 3, 4, 5]
    assert other["discard_pile"] == [] and new["tiles"] == "".join(
        sorted("SUNAAA"[: new["value"]])
    )


# ---------------------------------------------------------------------------------------
# Positions a reader refuses
# ---------------------------------------------------------------------------------------


def test_reader_refusals():
    good = make({"p1": (0, ["CA", ""], "", 0), "p2": (0, ["", ""], "", 0)})
    bad = copy.deepcopy(good)
    bad["scores"]["p1"] = 1  # not coins - discarded
    with pytest.raises(ValueError):
        fd.legal_moves(bad, WORDS)
    bad = copy.deepcopy(good)
    bad["extra"] = 1  # unknown field
    with pytest.raises(ValueError):
        fd.legal_moves(bad, WORDS)
    bad = copy.deepcopy(good)
    bad["bag"] = bad["bag"][1:]  # a tile missing
    with pytest.raises(ValueError):
        fd.legal_moves(bad, WORDS)
    bad = copy.deepcopy(good)
    del bad["bag"]  # inferred from gone: the moves do not change
    assert fd.legal_moves(bad, {"CAT"}) == fd.legal_moves(good, {"CAT"})

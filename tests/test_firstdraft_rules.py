"""The First Draft engine's rules of play (docs/rules/firstdraft.md: paying, upkeep,
reshuffles, the end, payouts) and its rule options (the set-up and bad input are
tests/test_firstdraft_engine.py's)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from wordbot.engine.errors import (
    IllegalMove,
    PositionError,
    RuleError,
)
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.moves import Discard, Draft, Sell
from wordbot.engine.firstdraft.position import Coaster, Hand
from wordbot.engine.firstdraft.rules import Rules
from wordbot.engine.firstdraft.state import EXAMPLE
from wordbot.engine.tiles import FULL_BAG

from tests import firstdraft_support
from tests.cli_support import invoke
from tests.firstdraft_support import (
    LADDER,
    changed,
    one_line_error,
    tiles_of,
    with_bag,
)

# the First Draft example's word list and files, module-scoped fixtures that pytest finds
# here by name
lex = firstdraft_support.lex
files = firstdraft_support.files

# -- the rules of play ---------------------------------------------------------------------


def test_the_formats_example_take_3(lex):
    state = GAME.from_json(EXAMPLE, lex)
    move = state.parse_move("take 3 A=SOFT B=EX pool=A")
    assert move == Draft(3, ("SOFT", "EX"), "A")
    after = state.apply(move)
    # pays a coin onto coasters 1 and 2, gains the coin on coaster 3
    assert after.hands[0] == Hand(3 - 2 + 1, ("SOFT", "EX"), "A", 0)
    assert after.hands[1] == state.hands[1]
    assert [c.coins for c in after.line] == [2, 2, 0, 0, 0]
    # upkeep: the line moves up, the deck's top (2) gets the bag's first two tiles
    assert [c.value for c in after.line] == [3, 1, 4, 3, 2]
    assert after.line[-1] == Coaster(2, "".join(sorted(state.bag[:2])), 0)
    assert after.bag == state.bag[2:] and after.deck == (5,)
    assert after.pile == (3, 4, 3, 2)
    assert after.to_move == "p2" and after.turn == 6 and after.gone == state.gone
    assert after.scores == {"p1": 2, "p2": 4}
    assert tiles_of(after) == Counter(FULL_BAG)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_paying_and_gaining(k, lex):
    obj = changed(hands={"p1": {"coins": 4}}, scores={"p1": 4, "p2": 4})
    obj["line"] = [dict(c, coins=i + 1) for i, c in enumerate(obj["line"])]  # 1..5 coins
    state = GAME.from_json(obj, lex)
    move = next(m for m in state.moves("draft") if m.coaster == k)
    after = state.apply(move)
    dropped = after.hands[0].discarded
    assert after.hands[0].coins == 4 - (k - 1) + k  # price k-1, the k coins on it gained
    kept = [c for i, c in enumerate(state.line) if i != k - 1]
    assert [c.value for c in after.line[:4]] == [c.value for c in kept]
    assert [c.coins for c in after.line[:4]] == [
        c.coins + (1 if i < k - 1 else 0) for i, c in enumerate(kept)
    ]
    assert after.line[4].coins == 0
    assert after.scores["p1"] == 4 + 1 - dropped


def test_the_price_is_paid_before_the_coins_are_gained(lex):
    # 1 coin, coaster 3 holds 5: gaining them would pay, but the price comes first
    obj = changed(hands={"p1": {"coins": 1}}, scores={"p1": 1, "p2": 4})
    obj["line"][2]["coins"] = 5
    state = GAME.from_json(obj, lex)
    with pytest.raises(IllegalMove, match="pay"):
        state.check(state.parse_move("take 3 A=SOFT B=EX pool=A"))
    assert {m.coaster for m in state.moves("draft")} == {1, 2}
    state.check(state.parse_move("take 2 A=SFT B= pool=AAE"))


def test_sell_discard_insert_keep_the_turn(lex):
    state = GAME.from_json(changed(hands={"p1": {"rows": ["SOFT", "ERA"]}}), lex)
    sold = state.apply(Sell(0))
    assert sold.to_move == "p1" and sold.turn == state.turn
    assert sold.hands[0] == Hand(3 + 2, ("", "ERA"), "AE", 0)
    assert Counter(sold.gone) == Counter(state.gone) + Counter("SOFT")
    dropped = sold.apply(Discard(1))
    assert dropped.hands[0] == Hand(5, ("", ""), "AE", 3) and dropped.scores["p1"] == 2
    assert Counter(dropped.gone) == Counter(sold.gone) + Counter("ERA")
    inserted = state.apply(state.parse_move("insert E A1"))
    assert inserted.hands[0].rows == ("SEOFT", "ERA") and inserted.hands[0].pool == "A"
    assert inserted.to_move == "p1"
    # a draft that changes no row is a move: the coaster's A joins the pool
    kept = state.apply(state.parse_move("take 2 A=SOFT B=ERA pool=AAE"))
    assert kept.hands[0] == Hand(3 - 1 + 1, ("SOFT", "ERA"), "AAE", 0)
    assert kept.to_move == "p2"
    # more than 4 left: 4 kept, the rest discarded (-1 each)
    over = state.apply(state.parse_move("take 4 A=SOFT B=ERA pool=ADEE"))
    assert over.hands[0] == Hand(3 - 3, ("SOFT", "ERA"), "ADEE", 2)
    assert Counter(over.gone) == Counter(state.gone) + Counter("LN")


PAYOUTS = {2: None, 3: 1, 4: 2, 5: 3, 6: 5, 7: 7, 8: 9, 9: 12}


@pytest.mark.parametrize("length, pays", sorted(PAYOUTS.items()))
def test_sell_payouts(length, pays, lex):
    word = LADDER[:length]
    assert word in lex
    state = GAME.from_json(changed(hands={"p1": {"rows": [word, ""]}}), lex)
    if pays is None:  # a 2-letter row never sells, word or not
        with pytest.raises(IllegalMove, match="sell"):
            state.check(Sell(0))
        assert not state.moves("sell")
        return
    assert list(state.moves("sell")) == [Sell(0)]
    after = state.apply(Sell(0))
    assert after.hands[0].coins == 3 + pays and after.hands[0].rows == ("", "")


def test_an_empty_deck_is_refilled_from_the_discard_pile(lex):
    # the line holds 3,1,2,4,3; the other five (2,3,3,4,5) are on the pile
    obj = changed(deck=[], discard_pile=[2, 3, 3, 4, 5])
    state = GAME.from_json(obj, lex)
    after = state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))  # takes a 2
    events = after.record_events()
    # the pile and the coaster just taken were shuffled into a deck, its top laid out
    assert sorted(events["deck"]) == [2, 2, 3, 3, 4, 5]
    assert events["deck"] == [after.line[-1].value] + list(after.deck)
    assert after.pile == ()
    assert len(after.line[-1].tiles) == after.line[-1].value
    assert after.line[-1].tiles == "".join(sorted(state.bag[: after.line[-1].value]))
    # the same position (and seed) shuffles the same way; other seeds differ
    again = GAME.from_json(obj, lex).apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
    assert again.to_json() == after.to_json()
    orders = {
        tuple(
            GAME.from_json(obj, lex, seed=s)
            .apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
            .deck
        )
        for s in range(8)
    }
    assert len(orders) > 1


def test_exactly_enough_tiles_and_the_game_goes_on(lex):
    state = GAME.from_json(with_bag(EXAMPLE, "EA"), lex)  # the deck's top is a 2
    after = state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
    assert not after.is_over and after.bag == "" and after.line[-1] == Coaster(2, "AE", 0)
    # then any draft needs tiles the bag does not have: the game ends
    draft = next(m for m in after.moves("draft"))
    end = after.apply(draft)
    assert end.is_over and len(end.line) == 4 and end.deck == (5,)
    assert "laid" not in end.record_events()


def test_the_end_sells_every_word_row(lex):
    # the bag has 1 tile and the deck's top is a 2: p1's take ends the game
    state = GAME.from_json(with_bag(EXAMPLE, "E"), lex)
    end = state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
    assert end.is_over and end.phase == "over"
    assert len(end.line) == 4 and end.bag == "E" and end.deck == (2, 5)  # not laid out
    # SOFT (p1) and BRN (p2) sell; the 2-letter EX and QI stay
    assert end.hands[0] == Hand(2 + 2, ("", "EX"), "A", 0)
    assert end.hands[1] == Hand(6 + 1, ("QI", ""), "", 2)
    assert end.scores == {"p1": 4, "p2": 5}
    assert end.record_events()["sold"] == {"p1": ["A"], "p2": ["B"]}
    outcome = end.outcome()
    assert outcome.winners == ("p2",) and outcome.places == {"p1": 2, "p2": 1}
    assert tiles_of(end) == Counter(FULL_BAG)
    # read back, the finished position is the same
    assert GAME.from_json(end.to_json(), lex).to_json() == end.to_json()


def test_ties_share_the_win(lex, files):
    obj = changed(
        phase="over",
        hands={"p1": {"coins": 6}, "p2": {"coins": 8}},
        scores={"p1": 6, "p2": 6},
    )
    state = GAME.from_json(obj, lex)
    outcome = state.outcome()
    assert outcome.winners == ("p1", "p2") and outcome.places == {"p1": 1, "p2": 1}
    path = files["root"] / "tie.json"
    path.write_text(json.dumps(obj))
    scored = invoke("score", str(path), "--json", "--lexicon", files["words"])
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == {
        "scores": {"p1": 6, "p2": 6},
        "winners": ["p1", "p2"],
    }


def test_three_players_two_share_first(lex):
    players = ["a", "b", "c"]
    state = GAME.new(players, seed=2, lexicon=lex)
    obj = state.to_json()
    obj["phase"] = "over"
    for p, (coins, discarded) in zip(players, [(7, 1), (3, 0), (6, 0)]):
        obj["hands"][p].update(coins=coins, discarded=discarded)
        obj["scores"][p] = coins - discarded
    outcome = GAME.from_json(obj, lex).outcome()
    assert outcome.winners == ("a", "c") and outcome.places == {"a": 1, "b": 3, "c": 1}


# -- rule options --------------------------------------------------------------------------


def test_pool_limit_option(lex):
    state = GAME.from_json(EXAMPLE, lex, rule_overrides=["pool_limit=2"])
    after = state.apply(state.parse_move("take 3 A=SOFT B= pool=AX"))  # 3 left: keep 2
    assert after.hands[0].pool == "AX" and after.hands[0].discarded == 1
    with pytest.raises(IllegalMove, match="pool"):
        state.check(state.parse_move("take 3 A=SOFT B= pool=AEX"))
    assert all(len(m.pool) <= 2 for m in state.moves("draft"))
    with pytest.raises(PositionError, match="hands.p1.pool"):  # the example's AE is 2
        GAME.from_json(EXAMPLE, lex, rule_overrides=["pool_limit=1"])
    zero = GAME.from_json(
        changed(hands={"p1": {"pool": ""}, "p2": {"rows": ["QI", "BRNAE"]}}),
        lex,
        rule_overrides=["pool_limit=0"],
    )
    assert all(m.pool == "" for m in zero.moves("draft"))


def test_payout_option(lex):
    obj = changed(hands={"p1": {"rows": ["ETA", "ETAO"]}})
    state = GAME.from_json(obj, lex, rule_overrides=["payout=3:4,5:9"])
    assert state.rules.lengths == (3, 5)
    assert state.apply(Sell(0)).hands[0].coins == 3 + 4
    with pytest.raises(IllegalMove, match="sell"):  # 4 letters pay nothing now
        state.check(Sell(1))
    assert list(state.moves("sell")) == [Sell(0)]
    two = GAME.from_json(
        changed(hands={"p1": {"rows": ["ET", ""]}}), lex, rule_overrides=["payout=2:1"]
    )
    assert two.apply(Sell(0)).hands[0].coins == 4  # a payout for 2 letters sells them
    # the rules travel with the position (payout as an object of length -> coins)
    assert state.to_json()["rules"]["payout"] == {"3": 4, "5": 9}
    assert GAME.from_json(state.to_json(), lex).rules == state.rules


def test_row_limit_option(lex):
    state = GAME.from_json(EXAMPLE, lex, rule_overrides=["row_limit=4"])
    assert state.rules.lengths == (3, 4)
    assert all(len(r) <= 4 for m in state.moves("draft") for r in m.rows)
    with pytest.raises(IllegalMove, match="row_limit"):
        state.check(state.parse_move("take 1 A=SFTERT B= pool=AE"))
    with pytest.raises(PositionError, match=r"hands.p1.rows\[0\]"):
        GAME.from_json(
            changed(hands={"p1": {"rows": ["SOFTE", ""]}}),
            lex,
            rule_overrides=["row_limit=4"],
        )


def test_coasters_line_and_start_coins_options(lex):
    rules = Rules.parse(["coasters=1,1,1,2,2", "line=3", "start_coins=0"])
    state = GAME.new(["x", "y"], seed=4, rules=rules, lexicon=lex)
    assert len(state.line) == 3 and all(len(c.tiles) == c.value for c in state.line)
    values = Counter(c.value for c in state.line) + Counter(state.deck)
    assert values == Counter((1, 1, 1, 2, 2))
    assert len(state.bag) == 98 - sum(c.value for c in state.line)
    assert state.scores == {"x": 0, "y": 0}
    # no coins: only the first coaster can be paid for
    assert {m.coaster for m in state.moves("draft")} == {1}
    obj = state.to_json()
    assert obj["rules"]["coasters"] == [1, 1, 1, 2, 2] and obj["rules"]["line"] == 3
    assert GAME.from_json(obj, lex).to_json() == obj
    with pytest.raises(PositionError, match="^line"):  # 5 coasters in a line of 3
        GAME.from_json(EXAMPLE, lex, rule_overrides=["line=3"])
    # play it out: the line stays 3 long
    s = state
    while not s.is_over:
        s = s.apply(s.legal_moves().best(1)[0][0])
        assert s.is_over or len(s.line) == 3


BAD_RULES = [
    ("pool_limit=x", "pool_limit"),
    ("pool_limit=10", "pool_limit"),
    ("row_limit=0", "row_limit"),
    ("line=0", "line"),
    ("start_coins=-1", "start_coins"),
    ("coasters=1,2", "coasters"),
    ("coasters=1,0,2,2,3,3", "coasters"),
    ("coasters=a,b", "coasters"),
    ("payout=3:1,3:2", "payout"),
    ("payout=3:-1", "payout"),
    ("payout=three", "payout"),
    ("payout=", "payout"),
    ("bogus=1", "bogus"),
]


@pytest.mark.parametrize("assignment, name", BAD_RULES)
def test_bad_rule_values_are_refused(assignment, name):
    with pytest.raises(RuleError) as err:
        GAME.rules([assignment])
    assert name in str(err.value) and str(err.value).count("\n") == 0


@pytest.mark.parametrize(
    "rules, name",
    [
        ({"coasters": "1,2,2,3,3,3"}, "rules.coasters"),
        ({"coasters": [1, 2, 2, 3, 3, 0]}, "rules.coasters"),
        ({"payout": [[3, 1]]}, "rules.payout"),
        ({"payout": {"x": 1}}, "rules.payout"),
        ({"line": True}, "rules.line"),
        ({"pool_limit": "4"}, "rules.pool_limit"),
    ],
)
def test_bad_rules_in_a_position_are_refused(rules, name, lex):
    with pytest.raises(RuleError) as err:
        GAME.from_json(changed(rules=rules), lex)
    assert name in str(err.value)


def test_a_boolean_payout_is_refused(lex):
    with pytest.raises(RuleError, match="payout"):
        GAME.from_json(changed(rules={"payout": {"3": True}}), lex)


def test_bad_rules_on_the_command_line(files):
    for assignment, name in (
        ("pool_limit=10", "pool_limit"),
        ("coasters=1,2", "coasters"),
        ("payout=3:1,3:2", "payout"),
        ("line=0", "line"),
        ("bogus=1", "bogus"),
    ):
        one_line_error(
            invoke(
                "new",
                "--game",
                "firstdraft",
                "--rule",
                assignment,
                "--lexicon",
                files["words"],
            ),
            name,
        )
    before = files["example"].read_bytes()
    one_line_error(
        invoke(
            "moves",
            str(files["example"]),
            "--rule",
            "line=3",
            "--count",
            "--lexicon",
            files["words"],
        ),
        "line",
    )
    assert files["example"].read_bytes() == before

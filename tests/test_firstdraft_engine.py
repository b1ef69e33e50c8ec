"""The First Draft engine and its faces (RULES.md section 3, FORMATS.md "First Draft
position"): set-up from a seed, bad input (one line naming the field or rule, exit code 2,
nothing changed), the rules of play (paying, upkeep, reshuffles, the end, payouts, rule
options), notation and JSON, hidden information, records and replay, a whole game
through the line protocol and the Python client, and the bots.

Move generation exactness against the reference is tests/test_firstdraft_movegen.py's."""

from __future__ import annotations

import copy
import io
import json
import random
from collections import Counter

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.errors import (
    IllegalMove,
    MoveError,
    PositionError,
    RuleError,
    StateError,
)
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.moves import Discard, Draft, Insert, Sell
from wordbot.engine.firstdraft.rules import Rules
from wordbot.engine.firstdraft.state import EXAMPLE, Coaster, FirstDraftState, Hand
from wordbot.engine.records import GameRecorder, read_record, replay
from wordbot.engine.tiles import FULL_BAG, TILE_COUNTS
from wordbot.players import make_player
from wordbot.players.arena import paired_games, play_game

from tests.cli_support import cli_env, invoke, run, wordbot_command
from tests.firstdraft_support import random_positions
from tests.lexicons import small_lexicon
from wordbot.errors import WordbotError

# the example's words: p1 can make SOFT, p2's BRN counts as a word (it sells at the end);
# QI and EX are 2-letter words (they never sell)
WORDS = ["SOFT", "SOFTEN", "EX", "AXE", "TEA", "QI", "BRN", "ERA", "TEAS"]
# rows for the payout table: the first n letters, each a "word" of the lexicon
LADDER = "ETAOINSRL"


@pytest.fixture(scope="module")
def lex():
    return Lexicon.from_words(WORDS + [LADDER[:n] for n in range(2, 10)])


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Word lists and the example position as files for the command line (the
    subsequence automaton of each list built once here, so later stderr is one line)."""
    root = tmp_path_factory.mktemp("firstdraft")
    words = root / "words.txt"
    words.write_text("\n".join(WORDS + [LADDER[:n] for n in range(2, 10)]) + "\n")
    small = root / "small.txt"
    small.write_text("\n".join(small_lexicon().words) + "\n")
    example = root / "example.json"
    example.write_text(json.dumps(EXAMPLE))
    for wl in (words, small):
        warm = invoke("moves", str(example), "--count", "--lexicon", str(wl))
        assert warm.returncode == 0, warm.stderr
    return {"root": root, "words": str(words), "small": str(small), "example": example}


def one_line_error(run, *needles):
    """Exit code 2, nothing on stdout, one line on stderr holding every needle."""
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert run.stdout == "", run.stdout
    assert run.stderr.strip().count("\n") == 0, run.stderr
    assert "Traceback" not in run.stderr
    for needle in needles:
        assert needle in run.stderr, (needle, run.stderr)


def changed(obj=EXAMPLE, hands=None, **top):
    """A deep copy of a position with top-level fields replaced and hand fields updated
    (``hands={"p1": {"pool": "A"}}``)."""
    out = copy.deepcopy(obj)
    out.update(copy.deepcopy(top))
    for player, fields in (hands or {}).items():
        out["hands"][player].update(fields)
    return out


def with_bag(obj, bag):
    """The position with ``bag`` (in draw order) and ``gone`` every other tile."""
    out = copy.deepcopy(obj)
    used = Counter(bag)
    for c in out["line"]:
        used.update(c["tiles"])
    for h in out["hands"].values():
        used.update("".join(h["rows"]) + h["pool"])
    out["bag"] = bag
    out["gone"] = "".join(sorted((Counter(TILE_COUNTS) - used).elements()))
    return out


def tiles_of(state) -> Counter:
    """Every tile a state holds (line, rows, pools, bag, gone)."""
    held = Counter(state.bag + state.gone)
    for c in state.line:
        held.update(c.tiles)
    for h in state.hands:
        held.update("".join(h.rows) + h.pool)
    return held


# -- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_set_up_from_a_seed(count):
    players = ["ann", "bob", "cy", "dee", "eve"][:count]
    state = GAME.new(players, seed=11, lexicon=small_lexicon())
    assert state.players == tuple(players) and state.to_move == "ann"
    assert state.phase == "turn" and state.turn == 1 and not state.is_over
    assert len(state.line) == 5
    for c in state.line:
        assert len(c.tiles) == c.value and c.coins == 0
    assert Counter(c.value for c in state.line) + Counter(state.deck) == Counter(
        (1, 2, 2, 3, 3, 3, 3, 4, 4, 5)
    )
    assert state.pile == ()
    assert all(h == Hand(4, ("", ""), "", 0) for h in state.hands)
    assert state.scores == dict.fromkeys(players, 4)
    assert state.gone == ""
    assert len(state.bag) + sum(c.value for c in state.line) == 98
    assert tiles_of(state) == Counter(FULL_BAG)
    # the same seed gives the same game, another seed another
    again = GAME.new(players, seed=11, lexicon=small_lexicon())
    assert again.to_json() == state.to_json() and again.bag == state.bag
    assert GAME.new(players, seed=12, lexicon=small_lexicon()).bag != state.bag
    # the position reads back to the same state
    assert GAME.from_json(state.to_json(), small_lexicon()).to_json() == state.to_json()


def test_the_default_players_and_the_command_line_set_up(files):
    assert GAME.new(seed=1, lexicon=small_lexicon()).players == ("p1", "p2")
    first = invoke(
        "new",
        "--game",
        "firstdraft",
        "--players",
        "a,b,c",
        "--seed",
        "5",
        "--lexicon",
        files["words"],
    )
    second = invoke(
        "new",
        "--game",
        "firstdraft",
        "--players",
        "a,b,c",
        "--seed",
        "5",
        "--lexicon",
        files["words"],
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    obj = json.loads(first.stdout)
    assert obj["format"] == "wordbot.firstdraft.position/1"
    assert obj["players"] == ["a", "b", "c"] and obj["scores"] == {"a": 4, "b": 4, "c": 4}
    assert obj["rules"]["row_limit"] == 9 and obj["rules"]["pool_limit"] == 4


@pytest.mark.parametrize("players", [["solo"], ["a", "b", "c", "d", "e", "f"]])
def test_one_or_six_players_are_refused(players, files):
    with pytest.raises(StateError, match="players"):
        GAME.new(players, seed=1, lexicon=small_lexicon())
    obj = changed(
        players=players, to_move=players[0], scores=dict.fromkeys(players, 4), hands={}
    )
    obj["hands"] = {
        p: {"coins": 4, "rows": ["", ""], "pool": "", "discarded": 0} for p in players
    }
    with pytest.raises(PositionError, match="^players"):
        GAME.from_json(obj, small_lexicon())
    run = invoke(
        "new",
        "--game",
        "firstdraft",
        "--players",
        ",".join(players),
        "--lexicon",
        files["words"],
    )
    one_line_error(run, "players")


def test_a_set_up_the_bag_cannot_fill_is_refused_and_one_it_can_is_filled():
    # RULES.md: each of the line's five coasters is filled with as many tiles as its
    # value; five 20s need 100 of the 98 tiles, so the set-up cannot be made
    rules = Rules.parse(["coasters=20,20,20,20,20,20"])
    with pytest.raises(StateError, match="coasters") as err:
        GAME.new(seed=1, rules=rules, lexicon=small_lexicon())
    assert "98" in str(err.value) and str(err.value).count("\n") == 0
    # five 19s need 95: the line is filled and 3 tiles stay in the bag
    rules = Rules.parse(["coasters=19,19,19,19,19,19"])
    state = GAME.new(seed=1, rules=rules, lexicon=small_lexicon())
    assert [len(c.tiles) for c in state.line] == [19] * 5 and len(state.bag) == 3
    assert tiles_of(state) == Counter(FULL_BAG)
    assert GAME.from_json(state.to_json(), small_lexicon()).to_json() == state.to_json()


# -- bad positions -------------------------------------------------------------------------

BAD_POSITIONS = [
    (changed(hands={"p1": {"rows": ["SFTAEIOUL" + "D", ""]}}), "hands.p1.rows[0]"),
    (changed(hands={"p2": {"rows": ["QI", "BRNAEIOUST"]}}), "hands.p2.rows[1]"),
    (changed(hands={"p1": {"pool": "AEIOU"}}), "hands.p1.pool"),
    (changed(hands={"p1": {"pool": "A1"}}), "hands.p1.pool"),
    (changed(hands={"p1": {"rows": ["SFT", "É"]}}), "hands.p1.rows[1]"),
    (
        changed(line=[{"value": 3, "tiles": "E*T", "coins": 1}] + EXAMPLE["line"][1:]),
        "line[0].tiles",
    ),
    (changed(hands={"p2": {"rows": ["QI", "BRNQ"]}}), "tiles"),  # two Qs: the set has one
    (changed(hands={"p1": {"pool": "ZZ"}}), "tiles"),
    (
        changed(line=EXAMPLE["line"][:4] + [{"value": 6, "tiles": "IGPEEA", "coins": 0}]),
        "line",
    ),  # no coaster of value 6
    (
        changed(line=EXAMPLE["line"][:4] + [{"value": 5, "tiles": "IGPEA", "coins": 0}]),
        "deck",
    ),  # the one 5 is in the line and in the deck
    (changed(deck=[2, 7]), "deck"),
    (
        changed(line=[{"value": 3, "tiles": "ERTS", "coins": 1}] + EXAMPLE["line"][1:]),
        "line[0].tiles",
    ),  # 4 tiles on a 3
    (changed(scores={"p1": 3, "p2": 6}), "scores.p2"),  # 6 coins, but 2 discarded
    (changed(scores={"p1": 4, "p2": 4}), "scores.p1"),
    (changed(colour="red"), "colour"),
    (changed(hands={"p1": {"extra": 1}}), "extra"),
    (changed(gone="RUNT", bag="AEIOU"), "tiles"),  # tiles nowhere
    (changed(to_move="p3"), "to_move"),
    (changed(phase="draft"), "phase"),
    (changed(hands={"p1": {"coins": -1}}), "hands.p1.coins"),
    (changed(rules={"pool_limit": 10}), "rules.pool_limit"),
]


@pytest.mark.parametrize("obj, field", BAD_POSITIONS)
def test_a_bad_position_names_its_field(obj, field, lex):
    with pytest.raises(WordbotError) as err:
        GAME.from_json(obj, lex)
    assert field in str(err.value), err.value
    assert str(err.value).count("\n") == 0


def test_a_position_needs_bag_or_gone(lex):
    obj = changed()
    del obj["gone"]
    with pytest.raises(PositionError, match="^bag"):
        GAME.from_json(obj, lex)


@pytest.mark.parametrize("obj, field", BAD_POSITIONS)
def test_the_command_line_refuses_a_bad_position_in_one_line(obj, field, files):
    path = files["root"] / "bad-position.json"
    text = json.dumps(obj)
    path.write_text(text)
    one_line_error(
        invoke("moves", str(path), "--count", "--lexicon", files["words"]), field
    )
    one_line_error(
        invoke("apply", str(path), "discard", "A", "--lexicon", files["words"]), field
    )
    assert path.read_text() == text


def test_a_real_command_line_refuses_bad_input_in_one_line(files):
    """A bad position and a bad move through real ``wordbot`` processes, two more bad
    moves through the same command line in this process."""
    obj = changed(hands={"p1": {"pool": "AEIOU"}})
    bad = run("moves", "-", "--count", "--lexicon", files["words"], input=json.dumps(obj))
    one_line_error(bad, "hands.p1.pool")
    path = files["root"] / "bad-scores.json"
    path.write_text(json.dumps(changed(scores={"p1": 3, "p2": 6})))
    one_line_error(
        run("apply", str(path), "sell A", "--lexicon", files["words"]), "scores.p2"
    )
    before = files["example"].read_bytes()
    one_line_error(
        invoke(
            "apply",
            str(files["example"]),
            "take 3 A=FST B=EX pool=A",
            "--lexicon",
            files["words"],
        ),
        "reorder",
        "moves letters",
    )
    one_line_error(
        invoke(
            "apply",
            str(files["example"]),
            "take",
            "5",
            "A=SFTI",
            "B=GP",
            "pool=AE",
            "--lexicon",
            files["words"],
        ),
        "pay",
        "costs 4 coins",
    )
    assert files["example"].read_bytes() == before


# -- bad moves -----------------------------------------------------------------------------

# in the example p1 has 3 coins, rows SFT and empty, pool AE; the line is ERT(1 coin),
# A(1), OX(1), DELN, GIP
BAD_MOVES = [
    ("take 3 A=FST B=EX pool=A", "reorder"),  # reorders row A
    ("take 3 A=SOFTS B=EX pool=A", "letters"),  # an S it does not have
    ("take 3 A=SOFTE B=EXE pool=A", "letters"),  # one E only
    ("take 3 A=SOFT B= pool=A", "pool"),  # 3 left (AEX): nothing may be discarded
    ("take 3 A=SOFT B= pool=AEZ", "pool"),  # keeps a Z it does not have
    ("take 3 A=SFT B= pool=AEO", "pool"),  # exactly 4 left: keeps them all
    ("take 4 A=SFT B= pool=AE", "pool"),  # 6 left: keeps exactly 4
    ("take 4 A=SFT B= pool=AEEO", "pool"),  # 6 left (ADEELN): no O among them
    ("take 5 A=SFTI B=GP pool=AE", "pay"),  # costs 4 coins; p1 has 3
    ("take 6 A=SFT B= pool=AE", "draft"),  # the line has 5 coasters
    ("sell A", "sell"),  # SFT is not a word
    ("sell B", "sell"),  # empty
    ("discard B", "discard"),  # empty
    ("insert I A0", "insert"),  # no I in the pool
    ("insert A A4", "insert"),  # past the end of SFT
    ("take 0 A=SFT B= pool=AE", "move.coaster"),
    ("take 3 A=SOFT B=EX", "move"),  # the pool is not named
    ("fly A", "move"),
    ({"type": "sell", "row": "A", "extra": 1}, "move.extra"),
    ({"type": "insert", "row": "C", "at": 0, "letter": "A"}, "move.row"),
    ({"type": "draft", "coaster": 3, "rows": ["SOFT"], "pool": "A"}, "move.rows"),
]


@pytest.mark.parametrize("move, rule", BAD_MOVES)
def test_a_bad_move_names_its_rule_and_changes_nothing(move, rule, lex):
    state = GAME.from_json(EXAMPLE, lex)
    before = state.to_json()
    with pytest.raises((IllegalMove, MoveError)) as err:
        state.apply(state.parse_move(move))
    assert rule in str(err.value), err.value
    assert str(err.value).count("\n") == 0
    assert state.to_json() == before
    if isinstance(err.value, IllegalMove):
        assert not any(state.parse_move(move) == m for m in state.legal_moves())


@pytest.mark.parametrize("move, rule", BAD_MOVES)
def test_the_command_line_refuses_a_bad_move_in_one_line(move, rule, files):
    path = files["example"]
    before = path.read_bytes()
    text = move if isinstance(move, str) else json.dumps(move)
    one_line_error(invoke("apply", str(path), text, "--lexicon", files["words"]), rule)
    assert path.read_bytes() == before


def test_rows_never_pass_the_row_limit(lex, files):
    obj = changed(hands={"p1": {"rows": ["SOFTAEIRD", ""]}})  # 9 letters
    state = GAME.from_json(obj, lex)
    for move in ("insert A A0", "take 2 A=SOFTAEIRDA B= pool=AE"):
        with pytest.raises(IllegalMove, match="row_limit"):
            state.check(state.parse_move(move))
    assert all(m.row == 1 for m in state.moves("insert"))  # row A is full
    assert all(max(map(len, m.rows)) <= 9 for m in state.moves("draft"))
    path = files["root"] / "nine.json"
    path.write_text(json.dumps(obj))
    one_line_error(
        invoke("apply", str(path), "insert A A0", "--lexicon", files["words"]), "row_limit"
    )


def test_a_finished_game_takes_no_move(lex, files):
    state = GAME.from_json(with_bag(EXAMPLE, "E"), lex)
    over = state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A"))
    assert over.is_over and len(over.legal_moves()) == 0
    with pytest.raises(IllegalMove, match="game_over"):
        over.check(Sell(1))
    path = files["root"] / "over.json"
    path.write_text(json.dumps(over.to_json()))
    counted = invoke("moves", str(path), "--count", "--lexicon", files["words"])
    assert counted.returncode == 0 and counted.stdout.strip() == "0"
    listed = invoke("moves", str(path), "--json", "--lexicon", files["words"])
    assert listed.returncode == 0 and json.loads(listed.stdout) == []
    one_line_error(
        invoke("apply", str(path), "discard B", "--lexicon", files["words"]), "game_over"
    )


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
    one_line_error(
        invoke(
            "new",
            "--game",
            "firstdraft",
            "--rule",
            "pool_limit=10",
            "--lexicon",
            files["words"],
        ),
        "pool_limit",
    )
    for assignment, name in (
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


# -- notation and JSON ---------------------------------------------------------------------


@pytest.mark.slow  # the contract suite round trips a sample in the default run
def test_every_listed_move_round_trips():
    rng = random.Random(5)
    seen = Counter()
    for state in random_positions(small_lexicon(), 24, seed=21):
        moves = state.legal_moves()
        if not len(moves):
            assert state.is_over
            continue
        for i in rng.sample(range(len(moves)), min(25, len(moves))):
            move = moves[i]
            seen[move.type] += 1
            text = state.notation(move)
            assert state.parse_move(text) == move, text
            assert state.notation(state.parse_move(text)) == text
            obj = move.to_json()
            assert json.loads(json.dumps(obj)) == obj
            assert state.parse_move(json.dumps(obj)) == move
            assert state.move_from_json(obj) == move
            assert state.move_from_json(obj).to_json() == obj
            state.check(move)  # apply accepts every listed move
            assert state.apply(move).to_json() == state.apply(move, check=False).to_json()
    assert seen["draft"] and seen["insert"] and seen["sell"]


@pytest.mark.parametrize(
    "text, obj",
    [
        ("sell A", {"type": "sell", "row": "A"}),
        ("discard B", {"type": "discard", "row": "B"}),
        ("insert A A1", {"type": "insert", "row": "A", "at": 1, "letter": "A"}),
        ("insert E B0", {"type": "insert", "row": "B", "at": 0, "letter": "E"}),
        (
            "take 3 A=SOFT B=EX pool=A",
            {"type": "draft", "coaster": 3, "rows": ["SOFT", "EX"], "pool": "A"},
        ),
        (
            "take 1 A= B= pool=",
            {"type": "draft", "coaster": 1, "rows": ["", ""], "pool": ""},
        ),
    ],
)
def test_the_formats_notation(text, obj, lex):
    state = GAME.from_json(EXAMPLE, lex)
    move = state.parse_move(text)
    assert move.to_json() == obj and state.notation(move) == text
    assert state.parse_move(obj) == move
    # a draft's pool is a multiset: any order reads as the same move
    if obj["type"] == "draft":
        rows = tuple(obj["rows"])
        assert state.parse_move({**obj, "pool": "XEA"}) == Draft(
            obj["coaster"], rows, "AEX"
        )
        assert state.parse_move(
            f"take {obj['coaster']} A={rows[0]} B={rows[1]} pool=EXA"
        ) == Draft(obj["coaster"], rows, "AEX")


def test_the_formats_example_reads_and_writes(lex):
    state = GAME.from_json(EXAMPLE, lex)
    out = state.to_json()
    # written canonically: unordered tiles sorted, bag written, rules added
    assert out["line"] == [
        {"value": 3, "tiles": "ERT", "coins": 1},
        {"value": 1, "tiles": "A", "coins": 1},
        {"value": 2, "tiles": "OX", "coins": 1},
        {"value": 4, "tiles": "DELN", "coins": 0},
        {"value": 3, "tiles": "GIP", "coins": 0},
    ]
    for key in (
        "players",
        "to_move",
        "phase",
        "turn",
        "hands",
        "scores",
        "deck",
        "discard_pile",
    ):
        assert out[key] == EXAMPLE[key], key
    assert out["gone"] == "NRTUV" and len(out["bag"]) == 98 - 28
    assert GAME.from_json(out, lex).to_json() == out
    # a pool and a coaster's tiles are unordered
    shuffled = changed(hands={"p1": {"pool": "EA"}})
    shuffled["line"][3]["tiles"] = "NELD"
    assert GAME.from_json(shuffled, lex).to_json()["hands"] == out["hands"]


def test_a_missing_bag_or_deck_is_shuffled_from_the_seed(lex):
    full = GAME.new(seed=8, lexicon=lex)
    full = full.apply(full.legal_moves().best(1)[0][0])
    base = full.to_json()
    for drop in (("bag",), ("deck",), ("bag", "deck"), ("gone",), ("discard_pile",)):
        obj = {k: v for k, v in base.items() if k not in drop}
        a, b = GAME.from_json(obj, lex), GAME.from_json(obj, lex)
        assert a.to_json() == b.to_json(), drop  # the same JSON, the same state
        assert Counter(a.bag) == Counter(full.bag) and a.gone == full.gone
        assert Counter(a.deck) == Counter(full.deck) and a.pile == full.pile
        assert a.observation("p1") == full.observation("p1")
    # another seed orders the missing parts another way
    obj = {k: v for k, v in base.items() if k not in ("bag", "deck")}
    orders = {
        (GAME.from_json(obj, lex, seed=s).bag, GAME.from_json(obj, lex, seed=s).deck)
        for s in range(6)
    }
    assert len(orders) > 1
    # the example itself has no bag
    assert "bag" not in EXAMPLE and len(GAME.from_json(EXAMPLE, lex).bag) == 70


# -- hidden information --------------------------------------------------------------------


def mid_states(n=10, seed=3):
    return [s for s in random_positions(small_lexicon(), n, seed=seed) if not s.is_over]


def test_the_observation_hides_the_bag_and_deck_order():
    for state in mid_states():
        for viewer in state.players:
            seen = state.observation(viewer)
            assert "bag" not in seen and "deck" not in seen
            full = state.to_json()
            assert {k: v for k, v in seen.items() if not k.endswith("_size")} == {
                k: v for k, v in full.items() if k not in ("bag", "deck")
            }
            # the counts stay in sight (docs/rules.md)
            assert (seen["bag_size"], seen["deck_size"]) == (
                len(state.bag),
                len(state.deck),
            )
            # an observation is a position: read, the hidden parts are drawn again
            read = GAME.from_json(seen, state.lexicon)
            assert read.observation(viewer) == seen
            assert Counter(read.bag) == Counter(state.bag)
            assert Counter(read.deck) == Counter(state.deck)


def test_determinize_keeps_what_is_visible():
    for state in mid_states():
        before = state.to_json()
        for viewer in state.players:
            seen = state.observation(viewer)
            samples = [state.determinize(viewer, random.Random(k)) for k in range(4)]
            for d in samples:
                assert d.observation(viewer) == seen
                assert Counter(d.bag) == Counter(state.bag)
                assert Counter(d.deck) == Counter(state.deck)
                assert tiles_of(d) == Counter(FULL_BAG)
            if len(state.bag) > 3:
                assert len({d.bag for d in samples}) > 1
            if len(state.deck) >= 4 and len(set(state.deck)) > 1:
                assert len({d.deck for d in samples}) > 1
        assert state.to_json() == before  # the true state is untouched


def test_determinize_is_blind_to_the_true_order():
    for state in mid_states():
        viewer = state.to_move
        twin = state.determinize(viewer, random.Random(99))  # same view, other order
        assert twin.observation(viewer) == state.observation(viewer)
        for k in range(3):
            a = state.determinize(viewer, random.Random(k))
            b = twin.determinize(viewer, random.Random(k))
            assert a.to_json() == b.to_json() and a.rng_state == b.rng_state


def test_mc_plays_on_determinized_states(monkeypatch):
    calls = []
    original = FirstDraftState.determinize

    def spy(self, viewer, rng):
        calls.append(viewer)
        return original(self, viewer, rng)

    monkeypatch.setattr(FirstDraftState, "determinize", spy)
    mc = make_player("mc:iterations=3,k=3,time=30", GAME)
    for state in mid_states(6, seed=9)[:3]:
        calls.clear()
        move = mc.choose(state, random.Random(1))
        state.check(move)
        if len(state.legal_moves()) > 1:
            assert calls and set(calls) == {state.to_move}


@pytest.mark.parametrize(
    "count, spec",
    [
        (5, "mc:iterations=2,k=3,time=30"),
        pytest.param(30, "mc:iterations=4,k=4,time=30", marks=pytest.mark.slow),
    ],
)
def test_mc_chooses_from_what_it_sees(count, spec):
    mc = make_player(spec, GAME)
    for state in random_positions(small_lexicon(), count, seed=7, players=2):
        if state.is_over:
            continue
        twin = state.determinize(state.to_move, random.Random(99))
        assert twin.observation(state.to_move) == state.observation(state.to_move)
        assert mc.choose(state, random.Random(1)) == mc.choose(twin, random.Random(1))


# -- records and replay --------------------------------------------------------------------


def record_game(start, seed=5):
    buf = io.StringIO()
    recorder = GameRecorder(buf, start, {"p1": "greedy", "p2": "random"})
    seats = {"p1": make_player("greedy", GAME), "p2": make_player("random", GAME)}
    result = play_game(start, seats, seed, on_move=lambda b, m, a: recorder.record(m, a))
    recorder.finish(result.outcome)
    return buf.getvalue().splitlines(keepends=True), result


def test_a_recorded_game_replays_with_its_reshuffles():
    lexicon = small_lexicon()
    lines, result = record_game(GAME.new(seed=5, lexicon=lexicon))
    assert result.final.is_over
    actions = [json.loads(x) for x in lines[1:-1]]
    assert json.loads(lines[0])["format"] == "wordbot.firstdraft.game/1"
    assert sum("deck" in a for a in actions) >= 1 and all(
        "laid" in a or "sold" in a for a in actions if a["move"]["type"] == "draft"
    )
    out = replay(read_record(lines), lexicon)
    assert out.ok, out.mismatch
    assert out.final.to_json() == result.final.to_json()
    # a reshuffle recorded otherwise is caught
    k = next(i for i, a in enumerate(actions, 1) if "deck" in a)
    bad = json.loads(lines[k])
    bad["deck"] = (
        bad["deck"][::-1] if bad["deck"] != bad["deck"][::-1] else bad["deck"] + [9]
    )
    tampered = lines[:k] + [json.dumps(bad) + "\n"] + lines[k + 1 :]
    out = replay(read_record(tampered), lexicon)
    assert not out.ok and "deck" in out.mismatch


def test_a_record_from_a_full_position_replays():
    lexicon = small_lexicon()
    start = GAME.from_json(GAME.new(seed=6, lexicon=lexicon).to_json(), lexicon)
    lines, _ = record_game(start)
    assert json.loads(lines[0])["setup"] == "position"
    out = replay(read_record(lines), lexicon)
    assert out.ok, out.mismatch


@pytest.mark.parametrize("drop", [("bag",), ("deck",)])
def test_a_record_from_a_partial_position_replays(drop):
    lexicon = small_lexicon()
    obj = GAME.new(seed=5, lexicon=lexicon).to_json()
    for key in drop:
        del obj[key]
    lines, _ = record_game(GAME.from_json(obj, lexicon))
    assert any('"deck"' in x for x in lines[1:])
    out = replay(read_record(lines), lexicon)
    assert out.ok, out.mismatch


def test_tournament_records_replay(files, tmp_path):
    out = invoke(
        "tournament",
        "--game",
        "firstdraft",
        "--players",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "4",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "t"),
        "--lexicon",
        files["small"],
    )
    assert out.returncode == 0, out.stderr
    records = sorted((tmp_path / "t" / "games").glob("*.jsonl"))
    assert len(records) == 2
    for record in records:
        lines = record.read_text().splitlines()
        assert json.loads(lines[0])["format"] == "wordbot.firstdraft.game/1"
        assert any("deck" in json.loads(x) for x in lines[1:])  # a reshuffle
        assert "result" in json.loads(lines[-1])
        replayed = invoke("replay", str(record), "--lexicon", files["small"])
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        assert "every position matches" in replayed.stdout


def test_terminal_play_writes_a_record_that_replays(files, tmp_path):
    lexicon = Lexicon.load(files["small"])
    start = GAME.new(seed=4, lexicon=lexicon)
    mine = start.notation(start.legal_moves().best(1)[0][0])
    record = tmp_path / "play.jsonl"
    played = run(
        "play",
        "--game",
        "firstdraft",
        "--vs",
        "greedy",
        "--seed",
        "4",
        "--record",
        str(record),
        "--lexicon",
        files["small"],
        "--color",
        "never",
        input=f"sell A\n{mine}\nquit\n",
    )
    assert played.returncode == 0, played.stderr
    assert "illegal move (sell)" in played.stdout
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert [x["player"] for x in lines[1:]] == ["p1", "p2"]  # mine, then greedy's
    assert lines[1]["text"] == mine
    assert lines[2]["player"] == "p2" and lines[2]["move"]["type"] in (
        "draft",
        "sell",
        "insert",
        "discard",
    )
    replayed = run("replay", str(record), "--lexicon", files["small"])
    assert replayed.returncode == 0 and "2 actions replayed" in replayed.stdout


# -- the command line's move list ----------------------------------------------------------


def test_the_command_line_lists_moves(files, lex):
    path = str(files["example"])
    counts = {}
    for kind in ("all", "sell", "discard", "insert", "draft"):
        run = invoke("moves", path, "--kind", kind, "--count", "--lexicon", files["words"])
        assert run.returncode == 0, run.stderr
        counts[kind] = int(run.stdout)
    state = GAME.from_json(EXAMPLE, lex)
    assert counts["all"] == len(state.legal_moves()) > 0
    assert counts["all"] == sum(counts[k] for k in ("sell", "discard", "insert", "draft"))
    assert counts["discard"] == 1 and counts["sell"] == 0
    listed = invoke(
        "moves", path, "--kind", "insert", "--json", "--lexicon", files["words"]
    )
    moves = json.loads(listed.stdout)
    assert len(moves) == counts["insert"]
    assert {json.dumps(m, sort_keys=True) for m in moves} == {
        json.dumps(m.to_json(), sort_keys=True) for m in state.moves("insert")
    }
    text = invoke("moves", path, "--kind", "draft", "--lexicon", files["words"])
    first = text.stdout.splitlines()[0].split(None, 1)
    assert first[1].startswith("take ") and int(first[0]) == 1  # coaster 1: its coin, free
    bench = invoke("moves", path, "--bench", "2", "--lexicon", files["words"])
    assert bench.returncode == 0 and "median_us=" in bench.stdout
    hint = invoke("hint", path, "--top", "2", "--json", "--lexicon", files["words"])
    assert hint.returncode == 0, hint.stderr
    cands = json.loads(hint.stdout)["candidates"]
    assert len(cands) == 2
    for cand in cands:  # each a legal move of the position, named by its notation
        move = state.parse_move(cand["move"])
        state.check(move)
        assert state.notation(move) == cand["notation"]


def test_the_command_line_applies_a_turn(files, lex):
    path = str(files["example"])
    run = invoke("apply", path, "take 3 A=SOFT B=EX pool=A", "--lexicon", files["words"])
    assert run.returncode == 0, run.stderr
    obj = json.loads(run.stdout)
    state = GAME.from_json(EXAMPLE, lex)
    assert obj == state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A")).to_json()
    assert obj["hands"]["p1"] == {
        "coins": 2,
        "rows": ["SOFT", "EX"],
        "pool": "A",
        "discarded": 0,
    }
    again = invoke(
        "apply",
        path,
        '{"type": "insert", "row": "A", "at": 1, "letter": "E"}',
        "--lexicon",
        files["words"],
    )
    assert json.loads(again.stdout)["hands"]["p1"]["rows"] == ["SEFT", ""]


# -- the line protocol and the Python client -----------------------------------------------


@pytest.mark.parametrize("spec", ["drafter", "mc:iterations=1,k=3"])
def test_the_engine_answers_with_each_bots_candidates(files, spec):
    """The drafter's and mc's candidates carry their own fields (coins now, rows' worth,
    targets) over the protocol, as JSON numbers and text, in every phase of a game."""
    from wordbot.client import Limit, SimpleEngine

    with SimpleEngine.popen(
        wordbot_command("engine", "--game", "firstdraft", "--lexicon", files["small"]),
        env=cli_env(),
    ) as engine:
        position = engine.new_game(seed=5)
        for _ in range(12):
            cands = engine.analyse(None, Limit(time=5), player=spec, top=3)
            assert cands, position
            for cand in cands:
                assert isinstance(cand["points"], int) and isinstance(cand["equity"], float)
                if cand["move"]["type"] == "draft":
                    assert isinstance(cand["coins_now"], int)
                    assert isinstance(cand["rows_worth"], float)
                    assert cand["targets"].startswith("A: ")
            position = engine.apply(None, cands[0]["move"])["position"]


def test_the_line_protocol_refuses_bad_input(files):
    from tests.faces_support import EngineProcess

    engine = EngineProcess("--game", "firstdraft", "--lexicon", files["words"])
    try:
        reply = engine.ask({"id": 1, "cmd": "position", "position": EXAMPLE})
        assert reply["type"] == "position" and reply["to_move"] == "p1"
        reply = engine.ask({"id": 2, "cmd": "apply", "move": "take 5 A=SFTI B=GP pool=AE"})
        assert reply["error"]["code"] == "illegal_move" and reply["error"]["rule"] == "pay"
        reply = engine.ask(
            {"id": 3, "cmd": "apply", "move": {"type": "sell", "row": "A", "x": 1}}
        )
        assert (
            reply["error"]["code"] == "bad_move" and "move.x" in reply["error"]["message"]
        )
        bad = changed(hands={"p1": {"pool": "AEIOU"}})
        reply = engine.ask({"id": 4, "cmd": "position", "position": bad})
        assert reply["error"]["code"] == "bad_position"
        assert reply["error"]["message"].startswith("hands.p1.pool")
        # nothing changed: the session's position is still the example
        reply = engine.ask({"id": 5, "cmd": "apply", "move": "take 3 A=SOFT B=EX pool=A"})
        assert reply["type"] == "position"
        assert reply["position"]["hands"]["p1"]["rows"] == ["SOFT", "EX"]
    finally:
        assert engine.close() == 0


# -- the players ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, games",
    [
        ("random", ((1, 2), (2, 3))),
        ("greedy", ((1, 2), (2, 3))),
        pytest.param("mc:iterations=1,k=2,time=30", ((1, 2),), id="mc-one-game"),
        pytest.param(
            "mc:iterations=2,k=3,time=30", ((1, 2), (2, 3)), marks=pytest.mark.slow
        ),
    ],
)
def test_every_player_finishes_games(spec, games):
    lexicon = small_lexicon()
    bot = make_player(spec, GAME)
    for seed, count in games:
        players = GAME.seats[:count]
        result = play_game(
            GAME.new(players, seed=seed, lexicon=lexicon), dict.fromkeys(players, bot), seed
        )
        assert result.final.is_over and result.forfeit is None and result.actions > 0
        assert result.winners and set(result.scores) == set(players)


def test_greedy_beats_random():
    lexicon = small_lexicon()
    greedy, rand = make_player("greedy", GAME), make_player("random", GAME)
    wins = games = 0
    for seed in range(20):
        first, second = paired_games(greedy, rand, GAME, 1000 + seed, lexicon=lexicon)
        wins += ("p1" in first.winners) + ("p2" in second.winners)
        games += 2
    assert wins / games > 0.6, (wins, games)


def test_a_game_replays_exactly_from_its_seed():
    lexicon = small_lexicon()
    greedy, rand = make_player("greedy", GAME), make_player("random", GAME)
    games = [
        play_game(GAME.new(seed=9, lexicon=lexicon), {"p1": greedy, "p2": rand}, 9)
        for _ in range(2)
    ]
    assert [m.to_json() for m in games[0].moves] == [m.to_json() for m in games[1].moves]
    assert games[0].final.to_json() == games[1].final.to_json()
    kinds = Counter(m.type for m in games[0].moves)
    assert kinds["draft"] >= 10
    assert all(isinstance(m, (Sell, Discard, Insert, Draft)) for m in games[0].moves)

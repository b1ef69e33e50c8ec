"""The rule options that make the games fairer to every seat: Cross words
combat's, RouteWords' and First Draft's ``compensation`` (points for moving later, added
at the end),
First Draft's ``seat_coins`` (later seats start with more coins) and Cross words combat's
``min_start_word``; each left out of rules objects at its default, so positions written
before it read and digest as before."""

from __future__ import annotations

import json
import random

import pytest

from tests.cli_support import invoke
from tests.game_profiles import CATALOG, game_of, new_short

GAMES = ["crosswords", "routewords"]
#: the games with ``compensation`` (First Draft's tables seat up to five)
COMPENSATED = [*GAMES, "firstdraft"]


def finished(name: str, seed: int, players=None):
    game = game_of(name)
    state, rng = new_short(game, seed, players), random.Random(seed)
    mover = CATALOG.players.make("greedy", game)
    while not state.is_over:
        state = state.apply(mover.choose(state, rng))
    return state


def with_rules(state, **changes):
    obj = state.to_json()
    obj["rules"] = {**obj["rules"], **changes}
    return state.game.from_json(obj, state.lexicon)


@pytest.mark.parametrize("name", COMPENSATED)
def test_the_later_seats_get_their_compensation_at_the_end(name):
    seats = game_of(name).max_players
    players = list(game_of(name).seats[:seats])
    state = finished(name, 4, players)
    assert "compensation" not in state.to_json()["rules"]  # 0: written as before
    paid = with_rules(state, compensation=2.5)
    assert paid.to_json()["rules"]["compensation"] == 2.5
    assert paid.scores == state.scores  # the running scores are the position's own
    for k, player in enumerate(players):
        assert paid.outcome().scores[player] == state.scores[player] + 2.5 * k
    assert paid.digest() != state.digest()


@pytest.mark.parametrize("name", GAMES)
def test_a_compensation_just_above_the_first_players_lead_turns_the_game(name):
    for seed in range(40):
        state = finished(name, seed)
        first, second = state.players
        lead = state.scores[first] - state.scores[second]
        if lead > 0:
            break
    else:
        pytest.fail("no game of the sample won by the first player")
    assert state.outcome().winners == (first,)
    assert with_rules(state, compensation=lead).outcome().winners == (first, second)
    assert with_rules(state, compensation=lead + 0.5).outcome().winners == (second,)


@pytest.mark.parametrize("value", ["-1", "1001", "nan", "inf", "x", "true"])
def test_a_bad_compensation_is_one_line_naming_it(value):
    out = invoke("new", "--game", "routewords", "--rule", f"compensation={value}")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "compensation" in lines[0] and value in lines[0]


def test_the_command_line_writes_and_reads_the_rule():
    out = invoke("new", "--game", "crosswords", "--rule", "compensation=3")
    position = json.loads(out.stdout)
    assert position["rules"]["compensation"] == 3
    read = game_of("crosswords").from_json(position)
    assert read.rules.compensation == 3.0
    listed = {g["name"]: g for g in json.loads(invoke("games", "--json").stdout)}
    assert listed["crosswords"]["rules"]["compensation"]["default"] == 0


def test_first_drafts_later_seats_start_with_their_extra_coins():
    game = game_of("firstdraft")
    plain = new_short(game, 2, ["p1", "p2", "p3", "p4"])
    assert "seat_coins" not in plain.to_json()["rules"]
    rules = game.rules(["seat_coins=3"])
    state = game.new(["p1", "p2", "p3", "p4"], 2, rules, plain.lexicon)
    start = rules.start_coins
    assert [h.coins for h in state.hands] == [start, start + 3, start + 6, start + 9]
    again = game.from_json(json.loads(json.dumps(state.to_json())), plain.lexicon)
    assert again.rules.seat_coins == 3 and again.to_json() == state.to_json()
    out = invoke("new", "--game", "firstdraft", "--rule", "seat_coins=-2")
    assert out.returncode == 2 and "seat_coins" in out.stderr


def test_a_start_word_shorter_than_min_start_word_is_skipped(tmp_path):
    game = game_of("crosswords")
    page = tmp_path / "page.txt"
    page.write_text("Go on, write the longest words\nto win it all\n")
    setup = ["--page", f"red={page}", "--page", f"green={page}"]
    plain = json.loads(invoke("new", "--game", "crosswords", *setup).stdout)
    assert "min_start_word" not in plain["rules"]
    assert plain["pages"]["red"]["used"] == [[0, 0]]
    out = invoke("new", "--game", "crosswords", *setup, "--rule", "min_start_word=5")
    longer = json.loads(out.stdout)
    assert longer["rules"]["min_start_word"] == 5
    assert [longer["pages"][p]["used"] for p in ("red", "green")] == [[[0, 2]]] * 2
    state = game.from_json(longer)
    written = sorted(c for c, (_letter, seat) in state.cells.items() if seat == 0)
    assert "".join(state.cells[c][0] for c in written) == "WRITE"
    # GO and ON stay unused: the next words of their row, WRITE's successors wait
    assert "GO" in {w.text for w in state.usable(0, None)}
    bad = invoke("new", "--game", "crosswords", *setup, "--rule", "min_start_word=9")
    assert bad.returncode == 2 and "min_start_word=9" in bad.stderr


def test_first_drafts_compensation_can_turn_a_five_seat_game():
    """A half point a seat: the fifth seat's 2 points overturn a lead below them."""
    for seed in range(40):
        state = finished("firstdraft", seed, ["p1", "p2", "p3", "p4", "p5"])
        scores = state.scores
        lead = scores["p1"] - max(v for p, v in scores.items() if p != "p1")
        if state.outcome().winners == ("p1",) and scores["p1"] - scores["p5"] == 1:
            break
    else:
        pytest.fail("no five-seat game of the sample won by p1 a point ahead of p5")
    assert lead >= 1
    assert "p1" not in with_rules(state, compensation=0.5).outcome().winners
    out = invoke("new", "--game", "firstdraft", "--rule", "compensation=-1")
    assert out.returncode == 2 and "compensation" in out.stderr


def test_first_drafts_compensation_lists_each_seats_points():
    """A list gives each seat its own points: (0, c, 2c) is the number c, and any other
    list moves each seat by its own value, a negative one too."""
    state = finished("firstdraft", 6, ["p1", "p2", "p3", "p4"])
    base = state.scores
    one = with_rules(state, compensation=1.5).outcome().scores
    listed = with_rules(state, compensation=[0, 1.5, 3, 4.5]).outcome().scores
    assert one == listed == {p: base[p] + k * 1.5 for k, p in enumerate(state.players)}
    own = with_rules(state, compensation=[0, -2, 0.5, 7]).outcome()
    assert own.scores == {p: base[p] + v for p, v in zip(state.players, (0, -2, 0.5, 7))}
    assert own.winners == tuple(
        p for p in state.players if own.scores[p] == max(own.scores.values())
    )
    # the rules object keeps the list; it reads back as the same rules
    obj = with_rules(state, compensation=[0, -2, 0.5, 7]).to_json()
    assert obj["rules"]["compensation"] == [0, -2, 0.5, 7]


@pytest.mark.parametrize(
    "rule, needle",
    [
        ("compensation=0,1", "compensation: 2 values for 3 seats"),
        ("compensation=0,1,2,3,4,5", "compensation=0,1,2,3,4,5"),
        ("compensation=0,x,1", "compensation=0,x,1"),
    ],
)
def test_a_compensation_list_that_does_not_fit_the_table_is_one_line(rule, needle):
    out = invoke("new", "--game", "firstdraft", "--players", "p1,p2,p3", "--rule", rule)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr

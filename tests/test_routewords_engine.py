"""The RouteWords engine: set-up, formats, notation, bad input (one line naming the field
or rule, exit code 2, nothing changed), the bots' bonus_search option, and greedy's fast
best move equal to the general one. Round trips, replays, no hidden information and whole
games through the faces are the contract's (tests/test_game_contract.py)."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.engine.errors import IllegalMove, PositionError
from wordbot.engine.movelist import MoveList
from wordbot.engine.routewords.game import GAME
from wordbot.engine.routewords.rules import Rules
from wordbot.players import make_player
from wordbot.players.arena import play_game

from tests.cli_support import invoke, run
from tests.game_profiles import ROUTEWORDS_EXAMPLE as EXAMPLE
from tests.lexicons import small_lexicon
from tests.movelists import refused
from tests.routewords_support import random_positions
from tests.sampling import fast_and_full

WORDS = ["MEGS", "MEW", "MEWS", "STREAM", "TEA", "EAT", "SET", "TEST"]


@pytest.fixture(scope="module")
def lex():
    from wordbot.dictionaries import Lexicon

    return Lexicon.from_words(WORDS)


def test_set_up_follows_the_rules():
    state = GAME.new(["red", "green", "black", "white"], seed=11, lexicon=small_lexicon())
    assert len(state.grid) == 25 and state.grid.isalpha()
    assert sum(state.coins) + sum(state.points) == 68 - 0  # 4 pawns replace four 1-coins
    assert state.pawns == (2 * 6 + 2, 3 * 6 + 3, 2 * 6 + 3, 3 * 6 + 2)
    assert state.points == (1, 1, 1, 1) and state.tokens == (1, 1, 1, 1)
    assert (
        GAME.new(seed=11, lexicon=small_lexicon()).grid
        == GAME.new(seed=11, lexicon=small_lexicon()).grid
    )
    assert (
        GAME.new(seed=12, lexicon=small_lexicon()).grid
        != GAME.new(seed=11, lexicon=small_lexicon()).grid
    )
    # a swap of every two neighbouring squares, across, down and diagonally
    assert len(GAME.new(seed=2, lexicon=small_lexicon()).moves("swap")) == 72


def test_the_formats_example_reads_writes_and_plays(lex):
    state = GAME.from_json(EXAMPLE, lex)
    out = state.to_json()
    assert {k: v for k, v in out.items() if k != "rules"} == EXAMPLE
    route = state.parse_move("route MEGS 1,1 0,1 1,2 2,1 > 3,2")
    assert route.to_json() == {
        "type": "route",
        "path": [[1, 1], [0, 1], [1, 2], [2, 1]],
        "end": [3, 2],
    }
    assert state.notation(route) == "route MEGS 1,1 0,1 1,2 2,1 > 3,2"
    with pytest.raises(IllegalMove, match="ko"):
        state.check(state.parse_move("swap 1,1 2,2"))
    both = state.parse_move("pay swap 1,2 2,2 ; route MEW 1,1 0,1 1,2 > 1,2")
    assert state.notation(both) == "pay swap 1,2 2,2 ; route MEW 1,1 0,1 1,2 > 1,2"
    after = state.apply(both)
    assert after.scores == {"red": 2, "green": 1} and after.to_json()["ko"] == [
        [1, 2],
        [2, 2],
    ]
    for move in state.legal_moves():
        assert state.parse_move(state.notation(move)) == move
        assert state.parse_move(json.dumps(move.to_json())) == move


BAD_POSITIONS = [
    ({"grid": ["TEIK", "AMGQO", "WSWPR", "EOTOL", "YTRDS"]}, "grid"),
    ({"pawns": {"red": [2, 2], "green": [6, 1]}}, "pawns.green"),
    ({"pawns": {"red": [2, 2], "green": [2, 2]}}, "pawns.green"),
    ({"coins": [[0, 0, 3]]}, "coins[0]"),
    ({"coins": [[2, 3, 2]]}, "coins[0]"),
    ({"owners": [[5, 1, "red"]]}, "owners[0]"),
    ({"owners": [[1, 1, "blue"]]}, "owners[0]"),
    ({"colour": "red"}, "colour"),
    ({"turn": 9}, "turn"),
    ({"players": ["green", "red"], "to_move": "green"}, "players"),
    ({"ko": [[0, 0], [2, 2]]}, "ko"),
]


@pytest.mark.parametrize("change, field", BAD_POSITIONS)
def test_a_bad_position_names_its_field(lex, change, field):
    with pytest.raises(PositionError) as err:
        GAME.from_json({**EXAMPLE, **change}, lex)
    assert str(err.value).startswith(field), err.value


BAD_MOVES = [
    ("route XYZ 1,1 0,1 1,2 > 0,2", "route_word"),  # not what the squares spell
    ("route MEGS 1,1 0,1 1,2 2,1 > 0,0", "route_end"),  # not a corner of the last square
    ({"type": "route", "path": [[1, 1], [0, 1], [1, 2], [2, 7]], "end": [3, 2]}, "2, 7"),
    ({"type": "route", "path": [[1, 1], [0, 1], [1, 1]], "end": [1, 1]}, "route_repeat"),
    ({"type": "route", "path": [[2, 1], [3, 0], [4, 1]], "end": [4, 1]}, "route_end"),
    ({"type": "route", "path": [[0, 0], [1, 0]], "end": [1, 0]}, "route_start"),
    ({"type": "route", "path": [[1, 1], [0, 0], [1, 0]], "end": [1, 0]}, "route_word"),
    ({"type": "swap", "squares": [[0, 0], [2, 2]]}, "swap"),
    ({"type": "swap", "squares": [[2, 2], [1, 1]]}, "ko"),
    ({"type": "bonus_word", "word": "STREAM"}, "bonus_round"),
    ({"type": "pass"}, "pass"),
    ({"type": "swap", "squares": [[0, 0], [0, 1]], "extra": 1}, "move.extra"),
]


@pytest.mark.parametrize("move, rule", BAD_MOVES)
def test_a_bad_move_names_its_rule_and_changes_nothing(lex, move, rule):
    error = refused(GAME.from_json(EXAMPLE, lex), move, "check")
    assert rule in str(error), error


def test_a_route_over_an_owned_square_and_paying_without_points(lex):
    obj = {**EXAMPLE, "owners": [[0, 1, "green"]], "scores": {"red": 0, "green": 1}}
    state = GAME.from_json(obj, lex)
    with pytest.raises(IllegalMove, match="owned by green"):
        state.check(state.parse_move("route MEGS 1,1 0,1 1,2 2,1 > 3,2"))
    with pytest.raises(IllegalMove, match="pay"):
        state.check(state.parse_move("pay swap 1,2 2,2 ; route MEW 1,1 0,1 1,2 > 1,2"))
    assert not [m for m in state.legal_moves() if m.type == "both"]


def test_the_command_line_refuses_bad_input_in_one_line(tmp_path):
    start = run("new", "--game", "routewords", "--seed", "3")
    assert start.returncode == 0, start.stderr
    path = tmp_path / "start.json"
    path.write_text(start.stdout)
    bad = run("apply", str(path), "swap 0,0 2,2")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().count("\n") == 0 and "not next to each other" in bad.stderr
    obj = json.loads(start.stdout)
    obj["pawns"]["green"] = [9, 9]
    bad = invoke("moves", "-", "--count", input=json.dumps(obj))
    assert (
        bad.returncode == 2
        and "pawns.green" in bad.stderr
        and "Traceback" not in bad.stderr
    )
    counted = invoke("moves", str(path), "--kind", "swap", "--count")
    assert counted.stdout.strip() == "72"
    bench = invoke("moves", str(path), "--kind", "route", "--bench", "3")
    assert bench.returncode == 0 and "median_us=" in bench.stdout


def test_bots_stay_out_of_bonus_rounds_when_bonus_search_is_none():
    lexicon = small_lexicon()
    for player in ("random", "greedy", "routes"):
        bot = make_player(player, GAME)
        state = GAME.new(
            seed=5, rules=Rules(bonus_search="none", turn_limit=8), lexicon=lexicon
        )
        result = play_game(state, {"red": bot, "green": bot}, seed=5)
        kinds = [m.type for m in result.moves] if result.moves else []
        final = result.final
        assert final.is_over
        # the final bonus round is played, but nobody submits a word
        assert all(getattr(m, "word", None) is None for m in result.moves), player
        assert "bonus" not in kinds


@pytest.mark.parametrize("pie", [False, True])
@fast_and_full("count", 15, 120)
def test_fast_best_equals_the_general_best(count, pie):
    # with the pie rule, green's first turn offers the take-over, whose gain (red's
    # points) can beat every route: the fast path must see it
    lexicon, rules = small_lexicon(), Rules(pie=pie)
    positions = random_positions(
        lexicon, count, seed=3, players=2 if pie else None, rules=rules
    )
    if pie:  # green's first turns, where the take-over is offered
        for seed in range(count):
            red = GAME.new(seed=seed, rules=rules, lexicon=lexicon)
            positions.append(red.apply(red.legal_moves().best(1)[0][0]))
    searched = 0  # first places the listed moves could not settle
    for state in positions:
        if state.is_over:
            continue
        every = state.list_moves()
        general = MoveList(list(every), list(every.gains()), list(every.tiebreak()))
        for n in (1, 2, 3, 6):
            for seed in range(20 if n == 1 else 2):  # only a first place is drawn
                # a new list each time (not the state's kept one, which a best() may
                # have read in full): its swap-first pay-and-both moves unsearched
                fast = state.list_moves()
                mine, theirs = random.Random(seed), random.Random(seed)
                got = fast.best(n, mine)
                assert got == general.best(n, theirs), (n, seed)
                # the same draws too, or every later draw of a seeded game differs
                assert mine.random() == theirs.random(), (n, seed)
                searched += n == 1 and all(s.ready for s in fast.segments)
    assert searched >= 20 * 3

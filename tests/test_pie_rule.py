"""The pie rule: in Cross words combat and RouteWords with ``pie=true`` the
second player may take the first player's first turn over, the two seats' everything
exchanged and the first player to move; the compensation for moving later then goes to
the first player. Old positions (no ``pie``) read as before; the heuristic players weigh
the take-over, and as first player they choose a first move against it."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.engine.tensor import observation_tensor

from tests.cli_support import invoke
from tests.game_profiles import CATALOG, game_of, lexicon_args, lexicon_of, short_rules

GAMES = ["crosswords", "routewords"]
POLICY = {"crosswords": "territory", "routewords": "routes"}


def new_pie(name: str, seed: int, *more: str):
    game = game_of(name)
    rules = game.Rules.parse(["pie=true", *more], base=short_rules(game))
    return game.new(None, seed, rules, lexicon_of(game))


def first_turn_done(state, rng: random.Random):
    """The state once red's first turn (with its extra turns) is played by greedy."""
    mover = CATALOG.players.make("greedy", state.game)
    while not state.is_over and state.seat == 0:
        state = state.apply(mover.choose(state, rng))
    return state


def owned(state) -> dict:
    """What each seat holds, by seat number: the rule's exchange swaps these."""
    if state.game.name == "crosswords":
        return {
            "letters": {c: s for c, (_ch, s) in state.cells.items()},
            "captured": dict(state.captured),
            "pages": state.pages,
            "used": state.used,
        }
    return {
        "owners": state.owners,
        "pawns": state.pawns,
        "tokens": state.tokens,
    }


def kinds(state) -> list[str]:
    """The kinds of the last two moves listed (the take-over is listed last)."""
    moves = state.legal_moves()
    return [moves[i].type for i in range(max(0, len(moves) - 2), len(moves))]


@pytest.mark.parametrize("name", GAMES)
def test_the_take_over_is_offered_at_the_second_players_first_turn_only(name):
    for seed in range(2):
        state = new_pie(name, seed)
        assert "take_over" not in kinds(state)  # red's first turn
        state = first_turn_done(state, random.Random(seed))
        assert state.to_move == "green" and kinds(state)[-1] == "take_over"
        assert kinds(state).count("take_over") == 1  # once
        played = state.apply(state.legal_moves()[0])  # green plays on instead
        later = first_turn_done(played, random.Random(seed))
        assert "take_over" not in kinds(later)
        plain = game_of(name).from_json(
            {**state.to_json(), "rules": {**state.to_json()["rules"], "pie": False}},
            state.lexicon,
        )
        assert "take_over" not in kinds(plain)
        refused = plain.move_from_json({"type": "take_over"})
        with pytest.raises(Exception, match=r"\(pie\)"):
            plain.apply(refused)


@pytest.mark.parametrize("name", GAMES)
def test_a_take_over_exchanges_the_seats_and_red_moves(name):
    state = first_turn_done(new_pie(name, 5), random.Random(5))
    before = owned(state)
    after = state.apply(state.parse_move("take over"))
    assert after.to_move == "red" and after.pie_taken and not after.pie_offered
    assert after.scores == {"red": state.scores["green"], "green": state.scores["red"]}
    assert after.turns == (state.turns[1], state.turns[0])
    for what, held in owned(after).items():
        old = before[what]
        if isinstance(old, dict):  # cell -> seat: every seat number flipped
            assert held == {c: 1 - s for c, s in old.items()}
        elif what == "owners":
            assert held == tuple(1 - o if o >= 0 else o for o in old)
        else:  # per seat: the two exchanged
            assert held == (old[1], old[0])
    # the moves red now has are the moves green had: the same position, seats exchanged
    assert state.legal_moves()[0].type == after.legal_moves()[0].type


@pytest.mark.parametrize("name", GAMES)
def test_after_a_take_over_the_compensation_goes_to_red(name):
    state = first_turn_done(new_pie(name, 2, "compensation=3"), random.Random(2))
    assert state.outcome().scores["green"] == state.scores["green"] + 3
    taken = state.apply(state.parse_move("take over"))
    assert taken.outcome().scores["red"] == taken.scores["red"] + 3
    assert taken.outcome().scores["green"] == taken.scores["green"]


@pytest.mark.parametrize("name", GAMES)
def test_positions_write_and_read_the_take_over(name):
    game = game_of(name)
    state = first_turn_done(new_pie(name, 1), random.Random(1))
    assert state.to_json()["rules"]["pie"] is True and "pie_taken" not in state.to_json()
    taken = state.apply(state.parse_move("take over"))
    obj = json.loads(json.dumps(taken.to_json()))
    assert obj["pie_taken"] is True
    again = game.from_json(obj, state.lexicon)
    assert again.to_json() == obj and again.digest() == taken.digest()
    assert len(again.legal_moves()) == len(taken.legal_moves())
    # a game without the rule writes neither field: positions as before
    plain = game.new(None, 1, short_rules(game), lexicon_of(game)).to_json()
    assert "pie" not in plain["rules"] and "pie_taken" not in plain
    with pytest.raises(Exception, match="pie_taken"):
        game.from_json({**obj, "rules": {**obj["rules"], "pie": False}}, state.lexicon)
    with pytest.raises(Exception, match="pie_taken"):
        game.from_json({**obj, "pie_taken": "yes"}, state.lexicon)
    with pytest.raises(Exception, match=r"move\.why"):
        state.move_from_json({"type": "take_over", "why": 1})
    assert state.notation(state.parse_move("TAKE  over")) == "take over"


def test_the_pie_rule_is_for_two_players():
    out = invoke(
        "new", "--game", "routewords", "--players", "red,green,black", "--rule", "pie=true"
    )
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "pie" in lines[0] and "two-player" in lines[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_heuristic_weighs_the_take_over_and_the_first_move_against_it(name):
    game = game_of(name)
    player = CATALOG.players.make(POLICY[name], game)
    checked = 0
    for seed in range(10):
        state, rng = new_pie(name, seed), random.Random(seed)
        first = player.top(state, 1, rng)[0]
        answer = state.apply(first.move)
        if answer.seat == 0:
            continue  # extra turns: their play is the player's own, rng's ties and all
        checked += 1
        # its value: minus the best the second player then has, as it ranks it
        best = player.top(answer, 1, random.Random(seed))[0].equity
        assert first.equity == pytest.approx(-best, abs=1e-3)
        ranked = player.top(answer, 500, random.Random(seed))
        assert first.details["answer"] in {c.notation for c in ranked if c.equity == best}
        assert "take over" in [c.notation for c in ranked]
        # without the rule the first move is ranked on its own
        plain = game.new(None, seed, short_rules(game), lexicon_of(game))
        assert "answer" not in player.top(plain, 1, random.Random(seed))[0].details
        break  # one position is enough (RouteWords' first move weighs 12 answers)
    assert checked


def test_a_tournament_with_the_pie_rule_plays_and_its_records_replay(tmp_path):
    out = tmp_path / "t"
    run = invoke(
        "tournament", "--game", "crosswords", "--players", "territory,greedy",
        "--games", "2", "--seed", "4", "--workers", "1", "--rule", "pie=true",
        "--rule", "turn_limit=4", "--out", str(out), "--quiet",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    records = sorted((out / "games").glob("*.jsonl"))
    assert len(records) == 2
    moves = [json.loads(line) for r in records for line in r.read_text().splitlines()]
    assert any(m.get("move", {}).get("type") == "take_over" for m in moves)
    for record in records:
        replay = invoke("replay", str(record))
        assert replay.returncode == 0 and "every position matches" in replay.stdout


@pytest.mark.parametrize("name", GAMES)
def test_a_study_under_the_pie_rule_counts_the_take_overs(name):
    rules = [f"--rule={r}" for r in (*short_rules(game_of(name)).texts(), "pie=true")]
    out = invoke(
        "study", "--game", name, "--players", POLICY[name], *rules, "--games", "2",
        "--seed", "3", "--workers", "1", *lexicon_args(name), "--json", "--quiet",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    variant = json.loads(out.stdout)["variants"][0]
    assert variant["errors"] == 0 and variant["games"] == 2
    taken = variant["measures"]["take_overs"]["mean"]
    assert 0 <= taken <= 1


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_tensor_says_whether_the_first_turn_was_taken_over(name):
    """A learning agent sees the take-over: it moves the compensation to red."""
    from wordbot.engine.pie import TakeOver

    state = first_turn_done(new_pie(name, 3), random.Random(3))
    taken = state.apply(TakeOver())
    flag = {"crosswords": ("extra", 5), "routewords": ("phase", 3)}[name]
    for viewer in state.players:
        before = observation_tensor(state, viewer)[flag[0]]
        after = observation_tensor(taken, viewer)[flag[0]]
        assert before.shape == after.shape
        assert before[flag[1]] == 0 and after[flag[1]] == 1

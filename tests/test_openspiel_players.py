"""wordbot.openspiel_players: OpenSpiel's MCTS / ISMCTS as a wordbot player of every
game, asked about positions it did not see from the start, and through the plugin in a
real tournament."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")
from wordbot.engine.games import get_game
from wordbot.players.base import PlayerError

from tests.cli_support import cli_env
from tests.conftest import ROOT
from tests.game_profiles import profile, short_rule_texts
from tests.lexicons import small_lexicon
from tests.research_support import GAMES
from wordbot.openspiel import wrap
from wordbot.openspiel_players import OpenSpielMCTS


@pytest.fixture(scope="module")
def lexicon():
    return small_lexicon(2500)


def midgame(name, lexicon, actions=3):
    """A position ``actions`` random moves into a short game (not from the deal)."""
    game = get_game(name)
    short = game.rules(short_rule_texts(name) or profile(name).changed)
    state = game.new(seed=4, rules=short, lexicon=lexicon if game.uses_lexicon else None)
    rng = random.Random(5)
    for _ in range(actions):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))], check=False)
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_wrapped_position_is_that_position_under_its_own_rules(name, lexicon):
    state = midgame(name, lexicon)
    wrapped = wrap(state)
    assert wrapped.wordbot_state is state
    assert get_game(name).rules(wrapped.table.rules) == state.rules
    # the rules are not the defaults (where the profile names others)
    assert wrapped.table.rules or not (short_rule_texts(name) or profile(name).changed)
    assert wrapped.current_player() == state.seat
    assert wrapped.legal_actions() == list(range(len(state.legal_moves())))
    child = wrapped.child(0)  # moves on from here, the original untouched
    assert child.wordbot_state.to_json() == state.apply(state.legal_moves()[0]).to_json()
    assert wrapped.wordbot_state is state


@pytest.mark.parametrize("name", GAMES)
def test_the_openspiel_player_makes_a_legal_move_from_its_generator(name, lexicon):
    state = midgame(name, lexicon)
    bot = OpenSpielMCTS(sims=4)
    legal = {m.to_json().__repr__() for m in state.legal_moves()}
    picks = [bot.choose(state, random.Random(seed)) for seed in (1, 1, 2)]
    assert all(repr(p.to_json()) in legal for p in picks)
    assert picks[0].to_json() == picks[1].to_json()  # the same generator, the same move


def test_bad_options_are_refused_by_name(lexicon):
    with pytest.raises(PlayerError, match="sims=0"):
        OpenSpielMCTS(sims=0)
    # one simulation only values the root: the tree would have no move to pick
    with pytest.raises(PlayerError, match="sims=1 must be >= 2"):
        OpenSpielMCTS(sims=1)
    state = midgame("routewords", lexicon)
    assert OpenSpielMCTS(sims=2).choose(state, random.Random(0)) in state.legal_moves()
    with pytest.raises(PlayerError, match="time=-1 must be >= 0"):
        OpenSpielMCTS(time=-1)


def tournament(*args):
    return subprocess.run(
        [sys.executable, "-m", "wordbot", "--plugin", "wordbot.openspiel_players",
         "tournament", "--game", "crosswords", "--rule", "turn_limit=4", *args],
        capture_output=True, text=True, env=cli_env(), cwd=ROOT, timeout=300,
    )  # fmt: skip


def test_a_tournament_against_openspiel_through_the_plugin():
    args = ["--players", "territory,openspiel:sims=8", "--games", "2", "--seed", "3"]
    runs = [tournament(*args, "--json", "--workers", str(w)) for w in (1, 2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert "error" not in run.stderr
    first, second = (json.loads(r.stdout) for r in runs)
    assert all(t > 0 for t in first["seconds_per_move"].values())
    results = [{k: o[k] for k in ("players", "pairs")} for o in (first, second)]
    assert results[0] == results[1]  # seeded per game: any number of workers agrees
    assert first["players"]["openspiel:sims=8"]["games"] == 2
    bad = tournament("--players", "territory,openspiel:sims=0", "--games", "2")
    assert bad.returncode == 2
    lines = bad.stderr.strip().splitlines()
    assert len(lines) == 1 and "sims=0" in lines[0], bad.stderr


def test_the_player_plays_the_registered_games_only():
    assert all(OpenSpielMCTS.plays(name) for name in GAMES)
    assert not OpenSpielMCTS.plays("toy")  # a plugin game OpenSpiel has not been given


@pytest.mark.parametrize("name", ["crosswords", "routewords"])
def test_mcts_hints_rank_the_root_moves_it_would_choose_from(name, lexicon):
    state = midgame(name, lexicon)
    bot = OpenSpielMCTS(sims=12)
    top = bot.top(state, 3, random.Random(4))
    assert 1 <= len(top) <= 3
    assert len({repr(c.move.to_json()) for c in top}) == len(top)
    assert top[0].move.to_json() == bot.choose(state, random.Random(4)).to_json()
    assert all(-1 <= c.equity <= 1 and c.iterations >= 1 for c in top)
    assert [c.iterations for c in top] == sorted((c.iterations for c in top), reverse=True)


def test_a_time_a_move_runs_the_simulations_that_fit_at_the_pace_so_far(lexicon):
    state = midgame("crosswords", lexicon)
    bot = OpenSpielMCTS(time=0.3)
    assert bot.simulations() == 2  # no pace yet: the least MCTS can pick a move with
    first = bot.top(state, 10**6, random.Random(1))
    assert sum(c.iterations for c in first) == 2 - 1  # the first simulation is the root's
    pace = bot._pace
    assert pace is not None and pace > 0
    planned = bot.simulations()
    assert planned == max(2, int(0.3 / pace)) > 2
    second = bot.top(state, 10**6, random.Random(1))
    assert sum(c.iterations for c in second) == planned - 1
    assert OpenSpielMCTS(sims=7, time=0).simulations() == 7

"""Opponents by strength (players/levels.py): every game's levels from random moves to
search at a second, a level playing its player and slipping its share of moves at
random, replaying from its seed, picked by --level on hint, play and serve, listed by
`wordbot games` and the protocol's hello."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.players import make_player
from wordbot.players.arena import play_game
from wordbot.players.levels import Level, LevelPlayer, levels_of
from wordbot.players.profile import profile_of

from tests.cli_support import invoke, one_line_refusal, run
from tests.game_profiles import NAMES, game_of, lexicon_of


@pytest.mark.parametrize("name", NAMES)
def test_a_games_levels_run_from_random_to_search_at_a_second(name):
    game = game_of(name)
    levels = levels_of(game)
    assert levels[0] == Level("random") and levels[-1] == Level("search:time=1")
    assert Level(profile_of(game).default_policy) in levels
    assert Level("mc:time=0.1") in levels and Level("search:time=0.1") in levels
    for level in levels:
        assert 0.0 <= level.slips < 1.0
        make_player(level.spec, game)  # every level's player is a player of the game
    # a player slipping fewer moves is a level further up
    for a, b in zip(levels, levels[1:]):
        if a.spec == b.spec:
            assert b.slips < a.slips


def slipped(spec: str, slips: float, name: str, moves: int = 60) -> float:
    """The share of ``moves`` decisions (of random positions) where a level of ``spec``
    slipping ``slips`` of its moves did not play ``spec``'s move on the same draws."""
    game = game_of(name)
    player = make_player(spec, game)
    level = LevelPlayer(n=1)
    level.level = lambda g: Level(spec, slips)  # type: ignore[method-assign]
    state, rng, differs = game.new(None, 2, None, lexicon_of(game)), random.Random(3), 0
    mover = make_player("random", game)
    for k in range(moves):
        if state.is_over:
            state = game.new(None, 2 + k, None, lexicon_of(game))
        draws = random.Random(k)
        draws.random()  # the level's draw of a slip, slipping or not
        own = player.choose(state, draws)
        differs += level.choose(state, random.Random(k)).to_json() != own.to_json()
        state = state.apply(mover.choose(state, rng))
    return differs / moves


def test_a_level_slips_its_share_of_moves_and_plays_its_player_otherwise():
    assert slipped("greedy", 0.0, "routewords") == 0.0
    assert slipped("greedy", 0.0, "controlword") == 0.0
    # a slip is a uniform legal move: now and then the very move greedy plays
    assert 0.3 <= slipped("greedy", 0.5, "routewords") <= 0.6
    assert 0.75 <= slipped("greedy", 0.9, "crosswords") <= 1.0


@pytest.mark.parametrize("name", NAMES)
def test_a_game_against_a_level_replays_from_its_seed(name):
    game = game_of(name)
    levels = levels_of(game)
    slipping = next(k for k, lv in enumerate(levels, 1) if lv.slips)
    seats = dict(zip(game.default_players, ["greedy", f"level:n={slipping}"]))
    played = []
    for _ in range(2):
        state = game.new(None, 11, None, lexicon_of(game))
        players = {seat: make_player(spec, game) for seat, spec in seats.items()}
        played.append([m.to_json() for m in play_game(state, players, 11).moves])
    assert played[0] == played[1] and len(played[0]) > 2


def test_level_zero_is_the_games_own_policy():
    for name in NAMES:
        game = game_of(name)
        level = LevelPlayer()
        assert level.level(game) == Level(profile_of(game).default_policy)
        assert levels_of(game)[level.level_number(game) - 1] == level.level(game)


def test_hint_plays_a_level_and_refuses_what_it_cannot():
    out = invoke("hint", "--game", "routewords", "--level", "1", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["player"] == "level:n=1"
    one_line_refusal(run("hint", "--level", "40"), "level", "n=40", "levels 1 to")
    one_line_refusal(run("hint", "--level", "0"), "--level")
    one_line_refusal(run("hint", "--level", "2", "--player", "mc"), "--level", "--player")
    one_line_refusal(run("hint", "--level", "2", "--time", "1"), "--time")
    one_line_refusal(run("play", "--level", "2", "--vs", "mc"), "--level", "--vs")
    one_line_refusal(run("serve", "--level", "99", "--port", "0"), "n=99")


def test_games_and_the_protocol_list_each_games_levels():
    listed = json.loads(invoke("games", "--json").stdout)
    for entry in listed:
        levels = levels_of(game_of(entry["name"]))
        assert [(lv["player"], lv["slips"]) for lv in entry["levels"]] == [
            (lv.spec, lv.slips) for lv in levels
        ]
        assert [lv["level"] for lv in entry["levels"]] == list(range(1, len(levels) + 1))
    text = invoke("games").stdout
    assert "levels: 1 random; 2 greedy, 95 % of moves at random" in text
    hello = run("engine", input='{"cmd": "hello"}\n{"cmd": "quit"}\n')
    games = json.loads(hello.stdout.splitlines()[0])["games"]
    assert games["routewords"]["levels"] == next(
        e["levels"] for e in listed if e["name"] == "routewords"
    )

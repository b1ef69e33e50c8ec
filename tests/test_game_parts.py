"""A game beside its core: the profile its players package owns (what the generic players
and the hints need of it), found by the game's name, a plugin's from its own module, a
default for a game without one; and its parts (pictures, tensors and action bound,
measures), each in a module the game names, with defaults for a game that names none."""

from __future__ import annotations

import json
import random
import sys
from importlib import import_module

import pytest
from wordbot.engine import GAMES, Game, GameError, get_game
from wordbot.engine.display import picture, score_text, svg, text_picture
from wordbot.engine.measures import measures
from wordbot.engine.tensor import ACTION_BOUND, action_bound, observation_tensor
from wordbot.players import PLAYERS, PlayerError, PlayerProfile, profile_of
from wordbot.players.profile import DEFAULT

import tests.toygame as toy
from tests.cli_support import invoke
from tests.game_profiles import CATALOG, new_short

PLUGIN = ["--plugin", "tests.toygame"]


class Bare(toy.ToyGame):
    """The toy game under another name, from a module without a profile."""

    name = "bare"


def test_the_game_interface_holds_no_players_settings():
    for name in ("default_policy", "playout_policy", "margin_scale", "policy_weight",
                 "search_width", "candidate_fields", "move_facts", "candidate_json",
                 "action_bound", "observation_tensor", "picture", "svg", "score_text"):  # fmt: skip
        assert not hasattr(Game, name), name


@pytest.mark.parametrize("name", GAMES.names())
def test_a_builtin_games_profile_is_its_players_packages(name):
    game = get_game(name)
    profile = profile_of(game)
    assert profile is import_module(f"wordbot.players.{name}").PROFILE
    players = PLAYERS.for_game(name)
    assert profile.default_policy in players and profile.playout_policy in players
    # its own policy, not the default's: each game has a player of its own
    assert profile.default_policy not in ("greedy", "random")


def test_a_plugin_game_brings_its_profile_or_plays_on_the_default():
    assert profile_of(CATALOG.game("toy")) is toy.PROFILE
    assert profile_of(Bare()) is DEFAULT == PlayerProfile()
    # the toy's hint shows what its profile's move facts say: the tokens a move leaves
    start = invoke(*PLUGIN, "new", "--game", "toy", "--seed", "3", "--rule", "heap=7")
    assert start.returncode == 0, start.stderr
    hint = invoke(*PLUGIN, "hint", "-", "--player", "greedy", "--json", "--top", "3",
                  input=start.stdout)  # fmt: skip
    assert hint.returncode == 0, hint.stderr
    cands = json.loads(hint.stdout)["candidates"]
    assert [(c["notation"], c["left"]) for c in cands] == [
        ("take 3", 4),
        ("take 2", 5),
        ("take 1", 6),
    ]
    table = invoke(*PLUGIN, "hint", "-", "--player", "greedy", input=start.stdout)
    assert "tokens left" in table.stdout, table.stdout


def test_a_profile_that_is_not_one_is_one_line(tmp_path, monkeypatch):
    (tmp_path / "wrongprofile.py").write_text(
        "from tests.toygame import ToyGame\n\n"
        "class Wrong(ToyGame):\n    name = 'wrong'\n\n"
        "PROFILE = {'default_policy': 'greedy'}\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        from wrongprofile import Wrong  # type: ignore[import-not-found]

        with pytest.raises(PlayerError, match="game wrong: its PROFILE is not a Pla"):
            profile_of(Wrong())
    finally:
        sys.modules.pop("wrongprofile", None)


def test_search_weighs_as_many_candidates_as_the_profile_says():
    # Control Word's profile widens search to 10 candidates, the default is 6: a hidden-
    # information search reports its policy's top that many
    game = get_game("controlword")
    state = new_short(game, 5)
    top = CATALOG.players.make("search:iterations=1,time=600", game).top(
        state, 50, random.Random(0)
    )
    policy = CATALOG.players.make(profile_of(game).default_policy, game)
    listed = len(policy.top(state, 50, random.Random(0)))
    assert profile_of(game).search_width == 10 != DEFAULT.search_width
    assert len(top) == min(10, listed) and listed > 6


# ------------------------------------------------------------------------------- parts
def test_a_game_without_parts_gets_the_defaults():
    game = CATALOG.game("toy")
    state = game.new(seed=3)
    assert [game.part(kind) for kind in ("display", "tensor", "measures")] == [None] * 3
    assert picture(state, viewer="north").plain == text_picture(state, None, "north").plain
    # the viewer's own card only: the position JSON as the viewer sees it
    lines = picture(state, viewer="north").plain.splitlines()
    assert f'cards: {{"north": {state.cards["north"]}}}' in lines
    assert svg(state).startswith("<svg")
    assert score_text(state).splitlines()[0].split() == ["player", "score", "place"]
    tensor = observation_tensor(state, "south")
    assert tensor["players"].tolist() == [[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    assert action_bound(game) == ACTION_BOUND
    assert measures([state], []) == {}
    with pytest.raises(GameError, match="part: 'sound' is not one of display, tensor"):
        game.part("sound")


@pytest.mark.parametrize("name", GAMES.names())
def test_a_builtin_game_draws_and_measures_with_its_own_parts(name):
    game = get_game(name)
    state = new_short(game, 2)
    for kind in ("display", "tensor", "measures"):
        assert game.part(kind).__name__ == f"wordbot.engine.{name}.{kind}"
    assert picture(state).plain != text_picture(state).plain
    assert measures([state], [])  # a game's own measures have keys from the start
    assert action_bound(game) >= 2**15
    tensor = observation_tensor(state, state.to_move)
    assert len(tensor) > 1 and "players" in tensor
    scored = score_text(state)
    # Control Word scores its words; the others keep the table of places
    assert ("colours:" in scored) == (name == "controlword")

"""wordbot.openspiel: OpenSpiel's own harness and bots on every game, the action ids'
bound and meaning, what the observations reveal."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from wordbot.engine.games import get_game  # noqa: E402
from wordbot.engine.tensor import action_bound  # noqa: E402

import wordbot.openspiel  # noqa: E402,F401  (registers the games)
from tests.research_support import GAMES, SHORT, random_states, small_word_file  # noqa: E402
from wordbot.errors import WordbotError  # noqa: E402


@pytest.fixture(scope="module")
def words(tmp_path_factory):
    return small_word_file(tmp_path_factory.mktemp("openspiel"))


def load(name, words, **params):
    return pyspiel.load_game(
        f"python_wordbot_{name}", {**SHORT[name], "lexicon": words, **params}
    )


def test_every_game_is_registered():
    names = {t.short_name for t in pyspiel.registered_games()}
    assert {f"python_wordbot_{g}" for g in GAMES} <= names


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialization(name, words):
    pyspiel.random_sim_test(load(name, words), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_bot_plays_a_whole_game(name, words):
    game = load(name, words, seed=3)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    if get_game(name).hidden_information:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rs)
        draws = random.Random(2)
        bot.set_resampler(lambda s, p: s.resample_from_infostate(p, draws.random))
    else:
        bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rs)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.wordbot_state.is_over
    returns = state.returns()
    assert sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}


@pytest.mark.parametrize("name", GAMES)
def test_ids_name_the_generators_moves_and_their_notation(name, words):
    game = load(name, words, seed=5)
    state = game.new_initial_state()
    moves = state.wordbot_state.legal_moves()
    assert state.legal_actions() == list(range(len(moves)))
    for action in state.legal_actions()[:20]:
        assert state.action_to_string(action) == state.wordbot_state.notation(moves[action])


@pytest.mark.parametrize("name", GAMES)
def test_the_action_bound_holds_on_random_games(name, default_lexicon):
    game = get_game(name)
    most = max(len(s.legal_moves()) for s in random_states(game, default_lexicon, 2))
    assert 0 < most <= action_bound(game)


@pytest.mark.parametrize("name", ["controlword", "firstdraft"])
def test_a_resampled_state_keeps_the_information_state_and_the_ids(name, words):
    game = load(name, words, seed=7)
    state = game.new_initial_state()
    rng = random.Random(4)
    changed = 0
    for _ in range(12):
        if state.is_terminal():
            break
        player = state.current_player()
        sample = state.resample_from_infostate(player, rng.random)
        assert sample.information_state_string(player) == state.information_state_string(
            player
        )
        assert sample.information_state_tensor(player) == state.information_state_tensor(
            player
        )
        ours, theirs = state.wordbot_state, sample.wordbot_state
        notation = [ours.notation(m) for m in ours.legal_moves()]
        assert notation == [theirs.notation(m) for m in theirs.legal_moves()]
        changed += str(sample) != str(state)
        state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 0  # the samples did differ in what is hidden


def test_control_words_views_leave_out_the_other_rack(words):
    state = load("controlword", words, seed=2).new_initial_state()
    ws = state.wordbot_state
    for player, viewer in enumerate(ws.players):
        other = next(p for p in ws.players if p != viewer)
        view = state.information_state_string(player)
        assert f'"{viewer}": "{ws.racks[viewer]}"' in view
        assert f'"{other}": "{ws.racks[other]}"' not in view


def test_a_cut_game_is_a_draw(words):
    game = load("crosswords", words, max_game_length=3)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert not state.wordbot_state.is_over


def test_three_players_share_a_zero_sum(words):
    game = load("firstdraft", words, players=3, seed=1)
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0 and min(returns) == -0.5


@pytest.mark.parametrize(
    "params, message",
    [
        ({"turn_limit": 0}, "--rule turn_limit=0"),
        ({"players": 3}, "seats: 3 players"),
        ({"max_actions": -1}, "max_actions"),
    ],
)
def test_bad_parameters_are_one_line_errors(params, message):
    with pytest.raises(WordbotError, match=message) as info:
        pyspiel.load_game("python_wordbot_crosswords", params)
    assert "\n" not in str(info.value)


def test_a_bound_too_small_is_refused_by_name(words):
    state = load("crosswords", words, max_actions=2).new_initial_state()
    with pytest.raises(
        WordbotError, match="max_actions: .* more than the action space's 2"
    ):
        state.legal_actions()

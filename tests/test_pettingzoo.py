"""wordbot.pettingzoo: PettingZoo's own api_test and seed_test on every game, renders,
reproducible deals, one-line errors."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test
from wordbot.engine.display import picture as draw

from tests.research_support import GAMES, SHORT, small_word_file
from wordbot.errors import WordbotError
from wordbot.pettingzoo import env


@pytest.fixture(scope="module")
def words(tmp_path_factory):
    return small_word_file(tmp_path_factory.mktemp("pettingzoo"))


def make(name, words, **kw):
    return env(game=name, lexicon=words, **SHORT[name], **kw)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", GAMES)
def test_api_test_and_seed_test(name, words):
    api_test(make(name, words, render_mode="ansi"), num_cycles=40)
    seed_test(lambda: make(name, words), num_cycles=40)


@pytest.mark.parametrize("name", GAMES)
def test_render_is_the_games_picture(name, words):
    e = make(name, words, render_mode="ansi")
    e.reset(seed=4)
    picture = draw(e.state_now).plain
    shown = e.render()
    assert "\x1b[" in shown  # colours
    first = next(line for line in picture.splitlines() if line.strip())
    assert all(word in shown for word in first.split())


def test_a_seed_deals_the_same_game_and_unseeded_resets_repeat(words):
    a, b = make("routewords", words), make("routewords", words)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.state_now.to_json() == b.state_now.to_json()
    a.reset()
    b.reset()
    assert a.state_now.to_json() == b.state_now.to_json()
    a.reset(seed=10)
    assert a.state_now.to_json() != b.state_now.to_json()


def test_observation_and_mask_follow_the_legal_moves(words):
    e = make("firstdraft", words)
    e.reset(seed=1)
    obs, *_ = e.last()
    moves = e.state_now.legal_moves()
    assert obs["action_mask"].sum() == len(moves) and obs["action_mask"][: len(moves)].all()
    assert obs["observation"].dtype == np.float32
    waiting = e.observe(e.possible_agents[1])
    assert waiting["action_mask"].sum() == 0


def test_notation_lists_the_moves_by_id(words):
    e = make("crosswords", words, notation=True)
    e.reset(seed=2)
    state = e.state_now
    names = e.infos[e.agent_selection]["notation"]
    assert names == [state.notation(m) for m in state.legal_moves()]


def test_an_illegal_action_is_a_one_line_error(words):
    e = make("crosswords", words)
    e.reset(seed=2)
    with pytest.raises(WordbotError, match="action: 4095 is not a legal action id"):
        e.step(4095)


def test_bad_options_name_the_field(words):
    with pytest.raises(WordbotError, match="render_mode"):
        make("crosswords", words, render_mode="human")
    with pytest.raises(WordbotError, match="--rule rounds=0"):
        env(game="controlword", lexicon=words, rounds=0)

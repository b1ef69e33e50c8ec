"""``wordbot learn --game firstdraft``: the drafter's settings (grow, pool, turns) read
from a weights file, the facts a generation records valuing every candidate as the
drafter does on any settings, the grid finding the settings behind known targets, and a
learning run on the real program."""

from __future__ import annotations

import json

import numpy as np
import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine import learned
from wordbot.engine.core import GAME_HORIZON
from wordbot.engine.firstdraft.core import CORE, DRAFTER, DRAFTER_HAND
from wordbot.engine.games import get_game
from wordbot.engine.rng import SplitMixRandom
from wordbot.players import make_player
from wordbot.players.base import PlayerError
from wordbot.players.firstdraft.learning import (
    GROWS,
    TURNS,
    Facts,
    best_settings,
    facts_of,
    facts_task,
)
from wordbot.players.valuelearning import CANDIDATES, game_positions

from tests import core_exactness as exact
from tests.cli_support import one_line_refusal, run
from tests.conftest import ROOT
from tests.lexicons import small_lexicon
from tests.test_core_firstdraft import new_game

GAME = get_game("firstdraft")
WORDS = str(ROOT / "tests" / "data" / "small_words.txt")
HAND = {"grow": 0.8, "pool": 0.15, "turns": 3.0}


def settings_file(path, game="firstdraft", **weights) -> str:
    learned.LearnedWeights(game, {**HAND, **weights}).save(path)
    return str(path)


def test_the_drafter_plays_the_settings_its_eval_names(tmp_path):
    path = settings_file(tmp_path / "s.json", grow=1.3, turns=6.0)
    player = make_player(f"drafter:eval={path}", GAME)
    assert player.evaluation == {"grow": 1.3, "pool": 0.15, "turns": 6.0}
    assert player.spec == f"drafter:eval={path}"  # the settings stay the file's
    given = make_player(f"drafter:eval={path},pool=0.4", GAME)
    assert given.evaluation == {"grow": 1.3, "pool": 0.4, "turns": 6.0}
    assert make_player("drafter", GAME).evaluation == HAND
    other = settings_file(tmp_path / "o.json", game="crosswords")
    for spec, needle in (
        (f"drafter:eval={other}", "not of firstdraft"),
        (f"drafter:eval={tmp_path / 'none.json'}", "no such weights"),
    ):
        with pytest.raises(PlayerError, match=needle):
            make_player(spec, GAME)


@pytest.fixture(scope="module")
def facts():
    """The facts of the candidates of some of a self-play game's positions on the
    tests' word list, the task's rows and those positions."""
    spec, seed, g = "drafter", 3, 0
    lexicon = Lexicon.load(WORDS, report=None)
    player = make_player(spec, GAME)
    positions = game_positions(GAME, player, g, seed, lexicon, GAME.rules(()))
    wanted = [(i, j) for i, j in enumerate(range(2, len(positions) - 2, 4))]
    rows = facts_task(("firstdraft", spec, WORDS, (), seed, g, 1, wanted))
    return facts_of(rows), rows, [positions[j] for _, j in wanted]


@pytest.mark.parametrize("settings", [HAND, {"grow": 1.4, "pool": 0.0, "turns": 7.5}])
def test_the_facts_value_every_candidate_as_the_drafter_on_those_settings(
    tmp_path, facts, settings
):
    data, rows, positions = facts
    assert len(rows) >= 5 and all(len(cands) >= 2 for _, cands in rows)
    player = make_player(
        "drafter:" + ",".join(f"{k}={v}" for k, v in settings.items()), GAME
    )
    want = []
    for (i, cands), position in zip(rows, positions):
        mover = position.to_move
        found = [
            after
            for c in make_player("drafter", GAME).top(position, CANDIDATES, _rng(i))
            if not (after := position.apply(c.move, check=False)).is_over
        ]
        assert len(found) == len(cands)
        want += [player.value(after, mover) for after in found]
    got = data.values(settings["grow"], settings["turns"])
    assert np.allclose(got, want, atol=1e-9)


def _rng(i: int) -> SplitMixRandom:
    """The generator a generation seeded 3 gives sample ``i``'s candidates."""
    return SplitMixRandom(3 * 65_537 + i)


def test_the_grid_finds_the_settings_behind_the_targets(facts):
    data = facts[0]
    rng = np.random.default_rng(7)
    grow, pool, turns = float(GROWS[14]), 0.35, float(TURNS[9])
    exact = data.values(grow, turns) + pool * data.pool
    noisy = Facts(**{**vars(data), "ahead": exact + rng.normal(0, 0.05, len(exact))})
    found = best_settings(noisy)
    assert found.values.tolist() == pytest.approx([grow, pool, turns], abs=0.03)
    assert found.r2 > 0.9 and found.r2_held_out > 0.8
    # the settings played before explain the targets worse than those found
    hand = Facts(**{**vars(data), "ahead": data.values(0.8, 3.0) + 0.15 * data.pool})
    assert best_settings(hand).values.tolist() == pytest.approx([0.8, 0.15, 3.0])


def test_a_learning_fits_the_settings_and_checks_them_against_the_hand_set_ones(
    tmp_path,
):
    out = run(
        "learn", "--game", "firstdraft", "--lexicon", WORDS, "--games", "2",
        "--samples", "12", "--refills", "1", "--check", "2", "--seed", "4",
        "--generations", "1", "--quiet", "--json", "--out", str(tmp_path / "l"),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    [generation, summary] = [json.loads(line) for line in out.stdout.splitlines()]
    table = json.loads((tmp_path / "l" / "gen-000.json").read_text())
    weights, made = table["weights"], table["made"]
    assert weights["grow"] in GROWS.tolist() and weights["turns"] in TURNS.tolist()
    assert made["samples"] == generation["samples"] == 12
    assert made["from"] == "drafter:eval=hand" and made["candidates"] > 12
    assert generation["candidate"] == f"drafter:eval={tmp_path / 'l' / 'gen-000.json'}"
    assert generation["games"] == 2 and summary["generations"] == 1
    spec = generation["candidate"]
    assert make_player(spec, GAME).evaluation == weights
    # the check: search on the new settings against search on the hand-set ones
    check = json.loads((tmp_path / "l" / "check-000" / "tournament.json").read_text())
    assert list(check["players"]) == [
        f"search:time=0.1,eval={tmp_path / 'l' / 'gen-000.json'}",
        "search:time=0.1,eval=hand",
    ]
    assert generation["elo_low"] <= generation["elo"] <= generation["elo_high"]


def test_search_plays_a_learned_file_through_the_drafter_and_refuses_a_bad_one(tmp_path):
    good = settings_file(tmp_path / "s.json", grow=1.4, pool=0.1, turns=7.5)
    search = make_player(f"search:iterations=2,eval={good}", GAME)
    assert (
        search.policy(GAME).evaluation
        == make_player(f"drafter:eval={good}", GAME).evaluation
    )
    assert search.policy(GAME, rollout=True).spec == f"drafter:eval={good}"
    other = settings_file(tmp_path / "o.json", game="routewords")
    refused = run("hint", "--game", "firstdraft", "--player", f"search:eval={other}")
    one_line_refusal(refused, "not of firstdraft")
    missing = run("hint", "--game", "firstdraft", "--player", "search:eval=nothing.json")
    one_line_refusal(missing, "option eval='nothing.json' is not learned, hand or a file")


def test_a_settings_file_of_another_game_is_refused_on_the_command_line(tmp_path):
    other = settings_file(tmp_path / "o.json", game="routewords")
    refused = run("hint", "--game", "firstdraft", "--player", f"drafter:eval={other}")
    one_line_refusal(refused, "not of firstdraft")


def test_the_core_plays_each_set_of_settings_as_the_python_player():
    assert CORE.policies["drafter"] == DRAFTER
    assert CORE.policies["drafter:eval=hand"] == DRAFTER_HAND
    lex = small_lexicon()
    for i, state in enumerate(exact.random_positions(new_game(lex), 4, 17)):
        seats = len(state.players)
        horizon = GAME_HORIZON if i % 2 else 6
        exact.check_playout(CORE, state, ["drafter:eval=hand"] * seats, [i], horizon)
        exact.check_playout(
            CORE, state, ["drafter"] + ["greedy"] * (seats - 1), [i + 9], horizon
        )
        packed = CORE.pack(state)
        for spec in ("drafter", "drafter:eval=hand"):
            player = make_player(spec, GAME)
            values = CORE.values(packed, CORE.policies[spec])
            assert values.tolist() == [player.value(state, p) for p in state.players]


def test_one_playout_plays_one_set_of_settings():
    assert not CORE.plays_together([DRAFTER, DRAFTER_HAND])
    assert CORE.plays_together([DRAFTER_HAND, 1]) and CORE.plays_together([2, 2])
    state = GAME.new(seed=2, lexicon=small_lexicon())
    with pytest.raises(ValueError, match="one set of the drafter's settings at most"):
        CORE.playout(CORE.pack(state), [DRAFTER, DRAFTER_HAND], np.array([1], np.uint64))

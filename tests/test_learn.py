"""Learned leave tables for ``control`` (engine/controlword/leaves.py, the features of
movegen/controlword/leavefeatures.py) and ``wordbot learn``, which makes them: the
features against a reference written from their definition, a table's value inside
``control``'s equity, tables refused by name, and learning runs on the real program
(a generation's table and check, resumed after a kill to what an unbroken run makes)."""

from __future__ import annotations

import importlib.util
import json
import random
import time
from collections import Counter

import numpy as np
import pytest
from wordbot.engine.controlword import leaves
from wordbot.engine.controlword.adapter import rack_arrays
from wordbot.engine.controlword.core import CORE, weights_of
from wordbot.engine.controlword.moves import Pass
from wordbot.engine.games import get_game
from wordbot.movegen.controlword import evaluation as ev
from wordbot.movegen.controlword.leavefeatures import (
    LEAVE_FEATURES,
    MAX_ACTIVE,
    active_features,
    learned_leave,
)
from wordbot.players import make_player
from wordbot.players.base import PlayerError
from wordbot.players.controlword.leavelearning import PASS_EVERY, fit, game_plays, leave_of
from wordbot.players.controlword.weights import DEFAULT

from tests import controlword_support as cw
from tests.cli_support import invoke, kill_when, one_line_refusal, run
from tests.controlword_support import across, lexicon
from tests.lexicons import default_lexicon, small_words

VOWELS = set("AEIOU")


def reference_features(rack: str) -> Counter:
    """The features of a leave, from their definition: each letter's first, second and
    third-or-later copy; the size and vowels (each capped at 9); the blue tiles (capped
    at 9); a Q with a U."""
    letters = Counter(rack.upper())
    found = Counter()
    for letter, count in letters.items():
        for copy in range(min(count, 3)):
            found[(ord(letter) - 65) * 3 + copy] += 1
    size, vowels = len(rack), sum(ch in VOWELS for ch in rack.upper())
    found[78 + min(size, 9) * 10 + min(vowels, 9)] += 1
    found[178 + min(sum(ch.islower() for ch in rack), 9)] += 1
    if "Q" in letters and "U" in letters:
        found[188] += 1
    return found


def random_rack(rng: random.Random) -> str:
    tiles = rng.choices("AAEEIOUQUSTRNLZXJBCDKKEEE", k=rng.randrange(0, 12))
    return "".join(t.lower() if rng.random() < 0.3 else t for t in tiles)


def test_a_leaves_features_are_its_definitions():
    rng = random.Random(7)
    out = np.empty(MAX_ACTIVE, np.int64)
    assert LEAVE_FEATURES == 189
    for _ in range(500):
        rack = random_rack(rng)
        own, blue = rack_arrays(rack)
        k = active_features(own, blue, out)
        assert Counter(out[:k].tolist()) == reference_features(rack), rack


def test_a_tables_value_is_added_to_the_hand_set_leave():
    rng = random.Random(3)
    values = np.array([rng.uniform(-5, 5) for _ in range(LEAVE_FEATURES)])
    table = leaves.LeaveTable(values)
    with_table = table.vector(DEFAULT.vector())
    without = DEFAULT.vector()
    for _ in range(300):
        rack = random_rack(rng)
        own, blue = rack_arrays(rack)
        learned = sum(values[f] * n for f, n in reference_features(rack).items())
        assert learned_leave(own, blue, with_table, ev.LEARNED) == pytest.approx(learned)
        assert ev.leave_value(own, blue, 2, with_table) == pytest.approx(
            ev.leave_value(own, blue, 2, without) + learned
        )
    # the hand-set weights alone: no table read beyond them
    own, blue = rack_arrays("QAE")
    assert ev.leave_value(own, blue, 2, DEFAULT.vector()) == pytest.approx(
        -DEFAULT.q_without_u - DEFAULT.balance * abs(2 - 0.4 * 3) + 2 * DEFAULT.keep_tile
    )


def test_control_plays_to_keep_what_its_table_values(tmp_path):
    """A table worth 100 points for a kept Z: control then keeps its Z whenever any
    play leaves it, where the hand-set leaves play it."""
    values = np.zeros(LEAVE_FEATURES)
    values[(ord("Z") - 65) * 3] = 100.0
    path = tmp_path / "z.json"
    leaves.LeaveTable(values, {"made": "by hand, for a test"}).save(path)
    words = lexicon("CAT", "CATS", "CATZAPS", "SCAT", "COAT", "COATS")
    state = cw.state(across(7, 7, "CAT", "rrr"), words, racks={"red": "ZAPSOET"})
    hand = make_player("control:leaves=hand", state.game)
    zed = make_player(f"control:leaves={path}", state.game)
    assert "Z" in {t.letter for t in hand.choose(state, random.Random(1)).tiles}
    move = zed.choose(state, random.Random(1))
    assert "Z" not in {t.letter for t in getattr(move, "tiles", ())}
    assert zed.spec == f"control:leaves={path}"


def test_bad_tables_are_refused_by_name(tmp_path):
    good = leaves.LeaveTable(np.zeros(LEAVE_FEATURES)).to_json()
    cases = {
        "missing.json": None,
        "text.json": "not json",
        "format.json": {**good, "format": "something else"},
        "version.json": {**good, "version": 99},
        "short.json": {**good, "values": [0.0] * 10},
        "nan.json": {**good, "values": [0.0] * (LEAVE_FEATURES - 1) + ["x"]},
    }
    for name, content in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_text(content if isinstance(content, str) else json.dumps(content))
        with pytest.raises(PlayerError, match=f"leaves {path}"):
            make_player(f"control:leaves={path}", "controlword")
    out = run("hint", "--player", f"control:leaves={tmp_path / 'version.json'}")
    one_line_refusal(out, "version 99", "reads 1")
    assert leaves.load("hand") is None and leaves.table_names()[0] == "hand"


def test_the_fit_finds_the_values_behind_noisy_targets():
    rng = np.random.default_rng(5)
    truth = rng.normal(0, 3, LEAVE_FEATURES)
    x = (rng.random((4000, LEAVE_FEATURES)) < 0.06).astype(float)
    y = x @ truth + rng.normal(0, 1, len(x))
    found = fit(x, y, ridge=1.0)
    assert np.corrcoef(found.values, truth)[0, 1] > 0.98
    assert found.r2 > 0.95 and found.r2_held_out > 0.9


#: a learning small enough for the suite: short games, the tests' word list
LEARN = ["learn", "--game", "controlword", "--rule", "rounds=2", "--lexicon"]
LEARN += ["tests/data/small_words.txt", "--games", "3", "--samples", "30", "--refills"]
# the check played by the policies themselves (no clock): the same games on any worker
LEARN += ["1", "--check", "4", "--check-time", "0", "--seed", "11", "--workers", "1"]


def generations(folder) -> list[dict]:
    lines = (folder / "generations.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_a_generation_values_a_pass_beside_every_third_word_play():
    # a pass keeps the whole rack: the table learns what so large a leave is worth
    game = get_game("controlword")
    player = make_player("control:leaves=hand", game)
    plays = game_plays(game, player, 0, 5, small_words(), game.rules(["rounds=4"]))
    kinds = [type(move).__name__ for _, move in plays]
    words = kinds.count("WordPlay")
    assert words >= 6 and kinds.count("Pass") == words // PASS_EVERY
    for (state, move), (at, after) in zip(plays, plays[1:]):
        if type(after).__name__ == "Pass":  # in the position of the play before it
            assert type(move).__name__ == "WordPlay" and at is state
    passing = next(state for state, move in plays if type(move).__name__ == "Pass")
    own, blue = leave_of(passing, Pass())
    assert (own + blue).sum() == len(passing.racks[passing.to_move])


def test_a_generation_fits_a_table_and_checks_it_against_the_kept_one(tmp_path):
    out = invoke(*LEARN, "--generations", "2", "--check-time", "0.1", "--json",
                 "--out", str(tmp_path / "l"))  # fmt: skip
    assert out.returncode == 0, out.stderr
    logged = generations(tmp_path / "l")
    assert [json.loads(line) for line in out.stdout.splitlines()[:-1]] == logged
    best = "control:leaves=hand"
    for k, g in enumerate(logged):
        table = leaves.load(str(tmp_path / "l" / f"gen-{k:03d}.json"))
        assert table is not None and table.made["generation"] == k
        assert table.made["samples"] == g["samples"] and 0 < g["samples"] <= 30
        assert g["candidate"] == f"control:leaves={tmp_path / 'l' / f'gen-{k:03d}.json'}"
        assert g["best"] == best and g["games"] == 4
        # the check is search at a tenth of a second a move on each table
        players = json.loads(
            (tmp_path / "l" / f"check-{k:03d}" / "tournament.json").read_text()
        )["players"]
        assert list(players) == [
            f"search:time=0.1,eval={tmp_path / 'l' / f'gen-{k:03d}.json'}",
            f"search:time=0.1,eval={best.partition('=')[2]}",
        ]
        assert g["kept"] == (g["elo_low"] > 0)
        best = g["candidate"] if g["kept"] else best
    assert json.loads(out.stdout.splitlines()[-1])["best"] == best
    kept = [g for g in logged if g["kept"]]
    assert (tmp_path / "l" / "best.json").exists() == bool(kept)
    if kept:
        made = leaves.load(str(tmp_path / "l" / "best.json")).made
        assert made["check"]["elo_low"] == kept[-1]["elo_low"] > 0
    made = leaves.load(str(tmp_path / "l" / "gen-000.json")).made
    assert made["command"].startswith("wordbot learn --game controlword --generations 2")


def test_a_killed_learning_resumes_to_what_an_unbroken_one_makes(tmp_path):
    learn = LEARN
    whole = tmp_path / "whole"
    assert invoke(*learn, "--generations", "1", "--out", str(whole)).returncode == 0
    stopped = tmp_path / "stopped"
    kill_when([*learn, "--generations", "1", "--out", str(stopped)],
              stopped / "check-000" / "results.jsonl", lines=2)  # fmt: skip
    resumed = run("learn", "--resume", str(stopped), "--quiet")
    assert resumed.returncode == 0, resumed.stderr
    results = (stopped / "check-000" / "results.jsonl").read_text().splitlines()
    assert len(results) == 4  # the games before the kill kept, none played twice
    mine, theirs = generations(stopped)[0], generations(whole)[0]
    for key in ("samples", "r2", "r2_held_out", "games", "score", "elo", "kept"):
        assert mine[key] == theirs[key], key
    assert (stopped / "gen-000.json").read_text().split('"made"')[0] == (
        whole / "gen-000.json"
    ).read_text().split('"made"')[0]


def test_bad_learnings_are_one_line_errors(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    for args, needle in (
        (["--check", "3"], "--check 3: not a multiple of 2"),
        (["--resume", str(tmp_path)], "no learning.json"),
        (["--out", str(tmp_path / "full")], "not empty"),
        (["--rule", "rounds=0"], "rounds"),
    ):
        one_line_refusal(invoke("learn", *args), needle)
    # a game whose profile names no learner
    toy = invoke("--plugin", "tests.toygame", "learn", "--game", "toy")
    one_line_refusal(toy, "--game toy: nothing to learn yet")


def test_a_kept_table_is_saved_with_the_check_that_kept_it(tmp_path):
    from wordbot.players.controlword.leavelearning import LEARNER

    values = np.arange(LEAVE_FEATURES) / 10
    leaves.LeaveTable(values, {"generation": 4}).save(tmp_path / "gen-004.json")
    check = {"games": 1000, "score": 0.6, "elo": 70.0, "elo_low": 50.0, "elo_high": 92.0}
    LEARNER.keep(tmp_path / "gen-004.json", check, tmp_path / "best.json")
    kept = leaves.load(str(tmp_path / "best.json"))
    assert kept.made == {"generation": 4, "check": check}
    assert np.allclose(kept.values, values)
    assert (
        LEARNER.spec(tmp_path / "best.json") == f"control:leaves={tmp_path / 'best.json'}"
    )


def test_the_shipped_learned_table_loads_by_name_and_was_kept_by_its_check():
    table = leaves.load("learned")
    assert table is not None and "learned" in leaves.table_names()
    assert table.made["command"].startswith("wordbot learn --game controlword")
    assert table.made["check"]["elo_low"] > 0 and table.made["check"]["games"] >= 1000
    # control plays it by default on the word list it was learned on, in Python and in
    # the compiled core alike; the hand-set leaves on another
    default, small = default_lexicon(), small_words()
    assert table.made["lexicon"] == default.digest != small.digest
    game = get_game("controlword")
    on_default, on_small = (
        game.new(seed=1, lexicon=default),
        game.new(seed=1, lexicon=small),
    )
    player = make_player("control", game)
    assert player.settings["leaves"] == "auto"
    assert np.array_equal(player.vector(on_default)[ev.LEARNED :], table.values)
    assert np.array_equal(player.vector(on_small), DEFAULT.vector())
    control, hand = CORE.policies["control"], CORE.policies["control:leaves=hand"]
    assert np.array_equal(weights_of(control, default.digest), player.vector(on_default))
    assert np.array_equal(weights_of(control, small.digest), DEFAULT.vector())
    assert np.array_equal(weights_of(hand, default.digest), DEFAULT.vector())
    # named, a table plays on any word list
    learned = make_player("control:leaves=learned", game)
    assert np.array_equal(learned.vector(on_small)[ev.LEARNED :], table.values)
    out = run("hint", "--json")
    assert out.returncode == 0, out.stderr


def table_values(folder) -> list:
    return json.loads((folder / "gen-000.json").read_text())["values"]


def test_a_generation_is_the_same_on_one_worker_two_and_ray(tmp_path):
    """The self-play and targets spread over a pool of processes, or Ray's tasks on a
    local Ray, make the very table one process makes."""
    assert LEARN[-2:] == ["--workers", "1"]
    learn = LEARN[:-2]
    runs = {"one": ["--workers", "1"], "two": ["--workers", "2"]}
    if importlib.util.find_spec("ray") is not None:
        runs["ray"] = ["--backend", "ray", "--workers", "2"]
    for name, how in runs.items():
        out = run(
            *learn, *how, "--generations", "1", "--quiet", "--out", str(tmp_path / name)
        )
        assert out.returncode == 0, (name, out.stderr)
    first = table_values(tmp_path / "one")
    for name in runs:
        assert table_values(tmp_path / name) == first, name
        assert (
            generations(tmp_path / name)[0]["score"]
            == generations(tmp_path / "one")[0]["score"]
        )


def slept(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_a_pool_gives_its_results_in_the_order_of_its_tasks():
    from wordbot.tournament.learning import in_pool, in_turn

    tasks = [0.4, 0.0, 0.2, 0.0]
    finished = []
    assert in_pool(2)(slept, tasks, lambda: finished.append(1)) == tasks
    assert in_turn(slept, tasks, lambda: finished.append(1)) == tasks
    assert len(finished) == 8

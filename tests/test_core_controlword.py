"""Control Word's compiled core (wordbot.engine.controlword.core) against the Python
engine and players, on random positions of every rule option and seating: packing,
applying, and playouts of ``random`` and ``greedy`` move for move
(tests/core_exactness.py)."""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.controlword.core import CORE
from wordbot.engine.controlword.game import GAME
from wordbot.engine.core import GAME_HORIZON, TO_END, core_of
from wordbot.engine.rng import SplitMixRandom
from wordbot.movegen.controlword import core_state
from wordbot.players import make_player
from wordbot.players.arena import play_compiled, play_game

from tests.core_exactness import (
    check_apply,
    check_playout,
    check_playouts,
    check_round_trip,
    python_playout,
    random_positions,
)
from tests.lexicons import default_lexicon, small_words
from tests.sampling import fast_and_full

#: every rule option at a value other than its default (and the defaults)
VARIANTS = [
    {},
    {"rounds": 3},
    {"turn_order": "counterclockwise"},
    {"replacement_order": "reverse"},
    {"rotate_first_player": False},
    {"board_size": 9},
    {"score_replacements": True},
    {"penalty_points": 0, "redraw_penalty": 0},
    {"redraw_penalty": 5},
    {"challenge_rule": "penalty"},
    {"jqxz_bonus": 0},
    {"start_mat": "random"},
    {"start_mat": 4, "board_size": 12, "replacement_order": "reverse"},
]
SEATINGS = [("red", "green"), ("green", "black", "red"), ("white", "red", "black", "green")]


def positions(count: int, seed: int, lexicon) -> list:
    """``count`` random positions, shared over the rule variants and seatings."""
    out = []
    for k in range(count):
        rules = VARIANTS[k % len(VARIANTS)]
        players = SEATINGS[(k // len(VARIANTS) + k) % len(SEATINGS)]

        def new(s, rules=rules, players=players):
            return GAME.new(
                players,
                s,
                lexicon=lexicon,
                rules=GAME.Rules.parse(
                    [f"{name}={value}" for name, value in rules.items()]
                ),
            )

        out += random_positions(new, 1, seed + k, max_plies=80)
    return out


def _seeds(state, rng) -> list[list[int]]:
    """A generator per seat, and one shared."""
    return [[rng.getrandbits(63) for _ in state.players], [rng.getrandbits(63)]]


def _check_position(state, seed: int) -> None:
    rng = SplitMixRandom(seed)
    n = len(state.players)
    check_round_trip(CORE, state)
    check_apply(CORE, state, 4, rng.getrandbits(32))
    check_values(state)
    for seeds in _seeds(state, rng):
        check_playout(CORE, state, ["greedy"] * n, seeds, TO_END)
        check_playout(CORE, state, ["greedy"] * n, seeds, GAME_HORIZON)
        check_playout(CORE, state, ["random"] * n, seeds, GAME_HORIZON)
        check_playout(CORE, state, ["random"] * n, seeds, 1 + rng.randrange(6))
        check_playout(CORE, state, ["control"] * n, seeds, GAME_HORIZON)
    hand = ["control:leaves=hand"] * n  # the hand-set leaves' own weights
    check_playout(CORE, state, hand, _seeds(state, rng)[1], GAME_HORIZON)
    mixed = [("greedy", "random", "control")[k % 3] for k in range(n)]
    check_playout(CORE, state, mixed, _seeds(state, rng)[0], TO_END)


def check_values(state) -> None:
    """The compiled leaf values are the Python players' ``value`` of every seat, to the
    last bit."""
    packed = CORE.pack(state)
    for name in ("control", "control:leaves=hand", "greedy", "random"):
        player = make_player(name, GAME)
        expected = [player.value(state, p) for p in state.players]
        assert CORE.values(packed, CORE.policies[name]).tolist() == expected, name


@fast_and_full("count", 14, 150)
def test_kernel_plays_as_the_engine_on_random_positions(count):
    for k, state in enumerate(positions(count, 1000, small_words())):
        _check_position(state, k)


def test_control_plays_its_learned_leaves_alike_compiled_on_their_word_list():
    # control's learned table applies on the default word list only: these positions
    # reach the core's learned weights (the small list's play the hand-set ones)
    for k, state in enumerate(positions(3, 2100, default_lexicon())):
        check_values(state)
        n = len(state.players)
        check_playout(CORE, state, ["control"] * n, [k + 1], GAME_HORIZON)


@pytest.mark.slow
def test_kernel_plays_as_the_engine_on_the_default_word_list():
    for k, state in enumerate(positions(40, 2000, default_lexicon())):
        _check_position(state, k)


@fast_and_full("count", 4, 40)
def test_random_playouts_to_the_end(count):
    for k, state in enumerate(positions(count, 3000, small_words())):
        n = len(state.players)
        check_playout(CORE, state, ["random"] * n, [k], TO_END)


@fast_and_full("count", 3, 30)
def test_control_playouts_to_the_end(count):
    """``control`` against itself to the end, its leaf value at every stop."""
    for k, state in enumerate(positions(count, 7000, small_words())):
        n = len(state.players)
        check_playout(CORE, state, ["control"] * n, [k, k + 1, k + 2, k + 3][:n], TO_END)
        packed = CORE.pack(state)
        CORE.playout(packed, [2] * n, np.array([k], np.uint64), GAME_HORIZON)
        check_values(CORE.unpack(packed))


@fast_and_full("count", 4, 30)
def test_batch_equals_single_playouts(count):
    for k, state in enumerate(positions(count, 4000, small_words())):
        n = len(state.players)
        for names, horizon in ((["greedy"] * n, GAME_HORIZON), (["random"] * n, 3)):
            check_playouts(CORE, state, names, [k, k + 1], 3, horizon)


def test_batch_keeps_the_final_positions():
    state = positions(1, 5000, small_words())[0]
    packed = CORE.pack(state)
    rows = np.array([CORE.encode(packed, m) for m in state.legal_moves()[:2]])
    seeds = np.array([3, 4], np.uint64)
    kept = CORE.playouts(packed, rows, [1] * len(state.players), seeds, TO_END, keep=True)
    for i, row in enumerate(rows):
        for j, seed in enumerate(seeds):
            one = CORE.pack(state)
            CORE.apply(one, row)
            single = CORE.playout(
                one, [1] * len(state.players), np.array([seed], np.uint64)
            )
            final = kept.finals[i][j]
            assert CORE.unpack(final).to_json() == CORE.unpack(one).to_json()
            assert kept.scores[i, j].tolist() == single.scores.tolist()


def test_a_board_at_the_edge_of_its_grid_grows():
    """A packed board whose grid leaves no room around the tiles plays as one with
    room: the kernels grow the grid as plays near its edge."""
    for k, state in enumerate(positions(4, 6000, small_words())):
        n = len(state.players)
        tight = CORE.pack(state)
        tight.arrays = core_state.grow(tight.arrays, 1)
        roomy = CORE.pack(state)
        assert tight.arrays[2].shape < roomy.arrays[2].shape
        rngs = np.array([k], np.uint64)
        a = CORE.playout(tight, [0] * n, rngs.copy(), TO_END)
        b = CORE.playout(roomy, [0] * n, rngs.copy(), TO_END)
        assert a.moves.tolist() == b.moves.tolist()
        assert CORE.unpack(tight).to_json() == CORE.unpack(roomy).to_json()


def test_a_view_is_refused_in_one_line():
    state = GAME.new(seed=3, lexicon=small_words())
    view = GAME.from_json(state.observation("red"), lexicon=small_words())
    reason = CORE.refuses(view)
    assert reason is not None and "\n" not in reason
    assert reason.startswith("racks.green: ")
    assert core_of(view) is None
    assert core_of(state) is CORE


def test_compiled_sums_add_as_numpy_does():
    """The leaf values sum the words' values as numpy's ``sum`` does (pairwise), so
    that they equal the Python player's to the last bit."""
    from wordbot.movegen.controlword.core_control import pairwise_sum

    rng = np.random.default_rng(5)
    for n in [0, 1, 7, 8, 9, 100, 128, 129, 300, 1000]:
        a = rng.normal(size=n) * 10.0 ** rng.integers(-3, 5, size=n)
        assert pairwise_sum(a) == a.sum()


def test_the_generators_end_where_the_players_left_them():
    """``rngs`` hold each generator's state after the playout's draws, as the Python
    players' generators are after theirs."""
    for i, state in enumerate(positions(4, 8000, small_words())):
        n = len(state.players)
        for names in (["random"] * n, ["control"] + ["greedy"] * (n - 1)):
            seeds = [i + 10 * k for k in range(n)]
            rngs = np.array(seeds, np.uint64)
            ids = [CORE.policies[name] for name in names]
            CORE.playout(CORE.pack(state), ids, rngs, GAME_HORIZON)
            players = [SplitMixRandom(seed) for seed in seeds]
            python_playout(state, names, players, GAME_HORIZON)
            assert rngs.tolist() == [p.getstate() for p in players]


def test_bad_policies_and_generators_are_refused_in_one_line():
    packed = CORE.pack(GAME.new(seed=2, lexicon=small_words()))
    for policies in ([1], [1, 7], [1, 1, 1]):
        with pytest.raises(ValueError, match="policies: one of") as err:
            CORE.playout(packed, policies, np.array([1], np.uint64))
        assert "\n" not in str(err.value)
    hand = CORE.policies["control:leaves=hand"]
    assert not CORE.plays_together([CORE.policies["control"], hand])
    assert CORE.plays_together([CORE.policies["greedy"], hand])
    with pytest.raises(ValueError, match="control and control:leaves=hand in one playout"):
        CORE.playout(packed, [CORE.policies["control"], hand], np.array([1], np.uint64))
    for rngs in (np.array([1, 2, 3], np.uint64), np.array([1], np.int64), [1]):
        with pytest.raises(ValueError, match="rngs: a writable uint64 array"):
            CORE.playout(packed, [1, 1], rngs)


def test_an_empty_table_plays_as_the_engine():
    """A position read with no tile on the table (no word play touches anything):
    passes, redraws and exchanges until the round of passes ends the game."""
    obj = GAME.new(seed=4, lexicon=small_words()).to_json()
    obj["board"] = []
    state = GAME.from_json(obj, lexicon=small_words())
    check_round_trip(CORE, state)
    for names in (["random", "random"], ["greedy", "control"]):
        check_playout(CORE, state, names, [3, 4], TO_END)


def test_the_leave_tables_of_a_game_are_one_table_a_compiled_game():
    """``control`` (its learned leaves) against ``control:leaves=hand`` is played in
    Python, the core playing one table a call; either against ``greedy`` is compiled,
    and makes the Python game's moves."""
    state = GAME.new(seed=5, lexicon=small_words())
    for table, compiled in (
        (("control", "control:leaves=hand"), False),
        (("control:leaves=hand", "greedy"), True),
        (("greedy", "control"), True),
    ):
        seats = {p: make_player(spec, GAME) for p, spec in zip(state.players, table)}
        played = play_compiled(state, seats, 7)
        assert (played is not None) == compiled, table
        if played is not None:
            python = play_game(state, seats, 7)
            assert [m.to_json() for m in played.moves] == [
                m.to_json() for m in python.moves
            ]


#: a new process using every entry of the core once; prints what numba compiled
EVERY_ENTRY = """
import numpy as np
from numba.core import event
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword.core import CORE
from wordbot.engine.controlword.game import GAME

compiled = []


class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(getattr(ev.data.get("dispatcher"), "py_func", ev.data))

    def on_end(self, ev):
        pass


words = ["ON", "NO", "SO", "OPEN", "NOTE", "TONE", "STONE", "PLANTS", "COASTS", "AT"]
state = GAME.new(seed=3, lexicon=Lexicon.from_words(words))
event.register("numba:compile", Listener())
packed = CORE.pack(state)
rows = np.array([CORE.encode(packed, m) for m in state.legal_moves()[:2]])
CORE.apply(packed.copy(), rows[0])
for keep in (False, True):
    CORE.playouts(packed, rows, [2, 1], np.array([1, 2], np.uint64), -1, keep=keep)
CORE.playout(packed.copy(), [0, 2], np.array([5, 6], np.uint64), 0)
CORE.values(packed, 2), CORE.values(packed, 1)
CORE.unpack(packed)
print(len(compiled), compiled[:3])
"""


def test_a_new_process_compiles_nothing_the_cache_holds():
    """Every entry of the core loads from numba's cache in a new process: nothing of it
    compiles again (the batch's final positions come back as plain arrays)."""
    import subprocess
    import sys

    runs = [
        subprocess.run(
            [sys.executable, "-c", EVERY_ENTRY], capture_output=True, text=True, timeout=900
        )
        for _ in range(2)  # the first fills the cache if it lacks anything
    ]
    assert runs[1].returncode == 0, runs[1].stderr
    assert runs[1].stdout.split()[0] == "0", runs[1].stdout

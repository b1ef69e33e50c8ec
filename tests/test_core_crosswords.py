"""Cross words combat's compiled core against the Python engine and players
(tests/core_exactness.py): packing, every kind of move applied (writes that cross,
wall in and earn extra turns, passes, the pie rule's take-over), whole playouts by
``greedy``, ``random`` and ``territory`` move for move, with a generator per seat or one
shared, to the end, to the game's horizon and for a few moves, under every rule option,
the batch form, and ``territory``'s value of a position.

The default run uses random pages over a small alphabet (their words cross and wall in
often) and a few games on the bundled pages; ``-m slow`` more of both.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from wordbot.engine.core import GAME_HORIZON, GREEDY, RANDOM, TO_END, core_of
from wordbot.engine.crosswords.core import CORE, TERRITORY
from wordbot.engine.crosswords.game import GAME
from wordbot.engine.errors import PositionError
from wordbot.engine.rng import SplitMixRandom
from wordbot.movegen.crosswords.core_territory import DEFAULTS
from wordbot.players.crosswords.territory import TerritoryPlayer

from tests import core_exactness as exact
from tests.crosswords_support import random_page
from tests.sampling import fast_and_full

#: each rule option at values other than its default
VARIANTS = [
    [],
    ["turn_limit=4"],
    ["turn_limit=60"],
    ["start_gap=1"],
    ["start_gap=9"],
    ["compensation=13.5"],
    ["min_start_word=3"],
    ["pie=true"],
    ["pie=true", "compensation=40.5", "start_gap=2"],
]


def tight_page(rng: random.Random) -> str:
    """A page of words over A and T only, with digit markers: its writes cross the
    opponent's letters often (random pages over a dozen letters seldom do)."""
    rows = []
    for _ in range(rng.randint(3, 7)):
        tokens = [
            str(rng.randint(2, 5))
            if rng.random() < 0.15
            else "".join(rng.choice("AT") for _ in range(rng.randint(2, 5)))
            for _ in range(rng.randint(1, 5))
        ]
        rows.append(" ".join(tokens))
    return "\n".join(rows)


def new_game(rules=(), pages: str = "random"):
    """A new game for each seed under ``rules``, on pages ``random``
    (tests/crosswords_support.py), ``tight`` (:func:`tight_page`) or ``bundled`` (a
    page without a word long enough for ``min_start_word`` is drawn again)."""
    chosen = GAME.rules(list(rules))
    make = {"random": random_page, "tight": tight_page, "bundled": None}[pages]

    def new_state(seed: int):
        rng = random.Random(seed)
        while True:
            texts = None if make is None else {"red": make(rng), "green": make(rng)}
            try:
                return GAME.new(seed=seed, rules=chosen, pages=texts)
            except PositionError:
                continue

    return new_state


def random_rules(rng: random.Random) -> list[str]:
    return [
        f"start_gap={rng.randint(1, 4)}",
        f"turn_limit={rng.randint(3, 30)}",
        f"compensation={rng.choice([0, 13.5])}",
        f"pie={rng.choice(['true', 'false'])}",
    ]


def positions(count: int, seed: int, rules=None, pages: str = "") -> list:
    """Positions of games of random moves, each game under ``rules`` or rules of its
    own (random), on ``pages`` (see :func:`new_game`; by default random and tight
    pages in turn)."""
    rng = random.Random(seed)
    out: list = []
    while len(out) < count:
        chosen = rules if rules is not None else random_rules(rng)
        kind = pages or ("random", "tight")[len(out) % 2]
        out += exact.random_positions(
            new_game(chosen, kind), 1, rng.getrandbits(31), max_plies=40
        )
    return out


def test_territory_compiles_the_players_defaults():
    options = TerritoryPlayer.options
    names = ["extra", "threat", "deny", "room", "keep", "width"]
    assert DEFAULTS.tolist() == [float(options[n].default) for n in names]
    assert CORE.policies == {
        "random": RANDOM,
        "greedy": GREEDY,
        "territory": TERRITORY,
        "territory:eval=hand": TERRITORY + 1,
    }


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(r) or "default")
def test_the_core_plays_every_rule_option(rules):
    state = new_game(rules)(7)
    assert CORE.refuses(state) is None and core_of(state) is CORE
    for i, position in enumerate(positions(4, 11, rules)):
        exact.check_round_trip(CORE, position)
        exact.check_apply(CORE, position, 3, i)
        exact.check_playout(CORE, position, ["greedy", "greedy"], [i, 5])
        exact.check_playout(CORE, position, ["random", "random"], [i])
        exact.check_playout(CORE, position, ["territory", "greedy"], [i], GAME_HORIZON)


@fast_and_full("count", 40, 600)
def test_pack_and_apply_equal_the_engine(count):
    """Every kind of move (writes crossing letters, walling in areas, earning each kind
    of extra turn; passes on normal and extra turns; take-overs) reaches the engine's
    position."""
    seen = {"crossed": 0, "enclosed": 0, "pass": 0, "take_over": 0, "extra": 0}
    for i, state in enumerate(positions(count, 3)):
        exact.check_round_trip(CORE, state)
        exact.check_apply(CORE, state, 3, i)
        moves = state.legal_moves()
        for k in range(len(moves)):
            details = moves.details(k)
            if not (details["crossed"] or details["enclosed"] or moves[k].type != "write"):
                continue
            packed = CORE.pack(state)
            row = CORE.encode(packed, moves[k])
            assert CORE.decode(packed, row) == moves[k]
            CORE.apply(packed, row)
            after = state.apply(moves[k])
            assert CORE.unpack(packed).to_json() == after.to_json()
            assert CORE.is_over(packed) == after.is_over
            assert CORE.to_move(packed) == after.players.index(after.to_move)
            seen["crossed"] += details["crossed"] > 0
            seen["enclosed"] += details["enclosed"] > 0
            seen["extra"] += len(details["extra_turns"]) > 0
            seen[moves[k].type] = seen.get(moves[k].type, 0) + 1
    assert all(seen.values()), seen


@fast_and_full("count", 16, 200)
def test_playouts_make_the_python_players_moves(count):
    """greedy and random, a generator per seat and one shared, to the end, to the
    game's horizon (two rounds) and for a few moves."""
    rng = SplitMixRandom(count)
    for i, state in enumerate(positions(count, 5)):
        seeds = [rng.getrandbits(64) for _ in range(2)]
        horizon = (TO_END, GAME_HORIZON, 1 + i % 5)[i % 3]
        for names in (["greedy", "greedy"], ["random", "random"], ["greedy", "random"]):
            exact.check_playout(CORE, state, names, seeds, horizon)
            exact.check_playout(CORE, state, names, seeds[:1], horizon)


@fast_and_full("count", 6, 60)
def test_territory_playouts_make_the_python_players_moves(count):
    """The game's own player, its shortlist's draws included, to the game's horizon
    (what ``mc`` plays out) and to the end."""
    for i, state in enumerate(positions(count, 9)):
        horizon = GAME_HORIZON if i % 2 else TO_END
        exact.check_playout(CORE, state, ["territory", "territory"], [i, 3 * i], horizon)
        exact.check_playout(CORE, state, ["territory", "random"], [i], horizon)


@fast_and_full("games", 2, 12)
def test_whole_games_on_the_bundled_pages(games):
    for seed in range(games):
        state = new_game(pages="bundled")(seed)
        exact.check_playout(CORE, state, ["greedy", "greedy"], [seed, seed + 1])
        exact.check_playout(CORE, state, ["random", "random"], [seed])
        mid = positions(1, seed, rules=[], pages="bundled")[0]
        exact.check_playout(CORE, mid, ["territory", "greedy"], [seed], GAME_HORIZON)


@pytest.mark.parametrize("seed", range(3))
def test_territory_weighs_the_first_turn_against_the_take_over(seed):
    """With the rule ``pie`` the first turn is ranked against the second player's
    answer (players/pie.py): spread candidates, each turn played on, the answer."""
    state = new_game(["pie=true", "turn_limit=6"])(seed)
    assert state.turns == (0, 0) and state.seat == 0
    exact.check_playout(CORE, state, ["territory", "territory"], [seed, 1])


def test_territory_values_are_the_players():
    player = TerritoryPlayer()
    for state in positions(12, 21) + positions(2, 4, rules=[], pages="bundled"):
        values = CORE.values(CORE.pack(state), TERRITORY)
        assert values.tolist() == [player.value(state, p) for p in state.players]
        margins = CORE.values(CORE.pack(state), GREEDY)
        outcome = state.outcome()
        assert margins.tolist() == [float(outcome.margin(p)) for p in state.players]


def test_values_of_a_finished_game():
    state = new_game(["turn_limit=3"])(2)
    packed = CORE.pack(state)
    CORE.playout(packed, [GREEDY, GREEDY], np.array([1], np.uint64))
    final = CORE.unpack(packed)
    assert final.is_over
    player = TerritoryPlayer()
    values = CORE.values(packed, TERRITORY)
    assert values.tolist() == [player.value(final, p) for p in final.players]


@pytest.mark.parametrize("horizon", [TO_END, GAME_HORIZON, 3])
def test_the_batch_equals_single_playouts(horizon):
    for i, state in enumerate(positions(3, 13)):
        for names in (["greedy", "random"], ["territory", "territory"]):
            exact.check_playouts(CORE, state, names, [i, 77, 2**63 + 5], 3, horizon)


def test_the_batch_keeps_where_each_playout_stopped():
    state = positions(1, 17, ["compensation=13.5"])[0]
    packed = CORE.pack(state)
    legal = state.legal_moves()
    firsts = np.array([CORE.encode(packed, legal[i]) for i in range(min(2, len(legal)))])
    batch = CORE.playouts(packed, firsts, [GREEDY, GREEDY], np.array([3, 4]), keep=True)
    assert batch.finals is not None
    for i, move in enumerate(legal[: len(firsts)]):
        for j, seed in enumerate([3, 4]):
            _, final = exact.python_playout(
                state.apply(move), ["greedy", "greedy"], [SplitMixRandom(seed)]
            )
            assert CORE.unpack(batch.finals[i][j]).to_json() == final.to_json()
            expected = final.outcome().scores
            assert batch.scores[i, j].tolist() == [expected[p] for p in state.players]


def test_a_position_read_from_json_that_walls_in_already():
    """A hand-made position where red already walls in a cell nobody captured: each
    write of red's captures it too (the engine searches the whole grid for it)."""
    state = new_game(pages="bundled")(0)
    obj = state.to_json()
    # red's letters ring the cell 0,1 (from its words TOT, AT and AT)
    obj["pages"]["red"]["rows"] = ["Tot", "at at", "tan oat"]
    obj["pages"]["red"]["used"] = [[0, 0], [1, 0], [1, 1]]
    obj["cells"] = [c for c in obj["cells"] if c[3] == "green"] + [
        [4, 0, "T", "red"],
        [4, 1, "O", "red"],
        [4, 2, "T", "red"],
        [-1, 1, "T", "red"],
        [0, 0, "T", "red"],
        [0, 2, "A", "red"],
        [1, 1, "A", "red"],
    ]
    walled = GAME.from_json(obj)
    assert walled.window.encloses_already(0)
    exact.check_round_trip(CORE, walled)
    exact.check_apply(CORE, walled, 5, 1)
    exact.check_playout(CORE, walled, ["greedy", "random"], [4, 5])


def test_a_long_game_grows_the_grid():
    """Writes that keep reaching outward: the window grows, playouts go on."""
    state = new_game(["turn_limit=200", "start_gap=40"], pages="bundled")(3)
    packed = CORE.pack(state)
    shape = packed.grid.shape
    exact.check_playout(CORE, state, ["random", "random"], [8])
    CORE.playout(packed, [RANDOM, RANDOM], np.array([8], np.uint64))
    assert packed.grid.shape != shape


def test_the_generators_end_where_the_players_left_them():
    """``rngs`` hold each generator's state after the playout's draws, as the
    Python players' generators are after theirs."""
    for i, state in enumerate(positions(4, 31)):
        for names in (["greedy", "random"], ["territory", "greedy"]):
            rngs = np.array([i + 10, i + 20], np.uint64)
            ids = [CORE.policies[name] for name in names]
            CORE.playout(CORE.pack(state), ids, rngs, GAME_HORIZON)
            players = [SplitMixRandom(i + 10), SplitMixRandom(i + 20)]
            exact.python_playout(state, names, players, GAME_HORIZON)
            assert rngs.tolist() == [p.getstate() for p in players]


def test_bad_policies_are_refused_in_one_line():
    packed = CORE.pack(new_game()(2))
    with pytest.raises(ValueError, match="policies: one of"):
        CORE.playout(packed, [GREEDY], np.array([1], np.uint64))
    with pytest.raises(ValueError, match="policies: one of"):
        CORE.playout(packed, [GREEDY, 7], np.array([1], np.uint64))
    with pytest.raises(ValueError, match="rngs: a writable uint64 array"):
        CORE.playout(packed, [GREEDY, GREEDY], np.array([1, 2, 3], np.uint64))

"""A search on a compiled core's packed positions (players/packed.py) is the search on
Python states, in RouteWords and Cross words combat: the core's ranking of the ``greedy`` player's ``k`` best moves is that
player's, move for move and in its order; its transposition keys part positions as the
states' keys do; and a search's decisions for a seed and an iteration budget are those
it makes with every position a Python state (``WORDBOT_CORE=off``)."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from wordbot.engine.core import core_of
from wordbot.engine.crosswords.core import CORE as CROSSWORDS_CORE
from wordbot.engine.crosswords.game import GAME as CROSSWORDS
from wordbot.engine.routewords.core import CORE
from wordbot.engine.routewords.game import GAME
from wordbot.players import make_player
from wordbot.players.packed import PackedNode, packed_root
from wordbot.players.playouts import Playouts

from tests import test_core_crosswords as crosswords
from tests.lexicons import small_lexicon
from tests.test_core_routewords import VARIANTS, new_game, positions
from tests.test_search import positions as search_positions


def json_of(moves) -> list:
    return [m.to_json() for m in moves]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(r) or "default")
def test_the_cores_k_best_are_greedys_in_its_order(rules):
    greedy = make_player("greedy", GAME)
    seen = set()
    for n, state in enumerate(positions(small_lexicon(), 24, 7 + len(rules), rules)):
        packed = CORE.pack(state)
        for k in (2, 3, 6, 40):
            rows = CORE.top(packed, k)
            python = greedy.moves(state, k, random.Random(n))
            assert json_of(CORE.decode(packed, r) for r in rows) == json_of(python), (
                f"position {n}, k={k}"
            )
            seen.update(m.type for m in python)
    assert "route" in seen and len(seen) >= 2


def test_the_k_best_reach_past_the_moves_listed_first():
    """Positions where a swap-first pay-and-both ranks among the best: the swap search
    the engine runs only when one could."""
    greedy = make_player("greedy", GAME)
    found = 0
    for n, state in enumerate(positions(small_lexicon(), 80, 5)):
        if state.phase != "turn" or state.points[state.seat] < 1:
            continue
        packed = CORE.pack(state)
        rows = CORE.top(packed, 6)
        moves = [CORE.decode(packed, r) for r in rows]
        assert json_of(moves) == json_of(greedy.moves(state, 6, random.Random(n)))
        found += any(m.type == "both" and m.first == "swap" for m in moves)
    assert found >= 3


@pytest.mark.parametrize(
    "rules", crosswords.VARIANTS, ids=lambda r: ",".join(r) or "default"
)
def test_the_cross_words_cores_k_best_are_greedys_in_its_order(rules):
    greedy = make_player("greedy", CROSSWORDS)
    kinds = set()
    for n, state in enumerate(crosswords.positions(16, 3 + len(rules), rules)):
        packed = CROSSWORDS_CORE.pack(state)
        for k in (2, 3, 6, 40):
            rows = CROSSWORDS_CORE.top(packed, k)
            python = greedy.moves(state, k, random.Random(n))
            assert json_of(CROSSWORDS_CORE.decode(packed, r) for r in rows) == json_of(
                python
            ), f"position {n}, k={k}"
            kinds.update(m.type for m in python)
    assert "write" in kinds


def nodes_of(state, k: int, depth: int) -> list[tuple[object, PackedNode]]:
    """The positions ``depth`` moves below ``state`` along greedy's ``k`` best, each as
    a Python state and as a packed position reached by rows from the packed root."""
    greedy = make_player("greedy", state.game)
    root = packed_root(state, greedy, k, Playouts(state.game, greedy, greedy))
    assert root is not None
    out, level = [], [(state, root)]
    for _ in range(depth):
        below = []
        for python, packed in level:
            if python.is_over:
                continue
            rows = packed.moves()
            for move, row in zip(greedy.moves(python, k, random.Random(0)), rows):
                below.append((python.apply(move, check=False), packed.apply(row)))
        out += below
        level = below
    return out


def assert_keys_part_as_the_states(searches) -> None:
    """Each search's positions (pairs of a Python state and a packed position reached
    by rows): equal packed keys exactly where the states' keys are equal."""
    for python, packed in (pair for pairs in searches for pair in pairs):
        assert packed.to_move == python.to_move and packed.is_over == python.is_over
        core = packed.core
        again = PackedNode(core, core.pack(python), packed.players, packed.k)
        assert again.transposition_key() == packed.transposition_key()
    same = 0
    for pairs in searches:  # one table each: one game's rules
        for (a, pa), (b, pb) in combinations(pairs, 2):
            equal = a.transposition_key() == b.transposition_key()
            assert equal == (pa.transposition_key() == pb.transposition_key())
            same += equal
    assert same >= 1  # positions reached along two orders of moves


def test_packed_keys_part_positions_as_the_states_keys_do():
    searches = []
    for rules in ([], ["turn_limit=2"], ["pie=true"]):
        new_state = new_game(
            small_lexicon(), rules, players=2 if "pie=true" in rules else 3
        )
        for state in [new_state(1), *positions(small_lexicon(), 12, 3, rules)]:
            searches.append(nodes_of(state, 3, 2))
    every = [python for pairs in searches for python, _ in pairs]
    assert any(python.phase == "bonus" for python in every)
    assert any(python.is_over for python in every)
    assert_keys_part_as_the_states(searches)


def test_cross_words_packed_keys_part_positions_as_the_states_keys_do():
    searches = []
    for rules in ([], ["turn_limit=3"], ["pie=true"]):
        new_state = crosswords.new_game(rules, "tight")
        for state in [new_state(1), *crosswords.positions(8, 3, rules, "tight")]:
            searches.append(nodes_of(state, 3, 3))
    assert any(python.is_over for pairs in searches for python, _ in pairs)
    assert_keys_part_as_the_states(searches)


def test_a_cross_words_key_holds_every_cells_letter_writer_and_captor():
    """Any one cell's letter, its writer or its captor changed in the packed grid changes the
    key (an empty captured cell too); the planes the kernels derive from them do not,
    and neither does where the grid's window lies."""
    from wordbot.movegen.crosswords import core_state as cs

    core, changed = CROSSWORDS_CORE, 0
    for state in crosswords.positions(6, 5):
        packed = core.pack(state)
        key = core.key(packed)
        top, bottom, left, right = packed.info[cs.WALLS : cs.WALLS + 4]
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                for plane in (cs.LETTER, cs.WRITER, cs.CAPTOR, cs.CODE, cs.RAYS):
                    if plane == cs.WRITER and not packed.grid[cs.LETTER, r, c]:
                        continue  # only a letter has a writer
                    other = packed.copy()
                    # a letter always has a writer: a changed letter keeps the cell's
                    other.grid[plane, r, c] = other.grid[plane, r, c] % 2 + 1
                    if plane == cs.LETTER and not other.grid[cs.WRITER, r, c]:
                        other.grid[cs.WRITER, r, c] = 1
                    derived = plane in (cs.CODE, cs.RAYS)
                    assert (core.key(other) == key) == derived, (state, r, c, plane)
                    changed += not derived
        moved = packed.copy()  # the same cells one row lower in a window one taller
        moved.grid = np.pad(packed.grid, ((0, 0), (1, 0), (0, 0)))
        moved.info[cs.WALLS : cs.WALLS + 2] += 1
        moved.info[cs.ORIGIN] -= 1
        assert core.key(moved) == key
    assert changed > 100


def decisions(name: str, spec: str, monkeypatch, compiled: bool) -> list:
    if compiled:
        monkeypatch.delenv("WORDBOT_CORE", raising=False)
    else:
        monkeypatch.setenv("WORDBOT_CORE", "off")
    out = []
    states = search_positions(name, 6, seed=21)  # short games
    for rules in ([], ["pie=true"], ["bonus_search=none", "ko_rule=false"]):
        if name == "routewords":  # two to four players
            states += positions(small_lexicon(), 4, 13, rules)
        elif "pie=true" in rules:
            states += crosswords.positions(4, 13, rules, "tight")
    for n, state in enumerate(states):
        assert (core_of(state) is None) != compiled
        player = make_player(spec, state.game)
        cands = player.top(state, 3, random.Random(n))
        out.append(
            [
                (c.notation, c.iterations, c.equity, c.margin, c.win_rate, c.details)
                for c in cands
            ]
        )
    return out


@pytest.mark.parametrize(
    "spec",
    [
        "search:iterations=60,time=600",
        "search:iterations=30,k=3,time=600,playout=0",
        "search:iterations=30,k=4,time=600,playout=5,leaf=greedy",
    ],
)
@pytest.mark.parametrize("name", ["routewords", "crosswords"])
def test_a_packed_search_decides_as_on_python_states(name, spec, monkeypatch):
    python = decisions(name, spec, monkeypatch, compiled=False)
    assert decisions(name, spec, monkeypatch, compiled=True) == python

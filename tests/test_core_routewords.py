"""RouteWords' compiled core against the Python engine and players
(tests/core_exactness.py): packing, every kind of move applied (routes and their loops,
swaps and ko, both orders of pay-and-both, bonus rounds, the take-over), whole playouts
by ``greedy``, ``random`` and the game's own ``routes`` move for move, with a generator
per seat or one shared, to the end, to the game's horizon and for a few moves, under
every rule option, the batch form and the leaf values.

The default run uses a small word list; ``-m slow`` the default list and more
positions.
"""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.core import GAME_HORIZON, GREEDY, RANDOM, TO_END, core_of
from wordbot.engine.rng import SplitMixRandom
from wordbot.engine.routewords.core import CORE, ROUTES
from wordbot.engine.routewords.game import GAME
from wordbot.engine.routewords.moves import Bonus, BonusWord, Pass
from wordbot.movegen.routewords import core_play, core_state
from wordbot.players import make_player

from tests import core_exactness as exact
from tests.lexicons import default_lexicon, small_lexicon
from tests.routewords_support import random_positions as mixed_positions
from tests.sampling import fast_and_full

#: each rule option at values other than its default (games of each are played)
VARIANTS = [
    [],
    ["ko_rule=false"],
    ["turn_limit=4"],
    ["min_word=4"],
    ["min_word=2", "turn_limit=6"],
    ["bonus_search=none"],
    ["compensation=1.5"],
    ["pie=true"],
    ["pie=true", "compensation=0.5", "ko_rule=false"],
]
NAMES = ("greedy", "random", "routes")


def lexicon(full: bool):
    return default_lexicon() if full else small_lexicon()


def new_game(lex, rules=(), players: int | None = None):
    chosen = GAME.rules(list(rules))

    def new_state(seed: int):
        count = players or (2 if chosen.pie else 2 + seed % 3)
        return GAME.new(GAME.seats[:count], seed=seed, rules=chosen, lexicon=lex)

    return new_state


def positions(lex, count: int, seed: int, rules=()) -> list:
    """Half from games of uniform moves (pay-and-both, nearly all), half from games of
    mixed kinds (routes mostly, swaps, bonus rounds under way); none over."""
    chosen = GAME.rules(list(rules))
    uniform = exact.random_positions(new_game(lex, rules), count - count // 2, seed, 30)
    mixed = [
        s
        for s in mixed_positions(
            lex, 2 * count, seed, players=2 if chosen.pie else None, rules=chosen
        )
        if not s.is_over
    ]
    return (uniform + mixed)[:count]


def seeds_for(state, rng) -> list[int]:
    return [rng.getrandbits(64) for _ in state.players]


def test_the_layout_holds_every_position_the_rules_allow():
    assert GAME.max_players == core_state.MAX_SEATS
    assert (core_play.RANDOM, core_play.GREEDY) == (RANDOM, GREEDY)
    assert CORE.policies == {
        "random": RANDOM,
        "greedy": GREEDY,
        "routes": ROUTES,
        "routes:eval=hand": ROUTES + 1,
    }
    assert core_of(GAME.new(seed=1, lexicon=small_lexicon())) is CORE


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(r) or "default")
def test_the_core_plays_every_rule_option(rules):
    lex = small_lexicon()
    rng = SplitMixRandom(len(rules))
    for i, state in enumerate(positions(lex, 4, 11, rules)):
        exact.check_round_trip(CORE, state)
        exact.check_apply(CORE, state, 3, i)
        seats = len(state.players)
        exact.check_playout(CORE, state, ["greedy"] * seats, seeds_for(state, rng))
        exact.check_playout(CORE, state, ["random"] * seats, [i])
        exact.check_playout(
            CORE, state, ["routes"] * seats, seeds_for(state, rng), 2 * seats
        )


def test_the_first_turn_under_the_pie_rule():
    """The routes player weighs its first turn against the second player's answer (a
    spread of its moves, each answered), in a turn or in a bonus round its first turn
    opened; green may take the first turn over."""
    lex = small_lexicon()
    for seed in range(2):
        state = new_game(lex, ["pie=true"])(3 + seed)
        assert CORE.refuses(state) is None and core_of(state) is CORE
        exact.check_playout(CORE, state, ["routes", "routes"], [seed, seed + 9], 3)
        exact.check_playout(CORE, state, ["routes", "greedy"], [seed + 1], 2)
        called = state.apply(Bonus())
        exact.check_playout(CORE, called, ["routes", "random"], [seed, 5], 3)
        after = state.apply(state.legal_moves()[seed])
        taken = [m for m in after.legal_moves() if m.type == "take_over"]
        assert taken
        packed = CORE.pack(after)
        CORE.apply(packed, CORE.encode(packed, taken[0]))
        assert CORE.unpack(packed).to_json() == after.apply(taken[0]).to_json()
        exact.check_playout(CORE, after, ["greedy", "routes"], [seed, seed + 9], 4)
        exact.check_playout(CORE, after, ["random", "random"], [seed])


@fast_and_full("count", 40, 400)
def test_pack_and_apply_equal_the_engine(count):
    """Every kind of move the positions list, each applied by the kernel and by the
    engine."""
    lex = lexicon(count > 40)
    kinds = set()
    for i, state in enumerate(positions(lex, count, 3)):
        exact.check_round_trip(CORE, state)
        exact.check_apply(CORE, state, 4, i)
        legal = state.legal_moves()
        rng = SplitMixRandom(i)
        for k in sorted(
            {rng.randrange(len(legal)) for _ in range(6)} | {0, len(legal) - 1}
        ):
            move = legal[k]
            packed = CORE.pack(state)
            row = CORE.encode(packed, move)
            assert CORE.decode(packed, row) == move
            CORE.apply(packed, row)
            assert CORE.unpack(packed).to_json() == state.apply(move).to_json()
            kinds.add(move.type if move.type != "both" else f"both:{move.first}")
    assert kinds >= {"route", "swap", "both:route", "both:swap", "bonus", "bonus_word"}


def test_a_pass_and_an_empty_submission_apply_as_the_engine():
    """A pass is never legal on a 5 x 5 grid (a swap always is); applied unchecked it is
    a turn without a swap."""
    lex = small_lexicon()
    state = positions(lex, 1, 4)[0]
    packed = CORE.pack(state)
    row = CORE.encode(packed, Pass())
    assert CORE.decode(packed, row) == Pass()
    CORE.apply(packed, row)
    assert CORE.unpack(packed).to_json() == state.apply(Pass(), check=False).to_json()
    assert CORE.decode(packed, CORE.encode(packed, BonusWord(None))) == BonusWord(None)
    word = BonusWord("QUOTA")
    assert CORE.decode(packed, CORE.encode(packed, word)) == word


@fast_and_full("count", 16, 200)
def test_playouts_make_the_python_players_moves(count):
    """greedy and random, a generator per seat and one shared, to the end, to the
    game's horizon (two rounds) and for a few moves; the routes player to its horizon."""
    lex = lexicon(count > 16)
    rng = SplitMixRandom(count)
    for i, state in enumerate(positions(lex, count, 5)):
        seats = len(state.players)
        seeds = seeds_for(state, rng)
        horizon = (TO_END, GAME_HORIZON, 1 + i % 5)[i % 3]
        for name in ("greedy", "random"):
            exact.check_playout(CORE, state, [name] * seats, seeds, horizon)
            exact.check_playout(CORE, state, [name] * seats, seeds[:1], horizon)
        mixed = ["greedy", "random", "routes", "greedy"][:seats]
        exact.check_playout(CORE, state, mixed, seeds, GAME_HORIZON)
        exact.check_playout(CORE, state, ["routes"] * seats, seeds[:1], 1 + i % 3)


def test_whole_games_from_the_start():
    """Games from the deal to the end, the final bonus round included."""
    lex = small_lexicon()
    for seed in range(3):
        state = new_game(lex, players=2 + seed)(seed)
        exact.check_playout(CORE, state, ["greedy"] * len(state.players), [seed])
    state = new_game(lex, ["turn_limit=3"], players=2)(8)
    exact.check_playout(CORE, state, ["routes", "greedy"], [1, 2])


@pytest.mark.parametrize("horizon", [TO_END, GAME_HORIZON, 3])
def test_the_batch_equals_single_playouts(horizon):
    lex = small_lexicon()
    for i, state in enumerate(positions(lex, 3, 13)):
        names = ["greedy", "random", "greedy", "random"][: len(state.players)]
        exact.check_playouts(CORE, state, names, [i, 77, 2**63 + 5], 4, horizon)
        routes = ["routes", "greedy", "routes", "random"][: len(state.players)]
        exact.check_playouts(CORE, state, routes, [i], 2, horizon or 2)


def test_the_batch_keeps_where_each_playout_stopped():
    lex = small_lexicon()
    state = positions(lex, 1, 17, ["compensation=0.5"])[0]
    packed = CORE.pack(state)
    legal = state.legal_moves()
    firsts = np.array([CORE.encode(packed, legal[i]) for i in range(2)])
    seats = len(state.players)
    batch = CORE.playouts(packed, firsts, [GREEDY] * seats, np.array([3, 4]), keep=True)
    assert batch.finals is not None
    for i, move in enumerate(legal[:2]):
        for j, seed in enumerate([3, 4]):
            _, final = exact.python_playout(
                state.apply(move), ["greedy"] * seats, [SplitMixRandom(seed)]
            )
            assert CORE.unpack(batch.finals[i][j]).to_json() == final.to_json()
            assert CORE.is_over(batch.finals[i][j]) == final.is_over
            expected = final.outcome().scores
            assert batch.scores[i, j].tolist() == [expected[p] for p in state.players]


@pytest.mark.parametrize("rules", [[], ["compensation=1.5"], ["pie=true"]])
def test_the_leaf_values_are_the_players_values(rules):
    lex = small_lexicon()
    for state in positions(lex, 6, 19, rules):
        packed = CORE.pack(state)
        assert CORE.to_move(packed) == state.players.index(state.to_move)
        for name in NAMES:
            player = make_player(name, GAME)
            values = CORE.values(packed, CORE.policies[name])
            assert values.tolist() == [player.value(state, p) for p in state.players]


def test_bad_policies_are_refused_in_one_line():
    state = new_game(small_lexicon(), players=2)(2)
    packed = CORE.pack(state)
    with pytest.raises(ValueError, match="policies: one a seat"):
        CORE.playout(packed, [GREEDY], np.array([1], np.uint64))
    with pytest.raises(ValueError, match="policies: one a seat"):
        CORE.playout(packed, [GREEDY, 7], np.array([1], np.uint64))
    with pytest.raises(ValueError, match="rngs: one generator, or one a seat"):
        CORE.playout(packed, [GREEDY, GREEDY], np.array([1, 2, 3], np.uint64))

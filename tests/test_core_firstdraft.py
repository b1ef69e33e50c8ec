"""First Draft's compiled core against the Python engine and players
(tests/core_exactness.py): packing, every kind of move applied (the bag, the deck and
the reshuffled pile drawn alike), whole playouts by ``greedy``, ``random`` and
``drafter`` move for move, with a generator per seat or one shared, to the end, to the
game's horizon and for a few moves, under every rule option, the batch form, and the
drafter's value of a position.

The default run uses a small word list; ``-m slow`` the default list and more
positions.
"""

from __future__ import annotations

import numpy as np
import pytest
from wordbot.engine.core import GAME_HORIZON, GREEDY, RANDOM, TO_END, core_of
from wordbot.engine.firstdraft import rules as fd_rules
from wordbot.engine.firstdraft.core import CORE, DRAFTER
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.state import EXAMPLE
from wordbot.engine.rng import Rng, SplitMixRandom
from wordbot.movegen.firstdraft import core_drafter, core_state
from wordbot.movegen.firstdraft.core_moves import new_scratches
from wordbot.players.firstdraft.drafter import DrafterPlayer

from tests import core_exactness as exact
from tests.firstdraft_support import random_positions as mixed_positions
from tests.lexicons import default_lexicon, small_lexicon
from tests.sampling import fast_and_full, gather

#: each rule option at values other than its default (a game of each is played)
VARIANTS = [
    [],
    ["coasters=2,2,3,3,3,3,4"],
    ["coasters=1,1,1,1,2,2,2,5,5,5,5,6,6"],
    ["line=3"],
    ["line=7", "coasters=1,1,2,2,2,3,3,3,3,4,4,5"],
    ["start_coins=0"],
    ["start_coins=12"],
    ["row_limit=5"],
    ["row_limit=12"],
    ["pool_limit=0"],
    ["pool_limit=2"],
    ["pool_limit=7"],
    ["payout=3:0,4:2,5:4"],
    ["payout=2:1,3:1,6:9"],
    ["seat_coins=2"],
    ["compensation=0.5"],
    ["compensation=0.75", "seat_coins=1"],
]


def lexicon(full: bool):
    return default_lexicon() if full else small_lexicon()


def new_game(lex, rules=(), players: int | None = None):
    chosen = GAME.rules(list(rules))

    def new_state(seed: int):
        count = players or 2 + seed % 4
        return GAME.new(GAME.seats[:count], seed=seed, rules=chosen, lexicon=lex)

    return new_state


def positions(lex, count: int, seed: int, rules=()) -> list:
    """Half from games of uniform moves (drafts, nearly all), half from games whose
    moves mix sells, inserts and discards in."""
    uniform = exact.random_positions(new_game(lex, rules), count - count // 2, seed)
    chosen = GAME.rules(list(rules))
    mixed = gather(
        lambda n, s: mixed_positions(lex, n, s, rules=chosen),
        count // 2,
        lambda state: not state.is_over,
        seed,
    )
    return uniform + mixed


def test_the_layout_holds_every_position_the_rules_allow():
    assert core_state.ROW_MAX == fd_rules.MAX_ROW_LIMIT
    assert core_state.DECK_MAX == fd_rules.MAX_COASTERS
    assert core_state.SEATS_MAX == GAME.max_players == len(fd_rules.SEATS)
    options = fd_rules.Rules.OPTIONS
    assert (options["line"].maximum, options["pool_limit"].maximum) == (
        core_state.LINE_MAX,
        core_state.POOL_MAX,
    )


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: ",".join(r) or "default")
def test_the_core_plays_every_rule_option(rules):
    lex = small_lexicon()
    state = new_game(lex, rules)(7)
    assert CORE.refuses(state) is None and core_of(state) is CORE
    for i, position in enumerate(positions(lex, 3, 11, rules)):
        exact.check_round_trip(CORE, position)
        exact.check_apply(CORE, position, 3, i)
        exact.check_playout(CORE, position, ["greedy"] * len(position.players), [i])
        seeds = [i * 10 + seat for seat in range(len(position.players))]
        exact.check_playout(CORE, position, ["random"] * len(position.players), seeds)
        horizon = GAME_HORIZON if i % 2 else 6
        exact.check_playout(
            CORE, position, ["drafter"] * len(position.players), [i], horizon
        )
        check_values(position)


def check_values(state) -> None:
    """The compiled drafter's value of ``state`` for each seat is the player's, and the
    other policies' the score margin."""
    packed = CORE.pack(state)
    drafter = DrafterPlayer()
    assert CORE.values(packed, DRAFTER).tolist() == [
        drafter.value(state, p) for p in state.players
    ]
    margins = [float(state.outcome().margin(p)) for p in state.players]
    assert CORE.values(packed, GREEDY).tolist() == margins
    assert CORE.values(packed, RANDOM).tolist() == margins


def test_the_compiled_drafter_plays_the_players_defaults():
    options = DrafterPlayer.options
    defaults = tuple(float(options[k].default) for k in ("grow", "pool", "turns", "unseen"))
    assert defaults == core_drafter.DEFAULTS


@fast_and_full("count", 30, 300)
def test_pack_and_apply_equal_the_engine(count):
    """Every kind of move: the rows, pools, coins, line, bag, deck, pile and the
    generator after it (the position's JSON leaves the generator out: compared too)."""
    lex = lexicon(count > 30)
    kinds = set()
    for i, state in enumerate(positions(lex, count, 3)):
        exact.check_round_trip(CORE, state)
        exact.check_apply(CORE, state, 4, i)
        for move in state.legal_moves()[:40]:
            packed = CORE.pack(state)
            row = CORE.encode(packed, move)
            assert CORE.decode(packed, row) == move
            CORE.apply(packed, row)
            after = state.apply(move)
            assert CORE.unpack(packed).rng_state == after.rng_state
            assert CORE.unpack(packed).to_json() == after.to_json()
            assert CORE.to_move(packed) == after.players.index(after.to_move)
            assert CORE.is_over(packed) == after.is_over
            kinds.add(move.type)
    assert kinds == {"sell", "discard", "insert", "draft"}


@fast_and_full("count", 16, 200)
def test_playouts_make_the_python_players_moves(count):
    """greedy and random, a generator per seat and one shared, to the end, to the
    game's horizon (two rounds of drafts) and for a few moves."""
    lex = lexicon(count > 16)
    rng = SplitMixRandom(count)
    for i, state in enumerate(positions(lex, count, 5)):
        seats = len(state.players)
        seeds = [rng.getrandbits(64) for _ in range(seats)]
        for name in ("greedy", "random"):
            horizon = (TO_END, GAME_HORIZON, 1 + i % 5)[i % 3]
            exact.check_playout(CORE, state, [name] * seats, seeds, horizon)
            exact.check_playout(CORE, state, [name] * seats, seeds[:1], horizon)
        mixed = ["greedy", "random"] * 3
        exact.check_playout(CORE, state, mixed[:seats], seeds, TO_END)


@fast_and_full("count", 8, 60)
def test_drafter_playouts_make_the_players_moves(count):
    """drafter (``mc``'s and ``search``'s playouts), alone and beside greedy, a
    generator per seat and one shared, to the game's horizon, for a few moves and to
    the end; and its value of where they stop."""
    lex = lexicon(count > 8)
    for i, state in enumerate(positions(lex, count, 21)):
        seats = len(state.players)
        seeds = [i * 7 + seat for seat in range(seats)]
        horizon = (GAME_HORIZON, 1 + i % 4, TO_END)[i % 3]
        exact.check_playout(CORE, state, ["drafter"] * seats, seeds, horizon)
        names = (["drafter", "greedy"] * 3)[:seats]
        exact.check_playout(CORE, state, names, seeds[:1], GAME_HORIZON)
        packed = CORE.pack(state)
        CORE.playout(packed, [DRAFTER] * seats, np.array([i], np.uint64), GAME_HORIZON)
        check_values(CORE.unpack(packed))


@pytest.mark.parametrize("compensation", ["0.5", "0,1.5,-0.5"])
def test_values_at_the_end_are_the_margins(compensation):
    """A finished game: every policy's value is the outcome's margin, each seat's
    compensation counted (a number: the k-th seat (k - 1) x it; a list: one a seat)."""
    lex = small_lexicon()
    state = new_game(lex, [f"compensation={compensation}"], players=3)(4)
    packed = CORE.pack(state)
    CORE.playout(packed, [GREEDY] * 3, np.array([4], np.uint64))
    final = CORE.unpack(packed)
    assert final.is_over
    check_values(final)


def test_whole_games_from_the_start():
    """Greedy games from the deal to the end, reshuffles of the pile included."""
    lex = small_lexicon()
    for seed in range(4):
        state = new_game(lex, players=2 + seed)(seed)
        exact.check_playout(CORE, state, ["greedy"] * len(state.players), [seed])


def test_a_determinized_position_plays_as_given():
    """A search packs a state determinized from the mover's view: the core plays that
    bag and deck, as the engine does."""
    lex = small_lexicon()
    for i, state in enumerate(positions(lex, 4, 8)):
        seen = state.determinize(state.to_move, SplitMixRandom(i))
        assert seen.bag != state.bag or len(state.bag) < 2
        exact.check_playout(CORE, seen, ["greedy"] * len(seen.players), [i])


def test_a_position_read_from_json():
    lex = small_lexicon()
    state = GAME.from_json(EXAMPLE, lex)
    exact.check_round_trip(CORE, state)
    exact.check_apply(CORE, state, 5, 1)
    exact.check_playout(CORE, state, ["greedy", "random"], [4, 5])
    exact.check_playout(CORE, state, ["drafter", "drafter"], [6], GAME_HORIZON)


@pytest.mark.parametrize("horizon", [TO_END, GAME_HORIZON, 3])
def test_the_batch_equals_single_playouts(horizon):
    lex = small_lexicon()
    for i, state in enumerate(positions(lex, 3, 13)):
        names = ["greedy", "random", "drafter", "random", "greedy"][: len(state.players)]
        exact.check_playouts(CORE, state, names, [i, 77, 2**63 + 5], 4, horizon)


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
            moves, final = exact.python_playout(
                state.apply(move), ["greedy"] * seats, [SplitMixRandom(seed)]
            )
            assert CORE.unpack(batch.finals[i][j]).to_json() == final.to_json()
            expected = final.outcome().scores
            assert batch.scores[i, j].tolist() == [expected[p] for p in state.players]


def test_a_recorded_chance_is_refused():
    """A replay may put a record's chance in place of the state's generator: the core
    draws from a generator, so it leaves that state to Python."""
    state = new_game(small_lexicon(), players=2)(2)
    replaying = state._copy(rng_state=Rng(state.rng_state))
    assert "chance" in CORE.refuses(replaying)
    assert core_of(replaying) is None


def test_bad_policies_are_refused_in_one_line():
    state = new_game(small_lexicon(), players=2)(2)
    packed = CORE.pack(state)
    with pytest.raises(ValueError, match="policies: one of"):
        CORE.playout(packed, [GREEDY], np.array([1], np.uint64))
    with pytest.raises(ValueError, match="policies: one of"):
        CORE.playout(packed, [GREEDY, 7], np.array([1], np.uint64))
    with pytest.raises(ValueError, match="rngs: one generator, or one for each"):
        CORE.playout(packed, [GREEDY, GREEDY], np.array([1, 2, 3], np.uint64))


def test_a_scratch_too_small_grows():
    """A turn with more fillings or pairs than the scratch holds: the playout makes
    room (the drafter giving back what it drew) and still plays the Python players'
    moves."""
    lex = small_lexicon()
    for i, state in enumerate(positions(lex, 4, 23)):
        seats = len(state.players)
        for name in ("greedy", "random", "drafter"):
            CORE._scratch = new_scratches(2, 2)
            exact.check_playout(CORE, state, [name] * seats, [i], GAME_HORIZON)
            assert CORE._scratch[0][1].shape[1] > 2

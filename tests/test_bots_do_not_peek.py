"""The bots do not peek. In a game with hidden information (Control
Word: the other racks, the bags and the draws to come; First Draft: the order of the bag
and of the deck), the move a bot chooses with a fixed seed and a fixed iteration budget is
a function of what the mover sees: the same when everything hidden is replaced by another
arrangement the mover cannot tell apart (``determinize``: other racks of the same sizes,
bags in another order, another seed for the draws), and the same from the mover's view
alone (those parts left out), over many positions of each game."""

from __future__ import annotations

import random
import zlib

import pytest

from tests.game_profiles import CATALOG, NAMES, game_of, lexicon_of, profile
from tests.sampling import fast_and_full


def cases() -> list[tuple[str, str]]:
    """Every bot of each game with hidden information; the searching one on its
    profile's budget of iterations (tests/game_profiles.py)."""
    out = []
    for name in NAMES:
        if game_of(name).hidden_information:
            for spec in CATALOG.players.for_game(name):
                out.append((name, profile(name).budgeted(spec)))
    return out


CASES = cases()


def positions(name: str, count: int, seed: int):
    """``count`` positions of games played at random from several deals, a few at every
    stage (the first move, the middle, near the end)."""
    game = game_of(name)
    rng = random.Random(seed)
    lexicon = lexicon_of(game)
    mover = CATALOG.players.make("random", game)
    found = []
    while len(found) < count:
        state = game.new(None, rng.randrange(2**31), None, lexicon)
        stop = rng.randrange(0, 40)
        for _ in range(stop):
            if state.is_over:
                break
            state = state.apply(mover.choose(state, rng))
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("name, spec", CASES, ids=[f"{g}-{s}" for g, s in CASES])
@fast_and_full("count", 6, 60)
def test_the_move_is_a_function_of_the_movers_view(name, spec, count):
    for n, state in enumerate(positions(name, count, seed=zlib.crc32(spec.encode()))):
        mover = state.to_move
        player = CATALOG.players.make(spec, state.game)
        chosen = player.choose(state, random.Random(n))
        for k in range(3):
            other = state.determinize(mover, random.Random(1000 + k))
            assert other.observation(mover) == state.observation(mover)
            again = CATALOG.players.make(spec, state.game).choose(other, random.Random(n))
            assert other.notation(again) == state.notation(chosen), (
                f"{spec} peeked: position {n}, arrangement {k}"
            )
        # and with the hidden parts left out: the mover's view read as a position
        view = state.game.from_json(state.observation(mover), state.lexicon)
        alone = CATALOG.players.make(spec, state.game).choose(view, random.Random(n))
        assert view.notation(alone) == state.notation(chosen), (
            f"{spec} played otherwise from its view alone: position {n}"
        )


@pytest.mark.parametrize("name", sorted({name for name, _ in CASES}))
@fast_and_full("count", 40, 400)
def test_a_sample_of_the_hidden_parts_depends_on_the_view_alone(name, count):
    """What every searching bot plays on: ``determinize`` from two arrangements the mover
    cannot tell apart, with the same generator, deals the same sample."""
    for n, state in enumerate(positions(name, count, seed=n_seed(name))):
        mover = state.to_move
        other = state.determinize(mover, random.Random(7 + n))
        one = state.determinize(mover, random.Random(n))
        two = other.determinize(mover, random.Random(n))
        assert one.to_json() == two.to_json(), f"position {n}"
        assert one.digest() == two.digest()


def n_seed(name: str) -> int:
    return zlib.crc32(name.encode())

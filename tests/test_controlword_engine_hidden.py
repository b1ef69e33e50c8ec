"""Control Word's hidden information: what a player may see (``observation``) and the
states a searching player plays on (``determinize``): consistent with what it sees, and
blind to what it does not."""

from __future__ import annotations

import random

import pytest
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.state import ControlWordState

from tests.controlword_games import choose_action
from tests.controlword_support import tile_census
from tests.lexicons import small_words


def midgame(seed: int, players: int) -> ControlWordState:
    rng = random.Random(seed)
    s = GAME.new(
        ["red", "green", "black", "white"][:players], seed=seed, lexicon=small_words()
    )
    for _ in range(rng.randint(2, 12)):
        if s.is_over:
            break
        s = s.apply(choose_action(s, rng, 2))
    return s


@pytest.mark.parametrize("seed", range(12))
def test_determinize_keeps_what_the_viewer_sees(seed):
    s = midgame(seed, 2 + seed % 3)
    for viewer in s.players:
        seen = s.observation(viewer)
        assert set(seen["racks"]) <= {viewer}
        for k in range(3):
            d = s.determinize(viewer, random.Random(k))
            assert d.observation(viewer) == seen
            assert tile_census(d) == tile_census(s)
            for p in s.players:
                if p in s.racks and p != viewer:
                    assert len(d.racks[p]) == len(s.racks[p])
                    assert sum(ch.islower() for ch in d.racks[p]) == sum(
                        ch.islower() for ch in s.racks[p]
                    )


@pytest.mark.parametrize("seed", range(8))
def test_determinize_is_blind_to_what_the_viewer_cannot_see(seed):
    s = midgame(100 + seed, 2 + seed % 3)
    viewer = s.to_move
    twin = s.determinize(viewer, random.Random(99))  # other racks, other future draws
    assert twin.observation(viewer) == s.observation(viewer)
    for k in range(3):
        a = s.determinize(viewer, random.Random(k))
        b = twin.determinize(viewer, random.Random(k))
        assert a.to_json() == b.to_json() and a.rng_state == b.rng_state


@pytest.mark.parametrize("seed", range(10))
def test_the_quick_first_place_is_the_general_ranking_s_first(seed):
    # ControlWordMoves.best(1) shortcuts the word and replacement phases; it must give the
    # first place of MoveList.best's general ranking by gains and the game's tiebreak
    from wordbot.engine.movelist import MoveList

    s = midgame(200 + seed, 2 + seed % 3)
    for _ in range(2):
        if s.is_over:
            break
        moves = s.legal_moves()
        general = MoveList(list(moves), moves.gains(), moves.tiebreak()).best(1)
        assert moves.best(1) == general
        s = s.apply(moves.best(1)[0][0])

"""Best-only word-play generation against the full list: the same plays, in
the same order (more points, fewer tiles, then the full list's order), on random
positions of every size of rack and board, and on the 48 conformance positions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests import conformance
from tests.controlword_movegen_support import BoardGenerator, dense_positions
from tests.controlword_positions import random_position
from tests.lexicons import small_lexicon
from tests.sampling import fast_and_full


@pytest.fixture(scope="module")
def gen():
    return BoardGenerator(small_lexicon())


def ranked(plays) -> list[tuple[int, frozenset]]:
    """The full list in the game's order: more points, fewer tiles, then list order."""
    points = plays.points.tolist()
    tiles = plays.moves[:, 1].tolist()
    sets = plays.as_sets()
    order = sorted(range(len(sets)), key=lambda i: (-points[i], tiles[i], i))
    return [(points[i], sets[i]) for i in order]


def check(g, board, rack, keeps=(1, 3, 10), bounds=None) -> int:
    everything = ranked(g.word_plays(board, rack, bounds=bounds))
    for keep in keeps:
        best = g.best_word_plays(board, rack, keep, bounds=bounds)
        got = list(zip(best.points.tolist(), best.as_sets()))
        assert got == everything[:keep], (board, rack, keep, got[:3], everything[:3])
    return len(everything)


@fast_and_full("count", 150, 2000)
def test_random_positions_give_the_full_lists_best_in_its_order(gen, count):
    rng = random.Random(20261128)
    lexicon = small_lexicon()
    found = 0
    for k in range(count):
        pos = random_position(rng, lexicon, n_words=(1, 10), rack_size=(1, 9))
        bounds = None
        if k % 5 == 0:
            rows = [r for r, _ in pos.board]
            cols = [c for _, c in pos.board]
            bounds = (min(rows) - 1, max(rows) + 1, min(cols) - 1, max(cols) + 2)
        found += check(gen, pos.board, pos.rack, bounds=bounds) > 0
    assert found > count // 2  # most positions have plays to rank


def top_of_full_list(plays, n: int) -> list[tuple[int, frozenset]]:
    """The ``n`` best plays of a full list in the game's order (more points, fewer
    tiles, then list order), ranked without turning every play into a set."""
    order = np.lexsort((np.arange(len(plays)), plays.moves[:, 1], -plays.points))
    return [(int(plays.points[i]), frozenset(plays.placements(i))) for i in order[:n]]


@pytest.mark.parametrize(
    ("which", "count"),
    [
        pytest.param("small", 120, id="small-lexicon"),
        pytest.param("default", 250, id="default-lexicon", marks=pytest.mark.slow),
    ],
)
def test_walks_drop_only_what_cannot_reach_the_kept_plays(which, count):
    """Best-only generation skips anchors by their bounds and, inside the walks, drops
    every play below the last place kept without keeping it; on random positions with
    playout-sized racks (5 to 9 tiles) and J/Q/X/Z bonuses of 0, 4 and 9 it keeps
    exactly the full list's best, ties in its order (the small lexicon in the default
    run, the default one of 242,821 words under ``slow``)."""
    from tests.lexicons import default_lexicon

    lexicon = small_lexicon() if which == "small" else default_lexicon()
    gens = [BoardGenerator(lexicon, jqxz_bonus=bonus) for bonus in (0, 4, 9)]
    rng = random.Random(20261206)
    ranked_plays = 0
    for k in range(count):
        g = gens[k % len(gens)]
        pos = random_position(rng, lexicon, n_words=(1, 10), rack_size=(5, 9))
        everything = g.word_plays(pos.board, pos.rack)
        for keep in (1, 2, 6):
            best = g.best_word_plays(pos.board, pos.rack, keep)
            got = list(zip(best.points.tolist(), best.as_sets()))
            assert got == top_of_full_list(everything, keep), (pos, keep)
        ranked_plays += len(everything) > 6
    assert ranked_plays > count // 2  # most positions rank more plays than are kept


def test_many_ties_keep_the_full_lists_order():
    """A dense four-letter lexicon: many plays of equal points and tiles."""
    for _, g, pos in dense_positions(4, 20, n_words=(2, 10), rack_size=(1, 9)):
        check(g, pos.board, pos.rack, keeps=(1, 2, 5, 50))


def test_no_play_and_empty_rack_keep_nothing(gen):
    assert len(gen.best_word_plays({(0, 0): ("A", "blue"), (0, 1): ("T", "blue")}, "")) == 0
    assert len(gen.best_word_plays({}, "CAT")) == 0
    with pytest.raises(ValueError, match="at most 31"):
        gen.best_word_plays({(0, 0): ("A", "blue")}, "E" * 32)


def test_conformance_positions(default_lexicon):
    g = BoardGenerator(default_lexicon)
    for case in conformance.cases():
        n = check(g, case.tiles, case.rack, keeps=(1, 5))
        assert n == case.word_plays, case.id


def test_keeping_more_than_there_are_lists_them_all(gen):
    rng = random.Random(3)
    pos = random_position(rng, small_lexicon(), n_words=(3, 6), rack_size=(7, 7))
    n = len(gen.word_plays(pos.board, pos.rack))
    best = gen.best_word_plays(pos.board, pos.rack, n + 5)
    assert len(best) == n and np.all(np.diff(best.points) <= 0)


def test_the_engines_best_moves_are_the_full_lists_in_the_games_order(default_lexicon):
    """``best`` of every move (best-only plays, then pass, redraw, exchanges) and of the
    word plays alone (``moves --kind word``) rank as the full list sorted in the game's
    order: more points, fewer tiles, then the list's order."""
    from wordbot.engine import get_game

    game = get_game("controlword")
    checked = 0
    for seed in range(24):
        state = game.new(seed=seed, lexicon=default_lexicon)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 6)):
            if state.is_over or state.phase != "word":
                break
            state = state.apply(state.legal_moves().best(1)[0][0])
        if state.is_over or state.phase != "word":
            continue
        full = state.moves_from(_FullList())
        everything = [m for m, _ in full.best(len(full))]
        for n in (1, 4, 40):
            assert [m for m, _ in state.legal_moves().best(n)] == everything[:n]
            words = [m for m, _ in state.moves("word").best(n)]
            assert words == [m for m in everything[:n] if m.type == "word"][: len(words)]
        checked += 1
    assert checked >= 8


class _FullList:
    """The compiled generator without its best-only path: every play, then ranked."""

    def word_plays(self, state):
        from wordbot.engine.controlword.adapter import FAST

        return FAST.word_plays(state)

    def replacement_plays(self, state):
        from wordbot.engine.controlword.adapter import FAST

        return FAST.replacement_plays(state)

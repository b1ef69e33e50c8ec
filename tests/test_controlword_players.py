"""Players: the registry, legality and determinism, greedy's choice, the control
evaluation against a full recomputation, Monte Carlo limits, explanations."""

from __future__ import annotations

import random

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword import adapter
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Placement, Replacement, WordPlay
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.errors import GameOverError
from wordbot.players import Limit, PlayerError, make_player, parse_spec
from wordbot.players.arena import paired_games, play_game
from wordbot.players.controlword.control import Evaluator, phases_left
from wordbot.players.controlword.explain import word_changes
from wordbot.players.controlword.weights import DEFAULT

from tests.controlword_support import across, down, state, tiles
from tests.lexicons import small_words


def test_specs_and_errors():
    assert parse_spec("mc:time=0.5,plies=4,to_end=yes") == (
        "mc",
        {"time": 0.5, "plies": 4, "to_end": True},
    )
    assert make_player("mc:k=3").spec == "mc:k=3"
    for bad, needle in (
        ("nobody", "unknown player 'nobody'"),
        ("mc:speed=2", "unknown option 'speed'"),
        ("mc:time=fast", "time='fast' is not a number"),
        ("mc:iterations=2.5", "iterations='2.5' is not an integer"),
        ("mc:k", "needs key=value"),
        ("mc:by=luck", "by='luck'"),
    ):
        with pytest.raises(PlayerError, match=needle):
            make_player(bad)


@pytest.mark.parametrize("spec", ["random", "greedy", "control", "mc:iterations=2,k=3"])
def test_every_player_plays_legal_games(spec):
    # play_game applies with the engine's checker: an illegal move would raise
    lex = small_words()
    opponent = make_player("greedy")
    for seed in range(2):
        first, second = paired_games(
            make_player(spec), opponent, GAME, seed, lex, rules=Rules(rounds=3)
        )
        for game in (first, second):
            assert game.final.is_over and game.actions > 0


def test_players_are_deterministic_given_their_seed():
    lex = small_words()
    s = GAME.new(["red", "green"], seed=4, lexicon=lex)
    for spec in ("random", "mc:iterations=3,k=4"):
        a = [make_player(spec).choose(s, random.Random(9)) for _ in range(2)]
        assert a[0] == a[1]
    games = [
        play_game(
            GAME.new(["red", "green"], seed=2, lexicon=lex, rules=Rules(rounds=2)),
            {"red": make_player("random"), "green": make_player("control")},
            seed=5,
        )
        for _ in range(2)
    ]
    assert games[0].moves == games[1].moves and games[0].scores == games[1].scores


def points_by_rules(s, move):
    """When-played points from the engine: the state after the move minus before."""
    after = s.apply(move, check=False)
    return after.scores[s.to_move] - s.scores[s.to_move]


def test_greedy_takes_the_most_points():
    lex = small_words()
    for seed in range(5):
        s = GAME.new(["red", "green"], seed=seed, lexicon=lex)
        best = max(
            points_by_rules(s, m) for m in s.legal_moves() if isinstance(m, WordPlay)
        )
        choice = make_player("greedy").choose(s)
        assert points_by_rules(s, choice) == best


def test_players_refuse_a_finished_game_and_a_game_they_do_not_play():
    s = state(
        tiles(across(0, 0, "CAT", "bbb")), racks={"red": "A", "green": "B"}, phase="over"
    )
    for spec in ("random", "greedy", "control", "mc"):
        with pytest.raises(GameOverError, match="the game is over"):
            make_player(spec).choose(s)
        with pytest.raises(GameOverError):
            make_player(spec).top(s, 3)
    with pytest.raises(PlayerError, match="plays controlword only, not toy"):
        make_player("control", game="toy")


def board_value(s, colour, my, their):
    grid = adapter.board_grid(s)
    starts, lengths, _d, squares, _w = adapter.board_words(grid.letters)
    return adapter.evaluation.word_values(
        grid.colours,
        starts,
        lengths,
        squares,
        adapter.colour_index(colour),
        DEFAULT.vector(),
        adapter.score_table(s.rules.jqxz_bonus),
        my,
        their,
    ).sum()


def test_control_change_equals_a_full_recount():
    """The kernels' incremental change (words formed, extended, absorbed, recoloured)
    must equal the value of the whole board after the move minus before."""
    lex = small_words()
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        s = GAME.new(["red", "green"], seed=seed, lexicon=lex)
        # walk into the game so boards have player colours and replacements exist
        for _ in range(rng.randint(2, 8)):
            if s.is_over:
                break
            s = s.apply(make_player("control").choose(s), check=False)
        if s.is_over:
            continue
        e = Evaluator(s, DEFAULT)
        my, their = e.my_phases, e.their_phases
        before = board_value(s, s.to_move, my, their)
        if s.phase == "word":
            plays, cols, ctrl, _leave = e.word_plays()
        else:
            plays, cols, ctrl, _leave, _pts = e.replacement_plays()
        for i in rng.sample(range(len(plays)), min(40, len(plays))):
            move = adapter.play_move(s, plays, i, cols)
            s.check(move)
            after = board_value(s.apply(move, check=False), s.to_move, my, their)
            assert ctrl[i] == pytest.approx(after - before, abs=1e-9), s.notation(move)
            checked += 1
    assert checked > 100


def test_replacement_taking_a_word_is_explained_and_valued():
    lex = small_words()
    # GRAIL: green G R A, blue I L; red replaces R and A -> red majority
    board = tiles(across(0, 0, "GRAIL", "gggbb"), down(0, 4, "LO", "bb"))
    if "GRAIL" not in lex:
        lex = Lexicon.from_words(list(lex) + ["GRAIL"])
    s = state(
        board,
        lex=lex,
        racks={"red": "RAI", "green": "EE"},
        phase="replacement",
        replacement_limit=3,
    )
    move = Replacement(
        (
            Placement(0, 1, "R", "red"),
            Placement(0, 2, "A", "red"),
            Placement(0, 3, "I", "red"),
        )
    )
    s.check(move)
    words = word_changes(s.evaluate(), s.apply(move).evaluate(), "red")
    assert words == ["takes GRAIL from green: majority -> majority, +6 at the end"]
    # the hand-set leaves: the learned table values keeping R, A and I above the word
    cands = make_player("control:leaves=hand").top(s, 3)
    assert cands[0].details["control_change"] > 0
    assert cands[0].details["words"]  # the best replacement takes something


def test_mc_returns_a_legal_move_with_no_time():
    lex = small_words()
    s = GAME.new(["red", "green"], seed=8, lexicon=lex)
    player = make_player("mc", limit=Limit(time=0))
    move = player.choose(s)
    s.check(move)
    assert player.playouts >= 1


def test_mc_ranks_by_playouts_and_reports_their_mean_at_the_horizon():
    lex = small_words()
    s = GAME.new(["red", "green"], seed=8, lexicon=lex)
    player = make_player("mc:k=4", limit=Limit(iterations=6, time=30))
    cands = player.top(s, 5, random.Random(1))
    # k=4 candidates of the many legal moves of a new game, each played out to the end
    # of the round: a mean value there, no win rate
    assert len(cands) == 4 and all(c.iterations >= 1 for c in cands)
    assert all(c.win_rate is None and c.margin_at == "horizon" for c in cands)
    ranked = [c.equity for c in cands]
    assert ranked == sorted(ranked, reverse=True)


def test_phases_left_counts_the_other_sides_turns():
    lex = small_words()
    s = GAME.new(["red", "green", "black"], seed=1, lexicon=lex)
    mine, theirs = phases_left(s)
    assert (mine, theirs) == (2, 2)  # capped; plenty of rounds ahead
    last = state(
        tiles(across(0, 0, "CAT", "bbb")),
        racks={"red": "A", "green": "B"},
        phase="replacement",
        round=10,
    )
    assert phases_left(last) == (0, 1)  # red acts first: green still replaces after


def test_mc_reports_progress_and_stops_when_asked():
    lex = small_words()
    s = GAME.new(["red", "green"], seed=8, lexicon=lex)
    seen = []

    def progress(cands):
        seen.append([c.iterations for c in cands])
        return len(seen) >= 2  # stop after the second report

    player = make_player("mc:k=4", limit=Limit(time=60, iterations=1000))
    cands = player.top(s, 5, random.Random(3), progress)
    assert len(seen) == 2 and cands
    assert max(seen[1]) > max(seen[0])  # the second report saw more playouts
    assert player.playouts <= 3 * 4  # it stopped early, not after 1000 rounds


def test_random_is_uniform_over_legal_moves():
    lex = Lexicon.from_words(["AT", "TA", "CAT", "ACT"])
    s = state(tiles(across(0, 0, "CAT", "bbb")), lex=lex, racks={"red": "TA", "green": "E"})
    legal = s.legal_moves()
    counts = {m: 0 for m in legal}
    player = make_player("random")
    rng = random.Random(11)
    draws = 300 * len(legal)
    for _ in range(draws):
        counts[player.choose(s, rng)] += 1  # KeyError if it picked an illegal move
    expected = draws / len(legal)
    assert all(0.7 * expected < c < 1.3 * expected for c in counts.values()), counts

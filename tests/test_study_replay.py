"""A study's games played in one call into a compiled core and replayed for their records
and measures give what the same games played move by move in Python give; each
position's standing is its outcome's scores."""

from __future__ import annotations

import random

import pytest
from wordbot.engine import get_game
from wordbot.players import make_player
from wordbot.players.arena import play_game

from tests.game_profiles import BUILTIN_NAMES, lexicon_of, short_rules
from wordbot.tournament.schedule import ScheduledGame
from wordbot.tournament.worker import GameWorker, WorkerSetup

SEEDS = range(3)
TABLES = [("greedy", "greedy"), ("greedy", "random")]


def worker(name: str, table: tuple[str, ...]) -> GameWorker:
    game = get_game(name)
    lexicon = lexicon_of(game)
    setup = WorkerSetup(
        players=tuple((f"p{i}", spec) for i, spec in enumerate(table)),
        lexicon_path=None,
        lexicon_digest=None,
        rules=short_rules(game).to_json(),
        colours=tuple(game.default_players[: len(table)]),
        record=True,
        game=name,
        measure=True,
    )
    made = GameWorker(setup, warm=False)
    made.lexicon = lexicon  # the small word list of every game's tests
    return made


def studied(made: GameWorker, seed: int) -> tuple[dict, str | None]:
    colours = made.setup.colours
    scheduled = ScheduledGame(
        index=seed,
        pairing=0,
        deal=seed,
        rotation=0,
        seed=seed,
        seats=tuple((c, f"p{i}") for i, c in enumerate(colours)),
    )
    outcome, record = made.play(scheduled)
    assert outcome.error is None
    return outcome.measures, record


@pytest.mark.parametrize("name", BUILTIN_NAMES)
@pytest.mark.parametrize("table", TABLES)
def test_a_studys_records_and_measures_are_the_python_games(name, table, monkeypatch):
    made = worker(name, table)
    for seed in SEEDS:
        monkeypatch.delenv("WORDBOT_CORE", raising=False)
        compiled = studied(made, seed)
        monkeypatch.setenv("WORDBOT_CORE", "off")
        python = studied(made, seed)
        assert compiled[1] and compiled[1] == python[1]  # the same bytes
        assert compiled[0] == python[0]


def games_states(name: str, spec: str, games: int = 3):
    """Every state of ``games`` short games of ``spec`` players."""
    game = get_game(name)
    out = []
    for seed in range(games):
        state = game.new(
            list(game.default_players[:2]),
            seed,
            short_rules(game),
            lexicon_of(game),
        )
        player = make_player(spec, game)
        states = [state]

        def on_move(before, _move, after, kept=states):
            # asked as the game goes: what a position keeps must not pass to the next
            before.standing()
            kept.append(after)

        play_game(state, dict.fromkeys(state.players, player), seed, on_move=on_move)
        out += states
    return out


@pytest.mark.parametrize("name", BUILTIN_NAMES)
@pytest.mark.parametrize("spec", ["greedy", "random"])
def test_a_standing_is_the_outcomes_scores_as_read_from_its_position(name, spec):
    game = get_game(name)
    states = games_states(name, spec)
    for state in states:
        outcome = state.outcome()
        assert state.standing() == dict(outcome.scores)
        # read back, a state keeps nothing of the game that made it
        fresh = game.from_json(state.to_json(), lexicon_of(game), 0)
        assert fresh.standing() == dict(outcome.scores)
        assert fresh.outcome().details == outcome.details


def test_control_word_standing_counts_controlled_words_and_penalties():
    from wordbot.engine.controlword.board import Board
    from wordbot.engine.controlword.moves import Redraw
    from wordbot.engine.controlword.tiles import Tile

    game = get_game("controlword")
    state = game.new(["red", "green"], 1, lexicon=lexicon_of(game))
    # CATS across: red holds 3 of 4, a majority (3 x 1 point); ATE down from its A:
    # green holds 2 of 3, a majority of a word that pays 0
    tiles = {
        (10, 10): Tile("C", "red"),
        (10, 11): Tile("A", "red"),
        (10, 12): Tile("T", "red"),
        (10, 13): Tile("S", "green"),
        (11, 11): Tile("T", "green"),
        (12, 11): Tile("E", "green"),
    }
    played = state._copy(
        board=Board(tiles, state.board.bounds),
        scores={"red": 7, "green": 2},
        penalties={"red": 0, "green": 1},
    )
    # and penalty tokens of second redraws, each board kept by the states after it
    redrawn = state.apply(Redraw()).apply(Redraw()).apply(Redraw())
    assert redrawn.board is state.board and sum(redrawn.penalties.values()) > 0
    assert redrawn.standing() == dict(redrawn.outcome().scores)
    assert redrawn.standing()[redrawn.to_move] < 0
    assert played.rules.penalty_points == 5
    assert played.standing() == {"red": 7 + 3, "green": 2 - 5}
    assert dict(played.outcome().scores) == played.standing()


@pytest.mark.parametrize(
    ("spec", "rules"),
    [("greedy", {}), ("random", {}), ("random", {"pie": True, "compensation": 2.5})],
)
def test_cross_words_digests_kept_from_state_to_state_are_the_positions(spec, rules):
    from wordbot.engine.crosswords.moves import Pass
    from wordbot.engine.pie import TakeOver
    from wordbot.engine.position import position_digest

    game = get_game("crosswords")
    kinds = set()
    for seed in range(3):
        state = game.new(["red", "green"], seed, game.Rules.from_json(rules))
        player = make_player(spec, game)
        # from here on each state's digest is made from an earlier one's: the last
        # state's, or (asked every few moves) one a few moves back
        state.digest()
        moves = 0
        while not state.is_over:
            move = (
                TakeOver()  # every letter and capture changes seat
                if state.pie_offered
                else player.choose(state, random.Random(seed * 1000 + moves))
            )
            kinds.add(type(move))
            state = state.apply(move)
            moves += 1
            if moves % (1 + seed) and not state.is_over:
                continue
            expected = position_digest(state.to_json())
            assert state.digest() == expected
            # and from scratch, read back from the position
            assert game.from_json(state.to_json()).digest() == expected
    assert Pass in kinds or spec == "greedy"
    assert TakeOver in kinds or not rules

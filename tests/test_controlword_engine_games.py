"""Property tests over random games of random legal actions.

Each game checks, after every action: tile conservation (every tile of every bag is in
exactly one place: bag, rack, board, discards, penalty pile), that the old state did not
change, that the position survives a JSON round trip, that checked and trusted ``apply``
agree, and that the engine's checker agrees with the tests' independent rule checker
(tests/controlword_rules.py) on the chosen move and on perturbed copies of it. After the game: the
record replays and reproduces every position, and the scores equal a recomputation from
the record alone.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import Placement, Replacement, WordPlay
from wordbot.engine.controlword.position import POSITION_FORMAT
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.errors import IllegalMove
from wordbot.engine.records import GameRecorder, read_record, replay

from tests.controlword_games import choose_action, invalid_word_attempt
from tests.controlword_rules import replacement_problem, word_play_problem
from tests.controlword_support import tile_census
from tests.lexicons import small_words

RULE_VARIANTS = [
    {},
    {"replacement_order": "reverse"},
    {"rotate_first_player": False},
    {"turn_order": "counterclockwise"},
    {"challenge_rule": "penalty"},
    {"board_size": 11},
    {"score_replacements": True},
    {"redraw_penalty": 1, "penalty_points": 3, "jqxz_bonus": 5},
]


def board_letters(board):
    return {sq: (t.letter, t.colour) for sq, t in board.items()}


def perturbations(move, rng):
    """Copies of a play shifted by one square or with one letter changed."""
    out = []
    dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
    out.append(
        type(move)(
            [Placement(t.row + dr, t.col + dc, t.letter, t.colour) for t in move.tiles]
        )
    )
    tiles = list(move.tiles)
    i = rng.randrange(len(tiles))
    t = tiles[i]
    tiles[i] = Placement(t.row, t.col, rng.choice("AEIOUSTRNL"), t.colour)
    out.append(type(move)(tiles))
    return out


def independent_verdict(state, move):
    rack = state.racks[state.to_move]
    board = board_letters(state.board)
    tiles = [(t.row, t.col, t.letter) for t in move.tiles]
    colours_ok = all(t.colour in (state.to_move, "blue") for t in move.tiles)
    need = Counter(t.letter.lower() if t.colour == "blue" else t.letter for t in move.tiles)
    rack_ok = not (need - Counter(rack))
    if isinstance(move, WordPlay):
        if state.phase != "word":
            return "phase"
        problem = word_play_problem(board, tiles, state.lexicon, rack, state.board.bounds)
    else:
        if state.phase != "replacement":
            return "phase"
        problem = replacement_problem(
            board, tiles, rack, state.to_move, state.replacement_limit, state.lexicon
        )
    if problem is None and not (colours_ok and rack_ok):
        problem = "rack colours"
    return problem


def engine_verdict(state, move):
    try:
        state.check(move)
        return None
    except IllegalMove as exc:
        return exc.rule


def recompute_played_scores(record):
    """The when-played scores, recomputed from the record alone (docs/rules/controlword.md formula)."""
    start = record.header["start"]
    rules = record.header["rules"]
    letters = {(r, c): ch for r, c, ch, _ in start["board"]}
    scores = dict.fromkeys(start["players"], 0)

    def points(word):
        n = len(word)
        if n < 4:
            return 0
        x = n - 3
        return (x * x - x + 2) // 2 + rules["jqxz_bonus"] * sum(
            word.count(ch) for ch in "JQXZ"
        )

    def run(sq, d):
        r, c = sq
        while (r - d[0], c - d[1]) in letters:
            r, c = r - d[0], c - d[1]
        out = []
        while (r, c) in letters:
            out.append((r, c))
            r, c = r + d[0], c + d[1]
        return tuple(out)

    for line in record.actions:
        move = line["move"]
        if move["type"] in ("word", "replace") and "challenged" not in line:
            for r, c, ch, _ in move["tiles"]:
                letters[(r, c)] = ch
            squares = [(r, c) for r, c, _, _ in move["tiles"]]
            runs = set()
            if move["type"] == "word" and len(squares) > 1:
                across = len({r for r, _ in squares}) == 1
                # the main word along the line, and perpendicular runs through new tiles
                runs.add(run(squares[0], (0, 1) if across else (1, 0)))
                runs |= {run(sq, (1, 0) if across else (0, 1)) for sq in squares}
            elif move["type"] == "word" or rules["score_replacements"]:
                runs = {run(sq, d) for sq in squares for d in ((0, 1), (1, 0))}
            for word_squares in runs:
                if len(word_squares) >= 2:
                    scores[line["player"]] += points(
                        "".join(letters[q] for q in word_squares)
                    )
        assert scores == line["scores"], line["action"]
    return scores


def play_game(tmp_path, seed, players, rules, mat, choice_seed, max_actions=400):
    lex = small_words()
    rng = random.Random(choice_seed)
    state = GAME.new(players, seed=seed, mat=mat, rules=rules, lexicon=lex)
    census = tile_census(state)
    path = tmp_path / f"game-{seed}.jsonl"
    recorder = GameRecorder(path, state, agents={p: "random" for p in players})
    free = 0
    turn = (state.round, state.phase, state.to_move)
    for _ in range(max_actions):
        if state.is_over:
            break
        move = None
        if (
            state.rules.challenge_rule == "penalty"
            and state.phase == "word"
            and rng.random() < 0.1
        ):
            move = invalid_word_attempt(state, rng)
        if move is None:
            move = choose_action(state, rng, free)
        if (
            isinstance(move, (WordPlay, Replacement))
            and engine_verdict(state, move) is None
        ):
            assert independent_verdict(state, move) is None, move
            for other in perturbations(move, rng):
                engine_ok = engine_verdict(state, other) is None
                assert engine_ok == (independent_verdict(state, other) is None), (
                    other,
                    engine_verdict(state, other),
                )
        before = state.to_json()
        after = state.apply(move)
        assert state.to_json() == before  # the old state never changes
        if engine_verdict(state, move) is None:
            assert after == state.apply(move, check=False)
        assert tile_census(after) == census
        back = GAME.from_json(after.to_json(), lex, seed=1)
        assert back.to_json() == after.to_json()
        recorder.record(move, after)
        state = after
        now = (state.round, state.phase, state.to_move)
        free = free + 1 if now == turn else 0
        turn = now
    assert state.is_over
    recorder.finish()
    return state, path


def random_games(rounds: list[int]):
    """The games hypothesis draws (3 in the default run, of at most 4 rounds; 15 in the
    slow run, up to 10 rounds, where the bags run low)."""
    return given(
        seed=st.integers(0, 2**40),
        n_players=st.integers(2, 4),
        variant=st.sampled_from(RULE_VARIANTS),
        mat=st.sampled_from([1, 2, 3, 4, 5, 6, "random"]),
        rounds=st.sampled_from(rounds),
        choice_seed=st.integers(0, 2**32),
    )


def random_game(tmp_path_factory, seed, n_players, variant, mat, rounds, choice_seed):
    """A game of random legal actions, recorded, replays exactly with the same scores."""
    tmp_path = tmp_path_factory.mktemp("games")
    players = ["red", "green", "black", "white"][:n_players]
    rules = Rules.from_json({**variant, "rounds": rounds})
    final, path = play_game(tmp_path, seed, players, rules, mat, choice_seed)
    record = read_record(path)
    result = replay(record, small_words())
    assert result.ok, result.mismatch
    assert result.actions == len(record.actions)
    assert result.final == final
    assert recompute_played_scores(record) == final.scores
    assert record.result == final.evaluate().to_json()
    assert final.to_json()["format"] == POSITION_FORMAT


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@random_games([2, 3, 4])
def test_random_games(tmp_path_factory, seed, n_players, variant, mat, rounds, choice_seed):
    random_game(tmp_path_factory, seed, n_players, variant, mat, rounds, choice_seed)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@random_games([3, 4, 10])
def test_many_random_games(
    tmp_path_factory, seed, n_players, variant, mat, rounds, choice_seed
):
    random_game(tmp_path_factory, seed, n_players, variant, mat, rounds, choice_seed)

"""The compiled Cross words combat generator against the slow reference written from
docs/rules/crosswords.md alone (tests/reference/crosswords.py): the same set-up, the same legal moves
and the same position after every legal move (captures, enclosures, extra turns, the
end), on every position of random games with random pages (words over a small alphabet,
so that they cross, wall in areas and carry markers) under varied rules.

CI runs 28 games; ``pytest -m slow`` runs 5,000 positions, 1,000 of them on the bundled
pages (``WORDBOT_SLOW_POSITIONS`` to change how many).
"""

from __future__ import annotations

import os

import pytest

from tests.crosswords_support import random_game_states
from tests.movelists import assert_same_moves
from tests.reference import crosswords as ref
from tests.sampling import fast_and_full


def without_rules(obj: dict) -> dict:
    return {k: v for k, v in obj.items() if k != "rules"}


def check_game(states, applied: int = 6) -> dict:
    """Compare one game's states with the reference (the positions after ``applied``
    moves of each, spread over its list, and after every crossing write); counts of what
    was covered."""
    seen = {"positions": 0, "writes": 0, "crossing": 0, "enclosing": 0, "pass": 0}
    first = states[0]
    setup = ref.new_position(
        first.pages[0].text(), first.pages[1].text(), first.rules.to_json()
    )
    assert without_rules(first.to_json()) == without_rules(setup)
    for state in states:
        obj = state.to_json()
        moves = state.legal_moves()
        assert_same_moves(moves, ref.legal_moves(obj), obj)
        seen["positions"] += 1
        step = max(1, len(moves) // applied)
        crossing = [i for i in range(len(moves)) if moves.details(i)["crossed"]]
        for i in sorted(set(range(0, len(moves), step)) | set(crossing)):
            move = moves[i]
            details = moves.details(i)
            seen["writes"] += move.type == "write"
            seen["pass"] += move.type == "pass"
            seen["crossing"] += details["crossed"] > 0
            seen["enclosing"] += details["enclosed"] > 0
            after = state.apply(move)
            assert without_rules(after.to_json()) == without_rules(
                ref.apply(obj, move.to_json())
            ), (obj, move)
            # the gain is the cells the write captures now
            assert (
                sum(after.scores.values()) - sum(state.scores.values()) == moves.gains()[i]
            )
    return seen


@fast_and_full("games", 3, 25)
def test_random_games_equal_the_reference(games):
    seen = {}
    for seed in range(games):
        for k, v in check_game(random_game_states(seed)).items():
            seen[k] = seen.get(k, 0) + v
    # the games cover every kind of move (the counts of 25 games, in proportion)
    share = games / 25
    assert seen["positions"] > 500 * share and seen["pass"] > 10 * share
    assert seen["crossing"] > 20 * share and seen["enclosing"] > 100 * share, seen


def test_games_on_the_default_pages_equal_the_reference():
    # every eighth position of one game: the reference is slow on pages of hundreds of
    # words (the slow run checks a thousand positions there)
    check_game(random_game_states(0, default_pages=True)[::8], applied=2)


CHUNKS = 10
#: the share of the slow run's positions on the bundled pages (the reference takes most
#: of a second a position there: it tries every word of a page of 400)
ON_DEFAULT_PAGES = 0.2


@pytest.mark.slow
@pytest.mark.parametrize("pages", ["default", "random"])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_many_positions_equal_the_reference(chunk, pages):
    total = int(os.environ.get("WORDBOT_SLOW_POSITIONS", "5000"))
    share = ON_DEFAULT_PAGES if pages == "default" else 1 - ON_DEFAULT_PAGES
    want = round(total * share / CHUNKS)
    done, seed = 0, 1000 + chunk * 100_000
    while done < want:
        states = random_game_states(seed, default_pages=pages == "default")
        done += check_game(states[: want - done], applied=5 if pages == "default" else 20)[
            "positions"
        ]
        seed += 1

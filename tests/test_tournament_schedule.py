"""The tournament schedule: player lists, pairings, rotated seats on shared deals."""

from __future__ import annotations

from collections import Counter

import pytest
from wordbot.players import PlayerError

from wordbot.tournament.config import new_config
from wordbot.tournament.schedule import (
    Schedule,
    TournamentError,
    player_names,
    split_player_list,
)  # fmt: skip


def test_player_lists_keep_options_with_commas():
    assert split_player_list("greedy,random") == ["greedy", "random"]
    assert split_player_list("control:leave=0.5,risk=0, greedy") == [
        "control:leave=0.5,risk=0",
        "greedy",
    ]
    with pytest.raises(TournamentError, match="option of no player"):
        split_player_list("leave=0.5,greedy")


def test_player_names_are_canonical_specs_and_repeats_are_numbered():
    assert player_names(["greedy", "greedy", "random", "greedy"]) == {
        "greedy": "greedy",
        "greedy#2": "greedy",
        "random": "random",
        "greedy#3": "greedy",
    }
    with pytest.raises(PlayerError, match="unknown player 'nope'"):
        player_names(["greedy", "nope"])
    with pytest.raises(PlayerError, match="unknown option 'speed'"):
        player_names(["greedy:speed=3"])


def test_two_seats_play_each_deal_both_ways():
    s = Schedule(["a", "b", "c"], seats=2, games=4, seed=9)
    assert s.pairings == [("a", "b"), ("a", "c"), ("b", "c")]
    assert len(s) == 12 and len(s.games) == 12
    for game in s.games:
        assert s.game(game.index) == game
        assert s.index_of(game.pairing, game.deal, game.rotation) == game.index
    # deal-major order: deal 0 of every pairing before deal 1 of any
    assert [g.deal for g in s.games] == [0] * 6 + [1] * 6
    for pairing in range(3):
        for deal in range(2):
            first, second = (s.game(s.index_of(pairing, deal, r)) for r in range(2))
            assert first.seed == second.seed
            assert first.seats[0][1] == second.seats[1][1]  # swapped
            assert first.seats[1][1] == second.seats[0][1]
    # a deal is the same for every pairing; deals differ
    assert len({g.seed for g in s.games if g.deal == 0}) == 1
    assert s.deal_seed(0) != s.deal_seed(1)
    assert Schedule(["a", "b"], 2, 2, seed=9).deal_seed(0) == s.deal_seed(0)


def test_more_seats_rotate_so_each_player_sits_everywhere_once_per_deal():
    s = Schedule(
        ["a", "b", "c", "d"], seats=3, games=6, seed=1, seat_names=("red", "green", "black")
    )
    assert len(s.pairings) == 4  # C(4, 3)
    for pairing in range(4):
        for deal in range(2):
            seen = Counter()
            for r in range(3):
                g = s.game(s.index_of(pairing, deal, r))
                assert g.colours == ("red", "green", "black")
                seen.update(g.seats)
            assert all(v == 1 for v in seen.values()) and len(seen) == 9


def test_gauntlet_pairs_the_player_with_each_group_of_opponents():
    s = Schedule(["me", "x", "y", "z"], seats=2, games=2, seed=1, gauntlet="me")
    assert s.pairings == [("me", "x"), ("me", "y"), ("me", "z")]
    s3 = Schedule(["me", "x", "y", "z"], seats=3, games=3, seed=1, gauntlet="me")
    assert s3.pairings == [("me", "x", "y"), ("me", "x", "z"), ("me", "y", "z")]


@pytest.mark.parametrize("seats,games", [(2, 3), (3, 4), (4, 2), (2, 0)])
def test_games_must_be_a_multiple_of_the_rotation(seats, games):
    with pytest.raises(
        TournamentError, match=f"--games {games}: must be a positive multiple of {seats}"
    ):
        Schedule(["a", "b", "c", "d"], seats=seats, games=games, seed=1)


def test_too_few_players():
    with pytest.raises(TournamentError, match="at least 3 players"):
        Schedule(["a", "b"], seats=3, games=3, seed=1)
    with pytest.raises(TournamentError, match="at least 2 opponents"):
        Schedule(["me", "x"], seats=3, games=3, seed=1, gauntlet="me")


def test_new_config_checks_everything_before_the_lexicon():
    with pytest.raises(TournamentError, match="one or the other"):
        new_config(players="greedy,random", gauntlet="greedy", opponents="random")
    with pytest.raises(TournamentError, match="needs both"):
        new_config(gauntlet="greedy")
    with pytest.raises(TournamentError, match="no players"):
        new_config()
    with pytest.raises(TournamentError, match="only for games of two players"):
        new_config(
            players="greedy,random,control", seats=3, games=3, sprt=(0, 10, 0.05, 0.05)
        )

"""Every game the suite plays, and the one place for each game's test figures.

The games are the registry's (:data:`wordbot.engine.games.GAMES`) plus the toy game of
``tests/toygame.py``, loaded as a plugin: a new registry line adds a game to the contract
suite (tests/test_game_contract.py) and to every test that runs each game, with no edit
to a test. A game's :class:`Profile` holds what a test cannot work out from the game
itself: the rules that keep a whole game short, rule texts far from the defaults, a short
study, sample positions. Every field has a default, so a game with no entry here still
runs every one of those tests, on its default rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wordbot.engine.games import GAMES

from tests.lexicons import SMALL_WORDS, small_words
from wordbot.plugins import load_catalog

#: the registry's games and the toy game (a plugin): what the faces of a test know
CATALOG = load_catalog(["tests.toygame"])
#: the registry's games: those every face knows without a plugin
BUILTIN_NAMES = GAMES.names()
#: every game the contract suite checks
NAMES = CATALOG.games.names()


@dataclass(frozen=True)
class Profile:
    """One game's figures for the tests (see the module docstring)."""

    #: rule options (JSON values) that keep a whole game short, a few dozen moves at
    #: most, where the game has such a rule; {} plays the default rules
    short: Mapping[str, Any] = field(default_factory=dict)
    #: rule texts far from the defaults, in every kind of option the game has
    changed: tuple[str, ...] = ()
    #: moves of the sample playout whose positions and moves the round trips check
    sample_plies: int = 12
    #: legal moves of each kind whose notation and JSON round trip in each position
    sample_moves: int = 2
    #: the most moves a short game may take: a playout past it fails
    max_plies: int = 400
    #: a short ``wordbot study``: (its arguments, variants, seats of each variant);
    #: None: the game's default rules at its smallest table, one variant
    study: tuple[list[str], int, list[int]] | None = None
    #: the searching bot of the tests that compare its moves, on a budget of
    #: iterations alone (its time far away, so a busy machine cannot cut it short)
    search: str = "mc:iterations=2,k=2,time=600"
    #: hand-made positions (partial ones too: the reader fills in what is left out),
    #: read and written beside those of the playouts
    positions: Callable[[], list[dict[str, Any]]] = list

    def budgeted(self, name: str) -> str:
        """The player ``name`` for the tests: a searching one (``mc``, ``search``) on
        this profile's budget of iterations, any other as it is.

        >>> Profile().budgeted("search"), Profile().budgeted("greedy")
        ('search:iterations=2,k=2,time=600', 'greedy')
        """
        if name in ("mc", "search"):
            return name + ":" + self.search.partition(":")[2]
        return name


#: RouteWords' position of the format's documentation
ROUTEWORDS_EXAMPLE = {
    "format": "wordbot.routewords.position/1",
    "players": ["red", "green"],
    "to_move": "red",
    "phase": "turn",
    "turn": 7,
    "grid": ["TEIKL", "AMGQO", "WSWPR", "EOTOL", "YTRDS"],
    "owners": [[2, 1, "red"]],
    "coins": [[0, 0, 5], [0, 1, 2]],
    "pawns": {"red": [2, 2], "green": [4, 1]},
    "scores": {"red": 3, "green": 1},
    "bonus_tokens": {"red": 1, "green": 0},
    "ko": [[1, 1], [2, 2]],
    "turns_taken": {"red": 3, "green": 3},
}

#: Control Word's position of the format's documentation: green's rack is unknown and
#: the bags are left out (the reader infers them)
CONTROLWORD_EXAMPLE = {
    "format": "wordbot.controlword.position/1",
    "rules": {"rounds": 10},
    "players": ["red", "green"],
    "first_player": "red",
    "to_move": "red",
    "phase": "word",
    "round": 2,
    "rack_limit": 8,
    "replacement_limit": 3,
    "board": [[0, 0, "S", "blue"], [0, 1, "T", "red"]],
    "racks": {"red": "AEINRSt"},
    "scores": {"red": 0, "green": 0},
    "penalties": {"red": 0, "green": 0},
}


def _firstdraft_example() -> list[dict[str, Any]]:
    from wordbot.engine.firstdraft.state import EXAMPLE

    return [EXAMPLE]


PROFILES: dict[str, Profile] = {
    "controlword": Profile(
        short={"rounds": 1},
        changed=("rounds=6", "board_size=15", "replacement_order=reverse"),
        study=(["--vary", "rounds=2,3", "--players", "greedy"], 2, [2, 2]),
        search="mc:iterations=3,k=2,time=600",
        positions=lambda: [CONTROLWORD_EXAMPLE],
    ),
    "routewords": Profile(
        short={"turn_limit": 2},
        changed=("ko_rule=false", "turn_limit=90"),
        study=(["--vary", "turn_limit=3,5", "--players", "greedy,random"], 2, [2, 2]),
        positions=lambda: [ROUTEWORDS_EXAMPLE],
    ),
    "firstdraft": Profile(
        changed=("coasters=1,1,2,2,3,3,4,4,5,5", "payout=3:1,4:3,9:20"),
        sample_plies=8,
        study=(["--vary", "seats=2,3", "--players", "greedy"], 2, [2, 3]),
        # its mc was the peeking test's slowest case at three playouts a candidate
        # (12-28 s); one a candidate still compares two candidates on sampled draws
        search="mc:iterations=1,k=2,time=600",
        positions=_firstdraft_example,
    ),
    "crosswords": Profile(
        short={"turn_limit": 3},
        changed=("turn_limit=20", "start_gap=8"),
        study=(
            ["--vary", "turn_limit=2,3", "--vary", "start_gap=2,4", "--players", "greedy"],
            4,
            [2, 2, 2, 2],
        ),
    ),
}


def profile(name: str) -> Profile:
    """The figures of the game ``name`` (the defaults for a game with no entry)."""
    return PROFILES.get(name, Profile())


def game_of(name: str) -> Any:
    """The game ``name``, plugin games included."""
    return CATALOG.game(name)


def lexicon_of(game: Any) -> Any:
    """The tests' small word list (tests/data/small_words.txt) for a game that reads
    words, else None."""
    return small_words() if game.uses_lexicon else None


def lexicon_args(name: str) -> list[str]:
    """The command-line arguments that give the game ``name`` the same small word
    list."""
    return ["--lexicon", str(SMALL_WORDS)] if game_of(name).uses_lexicon else []


def short_rules(game: Any) -> Any:
    """The game's rules with its profile's short rule options."""
    return game.Rules.from_json(dict(profile(game.name).short))


def short_rule_texts(name: str) -> list[str]:
    """The profile's short rule options as ``NAME=VALUE`` texts (``--rule``)."""
    game = game_of(name)
    return list(short_rules(game).texts())


def new_short(game: Any, seed: int, players: Any = None) -> Any:
    """A new short game (the profile's short rules, the small word list)."""
    return game.new(players, seed, short_rules(game), lexicon_of(game))


def random_playout(state: Any, rng: random.Random, plies: int | None = None):
    """The states and moves of uniformly random legal moves from ``state``: to the end,
    or ``plies`` moves (the list's own objects: a game may apply them unchecked, as
    the generator's output; tests/test_game_contract.py checks that this changes
    nothing)."""
    states, moves = [state], []
    while not state.is_over and (plies is None or len(moves) < plies):
        listed = state.legal_moves()
        move = listed[rng.randrange(len(listed))]
        state = state.apply(move)
        states.append(state)
        moves.append(move)
    return states, moves

"""Setting up a new Control Word game (RULES.md "Set-up"): the mat, both dice, every rack
dealt in seat order, and the first player chosen by each player drawing a tile (lowest
letter starts, ties draw again among the tied; the tiles go back). Everything comes from
one seeded generator.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import cast

from wordbot.engine.controlword.board import Board, centred_bounds
from wordbot.engine.controlword.mats import builtin_mat, random_mat
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.tiles import (
    BLUE,
    BLUE_CONSONANTS,
    BLUE_VOWELS,
    DRAW_DIE,
    FULL_BAG,
    FULL_CONSONANT_BAG,
    FULL_VOWEL_BAG,
    PLAYER_COLOURS,
    REPLACEMENT_DIE,
    VOWELS,
    remove_letters,
    sort_tiles,
)
from wordbot.engine.errors import RuleError, StateError
from wordbot.engine.rng import Rng, seed_state


def check_players(players: Sequence[str] | str) -> tuple[str, ...]:
    """2-4 distinct player colours (a list or a comma-separated string)."""
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    players = tuple(players)
    for p in players:
        if p not in PLAYER_COLOURS:
            raise StateError(
                f"players: {p!r} is not a player colour ({', '.join(PLAYER_COLOURS)})"
            )
    if len(set(players)) != len(players):
        raise StateError(f"players: a colour appears twice in {','.join(players)}")
    if not 2 <= len(players) <= 4:
        raise StateError(f"players: {len(players)} players; Control Word needs 2 to 4")
    return players


def roll_dice(rng: Rng) -> tuple[int, int]:
    """Roll the draw die and the replacement die: (rack limit R, replacement limit L)."""
    return DRAW_DIE[rng.below(6)], REPLACEMENT_DIE[rng.below(6)]


def new_state(cls, players, seed, mat, rules, lexicon):
    """A new game's first state (``cls`` is the state class; see
    :meth:`~wordbot.engine.controlword.state.ControlWordState.new`)."""
    players = check_players(players)
    rules = rules or Rules()
    if mat is not None:
        rules = Rules.parse([f"start_mat={mat}"], base=rules)
    if lexicon is None:
        from wordbot.dictionaries import Lexicon

        lexicon = Lexicon.load(None)
    if seed is None:
        seed = secrets.randbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateError(f"seed: {seed!r} is not an integer")
    rng = Rng(seed_state(seed))
    if rules.start_mat == "random":
        tiles = random_mat(lexicon, rng)
    else:
        tiles = builtin_mat(rules.start_mat)
    bounds = centred_bounds(rules.board_size) if rules.board_size is not None else None
    board = Board(tiles, bounds)
    if not all(board.in_bounds(sq) for sq in tiles):
        extent = board.extent()
        assert extent is not None  # the mat has tiles
        r0, r1, c0, c1 = extent
        raise RuleError(
            f"board_size: {rules.board_size} is smaller than the start mat "
            f"({r1 - r0 + 1} x {c1 - c0 + 1})"
        )
    rack_limit, replacement_limit = roll_dice(rng)
    events: list[tuple] = [("roll", rack_limit, replacement_limit)]
    bags = {p: FULL_BAG for p in players}
    # The mat's letters count as blue tiles taken from the blue bags, so that a
    # position's blue bags are always the full set minus the blue tiles seen
    # (FORMATS.md infers them that way).
    mat_letters = [t.letter for t in tiles.values()]
    # (a mat's letters always come out of the full blue bags: never None)
    bags[BLUE_VOWELS] = cast(
        str,
        remove_letters(FULL_VOWEL_BAG, "".join(ch for ch in mat_letters if ch in VOWELS)),
    )
    bags[BLUE_CONSONANTS] = cast(
        str,
        remove_letters(
            FULL_CONSONANT_BAG, "".join(ch for ch in mat_letters if ch not in VOWELS)
        ),
    )
    racks = {}
    for p in players:
        drawn, bags[p] = rng.draw(bags[p], rack_limit)
        racks[p] = sort_tiles(drawn)
        events.append(("draw", p, drawn))
    contenders = list(players)
    while True:
        shown = {p: bags[p][rng.below(len(bags[p]))] for p in contenders}
        events.append(("first_player_draw", dict(shown)))
        low = min(shown.values())
        contenders = [p for p in contenders if shown[p] == low]
        if len(contenders) == 1:
            break
    s = cls.__new__(cls)
    s.players = players
    s.first_player = contenders[0]
    s.to_move = contenders[0]
    s.phase = "word"
    s.round = 1
    s.rack_limit = rack_limit
    s.replacement_limit = replacement_limit
    s.board = board
    s.racks = racks
    s.scores = dict.fromkeys(players, 0)
    s.penalties = dict.fromkeys(players, 0)
    s.bags = bags
    s.discards = dict.fromkeys(players + (BLUE,), "")
    s.penalty_tiles = dict.fromkeys(players, "")
    s.rules = rules
    s.lexicon = lexicon
    s.seed = seed
    s.rng_state = rng.state
    s.redraws = 0
    s.acted = False
    s.events = tuple(events)
    s.origin = "new"
    s.rack_sizes = {}
    return s

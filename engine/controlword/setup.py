"""Setting up a new Control Word game (docs/rules/controlword.md "Set-up"): the mat, both dice, every rack
dealt in seat order, and the first player chosen by each player drawing a tile (lowest
letter starts, ties draw again among the tied; the tiles go back). Everything comes from
one seeded generator.
"""

from __future__ import annotations

from typing import Any, cast

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
    REPLACEMENT_DIE,
    VOWELS,
    remove_letters,
    sort_tiles,
)
from wordbot.engine.errors import RuleError
from wordbot.engine.rng import Rng, seed_state


def word_order(
    players: tuple[str, ...], first_player: str, rules: Rules
) -> tuple[str, ...]:
    """The word phase order of a round: the seats from the first player, clockwise or
    not as ``rules.turn_order`` says."""
    seats = players if rules.turn_order == "clockwise" else players[::-1]
    i = seats.index(first_player)
    return seats[i:] + seats[:i]


def roll_dice(rng: Rng) -> tuple[int, int]:
    """Roll the draw die and the replacement die: (rack limit R, replacement limit L)."""
    return DRAW_DIE[rng.below(6)], REPLACEMENT_DIE[rng.below(6)]


def deal(players: tuple[str, ...], rules: Rules, seed: int, lexicon) -> dict[str, Any]:
    """The fields of a new game's first state (:meth:`~wordbot.engine.game.Game.deal`):
    the start mat, both dice rolled, racks dealt to R in seat order, and the first
    player chosen by each player drawing a tile (lowest letter starts, ties draw again
    among the tied; the tiles go back)."""
    rng = Rng(seed_state(seed))
    if rules.start_mat == "random":
        tiles = random_mat(lexicon, rng)
    else:
        tiles = builtin_mat(cast(int, rules.start_mat))
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
    # (docs/formats.md infers them that way).
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
    return {
        "players": players,
        "first_player": contenders[0],
        "to_move": contenders[0],
        "phase": "word",
        "round": 1,
        "rack_limit": rack_limit,
        "replacement_limit": replacement_limit,
        "board": board,
        "racks": racks,
        "scores": dict.fromkeys(players, 0),
        "penalties": dict.fromkeys(players, 0),
        "bags": bags,
        "discards": dict.fromkeys(players + (BLUE,), ""),
        "penalty_tiles": dict.fromkeys(players, ""),
        "rng_state": rng.state,
        "redraws": 0,
        "acted": False,
        "events": tuple(events),
        "rack_sizes": {},
    }

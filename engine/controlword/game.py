"""Control Word as a :class:`~wordbot.engine.game.Game`: its names, rules, set-up and
pictures; the registry (:mod:`wordbot.engine.games`) finds it as ``GAME``.

>>> GAME.name, GAME.position_format, GAME.display
('controlword', 'wordbot.controlword.position/1', 'wordbot.engine.controlword.display')
"""

from __future__ import annotations

from typing import Any, cast

from wordbot.engine.controlword.board import Board, centred_bounds
from wordbot.engine.controlword.mats import builtin_mat, random_mat
from wordbot.engine.controlword.moves import NOTATION_HELP
from wordbot.engine.controlword.position import read_position
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.state import ControlWordState
from wordbot.engine.controlword.tiles import (
    BLUE,
    BLUE_CONSONANTS,
    BLUE_VOWELS,
    FULL_BAG,
    FULL_CONSONANT_BAG,
    FULL_VOWEL_BAG,
    VOWELS,
    remove_letters,
    roll_dice,
    sort_tiles,
)
from wordbot.engine.errors import PositionError, RuleError
from wordbot.engine.game import Game
from wordbot.engine.rng import Rng, seed_state
from wordbot.engine.setup import rule_shortcut

MAX_EXTENT = 1000  # rows or columns a position's board may span (check_size)
MAX_RACK = 20  # tiles on one rack (the rules never make more than 9)


class ControlWord(Game[ControlWordState]):
    """docs/rules/controlword.md: a crossword tile game of coloured tiles where players also
    replace each other's tiles to take control of words."""

    name = "controlword"
    title = "Control Word"
    Rules = Rules
    uses_lexicon = True
    seats = ("red", "green", "black", "white")
    default_players = ("red", "green")
    min_players = 2
    max_players = 4
    players_are_seats = True
    State = ControlWordState
    hidden_information = True
    seeds_from_reading = True
    move_kinds = {
        "word": "word plays (whatever the phase)",
        "replace": "replacement plays, up to the position's replacement_limit tiles",
    }
    size_limits = {"board_extent": MAX_EXTENT, "rack_tiles": MAX_RACK}
    notation_help = NOTATION_HELP
    setup_options = (
        rule_shortcut(
            Rules,
            "start_mat",
            "--mat",
            "1-6|random",
            "the start mat, 1-6 or random (the start_mat rule: the same as --rule "
            "start_mat=...)",
        ),
    )

    def deal(self, players, rules, seed, lexicon, setup) -> dict[str, Any]:
        """The start mat (docs/rules/controlword.md "Set-up"), both dice rolled, racks
        dealt to R in seat order, and the first player chosen by each player drawing a
        tile (lowest letter starts, ties draw again among the tied; the tiles go back),
        all from one generator seeded by ``seed``."""
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
        # (docs/formats/controlword.md infers them that way).
        mat_letters = [t.letter for t in tiles.values()]
        # (a mat's letters always come out of the full blue bags: never None)
        bags[BLUE_VOWELS] = cast(
            str,
            remove_letters(
                FULL_VOWEL_BAG, "".join(ch for ch in mat_letters if ch in VOWELS)
            ),
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

    def read(self, obj, rules, seed) -> dict[str, Any]:
        """See :func:`~wordbot.engine.controlword.position.read_position`."""
        return {**read_position(obj, rules, self.seating()), "rng_state": seed_state(seed)}

    def check_size(self, state: ControlWordState) -> None:
        """Boards so spread out that packing them into arrays would exhaust memory, and
        racks so big that listing their plays would take minutes, are refused."""
        for colour, rack in state.racks.items():
            if len(rack) > MAX_RACK:
                raise PositionError(
                    f"racks.{colour}: {len(rack)} tiles; the limit is {MAX_RACK}"
                )
        extent = state.board.extent()
        if extent is not None:
            r0, r1, c0, c1 = extent
            h, w = r1 - r0 + 1, c1 - c0 + 1
            if h > MAX_EXTENT or w > MAX_EXTENT:
                raise PositionError(
                    f"board: the tiles span {h} rows x {w} columns; the "
                    f"limit is {MAX_EXTENT} each way"
                )

    def record_header(self, state: ControlWordState) -> dict[str, Any]:
        return {"mat": state.rules.start_mat}

    def playout_done(self, start: ControlWordState, state: ControlWordState) -> bool:
        """A default playout ends with the round it started in."""
        return state.round != start.round

    display = "wordbot.engine.controlword.display"
    core = "wordbot.engine.controlword.core"
    tensor = "wordbot.engine.controlword.tensor"
    #: points when played vs from control at the end, penalties, words controlled, each
    #: totalled over all players
    measures = "wordbot.engine.controlword.measures"


GAME = ControlWord()
ControlWordState.game = GAME  # the state's half of the link (states name their game)

"""Position JSON (docs/formats/controlword.md, format ``wordbot.controlword.position/1``).

Reading is strict: every required field must be there, unknown fields are errors, and
every error names the field. Choices this reader and writer make where
docs/formats/controlword.md leaves room:

- ``bags`` keys are the player colours and ``"blue"``; the blue string holds both blue
  bags at once (its vowels A E I O U are the blue vowel bag, every other letter the blue
  consonant bag). Missing keys (or a missing ``bags``) are inferred: the full set minus
  the tiles of that colour seen on the board and on the known racks. (Tiles that left the
  game by replacement or as penalty tokens are not "seen", so an inferred bag holds them.)
- Tiles a position does not account for (not in a bag, on the board or on a known rack)
  are the state's ``discards`` of that colour; penalty tokens read from a position are
  counters (their tiles, if any, are among the blue discards).
- The writer always writes every rule option in ``rules``, every known rack, and every
  bag; racks and bags are sorted strings; board tiles in row-then-column order.
- Per-turn state that the format does not carry starts fresh on reading: no rack redraw
  has been made in the current turn, and the round counts as having had a play (so the
  "everybody passed the whole round" end cannot trigger on a round that began before the
  position was read) unless the position is at the very start of a round (word phase,
  first player to move).
- The generator of a state read with ``seed=None`` is seeded from the sha256 of the
  position's canonical JSON (sorted keys, no spaces), so the same position always draws
  the same tiles.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wordbot.engine.controlword.board import Board, centred_bounds
from wordbot.engine.controlword.moves import parse_tile
from wordbot.engine.controlword.rules import Rules, word_order
from wordbot.engine.controlword.tiles import (
    BLUE,
    BLUE_CONSONANTS,
    BLUE_VOWELS,
    DRAW_DIE,
    REPLACEMENT_DIE,
    TILE_COUNTS,
    VOWELS,
    Tile,
    excess,
    sort_tiles,
)
from wordbot.engine.errors import PositionError
from wordbot.engine.position import (
    check_fields,
    int_in,
    letters,
    per_player,
    player_in,
    read_header,
)

from wordbot.errors import WordbotError

POSITION_FORMAT = "wordbot.controlword.position/1"
#: the most tiles a rack holds (the draw die's highest face, and redraws never add)
MAX_RACK_SIZE = 9
REQUIRED = (
    "format", "players", "first_player", "to_move", "phase", "round", "rack_limit",
    "replacement_limit", "board", "racks", "scores", "penalties",
)  # fmt: skip
OPTIONAL = ("rules", "bags", "rack_sizes")
_FULL = Counter(TILE_COUNTS)


def state_to_json(state) -> dict[str, Any]:
    board = state.board
    bags = {p: state.bags[p] for p in state.players}
    bags[BLUE] = sort_tiles(state.bags[BLUE_VOWELS] + state.bags[BLUE_CONSONANTS])
    obj = {
        "format": POSITION_FORMAT,
        "rules": state.rules.to_json(),
        "players": list(state.players),
        "first_player": state.first_player,
        "to_move": state.to_move,
        "phase": state.phase,
        "round": state.round,
        "rack_limit": state.rack_limit,
        "replacement_limit": state.replacement_limit,
        "board": [[r, c, t.letter, t.colour] for (r, c), t in sorted(board.items())],
        "racks": {p: state.racks[p] for p in state.players if p in state.racks},
        "scores": {p: state.scores[p] for p in state.players},
        "penalties": {p: state.penalties[p] for p in state.players},
        "bags": bags,
    }
    if state.rack_sizes:  # a view: the hidden racks' sizes (docs/protocol.md)
        obj["rack_sizes"] = dict(sorted(state.rack_sizes.items()))
    return obj


def _rack_sizes(obj: Any, players, racks) -> dict[str, dict[str, int]]:
    """The ``rack_sizes`` of a view: for racks left out, how many tiles each holds and
    how many of them are blue (``{"green": {"tiles": 8, "blue": 2}}``)."""
    if not isinstance(obj, dict):
        raise PositionError("rack_sizes: must be an object colour -> {tiles, blue}")
    sizes = {}
    for p, size in obj.items():
        where = f"rack_sizes.{p}"
        if p not in players:
            raise PositionError(f"{where}: not a player of this game")
        if p in racks:
            raise PositionError(f"{where}: the rack is given; its size is its length")
        check_fields(size, ("tiles", "blue"), (), where)
        tiles = int_in(size["tiles"], f"{where}.tiles", 0, MAX_RACK_SIZE)
        blue = int_in(size["blue"], f"{where}.blue", 0, tiles)
        sizes[p] = {"tiles": tiles, "blue": blue}
    return sizes


def read_position(obj: Any, rules: Rules, seating: dict[str, Any]) -> dict[str, Any]:
    """The fields of the state of a position, every field checked (``seating``: who may
    sit, :meth:`~wordbot.engine.game.Game.seating`); the state's generator is the
    caller's."""
    header = read_header(
        obj, REQUIRED, OPTIONAL, ("word", "replacement", "over"), **seating
    )
    players, to_move, phase = header
    first_player = player_in(obj["first_player"], players, "first_player")
    rnd = int_in(obj["round"], "round", 1)
    if rnd > rules.rounds:
        raise PositionError(
            f"round: {rnd} is past the last round (rules.rounds = {rules.rounds})"
        )
    rack_limit = int_in(obj["rack_limit"], "rack_limit")
    if rack_limit not in DRAW_DIE:
        raise PositionError(
            f"rack_limit: {rack_limit} is not a face of the draw die (6, 7, 8, 9)"
        )
    replacement_limit = int_in(obj["replacement_limit"], "replacement_limit")
    if replacement_limit not in REPLACEMENT_DIE:
        raise PositionError(
            f"replacement_limit: {replacement_limit} is not a face of the replacement die "
            "(2, 3, 4, 5)"
        )

    bounds = centred_bounds(rules.board_size) if rules.board_size is not None else None
    board_list = obj["board"]
    if not isinstance(board_list, list):
        raise PositionError("board: must be a list of [row, col, LETTER, colour]")
    tiles: dict[tuple[int, int], Tile] = {}
    probe = Board({}, bounds)
    for i, item in enumerate(board_list):
        where = f"board[{i}]"
        try:
            row, col, letter, colour = parse_tile(item, where)
        except WordbotError as exc:
            raise PositionError(str(exc)) from None
        if colour != BLUE and colour not in players:
            raise PositionError(f"{where}: colour {colour!r} is not playing in this game")
        if (row, col) in tiles:
            raise PositionError(f"{where}: square {row},{col} appears twice")
        if not probe.in_bounds((row, col)):
            assert bounds is not None  # only a bounded board has squares outside it
            r0, r1, c0, c1 = bounds
            raise PositionError(
                f"{where}: square {row},{col} is outside the {rules.board_size}x"
                f"{rules.board_size} board (rows {r0}..{r1}, cols {c0}..{c1})"
            )
        tiles[(row, col)] = Tile(letter, colour)

    racks_obj = obj["racks"]
    if not isinstance(racks_obj, dict):
        raise PositionError("racks: must be an object colour -> rack")
    racks = {}
    for key, rack in racks_obj.items():
        if key not in players:
            raise PositionError(f"racks.{key}: not a player of this game")
        racks[key] = sort_tiles(letters(rack, f"racks.{key}", lower=True))
    # played points only grow and penalty tokens are counted apart: neither goes below 0
    scores = per_player(obj["scores"], players, "scores")
    penalties = per_player(obj["penalties"], players, "penalties")

    bags_obj = obj.get("bags", {})
    if not isinstance(bags_obj, dict):
        raise PositionError("bags: must be an object colour -> letters")
    for key in bags_obj:
        if key not in players and key != BLUE:
            raise PositionError(f"bags.{key}: not a player of this game or blue")

    # Supply: nothing may exceed the tile set of its colour.
    seen: dict[str, Counter[str]] = {c: Counter() for c in players + (BLUE,)}
    for t in tiles.values():
        seen[t.colour][t.letter] += 1
    for c in players + (BLUE,):
        bad = excess(seen[c], _FULL)
        if bad:
            raise PositionError(f"board: more {c} tiles than a bag holds ({bad})")
    for p, rack in racks.items():
        seen[p].update(ch for ch in rack if ch.isupper())
        seen[BLUE].update(ch.upper() for ch in rack if ch.islower())
        for c in (p, BLUE):
            bad = excess(seen[c], _FULL)
            if bad:
                raise PositionError(
                    f"racks.{p}: the bags could not have supplied this rack ({c} {bad})"
                )
    bags = {}
    discards = {}
    for c in players + (BLUE,):
        if c in bags_obj:
            bag = sort_tiles(letters(bags_obj[c], f"bags.{c}"))
            bad = excess(seen[c] + Counter(bag), _FULL)
            if bad:
                raise PositionError(
                    f"bags.{c}: more tiles than the set holds with the board and racks ({bad})"
                )
        else:
            bag = "".join(sorted((_FULL - seen[c]).elements()))
        accounted = seen[c] + Counter(bag)
        discards[c] = "".join(sorted((_FULL - accounted).elements()))
        if c == BLUE:
            bags[BLUE_VOWELS] = "".join(ch for ch in bag if ch in VOWELS)
            bags[BLUE_CONSONANTS] = "".join(ch for ch in bag if ch not in VOWELS)
        else:
            bags[c] = bag

    return {
        **header.fields(),
        "first_player": first_player,
        "round": rnd,
        "rack_limit": rack_limit,
        "replacement_limit": replacement_limit,
        "board": Board(tiles, bounds),
        "racks": racks,
        "scores": scores,
        "penalties": penalties,
        "bags": bags,
        "discards": discards,
        "penalty_tiles": dict.fromkeys(players, ""),
        "redraws": 0,
        "acted": not (
            phase == "word" and to_move == word_order(players, first_player, rules)[0]
        ),
        "events": (),
        "rack_sizes": _rack_sizes(obj.get("rack_sizes", {}), players, racks),
    }

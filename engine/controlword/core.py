"""Control Word's compiled core (:class:`~wordbot.engine.core.Core`): a position packed
into the arrays of :mod:`wordbot.movegen.controlword.core_state`, played on by the
kernels of :mod:`wordbot.movegen.controlword.core_playout` (``random``, ``greedy`` and
``control`` with its default weights, move for move the Python players' choices), valued
as those players value it (:meth:`ControlWordCore.values`), and unpacked back into a
:class:`~wordbot.engine.controlword.state.ControlWordState`.

Every rule option is played. A position with a hidden rack (a view: ``rack_sizes``, or a
rack left out) is refused: a search packs states already determinized.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.controlword.game import GAME
>>> state = GAME.new(seed=7, lexicon=Lexicon.from_words(["ON", "NO", "SO", "OPEN"]))
>>> packed = CORE.pack(state)
>>> CORE.unpack(packed).to_json() == state.to_json()
True
>>> result = CORE.playout(packed, [GREEDY, GREEDY], np.array([1], np.uint64))
>>> result.ended, CORE.unpack(packed).is_over
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from wordbot.engine.controlword import leaves
from wordbot.engine.controlword.adapter import COLOUR_INDEX, rack_counts, score_table
from wordbot.engine.controlword.board import Board
from wordbot.engine.controlword.moves import (
    Exchange,
    Pass,
    Placement,
    Redraw,
    Replacement,
    WordPlay,
)
from wordbot.engine.controlword.state import OVER, REPLACEMENT, WORD
from wordbot.engine.controlword.tiles import (
    BLUE,
    BLUE_CONSONANTS,
    BLUE_VOWELS,
    COLOURS,
    Tile,
    sort_tiles,
)
from wordbot.engine.core import GREEDY, RANDOM, TO_END, Core, Packed, Playout, Playouts
from wordbot.movegen.controlword import core_playout, core_state
from wordbot.movegen.controlword.core_control import CONTROL, control_values
from wordbot.movegen.controlword.core_moves import final_scores
from wordbot.movegen.controlword.core_state import (
    BLUE_TILES,
    CONSONANT_BAG,
    H_ACTED,
    H_BOUNDED,
    H_BOUNDS,
    H_C0,
    H_C1,
    H_CCW,
    H_COL0,
    H_COLOUR,
    H_FIRST,
    H_NP,
    H_PENALTY,
    H_PENALTY_POINTS,
    H_PHASE,
    H_R0,
    H_R1,
    H_RACK_LIMIT,
    H_REDRAW_PENALTY,
    H_REDRAWS,
    H_REPLACEMENT_LIMIT,
    H_REVERSE,
    H_ROTATE,
    H_ROUND,
    H_ROUNDS,
    H_ROW0,
    H_SCORE,
    H_SCORE_REPLACEMENTS,
    H_TILES,
    H_TO_MOVE,
    HEADER,
    M_KIND,
    M_N,
    M_POINTS,
    M_TILES,
    MARGIN,
    OWN,
    TILE_FIELDS,
    VOWEL_BAG,
    WIDTH,
)
from wordbot.movegen.controlword.walkstack import MAX_RACK

PHASES = {WORD: core_state.WORD, REPLACEMENT: core_state.REPLACEMENT, OVER: core_state.OVER}
PHASE_NAMES = {code: name for name, code in PHASES.items()}
KINDS = {
    WordPlay: core_state.WORD_PLAY,
    Replacement: core_state.REPLACE,
    Pass: core_state.PASS,
    Redraw: core_state.REDRAW,
    Exchange: core_state.EXCHANGE,
}
EXCHANGE_BAGS = ("vowel", "consonant")
#: the ``control`` player as it plays by default (its spec ``control``) and with the
#: hand-set leaves alone (``control:leaves=hand``): the policy ids and their leave tables
CONTROL_HAND = CONTROL + 1
TABLES = {CONTROL: leaves.DEFAULT, CONTROL_HAND: leaves.HAND}


def weights_of(policy: int, lexicon: str) -> np.ndarray:
    """The weights ``control`` plays on as ``policy`` with the word list of digest
    ``lexicon`` (see :func:`~wordbot.engine.controlword.leaves.vector`)."""
    return leaves.vector(TABLES[policy], lexicon=lexicon)


#: the first moves of a single playout (none: it plays the position itself)
NO_FIRSTS = np.zeros((0, WIDTH), np.int64)


#: the header's fields that place the board in its grid, as :meth:`ControlWordCore._grid`
#: fills them
GRID_FIELDS = [H_ROW0, H_COL0, H_TILES, H_R0, H_R1, H_C0, H_C1]


def _letters(counts: np.ndarray, lower: bool = False) -> str:
    text = "".join(chr(64 + x) * int(counts[x]) for x in range(1, 27))
    return text.lower() if lower else text


class ControlWordPacked(Packed):
    """A Control Word position as the kernels' arrays (``arrays``: the state tuple of
    :mod:`~wordbot.movegen.controlword.core_state`), with what never changes in a game:
    the state it was packed from (players, rules, word list, seed), the points table and
    the word list's GADDAG."""

    def __init__(self, state, arrays: tuple, table: np.ndarray, gaddag: tuple):
        self.state = state
        self.arrays = arrays
        self.table = table
        self.gaddag = gaddag

    def copy(self) -> ControlWordPacked:
        return ControlWordPacked(
            self.state, tuple(a.copy() for a in self.arrays), self.table, self.gaddag
        )


def _own(packed: Packed) -> ControlWordPacked:
    if not isinstance(packed, ControlWordPacked):
        raise TypeError(f"packed: {type(packed).__name__} is not a Control Word position")
    return packed


def _policies(
    policies: Sequence[int], seats: int, lexicon: str
) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' policy ids, one a seat, and the weights ``control`` plays on with
    the word list of digest ``lexicon``, checked (a bad one is a one-line ValueError):
    the kernels play one ``control``, so the seats of a call play one leave table."""
    ids = np.array([int(p) for p in policies], np.int64)
    if len(ids) != seats or not np.isin(ids, (RANDOM, GREEDY, CONTROL, CONTROL_HAND)).all():
        raise ValueError(
            f"policies: one of {RANDOM} (random), {GREEDY} (greedy), {CONTROL} (control), "
            f"{CONTROL_HAND} (control:leaves=hand) for each of the {seats} seats"
        )
    tables = set(ids.tolist()) & set(TABLES)
    if len(tables) > 1:
        raise ValueError("policies: control and control:leaves=hand in one playout")
    weights = weights_of(tables.pop() if tables else CONTROL, lexicon)
    return np.where(ids == CONTROL_HAND, CONTROL, ids), weights


class ControlWordCore(Core):
    """Control Word's compiled core (see the module docstring)."""

    policies = {
        "random": RANDOM,
        "greedy": GREEDY,
        "control": CONTROL,
        "control:leaves=hand": CONTROL_HAND,
    }
    width = WIDTH

    def plays_together(self, ids: Sequence[int]) -> bool:
        """Whether one playout plays these policies (one leave table for them all)."""
        return len(set(ids) & set(TABLES)) < 2

    def refuses(self, state) -> str | None:
        hidden = [p for p in state.players if state.racks.get(p) is None]
        if hidden or state.rack_sizes:
            who = hidden[0] if hidden else sorted(state.rack_sizes)[0]
            return (
                f"racks.{who}: a hidden rack (a view); the core plays determinized states"
            )
        return None

    # -- packing -------------------------------------------------------------------------
    def pack(self, state) -> ControlWordPacked:
        reason = self.refuses(state)
        if reason is not None:
            raise ValueError(reason)
        players = state.players
        seat = {p: i for i, p in enumerate(players)}
        rules = state.rules
        hdr = np.zeros(HEADER, np.int64)
        hdr[H_NP] = len(players)
        hdr[H_FIRST] = seat[state.first_player]
        hdr[H_TO_MOVE] = seat[state.to_move]
        hdr[H_PHASE] = PHASES[state.phase]
        hdr[H_ROUND] = state.round
        hdr[H_RACK_LIMIT] = state.rack_limit
        hdr[H_REPLACEMENT_LIMIT] = state.replacement_limit
        hdr[H_REDRAWS] = state.redraws
        hdr[H_ACTED] = bool(state.acted)
        hdr[H_ROUNDS] = rules.rounds
        hdr[H_CCW] = rules.turn_order != "clockwise"
        hdr[H_REVERSE] = rules.replacement_order == "reverse"
        hdr[H_ROTATE] = bool(rules.rotate_first_player)
        hdr[H_SCORE_REPLACEMENTS] = bool(rules.score_replacements)
        hdr[H_PENALTY_POINTS] = rules.penalty_points
        hdr[H_REDRAW_PENALTY] = rules.redraw_penalty
        if state.board.bounds is not None:
            hdr[H_BOUNDED] = 1
            hdr[H_BOUNDS : H_BOUNDS + 4] = state.board.bounds
        for p, i in seat.items():
            hdr[H_COLOUR + i] = COLOUR_INDEX[p]
            hdr[H_SCORE + i] = state.scores[p]
            hdr[H_PENALTY + i] = state.penalties[p]
        letters, colours = self._grid(state.board, hdr)
        racks = np.zeros((core_state.MAX_SEATS, 2, 27), np.int64)
        bags = np.zeros((core_state.MAX_SEATS + 2, 27), np.int64)
        penalty_tiles = np.zeros((core_state.MAX_SEATS, 27), np.int64)
        for p, i in seat.items():
            rack = state.racks[p]
            racks[i, OWN] = rack_counts("".join(ch for ch in rack if ch.isupper()))
            racks[i, BLUE_TILES] = rack_counts("".join(ch for ch in rack if ch.islower()))
            bags[i] = rack_counts(state.bags[p])
            penalty_tiles[i] = rack_counts(state.penalty_tiles[p])
        bags[VOWEL_BAG] = rack_counts(state.bags[BLUE_VOWELS])
        bags[CONSONANT_BAG] = rack_counts(state.bags[BLUE_CONSONANTS])
        discards = np.zeros((len(COLOURS), 27), np.int64)
        for colour, tiles in state.discards.items():
            discards[COLOUR_INDEX[colour]] = rack_counts(tiles)
        rng = np.array([state.rng_state], np.uint64)
        arrays = (hdr, rng, letters, colours, racks, bags, discards, penalty_tiles)
        gaddag = state.lexicon.gaddag
        return ControlWordPacked(
            state, arrays, score_table(rules.jqxz_bonus), (gaddag.records, int(gaddag.root))
        )

    #: the last board put in a grid, with its grid: the samples of one decision (its
    #: determinized states) share their board, and the grid is most of a pack's work
    _last_grid: tuple | None = None

    def _grid(self, board: Board, hdr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The board in a grid with room for any play around its tiles (fresh arrays:
        the kernels play on them)."""
        last = self._last_grid
        if last is None or last[0] is not board:
            last = (board, *self._new_grid(board))
            self._last_grid = last
        _, fields, letters, colours = last
        hdr[GRID_FIELDS] = fields
        return letters.copy(), colours.copy()

    @staticmethod
    def _new_grid(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`_grid`'s header fields (``GRID_FIELDS``), letters and colours."""
        r0, r1, c0, c1 = board.extent() or (0, 0, 0, 0)
        room = MAX_RACK + 2 + MARGIN
        row0, col0 = r0 - room, c0 - room
        shape = (r1 - r0 + 1 + 2 * room, c1 - c0 + 1 + 2 * room)
        letters = np.zeros(shape, np.uint8)
        colours = np.full(shape, -1, np.int8)
        for (r, c), tile in board.items():
            letters[r - row0, c - col0] = ord(tile.letter) - 64
            colours[r - row0, c - col0] = COLOUR_INDEX[tile.colour]
        fields = np.array(
            [row0, col0, len(board), r0 - row0, r1 - row0, c0 - col0, c1 - col0], np.int64
        )
        return fields, letters, colours

    def unpack(self, packed: Packed):
        pk = _own(packed)
        hdr, rng, letters, colours, racks, bags, discards, penalty_tiles = pk.arrays
        base = pk.state
        players = base.players
        row0, col0 = int(hdr[H_ROW0]), int(hdr[H_COL0])
        tiles = {
            (int(i) + row0, int(j) + col0): Tile(
                chr(64 + int(letters[i, j])), COLOURS[int(colours[i, j])]
            )
            for i, j in zip(*np.nonzero(letters))
        }
        blue_bag = {BLUE_VOWELS: VOWEL_BAG, BLUE_CONSONANTS: CONSONANT_BAG}
        return base._copy(
            first_player=players[int(hdr[H_FIRST])],
            to_move=players[int(hdr[H_TO_MOVE])],
            phase=PHASE_NAMES[int(hdr[H_PHASE])],
            round=int(hdr[H_ROUND]),
            rack_limit=int(hdr[H_RACK_LIMIT]),
            replacement_limit=int(hdr[H_REPLACEMENT_LIMIT]),
            board=Board(tiles, base.board.bounds),
            racks={
                p: sort_tiles(
                    _letters(racks[i, OWN]) + _letters(racks[i, BLUE_TILES], True)
                )
                for i, p in enumerate(players)
            },
            scores={p: int(hdr[H_SCORE + i]) for i, p in enumerate(players)},
            penalties={p: int(hdr[H_PENALTY + i]) for i, p in enumerate(players)},
            bags={
                **{p: _letters(bags[i]) for i, p in enumerate(players)},
                **{key: _letters(bags[at]) for key, at in blue_bag.items()},
            },
            discards={c: _letters(discards[COLOUR_INDEX[c]]) for c in (*players, BLUE)},
            penalty_tiles={p: _letters(penalty_tiles[i]) for i, p in enumerate(players)},
            rng_state=int(rng[0]),
            redraws=int(hdr[H_REDRAWS]),
            acted=bool(hdr[H_ACTED]),
            events=(),
        )

    def to_move(self, packed: Packed) -> int:
        pk = _own(packed)
        return int(pk.arrays[0][H_TO_MOVE])

    def is_over(self, packed: Packed) -> bool:
        pk = _own(packed)
        return bool(pk.arrays[0][H_PHASE] == core_state.OVER)

    def values(self, packed: Packed, policy: int) -> np.ndarray:
        """Every seat's value of ``packed`` by its Python player: ``control``'s static
        value, or (``random``, ``greedy``) the margin of the final scores as things
        stand."""
        pk = _own(packed)
        n = len(pk.state.players)
        out = np.zeros(n, np.float64)
        if policy in TABLES:
            weights = weights_of(policy, pk.state.lexicon.digest)
            control_values(pk.arrays, pk.table, weights, out)
            return out
        scores = np.zeros(n, np.int64)
        final_scores(pk.arrays, pk.table, scores)
        for seat in range(n):
            out[seat] = scores[seat] - np.delete(scores, seat).max()
        return out

    # -- moves ---------------------------------------------------------------------------
    def encode(self, packed: Packed, move: Any) -> np.ndarray:
        pk = _own(packed)
        row = np.zeros(WIDTH, np.int64)
        row[M_KIND] = KINDS[type(move)]
        if isinstance(move, Exchange):
            row[M_N] = ord(move.letter) - 64
            row[M_POINTS] = EXCHANGE_BAGS.index(move.bag)
            return row
        tiles = getattr(move, "tiles", ())
        row[M_N] = len(tiles)
        for k, t in enumerate(tiles):
            at = M_TILES + TILE_FIELDS * k
            row[at : at + TILE_FIELDS] = (
                t.row,
                t.col,
                ord(t.letter) - 64,
                COLOUR_INDEX[t.colour],
            )
        if tiles:
            row[M_POINTS] = core_state.gain(pk.arrays, row, pk.table)
        return row

    def decode(self, packed: Packed, row: np.ndarray) -> Any:
        return _decoded(row)

    def apply(self, packed: Packed, row: np.ndarray) -> None:
        pk = _own(packed)
        pk.arrays = core_state.apply_row(
            pk.arrays, np.ascontiguousarray(row, np.int64), pk.table
        )

    # -- playouts ------------------------------------------------------------------------
    def playout(
        self,
        packed: Packed,
        policies: Sequence[int],
        rngs: np.ndarray,
        horizon: int = TO_END,
    ) -> Playout:
        pk = _own(packed)
        seats = len(pk.state.players)
        if not (
            isinstance(rngs, np.ndarray)
            and rngs.dtype == np.uint64
            and rngs.shape in ((1,), (seats,))
            and rngs.flags.c_contiguous
            and rngs.flags.writeable
        ):
            raise ValueError(
                f"rngs: a writable uint64 array of one generator or {seats} (one a seat)"
            )
        ids, weights = _policies(policies, seats, pk.state.lexicon.digest)
        arrays, rows, scores, _, _ = core_playout.run(
            pk.arrays,
            NO_FIRSTS,
            ids,
            rngs,
            int(horizon),
            pk.table,
            *pk.gaddag,
            weights,
            False,
            False,
        )
        pk.arrays = arrays
        return Playout(
            scores[0, 0].astype(np.float64),
            self.is_over(packed),
            rows[:, :WIDTH],
            rows[:, core_playout.MOVER :],
        )

    def played_turns(self, state: Any, played: Playout) -> list[tuple[int, Any]]:
        """The playout's moves, by the seat it recorded beside each (a row alone is
        its move)."""
        if played.movers is None:
            return super().played_turns(state, played)
        return [
            (seat, _decoded(row))
            for seat, row in zip(played.movers[:, 0].tolist(), played.moves)
        ]

    def playouts(
        self,
        packed: Packed,
        firsts: np.ndarray,
        policies: Sequence[int],
        seeds: np.ndarray,
        horizon: int = TO_END,
        keep: bool = False,
    ) -> Playouts:
        pk = _own(packed)
        firsts = np.ascontiguousarray(firsts, np.int64).reshape(-1, WIDTH)
        seeds = np.array(seeds, np.uint64)  # a writable copy: the run's signature
        ids, weights = _policies(policies, len(pk.state.players), pk.state.lexicon.digest)
        _, _, scores, ended, kept = core_playout.run(
            pk.arrays,
            firsts,
            ids,
            seeds,
            int(horizon),
            pk.table,
            *pk.gaddag,
            weights,
            True,
            bool(keep),
        )
        finals: list[list[Packed]] | None = None
        if keep:
            heads, rngs, racks, bags, discards, ptiles, grids, flat, flatc = kept
            finals = []
            for i in range(len(firsts)):
                finals.append([])
                for j in range(len(seeds)):
                    k = i * len(seeds) + j
                    h, w, at = (int(v) for v in grids[k])
                    arrays = (
                        heads[k],
                        rngs[k],
                        flat[at : at + h * w].reshape(h, w),
                        flatc[at : at + h * w].reshape(h, w),
                        racks[k],
                        bags[k],
                        discards[k],
                        ptiles[k],
                    )
                    finals[i].append(
                        ControlWordPacked(pk.state, arrays, pk.table, pk.gaddag)
                    )
        return Playouts(scores.astype(np.float64), ended, finals)


def _decoded(row: np.ndarray) -> Any:
    """The engine's move of a row (a row alone is its move)."""
    kind = int(row[M_KIND])
    if kind == core_state.EXCHANGE:
        return Exchange(chr(64 + int(row[M_N])), EXCHANGE_BAGS[int(row[M_POINTS])])
    if kind == core_state.PASS:
        return Pass()
    if kind == core_state.REDRAW:
        return Redraw()
    tiles = []
    for k in range(int(row[M_N])):
        r, c, letter, colour = (
            int(v) for v in row[M_TILES + TILE_FIELDS * k : M_TILES + TILE_FIELDS * (k + 1)]
        )
        tiles.append(Placement(r, c, chr(64 + letter), COLOURS[colour]))
    return (WordPlay if kind == core_state.WORD_PLAY else Replacement)(tuple(tiles))


CORE = ControlWordCore()

__all__ = ["CORE", "GREEDY", "RANDOM", "ControlWordCore", "ControlWordPacked"]

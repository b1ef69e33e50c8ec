"""Control Word's adapter: the one engine module that talks to the compiled kernels of
:mod:`wordbot.movegen.controlword`. It packs a state into the kernels' arrays (the board
as a grid, the rack as letter counts, the scoring rules as a points table) and turns
their flat results back into moves and values.

>>> from wordbot.dictionaries import Lexicon
>>> from wordbot.engine.controlword.game import GAME
>>> state = GAME.new(seed=7, lexicon=Lexicon.from_words(["ON", "NO", "SO"]))
>>> plays = word_plays(state)
>>> len(plays) > 0, state.to_move
(True, 'red')
>>> move = play_move(state, plays, 0)
>>> move.type, state.notation(move).startswith(str(move.tiles[0].row))
('word', True)

A Control Word player reaches the kernels through this module only; the evaluation
kernels of the ``control`` player (:mod:`wordbot.movegen.controlword.evaluation`) and
the features its learned leave tables value
(:mod:`wordbot.movegen.controlword.leavefeatures`) are re-exported here as
:data:`evaluation` and :data:`leavefeatures`.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np
from wordbot.engine.controlword.moves import Placement, Replacement, WordPlay
from wordbot.engine.controlword.scoring import word_points
from wordbot.engine.controlword.tiles import BLUE, BONUS_LETTERS, COLOURS
from wordbot.engine.errors import IllegalMove
from wordbot.movegen.controlword import (
    Grid,
    MoveGenerator,
    ReplacementList,
    WordPlayList,
    evaluation,
    leavefeatures,
)
from wordbot.movegen.controlword.control import colour_plays, word_controls
from wordbot.movegen.controlword.grid import BLUE as GRID_BLUE
from wordbot.movegen.controlword.replacements import board_words
from wordbot.movegen.controlword.scoring import (
    BONUS,
    BONUS_LETTER,
    POINTS,
    TABLE_ROWS,
    TABLE_WIDTH,
)

#: colour name -> the kernels' colour index (the order of ``COLOURS``: blue last)
COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
assert COLOUR_INDEX[BLUE] == GRID_BLUE

__all__ = [
    "COLOUR_INDEX",
    "FAST",
    "board_grid",
    "board_words",
    "colour_index",
    "evaluation",
    "leavefeatures",
    "pack",
    "play_colours",
    "play_move",
    "rack_arrays",
    "rack_of",
    "replacement_plays",
    "score_table",
    "word_controls",
    "word_plays",
]


# ------------------------------------------------------------------------- packing
@lru_cache(maxsize=16)
def score_table(jqxz_bonus: int) -> np.ndarray:
    """The points table the kernels read (:mod:`wordbot.movegen.controlword.scoring`),
    filled from the engine's one points rule with this ``jqxz_bonus``.

    >>> t = score_table(4)
    >>> int(t[0, 7]), int(t[1, 7]), int(t[1, 3]), int(t[2, 17])  # 7 letters; a Q
    (7, 4, 0, 1)
    """
    table = np.zeros((TABLE_ROWS, TABLE_WIDTH), np.int64)
    for n in range(TABLE_WIDTH):
        table[POINTS, n] = word_points(n, 0, jqxz_bonus)
        table[BONUS, n] = word_points(n, 1, jqxz_bonus) - table[POINTS, n]
    for letter in BONUS_LETTERS:
        table[BONUS_LETTER, ord(letter) - 64] = 1
    # shared by every caller (cached) yet left writable: numba compiles its kernels for
    # read-only arrays into measurably slower code
    return table


def rack_counts(rack: str) -> np.ndarray:
    """A rack string (docs/formats/controlword.md)'s tiles by letter code 1..26, both
    colours together (which tile goes where is decided when a play becomes a move).

    >>> int(rack_counts("AAt")[1]), int(rack_counts("AAt")[20])
    (2, 1)
    """
    ascii_codes = np.frombuffer(rack.upper().encode("ascii", "replace"), np.uint8)
    codes = ascii_codes.astype(np.int64) - 64
    if len(codes) and not (codes.min() >= 1 and codes.max() <= 26):
        bad = next(ch for ch in rack if not "A" <= ch.upper() <= "Z")
        raise ValueError(f"rack: {bad!r} is not a letter")
    return np.bincount(codes, minlength=27)


def rack_arrays(rack: str) -> tuple[np.ndarray, np.ndarray]:
    """A rack string (docs/formats/controlword.md) ('AEIt': t is blue) as counts by letter
    code 1..26: (own, blue).

    >>> own, blue = rack_arrays("AAt")
    >>> int(own[1]), int(blue[20])
    (2, 1)
    """
    own = np.zeros(27, np.int64)
    blue = np.zeros(27, np.int64)
    for ch in rack:
        code = ord(ch.upper()) - 64
        if not 1 <= code <= 26:
            raise ValueError(f"rack: {ch!r} is not a letter")
        (own if ch.isupper() else blue)[code] += 1
    return own, blue


_first, _second = itemgetter(0), itemgetter(1)


def pack(
    tiles: Mapping, pad: int = 0, bounds: tuple[int, int, int, int] | None = None
) -> Grid:
    """The grid of ``tiles`` ((row, col) -> (LETTER, colour), e.g. a Board) with ``pad``
    free squares around them (see :class:`~wordbot.movegen.controlword.grid.Grid`)."""
    items = tiles.items()
    n = len(items)
    squares = np.fromiter(chain.from_iterable(tiles.keys()), np.int64, 2 * n)
    values = tiles.values()
    letters = np.frombuffer("".join(map(_first, values)).encode("ascii"), np.uint8)
    colours = np.frombuffer(
        bytes(map(COLOUR_INDEX.__getitem__, map(_second, values))), np.int8
    )
    return Grid.from_arrays(squares, letters, colours, pad, bounds)


def board_grid(state) -> Grid:
    """The state's board as a grid (no padding)."""
    return pack(state.board, 0)


def colour_index(colour: str) -> int:
    return COLOUR_INDEX[colour]


# ------------------------------------------------------------------------- generation
class _Generators(threading.local):
    """Each thread's :class:`MoveGenerator` per lexicon and points table (they reuse
    buffers between calls, so threads must not share one). A cache: nothing here changes
    what is generated."""

    def __init__(self):
        self.by_key: dict = {}

    def get(self, lexicon, table: np.ndarray) -> MoveGenerator:
        key = (id(lexicon), id(table))
        held = self.by_key.get(key)
        if held is None or held[0] is not lexicon:
            held = self.by_key[key] = (lexicon, MoveGenerator(lexicon, table))
        return held[1]


_GENERATORS = _Generators()


def rack_of(state) -> str:
    """The rack of the player to move (an unknown rack is an IllegalMove of rule rack)."""
    rack = state.racks.get(state.to_move)
    if rack is None:
        raise IllegalMove(
            "rack", f"the rack of {state.to_move} is unknown (racks.{state.to_move})"
        )
    return rack


def generator_for(state) -> MoveGenerator:
    """This thread's generator for the state's lexicon and scoring rules."""
    return _GENERATORS.get(state.lexicon, score_table(state.rules.jqxz_bonus))


def word_plays(state) -> WordPlayList:
    """Every word play of the player to move, as the kernels' flat arrays."""
    rack = rack_of(state)
    grid = pack(state.board, max(len(rack), 1), state.board.bounds)
    return generator_for(state).word_plays(grid, rack_counts(rack))


def best_word_plays(state, keep: int) -> WordPlayList:
    """The ``keep`` best word plays of the player to move, best first in the game's order
    (more points, fewer tiles, then the full list's order), without listing the rest."""
    rack = rack_of(state)
    grid = pack(state.board, max(len(rack), 1), state.board.bounds)
    return generator_for(state).best_word_plays(grid, rack_counts(rack), keep)


def replacement_plays(state) -> ReplacementList:
    """Every replacement play of the player to move, factored (``len`` counts them; rows
    are written on first read)."""
    own, blue = rack_arrays(rack_of(state))
    return generator_for(state).replacement_plays(
        pack(state.board, 0),
        COLOUR_INDEX[state.to_move],
        own,
        blue,
        state.replacement_limit,
    )


def replacement_points(state, plays: ReplacementList) -> np.ndarray:
    """Each replacement's points when played if replacements score (``score_replacements``)."""
    return plays.points_if_scored(score_table(state.rules.jqxz_bonus))


# ------------------------------------------------------------------------- moves
def play_colours(
    state,
    plays,
    blue_first: bool = False,
    lo: int = 0,
    hi: int | None = None,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """The colour index of every tile of plays ``lo`` .. ``hi - 1`` (default: all): the
    mover's own tiles of a letter first (or, with ``blue_first``, blue ones first),
    squares in row-then-column order. Written into ``out`` when given."""
    own, blue = rack_arrays(rack_of(state))
    if out is None:
        out = np.empty(plays.tiles.shape[0], np.int8)
    colour_plays(
        plays.tiles,
        plays.moves,
        lo,
        len(plays) if hi is None else hi,
        own,
        blue,
        COLOUR_INDEX[state.to_move],
        blue_first,
        plays.grid.letters.shape[1],
        out,
    )
    return out


def play_move(state, plays, i: int, colours: np.ndarray | None = None):
    """Play ``i`` of a word play or replacement list as an engine move, its tiles
    coloured by ``colours`` (default: own tiles first)."""
    if colours is None:
        colours = play_colours(state, plays)
    first, n = int(plays.moves[i, 0]), int(plays.moves[i, 1])
    r0, c0 = plays.grid.row0, plays.grid.col0
    tiles = tuple(
        Placement(
            int(r) + r0,
            int(c) + c0,
            chr(64 + int(letter)),
            COLOURS[int(colours[first + k])],
        )
        for k, (r, c, letter) in enumerate(plays.tiles[first : first + n])
    )
    return WordPlay(tiles) if isinstance(plays, WordPlayList) else Replacement(tiles)


def coloured_sets(state, plays: Sequence, kind: type) -> list:
    """Plays given as sets of (row, col, LETTER) (the reference's form) as engine moves of
    ``kind``, coloured as :func:`play_colours` colours the kernels' plays."""
    if not plays:
        return []
    rows = [sorted(play) for play in plays]
    r0 = min(r for play in rows for r, _, _ in play)
    c0 = min(c for play in rows for _, c, _ in play)
    width = max(c for play in rows for _, c, _ in play) - c0 + 1
    # the generator's dtypes, so the kernel compiled for its plays serves these too
    tiles = np.array(
        [(r - r0, c - c0, ord(letter) - 64) for play in rows for r, c, letter in play],
        np.int16,
    ).reshape(-1, 3)
    starts = np.cumsum([0] + [len(p) for p in rows])
    moves = np.stack([starts[:-1], np.diff(starts)], axis=1).astype(np.int32)
    own, blue = rack_arrays(rack_of(state))
    out = np.empty(tiles.shape[0], np.int8)
    colour_plays(
        tiles,
        moves,
        0,
        len(rows),
        own,
        blue,
        COLOUR_INDEX[state.to_move],
        False,
        width,
        out,
    )
    return [
        kind(
            tuple(
                Placement(r, c, letter, COLOURS[int(out[starts[m] + k])])
                for k, (r, c, letter) in enumerate(play)
            )
        )
        for m, play in enumerate(rows)
    ]


class PlaySequence(Sequence):
    """A word play or replacement list read as engine moves, each made when it is read;
    ``points`` are the kernels' points when played (0 for replacements). The first few
    moves read are coloured one by one (a player that wants one move pays for one), the
    rest all at once."""

    ONE_BY_ONE = 16

    def __init__(self, state, plays: WordPlayList | ReplacementList):
        self.state = state
        self.plays = plays
        self._colours: np.ndarray | None = None
        self._reads = 0
        self._made: dict[int, tuple[Any, int]] = {}  # id(move) -> (move, index)
        # index -> the move made there: read again, the same object (one kept a play)
        self._at: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self.plays)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self)
        if not -n <= i < n:
            raise IndexError(i)
        i %= n
        if i in self._at:
            return self._at[i]
        if self._reads < self.ONE_BY_ONE:
            self._reads += 1
            self._colours = play_colours(
                self.state, self.plays, False, i, i + 1, self._colours
            )
        elif self._reads == self.ONE_BY_ONE:
            self._reads += 1
            self._colours = play_colours(self.state, self.plays, False, 0, n, self._colours)
        move = self._at[i] = play_move(self.state, self.plays, i, self._colours)
        self._made[id(move)] = (move, i)
        return move

    def points_of(self, move) -> int | None:
        """The points of ``move`` if this list made that very object, else None."""
        made = self._made.get(id(move))
        if made is None or made[0] is not move:
            return None
        return int(self.points[made[1]])

    @property
    def points(self) -> np.ndarray:
        if isinstance(self.plays, WordPlayList):
            return self.plays.points
        return np.zeros(len(self.plays), np.int64)

    @property
    def tile_counts(self) -> np.ndarray:
        return self.plays.moves[:, 1]


class FastGenerator:
    """The compiled generator, as ``ControlWordState.legal_moves`` asks for one: word and
    replacement plays of the player to move, moves made only when read."""

    def word_plays(self, state) -> PlaySequence:
        return PlaySequence(state, word_plays(state))

    def replacement_plays(self, state) -> PlaySequence:
        return PlaySequence(state, replacement_plays(state))

    def best_word_plays(self, state, keep: int) -> PlaySequence:
        return PlaySequence(state, best_word_plays(state, keep))


#: The generator ``legal_moves`` uses unless told otherwise (it holds no state).
FAST = FastGenerator()


def evaluate_board(state) -> tuple[tuple[Any, ...], ...]:
    """Every word on the board with who controls it: (first square, direction index 0
    across / 1 down, length, controller colour or None, multiplier 0 / 2 / 3), ordered
    by first square, across first (kept by the board: the states between two plays
    share it)."""
    board = state.board
    controls = board.controls
    if controls is None:
        controls = board.controls = _board_controls(board)
    return controls


def _board_controls(board) -> tuple[tuple[Any, ...], ...]:
    grid = pack(board, 0)
    starts, lengths, dirs, squares, _ = board_words(grid.letters)
    controller, multiplier = word_controls(grid.colours, starts, lengths, squares)
    width = grid.letters.shape[1]
    out = []
    for k in range(len(starts)):
        i, j = divmod(int(squares[starts[k]]), width)
        c = int(controller[k])
        out.append(
            (
                (i + grid.row0, j + grid.col0),
                int(dirs[k]),
                int(lengths[k]),
                COLOURS[c] if c >= 0 else None,
                int(multiplier[k]),
            )
        )
    out.sort(key=lambda w: (w[0], w[1]))
    return tuple(out)

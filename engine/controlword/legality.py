"""The legality checker: validates one action against docs/rules/controlword.md, independent of any move
generator, and says which rule fails (and on which word).

Rule names carried by :class:`~wordbot.engine.errors.IllegalMove` (``exc.rule``):

==============  ==========================================================================
game_over       the game is over
phase           this kind of move is not allowed in the current phase
tiles           a word play or replacement with no tile, or two tiles on one square
colour          a tile of a colour other than the mover's or blue
rack            tiles that are not on the mover's rack (or the rack is unknown)
bounds          a square outside the bounded board (``board_size``)
occupied        a word play on a square that already holds a tile
line            word play tiles not in one row or one column
contiguous      a gap (an empty square) between the tiles of a word play
connected       a word play that touches no tile on the board (round 1: the start mat)
word            a formed or changed word that is not in the lexicon (``exc.word``)
replace_empty   a replacement on an empty square
replace_own     a replacement on a tile of the mover's own colour
replace_limit   a replacement of more tiles than the replacement limit L
exchange        a blue exchange of a tile not on the rack, or from an empty blue bag
==============  ==========================================================================
"""

from __future__ import annotations

from collections import Counter

from wordbot.engine.controlword.board import Board, changed_words, formed_words
from wordbot.engine.controlword.moves import (
    Exchange,
    Move,
    Pass,
    Redraw,
    Replacement,
    WordPlay,
)
from wordbot.engine.controlword.tiles import BLUE, BLUE_CONSONANTS, BLUE_VOWELS
from wordbot.engine.errors import IllegalMove

RULE_NAMES = (
    "game_over", "phase", "tiles", "colour", "rack", "bounds", "occupied", "line",
    "contiguous", "connected", "word", "replace_empty", "replace_own", "replace_limit",
    "exchange",
)  # fmt: skip


def rack_letters(tiles) -> str:
    """The rack characters of tiles: uppercase for a player's colour, lowercase for blue."""
    return "".join(t.letter.lower() if t.colour == BLUE else t.letter for t in tiles)


def rack_has(rack: str, letters: str) -> bool:
    need = Counter(letters)
    have = Counter(rack)
    return all(have[ch] >= n for ch, n in need.items())


def _letters(board: Board, squares) -> str:
    return "".join(board[s].letter for s in squares)


def check_move(state, move: Move) -> None:
    """Raise :class:`IllegalMove` unless ``move`` is legal for the player to move of
    ``state`` (a :class:`~wordbot.engine.controlword.state.ControlWordState`)."""
    if state.phase == "over":
        raise IllegalMove("game_over", "the game is over")
    if isinstance(move, Pass):
        return
    colour = state.to_move
    rack = state.racks.get(colour)
    if rack is None:
        raise IllegalMove("rack", f"the rack of {colour} is unknown (racks.{colour})")
    if isinstance(move, WordPlay):
        _check_word_play(state, move, colour, rack)
    elif isinstance(move, Replacement):
        _check_replacement(state, move, colour, rack)
    elif isinstance(move, Redraw):
        if state.phase != "word":
            raise IllegalMove("phase", "a rack redraw is only allowed in the word phase")
    elif isinstance(move, Exchange):
        if move.letter not in rack:
            raise IllegalMove(
                "exchange", f"no {move.letter} of {colour} on the rack to return to the bag"
            )
        bag = BLUE_VOWELS if move.bag == "vowel" else BLUE_CONSONANTS
        if not state.bags[bag]:
            raise IllegalMove("exchange", f"the blue {move.bag} bag is empty")
    else:
        raise IllegalMove("phase", f"{move!r} is not a Control Word move")


def _check_tiles(tiles, colour, rack) -> None:
    if not tiles:
        raise IllegalMove("tiles", "no tile")
    squares = [t.square for t in tiles]
    if len(set(squares)) != len(squares):
        dup = next(s for s in squares if squares.count(s) > 1)
        raise IllegalMove("tiles", f"two tiles on square {dup[0]},{dup[1]}")
    for t in tiles:
        if t.colour != colour and t.colour != BLUE:
            raise IllegalMove(
                "colour",
                f"tile {t.letter} at {t.row},{t.col} is {t.colour}; {colour} plays "
                f"{colour} or blue tiles",
            )
    letters = rack_letters(tiles)
    if not rack_has(rack, letters):
        raise IllegalMove(
            "rack",
            f"the tiles {letters} are not all on {colour}'s rack {rack or '(empty)'}",
        )


def _check_word_play(state, move: WordPlay, colour: str, rack: str) -> None:
    if state.phase != "word":
        raise IllegalMove("phase", "word plays are made in the word phase")
    tiles = move.tiles
    board = state.board
    _check_tiles(tiles, colour, rack)
    for t in tiles:
        if not board.in_bounds(t.square):
            raise IllegalMove(
                "bounds", f"square {t.row},{t.col} is outside the board {board.bounds}"
            )
        if t.square in board:
            raise IllegalMove(
                "occupied", f"square {t.row},{t.col} already holds {board[t.square].letter}"
            )
    rows = {t.row for t in tiles}
    cols = {t.col for t in tiles}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove("line", "the tiles are not in one row or one column")
    new = {t.square for t in tiles}
    first, last = tiles[0], tiles[-1]
    if len(rows) == 1:
        between = [(first.row, c) for c in range(first.col, last.col + 1)]
    else:
        between = [(r, first.col) for r in range(first.row, last.row + 1)]
    for s in between:
        if s not in new and s not in board:
            raise IllegalMove(
                "contiguous", f"square {s[0]},{s[1]} between the tiles is empty"
            )
    if not any(
        (r + dr, c + dc) in board
        for (r, c) in new
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))
    ):
        where = "a start-mat word" if state.round == 1 else "a tile on the board"
        raise IllegalMove("connected", f"the play does not touch {where}")
    after = board.place(tiles)
    for squares in formed_words(after, tiles):
        word = _letters(after, squares)
        if word not in state.lexicon:
            raise IllegalMove("word", f"{word} is not in the lexicon", word=word)


def _check_replacement(state, move: Replacement, colour: str, rack: str) -> None:
    if state.phase != "replacement":
        raise IllegalMove("phase", "replacements are made in the replacement phase")
    tiles = move.tiles
    board = state.board
    _check_tiles(tiles, colour, rack)
    if len(tiles) > state.replacement_limit:
        raise IllegalMove(
            "replace_limit",
            f"{len(tiles)} tiles replaced; the limit this round is {state.replacement_limit}",
        )
    for t in tiles:
        old = board.get(t.square)
        if old is None:
            raise IllegalMove("replace_empty", f"square {t.row},{t.col} is empty")
        if old.colour == colour:
            raise IllegalMove(
                "replace_own", f"square {t.row},{t.col} ({old.letter}) is already {colour}"
            )
    after = board.place(tiles)
    for squares in changed_words(after, tiles):
        word = _letters(after, squares)
        if word not in state.lexicon:
            raise IllegalMove("word", f"{word} is not in the lexicon", word=word)

"""Control Word's notation help (terminal play's ``help``): every example it gives parses
as the move it says, one of each kind of move."""

from __future__ import annotations

import re

from wordbot.engine.controlword.board import Board
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.moves import parse_move
from wordbot.engine.controlword.tiles import Tile


def examples(text: str) -> list[str]:
    """The moves the help writes: the first column of its indented lines, and those in
    parentheses after a colon ("(exchange T consonant: ...)")."""
    found = [m.group(1) for m in re.finditer(r"^  (\S.*?)(?:  |$)", text, re.M)]
    found += re.findall(r"\((\w+ [\w ]+?):", text)  # two words or more: a move
    return found


def test_every_example_parses_as_the_move_it_describes():
    text = GAME.notation_help
    for words in ("ROW,COL", "across or down", "parentheses", "lowercase", "blue"):
        assert words in text
    # the word play's board letter T, in parentheses in the example
    board = Board({(3, 1): Tile("T", "green"), (0, 2): Tile("A", "green")})
    moves = {text: parse_move(text, "red", board) for text in examples(text)}
    by_type = {}
    for written, move in moves.items():
        by_type.setdefault(move.type, []).append((written, move))
    assert sorted(by_type) == ["exchange", "pass", "redraw", "replace", "word"]
    ((written, word),) = by_type["word"]
    assert written == "3,-1 across CA(T)s"
    assert [tuple(t) for t in word.tiles] == [
        (3, -1, "C", "red"),
        (3, 0, "A", "red"),
        (3, 2, "S", "blue"),
    ]
    ((written, replace),) = by_type["replace"]
    assert [tuple(t) for t in replace.tiles] == [(0, 2, "R", "red"), (1, 4, "E", "blue")]
    exchanges = {(m.letter, m.bag) for _, m in by_type["exchange"]}
    assert exchanges == {("E", "vowel"), ("T", "consonant")}

"""Helpers for the Control Word tests: hand-built boards, positions and states, and
where every tile is."""

from __future__ import annotations

from collections import Counter

from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword.game import GAME
from wordbot.engine.controlword.state import ControlWordState

from tests.lexicons import small_words

CODES = {"r": "red", "g": "green", "b": "blue", "k": "black", "w": "white"}


def lexicon(*words: str) -> Lexicon:
    return Lexicon.from_words(words)


def across(row: int, col: int, letters: str, colours: str) -> list[list]:
    """Board tiles of a word written across; ``colours`` one code per letter
    (r red, g green, b blue, k black, w white)."""
    assert len(letters) == len(colours)
    return [[row, col + i, ch, CODES[c]] for i, (ch, c) in enumerate(zip(letters, colours))]


def down(row: int, col: int, letters: str, colours: str) -> list[list]:
    assert len(letters) == len(colours)
    return [[row + i, col, ch, CODES[c]] for i, (ch, c) in enumerate(zip(letters, colours))]


def tiles(*groups) -> list[list]:
    """Merge tile lists; a square given twice must agree."""
    out: dict[tuple[int, int], list] = {}
    for group in groups:
        for r, c, letter, colour in group:
            if (r, c) in out:
                assert out[(r, c)] == [r, c, letter, colour], (r, c)
            out[(r, c)] = [r, c, letter, colour]
    return [out[k] for k in sorted(out)]


def position(
    board,
    racks=None,
    players=("red", "green"),
    to_move=None,
    first_player=None,
    phase="word",
    round=2,
    rack_limit=8,
    replacement_limit=3,
    scores=None,
    penalties=None,
    rules=None,
    bags=None,
) -> dict:
    players = list(players)
    obj = {
        "format": "wordbot.controlword.position/1",
        "players": players,
        "first_player": first_player or players[0],
        "to_move": to_move or players[0],
        "phase": phase,
        "round": round,
        "rack_limit": rack_limit,
        "replacement_limit": replacement_limit,
        "board": board,
        "racks": dict(racks or {}),
        "scores": dict(scores or dict.fromkeys(players, 0)),
        "penalties": dict(penalties or dict.fromkeys(players, 0)),
    }
    if rules is not None:
        obj["rules"] = rules
    if bags is not None:
        obj["bags"] = bags
    return obj


def state(board, lex=None, seed=1, **kw) -> ControlWordState:
    return GAME.from_json(position(board, **kw), lex or small_words(), seed=seed)


def tile_census(s: ControlWordState) -> dict[str, Counter]:
    """Where every tile of every colour is: bag + racks + board + discards + penalties."""
    out = {c: Counter() for c in list(s.players) + ["blue"]}
    for p in s.players:
        out[p].update(s.bags[p])
        out[p].update(s.discards[p])
        for ch in s.racks.get(p, ""):
            out[p if ch.isupper() else "blue"][ch.upper()] += 1
        out["blue"].update(s.penalty_tiles[p])
    out["blue"].update(s.bags["blue_vowels"])
    out["blue"].update(s.bags["blue_consonants"])
    out["blue"].update(s.discards["blue"])
    for t in s.board.values():
        out[t.colour][t.letter] += 1
    return out

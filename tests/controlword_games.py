"""Random games of random legal actions, for the engine's property and CLI tests.

Legal actions come from ``state.legal_moves(generator=CAPPED)``: every word play the
reference enumerator finds, and replacement plays of up to two tiles (the full
replacement search can list tens of thousands of plays per turn; plays of up to two
tiles are still legal plays of any limit L >= 2), coloured own tiles first; plus pass,
redraw and blue exchanges.
"""

from __future__ import annotations

import random

from wordbot.engine.controlword.moves import (
    Exchange,
    Pass,
    Placement,
    Redraw,
    Replacement,
    WordPlay,
)
from wordbot.engine.controlword.state import ControlWordState

from tests.reference.controlword import ReferenceGenerator

#: the reference, replacement plays capped at two tiles
CAPPED = ReferenceGenerator(replacement_cap=2)


def choose_action(state: ControlWordState, rng: random.Random, free_actions: int):
    """A random legal action: first a kind (play / pass / redraw / exchange), then one of
    that kind. ``free_actions`` made this turn so far keeps turns finite."""
    moves = list(state.legal_moves(CAPPED))
    plays = [m for m in moves if isinstance(m, (WordPlay, Replacement))]
    exchanges = [m for m in moves if isinstance(m, Exchange)]
    kinds = ["play"] * 6 + ["pass"]
    if free_actions < 2:
        kinds += ["exchange"] * bool(exchanges) + ["redraw"] * (Redraw() in moves)
    kind = rng.choice(kinds)
    if kind == "play" and plays:
        # Half the time the play with the most tiles, so long words and scores happen.
        if rng.random() < 0.5:
            most = max(len(m.tiles) for m in plays)
            plays = [m for m in plays if len(m.tiles) == most]
        return rng.choice(plays)
    if kind == "exchange":
        return rng.choice(exchanges)
    if kind == "redraw":
        return Redraw()
    return Pass()


def invalid_word_attempt(state: ControlWordState, rng: random.Random):
    """A word play whose only fault is an invalid word (for challenge_rule=penalty), or
    None when none is found quickly."""
    from wordbot.engine.errors import IllegalMove

    plays = [m for m in state.legal_moves(CAPPED) if isinstance(m, WordPlay)]
    rng.shuffle(plays)
    for m in plays[:20]:
        i = rng.randrange(len(m.tiles))
        t = m.tiles[i]
        rack = state.racks[state.to_move]
        for ch in sorted(set(rack)):
            letter, colour = ch.upper(), (state.to_move if ch.isupper() else "blue")
            if letter == t.letter:
                continue
            tiles = list(m.tiles)
            tiles[i] = Placement(t.row, t.col, letter, colour)
            attempt = WordPlay(tiles)
            try:
                state.check(attempt)
            except IllegalMove as exc:
                if exc.rule == "word":
                    return attempt
    return None

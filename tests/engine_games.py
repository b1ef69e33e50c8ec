"""Random games of random legal actions, for the engine's property and CLI tests.

Legal actions come from ``state.legal_moves()`` with :class:`CappedReference` registered
as the move generator: every word play the reference enumerator finds, and replacement
plays of up to two tiles (the full replacement search can list tens of thousands of plays
per turn; plays of up to two tiles are still legal plays of any limit L >= 2), coloured
own tiles first; plus pass, redraw and blue exchanges.
"""

from __future__ import annotations

import contextlib
import random

from wordbot.engine.controlword import (
    ControlWordState,
    Exchange,
    Pass,
    Placement,
    Redraw,
    Replacement,
    WordPlay,
    set_move_generator,
)
from wordbot.engine.controlword.generator import ReferenceGenerator, colour_tiles
from wordbot.engine.controlword.reference import replacement_plays

REPLACEMENT_CAP = 2


class CappedReference:
    """The reference enumerator with replacement plays capped at two tiles."""

    def word_plays(self, state):
        return ReferenceGenerator().word_plays(state)

    def replacement_plays(self, state):
        rack = state.racks[state.to_move]
        limit = min(REPLACEMENT_CAP, state.replacement_limit)
        plays = replacement_plays(state.board, rack, state.to_move, limit, state.lexicon)
        return [Replacement(t) for t in sorted(colour_tiles(plays, rack, state.to_move))]


@contextlib.contextmanager
def capped_generator():
    set_move_generator(CappedReference())
    try:
        yield
    finally:
        set_move_generator(None)


def choose_action(state: ControlWordState, rng: random.Random, free_actions: int):
    """A random legal action: first a kind (play / pass / redraw / exchange), then one of
    that kind. ``free_actions`` made this turn so far keeps turns finite."""
    moves = state.legal_moves()
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
    from wordbot.engine.controlword import IllegalMove

    plays = [m for m in state.legal_moves() if isinstance(m, WordPlay)]
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

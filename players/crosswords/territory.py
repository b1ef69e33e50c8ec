"""``territory``: Cross words combat's heuristic player.

A write is worth the cells it captures now, plus ``extra`` per extra turn it earns
(crossing, enclosure, the marker after its word: chaining turns), plus what the
position after it promises: ``threat`` times the most cells its player could capture
with a write of the next normal turn (walls that can still close an area) less ``deny``
times the most the opponent could (the room it leaves them), and ``room`` times the
difference in how many writes each side has (growing, and cutting the opponent's
growth). Long words cost ``keep`` a letter when they capture nothing: they reach
further later. Only the ``width`` writes best on the static part are looked ahead. A
take-over (rule ``pie``) is worth the score margin it gains plus what the position it
takes promises, weighed as a write is.

``threat``, ``deny`` and ``room`` weigh what a position is worth, so they are what
``wordbot learn`` learns from self-play: ``eval=learned`` (the default) plays the
weights shipped with wordbot, ``eval=hand`` the options' own, ``eval=FILE`` a file
``wordbot learn`` wrote; a weight given in the spec is played as given.

>>> from wordbot.engine.games import get_game
>>> state = get_game("crosswords").new(pages={"red": "An ant at", "green": "By my ox"})
>>> TerritoryPlayer().top(state, 1)[0].notation
'write ANT 3,1 down'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

import numpy as np
from wordbot.engine.crosswords.evaluation import VALUE_WEIGHTS, weights
from wordbot.engine.state import GameState
from wordbot.players.base import Candidate, Option, Shortlist, played_weights
from wordbot.players.pie import PieAware

if TYPE_CHECKING:
    from wordbot.engine.crosswords.legal import CrossWordsMoves
    from wordbot.engine.crosswords.state import CrossWordsState


class TerritoryPlayer(PieAware):
    """Cells now, extra turns, areas its walls can close, the opponent's room (see the
    module docstring)."""

    name = "territory"
    description = "cells now, extra turns, areas its walls can close, the opponent's room"
    games = frozenset({"crosswords"})
    options = {
        "extra": Option(float, 0.8, "value of an extra turn earned"),
        "threat": Option(
            float, 0.5, "weight of the most cells the mover could capture next turn"
        ),
        "deny": Option(
            float, 0.6, "weight of the most cells the opponent could capture next turn"
        ),
        "room": Option(float, 0.01, "value of a write more than the opponent has"),
        "keep": Option(float, 0.05, "cost of a letter of a word that captures nothing"),
        "width": Option(int, 12, "writes looked ahead (the best on cells and extra turns)"),
        "eval": Option(
            str,
            "learned",
            "threat, deny and room: learned (those shipped with wordbot, learned by "
            "self-play), hand (the options' own) or a file wordbot learn wrote",
        ),
    }

    def __init__(self, **options):
        super().__init__(**options)
        #: the value's weights played, in the order of ``VALUE_WEIGHTS``
        self.weights = np.array(
            played_weights(self.settings, options, VALUE_WEIGHTS, weights)
        )

    def features(self, state: CrossWordsState, seat: int) -> np.ndarray:
        """What the value weighs beside the margin, for ``seat`` (in the order of
        ``VALUE_WEIGHTS``): the most cells it could capture with a write of its next
        turn, less the most the opponent could, and its writes less theirs."""
        mine = state.writes(seat, None, current=False)
        theirs = state.writes(1 - seat, None, current=False)
        best_mine = int((mine[:, 4] + mine[:, 5]).max(initial=0))
        best_theirs = int((theirs[:, 4] + theirs[:, 5]).max(initial=0))
        return np.array([best_mine, -best_theirs, len(mine) - len(theirs)], np.float64)

    def _static(self, moves, i: int) -> float:
        facts = moves.details(i)
        gain = facts["crossed"] + facts["enclosed"]
        value = gain + self.settings["extra"] * len(facts["extra_turns"])
        if not gain:
            value -= self.settings["keep"] * len(moves.state.word_of(moves[i]).text)
        return value

    def _outlook(self, state: CrossWordsState, seat: int) -> tuple[float, dict]:
        """What the position promises ``seat`` (who just wrote), with its figures."""
        if state.is_over:
            margin = (
                state.scores[state.players[seat]] - state.scores[state.players[1 - seat]]
            )
            return 2.0 * margin, {}
        best_mine, no_theirs, more = self.features(state, seat).tolist()
        threat, deny, room = self.weights.tolist()
        # as the compiled core sums it, so both rank alike to the last bit
        value = threat * best_mine - deny * -no_theirs + room * more
        return value, {"next_best": int(best_mine), "opponent_best": int(-no_theirs)}

    def value(self, state: GameState, viewer: str) -> float:
        """The score margin plus what the position promises ``viewer`` (a playout's end
        as this player sees it)."""
        state = cast("CrossWordsState", state)  # the games it plays: Cross words combat
        seat = state.players.index(viewer)
        margin = state.scores[viewer] - state.scores[state.players[1 - seat]]
        return margin + self._outlook(state, seat)[0]

    def _ranked(self, state: GameState, n: int, rng: random.Random) -> list[Candidate]:
        state = cast("CrossWordsState", state)  # the games it plays: Cross words combat
        moves = cast("CrossWordsMoves", state.bot_moves())
        seat = state.seat
        ranked = Shortlist(rng)
        if moves.take_over:
            move = moves[-1]
            after = state.apply(move, check=False)
            gain = int(moves.gains()[-1])
            outlook, figures = self._outlook(after, seat)
            value = 2 * gain + outlook  # the margin gained: my score up, theirs down
            equity = round(value, 3)
            take = Candidate(move, state.notation(move), gain, equity, details=figures)
            ranked.add(value, take)
        if moves.pass_only:
            move = moves[0]
            ranked.add(0.0, Candidate(move, state.notation(move), 0, 0.0), draw=False)
        writes = len(moves.rows)
        order = sorted(range(writes), key=lambda i: (-self._static(moves, i), rng.random()))
        for i in order[: max(n, self.settings["width"])]:
            move = moves[i]
            after = state.apply(move, check=False)
            outlook, figures = self._outlook(after, seat)
            value = self._static(moves, i) + outlook
            facts = moves.details(i)
            gain = facts["crossed"] + facts["enclosed"]
            details = {**facts, **figures}
            notation = state.notation(move)
            ranked.add(
                value, Candidate(move, notation, gain, round(value, 3), details=details)
            )
        return ranked.best(n)

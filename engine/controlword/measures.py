"""Control Word's measures of one finished game (its ``measures`` part,
:mod:`wordbot.engine.measures`, for ``wordbot study``): where the final scores came
from, totalled over all players.

docs/rules/controlword.md scores a player's game as the points their plays scored when made,
plus the end-of-game points of the words they control, minus ``penalty_points`` per
penalty token; so, over all players,

    points_played + points_replaced + points_control - penalties == sum of final scores

for a game from its set-up (played points are counted move by move from ``states[0]``,
so a game resumed from a position leaves out what was scored before it).

Keys (every one in every game, 0 when it did not happen):

- ``points_played``: points word plays scored when made (J/Q/X/Z bonus included).
- ``points_replaced``: points replacement plays scored when made (only under
  ``score_replacements``; 0 by default).
- ``points_jqxz``: the part of the two above that is the J/Q/X/Z bonus.
- ``points_control``: end-of-game points of controlled words (``points_majority`` +
  ``points_plurality``: the words held by a majority pay 3 x, by a plurality 2 x).
- ``points_majority``, ``points_plurality``: ``points_control`` split that way.
- ``words_controlled``: words controlled at the end (2- and 3-letter words included,
  though they pay 0); ``words_majority``: those held by a majority.
- ``penalties``: points lost to penalty tokens (``penalty_points`` x tokens, positive).
- ``penalty_tokens``: tokens taken, ``redraw_tokens`` (for a second or later rack
  redraw in a turn) + ``challenge_tokens`` (for a withdrawn play, ``challenge_rule``
  ``penalty``).
- ``word_plays``, ``replacements``: plays of each kind made; ``redraws``: rack redraws;
  ``exchanges``: blue exchanges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from wordbot.engine.controlword.moves import Exchange, Redraw, Replacement, WordPlay
from wordbot.engine.controlword.scoring import MAJORITY, PLURALITY, play_points
from wordbot.engine.controlword.state import ControlWordState
from wordbot.engine.movelist import Move

KEYS = (
    "points_played",
    "points_replaced",
    "points_jqxz",
    "points_control",
    "points_majority",
    "points_plurality",
    "words_controlled",
    "words_majority",
    "penalties",
    "penalty_tokens",
    "redraw_tokens",
    "challenge_tokens",
    "word_plays",
    "replacements",
    "redraws",
    "exchanges",
)


def measures(states: Sequence[ControlWordState], moves: Sequence[Move]) -> dict[str, float]:
    """The measures of the module docstring for one finished game (``states[i + 1]`` is
    the state after ``moves[i]``).

    A game that ends before any move has only its end-of-game evaluation:

    >>> from wordbot.engine.controlword.game import GAME
    >>> from wordbot.dictionaries import Lexicon
    >>> state = GAME.new(seed=1, lexicon=Lexicon.from_words(["AT"]))
    >>> out = measures([state], [])
    >>> out["points_played"], out["penalties"], out["words_controlled"]
    (0.0, 0.0, 0.0)
    """
    out = dict.fromkeys(KEYS, 0)
    for before, move, after in zip(states, moves, states[1:]):
        gained = sum(after.scores.values()) - sum(before.scores.values())
        tokens = sum(after.penalties.values()) - sum(before.penalties.values())
        # a play refused under challenge_rule=penalty changes nothing but the tokens
        withdrawn = tokens > 0 and not isinstance(move, Redraw)
        out["redraw_tokens" if isinstance(move, Redraw) else "challenge_tokens"] += tokens
        if isinstance(move, Redraw):
            out["redraws"] += 1
        elif isinstance(move, Exchange):
            out["exchanges"] += 1
        elif isinstance(move, (WordPlay, Replacement)) and not withdrawn:
            is_word = isinstance(move, WordPlay)
            out["word_plays" if is_word else "replacements"] += 1
            out["points_played" if is_word else "points_replaced"] += gained
            if gained:
                # the same words scored without the bonus: the difference is the bonus
                plain = dataclasses.replace(after.rules, jqxz_bonus=0)
                out["points_jqxz"] += gained - play_points(
                    after.board, move.tiles, plain, replacement=not is_word
                )
    final = states[-1]
    evaluation = final.evaluate()
    for totals in evaluation.totals.values():
        out["points_control"] += totals.word_points
        out["words_controlled"] += totals.words_controlled
    for result in evaluation.words:
        if result.controller not in final.players:
            continue  # a tie for the most, or blue with the most: nobody's
        if result.control == MAJORITY:
            out["words_majority"] += 1
            out["points_majority"] += result.points
        elif result.control == PLURALITY:
            out["points_plurality"] += result.points
    out["penalty_tokens"] = sum(final.penalties.values())
    out["penalties"] = final.rules.penalty_points * out["penalty_tokens"]
    return {key: float(value) for key, value in out.items()}

"""Scoring: "when played" points of words and the end-of-game evaluation (docs/rules/controlword.md).

When played: a word of n letters scores ``played_points(n)`` (0 for n <= 3; x = n - 3,
(x*x - x + 2) / 2 from 4 on), plus ``jqxz_bonus`` for each J, Q, X or Z when n >= 4.

End of game: every word on the board (maximal run of 2+ tiles) goes to the colour with
strictly the most tiles in it; a tie for the most, or blue with the most, scores for
nobody. The controller has a majority when it holds at least half the tiles (2 * count >=
n), else a plurality; majority pays 3 x and plurality 2 x the "when played" points of the
length (no JQXZ bonus at the end). 2- and 3-letter words pay 0 but count as controlled
words for the tie-break. Each penalty token costs ``penalty_points``. Ranking: highest
final score, then fewest penalty tokens, then most words controlled; players still tied
share the place (and the win).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from wordbot.engine.controlword.board import (
    DIRECTIONS,
    STEP,
    Board,
    Word,
    changed_words,
    formed_words,
)
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.tiles import BONUS_LETTERS
from wordbot.engine.outcome import Outcome, places_from_keys

MAJORITY = "majority"
PLURALITY = "plurality"
KIND = {2: PLURALITY, 3: MAJORITY}


def played_points(length: int) -> int:
    """The "when played" points of a word of ``length`` letters (without the JQXZ bonus).

    n <= 3: 0; n >= 4: x = n - 3, points = (x*x - x + 2) / 2.

    >>> [played_points(n) for n in range(2, 13)]
    [0, 0, 1, 2, 4, 7, 11, 16, 22, 29, 37]
    """
    if length <= 3:
        return 0
    x = length - 3
    return (x * x - x + 2) // 2


def word_points(length: int, bonus_letters: int, jqxz_bonus: int) -> int:
    """The points a word of ``length`` letters holding ``bonus_letters`` J, Q, X or Z
    scores when played: the one place this rule is written (the compiled kernels read it
    as a table, :func:`wordbot.engine.controlword.adapter.score_table`).

    >>> word_points(4, 2, 4), word_points(3, 1, 4)  # QUIZ; ZAX
    (9, 0)
    """
    if length < 4:
        return 0
    return played_points(length) + jqxz_bonus * bonus_letters


def word_score(letters: str, rules: Rules) -> int:
    """The points a word scores for its player when it is played."""
    return word_points(
        len(letters), sum(1 for ch in letters if ch in BONUS_LETTERS), rules.jqxz_bonus
    )


def play_points(board_after: Board, tiles, rules: Rules, replacement: bool = False) -> int:
    """What a play scores when made, on the board with its tiles placed: every word a word
    play forms or extends, or (``replacement``) every word through a changed square."""
    words = (
        changed_words(board_after, tiles)
        if replacement
        else formed_words(board_after, tiles)
    )
    return sum(
        word_score("".join([board_after[q].letter for q in squares]), rules)
        for squares in words
    )


@dataclass(frozen=True)
class WordResult:
    word: Word
    controller: str | None
    control: str | None
    points: int

    def to_json(self) -> dict[str, Any]:
        return {
            "word": self.word.letters,
            "squares": [list(s) for s in self.word.squares],
            "controller": self.controller,
            "control": self.control,
            "points": self.points,
        }


@dataclass(frozen=True)
class Totals:
    word_points: int
    words_controlled: int
    penalty_tokens: int
    penalty_points: int  # negative: -penalty_points x tokens
    played_points: int
    final: int

    def to_json(self) -> dict[str, int]:
        return {
            "word_points": self.word_points,
            "words_controlled": self.words_controlled,
            "penalty_points": self.penalty_points,
            "played_points": self.played_points,
            "final": self.final,
        }


@dataclass(frozen=True)
class Evaluation:
    """The end-of-game evaluation of a board as it stands."""

    words: tuple[WordResult, ...]
    totals: dict[str, Totals]
    ranking: tuple[str, ...]
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "words": [w.to_json() for w in self.words],
            "totals": {p: t.to_json() for p, t in self.totals.items()},
            "ranking": list(self.ranking),
            "winners": list(self.winners),
        }


def rank_key(totals: Totals) -> tuple[int, int, int]:
    """Ranking: highest final score, then fewest penalty tokens, then most words
    controlled (lower keys rank first)."""
    return (-totals.final, totals.penalty_tokens, -totals.words_controlled)


def evaluate(state, controls: Iterable[tuple[Any, ...]]) -> Evaluation:
    """The end-of-game evaluation of a state's board as it stands, given who controls
    each of its words (``controls``: the compiled control rule's answer,
    :func:`wordbot.engine.controlword.adapter.evaluate_board`, as
    ``ControlWordState.evaluate`` asks for it)."""
    board = state.board
    players = state.players
    results = []
    word_points_of = dict.fromkeys(players, 0)
    controlled = dict.fromkeys(players, 0)
    for (r, c), d, length, controller, multiplier in controls:
        direction = DIRECTIONS[d]
        dr, dc = STEP[direction]
        squares = tuple((r + k * dr, c + k * dc) for k in range(length))
        tiles = [board[s] for s in squares]
        word = Word(
            direction,
            squares,
            "".join(t.letter for t in tiles),
            tuple(t.colour for t in tiles),
        )
        points = multiplier * played_points(length)
        if controller is not None and controller in word_points_of:
            word_points_of[controller] += points
            controlled[controller] += 1
        results.append(WordResult(word, controller, KIND.get(multiplier), points))
    totals = {}
    for p in players:
        tokens = state.penalties.get(p, 0)
        pen = -state.rules.penalty_points * tokens
        played = state.scores.get(p, 0)
        totals[p] = Totals(
            word_points_of[p],
            controlled[p],
            tokens,
            pen,
            played,
            final_score(state, p, word_points_of[p]),
        )
    ranking = tuple(sorted(players, key=lambda p: rank_key(totals[p])))
    best = rank_key(totals[ranking[0]])
    winners = tuple(p for p in ranking if rank_key(totals[p]) == best)
    return Evaluation(tuple(results), totals, ranking, winners)


def final_score(state, player: str, controlled_points: int) -> int:
    """A player's final score as the board stands: played points, plus the points of
    the words it controls (``controlled_points``), minus its penalty tokens."""
    return (
        state.scores.get(player, 0)
        + controlled_points
        - state.rules.penalty_points * state.penalties.get(player, 0)
    )


def standing(state, controls: Iterable[tuple[Any, ...]]) -> dict[str, int]:
    """The final scores of :func:`evaluate` (given the same ``controls``) without the
    rest of the evaluation: a study asks them of every position of its games."""
    points = dict.fromkeys(state.players, 0)
    for _, _, length, controller, multiplier in controls:
        if controller in points:
            points[controller] += multiplier * played_points(length)
    return {p: final_score(state, p, points[p]) for p in state.players}


def outcome(ev: Evaluation) -> Outcome:
    """The :class:`~wordbot.engine.outcome.Outcome` of an evaluation: final scores,
    places by the ranking's tie-breaks, winners, and the evaluation as ``details``."""
    places = places_from_keys({p: rank_key(t) for p, t in ev.totals.items()})
    return Outcome(
        {p: t.final for p, t in ev.totals.items()}, places, ev.winners, ev.to_json()
    )

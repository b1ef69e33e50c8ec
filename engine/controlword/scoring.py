"""Scoring: "when played" points of words and the end-of-game evaluation (RULES.md).

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

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from wordbot.engine.controlword.board import Board, Word
from wordbot.engine.controlword.rules import Rules
from wordbot.engine.controlword.tiles import BLUE, BONUS_LETTERS, played_points

MAJORITY = "majority"
PLURALITY = "plurality"
MULTIPLIER = {PLURALITY: 2, MAJORITY: 3}


def word_score(letters: str, rules: Rules) -> int:
    """The points a word scores for its player when it is played."""
    n = len(letters)
    if n < 4:
        return 0
    bonus = rules.jqxz_bonus * sum(1 for ch in letters if ch in BONUS_LETTERS)
    return played_points(n) + bonus


def control(colours: Iterable[str]) -> tuple[str | None, str | None]:
    """(controller, "majority" | "plurality") of a word's tile colours, or (None, None).

    >>> control(["red", "red", "blue", "green"]), control(["red", "blue"])
    (('red', 'majority'), (None, None))
    """
    colours = list(colours)
    counts = Counter(colours).most_common()
    top_colour, top = counts[0]
    if (len(counts) > 1 and counts[1][1] == top) or top_colour == BLUE:
        return None, None
    return top_colour, MAJORITY if 2 * top >= len(colours) else PLURALITY


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
    return (-totals.final, totals.penalty_tokens, -totals.words_controlled)


def evaluate(
    board: Board,
    players: Iterable[str],
    scores: Mapping[str, int],
    penalties: Mapping[str, int],
    rules: Rules,
) -> Evaluation:
    players = tuple(players)
    results = []
    word_points = dict.fromkeys(players, 0)
    controlled = dict.fromkeys(players, 0)
    for word in board.words():
        controller, kind = control(word.colours)
        points = 0
        if controller is not None:
            points = MULTIPLIER[kind] * played_points(len(word.letters))
            if controller in word_points:
                word_points[controller] += points
                controlled[controller] += 1
        results.append(WordResult(word, controller, kind, points))
    totals = {}
    for p in players:
        tokens = penalties.get(p, 0)
        pen = -rules.penalty_points * tokens
        played = scores.get(p, 0)
        totals[p] = Totals(
            word_points[p], controlled[p], tokens, pen, played, played + word_points[p] + pen
        )
    ranking = tuple(sorted(players, key=lambda p: rank_key(totals[p])))
    best = rank_key(totals[ranking[0]])
    winners = tuple(p for p in ranking if rank_key(totals[p]) == best)
    return Evaluation(tuple(results), totals, ranking, winners)

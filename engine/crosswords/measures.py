"""Cross words combat's measures of one finished game (its ``measures`` part,
:mod:`wordbot.engine.measures`, for ``wordbot study``): where the captured cells came
from, and the extra turns the combos earned, totalled over both players.

docs/rules/crosswords.md scores each captured cell 1 for its captor, and a cell is captured
either by crossing (an opponent's letter the word runs through) or by enclosure (an
empty region the player walls in); a captured cell is never captured again. So

    captures_crossing + captures_enclosure == sum of final scores

for a game from its set-up (only the cells captured from ``states[0]`` on are counted).

Keys (every one in every game, 0 when it did not happen):

- ``captures_crossing``: cells captured by crossing opponent letters.
- ``captures_enclosure``: empty cells captured by enclosure.
- ``extra_turns_cross_one``: extra turns earned by crossing exactly one opponent letter.
- ``extra_turns_cross_many``: extra turns earned by crossing two or more (any word of
  the page may then be written).
- ``extra_turns_enclosure``: extra turns earned by enclosing (one per write, however
  many regions).
- ``extra_turns_digit``: extra turns earned by a digit marker after the word.
- ``extra_turns_letter``: extra turns earned by a one-letter marker after the word.
- ``extra_turns_written``: extra turns in which a word was written.
- ``extra_turns_lost``: extra turns passed (no legal write) or still queued when the
  game ended; every extra turn earned is written or lost.
- ``take_overs``: first turns taken over (the rule ``pie``: 0 or 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from wordbot.engine.crosswords.moves import Pass, TextWrite, Write
from wordbot.engine.crosswords.state import CrossWordsState
from wordbot.engine.movelist import Move
from wordbot.engine.pie import TakeOver

KEYS = (
    "captures_crossing",
    "captures_enclosure",
    "extra_turns_cross_one",
    "extra_turns_cross_many",
    "extra_turns_enclosure",
    "extra_turns_digit",
    "extra_turns_letter",
    "extra_turns_written",
    "extra_turns_lost",
    "take_overs",
)


def measures(states: Sequence[CrossWordsState], moves: Sequence[Move]) -> dict[str, float]:
    """The measures of the module docstring for one finished game (``states[i + 1]`` is
    the state after ``moves[i]``).

    >>> from wordbot.engine.crosswords.game import GAME
    >>> state = GAME.new(pages={"red": "An ant ate 2 hay", "green": "By my ox"})
    >>> after = state.apply(state.parse_move("write ANT 4,0 down"))
    >>> out = measures([state, after], [state.parse_move("write ANT 4,0 down")])
    >>> out["captures_crossing"], out["extra_turns_digit"]
    (0.0, 0.0)
    """
    out = dict.fromkeys(KEYS, 0)
    for before, move, after in zip(states, moves, states[1:]):
        in_extra = bool(before.extra)
        if isinstance(move, TakeOver):
            out["take_overs"] += 1
            continue
        if isinstance(move, Pass):
            out["extra_turns_lost"] += in_extra
            earned = 0
        else:
            if isinstance(move, TextWrite):
                move = before.resolve(move)
            assert isinstance(move, Write)  # the other moves: a write, a pass, a take-over
            out["extra_turns_written"] += in_extra
            earned = _write(before, move, after, out)
        if after.is_over:
            # the end drops the extra turns still queued (nobody could write them)
            queued = len(before.extra) - 1 if in_extra else 0
            out["extra_turns_lost"] += queued + earned
    return {key: float(value) for key, value in out.items()}


def _write(
    before: CrossWordsState, move: Write, after: CrossWordsState, out: dict[str, int]
) -> int:
    """Count one write's captures and the extra turns it earns (docs/rules/crosswords.md "Combos") into
    ``out``; the number of extra turns."""
    crossed = enclosed = 0
    for cell in after.captured.keys() - before.captured.keys():
        # a crossing captures a cell holding a letter; an enclosure, empty cells
        if cell in before.cells:
            crossed += 1
        else:
            enclosed += 1
    out["captures_crossing"] += crossed
    out["captures_enclosure"] += enclosed
    kinds = []
    if crossed:
        kinds.append("cross_one" if crossed == 1 else "cross_many")
    if enclosed:
        kinds.append("enclosure")
    marker = before.word_of(move).marker
    if marker is not None:
        kinds.append("digit" if marker.lengths is not None else "letter")
    for kind in kinds:
        out[f"extra_turns_{kind}"] += 1
    return len(kinds)

"""Sentences about the words a move wins, takes or loses ("takes GRAIL from green ...")."""

from __future__ import annotations


def _by_squares(evaluation) -> dict:
    return {frozenset(r.word.squares): r for r in evaluation.words}


def _describe_one(verb: str, result, mover: str, gain: int) -> str:
    control = result.control or "no control"
    return f"{verb} {result.word.letters}: {control}, {gain:+d} at the end"


def word_changes(before, after, mover: str) -> list[str]:
    """What changes hands between two end-of-game evaluations, from the mover's side.

    Words are matched by their squares; a word a play extends is compared with the
    longest old word inside it.
    """
    old = _by_squares(before)
    lines = []
    for key, new in _by_squares(after).items():
        prev = old.get(key)
        if prev is None:  # formed or extended: compare with the old word it absorbed
            inside = [
                r
                for sq, r in old.items()
                if sq <= key and r.word.direction == new.word.direction
            ]
            prev = max(inside, key=lambda r: len(r.word.squares), default=None)
        before_ctrl = prev.controller if prev else None
        before_kind = prev.control if prev else None
        if (
            (before_ctrl, before_kind) == (new.controller, new.control)
            and prev is not None
            and prev.points == new.points
        ):
            continue
        was_mine = before_ctrl == mover
        now_mine = new.controller == mover
        mine_before = prev.points if (prev and was_mine) else 0
        mine_after = new.points if now_mine else 0
        if now_mine and was_mine:
            lines.append(
                f"strengthens {new.word.letters}: {before_kind} -> {new.control}, "
                f"{mine_after - mine_before:+d} at the end"
            )
        elif now_mine and before_ctrl is None:
            verb = (
                "wins" if prev is None or prev.word.letters != new.word.letters else "takes"
            )
            lines.append(_describe_one(verb, new, mover, mine_after))
        elif now_mine:
            lines.append(
                f"takes {new.word.letters} from {before_ctrl}: {before_kind} -> "
                f"{new.control}, {mine_after:+d} at the end"
            )
        elif was_mine:
            lines.append(
                f"gives up {new.word.letters}"
                + (f" to {new.controller}" if new.controller else "")
                + f", {-mine_before:+d} at the end"
            )
        elif before_ctrl and new.controller is None:
            assert prev is not None  # it had a controller
            lines.append(
                f"neutralises {new.word.letters} (was {before_ctrl}'s, "
                f"{prev.points} at the end)"
            )
    return lines

"""``control``: points now + the change in the risk-weighted control value + rack leave.

The control value of a board for the mover is what every word on it will pay at the
end, the mover's words counted positive and the others' negative, each discounted by
the risk of losing it before the end (:mod:`wordbot.movegen.controlword.evaluation`).

Every legal kind of action is weighed: word plays (in both colourings when the rack holds
a letter in own and blue tiles), replacement plays, passing, blue exchanges and rack
redraws. Weights: :mod:`wordbot.players.controlword.weights`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields
from functools import partial
from typing import Any

import numpy as np
from wordbot.engine.controlword import adapter, leaves
from wordbot.engine.controlword.adapter import evaluation as ev
from wordbot.engine.controlword.moves import Exchange, Pass, Redraw, Replacement, WordPlay
from wordbot.players.base import Candidate, Option, Player, PlayerError, Progress
from wordbot.players.controlword.explain import word_changes
from wordbot.players.controlword.weights import DEFAULT, HELP, Weights


def phases_left(state) -> tuple[int, int]:
    """(the mover's, the opponents') replacement phases still to come after this action,
    capped at 2 each: beyond that the board changes too much to matter."""
    after = max(0, state.rules.rounds - state.round)
    others = len(state.players) - 1
    if state.phase == "word":
        mine, theirs = 1 + after, others * (1 + after)
    else:
        order = state.phase_order()
        later = len(order) - 1 - order.index(state.to_move)
        mine, theirs = after, later + others * after
    return min(mine, 2), min(theirs, 2)


class Evaluator:
    """The numba evaluation of one state's plays for the player to move."""

    def __init__(self, state, weights: Weights, vector: np.ndarray | None = None):
        self.state = state
        self.w = weights.vector() if vector is None else vector
        self.weights = weights
        self.table = adapter.score_table(state.rules.jqxz_bonus)
        self.mover = adapter.colour_index(state.to_move)
        self.own, self.blue = adapter.rack_arrays(adapter.rack_of(state))
        self.my_phases, self.their_phases = phases_left(state)

    def _board(self, grid):
        starts, lengths, _dirs, squares, word_of = adapter.board_words(grid.letters)
        values = ev.word_values(
            grid.colours,
            starts,
            lengths,
            squares,
            self.mover,
            self.w,
            self.table,
            self.my_phases,
            self.their_phases,
        )
        return starts, lengths, squares, word_of, values

    def word_plays(self):
        """(plays, colours, control change, leave) of every word play, each play in its
        better colouring (own tiles first or blue first)."""
        plays = adapter.word_plays(self.state)
        n = len(plays)
        grid = plays.grid
        _, _, _, word_of, values = self._board(grid)
        keep = self.state.replacement_limit
        best: list[np.ndarray] | None = None
        for blue_first in (False, True) if self.blue.sum() else (False,):
            cols = np.empty(plays.tiles.shape[0], np.int8)
            ctrl = np.empty(n, np.float64)
            leave = np.empty(n, np.float64)
            ev.word_play_effects(
                grid.letters,
                grid.colours,
                word_of,
                values,
                plays.moves,
                plays.tiles,
                self.own,
                self.blue,
                self.mover,
                blue_first,
                self.w,
                self.table,
                self.my_phases,
                self.their_phases,
                keep,
                cols,
                ctrl,
                leave,
            )
            if best is None:
                best = [cols, ctrl, leave, np.zeros(n, bool)]
            else:  # keep the better colouring of each move
                w = self.weights.control
                better = w * ctrl + leave > w * best[1] + best[2]
                for m in np.nonzero(better)[0]:
                    a, k = plays.moves[m, 0], plays.moves[m, 1]
                    best[0][a : a + k] = cols[a : a + k]
                best[1] = np.where(better, ctrl, best[1])
                best[2] = np.where(better, leave, best[2])
                best[3] = better
        assert best is not None  # the loop runs at least once
        return plays, best[0], best[1], best[2]

    def replacement_plays(self):
        plays = adapter.replacement_plays(self.state)
        n = len(plays)
        grid = plays.grid
        starts, lengths, squares, word_of, values = self._board(grid)
        cols = np.empty(plays.tiles.shape[0], np.int8)
        ctrl = np.empty(n, np.float64)
        leave = np.empty(n, np.float64)
        ev.replacement_effects(
            grid.letters,
            grid.colours,
            word_of,
            starts,
            lengths,
            squares,
            values,
            plays.moves,
            plays.tiles,
            self.own,
            self.blue,
            self.mover,
            self.w,
            self.table,
            self.my_phases,
            self.their_phases,
            0,
            cols,
            ctrl,
            leave,
        )
        points = (
            adapter.replacement_points(self.state, plays)
            if self.state.rules.score_replacements
            else np.zeros(n, np.int64)
        )
        return plays, cols, ctrl, leave, points

    def leave_of(self, own, blue, keep: int) -> float:
        return float(ev.leave_value(own, blue, keep, self.w))


#: the plays ranked() lists (the rest rank below them and are never reported)
TOP_PLAYS = 64


class ControlPlayer(Player):
    """Ranks every action by points now + control change + leave (see module doc)."""

    name = "control"
    description = "points now + change in the risk-weighted control value + rack leave"
    games = frozenset({"controlword"})
    options = {
        "explain": Option(bool, True, "describe the words each top candidate changes"),
        "leaves": Option(
            str,
            leaves.DEFAULT,
            "the leave table: auto (the table wordbot learn kept, learned, on the word "
            "list it was learned on, the hand-set leaves on any other), a table shipped "
            "with wordbot by its name, a file wordbot learn wrote, or hand (the hand-set "
            "leave weights alone)",
        ),
        # every weight of the evaluation, so a spec (and `wordbot tune`) can set it
        **{
            f.name: Option(float, getattr(DEFAULT, f.name), HELP[f.name])
            for f in fields(Weights)
        },
    }

    def __init__(self, weights: Weights = DEFAULT, **options):
        super().__init__(**options)
        self.weights = weights.with_(**{k: v for k, v in options.items() if k in HELP})
        self._vectors: dict[str, np.ndarray] = {}  # by word list (the table auto plays)
        if self.settings["leaves"] != leaves.AUTO:
            try:
                self.vector(None)
            except leaves.LeaveTableError as exc:
                raise PlayerError(str(exc)) from None

    def vector(self, state) -> np.ndarray:
        """The weights the evaluation kernels read in ``state``: the hand-set weights and
        the leave table (``auto``'s, by the word list of ``state``)."""
        digest = state.lexicon.digest if state is not None else ""
        if self.settings["leaves"] != leaves.AUTO:
            digest = ""  # one table on every word list
        found = self._vectors.get(digest)
        if found is None:
            found = self._vectors[digest] = leaves.vector(
                self.settings["leaves"], self.weights.vector(), lexicon=digest
            )
        return found

    # -- ranking ---------------------------------------------------------------------

    def ranked(self, state):
        """(equity, points, control change, maker of the move) for every action, best
        first; ``maker()`` builds the engine move (only called for the few reported)."""
        plays, cols, equity, points, ctrl, others = self._options(state)
        out: list[tuple[float, int, float, Callable[..., Any]]] = []
        for i in np.argsort(-equity, kind="stable")[:TOP_PLAYS]:
            out.append(
                (
                    float(equity[i]),
                    int(points[i]),
                    float(ctrl[i]),
                    (lambda i=int(i): adapter.play_move(state, plays, i, cols)),
                )
            )
        out.extend(others)
        out.sort(key=lambda item: -item[0])
        return out

    def _options(self, state):
        """The plays of the phase with their equity, points and control change, and the
        other actions ranked with them as (equity, points, control change, maker): pass
        and, in the word phase, the rack actions."""
        ev_ = Evaluator(state, self.weights, self.vector(state))
        w = self.weights
        others: list[tuple[float, int, float, Callable[..., Any]]] = []
        if state.phase == "word":
            plays, cols, ctrl, leave = ev_.word_plays()
            points = plays.points
            equity = points + w.control * ctrl + leave
            pass_value = ev_.leave_of(ev_.own, ev_.blue, state.replacement_limit)
            others.append((pass_value, 0, 0.0, Pass))
            best = max(pass_value, float(equity.max(initial=-np.inf)))
            others.extend(self._rack_actions(state, ev_, best))
        else:
            plays, cols, ctrl, leave, points = ev_.replacement_plays()
            equity = points + w.control * ctrl + leave
            others.append((ev_.leave_of(ev_.own, ev_.blue, 0), 0, 0.0, Pass))
        return plays, cols, equity, points, ctrl, others

    def _rack_actions(self, state, ev_, best_equity):
        """A blue exchange when the leave would improve enough and no play is worth
        much; a free redraw when nothing is worth playing."""
        w = self.weights
        actions: list[tuple[float, int, float, Callable[..., Any]]] = []
        if best_equity < w.exchange_below:
            bags = np.zeros((2, 27), np.int64)
            unseen = state.unseen_blue(state.to_move)  # not the bags' true contents
            for b, key in enumerate(("blue_vowels", "blue_consonants")):
                for ch in unseen[key]:
                    bags[b, ord(ch) - 64] += 1
            gains = ev.exchange_gains(
                ev_.own, ev_.blue, bags, state.replacement_limit, ev_.w
            )
            for letter, b in zip(*np.nonzero(gains > w.exchange_gain)):
                gain = float(gains[letter, b])
                actions.append(
                    (
                        best_equity + gain - w.exchange_gain,
                        0,
                        0.0,
                        partial(Exchange, chr(64 + int(letter)), ("vowel", "consonant")[b]),
                    )
                )
        if best_equity < w.redraw_below and state.redraws == 0:
            actions.append((w.redraw_below, 0, 0.0, Redraw))
        return actions

    # -- the contract ----------------------------------------------------------------

    def _top(
        self, state, n: int, rng: random.Random, progress: Progress | None
    ) -> list[Candidate]:
        ranked = self.ranked(state)
        before = state.evaluate() if self.settings["explain"] else None
        cands = []
        for equity, points, ctrl, make in ranked[:n]:
            move = make()
            words = []
            if before is not None and isinstance(move, (WordPlay, Replacement)):
                after = state.apply(move, check=False).evaluate()
                words = word_changes(before, after, state.to_move)
            cands.append(
                Candidate(
                    move,
                    state.notation(move),
                    points=points,
                    equity=equity,
                    iterations=len(ranked),
                    details={"control_change": ctrl, "words": words},
                )
            )
        return cands

    def _choose(self, state, rng: random.Random):
        # equal equities are common (a word at mirrored places): the generator picks one,
        # so two seeds give two games even between identical players. The choice is
        # among the first of ranked() within 1e-9 of the best, in its order; only those
        # are looked at (ranked() would sort every play and make 64 makers).
        plays, cols, equity, _points, _ctrl, others = self._options(state)
        best = max(float(equity.max(initial=-np.inf)), *(e for e, *_ in others))
        near = np.flatnonzero(equity >= best - 1e-9)
        # ranked() keeps the TOP_PLAYS best plays by (equity, index): so do these
        near = near[np.lexsort((near, -equity[near]))][:TOP_PLAYS]
        tied: list[tuple[float, Callable[..., Any]]] = [
            (float(equity[i]), lambda i=int(i): adapter.play_move(state, plays, i, cols))
            for i in near
        ]
        tied += [(e, make) for e, _, _, make in others if e >= best - 1e-9]
        tied.sort(key=lambda item: -item[0])
        return tied[rng.randrange(len(tied)) if len(tied) > 1 else 0][1]()

    def value(self, state, viewer: str) -> float:
        """The static equity of the position for ``viewer`` (:func:`static_value`)."""
        return static_value(state, viewer, self.weights)


def static_value(state, colour: str, weights: Weights = DEFAULT) -> float:
    """The equity of a whole position for ``colour``: points scored so far (minus the
    best opponent's) plus the risk-weighted control value of every word on the board."""
    grid = adapter.board_grid(state)
    starts, lengths, _dirs, squares, _word_of = adapter.board_words(grid.letters)
    mine, theirs = phases_left(state) if state.phase != "over" else (0, 0)
    if state.phase != "over" and state.to_move != colour:
        mine, theirs = theirs, mine  # phases are counted from the mover's side
    values = ev.word_values(
        grid.colours,
        starts,
        lengths,
        squares,
        adapter.colour_index(colour),
        weights.vector(),
        adapter.score_table(state.rules.jqxz_bonus),
        mine,
        theirs,
    )
    penalty = state.rules.penalty_points
    score = {c: state.scores[c] - penalty * state.penalties[c] for c in state.players}
    best_other = max(v for c, v in score.items() if c != colour)
    return float(score[colour] - best_other + weights.control * values.sum())

"""``control``: points now + the change in end-of-game control value + rack leave.

Every legal kind of action is weighed: word plays (in both colourings when the rack holds
a letter in own and blue tiles), replacement plays, passing, blue exchanges and rack
redraws. Weights: :mod:`wordbot.players.controlword.weights`.
"""

from __future__ import annotations

import numpy as np

from wordbot.engine.controlword import Exchange, Pass, Placement, Redraw, Replacement, WordPlay
from wordbot.movegen.controlword.grid import COLOUR_INDEX, COLOURS
from wordbot.movegen.controlword.replacements import board_words
from wordbot.players.controlword import evaluation as ev
from wordbot.players.base import Candidate, Limit, Option, Player
from wordbot.players.controlword.explain import word_changes
from wordbot.players.plays import rack_of, replacement_plays, word_plays
from wordbot.players.registry import register
from wordbot.players.controlword.weights import DEFAULT, Weights


def rack_arrays(rack: str) -> tuple[np.ndarray, np.ndarray]:
    own = np.zeros(27, np.int64)
    blue = np.zeros(27, np.int64)
    for ch in rack:
        (own if ch.isupper() else blue)[ord(ch.upper()) - 64] += 1
    return own, blue


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

    def __init__(self, state, weights: Weights):
        self.state = state
        self.w = weights.vector()
        self.weights = weights
        self.mover = COLOUR_INDEX[state.to_move]
        self.rack = rack_of(state)
        self.own, self.blue = rack_arrays(self.rack)
        self.my_phases, self.their_phases = phases_left(state)

    def _board(self, grid):
        starts, lengths, _dirs, squares, word_of = board_words(grid.letters)
        values = ev.word_values(grid.colours, starts, lengths, squares, self.mover, self.w,
                                self.my_phases, self.their_phases)
        return starts, lengths, squares, word_of, values

    def word_plays(self):
        """(plays, colours, control change, leave, used blue-first) of every word play."""
        plays = word_plays(self.state)
        n = len(plays)
        grid = plays.grid
        _, _, _, word_of, values = self._board(grid)
        keep = self.state.replacement_limit
        best = None
        for blue_first in ((False, True) if self.blue.sum() else (False,)):
            cols = np.empty(plays.tiles.shape[0], np.int8)
            ctrl = np.empty(n, np.float64)
            leave = np.empty(n, np.float64)
            ev.word_play_effects(grid.letters, grid.colours, word_of, values, plays.moves,
                                 plays.tiles, self.own, self.blue, self.mover, blue_first,
                                 self.w, self.my_phases, self.their_phases, keep, cols, ctrl,
                                 leave)
            if best is None:
                best = [cols, ctrl, leave, np.zeros(n, bool)]
            else:  # keep the better colouring of each move
                w = self.weights.control
                better = w * ctrl + leave > w * best[1] + best[2]
                for m in np.nonzero(better)[0]:
                    a, k = plays.moves[m, 0], plays.moves[m, 1]
                    best[0][a:a + k] = cols[a:a + k]
                best[1] = np.where(better, ctrl, best[1])
                best[2] = np.where(better, leave, best[2])
                best[3] = better
        return plays, best[0], best[1], best[2]

    def replacement_plays(self):
        plays = replacement_plays(self.state)
        n = len(plays)
        grid = plays.grid
        starts, lengths, squares, word_of, values = self._board(grid)
        cols = np.empty(plays.tiles.shape[0], np.int8)
        ctrl = np.empty(n, np.float64)
        leave = np.empty(n, np.float64)
        ev.replacement_effects(grid.letters, grid.colours, word_of, starts, lengths, squares,
                               values, plays.moves, plays.tiles, self.own, self.blue,
                               self.mover, self.w, self.my_phases, self.their_phases, 0, cols,
                               ctrl, leave)
        rules = self.state.rules
        points = (plays.points_if_scored(rules.jqxz_bonus) if rules.score_replacements
                  else np.zeros(n, np.int64))
        return plays, cols, ctrl, leave, points

    def leave_of(self, own, blue, keep: int) -> float:
        return float(ev.leave_value(own, blue, keep, self.w))


def _move_from(plays, i: int, cols, kind):
    first, n = int(plays.moves[i, 0]), int(plays.moves[i, 1])
    r0, c0 = plays.grid.row0, plays.grid.col0
    tiles = tuple(Placement(int(r) + r0, int(c) + c0, chr(64 + int(letter)),
                            COLOURS[int(cols[first + k])])
                  for k, (r, c, letter) in enumerate(plays.tiles[first:first + n]))
    return kind(tiles)


@register
class ControlPlayer(Player):
    """Ranks every action by points now + control change + leave (see module doc)."""

    name = "control"
    description = "points now + change in end-of-game control + rack leave"
    options = {
        "explain": Option(bool, True, "describe the words each top candidate changes"),
    }

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT, **options):
        super().__init__(seed, **options)
        self.weights = weights

    # -- ranking ---------------------------------------------------------------------

    def ranked(self, state):
        """(equity, points, control change, maker of the move) for every action, best
        first; ``maker()`` builds the engine move (only called for the few reported)."""
        ev_ = Evaluator(state, self.weights)
        w = self.weights
        out = []
        if state.phase == "word":
            plays, cols, ctrl, leave = ev_.word_plays()
            equity = plays.points + w.control * ctrl + leave
            for i in np.argsort(-equity, kind="stable")[:64]:
                out.append((float(equity[i]), int(plays.points[i]), float(ctrl[i]),
                            (lambda i=int(i): _move_from(plays, i, cols, WordPlay))))
            keep = state.replacement_limit
            pass_value = ev_.leave_of(ev_.own, ev_.blue, keep)
            out.append((pass_value, 0, 0.0, Pass))
            out.extend(self._rack_actions(state, ev_, max(e for e, *_ in out)))
        elif state.phase == "replacement":
            plays, cols, ctrl, leave, points = ev_.replacement_plays()
            equity = points + w.control * ctrl + leave
            for i in np.argsort(-equity, kind="stable")[:64]:
                out.append((float(equity[i]), int(points[i]), float(ctrl[i]),
                            (lambda i=int(i): _move_from(plays, i, cols, Replacement))))
            out.append((ev_.leave_of(ev_.own, ev_.blue, 0), 0, 0.0, Pass))
        out.sort(key=lambda item: -item[0])
        return out

    def _rack_actions(self, state, ev_, best_equity):
        """A blue exchange when the leave would improve enough and no play is worth
        much; a free redraw when nothing is worth playing."""
        w = self.weights
        actions = []
        if best_equity < w.exchange_below:
            bags = np.zeros((2, 27), np.int64)
            for b, key in enumerate(("blue_vowels", "blue_consonants")):
                for ch in state.bags.get(key, ""):
                    bags[b, ord(ch) - 64] += 1
            gains = ev.exchange_gains(ev_.own, ev_.blue, bags, state.replacement_limit, ev_.w)
            for letter, b in zip(*np.nonzero(gains > w.exchange_gain)):
                gain = float(gains[letter, b])
                actions.append((best_equity + gain - w.exchange_gain, 0, 0.0,
                                (lambda l=chr(64 + int(letter)), bag=("vowel", "consonant")[b]:
                                 Exchange(l, bag))))
        if best_equity < w.redraw_below and state.redraws == 0:
            actions.append((w.redraw_below, 0, 0.0, Redraw))
        return actions

    # -- the interface ---------------------------------------------------------------

    def analyse(self, state, limit: Limit | None = None, top: int | None = 10):
        if state.phase == "over":
            return []
        ranked = self.ranked(state)
        before = state.evaluate() if self.settings["explain"] else None
        cands = []
        for equity, points, ctrl, make in ranked[:top]:
            move = make()
            words = []
            if before is not None and isinstance(move, (WordPlay, Replacement)):
                after = state.apply(move, check=False).evaluate()
                words = word_changes(before, after, state.to_move)
            cands.append(Candidate(move, state.notation(move), points=points,
                                   control_change=ctrl, equity=equity,
                                   iterations=len(ranked), words=words))
        return cands

    def choose(self, state, limit: Limit | None = None):
        if state.phase == "over":
            raise ValueError("the game is over")
        return self.ranked(state)[0][3]()


def static_value(state, colour: str, weights: Weights = DEFAULT) -> float:
    """The equity of a whole position for ``colour``: points scored so far (minus the
    best opponent's) plus the risk-weighted control value of every word on the board."""
    from wordbot.movegen.controlword.grid import Grid

    grid = Grid.pack(state.board, pad=0)
    starts, lengths, _dirs, squares, _word_of = board_words(grid.letters)
    mine, theirs = phases_left(state) if state.phase != "over" else (0, 0)
    if state.phase != "over" and state.to_move != colour:
        mine, theirs = theirs, mine  # phases are counted from the mover's side
    values = ev.word_values(grid.colours, starts, lengths, squares, COLOUR_INDEX[colour],
                            weights.vector(), mine, theirs)
    penalty = state.rules.penalty_points
    score = {c: state.scores[c] - penalty * state.penalties[c] for c in state.players}
    best_other = max(v for c, v in score.items() if c != colour)
    return float(score[colour] - best_other + weights.control * values.sum())

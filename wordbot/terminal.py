"""``wordbot play``: a person against bots in the terminal.

The board is drawn in colour with rich (plain text when the output is not a terminal),
moves are typed in the text notation of FORMATS.md, and the game is written to a record
(JSON Lines, FORMATS.md) as it goes. Commands at the prompt::

    3,-1 across CA(T)s      a move in notation (or a JSON move object)
    hint [N]                the hint player's best N moves (default 5)
    moves [N]               the legal moves scoring most now (default 10)
    undo                    take back your last move (and the bots' answers)
    board | score | help | quit
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from wordbot.engine.controlword.display import board_text, rack_text
from wordbot.errors import WordbotError

HELP = """\
Type a move in the notation of FORMATS.md, or a command:
  ROW,COL across|down WORD   word play: the whole word from its first square; letters
                             already on the board in (parentheses), blue tiles lowercase
                             e.g. 3,-1 across CA(T)s
  replace ROW,COL=L ...      replacement phase: cover other colours' tiles (lowercase = blue)
  pass | redraw | exchange E vowel | exchange T consonant
  hint [N]    the best N moves (default 5)      moves [N]   legal moves by points
  undo        take back your last move          board       show the board again
  score       the score if the game ended now   quit        stop (the record is kept)"""


@dataclasses.dataclass
class Seat:
    colour: str
    human: bool
    player: object = None  # a wordbot player for a bot
    spec: str = "human"


class TerminalGame:
    """One game: seats (a human and bots), the history of states, the record."""

    def __init__(self, state, seats: Sequence[Seat], limit, hint_player, record: Path | None,
                 console: Console, read: Callable[[str], str]):
        self.history = [state]
        self.moves: list = []
        self.seats = {s.colour: s for s in seats}
        self.limit = limit
        self.hint_player = hint_player
        self.record_path = record
        self.console = console
        self.read = read
        self.recorder = None
        self.last_squares: set = set()
        self._open_record()

    # -- the record ----------------------------------------------------------------
    def _agents(self) -> dict:
        return {c: s.spec for c, s in self.seats.items()}

    def _open_record(self) -> None:
        if self.record_path is None:
            return
        from wordbot.engine.controlword import GameRecorder

        if self.recorder is not None:
            self.recorder.close()
        self.recorder = GameRecorder(self.record_path, self.history[0], self._agents())
        for before_index, move in enumerate(self.moves):
            self.recorder.record(move, self.history[before_index + 1])

    @property
    def state(self):
        return self.history[-1]

    def _push(self, move, after) -> None:
        self.moves.append(move)
        self.history.append(after)
        if self.recorder is not None:
            self.recorder.record(move, after)
        tiles = getattr(move, "tiles", ())
        self.last_squares = {t.square for t in tiles}

    # -- drawing ---------------------------------------------------------------------
    def show(self) -> None:
        s = self.state
        self.console.print(board_text(s.board, self.last_squares))
        scores = "  ".join(
            f"{c} {s.scores[c]}" + (f" (-{s.penalties[c]} tokens)" if s.penalties[c] else "")
            for c in s.players)
        if s.is_over:
            self.console.print(f"game over · {scores}")
            return
        phase = "word phase" if s.phase == "word" else \
            f"replacement phase (up to {s.replacement_limit} tiles)"
        self.console.print(f"round {s.round} of {s.rules.rounds} · {phase} · rack limit "
                           f"{s.rack_limit} · {scores}")
        seat = self.seats[s.to_move]
        if seat.human and s.racks.get(s.to_move) is not None:
            line = Text(f"your rack ({s.to_move}): ")
            line.append_text(rack_text(s.racks[s.to_move], s.to_move))
            self.console.print(line)

    # -- the human's commands --------------------------------------------------------
    def alternatives(self, attempted=None, count: int = 5) -> list[tuple[str, int]]:
        """Legal moves like ``attempted`` (sharing squares and letters), else the ones
        scoring most."""
        from wordbot.protocol import list_moves

        s = self.state
        moves, points = list_moves(s, "all")
        want = {(t.row, t.col, t.letter) for t in getattr(attempted, "tiles", ())}
        want_sq = {(r, c) for r, c, _ in want}

        def likeness(i):
            tiles = {(t.row, t.col, t.letter) for t in getattr(moves[i], "tiles", ())}
            squares = {(r, c) for r, c, _ in tiles}
            return (len(tiles & want) * 2 + len(squares & want_sq), points[i])

        order = sorted(range(len(moves)), key=likeness, reverse=True)[:count]
        return [(s.notation(moves[i]), points[i]) for i in order]

    def hint(self, count: int) -> None:
        cands = self.hint_player.analyse(self.state, self.limit, top=count) \
            if "top" in _params(self.hint_player.analyse) \
            else self.hint_player.analyse(self.state, self.limit)[:count]
        self.console.print(f"hints ({self.hint_player.spec}):")
        for i, c in enumerate(cands, 1):
            extra = f", win {c.win_rate:.0%}" if c.win_rate is not None else ""
            self.console.print(f"  {i}. {c.notation:<28} {c.points:>3} pts, equity "
                               f"{c.equity:.1f}{extra}")
            for words in c.words[:3]:
                self.console.print(f"       {words}", soft_wrap=True)

    def undo(self) -> bool:
        """Back to before the human's last move; False when there is none."""
        human_moves = [i for i, st in enumerate(self.history[:-1])
                       if self.seats[st.to_move].human]
        if not human_moves:
            return False
        keep = human_moves[-1]
        del self.history[keep + 1:]
        del self.moves[keep:]
        self.last_squares = set()
        self._open_record()  # the record is rewritten without the moves taken back
        return True

    def human_turn(self) -> str | None:
        """Read and act on one line; returns "quit" to stop."""
        from wordbot.engine.controlword import IllegalMove, MoveError

        s = self.state
        try:
            line = self.read(f"{s.to_move}> ")
        except EOFError:
            self.console.print()
            return "quit"
        words = line.strip().split()
        if not words:
            return None
        head = words[0].lower()
        count = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        if head in ("quit", "q", "exit"):
            return "quit"
        if head in ("help", "?", "h"):
            self.console.print(HELP, soft_wrap=True)
            return None
        if head == "board":
            self.show()
            return None
        if head == "hint":
            self.hint(count or 5)
            return None
        if head == "moves":
            for text, pts in self.alternatives(None, count or 10):
                self.console.print(f"  {pts:>4}  {text}")
            return None
        if head == "score":
            ev = s.evaluate()
            self.console.print("if the game ended now: " + ", ".join(
                f"{c} {ev.totals[c].final}" for c in ev.ranking))
            return None
        if head == "undo":
            if self.undo():
                self.console.print("taken back.")
                self.show()
            else:
                self.console.print("nothing to take back.")
            return None
        move = None
        try:
            move = s.parse_move(line.strip())
            after = s.apply(move)
        except (MoveError, IllegalMove) as exc:
            self.console.print(f"[bold red]{exc}[/]")
            alts = self.alternatives(move)
            if alts:
                self.console.print("legal alternatives:")
                for text, pts in alts:
                    self.console.print(f"  {pts:>4}  {text}")
            self.console.print("(help: the notation and commands)")
            return None
        self.console.print(f"{s.to_move} (you): {s.notation(move)}")
        self._push(move, after)
        return "moved"

    # -- the loop --------------------------------------------------------------------
    def play(self) -> None:
        self.console.print("Control Word · type help for the notation and commands")
        if self.record_path is not None:
            self.console.print(f"recording to {self.record_path}")
        shown = False
        while not self.state.is_over:
            s = self.state
            seat = self.seats[s.to_move]
            if seat.human:
                if not shown:
                    self.show()
                    shown = True
                outcome = self.human_turn()
                if outcome == "quit":
                    self.console.print("game stopped; "
                                       + (f"the record is in {self.record_path}"
                                          if self.record_path else "not recorded"))
                    self.close()
                    return
                if outcome == "moved":
                    shown = False
                continue
            move = seat.player.choose(s, self.limit)
            after = s.apply(move)
            self.console.print(f"{s.to_move} ({seat.spec}): {s.notation(move)}")
            self._push(move, after)
            shown = False
        self.show()
        ev = self.state.evaluate()
        for c in ev.ranking:
            t = ev.totals[c]
            self.console.print(f"  {c:<6} {t.final:>5}  (played {t.played_points}, words "
                               f"{t.word_points}, penalties {t.penalty_points})")
        label = "winner" if len(ev.winners) == 1 else "shared win"
        self.console.print(f"{label}: {', '.join(ev.winners)}")
        if self.recorder is not None:
            self.recorder.finish()
            self.recorder = None
            self.console.print(f"record: {self.record_path}")

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.close()
            self.recorder = None


def _params(func) -> set:
    import inspect

    try:
        return set(inspect.signature(func).parameters)
    except (TypeError, ValueError):
        return set()


def make_seats(colours: Sequence[str], human_seat: int, bots: Sequence[str], seed: int
               ) -> list[Seat]:
    """The human at ``human_seat`` (1-based), bots (specs in seat order, the last one
    repeated as needed) everywhere else."""
    from wordbot.players import make_player
    from wordbot.players.arena import derive_seed

    if not 1 <= human_seat <= len(colours):
        raise WordbotError(f"--seat {human_seat}: there are seats 1 to {len(colours)}")
    bots = list(bots)
    seats = []
    k = 0
    for i, colour in enumerate(colours, 1):
        if i == human_seat:
            seats.append(Seat(colour, True))
            continue
        spec = bots[min(k, len(bots) - 1)]
        k += 1
        player = make_player(spec, derive_seed(seed, colour))
        seats.append(Seat(colour, False, player, player.spec))
    return seats

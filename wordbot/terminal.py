"""``wordbot play``: a person against bots in the terminal, in any game.

The position is drawn with the game's picture (rich; plain text when the output is not a
terminal), moves are typed in the game's text notation (docs/formats.md), and the game is
written to a record (JSON Lines) as it goes. The bots move through the arena's
:class:`~wordbot.players.arena.Match`, the one loop that makes bots move. Commands at the
prompt::

    a move in notation (or a JSON move object)
    hint [N]                the hint player's best N moves (default 5)
    moves [N]               the legal moves adding most to the score now (default 10)
    undo                    take back your last move (and the bots' answers)
    board | score | help | quit
"""

from __future__ import annotations

import difflib
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from wordbot.engine.display import picture, score_text
from wordbot.engine.numerals import int_text
from wordbot.engine.state import GameState
from wordbot.errors import WordbotError
from wordbot.players.arena import Match

if TYPE_CHECKING:
    from wordbot.engine.records import GameRecorder

HELP = """\
Type a move in the game's notation, or a command:
  hint [N]    the best N moves (default 5)      moves [N]   legal moves by points now
  undo        take back your last move          board       show the position again
  score       the score if the game ended now   quit        stop (the record is kept)"""
#: after the notation: where the rules and the whole notation are (``{game}``: its name)
RULES_POINTER = "The rules and the notation in full: wordbot rules --game {game}"

#: moves looked at for "legal alternatives" (those adding most to the score first), and
#: from the end of the legal move list
ALTERNATIVES_POOL = 2000
LIST_END = 64
#: how alike (difflib's ratio) a legal move of another kind must be written to be shown
#: as an alternative: a typo's ("pas", "writ ...") are 0.85 and more
ALIKE = 0.6


def move_kind(text: str) -> str:
    """A move's kind as its notation shows it: the first word (``write``, ``replace``,
    ``take``), ``ROW,COL`` when it starts with a square (a Control Word word play)."""
    words = text.split()
    return re.sub(r"-?\d+", "N", words[0].lower()) if words else ""


class TerminalGame:
    """One game: a match of a person and bots (``seats``: seat -> player, None for the
    person's), the moves made, the record."""

    def __init__(
        self,
        state: GameState,
        seats: dict,
        seed: int,
        hint_player,
        record: Path | None,
        console: Console,
        read: Callable[[str], str],
    ):
        self.start = state
        self.seats = seats
        self.seed = seed
        self.match = Match(state, seats, seed)
        self.hint_player = hint_player
        self.record_path = record
        self.console = console
        self.read = read
        self.recorder: GameRecorder | None = None
        self.last_move: str | None = None  # "seat: notation" of the last move made
        self._open_record()

    # -- the record ----------------------------------------------------------------
    def _agents(self) -> dict:
        return {p: "human" if pl is None else pl.spec for p, pl in self.seats.items()}

    def _open_record(self) -> None:
        if self.record_path is None:
            return
        from wordbot.engine.records import GameRecorder

        if self.recorder is not None:
            self.recorder.close()
        self.recorder = GameRecorder(self.record_path, self.start, self._agents())
        state = self.start
        for move in self.match.moves:
            state = state.apply(move)
            self.recorder.record(move, state)

    @property
    def state(self) -> GameState:
        return self.match.state

    def _moved(self, before, move, after) -> None:
        if self.recorder is not None:
            self.recorder.record(move, after)
        self.last_move = f"{before.to_move}: {before.notation(move)}"

    # -- drawing ---------------------------------------------------------------------
    def show(self) -> None:
        """The position as the person sees it, the last move named, and the scores."""
        s = self.state
        viewer = next((p for p, pl in self.seats.items() if pl is None), None)
        # a picture's move is one the player to move may make, drawn as it would be
        # made (as `hint` shows it); the last move is made already, so it is named
        self.console.print(picture(s, None, viewer=viewer))
        if self.last_move is not None:
            self.console.print(f"last move: {self.last_move}", markup=False)
        scores = "  ".join(f"{p} {s.scores[p]}" for p in s.players)
        turn = "" if s.is_over else f"{s.to_move} to move · "
        self.console.print(f"{turn}{s.describe()} · {scores}")

    # -- the person's commands --------------------------------------------------------
    def best_moves(self, count: int) -> list[tuple[str, object]]:
        """The ``count`` legal moves adding most to the score now, as (notation, gain)."""
        return [
            (self.state.notation(m), g) for m, g in self.state.legal_moves().best(count)
        ]

    def pool(self) -> list[tuple[str, object]]:
        """Legal moves to look for alternatives in: those adding most now, and the end of
        the list (where a long list keeps the moves that add nothing: pass, exchanges)."""
        moves = self.state.legal_moves()
        shown = dict(self.best_moves(ALTERNATIVES_POOL))
        for i in range(max(0, len(moves) - LIST_END), len(moves)):
            shown.setdefault(self.state.notation(moves[i]), 0)
        return list(shown.items())

    def alternatives(
        self, attempted: str, count: int = 5, pool: list | None = None
    ) -> list[tuple[str, object]]:
        """Legal moves like ``attempted`` (from ``pool``, else :meth:`pool`): of its kind
        (its first word), or written nearly the same; most alike first. None when no
        legal move is."""
        pool = self.pool() if pool is None else pool
        kind = move_kind(attempted)
        ratio = {
            text: difflib.SequenceMatcher(None, attempted, text).ratio() for text, _ in pool
        }
        alike = [
            (text, gain)
            for text, gain in pool
            if move_kind(text) == kind or ratio[text] >= ALIKE
        ]
        alike.sort(key=lambda item: -ratio[item[0]])
        return alike[:count]

    def explain_refusal(self, attempted: str) -> None:
        """After a refused move: the legal moves like it, else one legal move of each
        kind there is now (best first)."""
        pool = self.pool()
        alts = self.alternatives(attempted, pool=pool)
        if alts:
            self.console.print("legal alternatives:")
            for text, gain in alts:
                self.console.print(f"  {gain:>4}  {text}", markup=False)
        else:
            first: dict[str, str] = {}
            for text, _ in pool:
                first.setdefault(move_kind(text), text)
            self.console.print(
                "no legal move is like that one"
                + (
                    f"; legal now, one of each kind: {', '.join(first.values())}"
                    if first
                    else ""
                ),
                soft_wrap=True,
                markup=False,
            )
        self.console.print(
            "(type moves to list legal moves, help for the notation and commands)"
        )

    def hint(self, count: int) -> None:
        cands = self.hint_player.top(self.state, count, random.Random(self.seed))
        self.console.print(f"hints ({self.hint_player.spec}):")
        for i, c in enumerate(cands, 1):
            extra = f", win {c.win_rate:.0%}" if c.win_rate is not None else ""
            if c.margin is not None:  # a player that plays out: where its playouts ended
                where = " (horizon)" if c.margin_at == "horizon" else ""
                extra += f", margin {c.margin:+.1f}{where}"
            self.console.print(
                f"  {i}. {c.notation:<28} {c.points:>3} pts, equity {c.equity:.1f}{extra}"
            )
            for line in c.details.get("words", [])[:3]:
                self.console.print(f"       {line}", soft_wrap=True)

    def undo(self) -> bool:
        """Back to before the person's last move; False when there is none."""
        states = [self.start]
        for move in self.match.moves:
            states.append(states[-1].apply(move))
        mine = [i for i, st in enumerate(states[:-1]) if self.seats.get(st.to_move) is None]
        if not mine:
            return False
        keep = mine[-1]
        self.match.moves = self.match.moves[:keep]
        self.match.state = states[keep]
        self.last_move = None
        self._open_record()  # the record is rewritten without the moves taken back
        return True

    def human_turn(self) -> str | None:
        """Read and act on one line; returns "quit" to stop, "moved" after a move."""
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
        count = None
        if head in ("hint", "moves") and len(words) > 1:
            try:
                count = int_text(words[1], f"{head} N", 1, error=WordbotError)
            except WordbotError as exc:
                self.console.print(Text(str(exc), style="bold red"))
                return None
        if head in ("quit", "q", "exit"):
            return "quit"
        if head in ("help", "?", "h"):
            game = self.state.game
            self.console.print(HELP, soft_wrap=True)
            if game.notation_help:
                self.console.print(game.notation_help, soft_wrap=True, markup=False)
            self.console.print(RULES_POINTER.format(game=game.name), markup=False)
            return None
        if head == "board":
            self.show()
            return None
        if head == "hint":
            self.hint(count or 5)
            return None
        if head == "moves":
            for text, gain in self.best_moves(count or 10):
                self.console.print(f"  {gain:>4}  {text}", markup=False)
            return None
        if head == "score":
            outcome = s.outcome()
            ranking = sorted(s.players, key=lambda p: outcome.places[p])
            self.console.print(
                "if the game ended now: "
                + ", ".join(f"{p} {outcome.scores[p]}" for p in ranking)
            )
            return None
        if head == "undo":
            if self.undo():
                self.console.print("taken back.")
                self.show()
            else:
                self.console.print("nothing to take back.")
            return None
        try:
            move = s.parse_move(line.strip())
            before, move, after = self.match.push(move)
        except WordbotError as exc:
            self.console.print(Text(str(exc), style="bold red"))
            self.explain_refusal(line.strip())
            return None
        self.console.print(f"{before.to_move} (you): {before.notation(move)}")
        self._moved(before, move, after)
        return "moved"

    # -- the loop --------------------------------------------------------------------
    def play(self) -> None:
        self.console.print(f"{self.start.game.title} · type help for the commands")
        if self.record_path is not None:
            self.console.print(f"recording to {self.record_path}")
        shown = False
        while not self.state.is_over:
            player = self.match.player()
            if player is None:
                if not shown:
                    self.show()
                    shown = True
                outcome = self.human_turn()
                if outcome == "quit":
                    self.console.print(
                        "game stopped; "
                        + (
                            f"the record is in {self.record_path}"
                            if self.record_path
                            else "not recorded"
                        )
                    )
                    self.close()
                    return
                if outcome == "moved":
                    shown = False
                continue
            before, move, after = self.match.step()
            self.console.print(f"{before.to_move} ({player.spec}): {before.notation(move)}")
            self._moved(before, move, after)
            shown = False
        self.show()
        self.console.print(score_text(self.state), soft_wrap=True)
        if self.recorder is not None:
            self.recorder.finish()
            self.recorder = None
            self.console.print(f"record: {self.record_path}")

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.close()
            self.recorder = None


def make_seats(table, game, players, human_seat: int, bots: list[str], limit) -> dict:
    """The person at ``human_seat`` (1-based, None), bots of the players ``table`` (specs
    in seat order, the last one repeated as needed) everywhere else."""
    seat_names = list(game.check_players(players))
    if not 1 <= human_seat <= len(seat_names):
        raise WordbotError(f"--seat {human_seat}: there are seats 1 to {len(seat_names)}")
    seats: dict = {}
    k = 0
    for i, name in enumerate(seat_names, 1):
        if i == human_seat:
            seats[name] = None
            continue
        spec = bots[min(k, len(bots) - 1)]
        k += 1
        seats[name] = table.make(spec, game, limit)
    return seats

"""What every backend runs: a worker that plays scheduled games.

A worker is made once per process (or Ray actor): it loads the lexicon from the cache,
makes each player once, and warms the numba kernels with one word-play and one
replacement-play generation, so that games cost only their moves. Each game re-seeds its
players (``play_game`` does), so a game's result does not depend on which worker played
it or what it played before.
"""

from __future__ import annotations

import io
import os
import time
from dataclasses import dataclass
from typing import Any

from wordbot.tournament.schedule import ScheduledGame, TournamentError
from wordbot.tournament.standings import GameOutcome, places_from_ranking

#: Lexicons already in memory, by digest: a forked worker finds its parent's here and
#: does not load it again (a spawned one, or a Ray actor, loads it from the cache).
_LOADED: dict[str, Any] = {}


@dataclass(frozen=True)
class WorkerSetup:
    """Everything a worker needs, small and picklable (it travels to Ray actors)."""

    players: tuple[tuple[str, str], ...]  # (name, spec)
    lexicon_path: str | None  # None: the bundled default
    lexicon_digest: str
    rules: dict  # Rules.to_json()
    colours: tuple[str, ...]
    record: bool  # write each game's record (JSON Lines text) into its result


def load_lexicon(path: str | None, digest: str):
    """The lexicon of ``path`` from memory or the cache; it must have ``digest``."""
    from wordbot.dictionaries import Lexicon

    lexicon = _LOADED.get(digest)
    if lexicon is None:
        lexicon = Lexicon.load(path, report=None)
        if lexicon.digest != digest:
            raise TournamentError(
                f"lexicon {path or 'default'}: its words differ from the tournament's "
                f"(digest {lexicon.digest[:12]}, not {digest[:12]})")
        _LOADED[digest] = lexicon
    return lexicon


class GameWorker:
    """Plays games of one tournament; see the module docstring."""

    def __init__(self, setup: WorkerSetup, warm: bool = True):
        from wordbot.engine.controlword import Rules
        from wordbot.players import make_player

        self.setup = setup
        self.lexicon = load_lexicon(setup.lexicon_path, setup.lexicon_digest)
        self.rules = Rules.from_json(setup.rules)
        self.players = {name: make_player(spec) for name, spec in setup.players}
        if warm:
            self.warm()

    def warm(self) -> None:
        """Run both numba kernels once (they load from numba's cache, or compile)."""
        from wordbot.players.arena import new_game
        from wordbot.players.plays import replacement_plays, word_plays

        state = new_game(0, self.setup.colours, self.lexicon, self.rules)
        word_plays(state)
        replacement_plays(state)

    def play(self, game: ScheduledGame) -> tuple[GameOutcome, str | None]:
        """Play ``game``: its outcome and (when recording) its record's text."""
        from wordbot.engine.controlword import GameRecorder
        from wordbot.engine.controlword.scoring import rank_key
        from wordbot.players.arena import new_game, play_game

        started = time.perf_counter()
        state = new_game(game.seed, game.colours, self.lexicon, self.rules)
        seats = {colour: self.players[name] for colour, name in game.seats}
        on_move = recorder = buffer = None
        if self.setup.record:
            buffer = io.StringIO()
            recorder = GameRecorder(buffer, state, dict(game.seats))

            def on_move(before, move, after):
                recorder.record(move, after)

        result = play_game(state, seats, seed=game.seed, on_move=on_move, on_error="forfeit")
        evaluation = result.evaluation
        if recorder is not None and result.error is None:
            recorder.finish(evaluation)  # a forfeited game's record stays unfinished
        keys = {c: rank_key(t) for c, t in evaluation.totals.items()}
        if result.error is not None and result.forfeit is None:
            keys = dict.fromkeys(keys, ())  # nobody to blame: a draw for all
        places = places_from_ranking(keys, result.forfeit)
        error = None
        if result.error is not None:
            error = {"colour": result.forfeit,
                     "player": dict(game.seats).get(result.forfeit),
                     "action": result.actions + 1, "message": result.error}
        outcome = GameOutcome(game.index, game.pairing, game.deal, game.rotation, game.seed,
                              dict(game.seats), dict(result.scores), places, result.actions,
                              time.perf_counter() - started, error,
                              think=dict(result.think_time), decisions=dict(result.decisions))
        return outcome, (buffer.getvalue() if buffer is not None else None)

    def play_batch(self, games: list[ScheduledGame]) -> list[tuple[GameOutcome, str | None]]:
        return [self.play(g) for g in games]


# ------------------------------------------------------------------ process-pool glue
_WORKER: GameWorker | None = None


def init_process(setup: WorkerSetup, parent_pid: int | None = None) -> None:
    """Pool initializer: one :class:`GameWorker` per process, made once."""
    global _WORKER
    if parent_pid is not None:
        _die_with_parent(parent_pid)
    _WORKER = GameWorker(setup)


def play_in_process(game: ScheduledGame):
    return _WORKER.play(game)


def worker_pid() -> int:
    """A readiness probe: which (initialized) worker ran it."""
    time.sleep(0.02)
    return os.getpid()


def _die_with_parent(parent_pid: int) -> None:
    """On Linux, have the kernel kill this worker when the tournament process dies
    (a SIGKILLed parent cannot clean up its pool)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)

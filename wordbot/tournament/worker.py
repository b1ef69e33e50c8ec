"""What every backend runs: a worker that plays scheduled games.

A worker is made once per process (or Ray actor): it imports the tournament's plugins,
loads the lexicon from the cache, makes each player once, and warms the game's compiled
kernels by playing the start of one game, so that games cost only their moves. Each game
seeds its players afresh (from the deal and each player's place at the table), so a
game's result does not depend on which worker played it or what it played before.
"""

from __future__ import annotations

import io
import os
import time
from dataclasses import dataclass
from typing import Any

from wordbot.engine.games import DEFAULT_GAME
from wordbot.tournament.schedule import ScheduledGame, TournamentError
from wordbot.tournament.standings import GameOutcome

#: actions of the warm-up game: enough for every kind of position of a game to come up
#: (Control Word: a word phase and a replacement phase)
WARM_ACTIONS = 12


@dataclass(frozen=True)
class WorkerSetup:
    """Everything a worker needs, small and picklable (it travels to Ray actors)."""

    players: tuple[tuple[str, str], ...]  # (name, spec)
    lexicon_path: str | None  # None: the bundled default
    lexicon_digest: str | None  # None: the game uses no lexicon
    rules: dict  # the game's Rules.to_json()
    colours: tuple[str, ...]  # the seats' names
    record: bool  # write each game's record (JSON Lines text) into its result
    game: str = DEFAULT_GAME
    plugins: tuple[str, ...] = ()  # modules defining the game or players
    setup: tuple[tuple[str, Any], ...] = ()  # the game's set-up options, as JSON
    variants: tuple[dict, ...] = ()  # a study's Rules.to_json() of each variant
    measure: bool = False  # measure each game (wordbot.measures) into its outcome

    @classmethod
    def of(
        cls, config: Any, rules: dict, colours: tuple[str, ...], record: bool, **more: Any
    ):
        """The set-up of a tournament's or a study's ``config`` (its players, lexicon,
        game, plugins and set-up), playing ``rules`` with ``colours``; ``more``: the
        study's fields."""
        lexicon = config.lexicon or {}
        return cls(
            tuple(config.players.items()),
            lexicon.get("path"),
            lexicon.get("digest"),
            rules,
            colours,
            record=record,
            game=config.game,
            plugins=tuple(config.plugins),
            setup=tuple(sorted(config.setup.items())),
            **more,
        )


def load_lexicon(path: str | None, digest: str | None):
    """The lexicon of ``path`` (from the process's one cache); it must have ``digest``.
    None for a game without a lexicon."""
    if digest is None:
        return None
    from wordbot.lexicons import load_lexicon as shared

    lexicon = shared(path, report=None)
    if lexicon.digest != digest:
        raise TournamentError(
            f"lexicon {path or 'default'}: its words differ from the tournament's "
            f"(digest {lexicon.digest[:12]}, not {digest[:12]})"
        )
    return lexicon


class GameWorker:
    """Plays games of one tournament; see the module docstring."""

    def __init__(self, setup: WorkerSetup, warm: bool = True):
        from wordbot.plugins import load_catalog

        self.setup = setup
        catalog = load_catalog(setup.plugins)
        self.game = catalog.game(setup.game)
        self.lexicon = load_lexicon(setup.lexicon_path, setup.lexicon_digest)
        self.rules = self.game.Rules.from_json(setup.rules)
        self.variants = [self.game.Rules.from_json(r) for r in setup.variants]
        self.players = {
            name: catalog.players.make(spec, self.game) for name, spec in setup.players
        }
        if warm:
            self.warm()

    def rules_of(self, variant: int | None = None):
        return self.rules if variant is None else self.variants[variant]

    def new_game(self, seed: int, colours, variant: int | None = None, rules=None):
        rules = self.rules_of(variant) if rules is None else rules
        return self.game.new(
            list(colours), seed, rules, self.lexicon, **dict(self.setup.setup)
        )

    def warm(self) -> None:
        """Play the start of one game with greedy players, so that the game's compiled
        kernels are loaded (from numba's cache, or compiled) before timing, and before
        forking, so the workers share them. Greedy rather than the game's default policy:
        it lists every move (every generator's kernels) at a fraction of the cost (First
        Draft's twelve actions, kernels loaded: drafter 1.2 s, greedy 0.01 s)."""
        from wordbot.players.arena import Match
        from wordbot.players.registry import make_player

        state = self.new_game(0, self.setup.colours)
        policy = make_player("greedy", self.game)
        match = Match(state, dict.fromkeys(state.players, policy))
        while not match.state.is_over and len(match.moves) < WARM_ACTIONS:
            match.step()

    def play(self, game: ScheduledGame) -> tuple[GameOutcome, str | None]:
        """Play ``game``: its outcome and (when recording) its record's text."""
        from wordbot.engine.records import GameRecorder
        from wordbot.players.arena import bid_seats, play_compiled, play_game

        started = time.perf_counter()
        dealt = {colour: self.players[name] for colour, name in game.seats}
        moved, rules, bids = bid_seats(self.game, self.rules_of(game.variant), dealt)
        seated = {moved[colour]: name for colour, name in game.seats}
        names = {colour: seated[colour] for colour in game.colours}  # in seat order
        seats = {moved[colour]: player for colour, player in dealt.items()}
        state = self.new_game(game.seed, game.colours, game.variant, rules)
        recorder = buffer = None
        states = [state]
        if self.setup.record:
            buffer = io.StringIO()
            recorder = GameRecorder(buffer, state, names)

        def on_move(before, move, after):
            if recorder is not None:
                recorder.record(move, after)
            if self.setup.measure:
                states.append(after)

        watched = self.setup.record or self.setup.measure
        result = play_compiled(
            state, seats, game.seed, on_move if watched else None, game.player_seeds
        ) or play_game(
            state,
            seats,
            seed=game.seed,
            on_move=on_move,
            on_error="forfeit",
            player_seeds=game.player_seeds,
        )
        if recorder is not None and result.error is None:
            recorder.finish(result.outcome)  # a forfeited game's record stays unfinished
        error = None
        if result.error is not None:
            error = {
                "colour": result.forfeit,
                "player": (
                    names.get(result.forfeit) if result.forfeit is not None else None
                ),
                "action": result.actions + 1,
                "message": result.error,
            }
        measures = None
        if self.setup.measure and result.error is None:
            from wordbot.measures import game_measures

            measures = game_measures(states, result.moves)
        outcome = GameOutcome(
            game.index,
            game.pairing,
            game.deal,
            game.rotation,
            game.seed,
            names,
            dict(result.scores),
            dict(result.places),
            result.actions,
            time.perf_counter() - started,
            error,
            think=dict(result.think_time),
            decisions=dict(result.decisions),
            variant=game.variant,
            measures=measures,
            bids=bids,
        )
        return outcome, (buffer.getvalue() if buffer is not None else None)

    def play_batch(
        self, games: list[ScheduledGame]
    ) -> list[tuple[GameOutcome, str | None]]:
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
    assert _WORKER is not None  # the pool's initializer made it
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

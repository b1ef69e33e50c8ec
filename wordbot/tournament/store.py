"""The ``--out`` directory of a tournament, written so that a crash loses no finished game.

::

    DIR/tournament.json     the configuration (written first, once)
    DIR/games/000017.jsonl  game 17's record (docs/formats.md "Game records"), one file a game
    DIR/results.jsonl       one line a finished game: who sat where, scores, places, error
    DIR/standings.json      the final table (the --json output), when the tournament ends

A game is written when it finishes: its record goes to a temporary file renamed into
place, then its line is appended to ``results.jsonl`` and flushed. Killed at any moment,
the directory holds every finished game: ``--resume`` drops an unterminated last line of
``results.jsonl``, rebuilds the line of a game whose record is complete but whose line
was not written yet, and plays only the games that have no line.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any, Self

from wordbot.tournament.config import TournamentConfig
from wordbot.tournament.schedule import TournamentError
from wordbot.tournament.standings import GameOutcome

CONFIG = "tournament.json"
RESULTS = "results.jsonl"
GAMES = "games"
STANDINGS = "standings.json"


def record_name(index: int) -> str:
    return f"{GAMES}/{index:06d}.jsonl"


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class TournamentStore:
    """Reads and writes one tournament directory (a study's too: the same layout with
    its own configuration file; see ``wordbot.study.store``)."""

    config_name = CONFIG
    standings_name = STANDINGS
    kind = "tournament"
    config_type: Any = TournamentConfig

    def __init__(self, path: Path):
        self.path = Path(path)
        self._results: IO[str] | None = None

    # ------------------------------------------------------------------ opening
    @classmethod
    def check_new(cls, path: Path) -> None:
        """Can a new tournament be written at ``path``? (Nothing is created.)"""
        path = Path(path)
        if path.exists():
            if not path.is_dir():
                raise TournamentError(f"--out {path}: not a directory")
            if (path / cls.config_name).exists():
                raise TournamentError(
                    f"--out {path}: already holds a {cls.kind}; continue it "
                    f"with --resume {path}, or choose another directory"
                )
            if any(not cls._leftover(p) for p in path.iterdir()):
                raise TournamentError(
                    f"--out {path}: not empty; choose a new or empty directory"
                )
            if not os.access(path, os.W_OK | os.X_OK):
                raise TournamentError(
                    f"--out {path}: cannot write there (permission denied)"
                )
        else:
            parent = path.parent
            while not parent.exists() and parent != parent.parent:
                parent = parent.parent
            if not parent.is_dir():
                raise TournamentError(
                    f"--out {path}: cannot create it ({parent} is not a directory)"
                )
            if not os.access(parent, os.W_OK | os.X_OK):
                raise TournamentError(
                    f"--out {path}: cannot create it (permission denied in {parent})"
                )

    @classmethod
    def _leftover(cls, path: Path) -> bool:
        """Whether ``path`` is a configuration a run stopped writing (never linked)."""
        return path.name.startswith(f".{cls.config_name}.")

    @classmethod
    def create(cls, path: Path, config: Any) -> Self:
        cls.check_new(path)
        path = Path(path)
        try:
            path.mkdir(parents=True, exist_ok=True)
            # the configuration appears whole or not at all, so that a run killed while
            # writing it leaves a folder it can start again in (or resume), and the link
            # never replaces a configuration another run just wrote
            draft = path / f".{cls.config_name}.{os.getpid()}"
            draft.write_text(
                json.dumps(config.to_json(), indent=1) + "\n", encoding="utf-8"
            )
            try:
                os.link(draft, path / cls.config_name)
            finally:
                draft.unlink(missing_ok=True)
            (path / GAMES).mkdir(exist_ok=True)
            (path / RESULTS).touch()
        except FileExistsError:
            raise TournamentError(f"--out {path}: already holds a {cls.kind}") from None
        except OSError as exc:
            raise TournamentError(
                f"--out {path}: cannot write there ({exc.strerror or exc})"
            ) from None
        return cls(path)

    @classmethod
    def open(cls, path: Path) -> tuple[Self, Any]:
        path = Path(path)
        where = str(path)
        name = cls.config_name
        if not (path / name).is_file():
            raise TournamentError(f"--resume {where}: no {cls.kind} there (no {name})")
        try:
            obj = json.loads((path / name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise TournamentError(f"--resume {where}: cannot read {name} ({exc})") from None
        config = cls.config_type.from_json(obj, f"{where}/{name}")
        if not os.access(path, os.W_OK | os.X_OK):
            raise TournamentError(
                f"--resume {where}: cannot write there (permission denied)"
            )
        # nothing is touched until the configuration is checked; then what a run killed
        # right after writing it had not made yet
        (path / GAMES).mkdir(exist_ok=True)
        return cls(path), config

    def save_config(self, config: Any) -> None:
        """Write ``config`` over the saved one, whole or not at all (a resumed
        tournament given more games)."""
        try:
            _write_atomic(
                self.path / self.config_name, json.dumps(config.to_json(), indent=1) + "\n"
            )
        except OSError as exc:
            raise TournamentError(
                f"--resume {self.path}: cannot write there ({exc.strerror or exc})"
            ) from None

    # ------------------------------------------------------------------ reading
    def load_outcomes(
        self, schedule: Any, lexicon=None, games=None
    ) -> tuple[list[GameOutcome], list[str]]:
        """The finished games on disk, repairing what a crash left: (outcomes, notes).
        A game whose record is there but whose results line is not is rebuilt by
        replaying the record (of ``games``, with ``lexicon``)."""
        notes: list[str] = []
        results = self.path / RESULTS
        raw = results.read_bytes() if results.exists() else b""
        keep = len(raw)
        if raw and not raw.endswith(b"\n"):
            keep = raw.rfind(b"\n") + 1  # the line being written when the run stopped
            notes.append(f"dropped the unfinished last line of {RESULTS}")
        outcomes: dict[int, GameOutcome] = {}
        for n, line in enumerate(raw[:keep].decode("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                outcome = GameOutcome.from_json(json.loads(line))
            except (json.JSONDecodeError, TypeError) as exc:
                raise TournamentError(f"{results} line {n}: damaged ({exc})") from None
            if not 0 <= outcome.game < len(schedule):
                raise TournamentError(
                    f"{results} line {n}: game {outcome.game} is not in "
                    "this tournament's schedule"
                )
            outcomes[outcome.game] = outcome
        if keep != len(raw):
            with open(results, "r+b") as fh:
                fh.truncate(keep)
        recovered = []
        (self.path / GAMES).mkdir(exist_ok=True)
        for record in sorted((self.path / GAMES).glob("*.jsonl")):
            try:
                index = int(record.stem)
            except ValueError:
                continue
            if index in outcomes or not 0 <= index < len(schedule):
                continue
            found = outcome_from_record(record, schedule.game(index), lexicon, games)
            if found is not None:
                recovered.append(found)
        for outcome in recovered:
            self._append(outcome)
            outcomes[outcome.game] = outcome
        if recovered:
            notes.append(f"recovered {len(recovered)} finished game(s) from their records")
        return [outcomes[i] for i in sorted(outcomes)], notes

    # ------------------------------------------------------------------ writing
    def write(self, outcome: GameOutcome, record_text: str | None) -> None:
        """Save a finished game: its record, then its results line."""
        if record_text is not None:
            outcome.record = record_name(outcome.game)
            _write_atomic(self.path / outcome.record, record_text)
        self._append(outcome)

    def _append(self, outcome: GameOutcome) -> None:
        if self._results is None:
            self._results = open(self.path / RESULTS, "a", encoding="utf-8")  # noqa: SIM115  (open while the run lasts; close() closes it)
        self._results.write(json.dumps(outcome.to_json(), separators=(",", ":")) + "\n")
        self._results.flush()

    def has_standings(self) -> bool:
        return (self.path / self.standings_name).exists()

    def write_standings(self, obj: dict) -> None:
        _write_atomic(self.path / self.standings_name, json.dumps(obj, indent=1) + "\n")

    def close(self) -> None:
        if self._results is not None:
            self._results.close()
            self._results = None


def outcome_from_record(path: Path, game, lexicon=None, games=None) -> GameOutcome | None:
    """The results line of a finished game rebuilt from its record by replaying it (None:
    the record is unfinished, is not this game's or does not replay, and the game will be
    played again). A study's game is measured again from the replayed states."""
    from wordbot.engine.games import GAMES
    from wordbot.engine.records import read_record, replay
    from wordbot.errors import WordbotError

    try:
        record = read_record(path, games or GAMES)
        header = record.header
        if record.result is None or header.get("seed") != game.seed:
            return None
        if header.get("agents") != dict(game.seats):
            return None
        study = game.variant is not None
        replayed = replay(record, lexicon, keep_states=study)
    except WordbotError:
        return None
    if not replayed.ok:
        return None
    outcome = replayed.final.outcome()
    measures = None
    if study:
        from wordbot.measures import game_measures

        measures = game_measures(replayed.states, replayed.moves)
    return GameOutcome(
        game.index,
        game.pairing,
        game.deal,
        game.rotation,
        game.seed,
        dict(game.seats),
        dict(outcome.scores),
        dict(outcome.places),
        len(record.actions),
        0.0,
        None,
        record_name(game.index),
        variant=game.variant,
        measures=measures,
    )

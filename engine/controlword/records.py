"""Game records: JSON Lines, written line by line as the game goes (FORMATS.md).

Line 1, the header::

    {"format": "wordbot.controlword.game/1", "setup": "new", "seed": 7,
     "players": ["red", "green"], "agents": {"red": "greedy", "green": "human"},
     "mat": 1, "rules": {...every option...},
     "lexicon": {"source": "...", "digest": "<sha256 of the word list>", "words": 242821},
     "start": {...position JSON...}, "digest": "<sha256 of the start position>"}

``setup`` is ``new`` (the start is ``ControlWordState.new(players, seed, mat, rules)``) or
``position`` (the start is ``from_json(start, seed=seed)``). Then one line per action::

    {"action": 1, "round": 1, "phase": "word", "player": "red",
     "move": {...move JSON...}, "text": "0,-2 down S(T)AR",
     "dice": [8, 3], "drawn": {"red": "AEK", "green": "a"},
     "penalty_tiles": {"red": "T"}, "challenged": "XYZZY",
     "scores": {...}, "penalties": {...}, "digest": "<sha256 of the position after>"}

(``dice`` only when a new round was rolled, ``drawn`` only when tiles were drawn, blue
ones lowercase; ``penalty_tiles`` / ``challenged`` only when that happened.) A finished
game ends with ``{"result": {...the score JSON of wordbot score...}}``. Each line is
flushed when written, so a crash loses at most the line in progress; the reader ignores an
unterminated last line and says so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable

from wordbot.engine.controlword.moves import Move, move_from_json
from wordbot.engine.controlword.position import canonical_json, position_digest
from wordbot.engine.controlword.rules import Rules
from wordbot.errors import WordbotError

GAME_FORMAT = "wordbot.controlword.game/1"


class RecordError(WordbotError):
    """A record file that cannot be read or replayed (names the line and field)."""


def _event_fields(state) -> dict[str, Any]:
    out: dict[str, Any] = {}
    drawn: dict[str, str] = {}
    penalty: dict[str, str] = {}
    for event in state.events:
        kind = event[0]
        if kind == "roll":
            out["dice"] = [event[1], event[2]]
        elif kind == "draw":
            drawn[event[1]] = drawn.get(event[1], "") + event[2]
        elif kind == "exchange":
            drawn[event[1]] = drawn.get(event[1], "") + event[3].lower()
        elif kind == "penalty":
            penalty[event[1]] = penalty.get(event[1], "") + event[2]
        elif kind == "challenge":
            out["challenged"] = event[2]
    if drawn:
        out["drawn"] = drawn
    if penalty:
        out["penalty_tiles"] = penalty
    return out


class GameRecorder:
    """Writes a record as the game goes: the header now, one line per :meth:`record`.

    ``state`` must be fresh from ``ControlWordState.new`` or ``from_json``. ``agents``
    maps each colour to who or what plays it.
    """

    def __init__(self, path: str | Path | IO[str], state, agents: dict[str, str] | None = None):
        if isinstance(path, (str, Path)):
            self._file = open(path, "w", encoding="utf-8")
            self._owned = True
        else:
            self._file, self._owned = path, False
        self._state = state
        self._count = 0
        lex = state.lexicon
        header = {
            "format": GAME_FORMAT,
            "setup": state.origin,
            "seed": state.seed,
            "players": list(state.players),
            "agents": {p: (agents or {}).get(p, "unknown") for p in state.players},
            "mat": state.rules.start_mat,
            "rules": state.rules.to_json(),
            "lexicon": {"source": lex.source, "digest": lex.digest, "words": len(lex)},
            "start": state.to_json(),
            "digest": state.digest(),
        }
        self._write(header)

    def _write(self, obj: dict) -> None:
        self._file.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._file.flush()

    def record(self, move: Move, after) -> None:
        """Append the line of ``move`` (made in the previous state) leading to ``after``."""
        before = self._state
        self._count += 1
        line = {
            "action": self._count,
            "round": before.round,
            "phase": before.phase,
            "player": before.to_move,
            "move": move.to_json(),
            "text": before.notation(move),
        }
        line.update(_event_fields(after))
        line["scores"] = dict(after.scores)
        line["penalties"] = dict(after.penalties)
        line["digest"] = after.digest()
        self._write(line)
        self._state = after

    def finish(self, evaluation=None) -> None:
        """Write the result line (the end-of-game evaluation) and close an owned file.

        ``evaluation``: the final state's ``evaluate()`` when the caller has it already."""
        if evaluation is None:
            evaluation = self._state.evaluate()
        self._write({"result": evaluation.to_json()})
        self.close()

    def close(self) -> None:
        if self._owned and not self._file.closed:
            self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@dataclass
class GameRecord:
    header: dict[str, Any]
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None = None
    truncated: bool = False
    source: str = "<record>"


def read_record(path_or_lines: str | Path | Iterable[str]) -> GameRecord:
    """Read a record file (or an iterable of its lines)."""
    if isinstance(path_or_lines, (str, Path)):
        source = str(path_or_lines)
        try:
            text = Path(path_or_lines).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(f"{source}: no such file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"{source}: cannot read ({exc})") from None
        lines = text.splitlines(keepends=True)
    else:
        source = "<record>"
        lines = list(path_or_lines)
    if not lines:
        raise RecordError(f"{source}: empty record")
    objs = []
    truncated = False
    for i, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            if i == len(lines) and not raw.endswith("\n") and i > 1:
                truncated = True  # the line in progress when the writer stopped
                break
            raise RecordError(f"{source} line {i}: malformed JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise RecordError(f"{source} line {i}: must be a JSON object")
        objs.append((i, obj))
    i, header = objs[0]
    if header.get("format") != GAME_FORMAT:
        raise RecordError(f"{source} line 1: format is not {GAME_FORMAT!r}")
    for key in ("setup", "seed", "players", "rules", "start", "digest", "lexicon"):
        if key not in header:
            raise RecordError(f"{source} line 1: {key}: missing")
    actions = []
    result = None
    for i, obj in objs[1:]:
        if "result" in obj:
            result = obj["result"]
            continue
        for key in ("action", "player", "move", "scores", "penalties", "digest"):
            if key not in obj:
                raise RecordError(f"{source} line {i}: {key}: missing")
        actions.append(obj)
    return GameRecord(header, actions, result, truncated, source)


@dataclass
class ReplayResult:
    """What a replay found: ``ok`` when every position matched the record."""

    ok: bool
    actions: int  # actions replayed and verified
    final: Any  # the last state reached
    mismatch: str | None = None
    notes: list[str] = field(default_factory=list)


def replay(record: GameRecord, lexicon=None, rule_overrides: Iterable[str] = ()) -> ReplayResult:
    """Re-apply the record's moves from its seed, checking every position.

    Raises :class:`RecordError` when the record cannot be replayed at all (bad header, a
    different lexicon); returns a result with ``ok=False`` and the first mismatch."""
    from wordbot.engine.controlword.state import ControlWordState

    header = record.header
    if lexicon is None:
        from wordbot.dictionaries import Lexicon

        lexicon = Lexicon.load(None)
    want = header["lexicon"].get("digest") if isinstance(header["lexicon"], dict) else None
    if want != lexicon.digest:
        raise RecordError(
            f"{record.source}: recorded with lexicon {header['lexicon'].get('source')!r} "
            f"({header['lexicon'].get('words')} words), not {lexicon.source!r}; pass that "
            "word list with --lexicon"
        )
    rules = Rules.parse(rule_overrides, base=Rules.from_json(header["rules"], "header.rules"))
    if header["setup"] == "new":
        state = ControlWordState.new(header["players"], header["seed"], None, rules, lexicon)
    elif header["setup"] == "position":
        state = ControlWordState.from_json(header["start"], lexicon, header["seed"], rule_overrides)
    else:
        raise RecordError(f"{record.source} line 1: setup: {header['setup']!r} is not new or position")
    notes = ["the record ends in an unterminated line (ignored)"] if record.truncated else []
    if state.digest() != header["digest"]:
        return ReplayResult(False, 0, state, "start: the set-up position differs from the record", notes)
    for n, line in enumerate(record.actions, 1):
        where = f"action {n}"
        if line["player"] != state.to_move:
            return ReplayResult(
                False, n - 1, state,
                f"{where}: recorded player {line['player']}, but {state.to_move} is to move",
                notes,
            )
        try:
            move = move_from_json(line["move"], f"{where}.move")
            after = state.apply(move)
        except WordbotError as exc:
            return ReplayResult(False, n - 1, state, f"{where}: {exc}", notes)
        got = _event_fields(after)
        for key in ("dice", "drawn", "penalty_tiles", "challenged"):
            if got.get(key) != line.get(key):
                return ReplayResult(
                    False, n - 1, state,
                    f"{where}: {key} recorded {line.get(key)!r}, replayed {got.get(key)!r}",
                    notes,
                )
        for key, value in (("scores", after.scores), ("penalties", after.penalties)):
            if line[key] != value:
                return ReplayResult(
                    False, n - 1, state,
                    f"{where}: {key} recorded {line[key]}, replayed {value}", notes,
                )
        if after.digest() != line["digest"]:
            return ReplayResult(
                False, n - 1, state, f"{where}: the position after it differs from the record",
                notes,
            )
        state = after
    if record.result is not None:
        if canonical_json(state.evaluate().to_json()) != canonical_json(record.result):
            return ReplayResult(
                False, len(record.actions), state, "result: the evaluation differs", notes
            )
    return ReplayResult(True, len(record.actions), state, None, notes)


__all__ = [
    "GAME_FORMAT", "GameRecord", "GameRecorder", "RecordError", "ReplayResult",
    "position_digest", "read_record", "replay",
]  # fmt: skip

"""Game records, for every game: JSON Lines, written line by line as the game goes
(docs/formats.md "Game records").

Line 1, the header::

    {"format": "wordbot.<game>.game/1", "setup": "new", "seed": 7,
     "players": ["red", "green"], "agents": {"red": "greedy", "green": "human"},
     ...the game's own header fields (Control Word: "mat")...,
     "rules": {...every option...},
     "lexicon": {"source": "...", "digest": "<sha256 of the word list>", "words": 242821},
     "start": {...position JSON...}, "digest": "<sha256 of the start position>"}

(``lexicon`` only for a game that has one.) ``setup`` is ``new`` (the start is
``game.new(players, seed, rules)``) or ``position`` (the start is
``game.from_json(start, seed=seed)``). A hosted game's record leaves ``seed`` out (the
server keeps it): it replays from ``start``, each action's chance as its line says it
came out. Then one line per action::

    {"action": 1, ...where it stands (Control Word: "round", "phase")...,
     "player": "red", "move": {...move JSON...}, "text": "0,-2 down S(T)AR",
     ...what chance did (Control Word: "dice", "drawn", "penalty_tiles", "challenged")...,
     "scores": {...}, ...the game's other score fields..., "digest": "<sha256 of the
     position after>"}

A finished game ends with ``{"result": {...the game's result JSON...}}``. Each line is
flushed when written, so a crash loses at most the line in progress; the reader ignores
an unterminated last line and says so. :func:`replay` re-applies the moves from the seed
and checks every line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from wordbot.engine.errors import RecordError
from wordbot.engine.game import Game
from wordbot.engine.games import GAMES, Games
from wordbot.engine.position import canonical_json, load_json_text, read_file_limited
from wordbot.engine.state import GameState

from wordbot.errors import WordbotError

#: a record line's encoder (``json.dumps`` makes one a call, with these options)
_LINE = json.JSONEncoder(separators=(",", ":"))
HEADER_KEYS = ("setup", "players", "rules", "start", "digest")
ACTION_KEYS = ("action", "player", "move", "digest")


class GameRecorder:
    """Writes a record as the game goes: the header now, one line per :meth:`record`.

    ``state`` must be fresh from ``game.new`` or ``game.from_json``. ``agents`` maps each
    player to who or what plays it. ``keep_seed=False`` leaves the seed out (a record
    sent to a player: every draw it needs is in its lines).
    """

    def __init__(
        self,
        path: str | Path | IO[str],
        state: GameState,
        agents: dict[str, str] | None = None,
        keep_seed: bool = True,
    ):
        if isinstance(path, (str, Path)):
            self._file: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115  (the writer's file until close())
            self._owned = True
        else:
            self._file, self._owned = path, False
        self._state = state
        self._count = 0
        game = state.game
        header: dict[str, Any] = {
            "format": game.record_format,
            "setup": state.origin,
            **({"seed": state.seed} if keep_seed else {}),
            "players": list(state.players),
            "agents": {p: (agents or {}).get(p, "unknown") for p in state.players},
        }
        header.update(game.record_header(state))
        header["rules"] = state.rules.to_json()
        if game.uses_lexicon:
            lex = state.lexicon
            header["lexicon"] = {
                "source": lex.source,
                "digest": lex.digest,
                "words": len(lex),
            }
        header["start"] = state.to_json()
        header["digest"] = state.digest()
        self._write(header)

    def _write(self, obj: dict) -> None:
        self._file.write(_LINE.encode(obj) + "\n")
        self._file.flush()

    def record(self, move, after: GameState) -> None:
        """Append the line of ``move`` (made in the previous state) leading to ``after``."""
        before = self._state
        self._count += 1
        line: dict[str, Any] = {"action": self._count}
        line.update(before.record_context())
        line["player"] = before.to_move
        line["move"] = move.to_json()
        line["text"] = before.notation(move)
        line.update(after.record_events())
        line.update(after.record_scores())
        line["digest"] = after.digest()
        self._write(line)
        self._state = after

    def finish(self, outcome=None) -> None:
        """Write the result line (the game's result JSON) and close an owned file.

        ``outcome``: the final state's ``outcome()`` when the caller has it already."""
        if outcome is None:
            outcome = self._state.outcome()
        self._write({"result": outcome.details})
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
    #: the number of the last line when it was cut off mid-way (the writer stopped)
    truncated: int | None = None
    source: str = "<record>"
    game: Game | None = None
    #: the number of the last whole line read
    last_line: int = 1


def read_record(
    path_or_lines: str | Path | Iterable[str], games: Games = GAMES
) -> GameRecord:
    """Read a record file (or an iterable of its lines) of any game ``games`` holds."""
    if isinstance(path_or_lines, (str, Path)):
        source = str(path_or_lines)
        lines = read_file_limited(source, source, RecordError).splitlines(keepends=True)
    else:
        source = "<record>"
        lines = list(path_or_lines)
    if not any(line.strip() for line in lines):
        raise RecordError(f"{source}: empty record")
    objs = []
    truncated = None
    for i, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            obj = load_json_text(raw, f"{source} line {i}", RecordError)
        except RecordError:
            if i == len(lines) and not raw.endswith("\n") and i > 1:
                truncated = i  # the line in progress when the writer stopped
                break
            raise
        if not isinstance(obj, dict):
            raise RecordError(f"{source} line {i}: must be a JSON object")
        objs.append((i, obj))
    i, header = objs[0]
    game = games.of_format(
        header.get("format"), kind="game", field=f"{source} line 1: format"
    )
    keys = HEADER_KEYS + (("lexicon",) if game.uses_lexicon else ())
    for key in keys:
        if key not in header:
            raise RecordError(f"{source} line 1: {key}: missing")
    actions = []
    result = None
    for i, obj in objs[1:]:
        if "result" in obj:
            result = obj["result"]
            continue
        for key in ACTION_KEYS:
            if key not in obj:
                raise RecordError(f"{source} line {i}: {key}: missing")
        actions.append(obj)
    return GameRecord(header, actions, result, truncated, source, game, objs[-1][0])


@dataclass
class ReplayResult:
    """What a replay found: ``ok`` when every position matched the record."""

    ok: bool
    actions: int  # actions replayed and verified
    final: Any  # the last state reached
    mismatch: str | None = None
    notes: list[str] = field(default_factory=list)
    #: with ``keep_states``: the start and every state after it, as far as verified,
    #: and the moves between them
    states: list[Any] = field(default_factory=list)
    moves: list[Any] = field(default_factory=list)


def start_state(record: GameRecord, lexicon=None, rule_overrides: Iterable[str] = ()):
    """The record's first state, made again from its header (read from ``start`` when
    the header holds no seed)."""
    header = record.header
    game = record.game
    assert game is not None  # read_record names the game of every record
    if game.uses_lexicon:
        if lexicon is None:
            from wordbot.dictionaries import Lexicon

            lexicon = Lexicon.load(None)
        recorded = header["lexicon"] if isinstance(header["lexicon"], dict) else {}
        if recorded.get("digest") != lexicon.digest:
            raise RecordError(
                f"{record.source}: recorded with lexicon {recorded.get('source')!r} "
                f"({recorded.get('words')} words), not {lexicon.source!r}; pass that "
                "word list with --lexicon"
            )
    try:
        rules = game.rules(rule_overrides, header["rules"])
    except WordbotError as exc:
        raise RecordError(f"{record.source} line 1: rules: {exc}") from None
    if "seed" not in header and header["setup"] in ("new", "position"):
        return game.from_json(header["start"], lexicon, None, rule_overrides)
    if header["setup"] == "new":
        return game.new(
            header["players"],
            header["seed"],
            rules,
            lexicon,
            **game.setup_of(header["start"]),
        )
    if header["setup"] == "position":
        return game.from_json(header["start"], lexicon, header["seed"], rule_overrides)
    raise RecordError(
        f"{record.source} line 1: setup: {header['setup']!r} is not new or position"
    )


def replay(
    record: GameRecord,
    lexicon=None,
    rule_overrides: Iterable[str] = (),
    keep_states: bool = False,
) -> ReplayResult:
    """Re-apply the record's moves from its seed, checking every position (kept in the
    result's ``states`` with ``keep_states``). A record without a seed takes each
    action's chance from its line (:meth:`GameState.apply_recorded`).

    Raises :class:`RecordError` when the record cannot be replayed at all (bad header, a
    different lexicon); returns a result with ``ok=False`` and the first mismatch."""
    state = start_state(record, lexicon, rule_overrides)
    seeded = "seed" in record.header
    notes = (
        ["the record ends in an unterminated line (ignored)"] if record.truncated else []
    )
    if state.digest() != record.header["digest"]:
        return ReplayResult(
            False, 0, state, "start: the set-up position differs from the record", notes
        )
    states = [state] if keep_states else []
    moves: list[Any] = []
    for n, line in enumerate(record.actions, 1):
        where = f"action {n}"

        def failed(message: str, done=n - 1, state=state, where=where) -> ReplayResult:
            return ReplayResult(
                False, done, state, f"{where}: {message}", notes, states, moves
            )

        if line["player"] != state.to_move:
            return failed(
                f"recorded player {line['player']}, but {state.to_move} is to move"
            )
        try:
            move = state.move_from_json(line["move"])
            after = state.apply(move) if seeded else state.apply_recorded(move, line)
        except WordbotError as exc:
            return failed(str(exc))
        events = after.record_events()
        for key in sorted(set(events) | _event_keys(line, state, after)):
            if events.get(key) != line.get(key):
                return failed(
                    f"{key} recorded {line.get(key)!r}, replayed {events.get(key)!r}"
                )
        for key, value in after.record_scores().items():
            if line.get(key) != value:
                return failed(f"{key} recorded {line.get(key)}, replayed {value}")
        if after.digest() != line["digest"]:
            return failed("the position after it differs from the record")
        state = after
        if keep_states:
            states.append(state)
            moves.append(move)
    if record.result is not None and canonical_json(
        state.outcome().details
    ) != canonical_json(record.result):
        return ReplayResult(
            False, len(record.actions), state, "result: the evaluation differs", notes
        )
    return ReplayResult(True, len(record.actions), state, None, notes, states, moves)


def _event_keys(line: dict, before: GameState, after: GameState) -> set[str]:
    """The keys of ``line`` that record chance (neither the fixed keys, nor where the move
    stood, nor scores): a replay that produced none of them must still match them."""
    fixed = (
        set(ACTION_KEYS)
        | {"text"}
        | set(before.record_context())
        | set(after.record_scores())
    )
    return {k for k in line if k not in fixed}


__all__ = [
    "GameRecord",
    "GameRecorder",
    "RecordError",
    "ReplayResult",
    "read_record",
    "replay",
    "start_state",
]

"""docs/formats.md: every example in it is what wordbot reads and writes.

- A ```json block holding a position (its ``format`` ends in ``position/1``) reads with
  its game's reader, and is exactly what wordbot writes for what it read: the position,
  or a seat's view of it.
- Every other ```json block holds moves or record action lines (one JSON value, or one a
  line): each move parses as a move of the game of the section it stands in and writes
  back as the same object.
- Each row of a ``| notation | move object | ... |`` table parses, in the first position
  of its section, to the move of its move object, formats back to the same text, and is
  legal or refused (by the rule named in backticks) as its third cell says. Each row of an
  ``| also read | as |`` table reads as the move of its canonical text.
- Each ```jsonl block is a game record: it replays, every position matching, and cut
  mid-line it is marked cut.

A block's game is the one whose title starts the level-2 heading above it. The last tests
break real examples and check that the checks above then fail.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from wordbot.engine.errors import IllegalMove, PositionError
from wordbot.engine.games import GAMES
from wordbot.engine.records import ACTION_KEYS, read_record, replay

DOC = Path(__file__).resolve().parent.parent / "docs" / "formats.md"
FENCE = re.compile(r"^(`{3,})\s*(\S*)\s*$")
TITLES = {GAMES[name].title: name for name in GAMES}


@dataclass(frozen=True)
class Block:
    line: int  # of the opening fence, from 1
    lang: str
    text: str
    game: str | None  # the game of the section it stands in


@dataclass(frozen=True)
class Table:
    line: int
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    game: str | None


def _game_of(heading: str) -> str | None:
    return next((name for title, name in TITLES.items() if heading.startswith(title)), None)


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def parse_doc(text: str) -> tuple[list[Block], list[Table]]:
    """The fenced blocks and the tables of the page, each with its section's game."""
    lines = text.splitlines()
    blocks: list[Block] = []
    tables: list[Table] = []
    game = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            game = _game_of(line[3:].strip())
        fence = FENCE.match(line)
        if fence:
            end = i + 1
            while lines[end].strip() != fence.group(1):
                end += 1
            blocks.append(Block(i + 1, fence.group(2), "\n".join(lines[i + 1 : end]), game))
            i = end + 1
            continue
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|-"):
            end = i + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            rows = tuple(_cells(row) for row in lines[i + 2 : end])
            tables.append(Table(i + 1, _cells(line), rows, game))
            i = end
            continue
        i += 1
    return blocks, tables


def json_values(block: Block) -> list[Any]:
    """The JSON of a block: one value, or one value a line."""
    try:
        return [json.loads(block.text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in block.text.splitlines() if line.strip()]


def is_position(value: Any) -> bool:
    return isinstance(value, dict) and str(value.get("format", "")).endswith("position/1")


def read_position(obj: dict, game: str | None):
    """The state of a position example, checked to be what wordbot writes for it."""
    state = GAMES.of_position(obj).from_json(obj)
    if game is not None:
        assert state.game.name == game, f"a {state.game.name} position under {game}"
    written = [state.to_json()] + [state.observation(p) for p in state.players]
    assert obj in written, "not what wordbot writes for the position it reads"
    return state


def code(cell: str) -> str:
    """The text of a table cell that is one `code` span."""
    assert cell.startswith("`") and cell.endswith("`"), f"{cell!r} is not `code`"
    return cell[1:-1]


def check_notation_row(state, row: tuple[str, ...]) -> None:
    """A notation table's row: text, move object, what the position says of it."""
    text, obj, verdict = code(row[0]), json.loads(code(row[1])), row[2]
    move = state.parse_move(text)
    assert move == state.move_from_json(obj), f"{text!r} is not the move {obj}"
    assert move.to_json() == obj, f"{obj} is written {move.to_json()}"
    assert state.notation(move) == text, f"{text!r} is written {state.notation(move)!r}"
    if verdict.startswith("legal"):
        state.check(move)
    else:
        assert verdict.startswith("refused"), f"{verdict!r}: legal or refused?"
        with pytest.raises(IllegalMove) as refused:
            state.check(move)
        named = re.match(r"refused \(`(\w+)`\)", verdict)
        if named:
            assert refused.value.rule == named.group(1)


def check_alias_row(state, row: tuple[str, ...]) -> None:
    other, canonical = code(row[0]), code(row[1])
    move = state.parse_move(other)
    assert move == state.parse_move(canonical)
    assert state.notation(move) == canonical


def check_record(text: str) -> None:
    """A record example replays, and a copy cut mid-line is marked cut."""
    lines = [line + "\n" for line in text.splitlines()]
    record = read_record(lines)
    assert record.truncated is None and record.result is not None
    result = replay(record)
    assert result.ok, result.mismatch
    assert result.actions == len(lines) - 2  # all but the header and the result
    cut = lines[:-1] + [lines[-1][: len(lines[-1]) // 2]]
    assert read_record(cut).truncated == len(lines)


BLOCKS, TABLES = parse_doc(DOC.read_text(encoding="utf-8"))
JSON_BLOCKS = [b for b in BLOCKS if b.lang == "json"]
POSITIONS = [b for b in JSON_BLOCKS if is_position(json_values(b)[0])]
MOVE_BLOCKS = [b for b in JSON_BLOCKS if b not in POSITIONS]
NOTATION = [t for t in TABLES if t.header[:2] == ("notation", "move object")]
ALIASES = [t for t in TABLES if t.header == ("also read", "as")]
RECORDS = [b for b in BLOCKS if b.lang == "jsonl"]


def example_state(game: str | None, line: int):
    """The state of the first position of ``game``'s section, above ``line``."""
    above = [b for b in POSITIONS if b.game == game and b.line < line]
    assert above, f"line {line}: no {game} position above it to read it in"
    return read_position(json.loads(above[0].text), game)


def test_every_game_has_its_examples():
    for game in GAMES:
        assert any(b.game == game for b in POSITIONS), f"no {game} position"
        assert any(t.game == game for t in NOTATION), f"no {game} notation table"
    assert all(len(t.header) == 3 and t.rows for t in NOTATION)
    assert len(RECORDS) >= 1


@pytest.mark.parametrize("block", POSITIONS, ids=lambda b: f"L{b.line}")
def test_position_examples_read(block):
    (obj,) = json_values(block)
    read_position(obj, block.game)


@pytest.mark.parametrize("block", MOVE_BLOCKS, ids=lambda b: f"L{b.line}")
def test_move_examples_parse(block):
    state = example_state(block.game, block.line)
    for value in json_values(block):
        assert isinstance(value, dict) and ("type" in value or "action" in value), (
            f"L{block.line}: {value!r:.80} is neither a move nor a record line"
        )
        if "action" in value:
            assert all(key in value for key in ACTION_KEYS)
            value = value["move"]
        assert state.move_from_json(value).to_json() == value


@pytest.mark.parametrize("table", NOTATION, ids=lambda t: f"L{t.line}")
def test_notation_examples_round_trip(table):
    state = example_state(table.game, table.line)
    for row in table.rows:
        check_notation_row(state, row)


@pytest.mark.parametrize("table", ALIASES, ids=lambda t: f"L{t.line}")
def test_other_spellings_read_as_the_canonical_text(table):
    state = example_state(table.game, table.line)
    for row in table.rows:
        check_alias_row(state, row)


@pytest.mark.parametrize("block", RECORDS, ids=lambda b: f"L{b.line}")
def test_record_examples_replay(block):
    check_record(block.text)


# -- the checks fail on broken examples ---------------------------------------------------
def first(blocks: list[Block], game: str) -> Block:
    return next(b for b in blocks if b.game == game)


@pytest.mark.parametrize(
    "game, break_it",
    [
        pytest.param(
            "controlword",
            lambda p: p["racks"].update(red="AEEILTemZ"),
            id="a-second-red-Z",
        ),
        pytest.param(
            "routewords",
            lambda p: p["coins"].__setitem__(0, [0, 0, 2]),
            id="a-corner-coin-of-2",
        ),
        pytest.param("firstdraft", lambda p: p.update(bag=p["bag"] + "E"), id="a-13th-E"),
        pytest.param(
            "crosswords",
            lambda p: p["scores"].update(red=1),
            id="a-score-without-a-capture",
        ),
        pytest.param("crosswords", lambda p: p.update(turn=1), id="an-unknown-field"),
    ],
)
def test_a_broken_position_fails(game, break_it):
    obj = json.loads(first(POSITIONS, game).text)
    read_position(copy.deepcopy(obj), game)
    break_it(obj)
    with pytest.raises(PositionError):
        read_position(obj, game)


def test_an_unwritten_position_fails():
    """A position that reads but is not written so (a bag unsorted) is no example."""
    obj = json.loads(first(POSITIONS, "controlword").text)
    obj["bags"]["green"] = obj["bags"]["green"][::-1]
    with pytest.raises(AssertionError, match="not what wordbot writes"):
        read_position(obj, "controlword")


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(
            lambda r: (r[0].replace("(S)TEEL", "(S)TEAL"), *r[1:]), id="another-word"
        ),
        pytest.param(
            lambda r: (r[0], r[1].replace('"blue"', '"red"'), r[2]),
            id="another-move-object",
        ),
        pytest.param(
            lambda r: (r[0], r[1], "refused (`phase`)"), id="a-legal-move-said-refused"
        ),
    ],
)
def test_a_broken_notation_row_fails(change):
    table = first(NOTATION, "controlword")
    state = example_state(table.game, table.line)
    row = table.rows[0]
    check_notation_row(state, row)
    with pytest.raises((AssertionError, IllegalMove, pytest.fail.Exception)):
        check_notation_row(state, change(row))


def test_a_broken_record_fails():
    text = RECORDS[0].text
    check_record(text)
    broken = text.replace(
        '"text":"write SAT 2,-2 across","scores":{"red":0',
        '"text":"write SAT 2,-2 across","scores":{"red":1',
    )
    assert broken != text
    with pytest.raises(AssertionError):
        check_record(broken)

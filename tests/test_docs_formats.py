"""docs/formats.md and each game's page of its own formats, docs/formats/<game>.md: every
example in them is what wordbot reads and writes.

- Every game of the registry has its page, headed by its title, and every page under
  docs/formats/ is a game's.

- A ```json block holding a position (its ``format`` ends in ``position/1``) reads with
  its game's reader, and is exactly what wordbot writes for what it read: the position,
  or a seat's view of it.
- Every other ```json block holds moves or record action lines (one JSON value, or one a
  line): each move parses as a move of the game of its page and writes back as the same
  object.
- Each row of a ``| notation | move object | ... |`` table parses, in the first position
  of its page, to the move of its move object, formats back to the same text, and is
  legal or refused (by the rule named in backticks) as its third cell says. Each row of an
  ``| also read | as |`` table reads as the move of its canonical text.
- Each ```jsonl block is a game record: it replays, every position matching, and cut
  mid-line it is marked cut.

A block's game is the game whose page it stands on (none on docs/formats.md, whose
examples are read as any game's). The last tests break real examples and pages and check
that the checks above then fail.
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

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: what every game's formats share
GENERAL = DOCS / "formats.md"
#: each game's own formats, a page a game: PAGES / "<game>.md"
PAGES = DOCS / "formats"
FENCE = re.compile(r"^(`{3,})\s*(\S*)\s*$")


@dataclass(frozen=True)
class Block:
    doc: str  # the page, from docs/ ("formats/routewords.md")
    line: int  # of the opening fence, from 1
    lang: str
    text: str
    game: str | None  # the game of the page it stands on


@dataclass(frozen=True)
class Table:
    doc: str
    line: int
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    game: str | None


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def page_problems(folder: Path, games) -> list[str]:
    """What is wrong with the games' pages in ``folder``: a game without its page, a page
    that is no game's, a page not headed by its game's title."""
    pages = {page.stem for page in folder.glob("*.md")}
    problems = [f"{name}: no page {name}.md" for name in games if name not in pages]
    problems += [
        f"{stray}.md: no game of that name" for stray in sorted(pages - set(games))
    ]
    for name in [name for name in games if name in pages]:
        first = (folder / f"{name}.md").read_text(encoding="utf-8").partition("\n")[0]
        if not first.startswith(f"# {games[name].title}"):
            problems.append(f"{name}.md: headed {first!r}, not by {games[name].title!r}")
    return problems


def parse_doc(text: str, doc: str, game: str | None) -> tuple[list[Block], list[Table]]:
    """The fenced blocks and the tables of the page ``doc``, each with the page's game."""
    lines = text.splitlines()
    blocks: list[Block] = []
    tables: list[Table] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            end = i + 1
            while lines[end].strip() != fence.group(1):
                end += 1
            text = "\n".join(lines[i + 1 : end])
            blocks.append(Block(doc, i + 1, fence.group(2), text, game))
            i = end + 1
            continue
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|-"):
            end = i + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            rows = tuple(_cells(row) for row in lines[i + 2 : end])
            tables.append(Table(doc, i + 1, _cells(line), rows, game))
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


def parse_pages() -> tuple[list[Block], list[Table]]:
    """Every block and table of docs/formats.md and of the games' pages there are."""
    blocks, tables = parse_doc(GENERAL.read_text(encoding="utf-8"), "formats.md", None)
    for name in GAMES:
        page = PAGES / f"{name}.md"
        if page.is_file():  # (a missing one fails test_every_game_has_its_page)
            more = parse_doc(page.read_text(encoding="utf-8"), f"formats/{name}.md", name)
            blocks += more[0]
            tables += more[1]
    return blocks, tables


BLOCKS, TABLES = parse_pages()
JSON_BLOCKS = [b for b in BLOCKS if b.lang == "json"]
POSITIONS = [b for b in JSON_BLOCKS if is_position(json_values(b)[0])]
MOVE_BLOCKS = [b for b in JSON_BLOCKS if b not in POSITIONS]
NOTATION = [t for t in TABLES if t.header[:2] == ("notation", "move object")]
ALIASES = [t for t in TABLES if t.header == ("also read", "as")]
RECORDS = [b for b in BLOCKS if b.lang == "jsonl"]


def example_state(example: Block | Table):
    """The state of the first position of the example's page, above the example."""
    above = [b for b in POSITIONS if b.doc == example.doc and b.line < example.line]
    assert above, f"{example.doc}:{example.line}: no position above it to read it in"
    return read_position(json.loads(above[0].text), example.game)


def where(example: Block | Table) -> str:
    return f"{example.doc}:L{example.line}"


def test_every_game_has_its_page():
    assert not page_problems(PAGES, GAMES), page_problems(PAGES, GAMES)


def test_every_game_has_its_examples():
    for game in GAMES:
        assert any(b.game == game for b in POSITIONS), f"no {game} position"
        assert any(t.game == game for t in NOTATION), f"no {game} notation table"
    assert all(len(t.header) == 3 and t.rows for t in NOTATION)
    assert len(RECORDS) >= 1


@pytest.mark.parametrize("block", POSITIONS, ids=where)
def test_position_examples_read(block):
    (obj,) = json_values(block)
    read_position(obj, block.game)


@pytest.mark.parametrize("block", MOVE_BLOCKS, ids=where)
def test_move_examples_parse(block):
    state = example_state(block)
    for value in json_values(block):
        assert isinstance(value, dict) and ("type" in value or "action" in value), (
            f"{where(block)}: {value!r:.80} is neither a move nor a record line"
        )
        if "action" in value:
            assert all(key in value for key in ACTION_KEYS)
            value = value["move"]
        assert state.move_from_json(value).to_json() == value


@pytest.mark.parametrize("table", NOTATION, ids=where)
def test_notation_examples_round_trip(table):
    state = example_state(table)
    for row in table.rows:
        check_notation_row(state, row)


@pytest.mark.parametrize("table", ALIASES, ids=where)
def test_other_spellings_read_as_the_canonical_text(table):
    state = example_state(table)
    for row in table.rows:
        check_alias_row(state, row)


@pytest.mark.parametrize("block", RECORDS, ids=where)
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
    state = example_state(table)
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


def test_a_missing_a_stray_or_a_misheaded_page_fails(tmp_path):
    for page in PAGES.glob("*.md"):
        (tmp_path / page.name).write_text(page.read_text(encoding="utf-8"))
    assert page_problems(tmp_path, GAMES) == []
    (tmp_path / "routewords.md").unlink()
    (tmp_path / "chess.md").write_text("# Chess\n")
    heading = (
        (tmp_path / "firstdraft.md").read_text().replace("# First Draft", "# Draft", 1)
    )
    (tmp_path / "firstdraft.md").write_text(heading)
    problems = page_problems(tmp_path, GAMES)
    assert len(problems) == 3, problems
    assert [p.split(":")[0] for p in problems] == [
        "routewords",
        "chess.md",
        "firstdraft.md",
    ]

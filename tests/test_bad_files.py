"""Bad files on the command line: every reader of a position, a
record or a move refuses what no format holds in one line, exit 2, no traceback, at once:
integers past 20 digits or 64 bits, nesting deeper than any format, more than 16 MB (or
a file that never ends), scores a game cannot reach, rule values out of their bounds, a
record cut off mid-line; an error never echoes more than a few hundred characters.

The named cases where the process itself is at stake run through real ``wordbot``
processes: a file that never ends (``/dev/zero``), a line nested 100,000 deep, a record cut
off mid-line and an argument near the longest Linux passes. The 5000-digit integers,
unreachable scores and rule values out of bounds, and the fuzzing, run the same command
line in this process (tests.cli_support.invoke): what they check is the exit code and the
one line, and an exception the command line does not turn into exit 2 is raised here and
fails the test. Every command they run keeps real-process refusals (here, and in
tests/test_cli_errors.py, tests/test_cli_moves.py and tests/test_controlword_engine_cli.py)."""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wordbot.engine import get_game
from wordbot.engine.errors import PositionError
from wordbot.engine.position import MAX_DEPTH, load_json_text
from wordbot.engine.records import GameRecorder
from wordbot.players import make_player

from tests.cli_support import invoke, one_line_refusal, run
from tests.game_profiles import BUILTIN_NAMES, lexicon_args, lexicon_of
from wordbot.errors import MAX_MESSAGE

GAMES = BUILTIN_NAMES


def start(name: str):
    game = get_game(name)
    return game.new(None, 3, None, lexicon_of(game))


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    """Each game's start position as a file, and a recorded game of a few moves."""
    root = tmp_path_factory.mktemp("bad-files")
    out = {}
    for name in GAMES:
        state = start(name)
        path = root / f"{name}.json"
        path.write_text(json.dumps(state.to_json()))
        record = root / f"{name}.jsonl"
        player, rng = make_player("random", state.game), random.Random(1)
        with GameRecorder(record, state, {p: "random" for p in state.players}) as rec:
            for _ in range(4):
                move = player.choose(state, rng)
                after = state.apply(move)
                rec.record(move, after)
                state = after
        out[name] = (path, record)
    return out


# -- the cases of the issue, through a real process where the process is at stake ---------


def test_a_5000_digit_integer_in_a_position_or_a_record(positions, tmp_path):
    path, record = positions["controlword"]
    obj = json.loads(path.read_text())
    text = json.dumps(obj).replace('"round": 1', '"round": ' + "7" * 5000)
    bad = tmp_path / "big.json"
    bad.write_text(text)
    one_line_refusal(
        invoke("moves", bad, "--count", *lexicon_args("controlword")), "digits"
    )
    lines = record.read_text().splitlines()
    lines[1] = lines[1].replace('"action":1', '"action":' + "1" * 5000, 1)
    assert "1" * 5000 in lines[1]
    bad_record = tmp_path / "big.jsonl"
    bad_record.write_text("\n".join(lines) + "\n")
    one_line_refusal(
        invoke("replay", bad_record, *lexicon_args("controlword")), "line 2", "digits"
    )


def test_apply_dev_zero_is_refused_at_once():
    began = time.perf_counter()
    one_line_refusal(run("apply", "/dev/zero", "pass"), "16 MB")
    assert time.perf_counter() - began < 60  # not reading until memory runs out


def test_a_deeply_nested_record_line(positions, tmp_path):
    _, record = positions["routewords"]
    lines = record.read_text().splitlines()
    deep = tmp_path / "deep.jsonl"
    deep.write_text("\n".join([lines[0], "[" * 100_000 + "]" * 100_000, *lines[2:]]) + "\n")
    one_line_refusal(run("replay", deep, *lexicon_args("routewords")), "line 2", "nested")


@pytest.mark.parametrize("score", [-5, int("9" * 18)])
def test_scores_the_game_cannot_reach(positions, tmp_path, score):
    path, _ = positions["controlword"]
    obj = json.loads(path.read_text())
    seat = obj["players"][0]
    obj["scores"][seat] = score
    bad = tmp_path / "score.json"
    bad.write_text(json.dumps(obj))
    one_line_refusal(
        invoke("hint", bad, "--player", "mc:iterations=2", *lexicon_args("controlword")),
        f"scores.{seat}",
    )


def test_a_truncated_record_is_an_error_naming_its_line(positions, tmp_path):
    _, record = positions["firstdraft"]
    text = record.read_text()
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) - 25])  # the last line loses its end
    n = text.count("\n")
    one_line_refusal(
        run("replay", cut, *lexicon_args("firstdraft")), f"line {n}", "cut off"
    )


def test_rule_values_beyond_their_bounds(positions, tmp_path):
    one_line_refusal(invoke("new", "--rule", "rounds=1000000000"), "rounds", "1-100")
    path, _ = positions["controlword"]
    obj = json.loads(path.read_text())
    obj.setdefault("rules", {})["rounds"] = 10**9
    bad = tmp_path / "rounds.json"
    bad.write_text(json.dumps(obj))
    one_line_refusal(
        invoke("moves", bad, "--count", *lexicon_args("controlword")), "rounds"
    )


def test_an_error_does_not_echo_a_huge_input(positions):
    path, _ = positions["controlword"]
    move = "Q" * 100_000  # near the longest argument Linux passes (128 KB)
    line = one_line_refusal(run("apply", path, move, *lexicon_args("controlword")))
    assert line.count("Q") <= MAX_MESSAGE


# -- the readers themselves ----------------------------------------------------------------


def test_the_json_reader_refuses_what_no_format_holds():
    for text, needle in [
        ('{"a": ' + "1" * 21 + "}", "21 digits"),
        ('{"a": ' + str(2**63) + "}", "64 bits"),
        ('{"a": NaN}', "NaN"),
        ('{"a": 1e999}', "out of range"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested"),
        ("[" * 50_000 + "]" * 50_000, "nested"),
    ]:
        with pytest.raises(PositionError, match=needle):
            load_json_text(text)
    assert load_json_text('{"seed": ' + str(2**63 - 1) + "}") == {"seed": 2**63 - 1}


# -- fuzzing: mutated positions and records of every game ----------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**25), max_value=10**25)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
VALUES = st.recursive(
    SCALARS,
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3)
    ),
    max_leaves=8,
)


def paths(obj, prefix=()):
    """Every place in a JSON object a value can be put (keys and list items)."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, (*prefix, i))


def put(obj, path, value):
    if not path:
        return value
    obj = json.loads(json.dumps(obj))
    here = obj
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return obj


def refused_or_read(proc) -> None:
    """A fuzzed input is read (exit 0, or 1 for a replay that differs) or refused in
    one short line with exit 2; never anything else."""
    if proc.returncode == 2:
        one_line_refusal(proc)
    else:
        assert proc.returncode in (0, 1), (proc.returncode, proc.stderr[-2000:])


FUZZ = settings(
    max_examples=25,
    deadline=10_000,  # ms: every refusal comes at once
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzzed_positions_are_read_or_refused_in_one_line(positions, name, data):
    path, _ = positions[name]
    obj = json.loads(path.read_text())
    where = data.draw(st.sampled_from(sorted(paths(obj), key=str)), label="where")
    text = json.dumps(put(obj, where, data.draw(VALUES, label="value")))
    if data.draw(st.booleans(), label="cut"):
        text = text[: data.draw(st.integers(0, len(text)), label="at")]
    command = data.draw(st.sampled_from(["moves", "score", "hint", "apply"]), label="cmd")
    extra = ["pass"] if command == "apply" else ["--count"] if command == "moves" else []
    refused_or_read(invoke(command, "-", *extra, *lexicon_args(name), input=text))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzzed_records_are_replayed_or_refused_in_one_line(
    positions, name, data, tmp_path
):
    _, record = positions[name]
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    k = data.draw(st.integers(0, len(lines) - 1), label="line")
    where = data.draw(st.sampled_from(sorted(paths(lines[k]), key=str)), label="where")
    lines[k] = put(lines[k], where, data.draw(VALUES, label="value"))
    text = "".join(json.dumps(x) + "\n" for x in lines)
    if data.draw(st.booleans(), label="cut"):
        text = text[: data.draw(st.integers(0, len(text)), label="at")]
    path = tmp_path / f"fuzz-{name}.jsonl"
    path.write_text(text)
    refused_or_read(invoke("replay", path, *lexicon_args(name)))


def test_each_rules_page_lists_every_rule_option_with_its_default_and_bounds():
    """docs/rules/<game>.md's "Rule options" table has a row for every option of the
    game, with the code's default and every bound and value of its ``allowed`` text."""
    import re

    from tests.cli_support import ROOT

    for name in GAMES:
        page = (ROOT / "docs" / "rules" / f"{name}.md").read_text()
        table = page.split("## Rule options", 1)[1].split("\n## ", 1)[0]
        rows = {
            cells[0].strip("` "): cells
            for cells in (
                [c.strip() for c in line.strip().strip("|").split("|")]
                for line in table.splitlines()
                if line.startswith("| `")
            )
        }
        game = get_game(name)
        for option, spec in game.Rules.OPTIONS.items():
            assert option in rows, (name, option, "no row")
            _, default, allowed = rows[option][:3]
            shown = game.Rules.catalogue()[option]["default"]
            shown = json.dumps(shown) if isinstance(shown, bool) else str(shown)
            words = re.findall(r"[A-Za-z0-9]+", shown)
            assert all(w in default for w in words), (name, option, default, shown)
            for word in re.findall(
                r"[0-9]+|true|false|unbounded|random|\w+(?= or )", spec.allowed
            ):
                assert word in allowed, (name, option, allowed, spec.allowed)


def test_a_protocol_error_does_not_echo_a_huge_input():
    from wordbot.protocol import Connection, Session

    replies: list[dict] = []
    conn = Connection(Session(game="crosswords"), replies.append)
    conn.submit(json.dumps({"cmd": "newgame"}))
    conn.submit(
        json.dumps({"cmd": "apply", "move": "write " + "Q" * 500_000 + " 4,0 down"})
    )
    error = replies[-1]
    assert error["type"] == "error", error
    assert len(error["error"]["message"]) <= MAX_MESSAGE
    conn.submit('{"cmd": "hello", "id": ' + "7" * 30 + "}")
    assert replies[-1]["type"] == "error" and "digits" in replies[-1]["error"]["message"]

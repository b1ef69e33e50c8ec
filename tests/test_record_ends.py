"""A record is whole or refused: ``wordbot replay`` of a record whose result line is
missing (its last lines dropped at a line boundary) is one line naming the last line
read, exit 2, never "ok ... final scores"; ``--unfinished`` checks a game that stopped
part-way as far as it goes. The library's reader keeps reading such a record (a
tournament's resume recovers the finished games from theirs: tests/test_tournament_cli.py).
"""

from __future__ import annotations

from wordbot.engine.records import read_record, replay

from tests.cli_support import invoke, run


def test_a_record_cut_at_a_line_boundary_is_refused_naming_its_last_line(tmp_path):
    out = tmp_path / "run"
    played = invoke(
        "tournament", "--game", "crosswords", "--players", "greedy,territory",
        "--games", "2", "--seed", "5", "--rule", "turn_limit=2", "--workers", "1",
        "--out", out, "--quiet",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    whole = out / "games" / "000000.jsonl"
    lines = whole.read_text().splitlines(keepends=True)
    assert '"result"' in lines[-1] and len(lines) == 6
    assert run("replay", whole).returncode == 0
    for kept in (len(lines) - 1, 3):  # no result line; no result nor last two actions
        cut = tmp_path / f"cut-{kept}.jsonl"
        cut.write_text("".join(lines[:kept]))
        refused = run("replay", cut)
        assert refused.returncode == 2 and refused.stdout == "", refused.stdout
        line = refused.stderr.strip()
        assert "\n" not in line and "Traceback" not in line, line
        assert f"cut-{kept}.jsonl line {kept}: the record ends there" in line, line
        assert "result line" in line
        checked = run("replay", cut, "--unfinished")
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert f"ok: {kept - 1} actions replayed" in checked.stdout
        over = kept == len(lines) - 1  # every action is there: the game is over
        assert ("game over; final scores" if over else "scores so far") in checked.stdout
        # the library reads it as it is: a game without its result
        record = read_record(cut)
        assert record.result is None and record.last_line == kept
        assert replay(record).ok

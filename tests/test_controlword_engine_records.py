"""Game records: written line by line, read back, replayed with every position checked."""

import json

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.controlword.game import GAME
from wordbot.engine.errors import RecordError
from wordbot.engine.records import GameRecorder, read_record, replay

from tests.controlword_support import across, position
from tests.lexicons import small_words


def scripted_game(
    path, seed=21, actions=("redraw", "redraw", "first", "pass", "pass", "pass")
):
    """A short game: the first mover redraws twice (2 tokens), then plays the first word
    play the reference finds, and everyone passes on. Returns the states."""
    lex = small_words()
    s = GAME.new(["red", "green"], seed=seed, lexicon=lex)
    states = [s]
    rec = GameRecorder(path, s, agents={"red": "script", "green": "script"})
    for action in actions:
        if action == "first":
            move = next(m for m in s.legal_moves() if m.type == "word")
        else:
            move = s.parse_move(action)
        after = s.apply(move)
        rec.record(move, after)
        s = after
        states.append(s)
    return rec, states


def test_header_and_lines(tmp_path):
    path = tmp_path / "g.jsonl"
    rec, states = scripted_game(path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    header = lines[0]
    assert header["format"] == GAME.record_format and header["seed"] == 21
    assert header["players"] == ["red", "green"] and header["agents"]["red"] == "script"
    assert header["mat"] == 1 and header["rules"]["rounds"] == 10
    assert header["start"] == states[0].to_json() and header["setup"] == "new"
    assert len(lines) == 7  # written as the game goes, before finish()
    second_redraw = lines[2]
    assert second_redraw["move"] == {"type": "redraw"}
    assert second_redraw["penalties"][states[0].to_move] == 2
    assert len(second_redraw["penalty_tiles"][states[0].to_move]) == 2
    assert len(second_redraw["drawn"][states[0].to_move]) == max(
        states[0].rack_limit - 2, 5
    )
    assert lines[3]["text"] == states[2].notation(states[2].parse_move(lines[3]["text"]))
    rec.finish()
    assert "result" in json.loads(path.read_text().splitlines()[-1])


def test_replay_reproduces_every_position(tmp_path):
    path = tmp_path / "g.jsonl"
    rec, states = scripted_game(path)
    rec.finish()
    result = replay(read_record(path), small_words())
    assert result.ok and result.actions == 6 and result.final == states[-1]


def test_replay_reports_the_first_mismatch(tmp_path):
    path = tmp_path / "g.jsonl"
    rec, _ = scripted_game(path)
    rec.close()
    lines = path.read_text().splitlines()
    bad = json.loads(lines[3])  # action 3: the word play
    bad["scores"] = {p: v + 1 for p, v in bad["scores"].items()}
    lines[3] = json.dumps(bad)
    path.write_text("\n".join(lines) + "\n")
    result = replay(read_record(path), small_words())
    assert not result.ok and result.actions == 2
    assert result.mismatch.startswith("action 3: scores recorded")

    bad = json.loads(lines[1])
    bad["digest"] = "0" * 64
    lines[1] = json.dumps(bad)
    path.write_text("\n".join(lines) + "\n")
    result = replay(read_record(path), small_words())
    assert result.mismatch == "action 1: the position after it differs from the record"


def test_replay_detects_a_different_seed(tmp_path):
    path = tmp_path / "g.jsonl"
    scripted_game(path)[0].close()
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["seed"] = 22
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n")
    result = replay(read_record(path), small_words())
    assert not result.ok and result.mismatch.startswith("start")


def test_a_crash_loses_at_most_the_line_in_progress(tmp_path):
    path = tmp_path / "g.jsonl"
    scripted_game(path)[0].close()
    text = path.read_text()
    path.write_text(text + '{"action": 7, "player": "re')  # the writer died mid-line
    rec = read_record(path)
    assert rec.truncated and len(rec.actions) == 6
    result = replay(rec, small_words())
    assert result.ok and result.notes


def test_unreadable_records(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"format": "other"}\n')
    with pytest.raises(RecordError, match="format"):
        read_record(path)
    path.write_text("not json\n{}\n")
    with pytest.raises(RecordError, match="line 1: malformed JSON"):
        read_record(path)
    with pytest.raises(RecordError, match="no such file"):
        read_record(tmp_path / "missing.jsonl")


def test_replay_needs_the_recorded_lexicon(tmp_path):
    path = tmp_path / "g.jsonl"
    scripted_game(path)[0].close()
    with pytest.raises(RecordError, match="pass that word list with --lexicon"):
        replay(read_record(path), Lexicon.from_words(["CAT"]))


def test_records_of_games_started_from_a_position(tmp_path):
    lex = small_words()
    obj = position(across(0, 0, "PLANT", "bbbbb"), racks={"red": "SAT", "green": "EAR"})
    s = GAME.from_json(obj, lex, seed=5)
    path = tmp_path / "p.jsonl"
    with GameRecorder(path, s) as rec:
        for text in ("0,0 across (PLANT)S", "pass", "pass", "pass"):
            move = s.parse_move(text)
            after = s.apply(move)
            rec.record(move, after)
            s = after
    assert s.round == 3  # the draw phase used the generator seeded with 5
    result = replay(read_record(path), lex)
    assert result.ok and result.final == s

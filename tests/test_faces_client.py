"""The Python client (``wordbot.client``) against the real ``wordbot engine`` subprocess."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.cli_support import cli_env, wordbot_command
from wordbot.client import (
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    Limit,
    SimpleEngine,
)


def popen(*args, **kw) -> SimpleEngine:
    return SimpleEngine.popen(
        wordbot_command("engine", "--plugin", "tests.faces_plugin", *args),
        env=cli_env(),
        **kw,
    )


@pytest.fixture(scope="module")
def engine():
    with popen(timeout=900) as eng:
        eng.ping()
        eng.play(eng.new_game(seed=1), player="control")  # may compile kernels once
        eng.timeout = 60
        yield eng


def test_id_configure_play_analyse(engine):
    assert engine.id["engine"] == "wordbot" and "control" in engine.id["players"]
    position = engine.new_game(["red", "green"], seed=21)
    result = engine.play(position, Limit(time=0.5), player="control")
    assert result.move["type"] in ("word", "pass", "exchange", "redraw")
    assert result.notation and result.player == "control" and not result.stopped
    assert result.info and result.info[-1]["candidates"][0]["notation"] == result.notation
    cands = engine.analyse(position, Limit(time=0.5), player="greedy", top=3)
    assert len(cands) == 3
    assert [c["points"] for c in cands] == sorted(
        (c["points"] for c in cands), reverse=True
    )
    engine.configure({"player": "greedy", "top": 2})
    try:
        assert engine.play(position).player == "greedy"
        assert len(engine.play(position).candidates) == 2
    finally:
        engine.configure({"player": "control", "top": 5})


def test_a_game_through_the_client(engine):
    from wordbot.dictionaries import Lexicon
    from wordbot.engine.controlword.game import GAME

    lex = Lexicon.load()
    state = GAME.new(["red", "green"], seed=5, rules=None, lexicon=lex)
    engine.position(state)  # a state object is sent as its JSON
    # read from JSON, a position's draws are seeded from its digest (engine/README.md)
    state = GAME.from_json(state.to_json(), lex)
    for _ in range(6):
        best = engine.play(None, player="greedy")
        reply = engine.apply(None, best.move)
        assert reply["notation"] == best.notation
        state = state.apply(state.parse_move(best.move))
        assert reply["position"] == state.to_json()  # engine and library agree exactly
    assert engine.score()["totals"].keys() == {"red", "green"}
    listed = engine.moves(None, limit=3)
    assert 1 <= len(listed) <= 3 and {"pass"} <= {m["notation"] for m in engine.moves(None)}


def test_new_game_takes_each_games_set_up_options_by_name(engine):
    """The set-up options ``hello`` lists are keywords of ``new_game``, whichever game:
    Control Word's mat and Cross words combat's pages."""
    setup = {name: game["setup"] for name, game in engine.id["games"].items()}
    assert "mat" in setup["controlword"] and "pages" in setup["crosswords"]
    position = engine.new_game(["red", "green"], seed=3, mat=3)
    assert position["rules"]["start_mat"] == 3
    assert position == engine.new_game(["red", "green"], seed=3, rules={"start_mat": 3})
    page = "Call me Ishmael.\nSome years ago\n"
    dealt = engine.new_game(game="crosswords", seed=1, pages={"red": page})
    assert dealt["pages"]["red"]["rows"] == page.splitlines()
    with pytest.raises(EngineError) as err:
        engine.new_game(game="controlword", seed=3, pages={"red": page})
    assert err.value.code == "bad_request" and "pages: unknown field" in str(err.value)
    engine.new_game(game="controlword", seed=1)


def test_error_replies_raise_engine_error(engine):
    position = engine.new_game(seed=2)
    with pytest.raises(EngineError) as err:
        engine.apply(position, "0,0 across XYZZYQ")
    assert err.value.code in ("bad_move", "illegal_move")
    with pytest.raises(EngineError) as err:
        engine.configure({"no_such_option": 1})
    assert err.value.code == "bad_option" and "no_such_option" in str(err.value)
    with pytest.raises(EngineError) as err:
        engine.play(position, player="nobody")
    assert err.value.code == "bad_player"
    engine.ping()  # still fine


def test_streaming_analysis_and_stop(engine):
    position = engine.new_game(seed=4)
    with engine.analysis(position, Limit(time=30), player="slow") as analysis:
        first = analysis.next()
        assert first["type"] == "info"
        time.sleep(0.3)
        t0 = time.monotonic()
        analysis.stop()
        result = analysis.wait()
    assert result.stopped and time.monotonic() - t0 < 2
    assert result.notation == result.candidates[0]["notation"]
    engine.ping()


def test_timeout_raises_and_the_engine_stays_usable(engine):
    position = engine.new_game(seed=4)
    engine.timeout = 0.5
    try:
        analysis = engine.analysis(position, Limit(time=None), player="slow:time=3")
        with pytest.raises(EngineTimeoutError):
            analysis.wait()
    finally:
        engine.timeout = 60
    engine.request("stop")
    engine.ping()


def test_engine_death_is_a_clear_error():
    eng = popen()
    try:
        eng.new_game(seed=1)
        os.kill(eng.process.pid, signal.SIGKILL)
        with pytest.raises(EngineTerminatedError) as err:
            eng.play(None, player="greedy")
        assert "exited" in str(err.value) or "closed" in str(err.value)
        assert not eng.alive
    finally:
        eng.quit()


def test_engine_that_cannot_start():
    with pytest.raises(EngineTerminatedError) as err:
        SimpleEngine.popen(
            wordbot_command("engine", "--plugin", "no_such_module_xyz"),
            env=cli_env(),
            timeout=120,
        )
    assert "no_such_module_xyz" in str(err.value)  # its stderr is in the message


def test_context_manager_quits():
    with popen() as eng:
        proc = eng.process
    assert proc.poll() == 0

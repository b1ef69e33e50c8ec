"""One set-up channel: a game's set-up options (engine/setup.py) are declared once, in its
Game class, and every face makes its own form of them from that declaration: the command
line's flags, the protocol's ``newgame`` fields, the tournament and study configurations
and ``wordbot games --json``."""

from __future__ import annotations

import json

import pytest
from wordbot.engine import GAMES, RuleError, get_game
from wordbot.engine.setup import UnknownSetupOption

from tests.cli_support import invoke
from tests.lexicons import SMALL_WORDS, small_words
from wordbot.protocol import Connection, Session

CONTROLWORD = get_game("controlword")


def test_every_face_lists_the_declared_options():
    from wordbot.cli.games import games_json
    from wordbot.plugins import load_catalog

    catalog = load_catalog(["tests.toygame"])
    listed = {entry["name"]: entry["setup"] for entry in games_json(catalog)}
    replies: list[dict] = []
    Connection(Session(catalog=catalog), replies.append).submit('{"cmd": "hello"}')
    hello = replies[-1]["games"]
    for name in catalog.games.names():
        declared = {o.name: o.describe() for o in catalog.games[name].setup_options}
        assert listed[name] == declared == hello[name]["setup"], name
        assert all(o.flag.startswith("--") for o in catalog.games[name].setup_options)
    assert listed["controlword"]["mat"]["flag"] == "--mat"
    assert listed["crosswords"]["pages"]["repeatable"] and listed["toy"] == {}


def test_a_rule_shortcut_sets_its_rule_from_every_form():
    lex = small_words()
    by_rule = CONTROLWORD.new(seed=3, rules=CONTROLWORD.rules(["start_mat=3"]), lexicon=lex)
    assert CONTROLWORD.new(seed=3, lexicon=lex, mat=3).to_json() == by_rule.to_json()
    assert CONTROLWORD.setup_from_cli(["--mat", "3"]) == {"mat": 3}
    assert CONTROLWORD.setup_from_cli(["--mat=random"]) == {"mat": "random"}
    assert CONTROLWORD.setup_from_json({"mat": 3}) == {"mat": 3}
    assert CONTROLWORD.setup_json({"mat": "random"}) == {"mat": "random"}
    with pytest.raises(RuleError, match="^mat: 9 is not allowed"):
        CONTROLWORD.new(seed=3, lexicon=lex, mat=9)
    with pytest.raises(UnknownSetupOption, match="^pages: Control Word has no such"):
        CONTROLWORD.new(seed=3, lexicon=lex, pages={})
    for name in GAMES.names():  # a record's start makes the game again
        game = get_game(name)
        start = game.new(seed=1, lexicon=lex).to_json()
        again = game.new(seed=1, lexicon=lex, **game.setup_of(start))
        assert again.to_json() == start, name
    start = get_game("crosswords").new(pages={"red": "An ant at\nA tan"}).to_json()
    assert get_game("crosswords").setup_of(start)["pages"]["red"] == "An ant at\nA tan"


@pytest.mark.parametrize(
    "args, needle",
    [
        (["new", "--game", "routewords", "--mat", "3"], "--mat: RouteWords has no such"),
        (["new", "--mat"], "--mat: needs a value (1-6|random)"),
        (["new", "--mat", "0"], "--mat 0: --rule start_mat=0: 0 is not allowed"),
        (["new", "--colour", "red"], "No such option '--colour'"),
        (["new", "red"], "unexpected extra argument (red)"),
        (
            ["--plugin", "tests.toygame", "new", "--game", "toy", "--page", "x=y"],
            "--page: Hidden take-away has no such set-up option",
        ),
    ],
)
def test_set_up_flags_of_the_wrong_game_are_one_line_errors(args, needle):
    out = invoke(*args, *([] if "toy" in args else ["--lexicon", SMALL_WORDS]))
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1 and needle in lines[0], out.stderr


def test_the_flags_make_the_same_game_as_the_api():
    out = invoke("new", "--seed", "5", "--mat", "2", "--lexicon", SMALL_WORDS)
    assert out.returncode == 0, out.stderr
    start = CONTROLWORD.new(seed=5, lexicon=small_words(), mat=2)
    assert json.loads(out.stdout) == start.to_json()
    assert "--mat 1-6|random" in invoke("new", "--help").stdout


def test_newgame_takes_the_games_own_fields_only():
    replies: list[dict] = []
    conn = Connection(Session(lexicon=str(SMALL_WORDS)), replies.append)
    conn.submit(json.dumps({"id": 1, "cmd": "newgame", "seed": 2, "mat": 4}))
    assert replies[-1]["position"]["rules"]["start_mat"] == 4
    conn.submit(json.dumps({"id": 2, "cmd": "newgame", "game": "routewords", "mat": 4}))
    error = replies[-1]["error"]
    assert error["code"] == "bad_request"
    assert error["message"].startswith("mat: unknown field of newgame for RouteWords")
    conn.submit(json.dumps({"id": 3, "cmd": "newgame", "mat": [4]}))
    assert replies[-1]["error"]["code"] == "bad_rules"


def test_a_tournament_saves_the_set_up_as_json():
    from wordbot.tournament import new_config

    config, _ = new_config(
        players="greedy,random",
        games=2,
        seed=1,
        lexicon_path=str(SMALL_WORDS),
        setup_words=["--mat", "random"],
    )
    assert config.setup == {"mat": "random"}
    assert config.to_json()["setup"] == {"mat": "random"}

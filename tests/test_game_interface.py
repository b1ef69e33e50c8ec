"""The game interface is enough: a game written in tests/ only (tests/toygame.py) plays
through the generic players, every command of the command line, a tournament, the line
protocol and `wordbot replay`; the generic layers load no game; hidden information goes
through observation/determinize. What every game keeps, the toy game included, is
tests/test_game_contract.py's.

The toy game's tournament and the replay of its record run as real ``wordbot`` processes
(the plugin imported by a new process), and so do the refusals of ``engine`` and
``serve`` (commands that start a session or a server stay out of the test's process). The
other refusals and the toy game's every other face run the same command line in this
process (tests.cli_support.invoke): they check an exit code and a one-line error, and
each of those commands keeps real-process tests elsewhere (``new``, ``hint``, ``play`` and
``tournament`` of Control Word; ``replay`` of the toy game here)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from wordbot.engine import GAMES, GameError, get_game
from wordbot.engine.games import BUILTIN
from wordbot.players import PlayerError
from wordbot.players.arena import play_game

from tests.cli_support import SHORT_TOURNAMENT, cli_env, invoke
from tests.conftest import ROOT
from tests.faces_support import Client
from tests.lexicons import SMALL_WORDS, small_words
from wordbot.plugins import load_catalog

TOY = load_catalog(["tests.toygame"])
PLUGIN = ["--plugin", "tests.toygame"]


def wordbot(*args, input=None, timeout=300):
    return subprocess.run(
        [sys.executable, "-m", "wordbot", *args],
        input=input,
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=ROOT,
        timeout=timeout,
    )


def fresh_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=cli_env(),
        cwd=ROOT,
        timeout=300,
    )


# ------------------------------------------------------------------------- the registry
def test_registry_by_name_and_by_format():
    assert GAMES.names() == sorted(BUILTIN)
    game = get_game("controlword")
    assert game.position_format == "wordbot.controlword.position/1"
    assert game.record_format == "wordbot.controlword.game/1"
    assert GAMES.of_position({"format": game.position_format}) is game
    with pytest.raises(GameError, match="unknown game 'nosuch'"):
        get_game("nosuch")
    with pytest.raises(Exception, match="not a position format of a game"):
        GAMES.of_position({"format": "wordbot.nosuch.position/1"})
    assert TOY.games.names() == sorted([*BUILTIN, "toy"])
    assert TOY.games.of_position({"format": "wordbot.toy.position/1"}).name == "toy"


def test_players_say_which_games_they_play():
    assert TOY.players.for_game("toy") == ["greedy", "level", "mc", "random", "search"]
    assert TOY.players.for_game("controlword") == [
        "control",
        "greedy",
        "level",
        "mc",
        "random",
        "search",
    ]
    with pytest.raises(
        PlayerError, match="player control: plays controlword only, not toy"
    ):
        TOY.players.make("control", "toy")


# ------------------------------------------------------------------- the toy plays through
@pytest.mark.parametrize("spec", ["random", "greedy", "mc:iterations=4,k=2"])
def test_generic_players_play_the_toy_game(spec):
    game = TOY.game("toy")
    for seed in range(4):
        seats = {
            "north": TOY.players.make(spec, game),
            "south": TOY.players.make("greedy", game),
        }
        result = play_game(game.new(seed=seed), seats, seed=seed)
        again = play_game(
            game.new(seed=seed),
            {p: TOY.players.make(s.spec, game) for p, s in seats.items()},
            seed=seed,
        )
        assert result.final.is_over and result.moves == again.moves
        # the engine checked every move; the heap was taken to the last token
        assert sum(m.count for m in result.moves) == 12
        # most points wins, a tie is shared (tests/toygame.py)
        top = max(result.scores.values())
        assert result.winners and set(result.winners) == {
            p for p, v in result.scores.items() if v == top
        }


def test_mc_plays_the_toy_game_on_determinized_states_only():
    game = TOY.game("toy")
    state = game.new(seed=1)
    secret = state.cards["south"]
    # two states the north player cannot tell apart: south's card differs
    other = [c for c in range(1, 6) if c not in (secret, state.cards["north"])][0]
    twin = state._copy(cards={**state.cards, "south": other})
    assert state.observation("north") == twin.observation("north")
    mc = TOY.players.make("mc:iterations=6,k=3", game)
    picks = [mc.top(s, 3, random.Random(7)) for s in (state, twin)]
    assert [(c.notation, c.equity) for c in picks[0]] == [
        (c.notation, c.equity) for c in picks[1]
    ]


def test_determinize_is_consistent_with_the_observation_and_blind_to_the_hidden():
    game = TOY.game("toy")
    s = game.new(seed=2)
    for seed in range(20):
        d = s.determinize("north", random.Random(seed))
        assert d.observation("north") == s.observation("north")
        assert d.cards["south"] != d.cards["north"]


def test_a_toy_tournament_with_processes_and_inline_agree(tmp_path):
    from wordbot.tournament import Tournament, new_config

    config, lexicon = new_config(
        game="toy",
        players="greedy,random,mc:iterations=3,k=2",
        games=4,
        seed=5,
        plugins=("tests.toygame",),
    )
    assert config.lexicon is None and config.seat_names == ("north", "south")
    one = Tournament(config, lexicon).run(workers=1).summary.to_json(0)
    two = Tournament(config, lexicon).run(workers=2).summary.to_json(0)
    assert one.pop("seconds_per_move").keys() == two.pop("seconds_per_move").keys()
    assert one == two and sum(p["games"] for p in one["pairs"]) == 12


def test_toy_tournament_records_replay_through_the_command_line(tmp_path):
    out = tmp_path / "toy"
    run = wordbot(
        *PLUGIN,
        "tournament",
        "--game",
        "toy",
        *SHORT_TOURNAMENT,
        "--out",
        str(out),
        "--json",
        "--workers",
        "1",
    )
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["game"] == "toy" and summary["pairs"][0]["games"] == 4
    saved = json.loads((out / "tournament.json").read_text())
    assert saved["game"] == "toy" and saved["plugins"] == ["tests.toygame"]
    records = sorted((out / "games").glob("*.jsonl"))
    assert len(records) == 4
    header = json.loads(records[0].read_text().splitlines()[0])
    assert header["format"] == "wordbot.toy.game/1" and "lexicon" not in header
    replayed = wordbot(*PLUGIN, "replay", str(records[0]))
    assert replayed.returncode == 0 and replayed.stdout.startswith("ok:"), replayed.stderr
    # without the plugin the record names a game wordbot does not know: one line, exit 2
    unknown = invoke("replay", str(records[0]), cwd=ROOT)
    assert unknown.returncode == 2 and "wordbot.toy.game/1" in unknown.stderr
    assert len(unknown.stderr.strip().splitlines()) == 1
    resumed = invoke(
        *PLUGIN, "tournament", "--resume", str(out), "--game", "controlword", cwd=ROOT
    )
    assert (
        resumed.returncode == 2 and "--game toy, not --game controlword" in resumed.stderr
    )


def test_toy_game_over_the_line_protocol():
    """What the contract's whole games (tests/test_game_contract.py, through ``wordbot
    engine --plugin``) do not ask of the session: a search, and another game's player
    and position refused."""
    lines = [
        {"id": 1, "cmd": "newgame", "game": "toy", "seed": 4},
        {"id": 3, "cmd": "go", "player": "mc:iterations=3,k=2", "seed": 1},
        {"id": 4, "cmd": "apply", "move": "take 2"},
        {"id": 6, "cmd": "setoption", "name": "player", "value": "control"},
        {
            "id": 7,
            "cmd": "position",
            "position": get_game("controlword")
            .new(seed=1, lexicon=small_words())
            .to_json(),
        },
        {"id": 8, "cmd": "newgame", "game": "nosuch"},
        {"id": 9, "cmd": "hello"},
    ]
    client = Client("controlword")
    for line in lines:
        client.conn.submit(json.dumps(line))
        assert client.conn.wait(timeout=60)
    finals = {r["id"]: r for r in client.messages if r["type"] != "info"}
    assert finals[1]["type"] == "position" and finals[1]["game"] == "toy"
    assert finals[3]["type"] == "bestmove" and finals[3]["game"] == "toy"
    assert finals[4]["notation"] == "take 2" and finals[4]["position"]["heap"] == 10
    assert (
        finals[6]["error"]["code"] == "bad_player"
        and "not toy" in finals[6]["error"]["message"]
    )
    assert finals[7]["error"]["code"] == "bad_game"
    assert "this session plays toy" in finals[7]["error"]["message"]
    assert (
        finals[8]["error"]["code"] == "bad_game"
        and "nosuch" in finals[8]["error"]["message"]
    )
    assert finals[9]["game"] == "toy" and sorted(finals[9]["games"]) == sorted(
        [*BUILTIN, "toy"]
    )
    assert sorted(finals[9]["players"]) == ["greedy", "level", "mc", "random", "search"]


def test_games_command_lists_the_plugin_game():
    """The rule catalogue's wording, and the text form (tests/test_game_contract.py
    checks every game's JSON entry)."""
    run = invoke(*PLUGIN, "games", "--json")
    assert run.returncode == 0, run.stderr
    games = {g["name"]: g for g in json.loads(run.stdout)}
    assert games["toy"]["rules"]["heap"] == {
        "default": 12,
        "help": "tokens on the heap at the start",
        "allowed": "an integer >= 1",
    }
    assert games["controlword"]["rules"]["rounds"]["default"] == 10
    text = invoke(*PLUGIN, "games")
    assert text.returncode == 0 and "replacement_order" in text.stdout
    assert "toy (Hidden take-away)" in text.stdout


def test_every_face_of_the_command_line_plays_the_plugin_game(tmp_path):
    """docs/games.md's claim: a plugin game gets every face with no edit outside its
    module. new, moves, apply, hint, score, terminal play and its record, replay and a
    study, in this process (the line protocol, the server's session, tournaments and
    the page's fallback have their own tests)."""
    start = tmp_path / "start.json"
    new = invoke(*PLUGIN, "new", "--game", "toy", "--seed", "3", "--rule", "heap=7")
    assert new.returncode == 0, new.stderr
    start.write_text(new.stdout)
    assert json.loads(new.stdout)["heap"] == 7
    moves = invoke(*PLUGIN, "moves", start)
    assert moves.returncode == 0 and "take 3" in moves.stdout, moves.stderr
    after = invoke(*PLUGIN, "apply", start, "take 2")
    assert after.returncode == 0 and json.loads(after.stdout)["heap"] == 5, after.stderr
    illegal = invoke(*PLUGIN, "apply", start, "take 4")
    assert illegal.returncode == 2 and "take 1 to 3 tokens" in illegal.stderr
    hint = invoke(*PLUGIN, "hint", start, "--player", "greedy")
    assert hint.returncode == 0 and "take 3" in hint.stdout, hint.stderr
    score = invoke(*PLUGIN, "score", start)
    assert score.returncode == 0 and "north" in score.stdout, score.stderr
    record = tmp_path / "game.jsonl"
    play = invoke(*PLUGIN, "play", "--game", "toy", "--vs", "greedy", "--seed", "3",
                  "--rule", "heap=7", "--record", record,
                  input="moves\nhint\ntake 3\ntake 1\nscore\nquit\n")  # fmt: skip
    assert play.returncode == 0 and "illegal" not in play.stdout, play.stdout
    replayed = invoke(*PLUGIN, "replay", record)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("ok: 3 actions replayed"), replayed.stdout
    study = invoke(*PLUGIN, "study", "--game", "toy", "--vary", "heap=4,5", "--players",
                   "greedy,random", "--games", "2", "--seed", "1", "--workers", "1",
                   "--json", "--quiet", "--out", tmp_path / "study")  # fmt: skip
    assert study.returncode == 0, study.stderr
    assert [v["games"] for v in json.loads(study.stdout)["variants"]] == [2, 2]


# ------------------------------------------------------------------ bad input, one line
@pytest.mark.parametrize(
    "args,real",
    [
        (["new", "--game", "nosuch"], False),
        (["hint", "--game", "nosuch"], False),
        (["tournament", "--game", "nosuch", "--players", "greedy,random"], False),
        (["play", "--game", "nosuch", "--no-record"], False),
        (["engine", "--game", "nosuch"], True),
        (["serve", "--game", "nosuch", "--port", "0"], True),
    ],
)
def test_an_unknown_game_is_one_line_naming_it(args, real):
    run = wordbot(*args, input="") if real else invoke(*args, input="", cwd=ROOT)
    assert run.returncode == 2, run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "--game nosuch: unknown game 'nosuch'" in lines[0], (
        run.stderr
    )


@pytest.mark.parametrize(
    "args,needle",
    [
        (
            ["tournament", "--game", "toy", "--players", "control,greedy"],
            "player control: plays controlword only, not toy",
        ),
        (
            ["hint", "--game", "toy", "--player", "control"],
            "player control: plays controlword only, not toy",
        ),
        (["new", "--game", "toy", "--lexicon", str(SMALL_WORDS)], "uses no word list"),
        (["new", "--game", "toy", "--rule", "rounds=3"], "unknown rule option 'rounds'"),
    ],
)
def test_a_player_or_option_of_another_game_is_one_line(args, needle):
    run = invoke(*PLUGIN, *args, input="", cwd=ROOT)
    assert run.returncode == 2, run.stdout
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], run.stderr


# ---------------------------------------------------------------------- layers and loading
#: every game's own subpackages
GAME_PACKAGES = tuple(
    f"wordbot.{layer}.{game}"
    for game in BUILTIN
    for layer in ("engine", "movegen", "players")
)


def generic_modules() -> list[str]:
    """Every module of the package outside the games' own subpackages."""
    import pkgutil

    out = []
    for package in (
        "wordbot",
        "wordbot.engine",
        "wordbot.movegen",
        "wordbot.players",
        "wordbot.dictionaries",
        "wordbot.cli",
        "wordbot.protocol",
        "wordbot.server",
        "wordbot.tournament",
    ):
        mod = __import__(package, fromlist=["_"])
        out.append(package)
        for info in pkgutil.iter_modules(mod.__path__):
            name = f"{package}.{info.name}"
            if not info.ispkg and name not in (
                "wordbot.__main__",
                "wordbot.dictionaries.rebuild_scowl80",
                # importing it registers every game with OpenSpiel: that
                # loads each game, on purpose (and so does its players' plugin)
                "wordbot.openspiel",
                "wordbot.openspiel_players",
            ):
                out.append(name)
    return out


def test_the_generic_layers_import_no_game():
    modules = generic_modules()
    assert "wordbot.players.montecarlo" in modules and "wordbot.protocol.session" in modules
    code = (
        "import importlib, sys, json\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('wordbot'))))"
    )
    run = fresh_python(code)
    assert run.returncode == 0, run.stderr
    loaded = json.loads(run.stdout)
    assert not [m for m in loaded if m.startswith(GAME_PACKAGES)], loaded


def test_asking_for_one_game_loads_that_game_only():
    code = (
        "import sys, json\n"
        "from wordbot.plugins import load_catalog\n"
        "from wordbot.players.arena import play_game\n"
        "cat = load_catalog(['tests.toygame']); g = cat.game('toy')\n"
        "for spec in ('random', 'greedy', 'mc:iterations=2'):\n"
        "    play_game(g.new(seed=1), {p: cat.players.make(spec, g) for p in g.seats})\n"
        "cat.players.for_game(g)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('wordbot', 'numba')))))"
    )
    run = fresh_python(code)
    assert run.returncode == 0, run.stderr
    loaded = json.loads(run.stdout)
    assert not [m for m in loaded if m.startswith(GAME_PACKAGES) or m.startswith("numba")]
    code = (
        "import sys, json\n"
        "from wordbot.engine import get_game\n"
        "get_game('controlword')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('wordbot'))))"
    )
    loaded = json.loads(fresh_python(code).stdout)
    assert "wordbot.engine.controlword.state" in loaded
    assert not [m for m in loaded if m.startswith(("wordbot.players.", "wordbot.movegen."))]


def imports_of(path) -> set[str]:
    """Every module a source file imports (at any depth of the file)."""
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_the_import_rule():
    folders = {
        "engine": ROOT / "engine",
        "movegen": ROOT / "movegen",
        "players": ROOT / "players",
        "dictionaries": ROOT / "dictionaries",
        "wordbot": ROOT / "wordbot",
    }
    games = GAMES.names()
    checked = 0
    for layer, folder in folders.items():
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).parts
            own_game = rel[0] if len(rel) > 1 and rel[0] in games else None
            names = imports_of(path)
            where = f"{layer}/{'/'.join(rel)}"
            if layer == "movegen":
                assert not [
                    n for n in names if n.startswith(("wordbot.engine", "wordbot.players"))
                ], where
            bridge = own_game is not None and rel[-1] in ("adapter.py", "core.py")
            if layer == "engine" and not bridge:
                assert not [n for n in names if n.startswith("wordbot.movegen")], where
            if layer == "players":
                assert not [n for n in names if n.startswith("wordbot.movegen")], where
            if layer == "dictionaries":
                assert not [
                    n
                    for n in names
                    if n.startswith(
                        ("wordbot.engine", "wordbot.movegen", "wordbot.players")
                    )
                ], where
            for n in names:
                parts = n.split(".")
                if len(parts) > 2 and parts[0] == "wordbot" and parts[2] in games:
                    assert parts[2] == own_game, f"{where} imports {n}"
            checked += 1
    assert checked > 80


def test_no_module_is_over_600_lines():
    """Modules stay small enough to read whole (the layout rule of DESIGN.md); a module
    that grows past 600 lines is split by concept, as the references and the First
    Draft tests were."""
    long = [
        f"{path.relative_to(ROOT)}: {n} lines"
        for folder in ("engine", "movegen", "players", "dictionaries", "wordbot", "tests")
        for path in (ROOT / folder).rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 600
    ]
    assert not long, long

"""A hosted game's seed stays the server's: the record sent with ``end`` holds no seed
and replays all the same, each action's draws read from its own line; with ``wordbot
serve --seed N`` each hosted game gets a deal of its own, and a server started again with
the same N deals the same games again.

The hosted games are played against a real ``wordbot serve`` over WebSockets, their
records replayed by a real ``wordbot replay``; the replay of records without a seed is
checked game by game in this process (every draw, shuffle and roll, and a record whose
draws were changed)."""

from __future__ import annotations

import io
import json
import random

import pytest
from wordbot.engine.records import GameRecorder, read_record, replay

from tests.cli_support import run
from tests.faces_support import ServerProcess
from tests.game_profiles import BUILTIN_NAMES, CATALOG, lexicon_of

ws_client = pytest.importorskip("websockets.sync.client")

#: the record fields where chance shows, in each game that draws after its deal
CHANCE = {"controlword": ("drawn", "dice"), "firstdraft": ("deck",)}


@pytest.fixture(scope="module")
def server():
    srv = ServerProcess("--seed", "11", "--log-level", "warning")
    yield srv
    srv.close()


def hosted_game(ws, game: str, rules: dict, rng: random.Random) -> dict:
    """A whole hosted game of ``game``: this seat plays random listed moves against
    greedy; the ``end`` event."""

    def ask(req: dict) -> dict:
        ws.send(json.dumps(req))
        while True:
            msg = json.loads(ws.recv(timeout=120))
            if msg.get("event") == "end":
                return msg
            if "event" not in msg:
                return msg

    msg = ask(
        {"cmd": "newgame", "game": game, "seats": ["human", "greedy"], "rules": rules}
    )
    assert msg["type"] == "table", msg
    while True:
        while msg.get("event") != "end" and (msg["over"] or msg["to_move"] != msg["seat"]):
            msg = json.loads(ws.recv(timeout=120))  # the bot's moves, the end
        if msg.get("event") == "end":
            return msg
        listed = ask({"cmd": "moves", "turn": msg["turn"]})
        assert listed["type"] == "moves", listed
        move = rng.choice(listed["moves"])["move"]
        msg = ask({"cmd": "play", "turn": msg["turn"], "move": move})
        assert msg.get("event") == "end" or msg["type"] == "table", msg


def first_view(url: str, game: str) -> dict:
    """The seat's view of a new hosted game of ``game`` (the seat moves first), asked
    for on a connection of its own."""
    with ws_client.connect(url.replace("http", "ws") + "/ws", open_timeout=10) as ws:
        ws.send(json.dumps({"cmd": "newgame", "game": game, "seats": ["human", "greedy"]}))
        msg = json.loads(ws.recv(timeout=120))
    assert msg["type"] == "table" and msg["to_move"] == msg["seat"], msg
    assert "seed" not in msg and '"seed"' not in json.dumps(msg["view"])
    return msg["view"]


def test_each_hosted_game_has_a_deal_of_its_own_and_the_seed_deals_them_again():
    views = []
    for _ in range(2):  # a server run with --seed 7, then another
        srv = ServerProcess("--seed", "7", "--log-level", "warning")
        try:
            views.append([first_view(srv.url, "firstdraft") for _ in range(3)])
        finally:
            srv.close()
    first, again = views
    lines = [[coaster["tiles"] for coaster in view["line"]] for view in first]
    assert len({json.dumps(line) for line in lines}) == 3, lines  # three deals
    assert again == first  # the same N: the same games, in the same order


def test_hosted_records_hold_no_seed_and_replay(server, tmp_path):
    url = server.url.replace("http", "ws") + "/ws"
    rng = random.Random(5)
    with ws_client.connect(url, open_timeout=10) as ws:
        ends = [hosted_game(ws, "controlword", {"rounds": 2}, rng) for _ in range(2)]
        ends.append(hosted_game(ws, "firstdraft", {}, rng))
    for n, end in enumerate(ends):
        lines = [json.loads(x) for x in end["record"].splitlines()]
        assert "seed" not in lines[0] and '"seed"' not in end["record"]
        if n == 0:  # a round was drawn and rolled for: the draws are in the record
            assert any("drawn" in x and "dice" in x for x in lines[1:])
        path = tmp_path / f"hosted-{n}.jsonl"
        path.write_text(end["record"])
        replayed = run("replay", path)
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        assert "every position matches" in replayed.stdout


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_a_record_without_a_seed_replays_from_its_own_draws(name):
    game = CATALOG.game(name)
    lexicon = lexicon_of(game)
    rules = {"rounds": 3} if name == "controlword" else {}
    for seed in range(8):  # games enough for every kind of draw of the game
        state = game.new(None, seed, game.Rules.from_json(rules), lexicon)
        text = io.StringIO()
        recorder = GameRecorder(text, state, keep_seed=False)
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            after = state.apply(move)
            recorder.record(move, after)
            state = after
        recorder.finish()
        lines = text.getvalue().splitlines(keepends=True)
        record = read_record(lines, CATALOG.games)
        assert "seed" not in record.header
        result = replay(record, lexicon)
        assert result.ok, (seed, result.mismatch)
        assert result.final.outcome().details == record.result
        drawn = [k for x in record.actions for k in CHANCE.get(name, ()) if k in x]
        if set(drawn) == set(CHANCE.get(name, ())):
            break
    else:
        pytest.fail(f"{name}: no game drew every kind of chance")
    if name not in CHANCE:
        return
    # a draw changed in the record: the replay stops there, naming the action
    key = CHANCE[name][0]
    n = next(i for i, x in enumerate(record.actions) if x.get(key))
    forged = json.loads(lines[n + 1])
    if key == "deck":
        deck = forged["deck"]
        forged["deck"] = next(
            deck[i:] + deck[:i] for i in range(len(deck)) if deck[i:] + deck[:i] != deck
        )
    else:
        seat = next(p for p, tiles in forged["drawn"].items() if tiles)
        forged["drawn"][seat] = "Q" * len(forged["drawn"][seat])
    lines[n + 1] = json.dumps(forged) + "\n"
    result = replay(read_record(lines, CATALOG.games), lexicon)
    assert not result.ok and result.actions < n + 1
    assert result.mismatch.startswith(f"action {n + 1}: "), result.mismatch

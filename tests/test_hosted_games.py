"""Games the server holds (the protocol's side): a client asks for a
game with its seats, plays its own seat by the move number, and is told only its seat's
view. Whole games of every game against every bot, each message checked, after the end,
against the true positions the record replays to: every view is exactly the seat's
observation of the true position at that move, and nothing else hidden (a seed, a
record) goes out before the end."""

from __future__ import annotations

import json
import random

import pytest
from wordbot.engine import get_game
from wordbot.engine.records import read_record

from tests.faces_support import Client, check_secrets, play_whole_game
from tests.game_profiles import CATALOG, NAMES
from tests.lexicons import SMALL_WORDS

#: one playout a candidate: a hosted game checks what the seat is told, not how well
#: the bot plays (First Draft's at two took 14-20 s of the default run)
SEARCH = "mc:iterations=1,k=2,time=600"
#: the games whose hosted game with search runs in the default run
FAST_SEARCH = ("controlword", "crosswords", "toy")


def cases():
    """Every bot of every game (the searching one on a budget of iterations): the
    game's own bots and the searching one in the default run, greedy under slow;
    random plays every game in tests/test_game_contract.py."""
    out = []
    for game in NAMES:
        for name in CATALOG.players.for_game(game):
            own = CATALOG.players.get(name).games is not None
            if name == "random":
                continue
            searching = name in ("mc", "search")
            bot = name + ":" + SEARCH.partition(":")[2] if searching else name
            # search simulates as mc does (Control Word, First Draft) or searches a
            # tree (Cross words combat, RouteWords): one game of each in the default run
            fast = own or name == "mc" or (searching and game in FAST_SEARCH)
            marks = [] if fast else [pytest.mark.slow]
            out.append(pytest.param(game, bot, id=f"{game}-{name}", marks=marks))
    return out


CASES = cases()


@pytest.mark.parametrize("game, bot", CASES)
def test_a_whole_hosted_game_tells_the_seat_only_its_view(game, bot):
    client = play_whole_game(game, bot, human_first=True, seed=len(bot))
    check_secrets(client, game)


def test_stale_repeated_and_out_of_turn_plays_change_nothing():
    client = Client("crosswords")
    table = client.ask(cmd="newgame", seats=["human", "greedy"], rules={"turn_limit": 3})
    listed = client.ask(cmd="moves", turn=0)
    move = listed["moves"][0]["move"]
    stale = client.ask(cmd="play", turn=5, move=move)
    assert stale["type"] == "error" and stale["error"]["code"] == "stale_turn"
    assert client.ask(cmd="moves", turn=0)["count"] == listed["count"]  # nothing moved
    played = client.ask(cmd="play", turn=0, move=move)
    assert played["turn"] == 1
    bot_moved = client.messages[-1]
    assert bot_moved["event"] == "move" and bot_moved["by"] == "green"
    again = client.ask(cmd="play", turn=0, move=move)  # the same message sent twice
    assert again["type"] == "error" and again["error"]["code"] == "stale_turn"
    hint = client.ask(cmd="hint", turn=bot_moved["turn"])
    assert hint["type"] == "hint" and hint["candidates"], hint
    old_style = client.ask(cmd="apply", move=move)  # the analysis commands touch no table
    assert old_style["type"] == "error" and table["seat"] == "red"
    assert client.ask(cmd="moves", turn=bot_moved["turn"])["type"] == "moves"


def test_a_seat_is_played_only_on_its_turn_and_seats_are_checked():
    client = Client("crosswords")
    bad = client.ask(cmd="newgame", seats=["human", "human"])
    assert bad["type"] == "error" and "seats" in bad["error"]["message"]
    bad = client.ask(cmd="newgame", seats=["greedy", "human"], seed=4)
    assert bad["type"] == "error" and "seed" in bad["error"]["message"]
    bad = client.ask(cmd="newgame", seats=["human", "wizard"])
    assert bad["type"] == "error" and bad["error"]["code"] == "bad_player"
    none = client.ask(cmd="play", turn=0, move="pass")
    assert none["type"] == "error" and none["error"]["code"] == "no_table"


def test_two_clients_never_see_or_touch_each_others_games():
    a, b = Client("crosswords"), Client("crosswords")
    ta = a.ask(cmd="newgame", seats=["human", "greedy"])
    tb = b.ask(cmd="newgame", seats=["human", "greedy"])
    move = a.ask(cmd="moves", turn=0)["moves"][0]["move"]
    a.ask(cmd="play", turn=0, move=move)
    assert b.ask(cmd="moves", turn=0)["type"] == "moves"  # b's game still at move 0
    assert ta["view"]["format"] == tb["view"]["format"]


def test_a_hosted_game_over_a_real_websocket():
    """The same through ``wordbot serve`` on 127.0.0.1: the pushed bot moves and the end
    arrive as messages of their own, after the reply."""
    ws_client = pytest.importorskip("websockets.sync.client")
    from tests.faces_support import ServerProcess

    server = ServerProcess("--game", "controlword", "--lexicon", str(SMALL_WORDS))
    told = Client("controlword")  # only its list of messages is used: the server plays
    try:
        with ws_client.connect(server.url.replace("http", "ws") + "/ws") as ws:

            def receive() -> dict:
                msg = json.loads(ws.recv(timeout=60))
                if "view" in msg or msg.get("event") == "end":
                    told.messages.append(msg)
                return msg

            def answer() -> dict:
                """The reply to the request just sent (bot moves pushed before it are
                kept as they come)."""
                while "event" in (msg := receive()):
                    pass
                return msg

            def until_my_turn_or_end() -> None:
                while True:
                    last = told.messages[-1]
                    if last.get("event") == "end" or (
                        last["to_move"] == last["seat"] and not last["over"]
                    ):
                        return
                    receive()

            ws.send(json.dumps({"cmd": "newgame", "seats": ["greedy", "human"],
                                "rules": {"rounds": 1}}))  # fmt: skip
            assert receive()["seat"] == "green"
            rng = random.Random(2)
            until_my_turn_or_end()
            while told.messages[-1].get("event") != "end":
                turn = told.messages[-1]["turn"]
                ws.send(json.dumps({"cmd": "moves", "turn": turn}))
                listed = answer()
                move = rng.choice(listed["moves"])["move"]
                ws.send(json.dumps({"cmd": "play", "turn": turn, "move": move}))
                assert answer()["turn"] == turn + 1
                until_my_turn_or_end()
    finally:
        server.close()
    check_secrets(told, "controlword")


# the killed connection is never closed cleanly, so it is not a context manager
@pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager")
def test_a_connection_killed_mid_game_loses_no_other_game():
    ws_client = pytest.importorskip("websockets.sync.client")
    from tests.faces_support import ServerProcess

    server = ServerProcess("--game", "crosswords")
    url = server.url.replace("http", "ws") + "/ws"

    def ask(ws, **req) -> dict:
        ws.send(json.dumps(req))
        while True:
            msg = json.loads(ws.recv(timeout=60))
            if "event" not in msg:
                return msg

    try:
        with ws_client.connect(url) as other:
            mine = ask(
                other, cmd="newgame", seats=["human", "greedy"], rules={"turn_limit": 2}
            )
            killed = ws_client.connect(url)
            ask(killed, cmd="newgame", seats=["human", "greedy"], rules={"turn_limit": 2})
            killed.socket.close()  # no closing handshake: as if the browser tab died
            turn, rng, ended = mine["turn"], random.Random(1), None
            while ended is None:
                listed = ask(other, cmd="moves", turn=turn)
                move = rng.choice(listed["moves"])["move"]
                msg = ask(other, cmd="play", turn=turn, move=move)
                assert msg["type"] == "table", msg
                while ended is None:  # the bot's moves up to my turn, or the end
                    if msg["to_move"] != mine["seat"] or msg["over"]:
                        msg = json.loads(other.recv(timeout=60))
                    if msg.get("event") == "end":
                        ended = msg
                    elif msg["to_move"] == mine["seat"] and not msg["over"]:
                        turn = msg["turn"]
                        break
            assert read_record(ended["record"].splitlines()).result is not None
    finally:
        server.close()


def test_a_hosted_bot_thinks_its_own_time_at_most_the_servers_cap():
    from wordbot.protocol.table import Table

    game = get_game("crosswords")
    capped = Table(game, ["human", "mc:time=100"], max_time=0.5).bots["green"]
    own = Table(game, ["human", "mc:time=0.2"], max_time=0.5).bots["green"]
    assert capped.spec.endswith("time=0.5") and own.spec.endswith("time=0.2")


def test_the_seats_moves_by_kind_and_one_hint_at_a_time():
    client = Client("firstdraft")
    table = client.ask(cmd="newgame", seats=["human", "greedy"])
    assert table["to_move"] == table["seat"], table
    turn = table["turn"]
    every = client.ask(cmd="moves", turn=turn)
    kinds = get_game("firstdraft").move_kinds
    by_kind = {k: client.ask(cmd="moves", turn=turn, kind=k) for k in kinds}
    assert sum(r["count"] for r in by_kind.values()) == every["count"] > 0
    for kind, listed in by_kind.items():
        assert all(m["move"]["type"] == kind for m in listed["moves"]), kind
    bad = client.ask(cmd="moves", turn=turn, kind="fly")
    assert bad["type"] == "error" and "kind" in bad["error"]["message"]
    before = len(client.messages)
    slow = {"cmd": "hint", "turn": turn, "player": "mc:time=1"}
    client.conn.submit(json.dumps({"id": 1, **slow}))
    client.conn.submit(json.dumps({"id": 2, "cmd": "hint", "turn": turn}))
    second = client.messages[before]  # answered at once, while the first is worked out
    assert second["id"] == 2 and second["error"]["code"] == "busy", second
    assert client.conn.wait(timeout=60)
    first = client.messages[before + 1]
    assert first["id"] == 1 and first["type"] == "hint" and first["candidates"], first

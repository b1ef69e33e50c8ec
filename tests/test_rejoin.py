"""Hosted games that survive a drop, through real ``wordbot serve`` processes and
WebSockets on 127.0.0.1: a socket killed mid-game rejoins with its token and is told the
moves it missed; a server killed with SIGKILL and started again on the same
``--state-dir`` resumes the game and its bot (the same deal: every view checked against
the record the game ends with); a corrupt journal is refused by name and never half
taken; a token plays its own seat of its own game only, and reaches no one else."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import stat
import time

import pytest

from tests.faces_support import ServerProcess, check_secrets
from tests.lexicons import SMALL_WORDS

ws_client = pytest.importorskip("websockets.sync.client")
# a client killed is never closed cleanly, so no client here is a context manager
pytestmark = pytest.mark.filterwarnings(
    "ignore:connect\\(\\) must be used as a context manager"
)

CONTROL_WORD = ("--game", "controlword", "--lexicon", str(SMALL_WORDS))


class Seat:
    """A WebSocket client of one server: every message it is sent, in order; ``messages``
    keeps those about its game (views and the end), as ``check_secrets`` reads them."""

    def __init__(self, server: ServerProcess):
        url = server.url.replace("http", "ws") + "/ws"
        self.ws = ws_client.connect(url, open_timeout=10, max_size=16 << 20)
        self.seen: list[dict] = []
        self.messages: list[dict] = []
        self.next_id = 0

    def receive(self, timeout: float = 60) -> dict:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(msg)
        if "view" in msg or msg.get("event") == "end":
            self.messages.append(msg)
        return msg

    def send(self, **req) -> int:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, **req}))
        return self.next_id

    def ask(self, **req) -> dict:
        """The final reply to ``req`` (the events before it are kept)."""
        rid = self.send(**req)
        while True:
            msg = self.receive()
            if msg.get("id") == rid and "event" not in msg:
                return msg

    def until_my_turn_or_end(self) -> dict:
        while True:
            last = self.messages[-1]
            if last.get("event") == "end" or (
                not last["over"] and last["to_move"] == last["seat"]
            ):
                return last
            self.receive()

    def play_to_the_end(self, rng: random.Random) -> dict:
        """Random moves of those the server lists, up to the end event."""
        while (last := self.until_my_turn_or_end()).get("event") != "end":
            listed = self.ask(cmd="moves", turn=last["turn"])
            move = rng.choice(listed["moves"])["move"]
            played = self.ask(cmd="play", turn=last["turn"], move=move)
            assert played["type"] == "table", played
        return last

    def kill(self) -> None:
        """Gone with no closing handshake, as a dropped network or a dead tab."""
        self.ws.socket.close()

    def close(self) -> None:
        self.ws.close()


def token_digest(token: str) -> str:
    """What a journal keeps of a token (docs/protocol.md): its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def text_of(messages: list[dict]) -> str:
    return "\n".join(json.dumps(m) for m in messages)


def test_a_dropped_socket_rejoins_and_is_told_the_moves_it_missed():
    server = ServerProcess(*CONTROL_WORD, "--log-level", "warning")
    try:
        first = Seat(server)
        table = first.ask(cmd="newgame", seats=["human", "greedy"], rules={"rounds": 1})
        assert table["type"] == "table", table
        token, turn = table["token"], first.until_my_turn_or_end()["turn"]
        listed = first.ask(cmd="moves", turn=turn)["moves"]
        move = random.Random(3).choice(listed)["move"]
        first.send(cmd="play", turn=turn, move=move)
        time.sleep(0.5)  # the server answers (and its bot may move) into a socket...
        first.kill()  # ...that dies before the page reads a word of it
        second = Seat(server)
        second.messages.extend(first.messages)  # what the seat was told, before and after
        before = len(second.seen)
        back = second.ask(cmd="rejoin", token=token, turn=turn)
        missed = second.seen[before:-1]
        assert back["type"] == "table" and back["seat"] == table["seat"], back
        assert back["missed"] == len(missed) >= 1, back
        # the seat's own move, whose reply never arrived, comes first
        assert missed[0]["event"] == "move" and missed[0]["by"] == table["seat"]
        assert missed[0]["turn"] == turn + 1 and missed[0]["move"] == move
        assert [m["turn"] for m in missed] == list(range(turn + 1, back["turn"] + 1))
        # the game goes on from there: the bot's answer (missed or now) and the end
        end = second.play_to_the_end(random.Random(4))
        assert any(m.get("by") == "green" for m in second.messages), "the bot never moved"
        assert token not in end["record"]
        second.close()
    finally:
        server.close()
    check_secrets(second, "controlword")


def test_a_server_killed_and_started_again_resumes_the_game_and_its_bot(tmp_path):
    state = tmp_path / "games"
    args = (*CONTROL_WORD, "--state-dir", str(state), "--max-time", "2")
    args += ("--log-level", "warning")
    server = ServerProcess(*args)
    try:
        seat = Seat(server)
        table = seat.ask(cmd="newgame", seats=["human", "mc:time=1"], rules={"rounds": 1})
        token, turn = table["token"], seat.until_my_turn_or_end()["turn"]
        rng = random.Random(5)
        while True:  # until the bot is to move (a deal may leave red to move again)
            listed = seat.ask(cmd="moves", turn=turn)["moves"]
            move = rng.choice(listed)["move"]
            played = seat.ask(cmd="play", turn=turn, move=move)
            assert played["turn"] == turn + 1 and not played["over"], played
            if played["to_move"] == "green":
                break
            turn = played["turn"]
        os.kill(server.proc.pid, signal.SIGKILL)  # while its bot thinks
        assert server.proc.wait(timeout=20) == -signal.SIGKILL
    finally:
        server.close()
    (journal,) = state.iterdir()
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600
    kept = journal.read_text()
    assert token not in kept and token_digest(token) in kept
    assert len(kept.splitlines()) == 2 + turn  # the deal and the moves up to the seat's

    again = ServerProcess(*args, "--grace", "5")
    try:
        assert "1 hosted game(s) resumed" in "".join(again.output)
        back = Seat(again)
        back.messages.extend(seat.messages)
        resumed = back.ask(cmd="rejoin", token=token, turn=turn + 1)
        assert resumed["type"] == "table" and resumed["turn"] == turn + 1, resumed
        assert resumed["view"] == played["view"]  # the same deal: the same rack
        end = back.play_to_the_end(random.Random(6))
        bots = [m["turn"] for m in back.messages if m.get("by") == "green"]
        assert turn + 2 in bots, "the bot did not move again"
        back.close()
        assert journal.exists()  # kept while its seat may come back...
        deadline = time.monotonic() + 30
        while journal.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not journal.exists()  # ...for --grace seconds, then dropped
    finally:
        again.close()
    assert token not in end["record"]
    check_secrets(back, "controlword")


def test_a_corrupt_journal_is_refused_by_name_and_never_half_taken(tmp_path):
    state = tmp_path / "games"
    args = ("--game", "crosswords", "--state-dir", str(state), "--log-level", "warning")
    server = ServerProcess(*args)
    try:
        seat = Seat(server)
        table = seat.ask(cmd="newgame", seats=["human", "greedy"])
        move = seat.ask(cmd="moves", turn=0)["moves"][0]["move"]
        seat.ask(cmd="play", turn=0, move=move)
        seat.until_my_turn_or_end()  # the bot has answered: three lines
    finally:
        server.close()
    (good,) = state.iterdir()
    lines = good.read_text().splitlines(keepends=True)
    assert len(lines) == 3

    def variant(name: str, lines: list[str], text: str | None = None) -> None:
        """A copy of the good journal under its own token, ``token-<name>``."""
        header = json.loads(lines[0])
        header["token_sha256"] = token_digest(f"token-{name}")
        body = json.dumps(header) + "\n" + "".join(lines[1:])
        (state / f"{name}.jsonl").write_text(body if text is None else text(body))

    def with_line(n: int, change) -> list[str]:
        out = list(lines)
        out[n - 1] = change(out[n - 1])
        return out

    def other_rules(line: str) -> str:
        header = json.loads(line)
        return json.dumps({**header, "rules": {**header["rules"], "turn_limit": 5}}) + "\n"

    def redigested(line: str) -> str:
        return json.dumps({**json.loads(line), "digest": "0" * 64}) + "\n"

    def misnumbered(line: str) -> str:
        return json.dumps({**json.loads(line), "turn": 7}) + "\n"

    variant("cut", lines, lambda body: body[:-5])
    variant("garbage", with_line(2, lambda _: "{not json\n"))
    variant("forged", with_line(3, redigested))
    variant("ruled", with_line(1, other_rules))
    variant("skipped", with_line(2, misnumbered))
    bad = {
        "cut": "last line is cut off",
        "garbage": "line 2: not JSON",
        "forged": "line 3: the move leads to another position",
        "ruled": "line 1: the game it deals is not the one it names",
        "skipped": "line 2: turn 7, expected 1",
    }
    before = {p.name: p.read_bytes() for p in state.iterdir()}

    again = ServerProcess(*args)
    try:
        output = "".join(again.output)
        assert "1 hosted game(s) resumed" in output, output
        for name, why in bad.items():
            said = [line for line in output.splitlines() if f"{name}.jsonl" in line]
            assert len(said) == 1, (name, output)
            assert why in said[0] and "not resumed" in said[0], said
            assert "Traceback" not in output
        seat = Seat(again)
        for name in bad:  # not one of them half taken
            refused = seat.ask(cmd="rejoin", token=f"token-{name}")
            assert refused["error"]["code"] == "bad_token", (name, refused)
        back = seat.ask(cmd="rejoin", token=table["token"], turn=0)
        assert back["type"] == "table" and back["turn"] == 2 and back["missed"] == 2
        seat.close()
    finally:
        again.close()
    # the refused journals are left as they were, for their owner to look at
    assert {p.name: p.read_bytes() for p in state.iterdir()} == before


def test_a_token_plays_its_own_seat_of_its_own_game_and_reaches_no_one_else():
    server = ServerProcess("--game", "crosswords", "--log-level", "warning")
    try:
        red, green = Seat(server), Seat(server)
        mine = red.ask(cmd="newgame", seats=["human", "greedy"], rules={"turn_limit": 1})
        theirs = green.ask(cmd="newgame", seats=["greedy", "human"])
        green.until_my_turn_or_end()
        assert (mine["seat"], theirs["seat"]) == ("red", "green")
        tokens = {mine["token"], theirs["token"]}
        assert len(tokens) == 2 and all(len(t) >= 32 for t in tokens)

        other = Seat(server)
        hello = other.ask(cmd="hello")
        assert "rejoin" in hello["commands"]
        forged = mine["token"][:-1] + ("A" if mine["token"][-1] != "A" else "B")
        refused = other.ask(cmd="rejoin", token=forged)
        assert refused["error"]["code"] == "bad_token", refused
        assert forged not in refused["error"]["message"]
        asked = other.ask(cmd="rejoin", token=mine["token"], seat="green")
        assert asked["error"]["code"] == "bad_request", asked  # a token names its seat
        taken = other.ask(cmd="rejoin", token=theirs["token"])
        assert taken["seat"] == "green" and taken["seats"] == theirs["seats"]
        assert taken["view"] == green.messages[-1]["view"]

        # the seat moves to the connection that rejoined: the old one is told so
        lost = green.receive()
        assert lost["event"] == "error" and lost["error"]["code"] == "rejoined", lost
        stale = green.ask(cmd="moves", turn=taken["turn"])
        assert stale["error"]["code"] == "no_table", stale
        assert other.ask(cmd="moves", turn=taken["turn"])["type"] == "moves"

        # red plays its one turn to the end: the record tells no token either
        end = red.play_to_the_end(random.Random(1))
        assert end["event"] == "end"
        for token, seat in ((mine["token"], red), (theirs["token"], green)):
            elsewhere = [s for s in (red, green, other) if s is not seat]
            assert all(token not in text_of(s.seen) for s in elsewhere)
            (given,) = [m for m in seat.seen if token in json.dumps(m)]
            assert given["id"] == 1 and given["type"] == "table"  # its newgame reply only
        for seat in (red, green, other):
            seat.close()
    finally:
        server.close()


def test_the_games_kept_are_capped_and_a_waiting_one_makes_room():
    """``--max-games 2``: with two games being played a third is refused (busy); once a
    seat has left, a new game takes the place of the one waiting longest, never of a
    game being played."""
    server = ServerProcess("--game", "crosswords", "--max-games", "2")
    try:
        first, second, third = Seat(server), Seat(server), Seat(server)
        kept = first.ask(cmd="newgame", seats=["human", "greedy"])
        left = second.ask(cmd="newgame", seats=["human", "greedy"])
        refused = third.ask(cmd="newgame", seats=["human", "greedy"])
        assert refused["error"]["code"] == "busy", refused
        second.close()  # its game waits for its seat...
        deadline = time.monotonic() + 30
        made = third.ask(cmd="newgame", seats=["human", "greedy"])
        while made["type"] != "table":  # (until the server has seen the close)
            assert made["error"]["code"] == "busy" and time.monotonic() < deadline
            time.sleep(0.2)
            made = third.ask(cmd="newgame", seats=["human", "greedy"])
        # ...until a new game needs its place
        assert third.ask(cmd="rejoin", token=left["token"])["error"]["code"] == "bad_token"
        assert first.ask(cmd="moves", turn=kept["turn"])["type"] == "moves"
        again = Seat(server)
        assert again.ask(cmd="rejoin", token=kept["token"])["seat"] == "red"
        for seat in (first, third, again):
            seat.close()
    finally:
        server.close()

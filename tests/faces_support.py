"""Helpers for the tests of the faces: a real ``wordbot engine`` subprocess spoken to
line by line, a real ``wordbot serve`` on a free loopback port, and a hosted game played
through a session in this process, checked against the record it ends with."""

from __future__ import annotations

import json
import queue
import random
import socket
import subprocess
import threading
import time

import pytest
from wordbot.engine.records import read_record, replay

from tests.cli_support import cli_env, wordbot_command
from tests.game_profiles import CATALOG, lexicon_of, profile
from tests.lexicons import SMALL_WORDS
from wordbot.protocol import Connection, Session

#: the commands of docs/protocol.md's engine protocol, as its hello lists them
ENGINE_COMMANDS = (
    "hello",
    "isready",
    "setoption",
    "position",
    "newgame",
    "apply",
    "moves",
    "score",
    "go",
    "stop",
    "quit",
)


class EngineProcess:
    """``wordbot engine`` in a subprocess; replies are collected by a reader thread."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(
            wordbot_command("engine", *args),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=cli_env(),
        )
        self.replies: queue.Queue = queue.Queue()
        self.seen: list[dict] = []  # every reply taken so far
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.replies.put(json.loads(line))
        self.replies.put(None)

    def _read_err(self):
        for line in self.proc.stderr:
            self.stderr.append(line)

    def write(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj) -> None:
        line = obj if isinstance(obj, (str, bytes)) else json.dumps(obj)
        if isinstance(line, str):
            line = line.encode()
        self.write(line + b"\n")

    def next(self, timeout: float = 60.0) -> dict:
        msg = self.replies.get(timeout=timeout)
        assert msg is not None, (
            "the engine closed its output: " + b"".join(self.stderr).decode()
        )
        self.seen.append(msg)
        return msg

    def until_final(self, rid=None, timeout: float = 60.0) -> list[dict]:
        """Every reply up to and including the next final one (not ``info``)."""
        out = []
        deadline = time.monotonic() + timeout
        while True:
            msg = self.next(max(deadline - time.monotonic(), 0.01))
            out.append(msg)
            if msg["type"] != "info" and (rid is None or msg.get("id") == rid):
                return out

    def ask(self, obj, timeout: float = 60.0) -> dict:
        """Send one request and return its final reply (infos are dropped)."""
        self.send(obj)
        return self.until_final(obj.get("id") if isinstance(obj, dict) else None, timeout)[
            -1
        ]

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> int:
        if self.alive:
            try:
                self.send({"cmd": "quit"})
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``wordbot serve`` on 127.0.0.1 and a free port, waited for until it answers."""

    def __init__(
        self,
        *args: str,
        startup: float = 900.0,  # a fresh machine compiles
        port: int | None = None,  # a server started again where its clients were
    ):
        import httpx

        self.port = free_port() if port is None else port
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            wordbot_command("serve", "--port", str(self.port), *args),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=cli_env(),
        )
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + startup
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("wordbot serve exited:\n" + "".join(self.output))
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.close()
                raise RuntimeError(
                    "wordbot serve did not come up:\n" + "".join(self.output)
                )
            time.sleep(0.2)

    def _read(self):
        for line in self.proc.stdout:
            self.output.append(line.decode(errors="replace"))

    def close(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        return self.proc.wait()


class Client:
    """One connection to a session of ``game``, in this process (the toy game's too):
    every message it is sent."""

    def __init__(self, game: str):
        lexicon = str(SMALL_WORDS) if CATALOG.game(game).uses_lexicon else None
        self.messages: list[dict] = []
        session = Session(game=game, lexicon=lexicon, catalog=CATALOG)
        self.conn = Connection(session, self.messages.append)

    def ask(self, **req) -> dict:
        """The reply to ``req``, once the jobs it started (the bots' moves, a hint)
        have finished."""
        before = len(self.messages)
        self.conn.submit(json.dumps(req))
        assert self.conn.wait(timeout=120), "the bots or the hint did not finish"
        return self.messages[before]


def play_whole_game(game: str, bot: str, human_first: bool, seed: int) -> Client:
    """A hosted game of ``game`` on its profile's short rules: the client's seat plays
    random moves of those the server lists, ``bot`` the other seat, to the end."""
    client = Client(game)
    seats = ["human", bot] if human_first else [bot, "human"]
    rules = dict(profile(game).short)
    first = client.ask(cmd="newgame", game=game, seats=seats, rules=rules)
    assert first["type"] == "table", first
    rng = random.Random(seed)
    while True:
        last = client.messages[-1]
        if last.get("event") == "end":
            return client
        assert last["to_move"] == last["seat"], last
        listed = client.ask(cmd="moves", turn=last["turn"])
        assert listed["type"] == "moves" and listed["count"] > 0, listed
        move = rng.choice(listed["moves"])["move"]
        answer = client.ask(cmd="play", turn=last["turn"], move=move)
        assert answer["type"] == "table" and answer["turn"] == last["turn"] + 1, answer


def check_secrets(client, game: str, lexicon=None) -> None:
    """Every message against the true game the record replays to (on ``lexicon``: by
    default the small one the sessions of these tests use): each view is exactly the
    seat's observation of the true position at that move, and no seed or record goes
    out before the end."""
    end = client.messages[-1]
    record = read_record(end["record"].splitlines(), CATALOG.games)
    if lexicon is None:
        lexicon = lexicon_of(CATALOG.game(game))
    result = replay(record, lexicon, keep_states=True)
    assert result.ok, result.mismatch
    assert end["result"] == result.final.outcome().details
    seat = client.messages[0]["seat"]
    for msg in client.messages[:-1]:
        text = json.dumps(msg)
        assert '"seed"' not in text and '"record"' not in text, text[:300]
        if "view" in msg:
            truth = result.states[msg["turn"]]
            assert msg["view"] == truth.observation(seat), (game, msg["turn"])


def serving(name: str = "server", **options):
    """A module-wide fixture ``name``: a :class:`ServerProcess` with ``options``
    (``max_time=5`` is ``--max-time 5``) that logs warnings only, stopped after the
    module."""
    args = [w for k, v in options.items() for w in (f"--{k.replace('_', '-')}", str(v))]

    @pytest.fixture(scope="module", name=name)
    def server():
        srv = ServerProcess(*args, "--log-level", "warning")
        yield srv
        srv.close()

    return server

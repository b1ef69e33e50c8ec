"""Regenerate the example session of docs/protocol.md from a real run:

    python docs/protocol_example.py > /tmp/session.txt

It starts ``wordbot engine``, sends each request, and prints every line both ways
(``>`` requests, ``<`` replies) exactly as they went.
"""

import json
import subprocess
import sys
import time

proc = subprocess.Popen(
    [sys.executable, "-m", "wordbot", "engine"],
    stdin=subprocess.PIPE,
    stdout=subprocess.PIPE,
    text=True,
    bufsize=1,
)


def send(obj):
    line = json.dumps(obj) if isinstance(obj, dict) else obj
    print("> " + line)
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def replies_until(rid):
    out = []
    while True:
        msg = json.loads(proc.stdout.readline())
        print("< " + json.dumps(msg, separators=(",", ":")))
        out.append(msg)
        if msg.get("id") == rid and msg["type"] != "info":
            return out


def ask(obj, rid=None):
    send(obj)
    return replies_until(obj.get("id") if isinstance(obj, dict) else rid)[-1]


ask({"id": 1, "cmd": "hello"})
ask({"id": 2, "cmd": "setoption", "name": "player", "value": "control"})
ask({"id": 3, "cmd": "setoption", "name": "top", "value": 2})
ask({"id": 4, "cmd": "isready"})
start = ask(
    {
        "id": 5,
        "cmd": "newgame",
        "game": "controlword",
        "players": ["red", "green"],
        "seed": 7,
        "rules": {"rounds": 6},
    }
)
best = ask({"id": 6, "cmd": "go"})
ask({"id": 7, "cmd": "apply", "move": best["notation"]})
ask({"id": 8, "cmd": "moves", "kind": "word", "limit": 3})
ask({"id": 9, "cmd": "apply", "move": "0,0 across XYZ"})
ask({"id": 10, "cmd": "apply", "move": {"type": "exchange", "tile": "Q", "bag": "vowel"}})
ask({"id": 11, "cmd": "score"})
# stateless: the position travels with the request; the session's position stays
ask({"id": 12, "cmd": "go", "position": start["position"], "player": "greedy", "top": 1})
send({"id": 13, "cmd": "go", "player": "mc", "time": 5})
time.sleep(0.001)
send({"id": 14, "cmd": "stop"})
replies_until(14)
ask('{"id": 15, "cmd": "go", "top": "many"}', rid=15)
ask("this is not json")
ask({"id": 16, "cmd": "quit"})
proc.wait(timeout=30)

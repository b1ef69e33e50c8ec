"""Fuzzing the engine protocol: over 10,000 random and mutated lines (hypothesis; 2,000
in the default run) into one real ``wordbot engine``; every line gets exactly one final
reply and the engine lives on.
"""

from __future__ import annotations

import copy
import json
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.faces_support import ENGINE_COMMANDS, EngineProcess
from tests.sampling import fast_and_full

# not quit: the engine must live through the batch
COMMANDS = [c for c in ENGINE_COMMANDS if c != "quit"]
FIELDS = [
    "id",
    "cmd",
    "name",
    "value",
    "position",
    "players",
    "seed",
    "mat",
    "rules",
    "move",
    "kind",
    "limit",
    "player",
    "time",
    "iterations",
    "plies",
    "top",
]
MIN_LINES = 10_000

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-3, 3)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "red",
            "green",
            "blue",
            "word",
            "pass",
            "control",
            "greedy",
            "random",
            "all",
            "replace",
            "AEIRST",
            "3,0 down FINE",
        ]
    )
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def no_newline(text: str) -> str:
    return text.replace("\n", " ")


def is_quit(line: str | bytes) -> bool:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and obj.get("cmd") == "quit"


@st.composite
def random_request(draw):
    obj = {"cmd": draw(st.sampled_from(COMMANDS) | st.text(max_size=8))}
    for key in draw(st.lists(st.sampled_from(FIELDS) | st.text(max_size=6), max_size=4)):
        if key != "cmd":
            obj[key] = draw(json_values)
    if draw(st.booleans()):
        obj["id"] = draw(scalars)
    return json.dumps(obj)


def mutate_structure(obj, draw):
    """Replace, drop or add one field somewhere inside a request object."""
    target = obj
    path = draw(st.lists(st.integers(0, 50), max_size=3))
    for step in path:
        if isinstance(target, dict) and target:
            key = sorted(target, key=str)[step % len(target)]
            if isinstance(target[key], (dict, list)) and target[key]:
                target = target[key]
                continue
            break
        if isinstance(target, list) and target:
            item = target[step % len(target)]
            if isinstance(item, (dict, list)) and item:
                target = item
                continue
            break
    action = draw(st.sampled_from(["replace", "drop", "add"]))
    if isinstance(target, dict) and target:
        key = sorted(target, key=str)[draw(st.integers(0, 50)) % len(target)]
        if action == "replace":
            target[key] = draw(json_values)
        elif action == "drop" and key != "cmd":
            del target[key]
        else:
            target[draw(st.text(max_size=6))] = draw(json_values)
    elif isinstance(target, list) and target:
        i = draw(st.integers(0, 50)) % len(target)
        if action == "drop":
            del target[i]
        else:
            target[i] = draw(json_values)


@st.composite
def mutated_request(draw, templates):
    obj = copy.deepcopy(draw(st.sampled_from(templates)))
    for _ in range(draw(st.integers(0, 3))):
        mutate_structure(obj, draw)
    text = json.dumps(obj)
    for _ in range(draw(st.integers(0, 2))):  # and damage its text now and then
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        op = draw(st.sampled_from(["delete", "insert", "truncate", "keep", "keep"]))
        if op == "delete":
            text = text[:i] + text[i + 1 :]
        elif op == "insert":
            text = (
                text[:i]
                + draw(st.sampled_from(list('{}[]",:0e-\\ ') + ["\x00", "é"]))
                + text[i:]
            )
        elif op == "truncate":
            text = text[:i]
    return no_newline(text)


VARIANTS = 4  # cheap byte-level mutants of every line hypothesis draws


def byte_mutation(data: bytes, rnd) -> bytes:
    """Flip, drop, insert, repeat or cut bytes (never a newline), 1-3 times."""
    out = bytearray(data)
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(out) + 1)
        op = rnd.randrange(5)
        if op == 0 and i < len(out):
            out[i] ^= 1 << rnd.randrange(8)
        elif op == 1 and i < len(out):
            del out[i]
        elif op == 2:
            out[i:i] = bytes([rnd.choice(b'{}[]",:0123456789-eE.\\ \x00\xff\xc3tfn')])
        elif op == 3:
            j = rnd.randrange(i, len(out) + 1)
            out[i:i] = out[i:j]
        else:
            del out[i:]
    out = bytes(out).replace(b"\n", b" ")
    return b"{}" if is_quit(out) else out


def line_strategy(templates):
    return st.one_of(
        st.text(max_size=120).map(no_newline),
        st.binary(max_size=120).map(lambda b: b.replace(b"\n", b" ")),
        json_values.map(json.dumps),
        random_request(),
        mutated_request(templates),
        mutated_request(templates),
        mutated_request(templates),
    ).filter(lambda line: not is_quit(line))


def build_templates(engine: EngineProcess) -> list[dict]:
    start = engine.ask({"id": 0, "cmd": "newgame", "seed": 3}, timeout=300)["position"]
    moves = engine.ask(
        {"id": 0, "cmd": "moves", "position": start, "limit": 3}, timeout=900
    )["moves"]
    engine.ask({"id": 0, "cmd": "go", "position": start}, timeout=900)  # kernels compiled
    later = engine.ask(
        {"id": 0, "cmd": "apply", "position": start, "move": moves[0]["move"]}
    )["position"]
    return [
        {"id": 1, "cmd": "hello"},
        {"id": 2, "cmd": "isready"},
        {"id": 3, "cmd": "setoption", "name": "top", "value": 3},
        {"id": 4, "cmd": "setoption", "name": "player", "value": "greedy"},
        {"id": 5, "cmd": "position", "position": start},
        {"id": 6, "cmd": "position", "position": later},
        {
            "id": 7,
            "cmd": "newgame",
            "players": ["red", "green", "black"],
            "seed": 9,
            "mat": 2,
            "rules": {"rounds": 3},
        },
        {"id": 8, "cmd": "apply", "move": moves[0]["notation"], "position": start},
        {"id": 9, "cmd": "apply", "move": moves[1]["move"], "position": start},
        {
            "id": 10,
            "cmd": "apply",
            "move": {"type": "exchange", "tile": "E", "bag": "vowel"},
        },
        {"id": 11, "cmd": "moves", "position": later, "kind": "all", "limit": 5},
        {"id": 12, "cmd": "score", "position": later},
        {"id": 13, "cmd": "go", "position": start, "player": "greedy", "top": 2, "seed": 1},
        {"id": 14, "cmd": "go", "player": "control", "time": 0.1},
        {"id": 15, "cmd": "stop"},
    ]


@fast_and_full("min_lines", 1_000, MIN_LINES)
def test_fuzz_the_engine_with_random_and_mutated_lines(min_lines):
    engine = EngineProcess("--player", "greedy")
    stats = {"lines": 0, "batches": 0, "errors": 0, "replies": 0}
    internal: set[str] = set()
    try:
        templates = build_templates(engine)
        huge = b'{"cmd": "hello", "x": "' + b"y" * (1 << 20) + b'"}'
        deep = b"[" * 100_000 + b"]" * 100_000
        big_number = b'{"cmd": "go", "seed": ' + b"9" * 5000 + b"}"

        pending: list[bytes] = []

        def flush():
            batch = list(pending)
            pending.clear()
            if stats["batches"] % 10 == 0:
                batch += [huge, deep, big_number]
            stats["batches"] += 1
            sync = f"sync-{stats['batches']}"
            # a trailing stop ends any search the batch started; readyok marks the end
            batch += [
                b'{"cmd": "stop"}',
                json.dumps({"id": sync, "cmd": "isready"}).encode(),
            ]
            t_send = time.monotonic()
            engine.write(b"".join(line + b"\n" for line in batch))
            finals = []
            deadline = time.monotonic() + 120
            while True:
                msg = engine.next(max(deadline - time.monotonic(), 0.01))
                if msg["type"] == "info":
                    continue
                finals.append(msg)
                if msg.get("id") == sync:
                    break
            assert len(finals) == len(batch), (len(finals), len(batch), batch)
            assert finals[-2]["type"] == "stopped"
            assert engine.alive
            stats["engine_s"] = stats.get("engine_s", 0) + time.monotonic() - t_send
            stats["lines"] += len(batch)
            stats["replies"] += len(finals)
            stats["errors"] += sum(1 for m in finals if m["type"] == "error")
            for m in finals:
                if m["type"] == "error" and m["error"]["code"] == "internal":
                    internal.add(m["error"]["message"])

        @settings(
            max_examples=min_lines // (1 + VARIANTS) + 50,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        @given(line_strategy(templates), st.randoms(use_true_random=False))
        def one_line(line, rnd):
            data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
            pending.append(data)
            pending.extend(byte_mutation(data, rnd) for _ in range(VARIANTS))
            if len(pending) >= 250:
                flush()

        one_line()
        flush()
        assert stats["lines"] >= min_lines, stats
        assert engine.ask({"id": "end", "cmd": "hello"})["type"] == "hello"
        print(
            f"\nfuzz: {stats['lines']} lines in {stats['batches']} batches, "
            f"{stats['replies']} final replies, {stats['errors']} errors, "
            f"engine {stats['engine_s']:.1f} s"
        )
        # an internal error is a bug of the engine (docs/protocol.md), whatever the line
        assert not internal, sorted(internal)
    finally:
        assert engine.close() == 0

"""The First Draft engine's notation and JSON, hidden information, records and replay,
the command line's move list, the line protocol and the Python client, and the bots (the
set-up, bad input and the rules of play are tests/test_firstdraft_engine.py's)."""

from __future__ import annotations

import io
import json
import random
from collections import Counter

import pytest
from wordbot.dictionaries import Lexicon
from wordbot.engine.firstdraft.game import GAME
from wordbot.engine.firstdraft.moves import Discard, Draft, Insert, Sell
from wordbot.engine.firstdraft.state import EXAMPLE, FirstDraftState
from wordbot.engine.records import GameRecorder, read_record, replay
from wordbot.engine.tiles import FULL_BAG
from wordbot.players import make_player
from wordbot.players.arena import paired_games, play_game

from tests import firstdraft_support
from tests.cli_support import cli_env, invoke, run, wordbot_command
from tests.firstdraft_support import (
    changed,
    random_positions,
    tiles_of,
)
from tests.lexicons import small_lexicon

# the First Draft example's word list and files, module-scoped fixtures that pytest finds
# here by name
lex = firstdraft_support.lex
files = firstdraft_support.files

# -- notation and JSON ---------------------------------------------------------------------


@pytest.mark.slow  # the contract suite round trips a sample in the default run
def test_every_listed_move_round_trips():
    rng = random.Random(5)
    seen = Counter()
    for state in random_positions(small_lexicon(), 24, seed=21):
        moves = state.legal_moves()
        if not len(moves):
            assert state.is_over
            continue
        for i in rng.sample(range(len(moves)), min(25, len(moves))):
            move = moves[i]
            seen[move.type] += 1
            text = state.notation(move)
            assert state.parse_move(text) == move, text
            assert state.notation(state.parse_move(text)) == text
            obj = move.to_json()
            assert json.loads(json.dumps(obj)) == obj
            assert state.parse_move(json.dumps(obj)) == move
            assert state.move_from_json(obj) == move
            assert state.move_from_json(obj).to_json() == obj
            state.check(move)  # apply accepts every listed move
            assert state.apply(move).to_json() == state.apply(move, check=False).to_json()
    assert seen["draft"] and seen["insert"] and seen["sell"]


@pytest.mark.parametrize(
    "text, obj",
    [
        ("sell A", {"type": "sell", "row": "A"}),
        ("discard B", {"type": "discard", "row": "B"}),
        ("insert A A1", {"type": "insert", "row": "A", "at": 1, "letter": "A"}),
        ("insert E B0", {"type": "insert", "row": "B", "at": 0, "letter": "E"}),
        (
            "take 3 A=SOFT B=EX pool=A",
            {"type": "draft", "coaster": 3, "rows": ["SOFT", "EX"], "pool": "A"},
        ),
        (
            "take 1 A= B= pool=",
            {"type": "draft", "coaster": 1, "rows": ["", ""], "pool": ""},
        ),
    ],
)
def test_the_formats_notation(text, obj, lex):
    state = GAME.from_json(EXAMPLE, lex)
    move = state.parse_move(text)
    assert move.to_json() == obj and state.notation(move) == text
    assert state.parse_move(obj) == move
    # a draft's pool is a multiset: any order reads as the same move
    if obj["type"] == "draft":
        rows = tuple(obj["rows"])
        assert state.parse_move({**obj, "pool": "XEA"}) == Draft(
            obj["coaster"], rows, "AEX"
        )
        assert state.parse_move(
            f"take {obj['coaster']} A={rows[0]} B={rows[1]} pool=EXA"
        ) == Draft(obj["coaster"], rows, "AEX")


def test_the_formats_example_reads_and_writes(lex):
    state = GAME.from_json(EXAMPLE, lex)
    out = state.to_json()
    # written canonically: unordered tiles sorted, bag written, rules added
    assert out["line"] == [
        {"value": 3, "tiles": "ERT", "coins": 1},
        {"value": 1, "tiles": "A", "coins": 1},
        {"value": 2, "tiles": "OX", "coins": 1},
        {"value": 4, "tiles": "DELN", "coins": 0},
        {"value": 3, "tiles": "GIP", "coins": 0},
    ]
    for key in (
        "players",
        "to_move",
        "phase",
        "turn",
        "hands",
        "scores",
        "deck",
        "discard_pile",
    ):
        assert out[key] == EXAMPLE[key], key
    assert out["gone"] == "NRTUV" and len(out["bag"]) == 98 - 28
    assert GAME.from_json(out, lex).to_json() == out
    # a pool and a coaster's tiles are unordered
    shuffled = changed(hands={"p1": {"pool": "EA"}})
    shuffled["line"][3]["tiles"] = "NELD"
    assert GAME.from_json(shuffled, lex).to_json()["hands"] == out["hands"]


def test_a_missing_bag_or_deck_is_shuffled_from_the_seed(lex):
    full = GAME.new(seed=8, lexicon=lex)
    full = full.apply(full.legal_moves().best(1)[0][0])
    base = full.to_json()
    for drop in (("bag",), ("deck",), ("bag", "deck"), ("gone",), ("discard_pile",)):
        obj = {k: v for k, v in base.items() if k not in drop}
        a, b = GAME.from_json(obj, lex), GAME.from_json(obj, lex)
        assert a.to_json() == b.to_json(), drop  # the same JSON, the same state
        assert Counter(a.bag) == Counter(full.bag) and a.gone == full.gone
        assert Counter(a.deck) == Counter(full.deck) and a.pile == full.pile
        assert a.observation("p1") == full.observation("p1")
    # another seed orders the missing parts another way
    obj = {k: v for k, v in base.items() if k not in ("bag", "deck")}
    orders = {
        (GAME.from_json(obj, lex, seed=s).bag, GAME.from_json(obj, lex, seed=s).deck)
        for s in range(6)
    }
    assert len(orders) > 1
    # the example itself has no bag
    assert "bag" not in EXAMPLE and len(GAME.from_json(EXAMPLE, lex).bag) == 70


# -- hidden information --------------------------------------------------------------------


def mid_states(n=10, seed=3):
    return [s for s in random_positions(small_lexicon(), n, seed=seed) if not s.is_over]


def test_the_observation_hides_the_bag_and_deck_order():
    for state in mid_states():
        for viewer in state.players:
            seen = state.observation(viewer)
            assert "bag" not in seen and "deck" not in seen
            full = state.to_json()
            assert {k: v for k, v in seen.items() if not k.endswith("_size")} == {
                k: v for k, v in full.items() if k not in ("bag", "deck")
            }
            # the counts stay in sight (docs/formats/firstdraft.md)
            assert (seen["bag_size"], seen["deck_size"]) == (
                len(state.bag),
                len(state.deck),
            )
            # an observation is a position: read, the hidden parts are drawn again
            read = GAME.from_json(seen, state.lexicon)
            assert read.observation(viewer) == seen
            assert Counter(read.bag) == Counter(state.bag)
            assert Counter(read.deck) == Counter(state.deck)


def test_determinize_keeps_what_is_visible():
    for state in mid_states():
        before = state.to_json()
        for viewer in state.players:
            seen = state.observation(viewer)
            samples = [state.determinize(viewer, random.Random(k)) for k in range(4)]
            for d in samples:
                assert d.observation(viewer) == seen
                assert Counter(d.bag) == Counter(state.bag)
                assert Counter(d.deck) == Counter(state.deck)
                assert tiles_of(d) == Counter(FULL_BAG)
            if len(state.bag) > 3:
                assert len({d.bag for d in samples}) > 1
            if len(state.deck) >= 4 and len(set(state.deck)) > 1:
                assert len({d.deck for d in samples}) > 1
        assert state.to_json() == before  # the true state is untouched


def test_determinize_is_blind_to_the_true_order():
    for state in mid_states():
        viewer = state.to_move
        twin = state.determinize(viewer, random.Random(99))  # same view, other order
        assert twin.observation(viewer) == state.observation(viewer)
        for k in range(3):
            a = state.determinize(viewer, random.Random(k))
            b = twin.determinize(viewer, random.Random(k))
            assert a.to_json() == b.to_json() and a.rng_state == b.rng_state


def test_mc_plays_on_determinized_states(monkeypatch):
    calls = []
    original = FirstDraftState.determinize

    def spy(self, viewer, rng):
        calls.append(viewer)
        return original(self, viewer, rng)

    monkeypatch.setattr(FirstDraftState, "determinize", spy)
    mc = make_player("mc:iterations=3,k=3,time=30", GAME)
    for state in mid_states(6, seed=9)[:3]:
        calls.clear()
        move = mc.choose(state, random.Random(1))
        state.check(move)
        if len(state.legal_moves()) > 1:
            assert calls and set(calls) == {state.to_move}


@pytest.mark.parametrize(
    "count, spec",
    [
        (5, "mc:iterations=2,k=3,time=30"),
        pytest.param(30, "mc:iterations=4,k=4,time=30", marks=pytest.mark.slow),
    ],
)
def test_mc_chooses_from_what_it_sees(count, spec):
    mc = make_player(spec, GAME)
    for state in random_positions(small_lexicon(), count, seed=7, players=2):
        if state.is_over:
            continue
        twin = state.determinize(state.to_move, random.Random(99))
        assert twin.observation(state.to_move) == state.observation(state.to_move)
        assert mc.choose(state, random.Random(1)) == mc.choose(twin, random.Random(1))


# -- records and replay --------------------------------------------------------------------


def record_game(start, seed=5):
    buf = io.StringIO()
    recorder = GameRecorder(buf, start, {"p1": "greedy", "p2": "random"})
    seats = {"p1": make_player("greedy", GAME), "p2": make_player("random", GAME)}
    result = play_game(start, seats, seed, on_move=lambda b, m, a: recorder.record(m, a))
    recorder.finish(result.outcome)
    return buf.getvalue().splitlines(keepends=True), result


def test_a_recorded_game_replays_with_its_reshuffles():
    lexicon = small_lexicon()
    lines, result = record_game(GAME.new(seed=5, lexicon=lexicon))
    assert result.final.is_over
    actions = [json.loads(x) for x in lines[1:-1]]
    assert json.loads(lines[0])["format"] == "wordbot.firstdraft.game/1"
    assert sum("deck" in a for a in actions) >= 1 and all(
        "laid" in a or "sold" in a for a in actions if a["move"]["type"] == "draft"
    )
    out = replay(read_record(lines), lexicon)
    assert out.ok, out.mismatch
    assert out.final.to_json() == result.final.to_json()
    # a reshuffle recorded otherwise is caught
    k = next(i for i, a in enumerate(actions, 1) if "deck" in a)
    bad = json.loads(lines[k])
    bad["deck"] = (
        bad["deck"][::-1] if bad["deck"] != bad["deck"][::-1] else bad["deck"] + [9]
    )
    tampered = lines[:k] + [json.dumps(bad) + "\n"] + lines[k + 1 :]
    out = replay(read_record(tampered), lexicon)
    assert not out.ok and "deck" in out.mismatch


def test_a_record_from_a_full_position_replays():
    lexicon = small_lexicon()
    start = GAME.from_json(GAME.new(seed=6, lexicon=lexicon).to_json(), lexicon)
    lines, _ = record_game(start)
    assert json.loads(lines[0])["setup"] == "position"
    out = replay(read_record(lines), lexicon)
    assert out.ok, out.mismatch


@pytest.mark.parametrize("drop", [("bag",), ("deck",)])
def test_a_record_from_a_partial_position_replays(drop):
    lexicon = small_lexicon()
    obj = GAME.new(seed=5, lexicon=lexicon).to_json()
    for key in drop:
        del obj[key]
    lines, _ = record_game(GAME.from_json(obj, lexicon))
    assert any('"deck"' in x for x in lines[1:])
    out = replay(read_record(lines), lexicon)
    assert out.ok, out.mismatch


def test_tournament_records_replay(files, tmp_path):
    out = invoke(
        "tournament",
        "--game",
        "firstdraft",
        "--players",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "4",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "t"),
        "--lexicon",
        files["small"],
    )
    assert out.returncode == 0, out.stderr
    records = sorted((tmp_path / "t" / "games").glob("*.jsonl"))
    assert len(records) == 2
    for record in records:
        lines = record.read_text().splitlines()
        assert json.loads(lines[0])["format"] == "wordbot.firstdraft.game/1"
        assert any("deck" in json.loads(x) for x in lines[1:])  # a reshuffle
        assert "result" in json.loads(lines[-1])
        replayed = invoke("replay", str(record), "--lexicon", files["small"])
        assert replayed.returncode == 0, replayed.stdout + replayed.stderr
        assert "every position matches" in replayed.stdout


def test_terminal_play_writes_a_record_that_replays(files, tmp_path):
    lexicon = Lexicon.load(files["small"])
    start = GAME.new(seed=4, lexicon=lexicon)
    mine = start.notation(start.legal_moves().best(1)[0][0])
    record = tmp_path / "play.jsonl"
    played = run(
        "play",
        "--game",
        "firstdraft",
        "--vs",
        "greedy",
        "--seed",
        "4",
        "--record",
        str(record),
        "--lexicon",
        files["small"],
        "--color",
        "never",
        input=f"sell A\n{mine}\nquit\n",
    )
    assert played.returncode == 0, played.stderr
    assert "illegal move (sell)" in played.stdout
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert [x["player"] for x in lines[1:]] == ["p1", "p2"]  # mine, then greedy's
    assert lines[1]["text"] == mine
    assert lines[2]["player"] == "p2" and lines[2]["move"]["type"] in (
        "draft",
        "sell",
        "insert",
        "discard",
    )
    replayed = run("replay", str(record), "--unfinished", "--lexicon", files["small"])
    assert replayed.returncode == 0 and "2 actions replayed" in replayed.stdout


# -- the command line's move list ----------------------------------------------------------


def test_the_command_line_lists_moves(files, lex):
    path = str(files["example"])
    counts = {}
    for kind in ("all", "sell", "discard", "insert", "draft"):
        run = invoke("moves", path, "--kind", kind, "--count", "--lexicon", files["words"])
        assert run.returncode == 0, run.stderr
        counts[kind] = int(run.stdout)
    state = GAME.from_json(EXAMPLE, lex)
    assert counts["all"] == len(state.legal_moves()) > 0
    assert counts["all"] == sum(counts[k] for k in ("sell", "discard", "insert", "draft"))
    assert counts["discard"] == 1 and counts["sell"] == 0
    listed = invoke(
        "moves", path, "--kind", "insert", "--json", "--lexicon", files["words"]
    )
    moves = json.loads(listed.stdout)
    assert len(moves) == counts["insert"]
    assert {json.dumps(m, sort_keys=True) for m in moves} == {
        json.dumps(m.to_json(), sort_keys=True) for m in state.moves("insert")
    }
    text = invoke("moves", path, "--kind", "draft", "--lexicon", files["words"])
    first = text.stdout.splitlines()[0].split(None, 1)
    assert first[1].startswith("take ") and int(first[0]) == 1  # coaster 1: its coin, free
    bench = invoke("moves", path, "--bench", "2", "--lexicon", files["words"])
    assert bench.returncode == 0 and "median_us=" in bench.stdout
    hint = invoke("hint", path, "--top", "2", "--json", "--lexicon", files["words"])
    assert hint.returncode == 0, hint.stderr
    cands = json.loads(hint.stdout)["candidates"]
    assert len(cands) == 2
    for cand in cands:  # each a legal move of the position, named by its notation
        move = state.parse_move(cand["move"])
        state.check(move)
        assert state.notation(move) == cand["notation"]


def test_the_command_line_applies_a_turn(files, lex):
    path = str(files["example"])
    run = invoke("apply", path, "take 3 A=SOFT B=EX pool=A", "--lexicon", files["words"])
    assert run.returncode == 0, run.stderr
    obj = json.loads(run.stdout)
    state = GAME.from_json(EXAMPLE, lex)
    assert obj == state.apply(state.parse_move("take 3 A=SOFT B=EX pool=A")).to_json()
    assert obj["hands"]["p1"] == {
        "coins": 2,
        "rows": ["SOFT", "EX"],
        "pool": "A",
        "discarded": 0,
    }
    again = invoke(
        "apply",
        path,
        '{"type": "insert", "row": "A", "at": 1, "letter": "E"}',
        "--lexicon",
        files["words"],
    )
    assert json.loads(again.stdout)["hands"]["p1"]["rows"] == ["SEFT", ""]


# -- the line protocol and the Python client -----------------------------------------------


@pytest.mark.parametrize("spec", ["drafter", "mc:iterations=1,k=3"])
def test_the_engine_answers_with_each_bots_candidates(files, spec):
    """The drafter's and mc's candidates carry their own fields (coins now, rows' worth,
    targets) over the protocol, as JSON numbers and text, in every phase of a game."""
    from wordbot.client import Limit, SimpleEngine

    with SimpleEngine.popen(
        wordbot_command("engine", "--game", "firstdraft", "--lexicon", files["small"]),
        env=cli_env(),
    ) as engine:
        position = engine.new_game(seed=5)
        for _ in range(12):
            cands = engine.analyse(None, Limit(time=5), player=spec, top=3)
            assert cands, position
            for cand in cands:
                assert isinstance(cand["points"], int) and isinstance(cand["equity"], float)
                if cand["move"]["type"] == "draft":
                    assert isinstance(cand["coins_now"], int)
                    assert isinstance(cand["rows_worth"], float)
                    assert cand["targets"].startswith("A: ")
            position = engine.apply(None, cands[0]["move"])["position"]


def test_the_line_protocol_refuses_bad_input(files):
    from tests.faces_support import EngineProcess

    engine = EngineProcess("--game", "firstdraft", "--lexicon", files["words"])
    try:
        reply = engine.ask({"id": 1, "cmd": "position", "position": EXAMPLE})
        assert reply["type"] == "position" and reply["to_move"] == "p1"
        reply = engine.ask({"id": 2, "cmd": "apply", "move": "take 5 A=SFTI B=GP pool=AE"})
        assert reply["error"]["code"] == "illegal_move" and reply["error"]["rule"] == "pay"
        reply = engine.ask(
            {"id": 3, "cmd": "apply", "move": {"type": "sell", "row": "A", "x": 1}}
        )
        assert (
            reply["error"]["code"] == "bad_move" and "move.x" in reply["error"]["message"]
        )
        bad = changed(hands={"p1": {"pool": "AEIOU"}})
        reply = engine.ask({"id": 4, "cmd": "position", "position": bad})
        assert reply["error"]["code"] == "bad_position"
        assert reply["error"]["message"].startswith("hands.p1.pool")
        # nothing changed: the session's position is still the example
        reply = engine.ask({"id": 5, "cmd": "apply", "move": "take 3 A=SOFT B=EX pool=A"})
        assert reply["type"] == "position"
        assert reply["position"]["hands"]["p1"]["rows"] == ["SOFT", "EX"]
    finally:
        assert engine.close() == 0


# -- the players ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, games",
    [
        ("random", ((1, 2), (2, 3))),
        ("greedy", ((1, 2), (2, 3))),
        pytest.param("mc:iterations=1,k=2,time=30", ((1, 2),), id="mc-one-game"),
        pytest.param(
            "mc:iterations=2,k=3,time=30", ((1, 2), (2, 3)), marks=pytest.mark.slow
        ),
    ],
)
def test_every_player_finishes_games(spec, games):
    lexicon = small_lexicon()
    bot = make_player(spec, GAME)
    for seed, count in games:
        players = GAME.seats[:count]
        result = play_game(
            GAME.new(players, seed=seed, lexicon=lexicon), dict.fromkeys(players, bot), seed
        )
        assert result.final.is_over and result.forfeit is None and result.actions > 0
        assert result.winners and set(result.scores) == set(players)


def test_greedy_beats_random():
    lexicon = small_lexicon()
    greedy, rand = make_player("greedy", GAME), make_player("random", GAME)
    wins = games = 0
    for seed in range(20):
        first, second = paired_games(greedy, rand, GAME, 1000 + seed, lexicon=lexicon)
        wins += ("p1" in first.winners) + ("p2" in second.winners)
        games += 2
    assert wins / games > 0.6, (wins, games)


def test_a_game_replays_exactly_from_its_seed():
    lexicon = small_lexicon()
    greedy, rand = make_player("greedy", GAME), make_player("random", GAME)
    games = [
        play_game(GAME.new(seed=9, lexicon=lexicon), {"p1": greedy, "p2": rand}, 9)
        for _ in range(2)
    ]
    assert [m.to_json() for m in games[0].moves] == [m.to_json() for m in games[1].moves]
    assert games[0].final.to_json() == games[1].final.to_json()
    kinds = Counter(m.type for m in games[0].moves)
    assert kinds["draft"] >= 10
    assert all(isinstance(m, (Sell, Discard, Insert, Draft)) for m in games[0].moves)

"""Views in the line protocol and the client: ``observe`` gives a seat's
view; ``go``, ``moves`` and ``position`` take a view (a position with the hidden parts
left out) and never make up and send back what it left out; a Control Word view keeps
how many tiles each hidden rack holds (``rack_sizes``), which the bots' samples keep."""

from __future__ import annotations

import json
import random

from wordbot.engine import get_game

from tests.cli_support import cli_env, wordbot_command
from tests.lexicons import SMALL_WORDS, small_words
from wordbot.protocol import Connection, Session


def session(game: str) -> tuple[Connection, list[dict]]:
    replies: list[dict] = []
    lexicon = str(SMALL_WORDS) if get_game(game).uses_lexicon else None
    return Connection(Session(game=game, lexicon=lexicon), replies.append), replies


def ask(conn_replies, req: dict) -> dict:
    conn, replies = conn_replies
    conn.submit(json.dumps(req))
    if req["cmd"] == "go":
        conn.search.finished.wait(60)
    return replies[-1]


def played(game: str, moves: int, seed: int = 5):
    g = get_game(game)
    state = g.new(None, seed, None, small_words() if g.uses_lexicon else None)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def test_a_first_draft_view_is_never_answered_with_a_bag_or_deck_order():
    state = played("firstdraft", 3)
    view = state.observation(state.to_move)
    assert "bag" not in view and "deck" not in view
    conn = session("firstdraft")
    told = ask(conn, {"cmd": "position", "position": view})
    assert told["type"] == "position", told
    assert "bag" not in told["position"] and "deck" not in told["position"]
    assert told["position"] == view
    # a move applied to the view: the draws follow the order its reader made up, which
    # the reply does not tell (docs/formats/firstdraft.md's missing bag and deck)
    moved = ask(conn, {"cmd": "apply", "move": state.notation(state.legal_moves()[0])})
    assert moved["type"] == "position", moved
    assert "bag" not in moved["position"] and "deck" not in moved["position"]
    assert "bag" not in moved["events"] and "deck" not in moved["events"]
    ask(conn, {"cmd": "position", "position": view})
    best = ask(conn, {"cmd": "go", "player": "greedy"})
    assert best["type"] == "bestmove", best
    state.check(state.parse_move(best["notation"]))  # a legal move of the true position
    listed = ask(conn, {"cmd": "moves", "limit": 3})
    assert listed["type"] == "moves" and listed["count"] == len(state.legal_moves())
    # the full position is still answered in full, and moves apply to it
    full = ask(conn, {"cmd": "position", "position": state.to_json()})
    assert full["position"]["bag"] == state.to_json()["bag"]
    assert ask(conn, {"cmd": "apply", "move": best["notation"]})["type"] == "position"


def test_observe_gives_a_seats_view_with_its_hidden_racks_sizes():
    state = played("controlword", 2)
    conn = session("controlword")
    ask(conn, {"cmd": "position", "position": state.to_json()})
    for seat in state.players:
        got = ask(conn, {"cmd": "observe", "viewer": seat})
        assert got["type"] == "view" and got["view"] == state.observation(seat)
        others = [p for p in state.players if p != seat]
        assert set(got["view"]["racks"]) == {seat}
        for p in others:
            rack = state.racks[p]
            assert got["view"]["rack_sizes"][p] == {
                "tiles": len(rack),
                "blue": sum(ch.islower() for ch in rack),
            }
    bad = ask(conn, {"cmd": "observe", "viewer": "purple"})
    assert bad["type"] == "error" and "viewer" in bad["error"]["message"]


def test_a_control_word_view_plays_and_its_samples_keep_the_rack_sizes():
    state = played("controlword", 3)
    mover = state.to_move
    view = state.observation(mover)
    lexicon = small_words()
    read = get_game("controlword").from_json(view, lexicon)
    assert read.observation(mover) == view  # a view reads back as itself
    for k in range(5):
        sample = read.determinize(mover, random.Random(k))
        for p, size in view["rack_sizes"].items():
            rack = sample.racks[p]
            assert (len(rack), sum(ch.islower() for ch in rack)) == (
                size["tiles"],
                size["blue"],
            )
    conn = session("controlword")
    best = ask(conn, {"cmd": "go", "position": view, "player": "mc:iterations=2,k=2"})
    assert best["type"] == "bestmove", best
    state.check(state.parse_move(best["notation"]))
    text = json.dumps(best)
    hidden = [p for p in state.players if p != mover]
    assert all(f'"{state.racks[p]}"' not in text for p in hidden)


def test_the_client_observes_through_a_real_engine():
    from wordbot.client import SimpleEngine

    state = played("firstdraft", 2)
    with SimpleEngine.popen(
        wordbot_command("engine", "--game", "firstdraft", "--lexicon", str(SMALL_WORDS)),
        env=cli_env(),
    ) as engine:
        view = engine.observe(position=state.to_json())
        assert view == state.observation(state.to_move)
        assert engine.position(view) == view  # read back without a made-up order

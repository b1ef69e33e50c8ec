"""The contract every game keeps, checked on every game of the registry and on the toy
game (a plugin), in the spirit of OpenSpiel's api_test (pyspiel's ``random_sim_test``):
positions and moves round trip through their JSON and notation, a refused move changes
nothing, a game replays exactly from its seed and from its record, random playouts of
legal moves reach the end, observations hide nothing in a game without hidden
information and their tensors keep their shapes, a whole game goes through the line
protocol and through a hosted game of the server's session, and ``wordbot games --json``
describes the game.

The games are tests/game_profiles.py's ``NAMES``: a new registry line adds its game here
with no edit. Each game plays on its profile's short rules and the small word list."""

from __future__ import annotations

import io
import json
import random

import pytest
from wordbot.engine.errors import IllegalMove, MoveError
from wordbot.engine.measures import measures
from wordbot.engine.records import GameRecorder, read_record, replay
from wordbot.engine.tensor import observation_tensor
from wordbot.players.levels import levels_json
from wordbot.players.profile import profile_of

from tests.cli_support import cli_env, invoke, wordbot_command
from tests.faces_support import check_secrets, play_whole_game
from tests.game_profiles import (
    CATALOG,
    NAMES,
    game_of,
    lexicon_of,
    new_short,
    profile,
    random_playout,
)
from tests.lexicons import SMALL_WORDS
from wordbot.client import EngineError, SimpleEngine

SEED = 11
REFUSED = (IllegalMove, MoveError)
NO_MOVE = "no such move ?!"


class Played:
    """One game's sample: the first moves of a random game, and two random games to the
    end (the second at the game's largest table)."""

    def __init__(self, name: str):
        self.game = game = game_of(name)
        self.profile = figures = profile(name)
        rng = random.Random(SEED)
        self.states, self.moves = random_playout(
            new_short(game, SEED), rng, figures.sample_plies
        )
        self.ends = []
        tables = (game.default_players, game.seat_names(game.max_players))
        for k, players in enumerate(tables):
            start = new_short(game, SEED + 1 + k, players)
            states, moves = random_playout(start, rng, figures.max_plies)
            assert states[-1].is_over, f"{name}: no end after {figures.max_plies} moves"
            self.ends.append((states, moves))

    def every_state(self):
        yield from self.states
        for states, _ in self.ends:
            yield from states


@pytest.fixture(scope="module", params=NAMES)
def played(request) -> Played:
    return Played(request.param)


def canonical(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def sample_moves(state, count: int, rng: random.Random) -> list:
    """Up to ``count`` legal moves and ``count`` of each kind ``wordbot moves --kind``
    lists (Control Word lists replacements in the word phase too: those are not legal
    now, yet round trip all the same)."""
    chosen = []
    for kind in ("all", *state.game.move_kinds):
        moves = state.moves(kind)
        picks = rng.sample(range(len(moves)), min(count, len(moves)))
        chosen.append([moves[i] for i in picks])
    return chosen


# -------------------------------------------------------------------- positions, moves
def test_positions_round_trip_through_json(played):
    game, lexicon = played.game, lexicon_of(played.game)

    def read_back(state):
        text = json.dumps(state.to_json())
        back = game.from_json(json.loads(text), lexicon, seed=state.seed)
        assert json.dumps(back.to_json()) == text
        assert back.digest() == state.digest() and back.scores == state.scores
        assert (back.players, back.to_move, back.phase, back.is_over) == (
            state.players,
            state.to_move,
            state.phase,
            state.is_over,
        )
        return back

    for state in played.every_state():
        read_back(state)
    for state in played.states:
        # the same moves in the same order (of a long list, some 250 of them)
        ours, theirs = state.legal_moves(), read_back(state).legal_moves()
        assert len(ours) == len(theirs)
        step = max(1, len(ours) // 250)
        assert [theirs[i].to_json() for i in range(0, len(theirs), step)] == [
            ours[i].to_json() for i in range(0, len(ours), step)
        ]
    for obj in played.profile.positions():
        out = game.from_json(obj, lexicon).to_json()
        assert game.from_json(out, lexicon).to_json() == out


def test_moves_round_trip_through_notation_and_json(played):
    rng = random.Random(1)
    checked = 0
    for state, played_move in zip(played.states, played.moves):
        legal, *of_kinds = sample_moves(state, played.profile.sample_moves, rng)
        for move in [played_move, *legal, *(m for kind in of_kinds for m in kind)]:
            obj = move.to_json()
            assert obj["type"] == move.type
            text = state.notation(move)
            for again in (
                state.parse_notation(text),
                state.parse_move(text),
                state.move_from_json(json.loads(json.dumps(obj))),
                state.parse_move(json.dumps(obj)),
            ):
                assert again.to_json() == obj and state.notation(again) == text
            checked += 1
        for move in legal:  # a listed move is legal: checking changes nothing
            state.check(move)
            after = canonical(state.apply(move))
            assert after == canonical(state.apply(move, False))
            # the list's own object may skip the check (is_listed); the same move read
            # back from its JSON is a new object, checked and scored by the rules
            assert after == canonical(state.apply(state.move_from_json(move.to_json())))
    assert checked > len(played.moves)


def test_a_refused_move_changes_nothing(played):
    """Moves of other positions (those this one refuses), text no notation reads, and
    any move once the game is over: refused with the game's error, the state as it was."""
    others = [m for states, moves in played.ends for m in moves] + list(played.moves)
    refused = 0
    for state in [*played.states, *(states[-1] for states, _ in played.ends)]:
        before = canonical(state)
        for move in [*others[:: max(1, len(others) // 12)], NO_MOVE]:
            try:
                if isinstance(move, str):
                    state.parse_move(move)
                else:
                    state.apply(move)
            except REFUSED:
                refused += 1
            else:
                assert not state.is_over, "a finished game took a move"
            assert canonical(state) == before
    assert refused > len(played.states)


# ---------------------------------------------------------------------- replays, ends
def test_a_game_replays_exactly_from_its_seed(played):
    again = new_short(played.game, SEED)
    for state, move in zip(played.states, played.moves):
        assert canonical(again) == canonical(state)
        again = again.apply(again.move_from_json(move.to_json()))
    assert canonical(again) == canonical(played.states[-1])


def test_a_record_replays_every_position(played):
    lexicon = lexicon_of(played.game)
    for states, moves in played.ends:
        out = io.StringIO()
        recorder = GameRecorder(out, states[0], {p: "random" for p in states[0].players})
        for move, after in zip(moves, states[1:]):
            recorder.record(move, after)
        recorder.finish()
        lines = out.getvalue().splitlines(keepends=True)
        record = read_record(lines, CATALOG.games)
        result = replay(record, lexicon, keep_states=True)
        assert result.ok, result.mismatch
        assert [s.digest() for s in result.states] == [s.digest() for s in states]
        # a record that says otherwise than the game: the first wrong line is named
        line = json.loads(lines[-2])
        line["digest"] = "0" * 64
        lines[-2] = json.dumps(line) + "\n"
        wrong = replay(read_record(lines, CATALOG.games), lexicon)
        assert not wrong.ok and wrong.mismatch.startswith(f"action {len(moves)}:")


def test_random_playouts_end_with_legal_moves_only(played):
    for states, _moves in played.ends:
        for state in states[:-1]:
            assert not state.is_over and len(state.legal_moves()) > 0
            assert len(state.bot_moves()) <= len(state.legal_moves())
        final = states[-1]
        assert final.is_over and len(final.legal_moves()) == 0
        outcome = final.outcome()
        assert set(outcome.scores) == set(outcome.places) == set(final.players)
        assert outcome.winners == final.winners and outcome.winners
        assert {p for p in final.players if outcome.places[p] == 1} == set(outcome.winners)


def test_measures_keep_their_keys(played):
    """A game's own measures (``wordbot study``): the same keys in every game, numbers,
    lowercase names without spaces."""
    keys = list(measures(played.states[:1], []))
    assert all(key == key.lower() and " " not in key for key in keys)
    for states, moves in played.ends:
        out = measures(states, moves)
        assert list(out) == keys and all(isinstance(v, float) for v in out.values())


# ------------------------------------------------------------------------ observations
def test_observations_and_their_tensors(played):
    """Without hidden information a seat sees the position and determinize is the state
    itself; with it, a determinized state looks the same to the seat, and so does the
    seat's view read back as a position. The tensors' shapes depend only on the rules
    and the number of players."""
    game, rng = played.game, random.Random(3)
    lexicon = lexicon_of(game)
    shapes: dict[int, dict] = {}
    for state in played.every_state():
        for viewer in state.players:
            seen = state.observation(viewer)
            if not game.hidden_information:
                assert seen == state.to_json()
                assert state.determinize(viewer, rng) is state
            else:
                assert state.determinize(viewer, rng).observation(viewer) == seen
                view = game.from_json(seen, lexicon)
                assert view.observation(viewer) == seen
        tensor = observation_tensor(state, state.to_move)
        shape = {k: (v.shape, str(v.dtype)) for k, v in tensor.items()}
        assert all(dtype == "float32" for _, dtype in shape.values())
        assert shapes.setdefault(len(state.players), shape) == shape


# ------------------------------------------------------------------------ rule options
def test_rules_give_back_the_texts_that_make_them(played):
    game = played.game
    assert game.rules().texts() == ()
    for texts in (played.profile.changed, played.states[0].rules.texts()):
        rules = game.rules(texts)
        assert game.rules(rules.texts()) == rules and len(rules.texts()) == len(texts)
        assert game.Rules.from_json(rules.to_json()) == rules
        assert not texts or rules != game.rules()


# ------------------------------------------------------------------------------ faces
@pytest.fixture(scope="module")
def engine():
    """One ``wordbot engine`` for every game (the toy game through ``--plugin``)."""
    command = wordbot_command(
        "engine", "--plugin", "tests.toygame", "--lexicon", str(SMALL_WORDS)
    )
    with SimpleEngine.popen(command, env=cli_env(), timeout=120) as eng:
        yield eng


def refused_move(state, played):
    """A move of another position of the game that ``state`` refuses (as a move
    object), else text that no notation reads."""
    for _, moves in played.ends:
        for move in moves:
            try:
                state.check(move)
            except REFUSED:
                return move.to_json()
    return NO_MOVE


def test_a_whole_game_through_the_line_protocol(played, engine):
    """Random moves chosen by the engine (go), applied by it; every position it answers
    is the one this process reaches with the same moves."""
    game, rules = played.game, dict(played.profile.short)
    assert game.name in engine.id["games"]
    state = new_short(game, SEED)
    position = engine.new_game(game=game.name, seed=SEED, rules=rules)
    assert position == state.to_json()
    for kind in ("all", *game.move_kinds):
        listed = engine.request("moves", kind=kind, limit=1)
        assert listed["count"] == len(state.moves(kind)), kind
    refused = refused_move(state, played)
    with pytest.raises(EngineError) as error:  # and the position stays as it was
        engine.apply(None, refused)
    assert error.value.code in ("illegal_move", "bad_move"), error.value
    for n in range(played.profile.max_plies):
        if state.is_over:
            break
        chosen = engine.play(None, player="random", seed=n)
        reply = engine.apply(None, chosen.move)
        move = state.move_from_json(chosen.move)
        assert reply["notation"] == state.notation(move) == chosen.notation
        state = state.apply(move)
        assert reply["position"] == state.to_json()
        assert reply["events"] == state.record_events()
    assert state.is_over and engine.moves() == []
    score = engine.score()
    assert score == {
        "id": score["id"],
        "type": "score",
        "game": game.name,
        "over": True,
        **state.outcome().details,
    }


def test_a_whole_hosted_game_through_the_session(played):
    """A hosted game of the server's session against ``random``, in this process: each
    view the seat is told is its observation of the true position, and nothing hidden
    goes out before the end."""
    client = play_whole_game(played.game.name, "random", human_first=False, seed=SEED)
    check_secrets(client, played.game.name)


@pytest.fixture(scope="module")
def games_json() -> dict:
    run = invoke("--plugin", "tests.toygame", "games", "--json")
    assert run.returncode == 0, run.stderr
    return {entry["name"]: entry for entry in json.loads(run.stdout)}


def test_the_games_command_describes_the_game(played, games_json):
    game = played.game
    entry = games_json[game.name]
    assert entry == {
        "name": game.name,
        "title": game.title,
        "position_format": f"wordbot.{game.name}.position/1",
        "record_format": f"wordbot.{game.name}.game/1",
        "players_per_game": [game.min_players, game.max_players],
        "seats": list(game.seats),
        "default_policy": profile_of(game).default_policy,
        "rules": game.Rules.catalogue(),
        "setup": {o.name: o.describe() for o in game.setup_options},
        "players": CATALOG.players.for_game(game),
        "levels": levels_json(game),
    }
    defaults = game.Rules()
    for option, spec in entry["rules"].items():
        assert set(spec) == {"default", "help", "allowed"} and spec["help"]
        written = game.Rules.OPTIONS[option].to_json(getattr(defaults, option))
        assert spec["default"] == written
    assert {"random", "greedy", "mc"} <= set(entry["players"])
    assert profile_of(game).default_policy.split(":")[0] in entry["players"]

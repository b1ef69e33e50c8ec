"""A game's transposition key (what a search's table is keyed by) tells positions apart
exactly as their digests do: equal keys, equal digests, and the other way round, on
positions reached by play, on the same position reached by two orders of moves and on
positions whose JSON differs in one field."""

from __future__ import annotations

import itertools
import random

import pytest
from wordbot.engine.crosswords.game import GAME
from wordbot.engine.errors import IllegalMove, MoveError, PositionError
from wordbot.engine.routewords.game import GAME as ROUTEWORDS

from tests.crosswords_support import random_game_states
from tests.lexicons import small_lexicon
from tests.routewords_support import random_positions
from tests.sampling import gather


def _transposed(state, rng: random.Random):
    """Positions after the mover's moves a and c around the other player's b, in both
    orders (a b c and c b a) where both are legal: often the same position, and when a
    move's captures or extra turns depend on the order, not."""
    out = []
    moves = state.legal_moves()
    for _ in range(4):
        if state.is_over or len(moves) < 2:
            break
        a, c = rng.sample(range(len(moves)), 2)
        for first, last in ((a, c), (c, a)):
            s = state.apply(moves[first], check=False)
            if s.is_over or s.to_move == state.to_move:
                break
            replies = s.legal_moves()
            s = s.apply(replies[0], check=False)
            if s.is_over or s.to_move != state.to_move:
                break
            try:
                s = s.apply(moves[last])
            except (IllegalMove, MoveError):  # not legal after the other order's moves
                break
            out.append(s)
    return out


def _bumped(state):
    """The position with one of its JSON's per-player counts raised, or one entry of a
    list left out, or the other player to move (each kept when it still reads)."""
    base = state.to_json()
    players = base["players"]
    edits = [{**base, "to_move": players[(players.index(base["to_move"]) + 1) % 2]}]
    for field, value in base.items():
        if isinstance(value, dict) and set(value) == set(players):
            if all(isinstance(v, int) for v in value.values()):
                edit = {**base, field: {**value, players[0]: value[players[0]] + 1}}
                if field == "turns_taken" and "turn" in base:  # 1 + the turns taken
                    edit["turn"] += 1
                edits.append(edit)
            else:  # RouteWords' pawns: exchanged
                edits.append({**base, field: dict(zip(players, reversed(value.values())))})
        elif isinstance(value, list) and value and field != "players":
            edits.append({**base, field: value[:-1]})
    words = base.get("bonus", {}).get("words")
    if words:  # RouteWords' bonus round: a word submitted, or none
        first = next(iter(words))
        edits.append({**base, "bonus": {**base["bonus"], "words": {**words, first: None}}})
    out = []
    for obj in edits:
        try:
            out.append(state.game.from_json(obj, lexicon=state.lexicon, seed=state.seed))
        except PositionError:
            pass
    return out


def _edited(state):
    """The position with one field of its JSON changed (each kept when it still reads):
    fields that play mostly derives from the others, so that the key must read them."""
    base = state.to_json()
    red, green = base["players"]
    pie = {**base, "rules": {**base["rules"], "pie": True}}
    unused = [list(w.key) for w in state.pages[0].words if w.key not in state.used[0]]
    theirs = [[r, c, green] for r, c, _, p in base["cells"] if p == red]
    edits = [
        {**base, "turns_taken": {**base["turns_taken"], red: base["turns_taken"][red] + 1}},
        {
            **base,
            "captured": base["captured"] + theirs[:1],
            "scores": {**base["scores"], green: base["scores"][green] + 1},
        },
        {**base, "to_move": green if base["to_move"] == red else red},
        pie,
        {
            **base,
            "pages": {
                **base["pages"],
                red: {
                    **base["pages"][red],
                    "used": base["pages"][red]["used"] + unused[:1],
                },
            },
        },
    ]
    out = []
    for obj in edits:
        try:
            out.append(GAME.from_json(obj, seed=state.seed))
        except PositionError:
            pass
    return out


@pytest.mark.parametrize("seed", range(6))
def test_crosswords_key_and_digest_agree(seed):
    rng = random.Random(seed)
    states = random_game_states(seed) + random_game_states(seed + 100, default_pages=True)
    states += [t for s in states[::3] for t in _transposed(s, rng)]
    states += [t for s in states[1::4] if not s.is_over for t in _edited(s) + _bumped(s)]
    if seed == 0:  # the pie rule's take-over exchanges the seats' pages
        pie = GAME.new(seed=seed, rules=GAME.rules(["pie=true"]))
        first = pie.apply(pie.legal_moves()[0], check=False)
        states += [first, first.apply(first.legal_moves()[-1], check=False)]
    _agree(states)


def _agree(states) -> None:
    keys = [s.transposition_key() for s in states]
    digests = [s.digest() for s in states]
    same_both = 0
    for i, j in itertools.combinations(range(len(states)), 2):
        assert (keys[i] == keys[j]) == (digests[i] == digests[j]), (i, j)
        same_both += keys[i] == keys[j] and states[i] is not states[j]
    assert same_both > 0  # some positions were reached twice
    assert len(set(digests)) > 10


@pytest.mark.parametrize("seed", range(4))
def test_routewords_key_and_digest_agree(seed):
    rng = random.Random(seed)
    lexicon = small_lexicon()
    states = random_positions(lexicon, 12, seed=seed, players=2)
    states += random_positions(
        lexicon, 4, seed=seed, players=2, max_turns=3, rules=ROUTEWORDS.rules(["pie=true"])
    )
    states += random_positions(lexicon, 4, seed=seed, players=3)
    states += gather(
        lambda k, s: random_positions(lexicon, k, s, players=2),
        3,
        lambda s: s.phase == "bonus",
        seed,
    )
    states += [t for s in states[::2] for t in _transposed(s, rng)]
    states += [t for s in states[::3] if not s.is_over for t in _bumped(s)]
    # the same positions read back (routes rarely meet again: a pawn goes where its
    # route ends)
    states += [s.game.from_json(s.to_json(), lexicon=lexicon) for s in states[::4]]
    _agree(states)

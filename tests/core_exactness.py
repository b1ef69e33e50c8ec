"""The checks every game's compiled core (:mod:`wordbot.engine.core`) must pass against
the Python engine, the reference: each game's ``tests/test_core_<game>.py`` runs them on
its own random positions.

The Python side is always the engine and the Python players: a playout is replayed move
by move with ``check`` (every move legal), the players choosing with
:class:`~wordbot.engine.rng.SplitMixRandom` generators of the kernel's seeds, so a
kernel that picks another move, another tie or another draw fails.
"""

from __future__ import annotations

import numpy as np
from wordbot.engine.core import TO_END, Core
from wordbot.engine.rng import SplitMixRandom
from wordbot.players.registry import make_player


def random_positions(new_state, count: int, seed: int, max_plies: int = 60) -> list:
    """``count`` positions: each a fresh game (``new_state(seed)``) played on by
    uniformly random moves for a random number of plies (0 included), unfinished."""
    rng = SplitMixRandom(seed)
    out = []
    while len(out) < count:
        state = new_state(rng.getrandbits(31))
        for _ in range(rng.randrange(max_plies + 1)):
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
        if not state.is_over:
            out.append(state)
    return out


def check_round_trip(core: Core, state) -> None:
    """pack then unpack gives the state back (JSON-equal)."""
    assert core.unpack(core.pack(state)).to_json() == state.to_json()


def check_apply(core: Core, state, moves: int, seed: int) -> None:
    """Up to ``moves`` legal moves (random ones of the engine's list): encode and decode
    round-trip, and the kernel's apply reaches the engine's position (JSON-equal)."""
    legal = state.legal_moves()
    rng = SplitMixRandom(seed)
    picks = {rng.randrange(len(legal)) for _ in range(moves)}
    for i in sorted(picks):
        move = legal[i]
        packed = core.pack(state)
        row = core.encode(packed, move)
        assert core.decode(packed, row) == move
        core.apply(packed, row)
        expected = state.apply(move).to_json()
        assert core.unpack(packed).to_json() == expected, state.notation(move)


def python_playout(state, names: list[str], rngs: list, horizon: int = TO_END):
    """The reference of :meth:`Core.playout`: the Python players ``names[i]`` (by
    seat) choosing with ``rngs[i]`` (one shared when ``rngs`` has one), every move
    checked by the engine. Returns (the moves, the final state)."""
    players = [make_player(name, state.game) for name in names]
    seats = list(state.players)
    moves = []
    start = state
    while not state.is_over:
        if horizon > 0 and len(moves) >= horizon:
            break
        if horizon < 0 and state.game.playout_done(start, state):
            break
        seat = seats.index(state.to_move)
        rng = rngs[seat] if len(rngs) > 1 else rngs[0]
        move = players[seat].choose(state, rng)
        state = state.apply(move)  # checked: the move is legal
        moves.append(move)
    return moves, state


def check_playout(
    core: Core, state, names: list[str], seeds: list[int], horizon: int = TO_END
) -> None:
    """A kernel playout by the policies ``names`` (one a seat) with generators seeded
    ``seeds`` (one a seat, or one shared) makes the Python players' moves, move for
    move, and stops where they stop: same position, scores and end; the seats and
    moves it reports (:meth:`Core.played_turns`, from what it recorded where it does)
    are the seats that made them and the engine's moves."""
    packed = core.pack(state)
    ids = [core.policies[name] for name in names]
    rngs = np.array(seeds, dtype=np.uint64)
    result = core.playout(packed, ids, rngs, horizon)
    kernel_moves = core.moves(core.pack(state), result.moves)
    moves, final = python_playout(state, names, [SplitMixRandom(s) for s in seeds], horizon)
    texts = [m.to_json() for m in moves]
    assert [m.to_json() for m in kernel_moves] == texts
    seats, at = [], state
    for move in moves:
        seats.append(state.players.index(at.to_move))
        at = at.apply(move, check=False)
    turns = core.played_turns(state, result)
    assert [(seat, move.to_json()) for seat, move in turns] == list(zip(seats, texts))
    assert core.unpack(packed).to_json() == final.to_json()
    assert result.ended == final.is_over
    expected = final.outcome().scores
    assert [float(x) for x in result.scores] == [float(expected[p]) for p in state.players]


def check_playouts(
    core: Core, state, names: list[str], seeds: list[int], firsts: int, horizon: int
) -> None:
    """The batch form equals single playouts: each first move on each seed, one shared
    generator, the position itself unchanged."""
    legal = state.legal_moves()
    packed = core.pack(state)
    before = core.unpack(packed).to_json()
    rows = np.array([core.encode(packed, legal[i]) for i in range(min(firsts, len(legal)))])
    ids = [core.policies[name] for name in names]
    batch = core.playouts(packed, rows, ids, np.array(seeds, dtype=np.uint64), horizon)
    assert core.unpack(packed).to_json() == before
    for i, row in enumerate(rows):
        for j, seed in enumerate(seeds):
            one = core.pack(state)
            core.apply(one, row)
            single = core.playout(one, ids, np.array([seed], dtype=np.uint64), horizon)
            assert batch.scores[i, j].tolist() == single.scores.tolist()
            assert bool(batch.ended[i, j]) == single.ended

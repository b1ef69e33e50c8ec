"""Our best bot against OpenSpiel's MCTS (perfect information) or ISMCTS (hidden
information), through the ``python_wordbot_<game>`` registration, and the wrapper's
cost: random playouts a second through OpenSpiel beside the same playouts on the
wordbot states.

    python benchmarks/versus_openspiel.py --game crosswords --sims 100 --pairs 20

Each pair is one deal (seed) played twice with the seats swapped. Prints our win rate
(a draw counts half) with a 95 % Wilson interval, and the mean thinking time a move of
each side. Needs ``pip install -e '.[openspiel]'``.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from wordbot.engine.games import get_game
from wordbot.players.arena import derive_seed
from wordbot.players.registry import make_player

import wordbot.openspiel


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def openspiel_bot(game, sims: int, rollouts: int, seed: int):
    """OpenSpiel's Python MCTSBot, or ISMCTSBot for a game with hidden information
    (its resampler seeded too)."""
    rs = np.random.RandomState(seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rs)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        return mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rs)
    draws = random.Random(seed)
    bot.set_resampler(lambda s, p: s.resample_from_infostate(p, draws.random))
    return bot


def play(game, ours, ours_seat: int, sims: int, rollouts: int, seed: int):
    """One game: (our result 1 / 0.5 / 0, our seconds and moves, theirs)."""
    state = game.new_initial_state()
    table = state.table
    theirs = openspiel_bot(game, sims, rollouts, derive_seed(seed, "openspiel"))
    rng = random.Random(derive_seed(seed, "wordbot"))
    spent = [0.0, 0.0]
    moves = [0, 0]
    while not state.is_terminal():
        ws = state.wordbot_state
        mine = state.current_player() == ours_seat
        started = time.perf_counter()
        if mine:
            action = table.action_of(ws, ours.choose(ws, rng))
        else:
            action = theirs.step(state)
        spent[0 if mine else 1] += time.perf_counter() - started
        moves[0 if mine else 1] += 1
        state.apply_action(action)
    mine_return = state.returns()[ours_seat]
    result = 1.0 if mine_return > 0 else 0.5 if mine_return == 0 else 0.0
    return result, spent, moves


def playouts(game_name: str, params: dict, seconds: float) -> tuple[float, float]:
    """Random playouts a second through OpenSpiel and on the wordbot states alone."""
    rng = random.Random(0)
    rates = []
    for through_openspiel in (True, False):
        done, started, k = 0, time.perf_counter(), 0
        while time.perf_counter() - started < seconds:
            game = pyspiel.load_game(f"python_wordbot_{game_name}", {**params, "seed": k})
            state = game.new_initial_state()
            if through_openspiel:
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
            else:
                ws = state.wordbot_state
                while not ws.is_over:
                    moves = ws.legal_moves()
                    ws = ws.apply(moves[rng.randrange(len(moves))], check=False)
            done += 1
            k += 1
        rates.append(done / (time.perf_counter() - started))
    return rates[0], rates[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="crosswords")
    parser.add_argument("--ours", default="", help="our player (default: the game's own)")
    parser.add_argument("--sims", type=int, default=100, help="MCTS simulations a move")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts a leaf")
    parser.add_argument("--pairs", type=int, default=10, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1, help="the first deal")
    parser.add_argument("--lexicon", default="", help="word list file (default: bundled)")
    parser.add_argument("--rule", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--playouts", type=float, default=0, help="seconds of playouts")
    args = parser.parse_args()
    g = get_game(args.game)
    ours = make_player(args.ours or g.default_policy)
    params: dict = {"lexicon": args.lexicon}
    for item in args.rule:
        name, _, value = item.partition("=")
        spec = wordbot.openspiel.parameter_specification(args.game)[name]
        params[name] = type(spec)(value) if not isinstance(spec, bool) else value == "true"
    if args.playouts:
        through, alone = playouts(args.game, params, args.playouts)
        print(f"{args.game}: random playouts/s through OpenSpiel {through:.2f}, "
              f"on wordbot states {alone:.2f}")  # fmt: skip
    score = 0.0
    n = 0
    spent = [0.0, 0.0]
    moves = [0, 0]
    for k in range(args.pairs):
        game = pyspiel.load_game(
            f"python_wordbot_{args.game}", {**params, "seed": args.seed + k}
        )
        for seat in (0, 1):
            result, s, m = play(game, ours, seat, args.sims, args.rollouts, args.seed + k)
            score += result
            n += 1
            spent = [spent[0] + s[0], spent[1] + s[1]]
            moves = [moves[0] + m[0], moves[1] + m[1]]
            print(f"deal {args.seed + k} seat {seat}: {result}", flush=True)
    low, high = wilson(score, n)
    print(
        f"{args.game}: {ours.spec} vs OpenSpiel {args.sims} sims, {n} games: "
        f"win rate {score / n:.3f} [{low:.3f}, {high:.3f}], "
        f"s/move ours {spent[0] / max(moves[0], 1):.4f}, "
        f"OpenSpiel {spent[1] / max(moves[1], 1):.4f}"
    )


if __name__ == "__main__":
    main()

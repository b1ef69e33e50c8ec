"""The cost of the OpenSpiel registration: random playouts a second through
``python_wordbot_<game>`` beside the same playouts on the wordbot states.

    python benchmarks/openspiel_playouts.py --game crosswords --seconds 8

(Matches against OpenSpiel's bots are tournaments: ``wordbot --plugin
wordbot.openspiel_players tournament --players territory,openspiel:sims=100 ...``.)
Needs ``pip install -e '.[openspiel]'``.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import wordbot.openspiel


def playouts(game_name: str, params: dict, seconds: float) -> tuple[float, float]:
    """Random playouts a second through OpenSpiel and on the wordbot states alone, each
    for ``seconds``, one deal after another from seed 0."""
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
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of each kind")
    parser.add_argument("--lexicon", default="", help="word list file (default: bundled)")
    args = parser.parse_args()
    wordbot.openspiel.parameter_specification(args.game)  # an unknown game: one line
    through, alone = playouts(args.game, {"lexicon": args.lexicon}, args.seconds)
    print(
        f"{args.game}: random playouts/s through OpenSpiel {through:.2f}, "
        f"on wordbot states {alone:.2f}"
    )


if __name__ == "__main__":
    main()

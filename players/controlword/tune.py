"""Tune the ``control`` weights by self-play: ``python -m wordbot.players.controlword.tune``.

A (1+1) evolution strategy: each step perturbs a few weights of the current best,
plays the candidate against the best in paired games (same deals, seats swapped) and
keeps it when it scores above 50% by a margin. Every step is printed and, with
``--out FILE``, written as JSON Lines; the last line holds the best weights, ready to
paste into :mod:`wordbot.players.controlword.weights`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import fields

from wordbot.players.arena import paired_games
from wordbot.players.controlword.control import ControlPlayer
from wordbot.players.controlword.weights import DEFAULT, Weights

#: weights the tuner may move, with the step scale of each
TUNABLE = {
    "opponent": 0.2,
    "short_word": 0.1,
    "risk1": 0.08,
    "risk2": 0.05,
    "risk3": 0.02,
    "keep_tile": 0.3,
    "balance": 0.3,
    "no_vowel": 0.8,
    "duplicate": 0.3,
    "blue_kept": 0.3,
    "q_without_u": 1.0,
    "exchange_gain": 0.5,
    "exchange_below": 1.5,
    "redraw_below": 1.0,
}


def match(a: Weights, b: Weights, games: int, seed: int, lexicon) -> tuple[float, float]:
    """Score fraction of ``a`` against ``b`` over ``games`` paired games, and its mean
    margin."""
    pa, pb = (
        ControlPlayer(weights=a, explain=False),
        ControlPlayer(weights=b, explain=False),
    )
    points = 0.0
    margin: float = 0
    for k in range(games // 2):
        for game, colour in zip(paired_games(pa, pb, seed + k, lexicon), ("red", "green")):
            points += (
                1.0
                if game.winners == (colour,)
                else (0.5 if colour in game.winners else 0.0)
            )
            margin += game.margin(colour)
    n = 2 * (games // 2)
    return points / n, margin / n


def perturb(w: Weights, rng: random.Random, count: int) -> Weights:
    changes = {}
    for name in rng.sample(sorted(TUNABLE), count):
        value = getattr(w, name) + rng.gauss(0.0, TUNABLE[name])
        if name.startswith("risk"):
            value = min(max(value, 0.0), 0.6)
        changes[name] = round(value, 3)
    return w.with_(**changes)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--games", type=int, default=100, help="games per match (even)")
    parser.add_argument(
        "--accept",
        type=float,
        default=0.53,
        help="score a candidate must reach to replace the best",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lexicon", default=None)
    parser.add_argument("--out", default=None, help="JSON Lines log of every step")
    args = parser.parse_args(argv)
    from wordbot.dictionaries import Lexicon

    lexicon = Lexicon.load(args.lexicon)
    rng = random.Random(args.seed)
    best = DEFAULT
    log = open(args.out, "a") if args.out else None  # noqa: SIM115  (appended to at every step)
    for step in range(args.steps):
        candidate = perturb(best, rng, count=rng.randint(1, 3))
        started = time.perf_counter()
        # fresh deals each step, so no candidate is tuned to one set of games
        score, margin = match(
            candidate, best, args.games, 1000 * (step + 1) + args.seed, lexicon
        )
        accepted = score >= args.accept
        if accepted:
            best = candidate
        row = {
            "step": step,
            "score": round(score, 4),
            "margin": round(margin, 2),
            "accepted": accepted,
            "seconds": round(time.perf_counter() - started, 1),
            "changed": {
                f.name: getattr(candidate, f.name)
                for f in fields(Weights)
                if getattr(candidate, f.name) != getattr(DEFAULT, f.name)
            },
        }
        print(json.dumps(row), flush=True)
        if log:
            log.write(json.dumps(row) + "\n")
            log.flush()
    final = {"best": best.to_json()}
    print(json.dumps(final))
    if log:
        log.write(json.dumps(final) + "\n")
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

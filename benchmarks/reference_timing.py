"""Time the reference enumerator (tests/reference/controlword.py) on seeded random positions.

    PYTHONPATH=$PWD python benchmarks/reference_timing.py [--positions 200] [--words 2500]
        [--n-words 1 8] [--rack 1 9] [--limit 1 5]

Positions come from tests.controlword_positions.random_position (seeds 0..N-1) with the lexicon
tests.lexicons.small_lexicon(--words). Prints CPU time per position (mean, median, max)
and the number of plays, for word plays and replacement plays separately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.controlword_positions import random_position
from tests.lexicons import small_lexicon
from tests.reference.controlword import replacement_plays, word_plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--words", type=int, default=2500, help="lexicon size")
    parser.add_argument(
        "--n-words", type=int, nargs=2, default=(1, 8), metavar=("LO", "HI")
    )
    parser.add_argument("--rack", type=int, nargs=2, default=(1, 9), metavar=("LO", "HI"))
    parser.add_argument("--limit", type=int, nargs=2, default=(1, 5), metavar=("LO", "HI"))
    args = parser.parse_args()

    lexicon = small_lexicon(args.words)
    word_plays({(0, 0): ("A", "blue")}, "T", lexicon)  # build the lexicon index once
    times = {"word": [], "replacement": []}
    counts = {"word": [], "replacement": []}
    tiles = []
    for seed in range(args.positions):
        p = random_position(
            random.Random(seed),
            lexicon,
            tuple(args.n_words),
            tuple(args.rack),
            tuple(args.limit),
        )
        tiles.append(len(p.board))
        for kind, run in (
            ("word", partial(word_plays, p.board, p.rack, lexicon)),
            (
                "replacement",
                partial(replacement_plays, p.board, p.rack, p.colour, p.limit, lexicon),
            ),
        ):
            start = time.process_time()
            found = run()
            times[kind].append(time.process_time() - start)
            counts[kind].append(len(found))
    print(
        f"{args.positions} positions, lexicon {len(lexicon)} words, board tiles mean "
        f"{statistics.mean(tiles):.1f} max {max(tiles)}, rack {args.rack[0]}-{args.rack[1]}, "
        f"L {args.limit[0]}-{args.limit[1]}"
    )
    for kind in ("word", "replacement"):
        t = times[kind]
        print(
            f"{kind:>11}: total {sum(t):6.2f} s  mean {1000 * statistics.mean(t):7.1f} ms  "
            f"median {1000 * statistics.median(t):6.1f} ms  max {1000 * max(t):7.1f} ms  "
            f"plays mean {statistics.mean(counts[kind]):8.1f} max {max(counts[kind])}"
        )


if __name__ == "__main__":
    main()

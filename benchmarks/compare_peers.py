"""Word-play generation per conformance position against the two peer engines.

    python benchmarks/compare_peers.py [--runs 50] [--markdown]

Times each of the 48 positions the way ``wordbot moves --bench N`` does (one warm-up,
then N generations of the same position in a loop; the median), for the packed board
(``kernel``, comparable with the peers' figures) and from the position's tiles
(``full``), the best play alone on the packed board (``best``, best-only
generation), and prints them beside the C++ (Quackle) and Rust (wolges) figures of
``tests/data/peer_counts_scowl80.tsv``, with means and medians.

The peers' columns are *recorded*, not measured here: they are the figures the
conformance set was filed with (single thread, a 2-core AMD EPYC machine, see
``tests/data/README.md``). Their columns are marked ``(recorded)`` and a note under the table says so;
only ``kernel_us``, ``full_us`` and ``best_us`` are measured in this run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conformance import PEERS, cases, peer_times


def median_us(fn, runs: int) -> float:
    fn()
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(samples)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50, help="generations per position")
    parser.add_argument("--markdown", action="store_true", help="a markdown table")
    args = parser.parse_args(argv)
    rows = cases()
    from wordbot.dictionaries import Lexicon
    from wordbot.engine.controlword import adapter

    from tests.controlword_movegen_support import BoardGenerator

    gen = BoardGenerator(Lexicon.load())
    peers = peer_times()
    table = []
    for c in rows:
        grid, counts = adapter.pack(c.tiles, len(c.rack)), adapter.rack_counts(c.rack)
        n = len(gen.gen.word_plays(grid, counts))
        if n != c.word_plays:
            print(f"{c.id}: {n} plays, the peers agree on {c.word_plays}", file=sys.stderr)
            return 1
        kernel = median_us(lambda: gen.gen.word_plays(grid, counts), args.runs)  # noqa: B023  (timed here)
        full = median_us(lambda: gen.word_plays(c.tiles, c.rack), args.runs)  # noqa: B023  (timed here)
        best = median_us(lambda: gen.gen.best_word_plays(grid, counts), args.runs)  # noqa: B023  (timed here)
        quackle, wolges = peers.get(c.id, (float("nan"), float("nan")))
        table.append((c.id, c.rack, n, kernel, full, best, quackle, wolges))
    sep = " | " if args.markdown else "  "
    head = [
        "id",
        "rack",
        "plays",
        "kernel_us",
        "full_us",
        "best_us",
        "cpp_us (recorded)",
        "rust_us (recorded)",
    ]
    if args.markdown:
        print("| " + sep.join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print(sep.join(f"{h:>9}" for h in head[:6]) + sep + sep.join(head[6:]))
    for row in table:
        cells = [row[0], row[1], str(row[2])] + [f"{v:.0f}" for v in row[3:]]
        print(
            ("| " + sep.join(cells) + " |")
            if args.markdown
            else sep.join(f"{x:>9}" for x in cells)
        )
    for name, fn in (("mean", statistics.mean), ("median", statistics.median)):
        vals = [fn([r[k] for r in table]) for k in range(3, 8)]
        cells = [name, "", ""] + [f"{v:.0f}" for v in vals]
        print(
            ("| " + sep.join(cells) + " |")
            if args.markdown
            else sep.join(f"{x:>9}" for x in cells)
        )
    print(recorded_note())
    return 0


def recorded_note() -> str:
    """Where each column comes from: measured now, or recorded with the conformance set."""
    today = time.strftime("%Y-%m-%d")
    return (
        f"\nkernel_us, full_us, best_us: measured in this run ({today}, this machine, one thread, "
        "median of the runs).\ncpp_us, rust_us: recorded, not measured here: the figures "
        f"filed with the conformance set ({PEERS.name}; single thread on a 2-core "
        "AMD EPYC machine, see tests/data/README.md)."
    )


if __name__ == "__main__":
    sys.exit(main())

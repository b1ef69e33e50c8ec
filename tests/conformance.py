"""The 48 conformance positions: word-play counts two established engines agree on.

The developers' conformance set lies beside the checkout (``../shared/conformance``, in
CI too); ``tests/data`` keeps a copy of its positions and of the peer engines' recorded
counts and times (tests/data/README.md), so the tests and benchmarks run without it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "conformance"
POSITIONS = SHARED / "word_plays_scowl80.jsonl"
BUNDLED = Path(__file__).resolve().parent / "data" / "word_plays_scowl80.jsonl"
PEERS = BUNDLED.parent / "peer_counts_scowl80.tsv"


@dataclass(frozen=True)
class Case:
    id: str
    tiles: dict  # (row, col) -> (LETTER, colour)
    rack: str
    colour: str  # the player to move
    word_plays: int  # the count the engines agree on


def cases(path: Path = BUNDLED) -> list[Case]:
    """The positions of ``path`` (by default the copy in ``tests/data``) in file order."""
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            pos = row["position"]
            out.append(
                Case(
                    row["id"],
                    {(r, c): (letter, colour) for r, c, letter, colour in pos["board"]},
                    pos["racks"][pos["to_move"]],
                    pos["to_move"],
                    row["word_plays"],
                )
            )
    return out


def peer_times() -> dict[str, tuple[float, float]]:
    """Position id -> (C++ engine us, Rust engine us), single thread, as measured by the
    people who filed the conformance set."""
    if not PEERS.exists():
        return {}
    lines = PEERS.read_text().splitlines()
    head = lines[0].split("\t")
    q, w = head.index("quackle_us"), head.index("wolges_us")
    return {
        f[0]: (float(f[q]), float(f[w]))
        for f in (line.split("\t") for line in lines[1:] if line)
    }

"""The 48 conformance positions (``../shared/conformance``) as the benchmarks use them.

Every movegen figure is over these same positions and the default lexicon, so numbers
from different runs and from the peer engines stay comparable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "conformance"
POSITIONS = SHARED / "word_plays_scowl80.jsonl"
PEERS = SHARED / "peer_counts_scowl80.tsv"


@dataclass(frozen=True)
class Case:
    id: str
    tiles: dict  # (row, col) -> (LETTER, colour)
    rack: str
    colour: str  # the player to move
    word_plays: int  # the count two peer engines agree on


def cases() -> list[Case]:
    """The positions, in file order (empty when ../shared is not beside the checkout)."""
    if not POSITIONS.exists():
        return []
    out = []
    for line in POSITIONS.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            pos = row["position"]
            out.append(Case(row["id"], {(r, c): (letter, colour)
                                        for r, c, letter, colour in pos["board"]},
                            pos["racks"][pos["to_move"]], pos["to_move"], row["word_plays"]))
    return out


def peer_times() -> dict[str, tuple[float, float]]:
    """Position id -> (C++ engine us, Rust engine us), single thread, as measured by the
    people who filed the conformance set."""
    if not PEERS.exists():
        return {}
    lines = PEERS.read_text().splitlines()
    head = lines[0].split("\t")
    q, w = head.index("quackle_us"), head.index("wolges_us")
    return {f[0]: (float(f[q]), float(f[w])) for f in (l.split("\t") for l in lines[1:] if l)}

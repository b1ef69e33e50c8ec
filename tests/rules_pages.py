"""What the tests read off the games' rules pages (docs/rules/<game>.md) instead of
keeping copies of their tables."""

from __future__ import annotations

import re
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"


def tile_counts(game: str) -> dict[str, int]:
    """The 98 letter tiles as ``game``'s rules page lists them ("A 9, B 2, ..., Z 1").

    >>> counts = tile_counts("controlword")
    >>> sum(counts.values()), counts["E"], counts == tile_counts("firstdraft")
    (98, 12, True)
    """
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    listed = re.search(r"\bA \d+(?:,\s+[A-Z] \d+){25}", text)
    if listed is None:
        raise ValueError(f"docs/rules/{game}.md lists no tile set (A 9, B 2, ...)")
    return {letter: int(n) for letter, n in re.findall(r"([A-Z]) (\d+)", listed.group(0))}

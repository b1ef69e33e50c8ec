"""RouteWords' own players: ``routes``, a heuristic of coins, reach, loops and swaps."""

PLAYERS: dict[str, str] = {}

"""RouteWords' own players: ``routes``, a heuristic of coins now and next turn, what a
move leaves the next player, loops and swaps."""

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"routes": "wordbot.players.routewords.routes:RoutesPlayer"}

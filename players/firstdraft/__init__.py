"""First Draft's own players: ``drafter``, a heuristic of coins now and what the rows
can still become."""

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"drafter": "wordbot.players.firstdraft.drafter:DrafterPlayer"}

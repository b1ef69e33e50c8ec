"""Cross words combat's own players: ``territory``, a heuristic of cells captured now,
the extra turns a write earns, the areas its walls can still close and the room it
leaves the opponent."""

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"territory": "wordbot.players.crosswords.territory:TerritoryPlayer"}

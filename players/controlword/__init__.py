"""Control Word's own players: ``control`` (points now + the change in the risk-weighted
control value + rack leave) and what it is made of."""

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"control": "wordbot.players.controlword.control:ControlPlayer"}

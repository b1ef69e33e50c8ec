"""First Draft's own players: ``drafter``, a heuristic of coins now and what the rows
can still become.

Its ``PROFILE`` says how the generic players and the hints play the game
(:mod:`wordbot.players.profile`)."""

from wordbot.players.profile import PlayerProfile

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"drafter": "wordbot.players.firstdraft.drafter:DrafterPlayer"}

#: how the generic players and the hints play First Draft
PROFILE = PlayerProfile(
    default_policy="drafter",
    # at 0.1 s a move search plays ~5 playouts a candidate: alone they overrule the
    # drafter by their noise (against mc: 46.5 % of 100 games at 0, 56.5 % at 4, 49.5 %
    # at 8; head to head, 4 against 0 is even over 400 games)
    policy_weight=4.0,
    candidate_fields={
        "coins_now": ("coins now", None),
        "rows_worth": ("rows' worth", None),
        "targets": ("words the rows can become", None),
    },
)

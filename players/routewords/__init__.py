"""RouteWords' own players: ``routes``, a heuristic of coins now and next turn, what a
move leaves the next player, loops and swaps.

Its ``PROFILE`` says how the generic players and the hints play the game
(:mod:`wordbot.players.profile`)."""

from wordbot.players.profile import RANDOM, SEARCHING, PlayerProfile, slipping

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"routes": "wordbot.players.routewords.routes:RoutesPlayer"}

#: how the generic players and the hints play RouteWords
PROFILE = PlayerProfile(
    # a random move loses RouteWords' games: a few in a hundred cost 200 Elo
    levels=RANDOM
    + slipping("greedy", 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05)
    + slipping("routes")
    + SEARCHING,
    default_policy="routes",
    margin_scale=1.0,  # most games end within three points
    candidate_fields={
        "coin": ("coin", None),
        "captures": ("squares claimed", None),
        "leaves": ("next player's best coin after", None),
    },
    learner="wordbot.players.routewords.learning:LEARNER",
    eval_option="eval",
    # the fitted fair compensations of docs/studies/routewords-balance.md and -mc.md
    fair_bids={"routes": 1.35, "mc": 1.48},
)

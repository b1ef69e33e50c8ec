"""First Draft's own players: ``drafter``, a heuristic of coins now and what the rows
can still become.

Its ``PROFILE`` says how the generic players and the hints play the game
(:mod:`wordbot.players.profile`)."""

from wordbot.players.profile import RANDOM, SEARCHING, PlayerProfile, slipping

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"drafter": "wordbot.players.firstdraft.drafter:DrafterPlayer"}

#: how the generic players and the hints play First Draft
PROFILE = PlayerProfile(
    levels=RANDOM
    + slipping("greedy", 0.75, 0.5, 0.25, 0.1)
    + slipping("drafter", 0.3, 0.15, 0.05)
    + SEARCHING,
    default_policy="drafter",
    # a few playouts a candidate (one where the drafter is slow to list them) alone
    # overrule the drafter by their noise; 4 and 30 are alike against the drafter
    policy_weight=4.0,
    # search's playouts stop two moves on (the reply and its own next draft), not two
    # rounds: fewer of greedy's moves for the drafter to value, and more playouts in the
    # same time. Against mc at 0.1 s a move, 200 games a seed: 51.0 % and 53.8 % (to
    # two rounds: 44.8 % and 48.5 %), in 0.11 s a move where two rounds take 0.16; and
    # 54.0 % against the drafter (52.0 % to two rounds)
    playout_moves=2,
    candidate_fields={
        "coins_now": ("coins now", None),
        "rows_worth": ("rows' worth", None),
        "targets": ("words the rows can become", None),
    },
)

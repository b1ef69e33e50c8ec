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
    # a few playouts a candidate alone overrule the drafter by their noise; 4 and 30
    # are alike against the drafter
    policy_weight=4.0,
    # search's playouts stop two moves on (the reply and its own next draft), not two
    # rounds, and the drafter plays them, not greedy: against mc at 0.1 s a move (200
    # games) 66.5 % where greedy's scored 51.0 %; to the horizon, greedy's 50.0 %; the
    # drafter playing the reply alone, about 52 % (55 games)
    playout_moves=2,
    search_playout_policy="drafter",
    # the drafter's playouts are slower than greedy's: four candidates keep a decision
    # to its tenth of a second (0.110 s a move, 65.4 % against mc) where six took 0.131
    search_width=4,
    learner="wordbot.players.firstdraft.learning:LEARNER",
    eval_option="eval",
    candidate_fields={
        "coins_now": ("coins now", None),
        "rows_worth": ("rows' worth", None),
        "targets": ("words the rows can become", None),
    },
)

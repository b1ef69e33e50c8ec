"""Control Word's own players: ``control`` (points now + the change in the risk-weighted
control value + rack leave) and what it is made of.

Its ``PROFILE`` says how the generic players and the hints play the game
(:mod:`wordbot.players.profile`)."""

from wordbot.players.profile import RANDOM, SEARCHING, PlayerProfile, slipping

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"control": "wordbot.players.controlword.control:ControlPlayer"}

#: how the generic players and the hints play Control Word
PROFILE = PlayerProfile(
    # each level about 150 Elo above the one below (benchmarks/strength_ladder.py)
    levels=RANDOM
    + slipping("greedy", 0.75, 0.5, 0.25)
    + slipping("control", 0.5, 0.35, 0.2)
    + SEARCHING,
    default_policy="control",
    playout_policy="control",  # 0.5 ms a decision: as fast as greedy's playouts need
    # more of control's candidates beat more playouts of fewer: 10 still get about nine
    # playouts each in a tenth of a second (README: search against mc)
    search_width=10,
    learner="wordbot.players.controlword.leavelearning:LEARNER",
    eval_option="leaves",
    hand_policy="control:leaves=hand",
    candidate_fields={
        "control_change": ("control (risk-weighted)", 0.0),
        "words": ("words that change hands", []),
    },
)

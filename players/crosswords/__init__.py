"""Cross words combat's own players: ``territory``, a heuristic of cells captured now,
the extra turns a write earns, the areas its walls can still close and the room it
leaves the opponent.

Its ``PROFILE`` says how the generic players and the hints play the game
(:mod:`wordbot.players.profile`)."""

from typing import Any

from wordbot.players.profile import RANDOM, SEARCHING, PlayerProfile, slipping

#: name -> "module:class" of the players of this game only (the registry reads it)
PLAYERS = {"territory": "wordbot.players.crosswords.territory:TerritoryPlayer"}


def _move_facts(state: Any, move: Any) -> dict[str, Any]:
    """Opponent letters crossed, cells enclosed and the extra turns a move earns."""
    facts: dict[str, Any] = state.legal_moves().facts(move)
    return facts


#: how the generic players and the hints play Cross words combat
PROFILE = PlayerProfile(
    # greedy walls nothing off: a tenth of its moves at random cost it little
    levels=RANDOM
    + slipping("greedy", 0.95, 0.9, 0.8, 0.6)
    + slipping("territory")
    + SEARCHING,
    default_policy="territory",
    candidate_fields={
        "crossed": ("letters crossed", None),
        "enclosed": ("cells enclosed", None),
        "extra_turns": ("extra turns earned", []),
    },
    move_facts=_move_facts,
    learner="wordbot.players.crosswords.learning:LEARNER",
    eval_option="eval",
    # search weighs territory's candidates by playouts to the horizon, as mc does but
    # with search's own ranking: alpha-beta over greedy's replies (most score nothing,
    # so greedy's order among them is arbitrary) scored 42.5 % of 40 games against mc
    # at 0.1 s a move, Monte Carlo tree search 17.5 %
    search_tree="sim",
    # greedy captures nothing on purpose, so its playouts say little of what a write
    # walls off; territory's do, and still fit dozens into a tenth of a second: with
    # them search scored 62 % of 300 games against mc at 0.1 s a move, 52.8 % of 200 with greedy's
    search_playout_policy="territory",
    hand_policy="territory:eval=hand",
    # the fitted fair compensations of docs/studies/crosswords-balance.md and -mc.md
    fair_bids={"territory": 13.3, "mc": 40.6},
)

"""What the players need to know of a game: its fast policy, how ``search`` weighs it
and what a hint shows of each candidate. The engine knows nothing of players; each
game's players package owns its profile.

A built-in game's profile is ``PROFILE`` of its players package
(``wordbot.players.<game>``, beside its ``PLAYERS``); a plugin game brings its own as
``PROFILE`` in the module that defines its game class; any other game plays on
:data:`DEFAULT`. Nothing registers itself: the profile is looked up by the game's name
when a player first asks for it.

>>> from wordbot.engine import get_game
>>> profile_of(get_game("controlword")).default_policy
'control'
>>> profile_of(get_game("routewords")).margin_scale, DEFAULT.margin_scale
(1.0, 10.0)
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from wordbot.engine.games import BUILTIN
from wordbot.players.base import PlayerError

#: the first of every game's levels: random moves
RANDOM = (("random", 0.0),)
#: the top of every game's levels: Monte Carlo and search at a tenth of a second a move,
#: then search at a second
SEARCHING = (("mc:time=0.1", 0.0), ("search:time=0.1", 0.0), ("search:time=1", 0.0))


def slipping(spec: str, *shares: float) -> tuple[tuple[str, float], ...]:
    """Levels of ``spec`` playing each of ``shares`` of its moves at random, then none.

    >>> slipping("greedy", 0.5)
    (('greedy', 0.5), ('greedy', 0.0))
    """
    return tuple((spec, share) for share in shares) + ((spec, 0.0),)


@dataclass(frozen=True)
class PlayerProfile:
    """A game's settings for the generic players and the faces' hints.

    ``default_policy``: the player spec of the game's own policy (it gives ``mc``'s and
    ``search``'s candidates and values their playouts' ends, ``hint`` ranks with it).
    ``playout_policy``: the player ``mc`` and ``search`` play out with,
    dozens of playouts in a tenth of a second; ``search_playout_policy``: the one
    ``search`` plays its own out with where it is another (empty: the same).
    ``playout_moves``: the moves such a playout plays from a candidate (hidden
    information, far from the end) before it is valued (``search:playout``, left at -1;
    0: to where the game stops a playout).
    ``margin_scale``: the points of margin that set a clear win apart from a close game
    (``search:scale``, left at 0).
    ``policy_weight``: how many playouts the policy's own valuation of a candidate
    counts as (``search:prior``, left at -1). ``search_width``: the candidates
    ``search`` weighs at every node (``search:k``, left at 0). ``candidate_fields``: a
    hint's candidates' own figures (``Candidate.details`` key -> (label, default)).
    ``move_facts(state, move)``: those figures of any legal move, for the candidates
    of a player that does not give them (None: none). ``learner``: ``"module:name"``
    of what ``wordbot learn`` learns of the game (None: nothing yet). ``hand_policy``:
    the spec of ``default_policy`` on its hand-set evaluation where its default is a
    learned one (``search:eval=hand``; None: it has no learned one). ``eval_option``:
    the option of ``default_policy`` that names its evaluation, where ``wordbot learn``
    learns one (``search:eval=FILE`` plays the policy with it set to the file; None:
    none). ``search_tree``:
    how ``search`` searches the game when it has no hidden information (``search:tree``,
    left empty: ``ab``, ``mcts`` or ``sim``). ``levels``: the
    opponents ``level:n=N`` plays, weakest first, each a player spec and the share of
    moves it plays at random instead (empty: :meth:`level_table`'s own). ``fair_bids``:
    under the rule ``bidding``, the points each kind of player (by name) bids to move
    first, the fair compensation measured between two of them (a kind not listed bids
    the last one's, the strongest measured; empty: 0, the game has no bidding).
    """

    default_policy: str = "greedy"
    playout_policy: str = "greedy"
    search_playout_policy: str = ""
    playout_moves: int = 0
    margin_scale: float = 10.0
    policy_weight: float = 0.0
    search_width: int = 6
    candidate_fields: Mapping[str, tuple[str, Any]] = field(default_factory=dict)
    move_facts: Callable[[Any, Any], dict[str, Any]] | None = None
    learner: str | None = None
    hand_policy: str | None = None
    eval_option: str | None = None
    search_tree: str = "ab"
    levels: tuple[tuple[str, float], ...] = ()
    fair_bids: Mapping[str, float] = field(default_factory=dict)

    def fair_bid(self, name: str) -> float:
        """The points a player named ``name`` bids under the rule ``bidding``.

        >>> PlayerProfile(fair_bids={"routes": 1.35, "mc": 1.48}).fair_bid("search")
        1.48
        """
        if name in self.fair_bids:
            return self.fair_bids[name]
        return list(self.fair_bids.values())[-1] if self.fair_bids else 0.0

    def level_table(self) -> tuple[tuple[str, float], ...]:
        """The game's levels (``levels``), or where it sets none: random moves,
        ``greedy`` slipping one move in two, ``greedy``, the game's policy (when it is
        not ``greedy``) slipping one move in four, the policy, then :data:`SEARCHING`.

        >>> [spec for spec, _ in DEFAULT.level_table()][-3:]
        ['mc:time=0.1', 'search:time=0.1', 'search:time=1']
        """
        if self.levels:
            return self.levels
        policy = self.default_policy
        own = slipping(policy, 0.25) if policy != "greedy" else ()
        return RANDOM + slipping("greedy", 0.5) + own + SEARCHING

    def facts(self, state: Any, move: Any) -> dict[str, Any]:
        """What ``move`` does in ``state``, as the game's candidate fields."""
        return {} if self.move_facts is None else self.move_facts(state, move)

    def candidate_json(self, cand: Any, state: Any = None) -> dict[str, Any]:
        """A candidate's JSON with every one of the game's candidate fields: the
        player's details, else (with ``state``) :meth:`facts`, else the defaults."""
        out: dict[str, Any] = cand.to_json()
        missing = [key for key in self.candidate_fields if key not in out]
        if missing and state is not None:
            facts = self.facts(state, cand.move)
            out.update({key: facts[key] for key in missing if key in facts})
        for key, (_label, default) in self.candidate_fields.items():
            out.setdefault(key, default)
        return out


def bid_of(player: Any, game: Any) -> float:
    """The points ``player`` bids to move first in ``game`` under the rule ``bidding``
    (sealed: it sees nothing of the other's bid): the fair compensation measured between
    two players of its kind (:meth:`PlayerProfile.fair_bid`)."""
    return profile_of(game).fair_bid(player.bidder(game).name)


#: the profile of a game that brings none
DEFAULT = PlayerProfile()


@cache
def profile_of(game: Any) -> PlayerProfile:
    """The profile of ``game`` (a :class:`~wordbot.engine.game.Game`)."""
    if game.name in BUILTIN:
        package = f"wordbot.players.{game.name}"
        if importlib.util.find_spec(package) is None:
            return DEFAULT
        found = getattr(import_module(package), "PROFILE", DEFAULT)
    else:
        found = getattr(import_module(type(game).__module__), "PROFILE", DEFAULT)
    if not isinstance(found, PlayerProfile):
        raise PlayerError(f"game {game.name}: its PROFILE is not a PlayerProfile")
    return found

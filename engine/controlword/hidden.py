"""Control Word's hidden information: what a seat sees of a state (its observation),
the blue tiles it cannot see, and states consistent with what it sees (determinize).
Each bot decides on such a state, never on the true one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from wordbot.engine.controlword.tiles import (
    BLUE,
    BLUE_CONSONANTS,
    BLUE_VOWELS,
    blue_bag_for,
    sort_tiles,
)

if TYPE_CHECKING:
    from wordbot.engine.controlword.state import ControlWordState


def observation(state: ControlWordState, viewer: str) -> dict[str, Any]:
    """The position as ``viewer`` sees it: the other racks left out (docs/formats.md's
    "unknown rack"), and every bag as the viewer can know it: its own, each other
    player's bag together with that player's rack tiles of its colour, and the blue
    bags together with the other racks' blue tiles; and, as ``rack_sizes``, how many
    tiles each hidden rack holds and how many of them are blue (in plain sight at the
    table; the field is the project's, docs/protocol.md)."""
    obj = state.to_json()
    hidden = [p for p in state.players if p != viewer]
    obj["racks"] = {p: r for p, r in obj["racks"].items() if p == viewer}
    sizes = {
        p: {"tiles": len(rack), "blue": sum(ch.islower() for ch in rack)}
        for p in hidden
        if (rack := state.racks.get(p)) is not None
    }
    sizes.update({p: n for p, n in state.rack_sizes.items() if p != viewer})
    if sizes:
        obj["rack_sizes"] = dict(sorted(sizes.items()))
    bags = obj["bags"]
    for p in hidden:
        rack = state.racks.get(p, "")
        bags[p] = sort_tiles(bags[p] + "".join(ch for ch in rack if ch.isupper()))
        bags[BLUE] = sort_tiles(
            bags[BLUE] + "".join(ch.upper() for ch in rack if ch.islower())
        )
    return obj


def unseen_blue(state: ControlWordState, viewer: str) -> dict[str, str]:
    """The blue tiles ``viewer`` cannot see, by bag (``blue_vowels``,
    ``blue_consonants``): the blue bags and the blue tiles on the other racks. What a
    player may reason about when it thinks of drawing blue.

    >>> from wordbot.dictionaries import Lexicon
    >>> from wordbot.engine.controlword.game import GAME
    >>> s = GAME.new(["red", "green"], 1, lexicon=Lexicon.from_words(["CAT"]))
    >>> s = s.with_racks({"green": "ABe"})  # green holds a blue E
    >>> e = [s.unseen_blue(p)["blue_vowels"].count("E") for p in ("red", "green")]
    >>> e[0] - e[1]
    1
    """
    unseen = {key: state.bags[key] for key in (BLUE_VOWELS, BLUE_CONSONANTS)}
    for player, rack in state.racks.items():
        if player != viewer:
            for ch in rack or "":
                if ch.islower():
                    key = blue_bag_for(ch)
                    unseen[key] = sort_tiles(unseen[key] + ch.upper())
    return unseen


def determinize(
    state: ControlWordState, viewer: str, rng: random.Random
) -> ControlWordState:
    """A state consistent with ``observation(viewer)``: every other player's rack
    dealt again from the tiles the viewer cannot see (that player's bag and rack for
    tiles of its colour; the blue bags and the other racks' blue tiles for blue ones),
    each rack keeping its size and its number of blue tiles; a rack unknown to
    everyone gets a full rack of its own tiles. The future draws are reseeded from
    ``rng`` too."""
    opponents = [c for c in state.players if c != viewer]
    racks = {c: state.racks.get(c) for c in opponents}
    # sorted: what is shuffled is the viewer's unseen blue tiles, not where they are
    unseen = unseen_blue(state, viewer)
    blue_pool = sorted(unseen[BLUE_VOWELS] + unseen[BLUE_CONSONANTS])
    rng.shuffle(blue_pool)
    cleared = state.with_racks({c: "" for c, r in racks.items() if r is not None})
    sampled = {}
    for c, rack in racks.items():
        own_pool = list(cleared.bags[c])
        rng.shuffle(own_pool)
        if rack is None and c in state.rack_sizes:  # a view: its size is known
            size = state.rack_sizes[c]
            own_n, blue_n = size["tiles"] - size["blue"], size["blue"]
        elif rack is None:
            own_n, blue_n = min(state.rack_limit, len(own_pool)), 0
        else:
            own_n = sum(ch.isupper() for ch in rack)
            blue_n = len(rack) - own_n
        blue = [blue_pool.pop().lower() for _ in range(min(blue_n, len(blue_pool)))]
        sampled[c] = "".join(own_pool[:own_n]) + "".join(blue)
    return cleared.with_racks(sampled).with_seed(rng.getrandbits(63))

"""Who plays whom, on which deal, in which seat: the schedule of a tournament.

A *pairing* is one group of players that sits at a table together (two players with
``--seats 2``; a round robin has one pairing per combination, a gauntlet one per
combination of opponents). Each pairing plays ``games`` games: ``games / seats`` deals,
each deal with every rotation of the seats, so no seat is favoured. Deal ``d`` is the same
for every pairing (its seed depends on the tournament seed and ``d`` only), like an
opening book that every pairing plays through in the same order.

Games are numbered deal by deal, pairing by pairing, rotation by rotation, which is also
the order they are handed out in: every pairing makes progress together.

>>> s = Schedule(["greedy", "random"], seats=2, games=4, seed=1, seat_names=("red", "green"))
>>> [(g.index, g.deal, g.rotation, g.seats) for g in s.games]  # doctest: +NORMALIZE_WHITESPACE
[(0, 0, 0, (('red', 'greedy'), ('green', 'random'))),
 (1, 0, 1, (('red', 'random'), ('green', 'greedy'))),
 (2, 1, 0, (('red', 'greedy'), ('green', 'random'))),
 (3, 1, 1, (('red', 'random'), ('green', 'greedy')))]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from wordbot.errors import WordbotError
from wordbot.players.arena import derive_seed


class TournamentError(WordbotError):
    """A tournament that cannot be set up, resumed or written (one line, names the option)."""

    code = "bad_tournament"


def split_player_list(text: str) -> list[str]:
    """Player specs from a comma-separated list, where a spec's own options
    (``name:key=value,key=value``) may contain commas too: a part with ``=`` and no
    ``:`` before it continues the spec before it.

    >>> split_player_list("greedy, control:leave=0.5,risk=0,random")
    ['greedy', 'control:leave=0.5,risk=0', 'random']
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        key, eq, _ = part.partition("=")
        if eq and ":" not in key:
            if not specs:
                raise TournamentError(
                    f"player list {text!r}: {part!r} is an option of no player"
                )
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def player_names(specs: list[str], table=None, game=None) -> dict[str, str]:
    """Names for the players (name -> spec): the canonical spec, with ``#2``, ``#3``...
    for a player listed again (``greedy,greedy`` is a self-play match). Each is made from
    the players ``table`` (default: the built-in players) for ``game``: an unknown player
    or option, or a player that does not play the game, fails here.

    >>> player_names(["greedy", "random", "greedy"])
    {'greedy': 'greedy', 'random': 'random', 'greedy#2': 'greedy'}
    """
    from wordbot.players import PLAYERS

    table = table or PLAYERS
    names: dict[str, str] = {}
    for spec in specs:
        canonical = table.make(spec, game).spec
        name, n = canonical, 1
        while name in names:
            n += 1
            name = f"{canonical}#{n}"
        names[name] = canonical
    return names


@dataclass(frozen=True)
class ScheduledGame:
    """One game of the schedule: ``seats`` is ((colour, player name), ...) in seat order;
    ``variant``: a study's rule variant (an index), None in a tournament."""

    index: int
    pairing: int
    deal: int
    rotation: int
    seed: int
    seats: tuple[tuple[str, str], ...]
    variant: int | None = None

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.seats)

    def player(self, colour: str) -> str:
        return dict(self.seats)[colour]

    @property
    def player_seeds(self) -> dict[str, int]:
        """Each seat's player's seed, from the deal and the player's place in its group
        (not the seat's colour): when identical players rotate seats, each game of the
        deal is a game of its own instead of a replay of the first.

        >>> g = Schedule(["control", "control#2"], seats=2, games=2, seed=1).games
        >>> g[0].player_seeds["p1"] == g[1].player_seeds["p2"] != g[1].player_seeds["p1"]
        True
        """
        k = len(self.seats)
        return {
            colour: derive_seed(self.seed, "player", (i + self.rotation) % k)
            for i, (colour, _) in enumerate(self.seats)
        }


class Schedule:
    """The pairings and games of a round robin (``gauntlet`` None) or a gauntlet.

    ``players``: names, in order (for a gauntlet, every name but ``gauntlet`` is an
    opponent). ``games``: games per pairing, a multiple of ``seats``.
    """

    def __init__(
        self,
        players: list[str],
        seats: int,
        games: int,
        seed: int,
        gauntlet: str | None = None,
        seat_names: tuple[str, ...] | None = None,
    ):
        if seat_names is None:
            seat_names = tuple(f"p{i}" for i in range(1, seats + 1))
        if len(seat_names) != seats or seats < 2:
            raise TournamentError(f"--seats {seats}: {len(seat_names)} seat names given")
        if games < 1 or games % seats:
            raise TournamentError(
                f"--games {games}: must be a positive multiple of {seats} (each deal is played "
                f"with every rotation of the {seats} seats)"
            )
        self.players = list(players)
        self.seats = seats
        self.games_per_pairing = games
        self.deals = games // seats
        self.seed = seed
        self.gauntlet = gauntlet
        self.colours = tuple(seat_names)
        if gauntlet is None:
            if len(self.players) < seats:
                raise TournamentError(
                    f"--players: a round robin at tables of {seats} needs at least {seats} "
                    f"players, got {len(self.players)}"
                )
            self.pairings = [tuple(c) for c in combinations(self.players, seats)]
        else:
            opponents = [p for p in self.players if p != gauntlet]
            if len(opponents) < seats - 1:
                raise TournamentError(
                    f"--opponents: a gauntlet at tables of {seats} needs at least {seats - 1} "
                    f"opponents, got {len(opponents)}"
                )
            self.pairings = [(gauntlet, *c) for c in combinations(opponents, seats - 1)]

    def deal_seed(self, deal: int) -> int:
        """The seed of deal ``deal`` (everything its games leave to chance)."""
        return derive_seed(self.seed, "deal", deal)

    def game(self, index: int) -> ScheduledGame:
        per_deal = len(self.pairings) * self.seats
        deal, rest = divmod(index, per_deal)
        pairing, rotation = divmod(rest, self.seats)
        group = self.pairings[pairing]
        k = self.seats
        seats = tuple((self.colours[i], group[(i + rotation) % k]) for i in range(k))
        return ScheduledGame(index, pairing, deal, rotation, self.deal_seed(deal), seats)

    def __len__(self) -> int:
        return self.deals * len(self.pairings) * self.seats

    @cached_property
    def games(self) -> list[ScheduledGame]:
        return [self.game(i) for i in range(len(self))]

    def index_of(self, pairing: int, deal: int, rotation: int) -> int:
        return (deal * len(self.pairings) + pairing) * self.seats + rotation

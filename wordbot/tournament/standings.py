"""From finished games to the tables: wins, draws, losses, scores, Elo, SPRT decisions.

Everything here is a function of the tournament's set-up and the set of finished games,
never of the order they finished in, so a tournament played on one core, on many, or
killed and resumed ends with the same table.

Several players at a table: player A beats B in a game when A finishes in a better place
(docs/rules/: highest score, then fewest penalty tokens, then most words controlled); the
same place is a draw. A player's *score* is the mean over its games of the fraction of
its opponents it beat (a draw counts half); its wins / draws / losses are games it won
alone / shared first place in / did not win. With two seats these are the usual ones.

SPRT (two seats only): a pairing's deals are looked at in deal order; after each complete
deal (both games) the LLR of its pentanomial counts is tested, and once it crosses a
bound the pairing stops there. Its games after that deal (played while the decision was
being reached) are kept in the records but not counted.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, cast

from wordbot.tournament.schedule import Schedule
from wordbot.tournament.stats import Estimate, Sprt, estimate, unit_counts


@dataclass
class GameOutcome:
    """A finished game as the tournament counts it (one line of ``results.jsonl``).

    ``seats``: colour -> player name (under the rule ``bidding``, as the bids seated
    them); ``scores``: colour -> final score; ``places``:
    colour -> 1 + the number of players ranked strictly above. ``error``: None, or
    ``{"colour", "player", "message"}`` when a player raised (it loses: it takes the last
    place, the others are ranked by the board as it stood). ``think``: colour -> seconds
    spent choosing moves; ``decisions``: colour -> moves chosen. A study's game also has
    its rule ``variant`` (an index) and its ``measures`` (``wordbot.measures``).
    """

    game: int
    pairing: int
    deal: int
    rotation: int
    seed: int
    seats: dict[str, str]
    scores: dict[str, float]
    places: dict[str, int]
    actions: int = 0
    seconds: float = 0.0
    error: dict[str, Any] | None = None
    record: str | None = None
    think: dict[str, float] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)
    variant: int | None = None
    measures: dict[str, Any] | None = None
    #: under the rule ``bidding``: each seat's player's bid, the seats as the bids left
    #: them (the higher bidder moved first; None: no bidding)
    bids: dict[str, float] | None = None

    def to_json(self) -> dict[str, Any]:
        study = {"variant": self.variant, "measures": self.measures}
        bids = {} if self.bids is None else {"bids": self.bids}
        return {
            "game": self.game,
            "pairing": self.pairing,
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "seats": self.seats,
            "scores": self.scores,
            "places": self.places,
            "actions": self.actions,
            "seconds": round(self.seconds, 4),
            "error": self.error,
            "record": self.record,
            "think": {c: round(t, 4) for c, t in self.think.items()},
            "decisions": self.decisions,
            **(study if self.variant is not None else {}),
            **bids,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameOutcome:
        return cls(**obj)

    def points(self, colour: str, other: str) -> float:
        """What ``colour`` scored against ``other`` in this game: 1, 1/2 or 0."""
        a, b = self.places[colour], self.places[other]
        return 1.0 if a < b else 0.5 if a == b else 0.0


def known(estimate: Estimate | None) -> Estimate:
    """A player's or a pair's Elo estimate: :meth:`Standings.summary` makes one for each
    it lists."""
    assert estimate is not None, "the summary makes every estimate"
    return estimate


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0  # sum over games of the fraction of opponents beaten
    margin: float = 0.0  # sum of (own final - best other final)
    errors: int = 0
    think: float = 0.0  # seconds spent choosing moves
    decisions: int = 0  # moves chosen
    estimate: Estimate | None = None

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.5

    @property
    def seconds_per_move(self) -> float:
        return self.think / self.decisions if self.decisions else 0.0

    @property
    def mean_margin(self) -> float:
        return self.margin / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        e = known(self.estimate)
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 6),
            "elo": _r2(e.elo),
            "elo_low": _r2(e.elo_low),
            "elo_high": _r2(e.elo_high),
        }


@dataclass
class PairStats:
    a: str
    b: str
    games: int = 0
    a_wins: int = 0
    draws: int = 0
    b_wins: int = 0
    margin: float = 0.0  # sum of a's final - b's final
    estimate: Estimate | None = None
    pentanomial: list[int] | None = None  # two seats: [LL, LD, DD+WL, WD, WW] for a
    sprt: str | None = None
    llr: float | None = None

    @property
    def score(self) -> float:
        return (self.a_wins + 0.5 * self.draws) / self.games if self.games else 0.5

    @property
    def mean_margin(self) -> float:
        return self.margin / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        e = known(self.estimate)
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "a_wins": self.a_wins,
            "draws": self.draws,
            "b_wins": self.b_wins,
            "score": round(self.score, 6),
            "elo": _r2(e.elo),
            "elo_low": _r2(e.elo_low),
            "elo_high": _r2(e.elo_high),
            "sprt": self.sprt,
        }


@dataclass
class Summary:
    players: dict[str, PlayerStats]
    pairs: list[PairStats]
    games: int  # counted games
    finished: int  # finished games, counted or not

    def to_json(self, games_per_second: float) -> dict[str, Any]:
        return {
            "players": {n: p.to_json() for n, p in self.players.items()},
            "pairs": [p.to_json() for p in self.pairs],
            "games_per_second": round(games_per_second, 3),
            # timings apart from the results, which a rerun reproduces exactly
            "seconds_per_move": {
                n: round(p.seconds_per_move, 6) for n, p in self.players.items()
            },
        }

    def ranked(self) -> list[PlayerStats]:
        return sorted(
            self.players.values(), key=lambda p: (-known(p.estimate).elo, -p.score, p.name)
        )


@dataclass
class _SprtTrack:
    next_deal: int = 0
    counts: list[int] = field(default_factory=lambda: [0] * 5)
    llr: float = 0.0
    decision: str | None = None
    stop_deal: int | None = None  # the last deal counted once decided


class Standings:
    """The finished games of a tournament and what they add up to."""

    def __init__(self, schedule: Schedule, sprt: Sprt | None = None):
        if sprt is not None and schedule.seats != 2:
            from wordbot.tournament.schedule import TournamentError

            raise TournamentError("--sprt: only for games of two players (--seats 2)")
        self.schedule = schedule
        self.sprt = sprt
        self.outcomes: dict[int, GameOutcome] = {}
        self._tracks = [_SprtTrack() for _ in schedule.pairings] if sprt else None

    # ----------------------------------------------------------------- adding games
    def add(self, outcome: GameOutcome) -> None:
        self.outcomes[outcome.game] = outcome
        if self._tracks is not None:
            self._advance(outcome.pairing)

    def _advance(self, pairing: int) -> None:
        assert self._tracks is not None and self.sprt is not None  # an SPRT tournament
        track = self._tracks[pairing]
        s = self.schedule
        a = s.pairings[pairing][0]
        while track.decision is None and track.next_deal < s.deals:
            deal = track.next_deal
            games = [self.outcomes.get(s.index_of(pairing, deal, r)) for r in range(2)]
            if None in games:
                return
            played = cast("list[GameOutcome]", games)  # both games of the deal
            points = sum(g.points(_colour_of(g, a), _other(g, a)) for g in played)
            track.counts[round(points * 2)] += 1
            track.llr = self.sprt.llr(track.counts)
            track.decision = self.sprt.decide(track.llr)
            if track.decision is not None:
                track.stop_deal = deal
            track.next_deal += 1

    def stopped(self, pairing: int) -> bool:
        """The pairing's SPRT has decided: play none of its games any more."""
        return self._tracks is not None and self._tracks[pairing].decision is not None

    def counted(self, outcome: GameOutcome) -> bool:
        if self._tracks is None:
            return True
        stop = self._tracks[outcome.pairing].stop_deal
        return stop is None or outcome.deal <= stop

    def wanted(self, game) -> bool:
        """Should this scheduled game still be played?"""
        if game.index in self.outcomes:
            return False
        return not self.stopped(game.pairing)

    def remaining(self) -> int:
        """Games still to play (those of undecided pairings)."""
        return sum(1 for g in self.schedule.games if self.wanted(g))

    def total(self) -> int:
        """Games this tournament will have counted when it ends, as far as known now."""
        s = self.schedule
        per_pairing = s.games_per_pairing
        total = 0
        for p in range(len(s.pairings)):
            if self.stopped(p):
                assert self._tracks is not None  # only an SPRT stops a pairing
                stop = self._tracks[p].stop_deal
                assert stop is not None  # set with the decision
                total += (stop + 1) * s.seats
            else:
                total += per_pairing
        return total

    # ----------------------------------------------------------------- the tables
    def summary(self) -> Summary:
        s = self.schedule
        k = s.seats
        players = {name: PlayerStats(name) for name in s.players}
        pair_keys: list[tuple[str, str]] = []
        order = {name: i for i, name in enumerate(s.players)}
        if k == 2:
            pair_keys = [(p[0], p[1]) for p in s.pairings]
        else:
            seen = set()
            for group in s.pairings:
                for i in range(k):
                    for j in range(i + 1, k):
                        x, y = sorted((group[i], group[j]), key=order.__getitem__)
                        if (x, y) not in seen:
                            seen.add((x, y))
                            pair_keys.append((x, y))
            pair_keys.sort(key=lambda xy: (order[xy[0]], order[xy[1]]))
        pairs = {key: PairStats(*key) for key in pair_keys}
        units: dict[tuple[int, int], list[GameOutcome]] = defaultdict(list)
        counted = 0
        for o in self.outcomes.values():
            if not self.counted(o):
                continue
            counted += 1
            units[(o.pairing, o.deal)].append(o)
            colour_of = {name: c for c, name in o.seats.items()}
            for colour, name in o.seats.items():
                st = players[name]
                st.games += 1
                others = [c for c in o.seats if c != colour]
                st.points += sum(o.points(colour, c) for c in others) / len(others)
                st.margin += o.scores[colour] - max(o.scores[c] for c in others)
                first = [c for c in o.seats if o.places[c] == 1]
                if o.places[colour] != 1:
                    st.losses += 1
                elif len(first) == 1:
                    st.wins += 1
                else:
                    st.draws += 1
                if o.error and o.error.get("colour") == colour:
                    st.errors += 1
                st.think += o.think.get(colour, 0.0)
                st.decisions += o.decisions.get(colour, 0)
            for (a, b), pst in pairs.items():
                if a not in colour_of or b not in colour_of:
                    continue
                ca, cb = colour_of[a], colour_of[b]
                pst.games += 1
                pts = o.points(ca, cb)
                if pts == 1.0:
                    pst.a_wins += 1
                elif pts == 0.0:
                    pst.b_wins += 1
                else:
                    pst.draws += 1
                pst.margin += o.scores[ca] - o.scores[cb]
        # interval: the complete units (deals with every rotation counted)
        player_units: dict[str, list[float]] = defaultdict(list)
        pair_units: dict[tuple[str, str], list[float]] = defaultdict(list)
        for (_, _), games in units.items():
            if len(games) != k:
                continue
            names = list(games[0].seats.values())
            for name in names:
                total = 0.0
                for g in games:
                    c = _colour_of(g, name)
                    others = [x for x in g.seats if x != c]
                    total += sum(g.points(c, x) for x in others) / len(others)
                player_units[name].append(total / k)
            for a, b in pairs:
                if a in names and b in names:
                    pts = sum(g.points(_colour_of(g, a), _colour_of(g, b)) for g in games)
                    pair_units[(a, b)].append(pts / k)
        for name, st in players.items():
            st.estimate = estimate(st.score, st.games, player_units[name])
        for key, pst in pairs.items():
            pst.estimate = estimate(pst.score, pst.games, pair_units[key])
            if k == 2:
                pst.pentanomial = unit_counts((u * 2 for u in pair_units[key]), 2)
        if self._tracks is not None:
            for i, key in enumerate(pair_keys):
                track = self._tracks[i]
                pairs[key].sprt, pairs[key].llr = track.decision, track.llr
        return Summary(players, list(pairs.values()), counted, len(self.outcomes))


def _r2(x: float) -> float:
    return round(x, 2) + 0.0  # + 0.0: no -0.0 in the JSON


def _colour_of(outcome: GameOutcome, name: str) -> str:
    for colour, player in outcome.seats.items():
        if player == name:
            return colour
    raise KeyError(name)


def _other(outcome: GameOutcome, name: str) -> str:
    return next(c for c, p in outcome.seats.items() if p != name)

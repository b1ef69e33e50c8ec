"""A tournament's configuration: what decides its games and results (not how it runs).

It is saved as ``tournament.json`` in the ``--out`` directory; ``--resume`` reads it back
and refuses options that would change it (workers, backend and display may change).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from wordbot.engine.games import DEFAULT_GAME
from wordbot.errors import WordbotError
from wordbot.lexicons import described_lexicon, resumed_lexicon
from wordbot.tournament.schedule import (
    Schedule,
    TournamentError,
    player_names,
    split_player_list,
)  # fmt: skip
from wordbot.tournament.stats import Sprt

FORMAT = "wordbot.tournament/1"
DEFAULT_DEALS = 20  # --games default: 20 deals, each played with every rotation


@dataclass(frozen=True)
class TournamentConfig:
    players: dict[str, str]  # name -> spec, in order (a gauntlet's player first)
    gauntlet: str | None
    seats: int
    games: int  # per pairing
    seed: int
    rules: dict[str, Any]  # the game's Rules.to_json()
    lexicon: dict[str, Any] | None  # {"path", "digest", "words"}; None: the game has none
    sprt: dict[str, float] | None
    game: str = DEFAULT_GAME
    seat_names: tuple[str, ...] = ()  # the game's names of the table's seats
    plugins: tuple[str, ...] = ()  # modules that define the game or the players
    setup: dict[str, Any] = field(default_factory=dict)  # the set-up options, as JSON

    @property
    def colours(self) -> tuple[str, ...]:
        return self.seat_names

    def schedule(self) -> Schedule:
        return Schedule(
            list(self.players),
            self.seats,
            self.games,
            self.seed,
            self.gauntlet,
            self.seat_names,
        )

    def sprt_test(self) -> Sprt | None:
        return Sprt(**self.sprt) if self.sprt else None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": dict(self.players),
            "gauntlet": self.gauntlet,
            "seats": self.seats,
            "seat_names": list(self.seat_names),
            "games": self.games,
            "seed": self.seed,
            "rules": dict(self.rules),
            "lexicon": self.lexicon,
            "sprt": self.sprt,
            "plugins": list(self.plugins),
            "setup": self.setup,
        }

    @classmethod
    def from_json(cls, obj: Any, where: str) -> TournamentConfig:
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise TournamentError(f"{where}: not a {FORMAT} configuration")
        try:
            game = obj["game"]
            seats = int(obj["seats"])
            seat_names = tuple(
                obj.get("seat_names")
                or _seat_names(_catalog(obj.get("plugins", ())), game, seats)
            )
            lexicon = obj["lexicon"]
            return cls(
                dict(obj["players"]),
                obj["gauntlet"],
                seats,
                int(obj["games"]),
                int(obj["seed"]),
                dict(obj["rules"]),
                None if lexicon is None else dict(lexicon),
                obj["sprt"],
                game,
                seat_names,
                tuple(obj.get("plugins", ())),
                dict(obj.get("setup") or {}),
            )
        except KeyError as exc:
            raise TournamentError(f"{where}: damaged configuration (no {exc})") from None
        except (TypeError, ValueError) as exc:
            raise TournamentError(f"{where}: damaged configuration ({exc!r})") from None


def _catalog(plugins):
    from wordbot.plugins import load_catalog

    return load_catalog(plugins)


def _seat_names(catalog, game: str, seats: int) -> tuple[str, ...]:
    try:
        return catalog.game(game).seat_names(seats)
    except WordbotError as exc:
        raise TournamentError(f"--seats {seats}: {exc}") from None


def _players(
    players: str | None, gauntlet: str | None, opponents: str | None, table=None, game=None
):
    """(name -> spec, gauntlet name) from the --players / --gauntlet / --opponents text:
    each a player of ``table`` that plays ``game``."""
    if players is not None and (gauntlet is not None or opponents is not None):
        raise TournamentError(
            "--players is a round robin; --gauntlet with --opponents is a "
            "gauntlet: give one or the other"
        )
    if gauntlet is not None or opponents is not None:
        if gauntlet is None or opponents is None:
            raise TournamentError(
                "a gauntlet needs both --gauntlet PLAYER and --opponents LIST"
            )
        first = split_player_list(gauntlet)
        if len(first) != 1:
            raise TournamentError(f"--gauntlet {gauntlet!r}: one player, not {len(first)}")
        names = player_names(first + split_player_list(opponents), table, game)
        return names, next(iter(names))
    if players is None:
        raise TournamentError(
            "no players: give --players A,B,... (round robin) or "
            "--gauntlet A --opponents B,C,..."
        )
    return player_names(split_player_list(players), table, game), None


def _rules(game, rules: tuple[str, ...]) -> dict[str, Any]:
    return game.rules(rules).to_json()


def new_config(
    players=None,
    gauntlet=None,
    opponents=None,
    seats=None,
    games=None,
    seed=None,
    rules=(),
    lexicon_path=None,
    sprt=None,
    game=DEFAULT_GAME,
    plugins=(),
    setup_words=(),
):
    """The configuration of a new tournament of ``game`` (and its lexicon), checked.

    ``sprt``: (elo0, elo1, alpha, beta) or None. An unknown game, player or option, a
    player that does not play the game, a --games that is not a multiple of the seats, ...
    raise :class:`TournamentError` (or the player's, rules' or lexicon's own error) before
    anything is played or written. ``plugins``: modules defining more games or players
    (the workers import them too). ``setup_words``: the game's set-up flags and their
    values (:meth:`~wordbot.engine.game.Game.setup_from_cli`), read now and saved with
    the configuration.
    """
    catalog = _catalog(plugins)
    try:
        chosen = catalog.game(game)
    except WordbotError as exc:
        raise TournamentError(f"--game {game}: {exc}") from None
    names, gauntlet_name = _players(players, gauntlet, opponents, catalog.players, chosen)
    seats = chosen.min_players if seats is None else seats
    seat_names = _seat_names(catalog, chosen.name, seats)
    games = DEFAULT_DEALS * seats if games is None else games
    seed = secrets.randbits(31) if seed is None else seed
    sprt_json = Sprt(*sprt).to_json() if sprt else None
    rules_json = _rules(chosen, rules)
    _check(names, gauntlet_name, seats, games, seed, sprt_json, seat_names)
    lexicon, lex_json = described_lexicon(chosen, lexicon_path)
    setup = chosen.setup_json(chosen.setup_from_cli(setup_words))
    return TournamentConfig(
        names,
        gauntlet_name,
        seats,
        games,
        seed,
        rules_json,
        lex_json,
        sprt_json,
        chosen.name,
        seat_names,
        tuple(plugins),
        setup,
    ), lexicon


def _check(names, gauntlet_name, seats, games, seed, sprt_json, seat_names) -> None:
    schedule = Schedule(list(names), seats, games, seed, gauntlet_name, seat_names)
    if sprt_json is not None:
        from wordbot.tournament.standings import Standings

        Standings(schedule, Sprt(**sprt_json))


def resumed_config(
    saved: TournamentConfig,
    where: str,
    players=None,
    gauntlet=None,
    opponents=None,
    seats=None,
    games=None,
    seed=None,
    rules=(),
    lexicon_path=None,
    sprt=None,
    game=None,
    plugins=(),
):
    """The saved configuration (and its lexicon) after checking that every option given
    again agrees with it, the first that does not being the error; a larger ``games``
    is the one change allowed (the tournament plays more deals)."""

    def differs(saved_text: str, given_text: str):
        return TournamentError(
            f"--resume {where}: that tournament was played with "
            f"{saved_text}, not {given_text}"
        )

    catalog = _catalog(
        tuple(saved.plugins) + tuple(p for p in plugins if p not in saved.plugins)
    )
    if game is not None and game != saved.game:
        raise differs(f"--game {saved.game}", f"--game {game}")
    chosen = catalog.game(saved.game)
    if players is not None or gauntlet is not None or opponents is not None:
        names, gauntlet_name = _players(
            players, gauntlet, opponents, catalog.players, chosen
        )
        if gauntlet_name != saved.gauntlet:
            raise differs(
                f"--gauntlet {saved.gauntlet}" if saved.gauntlet else "a round robin",
                f"--gauntlet {gauntlet_name}" if gauntlet_name else "a round robin",
            )
        if list(names.items()) != list(saved.players.items()):
            raise differs("the players " + ",".join(saved.players), ",".join(names))
    for option, value, have in (
        ("--seats", seats, saved.seats),
        ("--seed", seed, saved.seed),
    ):
        if value is not None and value != have:
            raise differs(f"{option} {have}", f"{option} {value}")
    if games is not None and games < saved.games:
        raise TournamentError(
            f"--resume {where}: that tournament was played with --games {saved.games}; "
            f"resuming can add games (a larger --games), never drop them"
        )
    if sprt:
        given = Sprt(*sprt).to_json()
        if given != saved.sprt:

            def show(s):
                return "none" if not s else " ".join(f"{v:g}" for v in s.values())

            raise differs(f"--sprt {show(saved.sprt)}", f"--sprt {show(given)}")
    if rules:
        given = _rules(chosen, rules)
        if given != saved.rules:
            diff = sorted(k for k in given if given[k] != saved.rules.get(k))
            name = diff[0]
            raise differs(f"--rule {name}={saved.rules.get(name)}", f"{name}={given[name]}")
    lexicon = resumed_lexicon(chosen, saved.lexicon, lexicon_path, where, "tournament")
    # games are numbered deal by deal, so a larger count keeps every game played and
    # adds the next deals after them
    config = replace(saved, games=max(games or 0, saved.games))
    _check(
        config.players,
        config.gauntlet,
        config.seats,
        config.games,
        config.seed,
        config.sprt,
        config.seat_names,
    )
    return config, lexicon

"""A study's configuration: the game, the table of players, the rule variants, the games.

``--vary NAME=V1,V2,...`` names a rule option of the game (``wordbot games`` lists them)
and its values; a value that itself holds commas (First Draft's ``coasters``) is given
with ``/`` between the values instead: ``--vary coasters=1,2,2,3/1,1,2,3``. The pseudo
option ``seats`` varies the number of players at the table. Every combination of the
varied values is a *variant*; ``--rule`` options hold for all of them.

It is saved as ``study.json`` in the ``--out`` directory; ``--resume`` reads it back and
refuses options that would change it.

>>> vary_values("rounds=6,8,10"), vary_values("coasters=1,2,3/2,3,4")
(('rounds', ['6', '8', '10']), ('coasters', ['1,2,3', '2,3,4']))
"""

from __future__ import annotations

import itertools
import math
import secrets
from dataclasses import dataclass, field
from typing import Any

from wordbot.engine.numerals import int_text
from wordbot.engine.options import value_text
from wordbot.errors import WordbotError
from wordbot.lexicons import described_lexicon, resumed_lexicon
from wordbot.tournament.schedule import player_names, split_player_list


class StudyError(WordbotError):
    """A study that cannot be set up, resumed or written (one line, names the option)."""

    code = "bad_study"


FORMAT = "wordbot.study/1"
SEATS = "seats"  # the pseudo option: players at the table


def vary_values(text: str) -> tuple[str, list[str]]:
    """(option name, its values) of one ``--vary NAME=V1,V2,...``; values that hold
    commas are separated by ``/``, and one such value ends with it.

    >>> vary_values("rounds=6,8"), vary_values("compensation=0,1/0,2")
    (('rounds', ['6', '8']), ('compensation', ['0,1', '0,2']))
    >>> vary_values("compensation=0,0.5,2/")
    ('compensation', ['0,0.5,2'])
    """
    name, eq, rest = text.partition("=")
    name = name.strip()
    if not eq or not name or not rest.strip():
        raise StudyError(f"--vary {text}: expected NAME=V1,V2,...")
    if "/" in rest and rest.rstrip().endswith("/") and rest.count("/") == 1:
        rest = rest.rstrip()[:-1]  # one value that holds commas
        values = [rest.strip()]
    else:
        values = [v.strip() for v in rest.split("/" if "/" in rest else ",")]
    if any(not v for v in values):
        raise StudyError(f"--vary {text}: an empty value")
    if len(set(values)) != len(values):
        raise StudyError(f"--vary {text}: a value given twice")
    return name, values


@dataclass(frozen=True)
class Variant:
    """One combination of the varied options: its full rules, the varied values as the
    rules read them (``changed``) and the number of seats."""

    rules: dict[str, Any]
    changed: dict[str, Any]
    seats: int
    colours: tuple[str, ...]

    @property
    def label(self) -> str:
        """``rounds=6 seats=3`` (``default`` when nothing is varied)."""
        return (
            " ".join(f"{k}={value_text(v)}" for k, v in self.changed.items()) or "default"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "changed": self.changed,
            "seats": self.seats,
            "colours": list(self.colours),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Variant:
        return cls(
            dict(obj["rules"]),
            dict(obj["changed"]),
            int(obj["seats"]),
            tuple(obj["colours"]),
        )


@dataclass(frozen=True)
class StudyConfig:
    """What decides a study's games. ``players``: the table (name -> spec) in seat
    order, as many as the most seats of any variant."""

    game: str
    players: dict[str, str]
    vary: tuple[tuple[str, tuple[str, ...]], ...]
    base: tuple[str, ...]  # the --rule assignments every variant has
    variants: tuple[Variant, ...]
    games: int  # per variant
    seed: int
    lexicon: dict[str, Any] | None
    plugins: tuple[str, ...] = ()
    setup: dict[str, Any] = field(default_factory=dict)
    #: each deal played with every rotation of the table; False when one player sits in
    #: every seat (see :mod:`wordbot.study.schedule`); studies saved before it rotate
    rotate: bool = True

    @property
    def option_values(self) -> dict[str, list[str]]:
        """The varied options and their values as given."""
        return {name: list(values) for name, values in self.vary}

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": dict(self.players),
            "vary": [[n, list(v)] for n, v in self.vary],
            "rules": list(self.base),
            "variants": [v.to_json() for v in self.variants],
            "games": self.games,
            "seed": self.seed,
            "lexicon": self.lexicon,
            "plugins": list(self.plugins),
            "setup": self.setup,
            "rotate": self.rotate,
        }

    @classmethod
    def from_json(cls, obj: Any, where: str) -> StudyConfig:
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise StudyError(f"{where}: not a {FORMAT} configuration")
        try:
            return cls(
                obj["game"],
                dict(obj["players"]),
                tuple((n, tuple(v)) for n, v in obj["vary"]),
                tuple(obj["rules"]),
                tuple(Variant.from_json(v) for v in obj["variants"]),
                int(obj["games"]),
                int(obj["seed"]),
                obj["lexicon"],
                tuple(obj.get("plugins", ())),
                dict(obj.get("setup") or {}),
                bool(obj.get("rotate", True)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise StudyError(f"{where}: damaged configuration ({exc!r})") from None


def make_variants(game, vary, base: tuple[str, ...], seats: int | None) -> list[Variant]:
    """Every combination of the varied values (the first --vary slowest), checked."""
    names = [name for name, _ in vary]
    for name in names:
        if names.count(name) > 1:
            raise StudyError(f"--vary {name}: given twice; list all its values in one")
    fixed = {item.partition("=")[0].strip() for item in base}
    for name in names:
        if name in fixed:
            raise StudyError(f"--vary {name}: also set by --rule {name}=...")
    if SEATS in names and seats is not None:
        raise StudyError("--vary seats=... and --seats: give one or the other")
    variants = []
    for combo in itertools.product(*(values for _, values in vary)):
        chosen = dict(zip(names, combo))
        k = seats if seats is not None else game.min_players
        if SEATS in chosen:
            text = str(chosen[SEATS])
            k = int_text(text, f"--vary seats={text:.20}", error=StudyError)
        try:
            colours = game.seat_names(k)
        except WordbotError as exc:
            raise StudyError(f"--vary seats: {exc}") from None
        varied = [f"{n}={v}" for n, v in chosen.items() if n != SEATS]
        for item in varied:  # name the --vary, not a --rule, when a value is refused
            try:
                game.rules([item])
            except WordbotError as exc:
                raise StudyError(f"--vary {item}: {str(exc).split(': ', 1)[-1]}") from None
        assignments = list(base) + varied
        ruled = game.rules(assignments)  # a bad name or value fails here
        changed = {
            n: (k if n == SEATS else ruled.OPTIONS[n].to_json(getattr(ruled, n)))
            for n in names
        }
        rules = ruled.to_json()
        variants.append(Variant(rules, changed, k, colours))
    return variants


def new_study(
    game_name: str,
    players: str | None,
    vary: tuple[str, ...] = (),
    games: int = 400,
    seed: int | None = None,
    rules: tuple[str, ...] = (),
    seats: int | None = None,
    lexicon_path=None,
    plugins: tuple[str, ...] = (),
    setup_words: tuple[str, ...] = (),
):
    """The configuration of a new study (and its lexicon), checked before anything is
    played or written.

    >>> config, _ = new_study("routewords", "routes", ("ko_rule=true,false",), games=4, seed=1)
    >>> [v.label for v in config.variants], list(config.players)
    (['ko_rule=true', 'ko_rule=false'], ['routes', 'routes#2'])
    """
    from wordbot.plugins import load_catalog

    catalog = load_catalog(plugins)
    try:
        game = catalog.game(game_name)
    except WordbotError as exc:
        raise StudyError(f"--game {game_name}: {exc}") from None
    if not players:
        raise StudyError("--players: give the players of the table, e.g. control,control")
    specs = split_player_list(players)
    rotate = len(set(specs)) > 1  # one player in every seat: new deals, not rotations
    parsed = [vary_values(v) for v in vary]
    if seats is None and len(specs) > 1 and all(n != SEATS for n, _ in parsed):
        seats = len(specs)
    variants = make_variants(game, parsed, tuple(rules), seats)
    most = max(v.seats for v in variants)
    if len(specs) == 1:
        specs = specs * most  # one player: it sits in every seat
    elif len(specs) != most or any(v.seats != most for v in variants):
        raise StudyError(
            f"--players: {len(specs)} players for tables of "
            f"{sorted({v.seats for v in variants})}; give one player to fill every seat "
            "when the seats vary"
        )
    names = player_names(specs, catalog.players, game)
    step = math.lcm(*(v.seats for v in variants)) if rotate else 1
    if games < 1 or games % step:
        raise StudyError(
            f"--games {games}: must be a positive multiple of {step} (each deal is "
            "played with every rotation of the seats of every variant)"
        )
    lexicon, lex_json = described_lexicon(game, lexicon_path)
    setup = game.setup_json(game.setup_from_cli(setup_words))
    config = StudyConfig(
        game.name,
        names,
        tuple((n, tuple(v)) for n, v in parsed),
        tuple(rules),
        tuple(variants),
        games,
        secrets.randbits(31) if seed is None else seed,
        lex_json,
        tuple(plugins),
        setup,
        rotate,
    )
    return config, lexicon


def resumed_study(saved: StudyConfig, where: str, given: StudyConfig | None, lexicon_path):
    """The saved configuration (and its lexicon) after checking that a configuration made
    from the options given again (None: none given) agrees with it."""
    from wordbot.plugins import load_catalog

    if given is not None:
        mine, theirs = saved.to_json(), given.to_json()
        for key in ("game", "players", "vary", "rules", "games", "seed", "variants"):
            if mine[key] != theirs[key]:
                raise StudyError(
                    f"--resume {where}: that study was made with other {key} "
                    f"({_short(mine[key])}, not {_short(theirs[key])})"
                )
    game = load_catalog(saved.plugins).game(saved.game)
    lexicon = resumed_lexicon(game, saved.lexicon, lexicon_path, where, "study")
    return saved, lexicon


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."

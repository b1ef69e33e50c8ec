"""Players by name: ``make_player("mc:time=0.5,plies=4")``.

A player name with options is written ``name:key=value,...`` everywhere a player is
named (command line, tournaments, the line protocol).
"""

from __future__ import annotations

from wordbot.players.base import Player, PlayerError

PLAYERS: dict[str, type[Player]] = {}


def register(cls: type[Player]) -> type[Player]:
    """Class decorator: make ``cls`` available under ``cls.name``."""
    PLAYERS[cls.name] = cls
    return cls


def _convert(player: str, key: str, text: str, kind: type):
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        return kind(text)
    except ValueError:
        raise PlayerError(f"player {player}: option {key}={text!r} is not a "
                          f"{kind.__name__}") from None


def parse_spec(spec: str) -> tuple[str, dict]:
    """Split ``name:key=value,...`` into the name and typed options.

    >>> parse_spec("mc:time=0.5,plies=4")
    ('mc', {'time': 0.5, 'plies': 4})
    """
    name, _, rest = spec.strip().partition(":")
    if name not in PLAYERS:
        raise PlayerError(f"unknown player {name!r} (players: {', '.join(sorted(PLAYERS))})")
    cls = PLAYERS[name]
    options = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq:
            raise PlayerError(f"player {name}: option {part!r} needs key=value")
        if key not in cls.options:
            known = ", ".join(sorted(cls.options)) or "none"
            raise PlayerError(f"player {name}: unknown option {key!r} (options: {known})")
        options[key] = _convert(name, key, value, cls.options[key].type)
    return name, options


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from its ``name:key=value,...`` spec."""
    name, options = parse_spec(spec)
    return PLAYERS[name](seed=seed, **options)

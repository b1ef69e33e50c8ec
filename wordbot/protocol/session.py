"""A protocol session: its options, its game and (stateful use) its current position, and
every command but ``go``, ``stop`` and ``quit``.

A session plays one game at a time (the ``game`` it was made with,
:data:`~wordbot.engine.games.DEFAULT_GAME` by default); ``newgame`` with ``"game"``
switches it. A position sent to a session must be of its game.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wordbot import __version__
from wordbot.engine.games import DEFAULT_GAME
from wordbot.lexicons import load_lexicon
from wordbot.players.levels import levels_json
from wordbot.players.profile import profile_of
from wordbot.plugins import BUILTIN, Catalog
from wordbot.protocol.envelope import (
    COMMANDS,
    MAX_LINE,
    MAX_TOP,
    NEWGAME,
    PROTOCOL,
    ProtocolError,
    int_field,
    number_field,
    reply,
    request_id,
)
from wordbot.protocol.lobby import Lobby
from wordbot.protocol.search import SEARCH_LOCK, Search, thinking_time
from wordbot.protocol.table import HostedHint, Table

#: the player of ``go`` when neither the request nor ``setoption player`` names one
DEFAULT_PLAYER = "mc"
#: options whose presence marks a player that searches for a while
SEARCH_OPTIONS = ("time", "iterations")


@dataclass(frozen=True)
class EngineOption:
    type: str  # JSON type name: "string", "integer", "number", "boolean"
    default: Any
    help: str
    nullable: bool = False

    def to_json(self) -> dict:
        return {
            "type": self.type,
            "default": self.default,
            "help": self.help,
            "nullable": self.nullable,
        }


def engine_options() -> dict[str, EngineOption]:
    return {
        "player": EngineOption(
            "string",
            DEFAULT_PLAYER,
            "player spec used by go when it names none (name:key=value,...)",
        ),
        "seed": EngineOption(
            "integer", 0, "seed of the player's choices when go gives none"
        ),
        "top": EngineOption("integer", 5, f"candidates reported by go (1..{MAX_TOP})"),
        "time": EngineOption(
            "number",
            None,
            "seconds per go when it gives no limit (null: the player's own default)",
            True,
        ),
        "lexicon": EngineOption(
            "string",
            None,
            "word list file (null: the bundled default); loaded when set",
            True,
        ),
    }


_OPTION_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
}


class Session:
    """Options, the game, the lexicon and (stateful use) the current position of one
    client.

    ``allow_lexicon=False`` refuses ``setoption lexicon`` (the server: clients must not
    name files on the server's disk); ``max_time`` caps every search (seconds);
    ``max_moves`` caps the moves one ``moves`` reply lists; ``deals`` gives the seed of
    each hosted game, one call a game (the server's ``Deals.next``; None: each draws its
    own).
    """

    def __init__(
        self,
        lexicon: str | None = None,
        allow_lexicon: bool = True,
        max_time: float | None = None,
        player: str | None = None,
        max_moves: int | None = None,
        game: str = DEFAULT_GAME,
        catalog: Catalog = BUILTIN,
        rules: tuple[str, ...] = (),
        deals: Callable[[], int] | None = None,
        lobby: Lobby | None = None,
    ):
        self.catalog = catalog
        #: the server's hosted games, across connections (None: no rejoin)
        self.lobby = lobby
        #: how the session tells its client of something no request asked (its seat
        #: taken over by a rejoin elsewhere)
        self.notify: Callable[[dict], None] | None = None
        #: the events a rejoining seat missed, sent before the reply
        self.missed: list[dict] = []
        self.deals = deals
        self.game = catalog.game(game)
        #: NAME=VALUE rules of this session's game that a newgame starts from
        self.rules = {self.game.name: self.game.rules(rules).to_json()} if rules else {}
        self.specs = engine_options()
        self.options = {k: o.default for k, o in self.specs.items()}
        self.options["lexicon"] = lexicon
        if player is not None:
            self.options["player"] = player
        self.allow_lexicon = allow_lexicon
        self.max_time = max_time
        self.max_moves = max_moves
        self._state: Any = None
        #: the hidden fields the session's position left out (a seat's view): never
        #: sent back, and no move is applied to it (what it draws would be made up)
        self.made_up: tuple[str, ...] = ()
        #: the game the server holds for this client (``newgame`` with ``seats``)
        self.table: Table | None = None
        #: messages to send after the reply of the request at hand (bots' moves, the end)
        self.pushed: list[dict] = []
        self._lock = threading.Lock()

    # -- helpers -------------------------------------------------------------------
    def lexicon_of(self, game):
        # a game without words ignores the session's word list (set for another game)
        if not game.uses_lexicon:
            return None
        return load_lexicon(self.options["lexicon"], report=None)

    def read_position(self, obj: Any):
        if not isinstance(obj, dict):
            raise ProtocolError(
                "bad_position",
                "position: must be a JSON object (a docs/formats.md position)",
            )
        game = self.catalog.games.of_position(obj)
        if game is not self.game:
            raise ProtocolError(
                "bad_game",
                f"position: a {game.name} position, but this "
                f"session plays {self.game.name} (send newgame "
                f'with "game": "{game.name}" first)',
            )
        state = game.from_json(obj, self.lexicon_of(game))
        game.check_size(state)
        return state

    def target_view(self, req: dict):
        """(state, the hidden fields it made up) of a request: its own ``position`` (a
        full position or a seat's view) or the session's."""
        if req.get("position") is not None:
            obj = req["position"]
            state = self.read_position(obj)
            return state, state.game.made_up(obj)
        return self.target(req), self.made_up

    @property
    def state(self) -> Any:
        """The session's position (``position``, ``newgame``, ``play``), or None."""
        return self._state

    @state.setter
    def state(self, new: Any) -> None:
        if self._state is not None and self._state is not new:
            self._state.forget()  # freed at once when nothing else holds it
        self._state = new

    def target(self, req: dict):
        """The position a request works on: its own ``position`` or the session's."""
        if req.get("position") is not None:
            return self.read_position(req["position"])
        if self.state is None:
            raise ProtocolError(
                "no_position",
                "position: none given and none set (send "
                "position or newgame first, or include "
                '"position" in the request)',
            )
        return self.state

    def describe(self, state, req_id, made_up: tuple[str, ...] = (), **extra) -> dict:
        # a view goes back as a view: what its reader made up is not news to send
        shown = state.observation(state.to_move) if made_up else state.to_json()
        return reply(
            req_id,
            "position",
            game=state.game.name,
            position=shown,
            to_move=state.to_move,
            phase=state.phase,
            over=state.is_over,
            **extra,
        )

    # -- synchronous commands ------------------------------------------------------
    def handle(self, cmd: str, req: dict) -> dict:
        """The final reply of every command but go / stop / quit."""
        return getattr(self, "cmd_" + cmd)(req, request_id(req))

    def cmd_hello(self, req, rid) -> dict:
        players = {}
        table = self.catalog.players
        for name in table.for_game(self.game):
            cls = table.get(name)
            players[name] = {
                "description": cls.description,
                "games": None if cls.games is None else sorted(cls.games),
                "options": {
                    k: {"type": o.type.__name__, "default": o.default, "help": o.help}
                    for k, o in cls.options.items()
                },
            }
        games: dict[str, dict] = {}
        for name in self.catalog.games.names():
            game = self.catalog.games[name]
            # seats and table sizes: a front-end seats its tables from them (the web
            # page knows no game)
            games[name] = {
                "title": game.title,
                "position_format": game.position_format,
                "seats": list(game.seats),
                "players_per_game": [game.min_players, game.max_players],
                "setup": {o.name: o.describe() for o in game.setup_options},
                # opponents by strength: a seat plays "level:n=K"
                "levels": levels_json(game),
            }
        return reply(
            rid,
            "hello",
            engine="wordbot",
            version=__version__,
            protocol=PROTOCOL,
            game=self.game.name,
            position_format=self.game.position_format,
            games=games,
            commands=list(COMMANDS),
            options={k: o.to_json() for k, o in self.specs.items()},
            values=dict(self.options),
            players=players,
            limits={
                "line_bytes": MAX_LINE,
                "top": MAX_TOP,
                "max_time": self.max_time,
                "max_moves": self.max_moves,
                **self.game.size_limits,
            },
        )

    def cmd_isready(self, req, rid) -> dict:
        self.lexicon_of(self.game)  # loads it: readyok means requests will not wait
        return reply(rid, "readyok")

    def cmd_setoption(self, req, rid) -> dict:
        name = req.get("name")
        if not isinstance(name, str) or name not in self.specs:
            raise ProtocolError(
                "bad_option",
                f"name: unknown option {str(name)[:60]!r} "
                f"(options: {', '.join(self.specs)})",
            )
        if "value" not in req:
            raise ProtocolError("bad_option", f"value: missing for option {name}")
        spec = self.specs[name]
        value = req["value"]
        if value is None and not spec.nullable:
            raise ProtocolError("bad_option", f"value: option {name} cannot be null")
        if value is not None and not _OPTION_TYPES[spec.type](value):
            raise ProtocolError(
                "bad_option",
                f"value: option {name} takes a {spec.type}, not {json.dumps(value)[:40]}",
            )
        if name == "player":
            self.catalog.players.make(value, self.game)
        elif name == "top" and not 1 <= value <= MAX_TOP:
            raise ProtocolError(
                "bad_option", f"value: top must be 1..{MAX_TOP}, got {value}"
            )
        elif name == "time" and value is not None and not 0 <= value <= 86400:
            raise ProtocolError("bad_option", "value: time must be 0..86400 seconds")
        elif name == "seed" and not 0 <= value < 2**63:
            raise ProtocolError("bad_option", "value: seed must be 0..2**63-1")
        elif name == "lexicon":
            if not self.allow_lexicon:
                raise ProtocolError(
                    "bad_option",
                    "lexicon: this server does not let clients choose the word list",
                )
            load_lexicon(value, report=None)
            self.state = None  # a position belongs to its lexicon
        self.options[name] = value
        return reply(rid, "option", name=name, value=value)

    def cmd_position(self, req, rid) -> dict:
        if "position" not in req:
            raise ProtocolError("bad_request", "position: missing")
        self.state, self.made_up = self.target_view(req)
        return self.describe(self.state, rid, self.made_up)

    def cmd_observe(self, req, rid) -> dict:
        state = self.target(req)
        viewer = req.get("viewer", state.to_move)
        if viewer not in state.players:
            raise ProtocolError(
                "bad_request",
                f"viewer: {str(viewer)[:40]!r} is not a seat ({', '.join(state.players)})",
            )
        return reply(
            rid, "view", game=state.game.name, viewer=viewer, view=state.observation(viewer)
        )

    def cmd_newgame(self, req, rid) -> dict:
        game = self.game
        if "game" in req:
            name = req["game"]
            if not isinstance(name, str):
                raise ProtocolError("bad_game", "game: a game name (hello lists them)")
            game = self.catalog.game(name)
        players = req.get("players")
        if players is not None and not (
            isinstance(players, str)
            or (isinstance(players, list) and all(isinstance(p, str) for p in players))
        ):
            raise ProtocolError("bad_request", "players: a list of names")
        seed = int_field(req, "seed", 0, 2**63 - 1)
        asked = req.get("rules") or {}
        if not isinstance(asked, dict):
            raise ProtocolError("bad_request", "rules: an object of rule options")
        rules = game.Rules.from_json({**self.rules.get(game.name, {}), **asked}, "rules")
        setup = game.setup_from_json(self.setup_fields(game, req))
        if "seats" in req:
            if seed is not None:
                raise ProtocolError(
                    "bad_request",
                    "seed: a hosted game draws its own seed, and never tells it",
                )
            table = Table(
                game,
                req["seats"],
                rules,
                self.lexicon_of(game),
                self.catalog,
                setup,
                seed=None if self.deals is None else self.deals(),
                players=players,
                max_time=self.max_time,
                bid=req.get("bid"),
            )
            token = {}
            if self.lobby is not None:  # kept across connections: the seat's token
                token["token"] = self.lobby.host(table, self)
            table.holder = self
            if self.table is not None:
                with self.table.lock:
                    self.table.closed = True  # its bots stop; a late move is dropped
                if self.lobby is not None:
                    self.lobby.discard(self.table)
            self.game, self.table = game, table
            return reply(rid, "table", game=game.name, **table.message(), **token)
        state = game.new(players, seed, rules, self.lexicon_of(game), **setup)
        self.game, self.state, self.made_up = game, state, ()
        return self.describe(state, rid)

    @staticmethod
    def setup_fields(game, req: dict) -> dict:
        """The fields of a ``newgame`` request that are the game's set-up options (each
        game declares its own); any other field is refused, naming the fields."""
        fields = {k: v for k, v in req.items() if k not in ("cmd", "id", *NEWGAME)}
        names = [option.name for option in game.setup_options]
        for key in fields:
            if key not in names:
                known = ", ".join((*NEWGAME, *names))
                raise ProtocolError(
                    "bad_request",
                    f"{str(key)[:60]}: unknown field of newgame for {game.title} "
                    f"(fields: {known})",
                )
        return fields

    def cmd_apply(self, req, rid) -> dict:
        if "move" not in req:
            raise ProtocolError(
                "bad_request", "move: missing (notation text or a move object)"
            )
        inline = req.get("position") is not None
        state, made_up = self.target_view(req)
        move_obj = req["move"]
        if not isinstance(move_obj, (str, dict)):
            raise ProtocolError("bad_move", "move: notation text or a move object")
        if state.is_over:
            raise ProtocolError("game_over", "position: the game is over")
        if isinstance(move_obj, dict) and not isinstance(move_obj.get("type"), str):
            raise ProtocolError("bad_move", "move.type: the move's type (docs/formats.md)")
        move = state.parse_move(move_obj)
        after = state.apply(move)
        state.game.check_size(after)
        if not inline:
            self.state = after
        # a view stays a view: the draws follow the order its reader made up (docs/formats.md),
        # an order no reply tells
        events = {k: v for k, v in after.record_events().items() if k not in made_up}
        return self.describe(
            after,
            rid,
            made_up,
            move=move.to_json(),
            notation=state.notation(move),
            player=state.to_move,
            events=events,
        )

    def hosted(self, what: str) -> Table:
        if self.table is None:
            raise ProtocolError(
                "no_table", f'{what}: no hosted game (send newgame with "seats" first)'
            )
        return self.table

    def cmd_rejoin(self, req, rid) -> dict:
        if self.lobby is None:
            raise ProtocolError(
                "no_table", "rejoin: this engine keeps no games across connections"
            )
        return self.lobby.seat(self, req, rid)

    def cmd_play(self, req, rid) -> dict:
        if "move" not in req:
            raise ProtocolError(
                "bad_request", "move: missing (notation text or a move object)"
            )
        first, *pushed = self.hosted("play").play(req.get("turn"), req["move"])
        self.pushed = pushed
        first = dict(first)
        return reply(rid, first.pop("type"), **first)

    def hosted_hint(self, req: dict) -> HostedHint:
        """The job that answers ``hint`` (a hosted game's seat, on its turn): checked
        now, worked out on its own thread behind the search lock."""
        from wordbot.players import Limit

        table = self.hosted("hint")
        top = int_field(req, "top", 1, MAX_TOP) or 3
        spec = req.get("player", profile_of(table.state.game).default_policy)
        if not isinstance(spec, str):
            raise ProtocolError("bad_player", "player: a player spec string")
        players = self.catalog.players
        seconds = thinking_time(players, spec, None, self.max_time)  # at most the cap
        limit = None if seconds is None else Limit(time=seconds)
        player = players.make(spec, table.state.game, limit)
        job = table.hint_job(request_id(req), req.get("turn"), top, player)
        job.quick = self.quick_player(player, table.state.game)
        return job

    def quick_player(self, player, game):
        """The game's default policy when ``player`` searches for a while (its ranking
        comes first, so that ``stop`` has candidates to give at once); else None."""
        if any(k in type(player).options for k in SEARCH_OPTIONS):
            return self.catalog.players.make(profile_of(game).default_policy, game)
        return None

    def _kind_and_limit(self, req, game) -> tuple[str, int | None]:
        """``moves``' ``kind`` (one of the game's, or all) and ``limit`` (at most the
        server's ``max_moves``)."""
        kind = req.get("kind", "all")
        kinds = ("all", *game.move_kinds)
        if kind not in kinds:
            raise ProtocolError(
                "bad_request", f"kind: {str(kind)[:40]!r} is not one of {', '.join(kinds)}"
            )
        limit = int_field(req, "limit", 0, 10**6)
        if self.max_moves is not None:
            limit = self.max_moves if limit is None else min(limit, self.max_moves)
        return kind, limit

    def cmd_moves(self, req, rid) -> dict:
        if "turn" in req:  # the hosted game's moves of the client's seat
            table = self.hosted("moves")
            kind, limit = self._kind_and_limit(req, table.state.game)
            return reply(rid, "moves", **table.moves(req["turn"], limit, kind))
        state = self.target(req)
        kind, limit = self._kind_and_limit(req, state.game)
        # not behind the searches: a listing takes milliseconds, and a client waiting
        # for its moves must not wait for other clients' thinking
        moves = state.moves(kind)
        gains = list(moves.gains())
        order = sorted(range(len(moves)), key=lambda i: -gains[i])
        if limit is not None:
            order = order[:limit]
        listed = [
            {
                "move": moves[i].to_json(),
                "notation": state.notation(moves[i]),
                "points": gains[i].item() if hasattr(gains[i], "item") else gains[i],
            }
            for i in order
        ]
        if state is not self.state:
            state.forget()  # made for this request: freed now, not by the collector
        return reply(rid, "moves", game=state.game.name, count=len(moves), moves=listed)

    def cmd_score(self, req, rid) -> dict:
        state = self.target(req)
        return reply(
            rid,
            "score",
            game=state.game.name,
            over=state.is_over,
            **state.outcome().details,
        )

    # -- go --------------------------------------------------------------------------
    def prepare_go(self, req: dict) -> Search:
        from wordbot.players import Limit

        state = self.target(req)
        if state.is_over:
            raise ProtocolError("game_over", "position: the game is over; there is no move")
        spec = req.get("player", self.options["player"])
        if not isinstance(spec, str):
            raise ProtocolError(
                "bad_player", "player: a player spec string (name:key=value)"
            )
        seed = int_field(req, "seed", 0, 2**63 - 1)
        seed = self.options["seed"] if seed is None else seed
        top = int_field(req, "top", 1, MAX_TOP) or self.options["top"]
        seconds = number_field(req, "time")
        iterations = int_field(req, "iterations", 0, 10**9)
        plies = int_field(req, "plies", 0, 1000)
        if seconds is None and iterations is None:
            seconds = self.options["time"]
        table = self.catalog.players
        if self.max_time is not None:
            # the request's time, else the spec's own (mc:time=0.2 thinks 0.2 s, not the
            # cap), each at most the server's cap
            seconds = thinking_time(table, spec, seconds, self.max_time)
        player = table.make(
            spec, state.game, Limit(time=seconds, iterations=iterations, plies=plies)
        )
        player.check(state)
        state.check_playable()
        quick = self.quick_player(player, state.game)
        return Search(request_id(req), state, player, seed, top, quick)


def warm_up(
    lexicon: str | None = None,
    games: Sequence[str] = (DEFAULT_GAME,),
    catalog: Catalog = BUILTIN,
    player: str | None = None,
) -> None:
    """Load each of ``games``' lexicon and compiled kernels now (compiling what numba's
    cache lacks), by playing a few moves with ``player`` (the default player where it
    does not play a game), so that a client's first bot move and hint are quick."""
    from wordbot.warm import play_briefly

    session = Session(lexicon=lexicon, catalog=catalog)
    spec = player or DEFAULT_PLAYER
    name = spec.split(":", 1)[0]
    with SEARCH_LOCK:
        for game_name in games:
            game = catalog.game(game_name)
            plays = catalog.players.get(name).plays(game.name)
            play_briefly(
                game, session.lexicon_of(game), [spec if plays else DEFAULT_PLAYER], catalog
            )

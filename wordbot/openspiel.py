"""Every game of the registry as an OpenSpiel game: importing this module registers each
one with pyspiel as ``python_wordbot_<game>`` (``pip install 'wordbot[openspiel]'``).

>>> import pyspiel
>>> import wordbot.openspiel
>>> game = pyspiel.load_game("python_wordbot_crosswords", {"turn_limit": 3})
>>> state = game.new_initial_state()
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'write CALL 4,0 down')
>>> game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
True

**Parameters.** Every rule option of docs/rules/ is a game parameter: a boolean or an
integer one as such, any other as its ``--rule`` text ("" = the default). Besides them:
``players`` (seats), ``seed`` (the deal: a loaded game deals the same game every time;
load another seed for another deal), ``lexicon`` (a word list file, "" = the bundled
one), ``max_actions`` (the action space, 0 = the game's action bound) and
``max_game_length`` (actions before a game is cut as a draw).

**Actions.** An action id is the index of the move in the game's own legal move list:
the same move has the same id in every state with the same information state, and
``num_distinct_actions`` bounds every id (see :mod:`wordbot.spaces` for why, and for the
bounds). ``action_to_string`` is the move's notation of docs/formats.md.

**Chance and information.** Every game is ``DETERMINISTIC`` for OpenSpiel: its draws
and shuffles come from the state's generator, seeded by the ``seed`` parameter, so the
parameters and the actions fix every state and a replayed history is the same game
(serialization replays it). What chance will do is part of the position, hidden from
the players: a game with hidden information (``Game.hidden_information``: Control
Word's racks, bags and draws to come, First Draft's bag and deck order) is
``IMPERFECT_INFORMATION``, and ``resample_from_infostate`` is ``determinize``: the
hidden tiles and the future draws sampled afresh, so ISMCTS never peeks. Explicit chance
nodes would need every draw as an OpenSpiel outcome, which the game interface keeps
inside ``apply``; ``SAMPLED_STOCHASTIC`` would need the game object's RNG state, which a
Python game cannot serialize. RouteWords and Cross words combat have no chance after
the deal and nothing hidden: ``PERFECT_INFORMATION``.

**Observations.** The observation string is the viewer's position JSON as
``observation(viewer)`` gives it (sorted keys); the information state string adds the
number of actions so far (two positions a player cannot tell apart but at different
move counts are different information states; it is not a full history: a move's
notation could show what the position hides). Tensors are the game's observation
tensor's pieces (:func:`wordbot.engine.tensor.observation_tensor`), flattened in order;
both views hold only what the player may see.

**Results.** See :mod:`wordbot.spaces`: win 1, draw 0, loss -1, zero-sum.

OpenSpiel's C++ ``ISMCTSBot`` cannot call a Python game's ``resample_from_infostate``;
use the Python one, ``open_spiel.python.algorithms.ismcts.ISMCTSBot``. ``MCTSBot`` (C++
or Python) plays the perfect-information games.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any, NamedTuple

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError(
        f"wordbot.openspiel needs OpenSpiel: pip install 'wordbot[openspiel]' ({exc})"
    ) from None

from wordbot.engine.games import GAMES, get_game
from wordbot.engine.state import GameState
from wordbot.spaces import MAX_GAME_LENGTH, Table, rule_texts

PREFIX = "python_wordbot_"
_EXTRA = {
    "players": 0,
    "seed": 0,
    "lexicon": "",
    "max_actions": 0,
    "max_game_length": MAX_GAME_LENGTH,
}


def short_name(game: str) -> str:
    """The OpenSpiel name of a wordbot game.

    >>> short_name("routewords")
    'python_wordbot_routewords'
    """
    return PREFIX + game


def parameter_specification(game: str) -> dict[str, Any]:
    """The game's parameters and their defaults (see the module docstring).

    >>> parameter_specification("crosswords")
    {'turn_limit': 30, 'start_gap': 4, 'players': 2, 'seed': 0, 'lexicon': '', 'max_actions': 0, 'max_game_length': 2000}
    """
    g = get_game(game)
    spec: dict[str, Any] = {}
    for name, default in g.Rules().to_json().items():
        option = g.Rules.OPTIONS[name]
        plain_int = option.kind == "int" and not option.special
        if isinstance(default, bool) or (isinstance(default, int) and plain_int):
            spec[name] = default
        else:
            spec[name] = ""
    return {**spec, **_EXTRA, "players": len(g.default_players)}


def table_of(game: str, params: dict[str, Any]) -> Table:
    """The :class:`~wordbot.spaces.Table` of OpenSpiel game parameters."""
    spec = parameter_specification(game)
    rules = {k: v for k, v in params.items() if k not in _EXTRA and k in spec}
    extra = {k: params.get(k, spec[k]) for k in _EXTRA}
    return Table(game, rule_texts(rules), **extra)


@functools.cache
def game_type(game: str) -> pyspiel.GameType:
    """The OpenSpiel GameType of a wordbot game."""
    g = get_game(game)
    GT = pyspiel.GameType
    return GT(
        short_name=short_name(game),
        long_name=f"wordbot {g.title}",
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.DETERMINISTIC,
        information=(
            GT.Information.IMPERFECT_INFORMATION
            if g.hidden_information
            else GT.Information.PERFECT_INFORMATION
        ),
        utility=GT.Utility.ZERO_SUM,
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


class WordbotGame(pyspiel.Game):
    """A wordbot game as a pyspiel game (made by ``pyspiel.load_game``); one subclass
    per game names it in ``GAME`` (see :func:`register`)."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None, table: Table | None = None):
        game = self.GAME
        self.table = table or table_of(game, dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.bound,
            max_chance_outcomes=0,
            num_players=len(self.table.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.table.max_game_length or MAX_GAME_LENGTH,
        )
        super().__init__(game_type(game), info, dict(params or {}))

    def new_initial_state(self) -> WordbotState:
        return WordbotState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.table, recall)


class _Now(NamedTuple):
    """Where a wrapped game stands: the wordbot state, the moves since the deal (JSON;
    None for a resampled state) and the number of actions. Immutable: OpenSpiel's
    clone shares it (``__deepcopy__``), its pickle replays the moves."""

    state: GameState
    moves: tuple[Any, ...] | None
    actions: int

    def __deepcopy__(self, _memo: Any) -> _Now:
        return self

    def __reduce__(self) -> Any:
        if self.moves is not None:
            return (_Pending, (self.moves, None, 0, self.actions))
        return (_Pending, (None, self.state.to_json(), self.state.seed, self.actions))


class _Pending(NamedTuple):
    """A deserialized :class:`_Now` before its state is rebuilt (it needs the table)."""

    moves: tuple[Any, ...] | None
    position: Any
    seed: int
    actions: int

    def resolve(self, table: Table) -> _Now:
        if self.moves is None:
            state = table.game.from_json(self.position, table.word_list(), self.seed)
            return _Now(state, None, self.actions)
        state = table.initial()
        for move in self.moves:
            state = state.apply(state.move_from_json(move))
        return _Now(state, self.moves, self.actions)


class WordbotState(pyspiel.State):
    """A position of a wrapped game; :attr:`wordbot_state` is the wordbot state."""

    def __init__(self, game: WordbotGame, now: _Now | None = None):
        super().__init__(game)
        self._table = game.table
        self._now: _Now | _Pending = now or _Now(self._table.initial(), (), 0)

    def _current(self) -> _Now:
        now = self._now
        if isinstance(now, _Pending):
            now = self._now = now.resolve(self._table)
        return now

    @property
    def wordbot_state(self) -> GameState:
        """The position as a wordbot :class:`~wordbot.engine.state.GameState`."""
        return self._current().state

    @property
    def table(self) -> Table:
        return self._table

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.wordbot_state.seat

    def is_terminal(self) -> bool:
        now = self._current()
        return now.state.is_over or self._table.cut(now.actions)

    def _legal_actions(self, player: int) -> list[int]:
        return self._table.legal_ids(self.wordbot_state)

    def _apply_action(self, action: int) -> None:
        now = self._current()
        move = self._table.move(now.state, action)
        moves = None if now.moves is None else (*now.moves, move.to_json())
        self._now = _Now(now.state.apply(move, check=False), moves, now.actions + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.wordbot_state
        return state.notation(self._table.move(state, action))

    def returns(self) -> list[float]:
        return self._table.returns(self.wordbot_state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one: ``determinize`` seeded from
        the sampler's next number."""
        now = self._current()
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = now.state.determinize(now.state.players[player_id], rng)
        clone = self.clone()
        clone._now = _Now(sample, None, now.actions)
        return clone

    def __str__(self) -> str:
        return json.dumps(self.wordbot_state.to_json(), sort_keys=True)


def wrap(state: GameState) -> WordbotState:
    """A wordbot position as an OpenSpiel state, in a game of the position's rules,
    seats and word list: what one of OpenSpiel's bots is asked to move in (see
    :mod:`wordbot.openspiel_players`). Its actions are counted from here.

    >>> from wordbot.engine import get_game
    >>> position = get_game("crosswords").new(seed=2, rules=get_game("crosswords").rules(["turn_limit=5"]))
    >>> wrapped = wrap(position)
    >>> wrapped.wordbot_state is position, wrapped.table.rules, wrapped.current_player()
    (True, ('turn_limit=5',), 0)
    """
    name = state.game.name
    n = len(state.players)
    lexicon = state.lexicon if state.lexicon is not None else ""
    table = Table(name, state.rules.texts(), n, state.seed, lexicon)
    game = GAME_CLASSES[name]({"players": n}, table)  # a deal seed may not fit a C++ int
    return WordbotState(game, _Now(state, None, 0))


class Observer:
    """OpenSpiel's Python observer of a wrapped game: ``tensor`` (flat float32) with the
    game's named pieces as views in ``dict``."""

    def __init__(self, table: Table, perfect_recall: bool):
        self.table = table
        self.perfect_recall = perfect_recall
        start = table.initial()
        shapes = {k: v.shape for k, v in table.tensor(start, start.players[0]).items()}
        self.tensor = np.zeros(sum(int(np.prod(s)) for s in shapes.values()), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in shapes.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: WordbotState, player: int) -> None:
        ws = state.wordbot_state
        for name, value in self.table.tensor(ws, ws.players[player]).items():
            self.dict[name][...] = value

    def string_from(self, state: WordbotState, player: int) -> str:
        ws = state.wordbot_state
        viewer = ws.players[player]
        shown = json.dumps(ws.observation(viewer), sort_keys=True)
        if self.perfect_recall:
            return f"{viewer} after {state._current().actions} actions\n{shown}"
        return f"{viewer}\n{shown}"


#: the class registered for each game. pyspiel keeps its creators until the process
#: ends, after the interpreter is gone: a creator that is a class held here is never
#: freed then (a freed one, a functools.partial say, aborts the exit)
GAME_CLASSES: dict[str, type[WordbotGame]] = {}


def register(game: str) -> None:
    """Register one wordbot game with pyspiel (a game already registered is left as
    it is). Importing this module registers every game of the registry."""
    name = short_name(game)
    if name in {t.short_name for t in pyspiel.registered_games()}:
        return
    cls = type(f"WordbotGame_{game}", (WordbotGame,), {"GAME": game})
    GAME_CLASSES[game] = cls
    pyspiel.register_game(game_type(game), cls)


for _name in GAMES.names():
    register(_name)
